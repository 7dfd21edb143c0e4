"""numpy's seeded generator in pure Python: the same numbers as ``numpy.random.default_rng``.

Where numpy cannot be installed (Pyodide without its CDN, a school's locked machine), every
seeded game and every student's exercise numbers must stay what they are with numpy. This is
numpy's ``Generator(PCG64(SeedSequence(seed)))`` written out from numpy's sources
(``bit_generator.pyx``, ``pcg64.h``, ``distributions.c``, ``_generator.pyx``) for the calls
bluffkit makes: ``integers`` (Lemire's bounded method, 32-bit path with numpy's buffered
half-words, 64-bit path), ``random`` (53-bit doubles), ``choice`` (uniform, weighted, or
without replacement by Floyd's method then a shuffle), ``shuffle``, ``permutation``,
``bytes`` and ``bit_generator.random_raw``. Arrays come back as lists (nested for a tuple ``size``).

>>> rng = Generator(7)  # numpy.random.default_rng(7) draws the same
>>> rng.integers(1, 7, size=5), round(rng.random(), 6)
([6, 4, 5, 6, 4], 0.225207)
"""

from __future__ import annotations

import bisect
import math
import operator
import os
from itertools import cycle

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF
M128 = (1 << 128) - 1
MULTIPLIER = (2549297995355413924 << 64) | 4865540595714422341
INIT_A, MULT_A = 0x43B0D7E5, 0x931E8875
INIT_B, MULT_B = 0x8B51F9DD, 0x58F38DED
MIX_L, MIX_R = 0xCA01F9DD, 0x4973F715
POOL_SIZE = 4


def _words(x) -> list[int]:
    """numpy's ``_coerce_to_uint32_array``: an int or a sequence of ints as 32-bit words."""
    if isinstance(x, (bool, float)):
        raise TypeError("seed must be integer")
    if isinstance(x, int) or hasattr(x, "__index__"):
        n = int(x)
        if n < 0:
            raise ValueError("expected non-negative integer")
        out = [n & M32] if n == 0 else []
        while n > 0:
            out.append(n & M32)
            n >>= 32
        return out
    out = []
    for v in x:
        if hasattr(v, "__len__"):
            raise TypeError("SeedSequence does not accept nested sequences.")
        out += _words(v)
    return out


class _Hash:
    """The hash constant that numpy's SeedSequence carries through ``hashmix``."""

    def __init__(self):
        self.const = INIT_A

    def mix(self, value: int) -> int:
        value ^= self.const
        self.const = (self.const * MULT_A) & M32
        value = (value * self.const) & M32
        return value ^ (value >> 16)


def _mix(x: int, y: int) -> int:
    r = (MIX_L * x - MIX_R * y) & M32
    return r ^ (r >> 16)


def seed_state(entropy) -> tuple[int, int]:
    """The PCG64 (state, increment) that ``SeedSequence(entropy)`` seeds (no spawn key)."""
    words = _words(entropy)
    h = _Hash()
    pool = [h.mix(words[i] if i < len(words) else 0) for i in range(POOL_SIZE)]
    for src in range(POOL_SIZE):
        for dst in range(POOL_SIZE):
            if src != dst:
                pool[dst] = _mix(pool[dst], h.mix(pool[src]))
    for src in range(POOL_SIZE, len(words)):
        for dst in range(POOL_SIZE):
            pool[dst] = _mix(pool[dst], h.mix(words[src]))
    const, state = INIT_B, []
    for word in (w for w, _i in zip(cycle(pool), range(8))):
        word ^= const
        const = (const * MULT_B) & M32
        word = (word * const) & M32
        state.append(word ^ (word >> 16))
    u64 = [state[i] | (state[i + 1] << 32) for i in range(0, 8, 2)]
    return (u64[0] << 64) | u64[1], (u64[2] << 64) | u64[3]


