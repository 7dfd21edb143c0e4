"""Two-player Bluff solved by CFR: the 1v1, 1v2 and 2v1 rounds and the match-win table.

Prints, for each round, the iterations and seconds to exploitability 0.001 (target: the 2 vs 1
round in under 10 minutes on a 2-core machine), the round's value, and the probability that
the opener wins the match from each position.

    python benchmarks/bluff_match.py [--target 0.001]
"""

from __future__ import annotations

import time

from common import options

from bluffkit.solvers.bluff.tree import solve_match


def main() -> None:
    args = options(__doc__, target=1e-3)
    start = time.perf_counter()
    cpu = time.process_time()
    match = solve_match((2, 1), args.target)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{'round':8} {'iterations':>10} {'seconds':>9} {'exploitability':>15} "
          f"{'value to opener':>16} {'P(opener wins)':>15}")
    for (x, y), solved in sorted(match.rounds.items(), key=lambda kv: sum(kv[0])):
        print(f"{x} v {y:<4} {solved.iterations:>10} {solved.seconds:>9.1f} "
              f"{solved.exploitability:>15.5f} {solved.value:>+16.4f} "
              f"{match.win[(x, y)]:>15.4f}")
    print(f"whole match: {wall:.1f} s wall, {cpu:.1f} s CPU (all threads)")
    two_one = match.rounds[(2, 1)]
    verdict = "met" if two_one.seconds < 600 and two_one.exploitability < 1e-3 else "MISSED"
    print(f"target (2 v 1 below exploitability 0.001 in under 10 minutes): {verdict}")


if __name__ == "__main__":
    main()
