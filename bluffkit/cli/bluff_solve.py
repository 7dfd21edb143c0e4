"""``bluffkit solve bluff``: equilibrium of two-player Bluff rounds by CFR, and the match."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ..solvers.bluff_tree import RULESETS, default_path, solve_match, solve_round
from .common import CliError, ints, print_json, table


def register(commands) -> None:
    p = commands["solve"].add_parser(
        "bluff", help="equilibrium of a two-player Bluff round (CFR) and the match-win table",
        description="Solve the round where the opener holds X dice and the other Y (at most 4 "
                    "dice in play), by discounted CFR to a target exploitability; the smaller "
                    "positions are solved first (backward induction) and give the round's "
                    "payoffs. The strategy is saved where the advice and notebooks find it.")
    p.add_argument("--dice", default="1,1", help="X,Y: the opener's dice and the other's")
    p.add_argument("--target", type=float, default=1e-3, help="exploitability to reach")
    p.add_argument("--ruleset", choices=RULESETS, default="bluff",
                   help="bluff (the board) or openspiel (OpenSpiel's liars_dice, 1,1 only)")
    p.add_argument("--out", help="file for the strategy (default: the bluffkit cache)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_solve)


class Progress:
    """A progress line on stderr: a bar on a terminal, a line now and then otherwise."""

    def __init__(self, target: float):
        self.target, self.tty, self.last = target, sys.stderr.isatty(), 0.0

    def __call__(self, position, iteration, seconds, expl):
        import math

        done = min(1.0, math.log(max(expl, 1e-12) / 1.0) / math.log(self.target)) if expl else 1
        bar = "#" * int(30 * max(done, 0)) + "." * (30 - int(30 * max(done, 0)))
        line = (f"round {position[0]}v{position[1]} [{bar}] iteration {iteration:5d}  "
                f"exploitability {expl:.5f}  {seconds:6.1f}s")
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
        elif seconds - self.last >= 10 or expl <= self.target:
            print(line, file=sys.stderr, flush=True)
            self.last = seconds

    def close(self):
        if self.tty:
            print(file=sys.stderr)


def _solve(args) -> int:
    dice = ints(args.dice, "--dice")
    if len(dice) != 2 or not all(1 <= d <= 3 for d in dice) or sum(dice) > 4:
        raise CliError(f"--dice takes X,Y with 1-3 dice each and at most 4 in play, got "
                       f"{args.dice!r}")
    if not 0 < args.target < 1:
        raise CliError(f"--target must be an exploitability between 0 and 1, got {args.target}")
    x, y = dice
    progress = Progress(args.target)
    start = time.perf_counter()
    if args.ruleset == "openspiel":
        if (x, y) != (1, 1):
            raise CliError("--ruleset openspiel is OpenSpiel's liars_dice: --dice 1,1 only")
        rounds = {(1, 1): solve_round(1, 1, ruleset="openspiel", target=args.target,
                                      progress=lambda *a: progress((1, 1), *a))}
        win = None
    else:
        match = solve_match((x, y), args.target, progress=progress)
        rounds, win = match.rounds, match.win
    progress.close()
    solved = rounds[(x, y)]
    out = Path(args.out) if args.out else default_path(x, y, args.ruleset)
    out.parent.mkdir(parents=True, exist_ok=True)
    solved.save(out)
    for (a, b), other in rounds.items():  # the smaller rounds too, for the advice's match table
        if (a, b) != (x, y):
            path = default_path(a, b, args.ruleset)
            path.parent.mkdir(parents=True, exist_ok=True)
            other.save(path)
    opening = {solved.tree.private_labels[0][k]: {a: round(p, 4) for a, p in
                                                  zip(*_row(solved, k)) if p >= 5e-3}
               for k in range(solved.tree.n_private[0])}
    result = {
        "dice": [x, y], "ruleset": args.ruleset, "approximate": True,
        "note": "CFR gives an approximate equilibrium: every number is a float within the "
                "stated exploitability of the exact game value",
        "value_to_opener": solved.value, "exploitability": solved.exploitability,
        "iterations": solved.iterations, "seconds": round(time.perf_counter() - start, 2),
        "file": str(out), "opening_bids": opening,
        "smaller_rounds_saved_to": str(default_path(1, 1, args.ruleset).parent),
        "match": None if win is None else [
            {"opener_dice": a, "other_dice": b, "p_opener_wins": w,
             "exploitability": rounds[(a, b)].exploitability} for (a, b), w in sorted(win.items())],
    }
    if args.json:
        print_json(result)
        return 0
    print(f"Round {x} v {y} ({args.ruleset}): value to the opener {solved.value:+.4f} "
          f"(exploitability {solved.exploitability:.5f}, {solved.iterations} iterations, "
          f"{result['seconds']} s). Strategy saved to {out}.")
    print("\nOpening bids (the opener's equilibrium frequencies by roll, rounded):")
    print(table(["roll", "bids"], [(roll, ", ".join(f"{a} {p:.0%}" for a, p in bids.items()))
                                   for roll, bids in opening.items()]))
    if win is not None:
        print("\nMatch: probability that the opener wins from each position")
        print(table(["opener dice", "other dice", "P(opener wins)", "exploitability"],
                    [(m["opener_dice"], m["other_dice"], f"{m['p_opener_wins']:.4f}",
                      f"{m['exploitability']:.5f}") for m in result["match"]]))
    return 0


def _row(solved, k):
    labels, table_ = solved.strategy_table([])
    return labels, table_[k]
