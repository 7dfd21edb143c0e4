"""bluffkit's vectorised CFR against OpenSpiel's CFR+ on liars_dice (one die each).

Prints seconds of solving (evaluation excluded, for every solver alike) to reach
exploitability 0.01 and 0.001, the game values, and the speed ratios. OpenSpiel is optional
(``pip install open_spiel``); without it only bluffkit is timed.

    python benchmarks/cfr_liars_dice.py [--budget SECONDS] [--skip-python]
"""

from __future__ import annotations

import argparse
import time

from bluffkit.solvers.bluff_tree import round_tree
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


def bluffkit_runs(budget: float) -> dict:
    out = {}
    for variant in ("dcfr", "cfr+"):
        tree, _ = round_tree(1, 1, ruleset="openspiel")
        solver = CFRSolver(tree, variant)
        out[f"bluffkit {variant} (numpy)"] = run(solver.iterate, solver.evaluate, budget, 10)
    return out


def openspiel_runs(budget: float, python: bool) -> dict:
    try:
        import pyspiel
        from open_spiel.python.algorithms import cfr, exploitability
        from open_spiel.python.algorithms.expected_game_score import policy_value
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): skipping its solvers.")
        return {}
    game = pyspiel.load_game("liars_dice")
    out = {}
    cpp = pyspiel.CFRPlusSolver(game)

    def cpp_step(n):
        for _ in range(n):
            cpp.evaluate_and_update_policy()

    def cpp_eval():
        avg = cpp.average_policy()
        value = pyspiel.expected_returns(game.new_initial_state(), avg, -1, True)[0]
        return value, pyspiel.exploitability(game, avg)

    out["OpenSpiel C++ CFRPlusSolver"] = run(cpp_step, cpp_eval, budget, 10)
    if python:
        py = cfr.CFRPlusSolver(game)

        def py_step(n):
            for _ in range(n):
                py.evaluate_and_update_policy()

        def py_eval():
            pol = py.average_policy()
            value = policy_value(game.new_initial_state(), [pol, pol])[0]
            return value, exploitability.exploitability(game, pol)

        out["OpenSpiel Python cfr.CFRPlusSolver"] = run(py_step, py_eval, budget, 5)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=600, help="seconds per solver")
    parser.add_argument("--skip-python", action="store_true", help="skip OpenSpiel's Python CFR+")
    args = parser.parse_args()
    results = {**bluffkit_runs(args.budget), **openspiel_runs(args.budget, not args.skip_python)}
    print(f"\nliars_dice, one die each (value -7/258 = {-7 / 258:.5f}); solving seconds, "
          "evaluation excluded")
    print(f"{'solver':38} {'to 0.01':>16} {'to 0.001':>18} {'value':>9}")
    for name, reached in results.items():
        cells = []
        for target in TARGETS:
            if target in reached:
                sec, its, _ = reached[target]
                cells.append(f"{sec:8.2f}s ({its:4d} it)")
            else:
                cells.append(f"{'not reached':>16}")
        value = reached[min(reached)][2] if reached else float("nan")
        print(f"{name:38} {cells[0]:>16} {cells[1]:>18} {value:9.5f}")
    ours = results["bluffkit dcfr (numpy)"]
    for name, reached in results.items():
        if name.startswith("OpenSpiel"):
            for target in TARGETS:
                if target in reached and target in ours:
                    print(f"speed-up to {target}: bluffkit dcfr is "
                          f"{reached[target][0] / ours[target][0]:.1f}x faster than {name}")


if __name__ == "__main__":
    main()
