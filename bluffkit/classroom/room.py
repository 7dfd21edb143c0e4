"""A room: one game, its engine's state, its log in memory and its seats, and what leaves it
for each seat (:meth:`Room.view_for`: the engine's ``observation(seat)``, nothing more) and for
the teacher (:meth:`Room.summary`, :meth:`Room.full`). The rooms together, written to disk,
are :class:`~bluffkit.classroom.rooms.Hub`'s.

Chance is drawn from the room's seed and the move's place in the log only
(``make_rng((seed, index))``, numpy's ``default_rng([seed, index])``), so a seeded room with
bots in every seat plays the same game move for move, and a game resumed after a restart goes
on exactly as it would have.
"""

from __future__ import annotations

import hashlib
import json
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..core import make_rng, sample
from ..core.i18n import _
from .protocol import ProtocolError


def token_hash(token: str) -> str:
    """Tokens are kept hashed: the file alone does not let anyone take a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def plain(obj: Any) -> Any:
    """``json.dumps(..., default=plain)``: fractions as ``"1/3"``, numpy integers as ints."""
    if isinstance(obj, Fraction):
        return str(obj)
    if isinstance(obj, numbers.Integral):
        return int(obj)
    raise TypeError(_("{name} is not JSON", name=type(obj).__name__))


def to_text(obj: Any) -> str:
    """One frame as JSON text (tuples as lists, fractions as text)."""
    return json.dumps(obj, default=plain)


def jsonable(obj: Any) -> Any:
    """Plain JSON values (fractions as ``"1/3"``, tuples as lists)."""
    return json.loads(to_text(obj))


def default_bot(game: str):
    """The bot that plays an empty or dropped seat (a quick one: it answers in milliseconds)."""
    if game == "bluff":
        from ..bots.bluff import AdviceBot
        return AdviceBot()
    if game == "bluff-you":
        from ..bots.bluff_you import NaiveBot
        return NaiveBot()
    if game == "poker-dice":
        from ..bots.poker_dice import EquityBot
        return EquityBot()
    if game == "jungle-bluff":
        from ..bots.jungle_bluff import BeliefBot
        return BeliefBot()
    if game == "bungee":
        from ..bots.bungee import GreedyBot
        return GreedyBot()
    from ..core import RandomBot
    return RandomBot()


@dataclass
class Seat:
    name: str | None = None
    token_hash: str | None = None
    online: int = 0
    """Connections open for this seat (kept by the transport)."""


@dataclass
class Room:
    """One game: the engine's state, its log and its seats."""

    code: str
    info: Any
    rules: Any
    seed: int
    bot_after: float
    opened: float
    state: Any = None
    moves: list = field(default_factory=list)
    """``(seat, action text, by, time)`` for every move; seat -1 and by "chance" for chance."""
    seats: list = field(default_factory=list)
    closed: float | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    def over(self) -> bool:
        return self.state.is_terminal()

    def to_move(self) -> int:
        return self.state.current_player()

    def find_action(self, state, text: str):
        """The action ``text`` names in ``state`` (chance outcomes by their text)."""
        if state.is_chance_node():
            for a in state.legal_actions():
                if str(a) == text:
                    return a
            raise ProtocolError("illegal", _("{text} is not a chance outcome here",
                                             text=repr(text)))
        return self.info.parse_action(state, text)

    def chance_action(self, state=None, index: int | None = None):
        """Chance's move in ``state`` (default: now) as move ``index`` of the log: drawn from
        the seed and the index only."""
        state = self.state if state is None else state
        rng = make_rng((self.seed, len(self.moves) if index is None else index))
        return sample(state.chance_outcomes(), rng)

    def bot_action(self, seat: int):
        """What the bot would play at ``seat`` now (deterministic for a seed and a log)."""
        rng = make_rng((self.seed, len(self.moves), 1))
        return default_bot(self.info.name).choose(self.state.observation(seat),
                                                  self.state.legal_actions(), rng)

    def seats_json(self) -> list:
        return [{"name": s.name or "", "bot": s.token_hash is None or s.online == 0,
                 "online": s.online > 0} for s in self.seats]

    def view_for(self, seat: int) -> dict:
        """The ``view`` frame for ``seat``: its observation and its moves, nothing else (to send
        with :func:`to_text`)."""
        s = self.state
        mine = not s.is_terminal() and s.current_player() == seat and self.closed is None
        out = {"type": "view", "code": self.code, "seat": seat, "moves": len(self.moves),
               "to_move": s.current_player(), "legal": [str(a) for a in s.legal_actions()]
               if mine else [], "over": s.is_terminal(), "closed": self.closed is not None,
               "seats": self.seats_json(), "view": s.observation(seat).to_json()}
        if s.is_terminal():
            out["returns"] = jsonable(s.returns())
        return out

    def summary(self) -> dict:
        s = self.state
        return {"code": self.code, "game": self.info.name, "title": str(self.info.title),
                "players": self.players, "seats": self.seats_json(), "moves": len(self.moves),
                "to_move": s.current_player(), "over": s.is_terminal(),
                "closed": self.closed is not None,
                "returns": jsonable(s.returns()) if s.is_terminal() else None}

    def full(self) -> dict:
        """Everything, for the teacher: the state with every hand and the whole log."""
        return {**self.summary(), "rules": jsonable(self.rules.to_json()), "seed": self.seed,
                "state": jsonable(self.state.to_json()),
                "log": [[p, a, by] for p, a, by, _time in list(self.moves)],
                "names": [s.name or "" for s in self.seats]}


__all__ = ["Room", "Seat", "default_bot", "jsonable", "to_text", "token_hash"]
