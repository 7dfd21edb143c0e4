"""Answers with a range of right values, and answers kept apart by more than the checker's
tolerance.

A quantity may differ between the equilibria of a game (how often one equilibrium challenges,
another a little less): every value some exact equilibrium gives is right.

``Ranged`` is an exact number (one equilibrium's value, so ``q.check(q.expected())`` and every
tool that takes a number still work) carrying the range ``[low, high]`` over all equilibria;
``InRange`` is the answer kind that accepts any value of the range: an answer is compared, by the
ordinary ``Number`` rule, with the value of the range nearest to it. A plain ``Fraction`` target
is a range of one value, so a likely mistake may be either.

``KeptApart`` makes a question draw its numbers again (``Question.fair_draw``) while a mistake's
value (or range) meets the answer's range, or while one answer could be graded as both its
answer and an earlier question's of its set (``apart``, ``cells``): exact answers that differ
are not enough once rounded decimals are accepted, nor once a whole range is right.

>>> from bluffkit.exercises.answers import read_number
>>> share = Ranged(Fraction(227, 258), Fraction(223, 258), Fraction(227, 258))
>>> kind = InRange()
>>> kind.same(read_number("223/258"), share), kind.same(read_number("0.87"), share)
(True, True)
>>> kind.same(read_number("0.86"), share)
False
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.i18n import _
from .answers import Number, Reading
from .distinct import answers_before


class Ranged(Fraction):
    """One exact value (``Fraction``) and the range of values equally right.

    Args:
        value: a member of the range (e.g. the value of the equilibrium bluffkit ships).
        low, high: the ends of the range, exact.
    """

    def __new__(cls, value: Any, low: Any, high: Any):
        self = super().__new__(cls, value)
        self.low, self.high = Fraction(low), Fraction(high)
        if not self.low <= Fraction(self) <= self.high:
            raise ValueError(f"{value} is not within [{low}, {high}]")
        return self

    def __copy__(self) -> Ranged:  # immutable, as a Fraction
        return self

    def __deepcopy__(self, memo) -> Ranged:
        return self

    def __reduce__(self):
        return (Ranged, (Fraction(self), self.low, self.high))

    def __repr__(self) -> str:
        return f"Ranged({Fraction(self)!r}, low={self.low!r}, high={self.high!r})"

    def map(self, f) -> Ranged:
        """The range of ``f(x)`` for ``x`` in this one, ``f`` monotone (increasing or not)."""
        a, b = sorted((Fraction(f(self.low)), Fraction(f(self.high))))
        return Ranged(f(Fraction(self)), a, b)


def ends(value: Any) -> tuple[Fraction, Fraction]:
    """``(low, high)`` of a ``Ranged``; ``(x, x)`` of a plain number."""
    if isinstance(value, Ranged):
        return value.low, value.high
    return Fraction(value), Fraction(value)


def nearest(x: Fraction, value: Any) -> Fraction:
    """The value of the range nearest to ``x``."""
    low, high = ends(value)
    return min(max(Fraction(x), low), high)


def decade(x: Fraction) -> int:
    """``k`` with ``10**k <= x < 10**(k + 1)``, for ``x > 0``.

    >>> decade(Fraction(1, 10)), decade(Fraction(99, 100)), decade(Fraction(1000))
    (-1, -1, 3)
    """
    k = math.floor(math.log10(x))
    while Fraction(10) ** k > x:
        k -= 1
    while Fraction(10) ** (k + 1) <= x:
        k += 1
    return k


def reach(value: Any, digits: int | None) -> tuple[Fraction, Fraction]:
    """The values a rounded answer graded as ``value`` can have, with at least ``digits``
    significant digits (``None``: whole numbers, only ``value`` itself): each end widened by a
    unit of its last required digit (twice the half unit of the rounding rule, so that an
    answer written one digit coarser near a power of ten is covered too).

    >>> [float(x) for x in reach(Fraction(7, 27), 3)]  # 7/27 = 0.259259... minus/plus 0.001
    [0.25825925925925924, 0.26025925925925925]
    """
    low, high = ends(value)
    if digits is None:
        return low, high

    def unit(x: Fraction) -> Fraction:
        return Fraction(0) if x == 0 else Fraction(10) ** (decade(abs(x)) + 1 - digits)

    return low - unit(low), high + unit(high)


def apart(a: Any, b: Any, digits: int | None) -> bool:
    """True when no answer can be graded as both ``a`` and ``b`` (numbers or ranges).

    >>> apart(Fraction(1, 2), Ranged(Fraction(5, 10), Fraction(1, 3), Fraction(1, 2)), None)
    False
    >>> apart(Fraction(1, 2), Fraction(501, 1000), 3), apart(Fraction(1, 2), Fraction(51, 100), 3)
    (False, True)
    """
    (a_low, a_high), (b_low, b_high) = reach(a, digits), reach(b, digits)
    return a_low > b_high or b_low > a_high


@dataclass(frozen=True)
class InRange(Number):
    """A number answer where every value of a range is right (``Ranged``): an answer is graded
    by the ``Number`` rule against the value of the range nearest to it (an exact fraction must
    lie in the range; a decimal must be some value of it, rounded)."""

    def same(self, given: Reading, target: Any) -> bool:
        return super().same(given, nearest(given.value, target))

    def near(self, given: Reading, target: Any) -> str | None:
        return super().near(given, nearest(given.value, target))

    def note(self, given: Reading, target: Any) -> str:
        return super().note(given, nearest(given.value, target))

    def rule(self) -> str:
        return _("This quantity differs between the equilibria of the game: any value that an "
                 "exact equilibrium gives is accepted (an exact fraction within that range, or "
                 "such a value rounded to the digits you give, with at least {digits} "
                 "significant digits).", digits=self.digits)

    def show(self, value: Any) -> str:
        low, high = ends(value)
        if low == high:
            return super().show(low)
        return _("any value from {low} to {high}", low=super().show(low),
                 high=super().show(high))


# -- keeping a set's answers apart ----------------------------------------------------------------
def cells(value: Any, digits: int | None) -> frozenset[str]:
    """Digests of the cells (a unit of the ``digits``-th significant digit wide, within each
    power of ten) that the answers graded as ``value`` fall in: two values share a cell whenever
    one answer could be graded as both (only digests are kept, as ``distinct`` keeps them: an
    exam's kernel holds no answer).

    >>> bool(cells(Fraction(1, 2), 3) & cells(Fraction(501, 1000), 3))
    True
    >>> bool(cells(Fraction(1, 2), 3) & cells(Fraction(51, 100), 3))
    False
    """
    low, high = reach(value, digits)
    if digits is None:
        keys = [("exact", low, high)]
    else:
        keys = [("zero",)] if low <= 0 <= high else []
        for sign, a, b in ((1, max(low, 0), high), (-1, max(-high, 0), -low)):
            if b <= 0:
                continue
            a = a or b / 10**6  # from 0: six powers of ten below the end are enough here
            for k in range(decade(a), decade(b) + 1):
                width = Fraction(10) ** (k + 1 - digits)
                first = math.floor(max(a, Fraction(10) ** k) / width)
                last = math.floor(min(b, Fraction(10) ** (k + 1)) / width)
                keys += [("cell", sign, k, n) for n in range(first, last + 1)]
    return frozenset(hashlib.sha256(repr(k).encode()).hexdigest() for k in keys)


def _digits(question) -> int | None:
    return getattr(question.kind, "digits", None)


def _cells(question) -> frozenset[str]:
    return cells(question.expected(), _digits(question))


def cells_before(cls: type, seed: int) -> frozenset[str]:
    """The cells of the answers of the questions before ``cls`` in its set, for ``seed``."""
    return answers_before(cls, seed, _cells)


class KeptApart:
    """For a ``Question``: a draw is fair only if no value of a mistake's range is right (an
    exact answer a slip gives is never graded correct), and no answer could be graded as both
    its answer and an earlier question's of its set (so one decimal cannot pass two questions).

    A slip smaller than the last digit a decimal keeps is not a reason to draw again: such a
    decimal is the right answer rounded, whichever way it was found (in reading-bids, forgetting
    the random pick's share ε/L moves the posterior by 0.0002 at the median draw)."""

    def fair_draw(self, taken: frozenset[str] = frozenset()) -> bool:
        if not super().fair_draw(taken):
            return False
        expected = self.expected()
        if cells(expected, _digits(self)) & cells_before(type(self), self.seed):
            return False
        return all(apart(m.value, expected, None) for m in self.mistakes())


__all__ = ["InRange", "KeptApart", "Ranged", "apart", "cells", "cells_before", "decade", "ends",
           "nearest", "reach"]
