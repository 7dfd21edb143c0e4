"""Rolls of poker dice as multisets with multinomial weights.

A roll of ``k`` dice is counted once per sorted multiset, weighted by the number of ordered rolls
that give it: ``k! / (c1! c2! ...)``. Three dice have 56 multisets with weights summing to 216.

>>> len(multisets(3)), sum(w for _, w in multisets(3))
(56, 216)
>>> dict(multisets(2))[(9, 14)]
2
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from .actions import Roll
from .hand import FACES


def multinomial(dice) -> int:
    """Ordered rolls giving the multiset ``dice``.

    >>> multinomial((13, 13, 14))
    3
    """
    ways = math.factorial(len(dice))
    for c in Counter(dice).values():
        ways //= math.factorial(c)
    return ways


@cache
def multisets(k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every sorted multiset of ``k`` dice with its weight (weights sum to ``6**k``)."""
    return tuple((dice, multinomial(dice)) for dice in combinations_with_replacement(FACES, k))


@cache
def roll_outcomes(k: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Chance outcomes of rolling ``k`` dice: ``(Roll, exact probability)``, sorted."""
    return tuple((Roll(dice), Fraction(w, 6**k)) for dice, w in multisets(k))


__all__ = ["multinomial", "multisets", "roll_outcomes"]
