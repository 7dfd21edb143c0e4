"""The class server's benchmarks run: the load benchmark (``--quick``: 8 clients on 2 tables)
finds no lost or duplicated move; the view-time benchmark times every game; the guessing
benchmark counts join codes tried from one address. Their timings are
printed by the scripts in ``benchmarks/``, never asserted in a test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_benchmark_runs_and_loses_nothing():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "classroom_load.py"),
                           "--quick", "--limit", "120"], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "lost moves: 0, duplicated moves: 0" in done.stdout
    assert "server memory (RSS)" in done.stdout


def test_the_view_time_benchmark_runs():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "classroom_views.py"),
                           "--quick"], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "worst of all" in done.stdout


def test_the_guessing_benchmark_runs():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "classroom_guess.py"),
                           "--quick"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "guesses checked" in done.stdout
