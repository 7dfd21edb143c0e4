"""Seeded randomness: every game, bot and simulation is reproducible from a seed.

>>> from fractions import Fraction
>>> rng = make_rng(1)
>>> sample([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], rng) in {"a", "b"}
True
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .errors import InvalidQuestion

Seed = int | None | np.random.Generator


def make_rng(seed: Seed = None) -> np.random.Generator:
    """A ``numpy.random.Generator`` from an int seed (or pass a Generator through)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise InvalidQuestion(f"seed must be a non-negative integer or None, got {seed!r}")
    return np.random.default_rng(seed)


def sample(outcomes: list[tuple[object, Fraction]], rng: np.random.Generator):
    """Draw one outcome with exactly the given probabilities.

    The draw is an integer in ``[0, D)`` with ``D`` the common denominator, so the
    probabilities are honoured exactly, not through a float.
    """
    if not outcomes:
        raise InvalidQuestion("nothing to sample from")
    den = math.lcm(*(Fraction(p).denominator for _, p in outcomes))
    r = int(rng.integers(den)) if den < 2**62 else int(rng.random() * den)
    for outcome, p in outcomes:
        r -= int(Fraction(p) * den)
        if r < 0:
            return outcome
    return outcomes[-1][0]


def choice(items: list, rng: np.random.Generator):
    """A uniformly random item of a non-empty list."""
    if not items:
        raise InvalidQuestion("cannot choose from an empty list")
    return items[int(rng.integers(len(items)))]
