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

from .checks import is_whole
from .errors import BluffkitError, InvalidState
from .i18n import _

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
            return _("a number of about {n} digits", n=int(x.bit_length() * math.log10(2)) + 1)
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
        return _("a value of type {kind}", kind=type(value).__name__)


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
        raise InvalidState(_('not a {title} state: expected a JSON object with "game": "{game}"',
                             title=title, game=game))
    nodes = 0
    stack: list[tuple[Any, int, str]] = [(v, 1, k) for k, v in data.items()]
    for k in data:
        if not isinstance(k, str):
            raise bad_state(_("corrupt {title} state: field names are texts, got {readable}",
                              title=title, readable=readable(k)))
    while stack:
        v, depth, name = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise bad_state(_("corrupt {title} state: more than {max_nodes} values; a saved state "
                              "is far smaller", title=title, max_nodes=MAX_NODES))
        if depth > MAX_DEPTH:
            raise bad_state(_("corrupt {title} state: field {name} is nested more than {max_depth}"
                              " levels deep", title=title, name=repr(name), max_depth=MAX_DEPTH))
        if isinstance(v, dict):
            if not all(isinstance(key, str) for key in v):
                raise bad_state(_("corrupt {title} state: field {name} has a name that is not a "
                                  "text", title=title, name=repr(name)))
            stack.extend((x, depth + 1, name) for x in v.values())
        elif isinstance(v, list | tuple):
            stack.extend((x, depth + 1, name) for x in v)
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise bad_state(_("corrupt {title} state: field {name} holds a text of {v} "
                                  "characters (at most {max_text})",
                                  title=title, name=repr(name), v=len(v), max_text=MAX_TEXT))
        elif isinstance(v, int):  # bools included
            if v.bit_length() > MAX_WHOLE.bit_length():
                raise bad_state(_("corrupt {title} state: field {name} holds {readable}, too large"
                                  " for any count in a game",
                                  title=title, name=repr(name), readable=readable(v)))
        elif isinstance(v, float):
            raise bad_state(_("corrupt {title} state: field {name} holds {readable}; a saved state"
                              " holds whole numbers only",
                              title=title, name=repr(name), readable=readable(v)))
        elif v is not None:
            raise bad_state(_("corrupt {title} state: field {name} holds {readable}, which is not "
                              "JSON", title=title, name=repr(name), readable=readable(v)))
    return data


def impossible(title: str) -> Callable[[str], NoReturn]:
    """A game's refusal: a function raising ``InvalidState("impossible <title> state: ...")``.

    >>> impossible("Bluff")("round 0")
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidState: impossible Bluff state: round 0
    """
    def bad(message: str) -> NoReturn:
        raise bad_state(_("impossible {title} state: {message}", title=title, message=message))
    return bad


def one_of(v: Any, name: str, allowed: Iterable[str]) -> str:
    """``v`` when it is one of the texts ``allowed``; ``InvalidState`` naming field ``name``
    otherwise."""
    if not isinstance(v, str) or v not in allowed:
        raise InvalidState(_("field {name} must be one of {join}, got {readable}",
                             name=repr(name), join=', '.join(allowed), readable=readable(v)))
    return v


def mismatch(title: str, got: dict, want: dict) -> InvalidState:
    """The error for a loaded state (JSON ``got``) that differs from the engine's (``want``),
    naming the first field that differs and listing the others.

    >>> str(mismatch("Bluff", {"round": 3, "opener": 1}, {"round": 0, "opener": 0}))
    "impossible Bluff state: field 'round' is 3 but the game gives 0 (also wrong: 'opener')"
    """
    names = [k for k in want if want[k] != got.get(k)] or ["rules"]
    first = names[0]
    also = _(" (also wrong: {names})", names=", ".join(repr(k) for k in names[1:])
             ) if names[1:] else ""
    return bad_state(_("impossible {title} state: field {name} is {got} but the game gives "
                       "{want}", title=title, name=repr(first), got=readable(got.get(first)),
                       want=readable(want.get(first))) + also)


def rebuilt_or_refused(title: str, state: Any, rebuild: Callable[[Any], Any],
                       to_json: Callable[[Any], dict]) -> None:
    """Raise ``InvalidState`` unless ``rebuild(state)`` (the engine's own state for what
    ``state`` records) equals ``state``; any error of the rebuild names what went wrong."""
    try:
        built = rebuild(state)
    except InvalidState:
        raise
    except (BluffkitError, *_READ_ERRORS, StopIteration) as e:
        raise bad_state(_("impossible {title} state: {e}", title=title, e=e)) from None
    if built != state:
        raise mismatch(title, to_json(state), to_json(built))


