"""Write the solved 1-vs-1 Bluff rounds that ship with bluffkit (package data).

Run: ``.venv/bin/python scripts/ship_bluff_rounds.py``

Solves each round as the advice used to on demand (discounted CFR to exploitability
``bluffkit.advice.bluff.equilibrium.TARGET``), stores its strategy in float32 and measures the
stored strategy's value and exploitability again, then prints the files and their sizes.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.advice.bluff.equilibrium import TARGET  # noqa: E402
from bluffkit.advice.bluff.rounds import DATA, SHIPPED, shipped_path, write_shipped  # noqa: E402
from bluffkit.solvers.bluff.tree import solve_round  # noqa: E402


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for (x, y), ruleset in sorted(SHIPPED):
        t = time.perf_counter()
        solved = solve_round(x, y, ruleset=ruleset, target=TARGET)
        path = shipped_path(x, y, ruleset)
        value, expl = write_shipped(solved, path)
        print(f"{path.name}: {path.stat().st_size / 1000:.0f} KB, {solved.iterations} iterations "
              f"in {time.perf_counter() - t:.1f} s, value {value:+.6f}, exploitability "
              f"{expl:.6f} (float64 solve: {solved.exploitability:.6f})")


if __name__ == "__main__":
    main()
