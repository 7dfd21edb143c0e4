"""The pure-Python generator against numpy's: the cost of running without numpy.

Run: ``.venv/bin/python benchmarks/pcg64.py [--seeds 2000]``

For each pattern, CPU microseconds per call (per seed for the first two rows) with
``numpy.random.default_rng`` and with ``bluffkit.core.pcg64.Generator``, and the ratio:

- **seeding**: ``default_rng(seed)`` (SeedSequence hashing, PCG64 set-up);
- **exercise stream**: the stream of calls of ``tests/core/test_pcg64.py`` (what worksheets,
  bots and tables ask: scalars and short arrays);
- **scalar integers**, **random()**, **permutation(57)** (a Bungee deck), **choice with p**;
- **bulk integers**: ``integers(1, 7, size=100_000)`` (what a simulation asks; numpy's
  vectorised path, where the pure generator is slowest).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))

from test_pcg64 import stream  # noqa: E402

from bluffkit.core.pcg64 import Generator  # noqa: E402


def per_call(make, call, repeat: int) -> float:
    """CPU microseconds per ``call(rng)`` on one generator from ``make(0)``."""
    rng = make(0)
    start = time.process_time()
    for _i in range(repeat):
        call(rng)
    return (time.process_time() - start) / repeat * 1e6


def main(argv=None) -> None:
    n = options(__doc__, argv, seeds=2000).seeds
    rows = [
        ("seeding", lambda make: _seeds(make, n, lambda r: None)),
        ("exercise stream", lambda make: _seeds(make, n, stream)),
        ("scalar integers(1, 6)", lambda make: per_call(make, lambda r: r.integers(1, 6), 50 * n)),
        ("random()", lambda make: per_call(make, lambda r: r.random(), 50 * n)),
        ("permutation(57)", lambda make: per_call(make, lambda r: r.permutation(57), 5 * n)),
        ("choice(4, p=...)", lambda make: per_call(
            make, lambda r: r.choice(4, p=[0.1, 0.2, 0.3, 0.4]), 20 * n)),
        ("bulk integers(1, 7, size=100_000)", lambda make: per_call(
            make, lambda r: r.integers(1, 7, size=100_000), 3)),
    ]
    print(f"{'pattern':36} {'numpy µs':>10} {'pure µs':>10} {'pure/numpy':>10}")
    for name, run in rows:
        fast, pure = run(np.random.default_rng), run(Generator)
        print(f"{name:36} {fast:10.1f} {pure:10.1f} {pure / fast:10.1f}")


def _seeds(make, n: int, call) -> float:
    start = time.process_time()
    for seed in range(n):
        call(make(seed))
    return (time.process_time() - start) / n * 1e6


if __name__ == "__main__":
    main()