def per_player(name: str, players: int, read: Callable[[Any], Any]) -> Callable[[Any], tuple]:
    """A reader of field ``name``: a list of one entry per player, each read with ``read``."""
    def each(v):
        vs = items(v, name)
        if len(vs) != players:
            raise InvalidState(_("field {name} needs one entry per player ({players}), got "
                                 "{readable}",
                                 name=repr(name), players=players, readable=readable(v)))
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
            raise InvalidState(_("field {name} is missing", name=repr(name)))
        return default
    value = data[name]
    try:
        return read(value)
    except InvalidState as e:
        raise bad_state(_named(name, str(e))) from None
    except BluffkitError as e:
        raise bad_state(_("field {name}: {e}", name=repr(name), e=e)) from None
    except _READ_ERRORS:
        raise bad_state(_("field {name} is malformed: {readable}",
                          name=repr(name), readable=readable(value))) from None


def _named(name: str, message: str) -> str:
    return message if repr(name) in message else _("field {name}: {e}", name=repr(name), e=message)


def whole_number(v: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``v`` when it is an int (not a bool) within ``low..high`` (each bound optional);
    ``InvalidState`` naming field ``name`` otherwise."""
    if not is_whole(v):
        raise InvalidState(_("field {name} must hold whole numbers, got {readable}",
                             name=repr(name), readable=readable(v)))
    if (low is not None and v < low) or (high is not None and v > high):
        span = (_("{low}-{high}", low=low, high=high) if low is not None and high is not None
                else _("{low} or more", low=low) if low is not None
                else _("{high} or less", high=high))
        raise InvalidState(_("field {name} must hold whole numbers {span}, got {readable}",
                             name=repr(name), span=span, readable=readable(v)))
    return v


def whole_numbers(vs: Iterable[Any], name: str, low: int | None = None,
                  high: int | None = None) -> tuple[int, ...]:
    """Each of ``vs`` (a list) read with :func:`whole_number`, as a tuple."""
    if not isinstance(vs, list | tuple):
        raise InvalidState(_("field {name} must be a list of whole numbers, got {readable}",
                             name=repr(name), readable=readable(vs)))
    return tuple(whole_number(v, name, low, high) for v in vs)


def true_or_false(v: Any, name: str) -> bool:
    """``v`` when it is a bool; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, bool):
        raise InvalidState(_("field {name} must be true or false, got {readable}",
                             name=repr(name), readable=readable(v)))
    return v


def text(v: Any, name: str) -> str:
    """``v`` when it is a text; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, str):
        raise InvalidState(_("field {name} must be a text, got {readable}",
                             name=repr(name), readable=readable(v)))
    return v


def items(v: Any, name: str) -> list:
    """``v`` when it is a list; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, list | tuple):
        raise InvalidState(_("field {name} must be a list, got {readable}",
                             name=repr(name), readable=readable(v)))
    return list(v)


def pairs(v: Any, name: str) -> tuple[tuple[int, str], ...]:
    """A ``history`` list of ``[player, text]`` pairs."""
    out = []
    for entry in items(v, name):
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise InvalidState(_("field {name} must list [player, action] pairs, got {readable}",
                                 name=repr(name), readable=readable(entry)))
        out.append((whole_number(entry[0], name), text(entry[1], name)))
    return tuple(out)


def record(v: Any, name: str, keys: Iterable[str]) -> dict:
    """``v`` when it is an object with exactly the fields ``keys``."""
    keys = set(keys)
    if not isinstance(v, dict) or set(v) != keys:
        raise InvalidState(_("field {name} must be an object with the fields {join}, got "
                             "{readable}",
                             name=repr(name), join=', '.join(sorted(keys)), readable=readable(v)))
    return v


__all__ = ["MAX_DEPTH", "MAX_NODES", "MAX_TEXT", "MAX_WHOLE", "bad_state", "check_json", "field",
           "impossible", "items", "mismatch", "one_of", "pairs", "per_player", "readable",
           "rebuilt_or_refused", "record", "text", "true_or_false", "whole_number",
           "whole_numbers"]
