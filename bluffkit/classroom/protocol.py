"""The classroom protocol: JSON text frames over one WebSocket per player (or teacher).

Every frame is one JSON object with a ``"type"``. A request may carry an ``"id"`` (a whole
number, or text of at most 40 characters); the reply to it (``ack``, ``error``, ``joined``,
``opened`` ...) carries the same ``"id"``, so a client can wait for the answer to its own
request. ``view``, ``closed``, ``revealed`` and ``update`` frames are pushed without an id.

The server is authoritative (boardgame.io's ``playerView``): the dice, cards and seed of a room
never leave it. A seat receives only ``state.observation(seat)`` serialised, plus the legal
moves when it is that seat's turn.

Student requests
----------------
``{"type": "join", "code": "K7QPM", "name": "Ana"}``
    Take the lowest free seat of a room. Reply ``joined`` (below), then a ``view``.
``{"type": "join", "code": "K7QPM", "hub_token": "..."}``
    Inside a JupyterHub (``bluffkit serve --hub``): the student's own hub token in place of a
    name; the server asks the hub who it is and seats them under their hub name (a ``name``
    sent along is ignored). A server run with ``--hub`` refuses typed names.
``{"type": "rejoin", "token": "..."}``
    Come back to one's seat (after a dropped connection or a server restart). Reply ``joined``
    and the current ``view``.
``{"type": "move", "action": "7x3", "at": 12}``
    Play a move, in the game's own text (``legal`` in the view lists them). ``at`` (optional,
    recommended) is the ``moves`` count of the view the move answers: a move sent twice, or
    answering a view that is out of date, is refused (``stale``) instead of being played twice.
    Reply ``ack`` once the move is written to the server's log, then a ``view`` to every seat.
``{"type": "view"}``
    Send my current view again.
``{"type": "results", "records": [...], "hub_token": "..."}``
    A student's kernel sends the records of its ``check()`` answers (``core.records``; at most
    ``MAX_RESULTS`` characters in all, this request only). Each is written to the server's
    file before the reply ``ack`` (with ``stored``: how many were new; a record sent again is
    kept once). On a hub (``--hub``) the hub token is required and every record must be under
    the hub name of its owner (``not_yours`` otherwise).

Teacher requests (after ``{"type": "teacher", "token": "..."}``, or with ``"hub_token"`` from a
hub admin or a member of the teachers' group; reply ``teacher`` with ``bot_after``, the seconds
a room waits before a bot plays unless opened with its own)
---------------------------------------------------------------------------------------
``{"type": "open", "game": "bluff", "rules": {"players": 3}, "seed": 7, "bot_after": 20}``
    Open a room: any registered game, its rules options (the fields of its rules, e.g.
    ``BluffRules``), an optional seed (same seed, same dice and bot moves), and how many
    seconds an empty or dropped seat waits before a bot plays it. Reply ``opened`` with ``code``.
``{"type": "close", "code": "K7QPM"}``
    Close a room: no more moves; its seats get ``closed``. Reply ``ack``.
``{"type": "tables"}``
    Reply ``tables``: every room's summary (game, seats and names, whose turn, moves, result).
``{"type": "table", "code": "K7QPM"}``
    Reply ``table``: the room's summary, its rules and seed, the whole state (every hand) and
    its ``log`` (every move as ``[seat, action, by]``, seat -1 for chance), for the teacher.
``{"type": "reveal", "code": "K7QPM"}``
    Once a game is over (or its room closed): every seat of the room gets ``revealed`` with
    the ``log`` (every move, dice rolls and deals included) and the final ``state``. The
    rules' own reveals during play (a challenge shows the dice) are already in the views.
    Reply ``ack``.
``{"type": "export", "format": "csv"}`` (or ``"json"``; optional ``"code"`` for one room)
    Reply ``export`` with ``data``: every room, move and result. With ``"answers"``, ``data``
    is every answer the students' kernels sent, one results record a line (a file
    ``bluffkit results collect`` reads).
``{"type": "watch"}``
    Reply ``tables``; then receive an ``update`` (one room's summary, in ``table``) after every
    change of any room, and a ``progress`` frame after answers arrive.
``{"type": "progress"}``
    Reply ``progress``: ``questions``, a row per exercise set, mode and question answered
    (``set``, ``mode``, ``question``, ``title``, ``students`` who answered, ``correct``: those
    whose last answer is right, ``null`` in an exam; ``answers`` in all), and ``students``.

Server frames
-------------
``joined``: ``code``, ``seat``, ``token`` (keep it: it is the only way back to the seat),
    ``game``, ``title``, ``players``, ``rules`` (the room's rules options, public).
``view``: ``code``, ``seat``, ``moves`` (length of the room's log), ``to_move`` (a seat, -1
    chance, -2 over), ``legal`` (this seat's moves, empty when it is not its turn), ``over``,
    ``returns`` (when over), ``closed``, ``seats`` (per seat: ``name``, ``""`` before anyone
    joined; ``online``; ``bot``: nobody is connected, so a bot plays its turns after the room's
    ``bot_after`` seconds) and ``view`` (the observation as JSON: the game's
    ``Observation.to_json()``). A view replaces the previous one: a client that reads slowly
    gets the newest view, not every one in between.
``ack``: ``moves`` (the log length after the request; chance may have moved after a move),
    and for a move ``move``: its place in the log (counting from 0).
``error``: ``error`` (a short code, below) and ``message`` (a sentence for the student).
``closed``, ``revealed``, ``opened``, ``tables``, ``table``, ``update``, ``export``, ``teacher``.

Errors (``error`` field)
------------------------
``bad_json`` not a JSON object · ``too_long`` more than ``MAX_MESSAGE`` characters ·
``too_many`` over ``RATE`` messages a second (burst ``BURST``), or a join, rejoin or teacher
request from an address that made over ``GUESS_RATE`` wrong guesses a second (``GUESS_BURST``)
· ``bad_message`` a field is missing, unknown, of the wrong type or out of range (the message
names it) · ``unknown_type`` ·
``no_room`` · ``room_full`` · ``room_closed`` · ``bad_token`` · ``not_joined`` ·
``not_your_turn`` · ``illegal`` (the rules' reason) · ``stale`` · ``game_over`` ·
``not_teacher`` · ``hub_error`` (the class hub cannot be asked) · ``bad_rules`` ·
``not_over`` · ``not_yours`` (answers under another name than the hub's) · ``busy`` (your
last export is still being sent to you) · ``server_error`` (a
bug on the server's side, printed in its terminal; the connection stays open). Every other
error changes nothing on the server. An error carries the request's ``id`` when the frame was
JSON with a readable id (``too_many`` too: the client library sends such a request again a
little later).
Frames larger than ``MAX_FRAME`` bytes close the connection (WebSocket code 1009).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..core import BluffkitError
from ..core.checks import is_whole
from ..core.i18n import _
from ..core.records import is_record
from ..core.text import shorten

MAX_MESSAGE = 4096
"""The longest request, in characters, answered with an error frame (``too_long``)."""
MAX_FRAME = 65536
"""The longest frame the transport reads at all; a larger one closes the connection."""
RATE = 20.0
"""Requests a second a connection may send on average..."""
BURST = 40
"""... and at most this many at once."""
GUESS_RATE = 0.5
"""Wrong guesses a second one address may make on average (a join code no room has, a seat
token nobody holds, a wrong teacher token), over all its connections..."""
GUESS_BURST = 10
"""... and at most this many at once. Beyond, every join, rejoin and teacher request from
that address is refused (``too_many``) until the bucket refills, the right code too: a guess
is never checked. A class behind one address is held up only by its own wrong codes."""
MAX_RESULTS = 60_000
"""The longest ``results`` request, in characters (UTF-8 bytes, as the client counts, are
never fewer, so it also fits ``MAX_FRAME``)."""
MAX_NAME = 40
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes: no 0/O or 1/I to misread."""
CODE_LENGTH = 5
MAX_SEED = 2**63 - 1
MAX_BOT_AFTER = 3600.0

