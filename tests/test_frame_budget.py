"""``benchmarks/frame_budget.py --quick`` still runs and prints every row with its target."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "frame_budget.py"


def test_the_frame_budget_benchmark_runs_and_prints_every_row():
    out = subprocess.run([sys.executable, str(SCRIPT), "--quick"], capture_output=True,
                         text=True, check=True, timeout=600).stdout
    rows = [line for line in out.splitlines() if line.startswith("| ")][1:]
    for what in ("Bluff advise", "Poker dice advise", "Bluff You bluffer advice",
                 "Jungle Bluff advise, 2 players", "Jungle Bluff advise, 6 players",
                 "Bungee advise", "Bluff advise reading the bids, look ahead",
                 "Bluff two-player advice with the solved view (",
                 "Bluff two-player advice with the solved view and", "Exact dice count",
                 "bluffkit --help", "bluffkit odds bluff",
                 "Count explorer slider", "first table drawn in the browser",
                 "import bluffkit.widgets", "--held 5,5"):
        assert any(what in row for row in rows), what
    advisors = [row for row in rows if row.split("|")[1].strip().endswith("cold")
                and "Exact dice count" not in row]  # that row compares with dyce, if installed
    assert len(advisors) == 9
    assert all(row.rstrip(" |").endswith(("✓", "✗")) for row in advisors)
