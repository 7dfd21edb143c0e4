"""Bluff odds and advice: speed on 1,000 random positions, and exactness against icepool.

Run: ``.venv/bin/python benchmarks/bluff_odds.py [--positions 1000] [--seed 1]``

Times ``bid_odds`` and ``advise`` (median and 99th percentile, in ms; wall clock and this
thread's CPU time, which differ on a busy machine) with warm caches (as a widget sees them after
a few questions) and with every cache cleared before each call (the worst case); one more row
repeats the warm run with the garbage collector paused, to show how much of the tail is Python's
collector rather than the calculation. Then asks, for every position and each of the six faces,
the distribution of the number of matching dice both from ``count_distribution`` and from icepool
(an independent exact computation: the sum of the unknown dice, each mapped from a d6 to 1 if it
matches, plus the known matches), asserts the two are equal, and prints the time ratio.
Target (issue 2): advice under 20 ms at the 99th percentile with up to 30 dice in play.

Last, the exact count of matching dice among 5-10 dice with cold caches against dyce (issue 13:
at least as fast as dyce cold): ``count_from_counts`` (values already read: the calculator's
core), ``count_distribution`` (the same from text, parsing included) and dyce's
``n @ H({1: 2, 0: 4}) + known`` (its die built once, as ours is read once). The sides are
interleaved, in alternating order, over ``--rounds`` rounds of ``--calls`` calls each; the table
shows the median over rounds of each round's median time per call, with dyce's answers checked
equal to ours. ``--dyce-only`` runs just that part.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icepool  # noqa: E402

from bluffkit.advice.bluff import Position, advise  # noqa: E402
from bluffkit.core import make_rng  # noqa: E402
from bluffkit.games.bluff import FACES, STAR, Bid, BluffRules  # noqa: E402
from bluffkit.odds.bluff import counts as odds  # noqa: E402


def random_position(rng) -> Position:
    """A random legal position: 2-6 players, 1-5 dice each, maybe the expansion and a bid."""
    n = int(rng.integers(2, 7))
    held = [int(rng.integers(1, 6)) for _ in range(n)]
    if rng.random() < 0.3:
        held = [5] * n  # full tables: up to 30 dice, the target's worst case
    me = int(rng.integers(n))
    expansion = bool(rng.random() < 0.3)
    exposed = [[] for _ in range(n)]
    if expansion:
        for p in range(n):
            k = int(rng.integers(0, held[p]))  # at least one die stays hidden
            exposed[p] = [int(rng.choice(FACES)) for _ in range(k)]
    mine = [int(rng.choice(FACES)) for _ in range(held[me] - len(exposed[me]))]
    total = sum(held)
    show = expansion and rng.random() < 0.3
    if show or rng.random() < 0.9:
        bid = Bid(int(rng.integers(1, total + 1)), int(rng.choice(FACES)))
        bidder = me if show else (me - 1) % n
    else:
        bid = bidder = None
    rules = BluffRules(players=n, show_and_reroll=expansion)
    return Position(tuple(mine), tuple(held), me, tuple(map(tuple, exposed)), bid, bidder, rules,
                    "show" if show else "bid")


def clear_caches() -> None:
    odds._odds.cache_clear()
    odds.binomial_count.cache_clear()
    odds.binomial_weights.cache_clear()
    odds.tail_weights.cache_clear()


def timed(fn, cold: bool) -> tuple[float, float]:
    """(wall-clock ms, this thread's CPU ms): on a busy machine the two differ."""
    if cold:
        clear_caches()
    t, c = time.perf_counter(), time.thread_time()
    fn()
    return (time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000


def icepool_count(face: int, known: int, unknown: int) -> dict[int, Fraction]:
    match = icepool.d6.map(lambda x: 1 if x == face or (x == STAR and face != STAR) else 0)
    die = (unknown @ match) + known if unknown else icepool.Die([known])
    den = die.denominator()
    return {k: Fraction(q, den) for k, q in die.items() if q}


def ms(times: list[tuple[float, float]]) -> tuple[str, ...]:
    """Median and p99 of the wall-clock times, then of the CPU times."""
    out = []
    for xs in (sorted(t[0] for t in times), sorted(t[1] for t in times)):
        p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
        out += [f"{statistics.median(xs):.3f}", f"{p99:.3f}"]
    return tuple(out)


def per_call_us(fn, calls: int) -> float:
    """Median time of one cold call, in microseconds (caches cleared before each call)."""
    times = []
    for _ in range(calls):
        clear_caches()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def dyce_comparison(rounds: int, calls: int) -> None:
    from dyce import H

    digit, star = H({1: 2, 0: 4}), H({1: 1, 0: 5})  # one unknown die: matches or not
    sides = {
        "bluffkit count_from_counts": lambda n, known, face: odds.count_from_counts(known, n, face),
        "bluffkit count_distribution (text)": lambda n, known, face: odds.count_distribution(
            "*" if face == STAR else str(face), n + known, mine=",".join(["*"] * known)),
        "dyce n @ H + known": lambda n, known, face: (n @ (star if face == STAR else digit))
        + known,
    }
    for n in range(5, 11):  # the answers agree
        for face, known in ((3, 2), (STAR, 1)):
            ours = odds.count_from_counts(known, n, face)
            theirs = sides["dyce n @ H + known"](n, known, face)
            total = sum(theirs.values())
            assert {k: Fraction(w, total) for k, w in theirs.items() if w} == ours.pmf()
    results = {name: {n: [] for n in range(5, 11)} for name in sides}
    for r in range(rounds):
        order = list(sides) if r % 2 == 0 else list(reversed(sides))
        for n in range(5, 11):
            for name in order:
                fn = sides[name]
                results[name][n].append(per_call_us(lambda fn=fn, n=n: fn(n, 2, 3), calls))
    print(f"\nexact count of matching dice, cold caches: median over {rounds} interleaved rounds "
          f"of {calls} calls (µs per call; a bid on 3s, 2 known matches)")
    width = max(map(len, sides))
    print(f"{'':<{width}}  " + "  ".join(f"{n:>2} dice" for n in range(5, 11)))
    for name in sides:
        print(f"{name:<{width}}  " + "  ".join(
            f"{statistics.median(results[name][n]):>7.1f}" for n in range(5, 11)))
    core, dy = results["bluffkit count_from_counts"], results["dyce n @ H + known"]
    print("dyce / bluffkit core: " + ", ".join(
        f"{statistics.median(dy[n]) / statistics.median(core[n]):.1f}x" for n in range(5, 11)))


def main() -> None:
    args = options(__doc__, positions=1000, seed=1, rounds=9, calls=200, dyce_only=False)
    if args.dyce_only:
        dyce_comparison(args.rounds, args.calls)
        return
    rng = make_rng(args.seed)
    positions = [random_position(rng) for _ in range(args.positions)]
    questions = []  # (bid, dice in play, mine, exposed) for bid_odds
    for pos in positions:
        bid = pos.bid or Bid(int(rng.integers(1, pos.dice_in_play + 1)), int(rng.choice(FACES)))
        questions.append((bid, pos.dice_in_play, pos.my_dice, sum(pos.exposed, ())))

    rows = []
    for cold in (False, True):
        label = "cold caches" if cold else "warm caches"
        clear_caches()
        t_odds = [timed(lambda q=q: odds.bid_odds(*q), cold) for q in questions]
        t_adv = [timed(lambda p=p: advise(p), cold) for p in positions]
        big = [t for t, p in zip(t_adv, positions) if p.dice_in_play > 20]
        rows.append((f"bid_odds, {label}", len(t_odds), *ms(t_odds)))
        rows.append((f"advise, {label}", len(t_adv), *ms(t_adv)))
        rows.append((f"advise, {label}, 21-30 dice", len(big), *ms(big)))
    gc.disable()  # the same calls without Python's garbage-collector pauses
    t_adv = [timed(lambda p=p: advise(p), False) for p in positions]
    gc.enable()
    rows.append(("advise, warm caches, no gc pauses", len(t_adv), *ms(t_adv)))

    # exactness against icepool, and the time of one count distribution each way
    t_ours, t_ice, compared = [], [], 0
    for pos in positions:
        known = pos.known_dice
        for face in FACES:
            clear_caches()
            t = time.perf_counter()
            ours = odds.count_distribution(face, pos.dice_in_play, pos.my_dice,
                                           sum(pos.exposed, ()))
            t_ours.append(time.perf_counter() - t)
            t = time.perf_counter()
            theirs = icepool_count(face, odds.matches(known, face), pos.unknown)
            t_ice.append(time.perf_counter() - t)
            assert ours.pmf() == theirs, (pos, face)
            compared += 1

    print(f"Bluff odds and advice on {args.positions} random positions (seed {args.seed}); "
          f"dice in play {min(p.dice_in_play for p in positions)}-"
          f"{max(p.dice_in_play for p in positions)}, "
          f"{sum(p.phase == 'show' for p in positions)} show decisions, "
          f"{sum(p.bid is None for p in positions)} openings")
    width = max(len(r[0]) for r in rows)
    print(f"{'':<{width}}  {'':>5}  {'wall clock':^18}  {'CPU (this thread)':^18}")
    print(f"{'what':<{width}}  {'calls':>5}  {'median ms':>9}  {'p99 ms':>7}  "
          f"{'median ms':>9}  {'p99 ms':>7}")
    for name, n, med, p99, cmed, cp99 in rows:
        print(f"{name:<{width}}  {n:>5}  {med:>9}  {p99:>7}  {cmed:>9}  {cp99:>7}")
    ours_ms, ice_ms = statistics.median(t_ours) * 1000, statistics.median(t_ice) * 1000
    print(f"\ncount distribution vs icepool: {compared} questions, all answers equal")
    print(f"  median ms: bluffkit {ours_ms:.3f} (cold cache), icepool {ice_ms:.3f}; "
          f"icepool / bluffkit = {ice_ms / ours_ms:.1f}x "
          f"(totals {sum(t_ours):.2f} s vs {sum(t_ice):.2f} s)")
    dyce_comparison(args.rounds, args.calls)


if __name__ == "__main__":
    main()
