"""The state API every game follows (after OpenSpiel's ``State``), plus action ordering.

A state is an immutable value. At a chance node ``chance_outcomes()`` lists
``(outcome, Fraction)`` pairs summing to exactly 1 and ``legal_actions()`` lists the outcomes;
at a decision node ``current_player()`` is the player to move. ``apply(action)`` checks legality
and returns a new state; the input is never changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import total_ordering
from operator import attrgetter
from typing import Any, ClassVar, Protocol, runtime_checkable

from .codec import Codec

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -2
"""``current_player()`` once the game is over."""


@total_ordering
class Action:
    """Base of every action and chance outcome: readable text and a total order.

    Subclasses are frozen dataclasses that define ``sort_key()`` (:func:`action` writes the
    usual one); actions of different classes in one game compare through it, so
    ``legal_actions()`` can always be sorted.
    """

    def sort_key(self) -> tuple:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def to_json(self) -> str:
        """Actions serialize as their text form."""
        return str(self)


def action(rank: int):
    """Class decorator: a frozen dataclass of ``Action`` whose ``sort_key()`` is ``(rank, its
    fields in order)``, ``rank`` placing this kind of action among its game's kinds.

    >>> @action(1)
    ... class Take(Action):
    ...     card: int
    ...     count: int = 1
    >>> Take(3).sort_key(), sorted([Take(3), Take(2, 2)])
    ((1, 3, 1), [Take(card=2, count=2), Take(card=3, count=1)])
    """
    def make(cls: type) -> type:
        if "sort_key" in vars(cls):
            raise TypeError(f"{cls.__name__} has its own sort_key(): use @dataclass(frozen=True)")
        cls = dataclass(frozen=True)(cls)
        names = [f.name for f in fields(cls)]
        values = attrgetter(*names) if names else None
        if not names:
            cls.sort_key = lambda self: (rank,)
        elif len(names) == 1:
            cls.sort_key = lambda self: (rank, values(self))
        else:
            cls.sort_key = lambda self: (rank, *values(self))
        return cls
    return make


@runtime_checkable
class State(Protocol):
    """What every game state offers (STYLE.md example 2)."""

    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list: ...
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]: ...
    def apply(self, action) -> State: ...
    def returns(self) -> tuple: ...
    def observation(self, player: int) -> Any: ...
    def to_json(self) -> dict: ...


@dataclass(frozen=True)
class GameInfo:
    """A registered game: how to build, load and read it.

    Attributes:
        codec: the game's saved state (:class:`~bluffkit.core.codec.Codec`): its name, its
            state and rules types, JSON both ways, observations read back.
        title: display title.
        parse_action: ``(state, text) -> action`` for text such as ``"7x3"``.
        describe: ``state -> str``, a few lines a person can read (``str(state)``).
        conserved: ``state -> int`` a quantity no action may change (dice, cards, chips);
            ``None`` when the game has none.
        summary: one line saying how the game is played.
        variants: a few rules instances besides the defaults (small games, options switched
            on) that the conformance test also plays.
    """

    codec: Codec
    title: str
    parse_action: Any
    describe: Any
    conserved: Any = None
    summary: str = ""
    variants: tuple = ()

    @property
    def name(self) -> str:
        """Command-line name, e.g. ``"bluff-you"``."""
        return self.codec.game

    @property
    def rules_type(self) -> type:
        """The game's frozen rules dataclass (its defaults are the standard game)."""
        return self.codec.rules_type

    @property
    def new_game(self):
        """``rules -> initial state`` (a chance node or the first decision)."""
        return self.codec.state_type.new

    @property
    def state_from_json(self):
        """``dict -> state``, rejecting corrupt or impossible states."""
        return self.codec.from_json

    @property
    def replay(self):
        """``state -> [(state before, action), ...]``: every step of the game from its start to
        ``state``, chance included (:meth:`~bluffkit.core.codec.Codec.replay`)."""
        return self.codec.replay

    @property
    def observation_from_json(self):
        """``(dict, rules) -> observation``, the inverse of ``Observation.to_json()`` (a
        classroom client reads its seat's views with it)."""
        return self.codec.observation_from_json

    def legal_text(self, state: State) -> Sequence[str]:
        return [str(a) for a in state.legal_actions()]


_BY_STATE: dict[type, GameInfo] = {}


def register_state(info: GameInfo) -> GameInfo:
    """Make ``info`` the game of its state type: the state's text and JSON methods
    (:class:`GameState`) are then ``info``'s. A game's package does this when imported."""
    _BY_STATE[info.codec.state_type] = info
    return info


def game_of(state) -> GameInfo:
    """The registered game of a state (or of a state type)."""
    return _BY_STATE[state if isinstance(state, type) else type(state)]


class GameState:
    """Base of every game's state: its text and JSON, which are its game's.

    A game's engine (``state.py``) sits below the modules that read and write its text and
    JSON (``text.py``, ``serial.py``, which play moves through the engine), so it does not
    import them: these methods ask the :class:`GameInfo` the game's package registers
    (:func:`register_state`), and the imports point one way.

    Every game's state holds ``phase`` (``"over"`` once the game has ended) and ``to_move``;
    whose turn it is follows from them and the game's ``CHANCE_PHASES`` (a game where someone
    other than ``to_move`` may act writes its own :meth:`current_player`).
    """

    __slots__ = ()

    CHANCE_PHASES: ClassVar[tuple[str, ...]] = ()
    """The phases in which chance moves (a roll, a deal, a draw)."""

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase in self.CHANCE_PHASES else self.to_move

    def is_chance_node(self) -> bool:
        return self.phase in self.CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def parse_action(self, text: str) -> Action:
        """Read an action typed for this state (``7x3``, ``take 10``, ``call``…)."""
        return game_of(self).parse_action(self, text)

    def to_json(self) -> dict:
        return game_of(self).codec.to_json(self)

    @classmethod
    def from_json(cls, data: dict):
        return game_of(cls).codec.from_json(data)

    def __str__(self) -> str:
        return game_of(self).describe(self)
