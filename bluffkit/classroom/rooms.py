"""Rooms: one game each, its engine, its seats and its durable log (SQLite).

The log is the truth. Every room, seat, move (chance outcomes included) and result is written
to SQLite, one transaction per move, before anything is acknowledged or sent; recovery after a
crash is "replay the log through the engine" (:meth:`Hub.recover`). The file is in WAL mode;
with ``sync="normal"`` (the default) a committed move survives the server process being killed
(SIGKILL) or crashing, as the tests check; ``sync="full"`` also survives the machine losing power,
at the cost of a disk flush per write. The server writes in a thread of its own
(:class:`GroupWriter`, one transaction for all the moves waiting), so the flushes hold up neither
the event loop nor each other: with 60 clients on 15 tables, p99 move → every view updated
19 ms with ``full``, 17 ms with ``normal`` (``benchmarks/classroom_load.py --think 0.1``).

Chance is drawn from the room's seed and the move's place in the log only
(``numpy.random.default_rng([seed, index])``), so a seeded room with bots in every seat plays
the same game move for move, and a game resumed after a restart goes on exactly as it would
have. Seeds, dice and cards stay here: what leaves a room for a seat is
:meth:`Room.view_for` (the engine's ``observation(seat)``).

>>> hub = Hub(":memory:")
>>> room = hub.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=3)
>>> seat, token = hub.join(room.code, "Ana")
>>> (seat, room.state.is_chance_node(), len(room.moves) > 0)
(0, False, True)
"""

from __future__ import annotations

import concurrent.futures
import csv
import hashlib
import io
import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ..core import BluffkitError, sample
from ..core.i18n import _
from ..games import find_game
from .protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError
from .rules import make_rules

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL,
    rules TEXT NOT NULL, seed INTEGER NOT NULL, bot_after REAL NOT NULL,
    opened REAL NOT NULL, closed REAL);
CREATE TABLE IF NOT EXISTS seats (code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE, joined REAL NOT NULL, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, idx INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, by TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (code, idx));
CREATE TABLE IF NOT EXISTS results (code TEXT PRIMARY KEY, returns TEXT NOT NULL,
    ended REAL NOT NULL);
"""

CHANCE_SEAT = -1


def token_hash(token: str) -> str:
    """Tokens are kept hashed: the file alone does not let anyone take a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def plain(obj: Any) -> Any:
    """``json.dumps(..., default=plain)``: fractions as ``"1/3"``, numpy integers as ints."""
    if isinstance(obj, Fraction):
        return str(obj)
    if isinstance(obj, np.integer):
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
        rng = np.random.default_rng([self.seed, len(self.moves) if index is None else index])
        return sample(state.chance_outcomes(), rng)

    def bot_action(self, seat: int):
        """What the bot would play at ``seat`` now (deterministic for a seed and a log)."""
        rng = np.random.default_rng([self.seed, len(self.moves), 1])
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


@dataclass
class Pending:
    """A move checked and played in memory (with the chance moves after it), not yet written:
    the SQL to write, the state after it and the log entries to add."""

    code: str
    statements: list
    state: Any
    moves: list


