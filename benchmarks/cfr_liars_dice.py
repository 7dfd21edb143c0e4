"""bluffkit's vectorised CFR against OpenSpiel's CFR+ on liars_dice (one die each).

Prints seconds of solving (evaluation excluded, for every solver alike) to reach
exploitability 0.01 and 0.001, the game values, and the speed ratios. The solvers are
interleaved over ``--rounds`` rounds (each round runs every solver from scratch, the order
reversed every other round) and the table shows medians over rounds, so that a busy machine
weighs on both sides alike: run once each, the ratio against OpenSpiel's C++ CFR+ read 125-138x,
where interleaved rounds give about 64-76x (DCFR, to exploitability 0.001). OpenSpiel is
optional (``pip install open_spiel``); without it only bluffkit is timed.

    python benchmarks/cfr_liars_dice.py [--budget SECONDS] [--rounds 5] [--skip-python]
"""

from __future__ import annotations

import statistics
import time

from common import options

from bluffkit.solvers.bluff.tree import round_tree
from bluffkit.solvers.cfr import CFRSolver

TARGETS = (0.01, 0.001)


def run(step, evaluate, budget: float, every: int) -> dict:
    """Iterate ``every`` at a time until each target is met; returns target -> (seconds, its)."""
    reached, solving, iterations = {}, 0.0, 0
    while len(reached) < len(TARGETS) and solving < budget:
        t = time.perf_counter()
        step(every)
        solving += time.perf_counter() - t
        iterations += every
        value, expl = evaluate()
        for target in TARGETS:
            if expl <= target and target not in reached:
                reached[target] = (solving, iterations, value)
    return reached


def bluffkit_solvers() -> dict:
    """Solver name -> a function running it from scratch with a time budget."""
    def runner(variant):
        def go(budget):
            tree, _ = round_tree(1, 1, ruleset="openspiel")
            solver = CFRSolver(tree, variant)
            return run(solver.iterate, solver.evaluate, budget, 10)
        return go
    return {f"bluffkit {variant} (numpy)": runner(variant) for variant in ("dcfr", "cfr+")}


def openspiel_solvers(python: bool) -> dict:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): skipping its solvers.")
        return {}
    out = {"OpenSpiel C++ CFRPlusSolver": lambda budget: openspiel_runs(budget, "cpp")}
    if python:
        out["OpenSpiel Python cfr.CFRPlusSolver"] = lambda budget: openspiel_runs(budget, "py")
    return out


def openspiel_runs(budget: float, which: str) -> dict:
    import pyspiel
    from open_spiel.python.algorithms import cfr, exploitability
    from open_spiel.python.algorithms.expected_game_score import policy_value

    game = pyspiel.load_game("liars_dice")
    if which == "cpp":
        solver, every = pyspiel.CFRPlusSolver(game), 10

        def measure(avg):
            return (pyspiel.expected_returns(game.new_initial_state(), avg, -1, True)[0],
                    pyspiel.exploitability(game, avg))
    else:
        solver, every = cfr.CFRPlusSolver(game), 5

        def measure(pol):
            return (policy_value(game.new_initial_state(), [pol, pol])[0],
                    exploitability.exploitability(game, pol))

    def step(n):
        for _ in range(n):
            solver.evaluate_and_update_policy()

    return run(step, lambda: measure(solver.average_policy()), budget, every)


def main() -> None:
    args = options(__doc__, budget=(600.0, "seconds per solver"), rounds=(5, "interleaved rounds"),
                   skip_python=(False, "skip OpenSpiel's Python CFR+"))
    solvers = {**bluffkit_solvers(), **openspiel_solvers(not args.skip_python)}
    rounds: dict[str, list[dict]] = {name: [] for name in solvers}
    for r in range(args.rounds):
        for name in (list(solvers) if r % 2 == 0 else list(reversed(solvers))):
            rounds[name].append(solvers[name](args.budget))
    print(f"\nliars_dice, one die each (value -7/258 = {-7 / 258:.5f}); solving seconds, "
          f"evaluation excluded; median over {args.rounds} interleaved rounds")
    print(f"{'solver':38} {'to 0.01':>16} {'to 0.001':>18} {'value':>9}")
    for name, runs in rounds.items():
        cells = []
        for target in TARGETS:
            if all(target in reached for reached in runs):
                sec = statistics.median(reached[target][0] for reached in runs)
                its = statistics.median(reached[target][1] for reached in runs)
                cells.append(f"{sec:8.2f}s ({its:4.0f} it)")
            else:
                cells.append(f"{'not reached':>16}")
        last = runs[-1]
        value = last[min(last)][2] if last else float("nan")
        print(f"{name:38} {cells[0]:>16} {cells[1]:>18} {value:9.5f}")
    ours = rounds["bluffkit dcfr (numpy)"]
    for name, runs in rounds.items():
        if name.startswith("OpenSpiel"):
            for target in TARGETS:
                ratios = [theirs[target][0] / mine[target][0] for theirs, mine in zip(
                    runs, ours, strict=True) if target in theirs and target in mine]
                if ratios:
                    ratio = statistics.median(ratios)
                    print(f"speed-up to {target}: bluffkit dcfr is {ratio:.1f}x faster "
                          f"than {name} (median of {len(ratios)} rounds; "
                          f"{min(ratios):.1f}-{max(ratios):.1f}x)")


if __name__ == "__main__":
    main()
