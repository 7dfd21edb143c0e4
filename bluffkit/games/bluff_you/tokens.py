"""Bluff You's tokens, their points, the three dice and the text of token lists.

The 16 tokens are numbered 3-18, the possible sums of three dice. Their points follow the rarity of
the sum (``shared/rules/README.md`` section 2):

>>> [POINTS[t] for t in (3, 4, 5, 7, 9, 12, 13, 16, 17, 18)]
[5, 4, 3, 2, 1, 1, 2, 3, 4, 5]
>>> total_points((8, 13)), POINTS[4]
(4, 4)
>>> parse_tokens("8, 13"), tokens_text((8, 13))
((8, 13), '8,13')
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from numbers import Integral

from ...core import ParseError
from ...core.i18n import _, _n

TOKENS: tuple[int, ...] = tuple(range(3, 19))
"""The 16 tokens of the box, numbered like the sums of three dice."""

POINTS: dict[int, int] = {
    3: 5, 18: 5,
    4: 4, 17: 4,
    5: 3, 6: 3, 15: 3, 16: 3,
    7: 2, 8: 2, 13: 2, 14: 2,
    9: 1, 10: 1, 11: 1, 12: 1,
}
"""Token number -> points, as printed in the rulebook."""

DICE = 3
FACES = (1, 2, 3, 4, 5, 6)


def total_points(tokens: Iterable[int]) -> int:
    """The points of a collection of tokens."""
    return sum(POINTS[t] for t in tokens)


def points_text(n: int) -> str:
    """``1 point``, ``3 points``.

    >>> points_text(1), points_text(0), points_text(4)
    ('1 point', '0 points', '4 points')
    """
    return _n("{n} point", "{n} points", n)


def is_doublet(dice: Iterable[int]) -> bool:
    """At least two of the dice are equal (a triple counts too).

    >>> is_doublet((2, 2, 5)), is_doublet((6, 6, 6)), is_doublet((1, 2, 3))
    (True, True, False)
    """
    dice = tuple(dice)
    return len(set(dice)) < len(dice)


@cache
def roll_weights() -> tuple[tuple[tuple[int, int, int], int], ...]:
    """The 56 sorted rolls of three dice with their number of orders (out of 216).

    >>> len(roll_weights()), sum(w for _, w in roll_weights())
    (56, 216)
    """
    out = []
    for dice in combinations_with_replacement(FACES, DICE):
        ways = math.factorial(DICE)
        for c in Counter(dice).values():
            ways //= math.factorial(c)
        out.append((dice, ways))
    return tuple(out)


@cache
def roll_probabilities() -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
    """The sorted rolls with their exact probabilities (weights / 216)."""
    return tuple((d, Fraction(w, 6**DICE)) for d, w in roll_weights())


def doublet_swaps(held: Iterable[int], centre: Iterable[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every legal doublet swap: two or more held tokens for one centre token of equal points.

    Tokens are worth 1-5 points, so a swap gives at most five tokens.

    >>> doublet_swaps((8, 13, 10), (4, 9))
    [((8, 13), 4)]
    """
    held = tuple(sorted(held))
    by_points: dict[int, list[int]] = {}
    for c in sorted(centre):
        by_points.setdefault(POINTS[c], []).append(c)
    out = []
    for k in range(2, min(len(held), 5) + 1):
        for give in combinations(held, k):
            for take in by_points.get(total_points(give), ()):
                out.append((give, take))
    return sorted(out, key=lambda gt: (gt[1], gt[0]))


def parse_tokens(text: str | Iterable, name: str = "tokens") -> tuple[int, ...]:
    """Read ``"8, 13"`` (or an iterable of numbers) into a sorted tuple of distinct tokens.

    Raises:
        ParseError: naming ``name`` when a number is not a token 3-18 or is repeated.

    >>> parse_tokens("")
    ()
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    else:
        parts = list(text)
    out = []
    for p in parts:
        try:
            if isinstance(p, bool) or not isinstance(p, Integral | str):
                raise TypeError  # 3.7 is no token (int() would read it as 3)
            t = int(p)
        except (TypeError, ValueError):
            raise ParseError(_("{name}: {value} is not a token number (tokens are 3-18)",
                               name=name, value=repr(p))) from None
        if t not in POINTS:
            raise ParseError(_("{name}: there is no token {token}; tokens are numbered 3-18",
                               name=name, token=t))
        out.append(t)
    if len(set(out)) != len(out):
        raise ParseError(_("{name}: each token exists once, got {tokens}", name=name,
                           tokens=sorted(out)))
    return tuple(sorted(out))


def tokens_text(tokens: Iterable[int]) -> str:
    return ",".join(str(t) for t in tokens)


def dice_text(dice: Iterable[int]) -> str:
    return ",".join(str(d) for d in dice)


def parse_dice(text: str | Iterable) -> tuple[int, int, int]:
    """Read three dice like ``"2,2,5"`` into a sorted tuple.

    >>> parse_dice("5 2 2")
    (2, 2, 5)
    """
    try:
        parts = [p for p in re.split(r"[,\s]+", text.strip()) if p] if isinstance(
            text, str) else list(text)
        if any(isinstance(p, bool) or not isinstance(p, Integral | str) for p in parts):
            raise TypeError  # 2.5 is no die (int() would read it as 2)
        dice = tuple(sorted(int(p) for p in parts))
    except (TypeError, ValueError):
        raise ParseError(_("{text} is not three dice: write e.g. 2,2,5",
                           text=repr(text))) from None
    if len(dice) != DICE or not all(1 <= d <= 6 for d in dice):
        raise ParseError(_("{text} is not three dice: Bluff You rolls three dice showing 1-6, "
                           "e.g. 2,2,5", text=repr(text)))
    return dice  # type: ignore[return-value]


__all__ = ["POINTS", "TOKENS", "dice_text", "doublet_swaps", "is_doublet", "parse_dice",
           "parse_tokens", "points_text", "roll_probabilities", "roll_weights", "tokens_text",
           "total_points"]
