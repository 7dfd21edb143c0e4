"""The pure-Python generator gives numpy's numbers bit for bit (issue 30 item 1).

Each seed runs one stream of every call pattern bluffkit makes, interleaved (the 32-bit draws
share numpy's buffered half-words with what follows), on numpy's ``default_rng`` and on
``bluffkit.core.pcg64.Generator``; every value is compared exactly.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from bluffkit.core import make_rng
from bluffkit.core.pcg64 import Generator, seed_state

SEEDS = 10_000

FACES = [9, 10, 11, 12, 13, 14]
TOKENS = tuple(range(3, 19))
LABELS = ["a", "b", "c", "d"]


def stream(rng) -> list:
    """The calls of bluffkit's exercises, bots, tables and simulations, as plain values."""
    def plain(x):
        return x.tolist() if hasattr(x, "tolist") else x

    return [plain(v) for v in (
        rng.integers(3), rng.integers(1, 6), rng.integers(-1, 2), rng.integers(2, 6, size=3),
        rng.random(), rng.integers(-5, 6, size=4), rng.integers(2**31), rng.random() < 0.5,
        rng.integers(1, 7, 5), rng.choice(TOKENS, size=4, replace=False),
        rng.choice(12, size=3, replace=False), rng.choice(FACES), rng.permutation(57),
        rng.choice(len(LABELS), p=[0.1, 0.2, 0.3, 0.4]), rng.integers(0, 6, size=(2, 3)),
        rng.choice(FACES, size=(2, 6)), rng.bytes(8 + 3), rng.integers(12345678901234),
        rng.integers(2**31 + 1, size=2),       # the 32-bit Lemire rejection (about 1 in 2)
        rng.integers(2**62 + 1, size=2),       # the 64-bit rejection (about 1 in 4)
        rng.integers(2**32), rng.integers(-2**63, 2**63 - 1), rng.integers(5, 6),
        rng.choice(LABELS, size=3, p=[0.5, 0.0, 0.25, 0.25]), rng.random(size=2),
        rng.permutation(LABELS), rng.bit_generator.random_raw(3), rng.integers(7))]


def test_streams_equal_numpy_over_ten_thousand_seeds():
    for seed in range(SEEDS):
        assert stream(Generator(seed)) == stream(np.random.default_rng(seed)), seed


@pytest.mark.parametrize("seed", [2**32 - 1, 2**32, 2**63 - 1, 2**64 + 5, 10**40,
                                  (7, 0), (7, 3, 1), (0,), (2**40, 2**33, 9, 1, 1, 1)])
def test_large_and_compound_seeds(seed):
    words = list(seed) if isinstance(seed, tuple) else seed
    assert stream(Generator(words)) == stream(np.random.default_rng(words))


def test_seeding_equals_numpy_pcg64_state():
    for seed in [0, 1, 123456789, (5, 2)]:
        words = list(seed) if isinstance(seed, tuple) else seed
        state = np.random.PCG64(words).state["state"]
        initstate, initseq = seed_state(words)
        assert Generator(words)._inc == state["inc"] == ((initseq << 1) | 1)
        assert Generator(words)._state == state["state"]


def test_the_tail_shuffle_for_large_pools():
    for seed in range(20):
        a, b = np.random.default_rng(seed), Generator(seed)
        assert a.choice(20_001, size=500, replace=False).tolist() == b.choice(
            20_001, size=500, replace=False)


def test_errors_say_what_is_wrong():
    rng = Generator(1)
    with pytest.raises(ValueError, match="high <= 0"):
        rng.integers(0)
    with pytest.raises(ValueError, match="larger sample"):
        rng.choice(3, size=4, replace=False)
    with pytest.raises(ValueError, match="sum to 1"):
        rng.choice(2, p=[0.5, 0.6])


def test_make_rng_uses_the_pure_generator_without_numpy():
    code = ("import sys; sys.modules['numpy'] = None\n"
            "from bluffkit.core import make_rng\n"
            "from bluffkit.core.pcg64 import Generator\n"
            "r = make_rng((7, 2)); assert isinstance(r, Generator)\n"
            "assert make_rng(r) is r\n"
            "print(r.integers(10**9, size=3), make_rng(5).random())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == [*str(np.random.default_rng([7, 2]).integers(
        10**9, size=3).tolist()).split(), repr(np.random.default_rng(5).random())]
    assert isinstance(make_rng(5), np.random.Generator)


def test_without_a_seed_each_generator_draws_its_own_numbers():
    draws = {tuple(Generator().integers(0, 2**62, size=4)) for _ in range(20)}
    assert len(draws) == 20
