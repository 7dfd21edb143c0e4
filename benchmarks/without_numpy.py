"""What a table's Explain costs without numpy (Pyodide without its CDN), against with numpy.

Run: ``.venv/bin/python benchmarks/without_numpy.py [--seeds 6]``

For each game, the advice its table's Explain calls (``tests/test_without_numpy.py``'s
``ADVICE``) at every turn of player 0 along seeded random games of 3 players (Bluff also 2
players of 1 die: the solved equilibrium's view), timed in CPU, in a fresh interpreter where
numpy and scipy cannot be imported and in one where they can: median, p99 and worst in ms.
CPython here; Pyodide runs the same Python a few times slower.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

RUN = """
import json, sys, time
if {blocked}:
    sys.modules["numpy"] = None; sys.modules["scipy"] = None
sys.path.insert(0, {tests!r})
from test_without_numpy import ADVICE
from bluffkit.core import random_playthrough
from bluffkit.games import find_game
out = {{}}
for what in ["bluff", "bluff:players=2:dice_per_player=1", "bluff-you", "jungle-bluff",
             "poker-dice", "bungee"]:
    game, *options = what.split(":")
    rules = {{"players": 3}} | {{k: int(v) for k, v in (o.split("=") for o in options)}}
    info, times = find_game(game), []
    for seed in range({seeds}):
        state = info.new_game(info.rules_type(**rules))
        _end, trajectory = random_playthrough(state, seed)
        for player, action in trajectory[:80]:
            if player == 0 and not state.is_terminal():
                start = time.process_time()
                ADVICE[game](state)
                times.append(time.process_time() - start)
            state = state.apply(action)
    out[what] = times
print(json.dumps(out))
"""


def timings(blocked: bool, seeds: int) -> dict[str, list[float]]:
    tests = str(Path(__file__).resolve().parents[1] / "tests")
    code = RUN.format(blocked=blocked, tests=tests, seeds=seeds)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return json.loads(run.stdout)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    seeds = parser.parse_args(argv).seeds
    plain, fast = timings(True, seeds), timings(False, seeds)
    print(f"{'advice (Explain)':36} {'n':>4}  {'without numpy: median p99 max':>30}  "
          f"{'with numpy: median p99 max':>28}")
    for what, times in plain.items():
        row = [f"{what:36} {len(times):4}"]
        for xs in (times, fast[what]):
            xs = sorted(xs)
            row.append("{:9.1f} {:7.1f} {:7.1f} ms".format(
                *(1000 * xs[min(len(xs) - 1, int(q * len(xs)))] for q in (0.5, 0.99, 1.0))))
        print("  ".join(row))


if __name__ == "__main__":
    main()
