"""Timing of the Bluff exercises: building a worksheet, checking an answer, showing a solution.

Run: .venv/bin/python benchmarks/exercises_bluff.py   (prints median and p99 in ms)
"""

import statistics
import time

from bluffkit.exercises import catalogue, load


def timed(f, runs):
    out = []
    for i in range(runs):
        t = time.perf_counter()
        f(i)
        out.append((time.perf_counter() - t) * 1000)
    out.sort()
    return statistics.median(out), out[int(0.99 * (len(out) - 1))]


def main():
    load("bluff", seed=0)  # imports and caches warm
    rows = [("load('bluff', seed) (12 questions)", timed(lambda i: load("bluff", seed=i), 200))]
    for cls in catalogue("bluff"):
        qs = [cls(seed=s) for s in range(200)]
        rows.append((f"{cls.__name__}: construct", timed(lambda i, c=cls: c(seed=1000 + i), 200)))
        rows.append((f"{cls.__name__}: check right answer",
                     timed(lambda i, q=qs: q[i].check(q[i].expected()), 200)))
        rows.append((f"{cls.__name__}: check a wrong answer",
                     timed(lambda i, q=qs: q[i].check("0.999"), 200)))
        rows.append((f"{cls.__name__}: solution()", timed(lambda i, q=qs: q[i].solution(), 50)))
    print(f"{'what':48s} {'median ms':>10s} {'p99 ms':>8s}")
    for name, (med, p99) in rows:
        print(f"{name:48s} {med:10.2f} {p99:8.2f}")


if __name__ == "__main__":
    main()