class GroupWriter:
    """One thread that writes the moves of every room (group commit): the moves waiting when
    it is free go to disk in one transaction, so one disk flush (``sync="full"``) serves them
    all instead of each waiting for the flushes of all those before it. ``submit(pending)``
    returns a future, done once the move is on disk (or failed: nothing of it written)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.queue: list = []
        self.ready = threading.Condition()
        self.stopped = False
        self.thread = threading.Thread(target=self._run, daemon=True,
                                       name="bluffkit-classroom-writer")
        self.thread.start()

    def submit(self, pending: Pending) -> concurrent.futures.Future:
        done: concurrent.futures.Future = concurrent.futures.Future()
        with self.ready:
            if self.stopped:
                raise ProtocolError("server_error", _("the server is stopping"))
            self.queue.append((pending, done))
            self.ready.notify()
        return done

    def _run(self) -> None:
        while True:
            with self.ready:
                while not self.queue and not self.stopped:
                    self.ready.wait()
                batch, self.queue = self.queue, []
            if not batch:
                return
            try:
                self.hub._write(*(st for pending, _done in batch for st in pending.statements))
            except Exception:  # one bad move must not sink the others: each on its own
                for pending, done in batch:
                    try:
                        self.hub.write(pending)
                    except Exception as e:
                        done.set_exception(e)
                    else:
                        done.set_result(None)
                continue
            for _item, done in batch:
                done.set_result(None)

    def stop(self) -> None:
        """Write what is waiting, then end the thread."""
        with self.ready:
            self.stopped = True
            self.ready.notify()
        self.thread.join(30)


class Hub:
    """Every room, on top of one SQLite file (``":memory:"`` for doctests)."""

    def __init__(self, path: str, bot_after: float = 30.0, clock=time.time,
                 sync: str = "normal"):
        if sync not in ("normal", "full"):
            raise ProtocolError("bad_message", _("sync must be 'normal' or 'full', got {sync}",
                                                 sync=repr(sync)))
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={sync.upper()}")
        self.db.executescript(SCHEMA)
        self._writing = threading.Lock()
        self.bot_after = bot_after
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, tuple[str, int]] = {}
        self.broken: dict[str, str] = {}

    # -- writing ------------------------------------------------------------------------------
    def _write(self, *statements: tuple[str, tuple]) -> None:
        """One transaction: all of ``statements`` are on disk, or none. Any thread may write;
        one at a time (the connection is shared)."""
        with self._writing:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _char in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    # -- rooms ---------------------------------------------------------------------------------
    def open_room(self, game: str, rules: dict | None = None, seed: int | None = None,
                  bot_after: float | None = None) -> Room:
        """Open a room (written at once), deal, and return it.

        Raises:
            ProtocolError: ``bad_rules`` for an unknown game or impossible rules options.
        """
        try:
            info = find_game(game)
        except BluffkitError as e:
            raise ProtocolError("bad_rules", str(e)) from None
        r = make_rules(info, rules or {})
        room = Room(self._new_code(), info, r, secrets.randbits(63) if seed is None else seed,
                    self.bot_after if bot_after is None else float(bot_after), self.clock())
        room.state = info.new_game(r)
        room.seats = [Seat() for _seat in range(r.players)]
        self._write(("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, NULL)",
                     (room.code, info.name, json.dumps(jsonable(r.to_json())), room.seed,
                      room.bot_after, room.opened)))
        self.rooms[room.code] = room
        self.run_chance(room)
        return room

    def room(self, code: str) -> Room:
        if code not in self.rooms:
            raise ProtocolError("no_room", _("there is no room {code}: check the code on the board",
                                             code=code))
        return self.rooms[code]

    def close_room(self, code: str) -> Room:
        room = self.room(code)
        if room.closed is None:
            now = self.clock()
            self._write(("UPDATE rooms SET closed = ? WHERE code = ?", (now, code)))
            room.closed = now
        return room

    # -- seats ---------------------------------------------------------------------------------
    def join(self, code: str, name: str, known: bool = False) -> tuple[int, str]:
        """Take the lowest free seat; returns ``(seat, token)``. With ``known`` (the name is
        vouched for, by the class hub), someone already seated under that name gets their seat
        back with a new token (their old token stops working): one person, one seat."""
        room = self.room(code)
        if room.closed is not None:
            raise ProtocolError("room_closed", _("room {code} is closed", code=code))
        token = secrets.token_urlsafe(18)
        h = token_hash(token)
        mine = [p for p, s in enumerate(room.seats) if known and s.name == name and s.token_hash]
        if mine:
            seat = mine[0]
            self._write(("UPDATE seats SET token_hash = ? WHERE code = ? AND seat = ?",
                         (h, code, seat)))
        else:
            free = [p for p, s in enumerate(room.seats) if s.token_hash is None]
            if not free:
                raise ProtocolError("room_full", _("room {code} is full ({players} players)",
                                                   code=code, players=room.players))
            seat = free[0]
            self._write(("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                         (code, seat, name, h, self.clock())))
        old = room.seats[seat]
        self.tokens.pop(old.token_hash, None)  # a seat taken again: its old token is void
        room.seats[seat] = Seat(name, h, old.online)
        self.tokens[h] = (code, seat)
        return seat, token

    def seat_of(self, token: str) -> tuple[Room, int]:
        where = self.tokens.get(token_hash(token))
        if where is None:
            raise ProtocolError("bad_token", _("this seat token is unknown: join the room again "
                                               "with its code"))
        return self.rooms[where[0]], where[1]

    # -- moves ---------------------------------------------------------------------------------
    def prepare(self, room: Room, seat: int, text: str, at: int | None = None,
                by: str = "player") -> Pending:
        """Check ``text`` for ``seat`` with the engine and play it, then chance, in memory
        only: the room is unchanged until :meth:`commit`, after :meth:`write`.

        Raises:
            ProtocolError: what forbids the move; nothing changed.
        """
        self.check_move(room, seat, at)
        pending = Pending(room.code, [], room.state, [])
        try:
            self._plan(room, pending, seat, room.find_action(room.state, text), by)
        except ProtocolError:
            raise
        except (BluffkitError, ValueError) as e:
            raise ProtocolError("illegal", str(e)) from None
        self._plan_chance(room, pending)
        return pending

    def _plan(self, room: Room, pending: Pending, seat: int, action, by: str) -> None:
        after = pending.state.apply(action)  # IllegalAction: nothing planned
        now, text = self.clock(), str(action)
        pending.statements.append(("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)",
                                   (room.code, len(room.moves) + len(pending.moves), seat, text,
                                    by, now)))
        if after.is_terminal():
            pending.statements.append(("INSERT INTO results VALUES (?, ?, ?)",
                                       (room.code, json.dumps(jsonable(after.returns())), now)))
        pending.state = after
        pending.moves.append((seat, text, by, now))

    def _plan_chance(self, room: Room, pending: Pending) -> None:
        while pending.state.is_chance_node() and not pending.state.is_terminal():
            index = len(room.moves) + len(pending.moves)
            self._plan(room, pending, CHANCE_SEAT, room.chance_action(pending.state, index),
                       "chance")

    def write(self, pending: Pending) -> None:
        """Write a prepared move and its chance moves: one transaction (any thread)."""
        self._write(*pending.statements)

    def commit(self, room: Room, pending: Pending) -> int:
        """Make a written move the room's state; returns the log length."""
        room.moves.extend(pending.moves)
        room.state = pending.state
        return len(room.moves)

    def run_chance(self, room: Room) -> None:
        """Play chance (from the seed) until a player is to move or the game is over."""
        pending = Pending(room.code, [], room.state, [])
        self._plan_chance(room, pending)
        if pending.moves:
            self.write(pending)
            self.commit(room, pending)

    def check_move(self, room: Room, seat: int, at: int | None = None) -> None:
        """Refuse a move by ``seat`` now: closed room, game over, stale view, not its turn."""
        if room.closed is not None:
            raise ProtocolError("room_closed", _("room {code} is closed: no more moves",
                                                 code=room.code))
        if room.over():
            raise ProtocolError("game_over", _("the game is over: no more moves"))
        if at is not None and at != len(room.moves):
            raise ProtocolError("stale", _("your view is out of date (move {at}, the game is at "
                                           "move {moves}): look again and choose",
                                           at=at, moves=len(room.moves)))
        p = room.to_move()
        if p != seat:
            raise ProtocolError("not_your_turn", _("it is not your turn: player {value} is to move",
                                                   value=p + 1))

    def play(self, room: Room, seat: int, text: str, at: int | None = None,
             by: str = "player") -> int:
        """Play ``text`` for ``seat`` (checked by the engine), then chance; returns the log
        length. Written to disk before this returns (the server does the same in three steps,
        the writing in a thread: :meth:`prepare`, :meth:`write`, :meth:`commit`).

        Raises:
            ProtocolError: what forbids the move; nothing changed.
        """
        pending = self.prepare(room, seat, text, at, by)
        self.write(pending)
        return self.commit(room, pending)

    # -- recovery ------------------------------------------------------------------------------
    def recover(self) -> list[str]:
        """Load every room from the file and replay its log through the engine.

        Returns the codes of rooms whose log the engine refuses (kept out of play, named in
        ``broken`` with the reason). Chance the log ends on is drawn as usual afterwards.
        """
        bad = []
        for code, game, rules, seed, bot_after, opened, closed in self.db.execute(
                "SELECT * FROM rooms ORDER BY opened"):
            try:
                info = find_game(game)
                room = Room(code, info, make_rules(info, json.loads(rules)), seed, bot_after,
                            opened, closed=closed)
                room.state = info.new_game(room.rules)
                room.seats = [Seat() for _seat in range(room.players)]
                for seat, name, h in self.db.execute(
                        "SELECT seat, name, token_hash FROM seats WHERE code = ?", (code,)):
                    room.seats[seat] = Seat(name, h)
                    self.tokens[h] = (code, seat)
                for idx, seat, text, by, at in self.db.execute(
                        "SELECT idx, seat, action, by, at FROM moves WHERE code = ? ORDER BY idx",
                        (code,)):
                    if idx != len(room.moves) or seat != room.state.current_player():
                        raise ProtocolError("illegal", _("move {idx} is out of order", idx=idx))
                    room.state = room.state.apply(room.find_action(room.state, text))
                    room.moves.append((seat, text, by, at))
            except (BluffkitError, ValueError, KeyError, IndexError) as e:
                self.broken[code] = str(e)
                bad.append(code)
                continue
            self.rooms[code] = room
            if closed is None:
                self.run_chance(room)
        return bad

    # -- export --------------------------------------------------------------------------------
    def export(self, fmt: str = "json", code: str | None = None) -> str:
        """Every room (or one), its seats, moves and result, as JSON or CSV text."""
        rooms = [self.room(code)] if code else list(self.rooms.values())
        if fmt == "json":
            return json.dumps({"rooms": [r.full() for r in rooms]}, indent=1)
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["room", "game", "seed", "move", "seat", "name", "by", "action", "time"])
        for r in rooms:
            for i, (p, text, by, at) in enumerate(list(r.moves)):
                name = r.seats[p].name or "" if p >= 0 else ""
                w.writerow([r.code, r.info.name, r.seed, i, p, name, by, text, f"{at:.3f}"])
            if r.over():
                w.writerow([r.code, r.info.name, r.seed, len(r.moves), "", "", "result",
                            " ".join(str(x) for x in jsonable(r.state.returns())), ""])
        return out.getvalue()

    def close(self) -> None:
        with self._writing:  # after a write still running in a thread
            self.db.close()
