"""The check every whole-number parameter makes (a count, a seat, a seed, a card value).

``True`` is an ``int`` in Python and ``9.0`` compares equal to 9, but neither is a whole number
a rule or a saved state may hold: both made states that did not reload.

>>> is_whole(3), is_whole(3, 1, 6), is_whole(0, 1), is_whole(True), is_whole(3.0), is_whole("3")
(True, True, False, False, False, False)
"""

from __future__ import annotations

from typing import Any


def is_whole(v: Any, low: int | None = None, high: int | None = None) -> bool:
    """Whether ``v`` is an ``int`` (not a ``bool``) from ``low`` to ``high`` (each bound
    optional, both included)."""
    return (isinstance(v, int) and not isinstance(v, bool) and (low is None or v >= low)
            and (high is None or v <= high))
