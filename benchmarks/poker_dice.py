"""Poker dice: exact equity against 3 opponents before the common roll, against Monte Carlo.

Run: ``.venv/bin/python benchmarks/poker_dice.py [--deals 100000] [--repeat 20] [--seed 1]``

1. Exact equity (``bluffkit.odds.poker_dice.equity``) of each of the 56 possible peeker rolls
   against 3 unknown opponents before the common roll: every unknown die enumerated, 216**4
   (about 2.2e9) equally likely ordered rolls counted through multisets. Median and 99th
   percentile per call in ms, warm (the 56 x 56 strength table built) and cold (every cache
   cleared first: the table and the hand evaluator). Target (issue 5): under 50 ms.
2. The same numbers by Monte Carlo with ``--deals`` random deals (numpy, vectorised): time, the
   time ratio Monte Carlo / exact, the estimate's error against the exact value, and its
   standard error.
3. The advisor (ante and betting decisions) per call, as a widget calls it: p50, p99 and worst,
   cold (caches cleared) and warm, wall and CPU. Target (issue 13): p99 < 20 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.advice.poker_dice import Position, advise  # noqa: E402
from bluffkit.core import make_rng  # noqa: E402
from bluffkit.games.poker_dice import best_hand, dice_text, hand_key  # noqa: E402
from bluffkit.odds import poker_dice as odds  # noqa: E402


def ms(seconds: list[float]) -> str:
    xs = sorted(s * 1000 for s in seconds)
    p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
    return f"median {statistics.median(xs):8.3f} ms   p99 {p99:8.3f} ms   (n={len(xs)})"


def clear_caches() -> None:
    odds.strength_table.cache_clear()
    best_hand.cache_clear()
    hand_key.cache_clear()


def main() -> None:
    args = options(__doc__, deals=100_000, repeat=(20, "timed calls per hand"),
                   mc_hands=(8, "hands estimated by Monte Carlo"), seed=1)
    hands = odds.THREES

    cold = []
    for mine in hands[:: max(1, len(hands) // 8)]:
        clear_caches()
        t = time.perf_counter()
        odds.equity(mine, None, 3)
        cold.append(time.perf_counter() - t)
    warm, exact = [], {}
    for mine in hands:
        for _ in range(args.repeat):
            t = time.perf_counter()
            e = odds.equity(mine, None, 3)
            warm.append(time.perf_counter() - t)
        exact[mine] = e.equity
    print("Exact equity vs 3 opponents before the common roll (216**4 ordered rolls each):")
    print(f"  warm: {ms(warm)}")
    print(f"  cold: {ms(cold)}   (strength table and hand caches rebuilt)")
    print(f"  target < 50 ms: {'met' if max(warm) < 0.05 else 'NOT met'} (warm max "
          f"{max(warm) * 1000:.3f} ms)")

    rng = make_rng(args.seed)
    picks = [hands[int(i)] for i in rng.choice(len(hands), args.mc_hands, replace=False)]
    print(f"\nMonte Carlo with {args.deals:,} deals vs the exact value:")
    print(f"  {'hand':8} {'exact':>8} {'MC':>8} {'error':>8} {'SE':>7} {'err/SE':>6} "
          f"{'MC ms':>8} {'exact ms':>9} {'ratio':>7}")
    ratios, errors = [], []
    for mine in picks:
        t = time.perf_counter()
        est, se = odds.approx_equity(mine, None, 3, deals=args.deals, seed=rng)
        t_mc = time.perf_counter() - t
        t = time.perf_counter()
        for _ in range(args.repeat):
            odds.equity(mine, None, 3)
        t_ex = (time.perf_counter() - t) / args.repeat
        err = est - float(exact[mine])
        ratios.append(t_mc / t_ex)
        errors.append(abs(err))
        print(f"  {dice_text(mine):8} {float(exact[mine]):8.5f} {est:8.5f} {err:+8.5f} "
              f"{se:7.5f} {err / se:+6.2f} {t_mc * 1000:8.2f} {t_ex * 1000:9.3f} "
              f"{t_mc / t_ex:7.0f}x")
    print(f"  Monte Carlo is {statistics.median(ratios):.0f}x slower (median) than the exact "
          f"count; mean |error| {statistics.mean(errors):.5f}, max {max(errors):.5f}")

    advisor(hands)


def advisor(hands) -> None:
    """The advisor per call, as a widget calls it: ante (the first bet modelled over the 56
    common rolls) and betting decisions, 1-3 opponents; cold (every table and hand cache
    cleared before the call) and warm; wall and CPU time. Target (issue 13): p99 < 20 ms."""
    positions = []
    for i, mine in enumerate(hands):
        k = 1 + i % 3
        positions.append(Position(mine, opponents=k))
        for common in hands[i % 7:: 11]:
            positions.append(Position(mine, common, opponents=k, pot=k + 5, to_call=3, stack=40))
    for label, cold in (("cold (caches cleared)", True), ("warm", False)):
        wall, cpu = [], []
        for pos in positions:
            if cold:
                clear_caches()
            w, c = time.perf_counter(), time.thread_time()
            advise(pos)
            wall.append(time.perf_counter() - w)
            cpu.append(time.thread_time() - c)
        print(f"\nAdvisor, {label}, {len(positions)} positions (ante and betting):")
        print(f"  wall: {ms(wall)}   worst {max(wall) * 1000:.3f} ms")
        print(f"  CPU:  {ms(cpu)}   worst {max(cpu) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