class Generator:
    """``numpy.random.default_rng(seed)`` in pure Python (PCG64, SeedSequence seeding).

    Args:
        seed: a whole number 0 or more, a sequence of them (``[seed, index]``), or None for
            fresh entropy, as numpy takes them.
    """

    def __init__(self, seed=None):
        if seed is None:
            seed = int.from_bytes(os.urandom(16), "little")  # what secrets.randbits(128) reads
        initstate, initseq = seed_state(seed)
        self._inc = ((initseq << 1) | 1) & M128
        self._state = ((self._inc + initstate) * MULTIPLIER + self._inc) & M128
        self._half = None  # numpy's buffered upper 32 bits (has_uint32, uinteger)

    def _next64(self) -> int:
        s = self._state = (self._state * MULTIPLIER + self._inc) & M128
        x, rot = ((s >> 64) ^ s) & M64, s >> 122
        return ((x >> rot) | (x << (64 - rot))) & M64

    def _next32(self) -> int:
        if self._half is not None:
            half, self._half = self._half, None
            return half
        x = self._next64()
        self._half = x >> 32
        return x & M32

    def _bounded(self, rng: int) -> int:
        """numpy's ``random_bounded_uint64``: uniform in ``[0, rng]`` (Lemire, no mask)."""
        if rng == 0:
            return 0
        if rng <= M32:
            return self._next32() if rng == M32 else _lemire(self._next32, rng, 32)
        return self._next64() if rng == M64 else _lemire(self._next64, rng, 64)

    def integers(self, low, high=None, size=None):
        """Uniform whole numbers in ``[low, high)`` (``[0, low)`` with one bound), int64."""
        if high is None:
            low, high = 0, low
        low, high = _whole(low, "low"), _whole(high, "high") - 1
        if low < -2**63:
            raise ValueError("low is out of bounds for int64")
        if high >= 2**63:
            raise ValueError("high is out of bounds for int64")
        if low > high:
            raise ValueError("low >= high" if low else "high <= 0")
        span = high - low
        return _shaped([low + self._bounded(span) for _i in range(_count(size))], size)

    def random(self, size=None):
        """Floats in ``[0, 1)``: 53 random bits of a 64-bit draw."""
        return _shaped([(self._next64() >> 11) * (1.0 / 9007199254740992.0)
                        for _i in range(_count(size))], size)

    def bytes(self, length: int) -> bytes:
        """Random bytes: 32-bit draws, little-endian, cut to ``length``."""
        words = [self._next32() for _i in range((length - 1) // 4 + 1)]
        return b"".join(w.to_bytes(4, "little") for w in words)[:length]

    @property
    def bit_generator(self) -> Generator:
        """The bit generator (this object: ``random_raw`` as numpy's PCG64 has it)."""
        return self

    def random_raw(self, size=None):
        """Raw 64-bit outputs of PCG64 (numpy's ``bit_generator.random_raw``)."""
        return _shaped([self._next64() for _i in range(_count(size))], size)

    def _interval(self, top: int) -> int:
        """numpy's ``random_interval``: uniform in ``[0, top]`` by masking and rejection."""
        if top == 0:
            return 0
        mask = (1 << top.bit_length()) - 1
        draw = self._next32 if top <= M32 else self._next64
        while (value := draw() & mask) > top:
            pass
        return value

    def shuffle(self, x) -> None:
        """Shuffle a list in place (Fisher-Yates from the end, as numpy)."""
        for i in reversed(range(1, len(x))):
            j = self._interval(i)
            x[i], x[j] = x[j], x[i]

    def permutation(self, x) -> list:
        """A shuffled copy of ``range(x)`` or of the list ``x``."""
        items = list(range(x)) if isinstance(x, int) else list(x)
        self.shuffle(items)
        return items

    def _shuffle_tail(self, idx: list[int], first: int) -> None:
        for i in reversed(range(first, len(idx))):
            j = self._bounded(i)
            idx[i], idx[j] = idx[j], idx[i]

    def choice(self, a, size=None, replace: bool = True, p=None):
        """Items of ``a`` (or numbers below ``a``), as numpy's ``Generator.choice`` draws them."""
        pool = len(a) if hasattr(a, "__len__") else operator.index(a)
        n = _count(size)
        if pool <= 0 and n:
            raise ValueError("a must be a positive integer or a non-empty sequence")
        if p is not None:
            p = [float(w) for w in p]
            if len(p) != pool:
                raise ValueError("a and p must have same size")
            if min(p) < 0 or abs(math.fsum(p) - 1.0) > math.sqrt(2.220446049250313e-16):
                raise ValueError("probabilities must be 0 or more and sum to 1")
        if replace and p is not None:
            cdf = list(_accumulate(p))
            cdf = [c / cdf[-1] for c in cdf]
            idx = [bisect.bisect_right(cdf, u) for u in (self.random() for _i in range(n))]
        elif replace:
            idx = [self._bounded(pool - 1) for _i in range(n)]
        elif p is not None:
            raise NotImplementedError("choice without replacement and with p")
        elif n > pool:
            raise ValueError("Cannot take a larger sample than population when replace is "
                             "False")
        elif pool > 10000 and n > pool // 50:
            idx = list(range(pool))
            self._shuffle_tail(idx, max(pool - n, 1))
            idx = idx[pool - n:]
        else:  # Floyd's algorithm, then a shuffle
            idx, seen = [], set()
            for j in range(pool - n, pool):
                val = self._bounded(j)
                pick = j if val in seen else val
                seen.add(pick)
                idx.append(pick)
            self._shuffle_tail(idx, 1)
        items = [a[i] for i in idx] if hasattr(a, "__len__") else idx
        return _shaped(items, size)


def _lemire(draw, rng: int, bits: int) -> int:
    """Lemire's multiply-and-reject: uniform in ``[0, rng]`` from ``bits``-bit draws."""
    mask, excl = (1 << bits) - 1, rng + 1
    m = draw() * excl
    if m & mask < excl:
        threshold = (mask - rng) % excl
        while m & mask < threshold:
            m = draw() * excl
    return m >> bits


def _accumulate(values):
    total = 0.0
    for v in values:
        total += v
        yield total


def _whole(x, name: str) -> int:
    if isinstance(x, bool) or not (isinstance(x, int) or hasattr(x, "__index__")):
        if isinstance(x, float) and x.is_integer():
            return int(x)
        raise TypeError(f"{name} must be a whole number, got {x!r}")
    return int(x)


def _count(size) -> int:
    if size is None:
        return 1
    if isinstance(size, int):
        return size
    return math.prod(size)


def _shaped(flat: list, size):
    """One value for ``size=None``, a list for an int, nested lists for a tuple."""
    if size is None:
        return flat[0]
    if isinstance(size, int):
        return flat
    for dim in reversed(size[1:]):
        flat = [flat[i:i + dim] for i in range(0, len(flat), dim)]
    return flat