STUDENT_TYPES = ("join", "rejoin", "move", "view", "results")
TEACHER_TYPES = ("teacher", "open", "close", "tables", "table", "reveal", "export", "watch",
                 "progress")


class ProtocolError(BluffkitError, ValueError):
    """A request refused: ``error`` is the short code, the text a sentence for the sender."""

    def __init__(self, error: str, message: str):
        super().__init__(message)
        self.error = error
        self.message = message


@dataclass(frozen=True)
class Request:
    """A checked request: its ``type``, its ``id`` (or ``None``) and its fields."""

    type: str
    id: Any = None
    fields: dict = field(default_factory=dict)

    def __getitem__(self, key):
        return self.fields[key]

    def get(self, key, default=None):
        return self.fields.get(key, default)


def _bad(message: str) -> ProtocolError:
    return ProtocolError("bad_message", message)


def _text(d: dict, name: str, most: int, pattern: str | None = None, what: str = "") -> str:
    v = d.get(name)
    if not isinstance(v, str):
        raise _bad(_("{name} must be text{what}, got {got}", name=repr(name), what=what,
                     got=shorten(json.dumps(v))))
    v = v.strip()
    if not v or len(v) > most:
        raise _bad(_("{name} must be 1 to {most} characters{what}, got {got}", name=repr(name),
                     most=most, what=what, got=shorten(v)))
    if pattern and not re.fullmatch(pattern, v):
        raise _bad(_("{name} must be{what}, got {got}", name=repr(name), what=what,
                     got=shorten(v)))
    return v


