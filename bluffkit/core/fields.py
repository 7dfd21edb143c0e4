"""Reading the fields of a saved state: whole numbers and booleans, or ``InvalidState``.

Every game's ``serial.py`` reads its JSON with these, so a corrupt field is named the same way.

>>> whole_number(3, "round"), whole_numbers([1, 2], "chips"), true_or_false(False, "opened")
(3, (1, 2), False)
>>> whole_number(True, "round")
Traceback (most recent call last):
...
bluffkit.core.errors.InvalidState: field 'round' must hold whole numbers, got True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import InvalidState


def whole_number(v: Any, name: str) -> int:
    """``v`` when it is an int (not a bool); ``InvalidState`` naming field ``name`` otherwise."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidState(f"field {name!r} must hold whole numbers, got {v!r}")
    return v


def whole_numbers(vs: Iterable[Any], name: str) -> tuple[int, ...]:
    """Each of ``vs`` read with :func:`whole_number`, as a tuple."""
    return tuple(whole_number(v, name) for v in vs)


def true_or_false(v: Any, name: str) -> bool:
    """``v`` when it is a bool; ``InvalidState`` naming field ``name`` otherwise."""
    if not isinstance(v, bool):
        raise InvalidState(f"field {name!r} must be true or false, got {v!r}")
    return v


__all__ = ["true_or_false", "whole_number", "whole_numbers"]
