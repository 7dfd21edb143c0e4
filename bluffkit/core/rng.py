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

if TYPE_CHECKING:
    import numpy as np

Seed: TypeAlias = "int | None | np.random.Generator"
"""A seed: a whole number, None (fresh entropy) or a generator passed through."""


def make_rng(seed: Seed = None) -> np.random.Generator:
    """A ``numpy.random.Generator`` from an int seed (or pass a Generator through).

    numpy is imported here, on the first draw, not with ``bluffkit.core``: a command that
    draws nothing (``bluffkit --help``, most ``odds``) starts without it.
    """
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and not is_whole(seed, 0):
        raise InvalidQuestion(_("seed must be a whole number 0 or more, got {seed}",
                                seed=repr(seed)))
    return np.random.default_rng(seed)


def sample(outcomes: list[tuple[object, Fraction]], rng: np.random.Generator):
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


def _uniform_below(n: int, rng: np.random.Generator) -> int:
    """A uniform integer in ``[0, n)`` for any ``n`` (random bytes, rejection), exactly."""
    bits = n.bit_length()
    while True:
        r = int.from_bytes(rng.bytes((bits + 7) // 8), "big") >> (-bits % 8)
        if r < n:
            return r


def choice(items: list, rng: np.random.Generator):
    """A uniformly random item of a non-empty list."""
    if not items:
        raise InvalidQuestion(_("cannot choose from an empty list"))
    return items[int(rng.integers(len(items)))]