def _whole(d: dict, name: str, low: int, high: int) -> int | None:
    v = d.get(name)
    if v is None:
        return None
    if not is_whole(v, low, high):
        raise _bad(_("{name} must be a whole number from {low} to {high}, got {got}",
                     name=repr(name), low=low, high=high, got=shorten(json.dumps(v))))
    return v


def _id(d: dict):
    v = d.get("id")
    if v is None:
        return None
    if isinstance(v, bool) or not (isinstance(v, int) and 0 <= v <= 2**53
                                   or isinstance(v, str) and len(v) <= 40):
        raise ProtocolError("bad_message", _("'id' must be a whole number or a text of at "
                                             "most 40 characters"))
    return v


def parse_request(text: Any) -> Request:
    """Check one frame and return the request it holds.

    Raises:
        ProtocolError: naming what is wrong (``bad_json``, ``too_long``, ``bad_message``,
            ``unknown_type``).

    >>> parse_request('{"type": "move", "action": " 7x3 ", "at": 4, "id": 1}')
    Request(type='move', id=1, fields={'action': '7x3', 'at': 4})
    >>> parse_request('{"type": "move", "action": 7}')
    Traceback (most recent call last):
    ...
    bluffkit.classroom.protocol.ProtocolError: 'action' must be text (a move such as 7x3), got '7'
    """
    if not isinstance(text, str):
        raise ProtocolError("bad_json", _("send text frames holding one JSON object, not "
                                          "binary"))
    if len(text) > MAX_RESULTS:
        raise _too_long(text, MAX_RESULTS)
    try:
        d = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", _("the message is not valid JSON: send one JSON "
                                          "object such as {example}",
                                          example='{"type": "view"}')) from None
    if not isinstance(d, dict):
        raise ProtocolError("bad_json", _("the message must be one JSON object such as "
                                          "{example}", example='{"type": "view"}'))
    kind = d.get("type")
    if len(text) > MAX_MESSAGE and kind != "results":
        raise _too_long(text, MAX_MESSAGE)
    if kind not in STUDENT_TYPES + TEACHER_TYPES:
        raise ProtocolError("unknown_type", _("unknown message type {kind}; the types are: "
                                              "{types}", kind=shorten(json.dumps(kind)),
                                              types=", ".join(STUDENT_TYPES + TEACHER_TYPES)))
    rid = _id(d)
    extra = sorted(set(d) - FIELDS[kind] - {"type", "id"})
    if extra:
        raise _bad(_("a {kind} message has no field {name}", kind=repr(kind),
                     name=shorten(extra[0]))
                   + (_(" (a move is always your own seat's)") if extra[0] == "seat" else "")
                   + (_("; its fields are: {fields}", fields=", ".join(sorted(FIELDS[kind])))
                      if FIELDS[kind] else ""))
    return Request(kind, rid, _READERS[kind](d))


def _too_long(text: str, most: int) -> ProtocolError:
    return ProtocolError("too_long", _("a message may be at most {most} characters; this one has "
                                       "{n}", most=most, n=len(text)))


def _no_constant(name: str):
    raise ValueError(name + " is not JSON")  # caught in parse_request


