"""``benchmarks/review_speed.py --quick`` still runs and prints every row with its target."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "review_speed.py"


def test_the_review_speed_benchmark_runs_and_prints_every_row():
    out = subprocess.run([sys.executable, str(SCRIPT), "--quick"], capture_output=True,
                         text=True, check=True, timeout=600).stdout
    rows = [line for line in out.splitlines() if line.startswith("| ")][1:]
    for game in ("Bluff, 6 players", "Bungee, 4 players, 6 rounds"):
        for what in ("whole game reviewed", "one decision reviewed", "the advice alone"):
            assert any(game in r and what in r for r in rows), (game, what)
    marked = [r for r in rows if r.rstrip(" |").endswith(("✓", "✗"))]
    assert len(marked) == 6
