"""Bluff advice with the equilibrium view: what it costs, where it applies and where it does not.

Run: ``.venv/bin/python benchmarks/advice_equilibrium.py [--repeat 300]``

Uses a fresh cache directory (``BLUFFKIT_CACHE``), then prints:

- the first 1-vs-1 advice of a fresh process (``--fresh`` processes, each importing the advice
  first, then timing its first ``advise``: wall clock and CPU, median and worst): it reads the
  round shipped with bluffkit (target: 20 ms);
- the first one if the shipped round were missing (the on-demand DCFR solve to exploitability
  0.001, plus saving it), for comparison;
- ``advise`` on 1-vs-1 positions afterwards (median and 99th percentile, ms), against
  ``advise(..., equilibrium=False)`` on the same positions;
- ``advise`` on 5-against-5 positions (no equilibrium applies) with and without the view, to show
  that the check costs nothing measurable.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

os.environ["BLUFFKIT_CACHE"] = tempfile.mkdtemp(prefix="bluffkit-bench-")

from bluffkit.advice.bluff import Position, advise  # noqa: E402
from bluffkit.advice.bluff import equilibrium as be  # noqa: E402
from bluffkit.core import make_rng  # noqa: E402
from bluffkit.games.bluff import raises_of  # noqa: E402

FRESH = """
import time
from bluffkit.advice.bluff import Position, advise
p = Position("3", (1, 1), me=1, bid="1x2", history=["1x2"])
t, c = time.perf_counter(), time.process_time()
assert advise(p).equilibrium is not None
print((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000)
"""


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return f"median {statistics.median(ms):7.3f} ms   p99 {p99:7.3f} ms"


def one_v_one(rng) -> Position:
    """A random 1-vs-1 position with a random legal bid history of 0-4 bids."""
    history, bid = [], None
    for _ in range(int(rng.integers(0, 5))):
        options = raises_of(bid, 2)
        if not options:
            break
        bid = options[int(rng.integers(len(options)))]
        history.append(str(bid))
    me = len(history) % 2
    return Position(str(int(rng.integers(1, 7))), (1, 1), me=me, bid=history[-1] if history
                    else None, history=history)


def five_v_five(rng) -> Position:
    mine = ",".join(str(int(f)) for f in rng.integers(1, 7, size=5))
    return Position(mine, (5, 5), bid=f"{int(rng.integers(1, 6))}x{int(rng.integers(1, 6))}",
                    history=None)


def main() -> None:
    args = options(__doc__, repeat=300, fresh=15)
    rng = make_rng(1)
    first = one_v_one(rng)
    print(f"cache: {os.environ['BLUFFKIT_CACHE']}")
    walls, cpus = [], []
    for _ in range(args.fresh):
        out = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True,
                             check=True, env={**os.environ}).stdout.split()
        walls.append(float(out[0]))
        cpus.append(float(out[1]))
    print(f"first 1v1 advice of a fresh process, shipped round ({args.fresh} processes): "
          f"wall median {statistics.median(walls):.1f} ms, worst {max(walls):.1f} ms; "
          f"CPU median {statistics.median(cpus):.1f} ms, worst {max(cpus):.1f} ms (target 20 ms)")
    from bluffkit.advice.bluff import rounds as bluff_rounds

    shipped = bluff_rounds.SHIPPED
    bluff_rounds.SHIPPED = set()  # as if the package data were missing
    print(f"first 1v1 advice without it (solve + save):    {timed(lambda: advise(first)):8.0f} ms")
    solved = be.solved_round(1, 1)
    print(f"  (DCFR {solved.iterations} iterations, exploitability {solved.exploitability:.5f})")
    bluff_rounds.SHIPPED = shipped
    Path(be.cache_path(1, 1)).unlink()
    be._ROUNDS.clear()
    be._TABLES.clear()
    positions = [one_v_one(rng) for _ in range(args.repeat)]
    with_view = [timed(lambda p=p: advise(p)) for p in positions]
    without = [timed(lambda p=p: advise(p, equilibrium=False)) for p in positions]
    applied = sum(advise(p).equilibrium is not None for p in positions)
    print(f"1v1 advise with the view    ({applied}/{len(positions)} with a view): "
          f"{summary(with_view)}")
    print(f"1v1 advise without the view:                  {summary(without)}")
    big = [five_v_five(rng) for _ in range(args.repeat)]
    on = [timed(lambda p=p: advise(p)) for p in big]
    off = [timed(lambda p=p: advise(p, equilibrium=False)) for p in big]
    view = [timed(lambda p=p: be.equilibrium_view(p)) for p in big]
    print(f"5v5 advise (no equilibrium applies):          {summary(on)}")
    print(f"5v5 advise, equilibrium=False:                {summary(off)}")
    print(f"5v5 equilibrium_view alone (the check):       {summary(view)}")


if __name__ == "__main__":
    main()
