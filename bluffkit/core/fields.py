"""Reading the fields of a saved state: whole numbers and booleans, or ``InvalidState``.

Every game's ``serial.py`` reads its JSON with these, so a corrupt field is named the same way,
whatever is wrong with it: a missing key, a wrong type, a number too large to read, nesting
thousands of levels deep, ``NaN`` or ``Infinity``. :func:`check_json` looks at the whole document
first (without recursion, so depth cannot exhaust the stack); :func:`field` reads one field and
turns any failure of its reader into an ``InvalidState`` naming the field; :func:`readable`
shows a value in a message without ever raising (Python refuses to print integers of more than
4,300 digits, and a deep list would exhaust the stack).

>>> whole_number(3, "round"), whole_numbers([1, 2], "chips"), true_or_false(False, "opened")
(3, (1, 2), False)
>>> whole_number(True, "round")
Traceback (most recent call last):
...
bluffkit.core.errors.InvalidState: field 'round' must hold whole numbers, got True
>>> field({"history": [[0]]}, "history", lambda h: [(p, a) for p, a in h])
Traceback (most recent call last):
...
bluffkit.core.errors.InvalidState: field 'history' is malformed: [[0]]
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from .errors import BluffkitError, InvalidState

MAX_DEPTH = 16
"""Deepest nesting of lists and objects a saved state may use (the games need at most 6)."""
MAX_NODES = 200_000
"""Most values (numbers, texts, lists, objects) in one saved state."""
MAX_TEXT = 10_000
"""Longest text in one field."""
MAX_WHOLE = 10**15
"""Largest whole number (in size) a saved state may hold."""
MAX_MESSAGE = 400
"""Longest message of an ``InvalidState`` (longer ones are cut)."""


class _Short(reprlib.Repr):
    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlist, self.maxdict = 3, 40, 40, 6, 6

    def repr_int(self, x, level):
        if x.bit_length() > 200:
            return f"a number of about {int(x.bit_length() * math.log10(2)) + 1} digits"
        return repr(x)


_SHORT = _Short()


def readable(value: Any) -> str:
    """A short text for ``value`` in a message; never raises, never runs long.

    >>> readable(10**5000)
    'a number of about 5001 digits'
    >>> deep = []
    >>> for _ in range(5000):
    ...     deep = [deep]
    >>> readable(deep)
    '[[[[...]]]]'
    """
    try:
        return _SHORT.repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail; say what kind of value it was
        return f"a value of type {type(value).__name__}"


def bad_state(message: str) -> InvalidState:
    """An ``InvalidState`` whose message is cut to :data:`MAX_MESSAGE` characters."""
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 3] + "..."
    return InvalidState(message)


def check_json(data: Any, game: str, title: str) -> dict:
    """``data`` when it is a JSON object of game ``game`` within the size limits.

    The walk is iterative and stops at the first problem, which it names by the top-level field
    it was found in.

    Raises:
        InvalidState: not an object with ``"game": game``, or a field nested deeper than
            :data:`MAX_DEPTH`, too many values, a text too long, a number too large, not a
            finite number (``NaN``, ``Infinity``), or a value JSON cannot hold.
    """
    if not isinstance(data, dict) or data.get("game") != game:
        raise InvalidState(f"not a {title} state: expected a JSON object with \"game\": "
                           f"\"{game}\"")
    nodes = 0
    stack: list[tuple[Any, int, str]] = [(v, 1, k) for k, v in data.items()]
    for k in data:
        if not isinstance(k, str):
            raise bad_state(f"corrupt {title} state: field names are texts, got {readable(k)}")
    while stack:
        v, depth, name = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise bad_state(f"corrupt {title} state: more than {MAX_NODES} values; a saved "
                            "state is far smaller")
        if depth > MAX_DEPTH:
            raise bad_state(f"corrupt {title} state: field {name!r} is nested more than "
                            f"{MAX_DEPTH} levels deep")
        if isinstance(v, dict):
            if not all(isinstance(key, str) for key in v):
                raise bad_state(f"corrupt {title} state: field {name!r} has a name that is not "
                                "a text")
            stack.extend((x, depth + 1, name) for x in v.values())
        elif isinstance(v, list | tuple):
            stack.extend((x, depth + 1, name) for x in v)
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise bad_state(f"corrupt {title} state: field {name!r} holds a text of "
                                f"{len(v)} characters (at most {MAX_TEXT})")
        elif isinstance(v, int):  # bools included
            if v.bit_length() > MAX_WHOLE.bit_length():
                raise bad_state(f"corrupt {title} state: field {name!r} holds "
                                f"{readable(v)}, too large for any count in a game")
        elif isinstance(v, float):
            raise bad_state(f"corrupt {title} state: field {name!r} holds {readable(v)}; a "
                            "saved state holds whole numbers only")
        elif v is not None:
            raise bad_state(f"corrupt {title} state: field {name!r} holds "
                            f"{readable(v)}, which is not JSON")
    return data


def impossible(title: str) -> Callable[[str], NoReturn]:
    """A game's refusal: a function raising ``InvalidState("impossible <title> state: ...")``.

    >>> impossible("Bluff")("round 0")
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidState: impossible Bluff state: round 0
    """
    def bad(message: str) -> NoReturn:
        raise bad_state(f"impossible {title} state: {message}")
    return bad


def one_of(v: Any, name: str, allowed: Iterable[str]) -> str:
    """``v`` when it is one of the texts ``allowed``; ``InvalidState`` naming field ``name``
    otherwise."""
    if not isinstance(v, str) or v not in allowed:
        raise InvalidState(f"field {name!r} must be one of {', '.join(allowed)}, got "
                           f"{readable(v)}")
    return v


def mismatch(title: str, got: dict, want: dict) -> InvalidState:
    """The error for a loaded state (JSON ``got``) that differs from the engine's (``want``),
    naming the first field that differs and listing the others.

    >>> str(mismatch("Bluff", {"round": 3, "opener": 1}, {"round": 0, "opener": 0}))
    "impossible Bluff state: field 'round' is 3 but the game gives 0 (also wrong: 'opener')"
    """
    names = [k for k in want if want[k] != got.get(k)] or ["rules"]
    first = names[0]
    also = f" (also wrong: {', '.join(repr(k) for k in names[1:])})" if names[1:] else ""
    return bad_state(f"impossible {title} state: field {first!r} is {readable(got.get(first))} "
                     f"but the game gives {readable(want.get(first))}{also}")


def rebuilt_or_refused(title: str, state: Any, rebuild: Callable[[Any], Any],
                       to_json: Callable[[Any], dict]) -> None:
    """Raise ``InvalidState`` unless ``rebuild(state)`` (the engine's own state for what
    ``state`` records) equals ``state``; any error of the rebuild names what went wrong."""
    try:
        built = rebuild(state)
    except InvalidState:
        raise
    except (BluffkitError, *_READ_ERRORS, StopIteration) as e:
        raise bad_state(f"impossible {title} state: {e}") from None
    if built != state:
        raise mismatch(title, to_json(state), to_json(built))


def per_player(name: str, players: int, read: Callable[[Any], Any]) -> Callable[[Any], tuple]:
    """A reader of field ``name``: a list of one entry per player, each read with ``read``."""
    def each(v):
        vs = items(v, name)
        if len(vs) != players:
            raise InvalidState(f"field {name!r} needs one entry per player ({players}), got "
                               f"{readable(v)}")
        return tuple(read(x) for x in vs)
    return each


_MISSING = object()
_READ_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
                RecursionError, ZeroDivisionError)


def field(data: dict, name: str, read: Callable[[Any], Any] = lambda v: v,
          default: Any = _MISSING) -> Any:
    """``read(data[name])``, turning every failure into an ``InvalidState`` naming ``name``.

    A missing field takes ``default`` when one is given (``read`` is not called on it).
    """
    if name not in data:
        if default is _MISSING:
            raise InvalidState(f"field {name!r} is missing")
        return default
    value = data[name]
    try:
        return read(value)
    except InvalidState as e:
        raise bad_state(_named(name, str(e))) from None
    except BluffkitError as e:
        raise bad_state(f"field {name!r}: {e}") from None
    except _READ_ERRORS:
        raise bad_state(f"field {name!r} is malformed: {readable(value)}") from None


def _named(name: str, message: str) -> str:
    return message if repr(name) in message else f"field {name!r}: {message}"


def whole_number(v: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``v`` when it is an int (not a bool) within ``low..high`` (each bound optional);
    ``InvalidState`` naming field ``name`` otherwise."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidState(f"field {name!r} must hold whole numbers, got {readable(v)}")
    if (low is not None and v < low) or (high is not None and v > high):
        span = (f"{low}-{high}" if low is not None and high is not None
                else f"{low} or more" if low is not None else f"{high} or less")
        raise InvalidState(f"field {name!r} must hold whole numbers {span}, got {readable(v)}")
    return v


def whole_numbers(vs: Iterable[Any], name: str, low: int | None = None,
                  high: int | None = None) -> tuple[int, ...]:
    """Each of ``vs`` (a list) read with :func:`whole_number`, as a tuple."""
    if not isinstance(vs, list | tuple):
        raise InvalidState(f"field {name!r} must be a list of whole numbers, got {readable(vs)}")
    return tuple(whole_number(v, name, low, high) for v in vs)


def true_or_false(v: Any, name: str) -> bool:
    """``v`` when it is a bool; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, bool):
        raise InvalidState(f"field {name!r} must be true or false, got {readable(v)}")
    return v


