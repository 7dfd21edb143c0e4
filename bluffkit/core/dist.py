"""Exact finite distributions: integer weights, ``Fraction`` probabilities.

Following icepool, a distribution stores non-negative integer weights and only turns them into a
``Fraction`` when a probability is asked for. Instances are immutable; every operation returns a
new distribution.

>>> d6 = Distribution.uniform(range(1, 7))
>>> (d6 + d6).probability(7)
Fraction(1, 6)
>>> Distribution.binomial(3, Fraction(1, 3)).at_least(2)
Fraction(7, 27)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from .checks import is_whole
from .errors import InvalidQuestion
from .i18n import _


class Distribution:
    """A finite probability distribution with integer weights.

    Args:
        weights: outcome -> non-negative integer weight; zero weights are dropped.

    Raises:
        InvalidQuestion: if a weight is negative or not an integer, or all weights are zero.

    >>> coin = Distribution({"heads": 1, "tails": 1})
    >>> coin.probability("heads")
    Fraction(1, 2)
    """

    __slots__ = ("_weights", "_total")

    def __init__(self, weights: Mapping[Hashable, int]):
        clean: dict[Hashable, int] = {}
        for outcome, w in weights.items():
            if not is_whole(w, 0):
                raise InvalidQuestion(
                    _("weight of {outcome} must be a non-negative integer, got {w}",
                      outcome=repr(outcome), w=repr(w))
                )
            if w:
                clean[outcome] = clean.get(outcome, 0) + w
        if not clean:
            raise InvalidQuestion(_("a distribution needs at least one outcome of positive weight"))
        try:
            clean = dict(sorted(clean.items()))
        except TypeError:
            pass
        g = math.gcd(*clean.values())
        self._weights = {k: w // g for k, w in clean.items()}
        self._total = sum(self._weights.values())

    # -- constructors -------------------------------------------------------------------------
    @classmethod
    def from_reduced(cls, weights: dict, total: int) -> Distribution:
        """Trusted fast path for calculators: ``weights`` are already positive integers in
        outcome order with no common factor, ``total`` their sum (nothing is checked).

        >>> d = Distribution.from_reduced({0: 4, 1: 4, 2: 1}, 9)
        >>> d == Distribution.binomial(2, Fraction(1, 3)), d.probability(1)
        (True, Fraction(4, 9))
        """
        d = cls.__new__(cls)
        d._weights, d._total = weights, total
        return d

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Distribution:
        """Each outcome equally likely (repeats add weight)."""
        weights: dict[Hashable, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return cls(weights)

    @classmethod
    def point(cls, outcome: Hashable) -> Distribution:
        """The outcome with certainty."""
        return cls({outcome: 1})

    @classmethod
    def binomial(cls, n: int, p: Fraction) -> Distribution:
        """Number of successes in ``n`` independent trials of probability ``p``.

        >>> Distribution.binomial(2, Fraction(1, 6)).pmf()
        {0: Fraction(25, 36), 1: Fraction(5, 18), 2: Fraction(1, 36)}
        """
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise InvalidQuestion(_("a probability must lie in [0, 1], got {p}", p=p))
        if not is_whole(n, 0):
            raise InvalidQuestion(_("the number of trials must be a whole number >= 0, got {count}",
                                    count=repr(n)))
        return cls(_binomial_weights(n, p.numerator, p.denominator))

    @classmethod
    def from_probabilities(cls, pmf: Mapping[Hashable, Fraction | int]) -> Distribution:
        """Build from exact probabilities that sum to 1."""
        probs = {k: Fraction(v) for k, v in pmf.items()}
        if sum(probs.values()) != 1:
            raise InvalidQuestion(_("probabilities must sum to 1, they sum to {sum}",
                                    sum=sum(probs.values())))
        den = math.lcm(*(p.denominator for p in probs.values()))
        return cls({k: int(p * den) for k, p in probs.items()})

    # -- reading ------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The sum of the weights (weights are kept with no common factor)."""
        return self._total

    def outcomes(self) -> list:
        """Outcomes with positive weight, sorted when they are sortable."""
        return list(self._weights)

    def weight(self, outcome: Hashable) -> int:
        return self._weights.get(outcome, 0)

    def items(self):
        """(outcome, integer weight) pairs."""
        return self._weights.items()

    def probability(self, outcome: Hashable) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def pmf(self) -> dict:
        """outcome -> exact probability."""
        return {k: Fraction(w, self._total) for k, w in self._weights.items()}

    def approx_pmf(self) -> dict:
        """outcome -> float probability (for plots; not exact)."""
        return {k: w / self._total for k, w in self._weights.items()}

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event(X)) for a predicate ``event``."""
        return Fraction(sum(w for k, w in self._weights.items() if event(k)), self._total)

    def at_least(self, k) -> Fraction:
        """P(X >= k)."""
        return self.prob(lambda x: x >= k)

    def at_most(self, k) -> Fraction:
        """P(X <= k)."""
        return self.prob(lambda x: x <= k)

    def exactly(self, k) -> Fraction:
        """P(X == k)."""
        return self.probability(k)

    def expectation(self, f: Callable[[Any], Fraction | int]) -> Fraction:
        """E[f(X)], exact."""
        return Fraction(sum(w * Fraction(f(k)) for k, w in self._weights.items()), self._total)

    def mean(self) -> Fraction:
        """E[X] for numeric outcomes."""
        return self.expectation(lambda x: x)

    def variance(self) -> Fraction:
        """Var[X] = E[X^2] - E[X]^2, exact."""
        m = self.mean()
        return self.expectation(lambda x: x * x) - m * m

    # -- building new distributions -----------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Distribution:
        """The distribution of f(X)."""
        out: dict[Hashable, int] = {}
        for k, w in self._weights.items():
            y = f(k)
            out[y] = out.get(y, 0) + w
        return Distribution(out)

    def condition(self, event: Callable[[Any], bool]) -> Distribution:
        """The distribution of X given event(X).

        Raises:
            InvalidQuestion: if the event has probability 0.

        >>> Distribution.uniform(range(1, 7)).condition(lambda x: x % 2 == 0).mean()
        Fraction(4, 1)
        """
        kept = {k: w for k, w in self._weights.items() if event(k)}
        if not kept:
            raise InvalidQuestion(_("cannot condition on an event of probability 0"))
        return Distribution(kept)

    def combine(self, other: Distribution, op: Callable[[Any, Any], Hashable]) -> Distribution:
        """The distribution of op(X, Y) for independent X (self) and Y (other)."""
        out: dict[Hashable, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                y = op(a, b)
                out[y] = out.get(y, 0) + wa * wb
        return Distribution(out)

    def __add__(self, other):
        if isinstance(other, Distribution):
            return self.combine(other, lambda a, b: a + b)
        return self.map(lambda x: x + other)

    __radd__ = __add__

    # -- comparison and display ---------------------------------------------------------------
    def __eq__(self, other) -> bool:
        return isinstance(other, Distribution) and self.pmf() == other.pmf()

    def __hash__(self) -> int:
        return hash(frozenset(self.pmf().items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {w}" for k, w in self._weights.items())
        return f"Distribution({{{body}}})  # total {self._total}"

    def to_sympy(self, name: str = "X"):
        """A sympy.stats finite random variable with exactly these probabilities (for display).

        >>> from sympy.stats import P
        >>> X = Distribution.uniform(range(1, 7)).to_sympy("D")
        >>> P(X > 4)
        1/3
        """
        import sympy
        from sympy.stats import FiniteRV

        return FiniteRV(name, {k: sympy.Rational(p.numerator, p.denominator)
                               for k, p in self.pmf().items()})

    def _repr_latex_(self) -> str:
        import sympy

        rows = " \\\\ ".join(
            f"{k} & {sympy.latex(sympy.Rational(p.numerator, p.denominator))}"
            for k, p in self.pmf().items()
        )
        return f"$\\begin{{array}}{{c|c}} x & P(X=x) \\\\ \\hline {rows} \\end{{array}}$"


@cache
def _binomial_weights(n: int, num: int, den: int) -> dict[int, int]:
    q = den - num
    return {k: math.comb(n, k) * num**k * q ** (n - k) for k in range(n + 1)}
