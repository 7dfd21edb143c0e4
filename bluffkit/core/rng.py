"""Seeded randomness: every game, bot and simulation is reproducible from a seed.

>>> from fractions import Fraction
>>> rng = make_rng(1)
>>> sample([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], rng) in {"a", "b"}
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from .checks import is_whole
from .errors import InvalidQuestion
from .i18n import _
from .npy import numpy_or_none

if TYPE_CHECKING:
    import numpy as np

    from .pcg64 import Generator

Rng: TypeAlias = "np.random.Generator | Generator"
"""A seeded generator: numpy's, or the pure-Python one that draws the same numbers."""

Seed: TypeAlias = "int | tuple[int, ...] | None | Rng"
"""A seed: a whole number, a tuple of them, None (fresh entropy) or a generator passed through."""


def make_rng(seed: Seed = None) -> Rng:
    """numpy's ``default_rng(seed)``, or the same generator in pure Python without numpy.

    numpy is an accelerator, not a requirement: where it cannot be imported (Pyodide without
    its CDN) ``bluffkit.core.pcg64.Generator`` gives the same numbers for the calls bluffkit
    makes (arrays come back as lists). numpy is imported here, on the first draw, not with
    ``bluffkit.core``: a command that draws nothing (``bluffkit --help``, most ``odds``)
    starts without it. A tuple of whole numbers seeds as numpy's ``default_rng([a, b])``.
    """
    from .pcg64 import Generator

    numpy = numpy_or_none()
    if isinstance(seed, Generator) or (numpy and isinstance(seed, numpy.random.Generator)):
        return seed
    if seed is not None:
        words = list(seed) if isinstance(seed, tuple) else [seed]
        if not words or not all(is_whole(w, 0) for w in words):
            raise InvalidQuestion(_("seed must be a whole number 0 or more, got {seed}",
                                    seed=repr(seed)))
        seed = words if isinstance(seed, tuple) else seed
    return numpy.random.default_rng(seed) if numpy else Generator(seed)


def as_list(values) -> list:
    """Drawn values as a plain list, from numpy's array or the pure generator's list."""
    return values.tolist() if hasattr(values, "tolist") else list(values)


def sample(outcomes: list[tuple[object, Fraction]], rng: Rng):
    """Draw one outcome with exactly the given probabilities.

    The draw is an integer in ``[0, D)`` with ``D`` the common denominator, so the
    probabilities are honoured exactly, not through a float.
    """
    if not outcomes:
        raise InvalidQuestion(_("nothing to sample from"))
    den = math.lcm(*(Fraction(p).denominator for _i, p in outcomes))
    weights = [int(Fraction(p) * den) for _i, p in outcomes]
    if sum(weights) != den or min(weights) < 0:
        raise InvalidQuestion(_("sample needs probabilities >= 0 that sum to exactly 1, got a sum "
                                "of {fraction}", fraction=Fraction(sum(weights), den)))
    r = int(rng.integers(den)) if den < 2**62 else _uniform_below(den, rng)
    for (outcome, _i), w in zip(outcomes, weights):
        r -= w
        if r < 0:
            return outcome
    raise AssertionError("unreachable: the weights sum to the denominator")


def _uniform_below(n: int, rng: Rng) -> int:
    """A uniform integer in ``[0, n)`` for any ``n`` (random bytes, rejection), exactly."""
    bits = n.bit_length()
    while True:
        r = int.from_bytes(rng.bytes((bits + 7) // 8), "big") >> (-bits % 8)
        if r < n:
            return r


def choice(items: list, rng: Rng):
    """A uniformly random item of a non-empty list."""
    if not items:
        raise InvalidQuestion(_("cannot choose from an empty list"))
    return items[int(rng.integers(len(items)))]