def _code(d: dict) -> str:
    v = d.get("code")
    if isinstance(v, str) and len(v) <= 20 and re.fullmatch(
            f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", v.strip().upper()):
        return v.strip().upper()
    raise _bad(_("the code must be a join code of {n} letters and digits such as K7QPM, got "
                 "{got}", n=CODE_LENGTH, got=shorten(json.dumps(v))))


def _token(d: dict) -> str:
    return _text(d, "token", 100, r"[A-Za-z0-9_\-]+", _(" (the token given when you joined)"))


def _hub_token(d: dict) -> str:
    return _text(d, "hub_token", 200, r"[A-Za-z0-9_\-]+", _(" (your JupyterHub token)"))


def _read_join(d):
    if d.get("hub_token") is not None:  # inside a JupyterHub: the hub says who it is
        return {"code": _code(d), "name": None, "hub_token": _hub_token(d)}
    name = _text(d, "name", MAX_NAME, what=_(" (your name)"))
    if not name.isprintable():
        raise _bad(_("your name must be printable text (no control characters)"))
    return {"code": _code(d), "name": name, "hub_token": None}


def _read_teacher(d):
    if d.get("hub_token") is not None:
        return {"token": None, "hub_token": _hub_token(d)}
    return {"token": _token(d), "hub_token": None}


def _read_move(d):
    action = _text(d, "action", 200, what=_(" (a move such as 7x3)"))
    return {"action": action, "at": _whole(d, "at", 0, 10**9)}


def _read_open(d):
    game = _text(d, "game", 40, what=_(" (a game such as bluff)"))
    rules = d.get("rules", {})
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise ProtocolError("bad_rules", _("'rules' must be an object of rules options such "
                                           "as {example}", example='{"players": 3}'))
    bot_after = d.get("bot_after")
    if bot_after is not None and (isinstance(bot_after, bool)
                                  or not isinstance(bot_after, int | float)
                                  or not math.isfinite(bot_after)
                                  or not 0 <= bot_after <= MAX_BOT_AFTER):
        raise _bad(_("'bot_after' must be a number of seconds from 0 to {most}, got {got}",
                     most=f"{MAX_BOT_AFTER:g}", got=shorten(json.dumps(bot_after))))
    return {"game": game, "rules": rules, "seed": _whole(d, "seed", 0, MAX_SEED),
            "bot_after": bot_after}


def _read_export(d):
    fmt = d.get("format", "json")
    if fmt not in ("json", "csv", "answers"):
        raise _bad(_("'format' must be {json}, {csv} or {answers}, got {got}", json='"json"',
                     csv='"csv"', answers='"answers"', got=shorten(json.dumps(fmt))))
    return {"format": fmt, "code": _code(d) if d.get("code") is not None else None}


def _read_results(d):
    records = d.get("records")
    if not isinstance(records, list) or not records:
        raise _bad(_("'records' must be a list of one or more results records"))
    for r in records:
        if not is_record(r):
            raise _bad(_("'records' holds something that is not a bluffkit results record: "
                         "{got}", got=shorten(json.dumps(r), 80)))
    token = _hub_token(d) if d.get("hub_token") is not None else None
    return {"records": records, "hub_token": token}


_READERS = {
    "join": _read_join,
    "rejoin": lambda d: {"token": _token(d)},
    "move": _read_move,
    "view": lambda d: {},
    "teacher": _read_teacher,
    "open": _read_open,
    "close": lambda d: {"code": _code(d)},
    "tables": lambda d: {},
    "table": lambda d: {"code": _code(d)},
    "reveal": lambda d: {"code": _code(d)},
    "export": _read_export,
    "watch": lambda d: {},
    "results": _read_results,
    "progress": lambda d: {},
}


FIELDS = {"join": {"code", "name", "hub_token"}, "rejoin": {"token"}, "move": {"action", "at"},
          "view": set(),
          "teacher": {"token", "hub_token"}, "open": {"game", "rules", "seed", "bot_after"},
          "close": {"code"}, "tables": set(), "table": {"code"}, "reveal": {"code"},
          "export": {"format", "code"}, "watch": set(), "results": {"records", "hub_token"},
          "progress": set()}
"""The fields each request may have (besides ``type`` and ``id``); any other is refused."""


def error_frame(error: str, message: str, rid: Any = None) -> dict:
    """An ``error`` frame (with the request's id when it had one)."""
    out = {"type": "error", "error": error, "message": message}
    if rid is not None:
        out["id"] = rid
    return out


def reply(kind: str, rid: Any = None, **fields) -> dict:
    """A reply frame of type ``kind`` carrying ``rid`` and ``fields``."""
    out = {"type": kind, **fields}
    if rid is not None:
        out["id"] = rid
    return out


class RateLimit:
    """A token bucket: ``rate`` requests a second on average, ``burst`` at once.

    >>> r = RateLimit(rate=1, burst=2, now=0.0)
    >>> [r.allow(0.0), r.allow(0.0), r.allow(0.0), r.allow(1.0)]
    [True, True, False, True]
    """

    def __init__(self, rate: float = RATE, burst: int = BURST, now: float = 0.0):
        self.rate, self.burst = rate, burst
        self.tokens, self.last = float(burst), now

    def allow(self, now: float) -> bool:
        if self.ready(now):
            self.tokens -= 1
            return True
        return False

    def ready(self, now: float) -> bool:
        """Whether a request would be allowed now (nothing is taken)."""
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return self.tokens >= 1

    def full(self, now: float) -> bool:
        """Nothing taken lately: the bucket may be forgotten."""
        return self.burst - self.tokens <= (now - self.last) * self.rate


def too_many_guesses_message() -> str:
    return _("too many wrong codes or tokens from your network: wait a few seconds, then try "
             "again with the code on the board")


def too_many_message() -> str:
    return _("too many messages: at most {rate} a second (and {burst} at once); this one was "
             "ignored", rate=f"{RATE:g}", burst=BURST)