def text(v: Any, name: str) -> str:
    """``v`` when it is a text; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, str):
        raise InvalidState(f"field {name!r} must be a text, got {readable(v)}")
    return v


def items(v: Any, name: str) -> list:
    """``v`` when it is a list; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, list | tuple):
        raise InvalidState(f"field {name!r} must be a list, got {readable(v)}")
    return list(v)


def pairs(v: Any, name: str) -> tuple[tuple[int, str], ...]:
    """A ``history`` list of ``[player, text]`` pairs."""
    out = []
    for entry in items(v, name):
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise InvalidState(f"field {name!r} must list [player, action] pairs, got "
                               f"{readable(entry)}")
        out.append((whole_number(entry[0], name), text(entry[1], name)))
    return tuple(out)


def record(v: Any, name: str, keys: Iterable[str]) -> dict:
    """``v`` when it is an object with exactly the fields ``keys``."""
    keys = set(keys)
    if not isinstance(v, dict) or set(v) != keys:
        raise InvalidState(f"field {name!r} must be an object with the fields "
                           f"{', '.join(sorted(keys))}, got {readable(v)}")
    return v


__all__ = ["MAX_DEPTH", "MAX_NODES", "MAX_TEXT", "MAX_WHOLE", "bad_state", "check_json", "field",
           "impossible", "items", "mismatch", "one_of", "pairs", "per_player", "readable",
           "rebuilt_or_refused", "record", "text", "true_or_false", "whole_number",
           "whole_numbers"]
