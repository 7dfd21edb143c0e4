"""Two-player Bluff at every size up to 5 against 5 with imperfect recall, and what it costs.

Two parts (both by default):

- ``--table``: the abstraction's cost in the real game. For 1 v 1, 2 v 1, 1 v 2 and 2 v 2
  (the rounds whose every bid history can be enumerated beside a solve), solve the round
  remembering the last k bids for k = 1, 2, ... (``--ks``) and measure the strategy's
  exploitability in the real round by exact best response (``bluffkit.solvers.bluff.masks``),
  beside its exploitability within the abstraction. Payoffs: the match values of the smaller
  positions solved at the same k.
- ``--full``: every round up to 5 v 5 (``bluffkit.solvers.bluff.full.default_k`` bids
  remembered by size), the match by backward induction, saved to ``--out`` (default: the
  package's shipped file). Prints each round's k, iterations, seconds and exploitability, the
  match table (P(win) as opener and as second), the total time and the peak memory
  (``resource.getrusage``). Targets (issue 14): all sizes in under 30 minutes; exploitability
  in the real game at most 0.01 where it is measured.

    python benchmarks/bluff_abstract.py [--table] [--full] [--ks 1,2,3,4] [--out FILE]

Measured on the 2-core machine (2026-11-26), ``--full``: 25 rounds in 699 s (11.6 min), peak
6.78 GB, file 4.54 MB; real-game exploitability of the stored strategies 1 v 1 0.0039, 1 v 2
0.0019, 2 v 1 0.0038, 2 v 2 0.0078 (k = 4). ``--table --ks 2,3,4`` (150 iterations), real
round: 1 v 1 0.0730 / 0.0082 / 0.0034, 2 v 1 0.0302 / 0.0084 / 0.0036, 1 v 2 0.0364 / 0.0139 /
0.0014, 2 v 2 0.0311 / 0.0237 / 0.0076.
"""

from __future__ import annotations

import argparse
import json
import resource
import time

from bluffkit.advice.bluff.strategy import DATA
from bluffkit.solvers.bluff.full import FullMatch, default_k, positions, save_match, solve_full
from bluffkit.solvers.bluff.recall import RecallGame, RecallSolver


def peak_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def table(ks: list[int], iterations: int) -> list[dict]:
    rows = []
    for k in ks:
        win: dict = {}
        for x, y in ((1, 1), (2, 1), (1, 2), (2, 2)):
            start = time.perf_counter()
            game = RecallGame(x, y, k, lambda a, b, w=win: w[(a, b)])
            solved = RecallSolver(game).solve(iterations, check_every=iterations)
            win[(x, y)] = (solved.value + 1) / 2
            real = solved.measure_real()
            rows.append({"dice": [x, y], "k": k, "states": game.n_states,
                         "iterations": solved.iterations, "value": solved.value,
                         "abstract_exploitability": solved.abstract_exploitability,
                         "exploitability": real, "seconds": round(time.perf_counter() - start, 1),
                         "peak_gb": round(peak_gb(), 2)})
            r = rows[-1]
            print(f"  {x} v {y}, k = {k}: {game.n_states} states, {r['seconds']} s, "
                  f"within the abstraction {r['abstract_exploitability']:.4f}, in the real "
                  f"round {real:.4f}", flush=True)
    print("\nExploitability in the real round (exact best response), by bids remembered k:")
    print(f"{'round':7}" + "".join(f"{'k = ' + str(k):>10}" for k in ks))
    for x, y in ((1, 1), (2, 1), (1, 2), (2, 2)):
        cells = [next(r["exploitability"] for r in rows if r["dice"] == [x, y] and r["k"] == k)
                 for k in ks]
        print(f"{x} v {y:<3}" + "".join(f"{c:>10.4f}" for c in cells))
    return rows


def full(iterations_small: int, iterations_large: int, out) -> dict:
    def report(pos, t, elapsed, expl):
        print(f"  {pos[0]} v {pos[1]} (k = {default_k(*pos)}): {t} iterations, "
              f"{elapsed:.0f} s, within the abstraction {expl:.4f}, peak {peak_gb():.2f} GB",
              flush=True)

    match: FullMatch = solve_full(
        5, iterations=lambda x, y: iterations_small if x + y <= 4 else iterations_large,
        progress=report)
    figures = save_match(match, out)
    print(f"\nall 25 rounds solved in {match.seconds:.0f} s ({match.seconds / 60:.1f} min); "
          f"peak memory {peak_gb():.2f} GB; saved to {out}")
    print(f"{'round':7} {'k':>2} {'iterations':>10} {'seconds':>8} {'abstract':>9} "
          f"{'real':>8} {'P(opener wins)':>15}")
    for (x, y), f in sorted(figures.items(), key=lambda kv: (sum(kv[0]), kv[0])):
        real = "-" if f["exploitability"] != f["exploitability"] else \
            f"{f['exploitability']:.4f}"
        print(f"{x} v {y:<3} {f['k']:>2} {f['iterations']:>10} {f['seconds']:>8.0f} "
              f"{f['abstract_exploitability']:>9.4f} {real:>8} {match.win[(x, y)]:>15.4f}")
    print("\nP(I win the match) holding a dice against b: as opener / as second")
    print("a\\b " + "".join(f"{b:>14}" for b in range(1, 6)))
    for a in range(1, 6):
        print(f"{a:<4}" + "".join(f"{match.p_win(a, b, True):>7.3f}/{match.p_win(a, b, False):.3f}"
                                  for b in range(1, 6)))
    ok = all(f["exploitability"] <= 0.01 for f in figures.values()
             if f["exploitability"] == f["exploitability"])
    print(f"targets: all sizes in < 30 min: {'met' if match.seconds < 1800 else 'MISSED'}; "
          f"real-game exploitability <= 0.01 where measured: {'met' if ok else 'MISSED'}")
    return {f"{x}v{y}": f for (x, y), f in figures.items()} | {
        "seconds": match.seconds, "peak_gb": peak_gb(),
        "win": {f"{x}v{y}": w for (x, y), w in match.win.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--ks", default="1,2,3,4")
    parser.add_argument("--iterations", type=int, default=150, help="per round, k table")
    parser.add_argument("--iterations-small", type=int, default=150,
                        help="per round with at most 4 dice in play (full solve)")
    parser.add_argument("--iterations-large", type=int, default=100,
                        help="per round with 5 or more dice in play (full solve)")
    parser.add_argument("--out", default=str(DATA))
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    both = not (args.table or args.full)
    result = {}
    if args.full or both:
        result["full"] = full(args.iterations_small, args.iterations_large, args.out)
    if args.table or both:
        result["table"] = table([int(k) for k in args.ks.split(",")], args.iterations)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1, default=float)
    assert positions(5)


if __name__ == "__main__":
    main()
