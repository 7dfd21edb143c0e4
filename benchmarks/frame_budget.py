"""Every answer in a frame (issue 13): the advisors' and the command line's times beside targets.

Run: ``.venv/bin/python benchmarks/frame_budget.py [--positions 300] [--seed 1] [--rounds 7]``
(``--quick``: 20 positions, 3 rounds, a few seconds; a test runs it so the script cannot rot).

For each game's advisor, random positions (seeded) are answered twice: cold (every cache of
``bluffkit`` cleared before the call) and warm (the same position again). The table shows p50,
p99 and worst, in CPU time (this process) and wall time (which the load of a shared machine
inflates), and the target beside the cold CPU p99 with ✓ or ✗. Rows compared with an anchor
(exact counts against dyce, the command line against ``python -c pass``) interleave the two sides
over ``--rounds`` rounds, alternating their order, and report medians over rounds. The last row,
the count explorer's slider in a real browser, is read from the browser test's report
(``test-artifacts/browser_timing.json``) when that test has run in this tree.
"""

from __future__ import annotations

import argparse
import compileall
import functools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import clear_caches, quantile, timed  # noqa: E402

from bluffkit.core import make_rng  # noqa: E402

MS = 1e-3


def fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


# --- the positions of each row -------------------------------------------------------------

def bluff_calls(n: int, rng):
    from bluffkit.advice.bluff import Position, advise
    from bluffkit.core import BluffkitError
    calls = []
    while len(calls) < n:
        players = int(rng.integers(2, 7))
        held = [5] * players if rng.random() < 0.3 else [int(rng.integers(1, 6))
                                                         for _ in range(players)]
        me = int(rng.integers(players))
        mine = ",".join(str(int(f)) if f < 6 else "*" for f in rng.integers(1, 7, size=held[me]))
        face = int(rng.integers(1, 7))
        bid = f"{int(rng.integers(1, sum(held) + 1))}x{face if face < 6 else '*'}"
        try:
            position = Position(mine, held, me=me, bid=bid, history=None)
            advise(position)
        except BluffkitError:
            continue
        calls.append(functools.partial(advise, position))
    return calls


def bluff_reading_calls(n: int, rng):
    """Positions of seeded 3-6 player games with the round's bids known: the advice reads
    them and looks ahead (``benchmarks/bluff_reading_speed.py`` has the same with more)."""
    from bluff_reading_speed import random_positions

    from bluffkit.advice.bluff import advise
    return [functools.partial(advise, pos, equilibrium=False)
            for pos in random_positions(n, int(rng.integers(1 << 30)))]


def two_player_positions(n: int, rng):
    """Two-player positions, 1-5 dice each, with bid histories the solved strategy plays (both
    rolls drawn, then each bid drawn from the strategy), 0-8 bids."""
    from bluffkit.advice.bluff import Position
    from bluffkit.advice.bluff.strategy import load_strategy
    out = []
    while len(out) < n:
        x, y = (int(v) for v in rng.integers(1, 6, size=2))
        rolls = [tuple(sorted(int(f) for f in rng.integers(1, 7, size=k))) for k in (x, y)]
        strategy, history = load_strategy(x, y), []
        for _ in range(int(rng.integers(0, 9))):
            freq = strategy.frequencies(rolls[len(history) % 2], history)
            labels, p = list(freq), list(freq.values())
            action = labels[int(rng.choice(len(labels), p=[v / sum(p) for v in p]))]
            if action == "challenge":
                break
            history.append(action)
        me = len(history) % 2  # seat 0 opened
        held = (x, y)
        out.append(Position(rolls[me], held, me=me, bid=history[-1] if history else None,
                            history=history))
    return out


def two_player_calls(read_bids: bool):
    def calls(n: int, rng):
        from bluffkit.advice.bluff import advise
        return [functools.partial(advise, p, read_bids=read_bids)
                for p in two_player_positions(n, rng)]
    return calls


def loaded_strategies():
    """The solved strategies' caches (kept loaded in the two-player rows), every size loaded."""
    from bluffkit.advice.bluff import strategy as bluff_strategy
    for x in range(1, 6):
        for y in range(1, 6):
            bluff_strategy.load_strategy(x, y)
    return (bluff_strategy.load_strategy, bluff_strategy._file)


def poker_dice_calls(n: int, rng):
    from bluffkit.advice.poker_dice import Position, advise
    from bluffkit.core import BluffkitError
    faces = ("9", "10", "J", "Q", "K", "A")
    calls = []
    while len(calls) < n:
        mine = ",".join(faces[int(i)] for i in rng.integers(0, 6, size=3))
        common = ",".join(faces[int(i)] for i in rng.integers(0, 6, size=3)) if rng.random(
        ) < 0.8 else ""
        opponents = int(rng.integers(1, 4))
        to_call = int(rng.integers(0, 4)) if common else 0
        pot = opponents + 1 + to_call + int(rng.integers(0, 10)) if common else 0
        try:
            position = Position(mine, common, opponents, pot, to_call)
        except BluffkitError:  # a position the rules rule out: draw another
            continue
        calls.append(functools.partial(advise, position))
    return calls


def bluff_you_calls(n: int, rng):
    import bluff_you as bench

    from bluffkit.advice.bluff_you import bluffer_advice
    states = bench.random_states(n, int(rng.integers(1 << 30)))
    return [functools.partial(bluffer_advice, s) for s in states]


def jungle_calls(players: int):
    def calls(n: int, rng):
        import jungle_bluff as bench

        from bluffkit.advice.jungle_bluff import advise
        states = bench.random_states(n, int(rng.integers(1 << 30)), players)
        return [functools.partial(advise, s.observation(s.current_player())) for s in states]
    return calls


def bungee_calls(n: int, rng):
    import bungee as bench

    from bluffkit.advice.bungee.decision import CALL_LIMIT, advise
    from bluffkit.odds.bungee import Knowledge
    calls, seed = [], int(rng.integers(1 << 30))
    while len(calls) < n:  # only turns where calling is possible: the comparison is made
        for s in bench.random_states(4 * n, seed):
            obs = s.observation(s.to_move)
            if (obs.phase == "turn" and obs.opened
                    and Knowledge.from_observation(obs).value <= CALL_LIMIT):
                calls.append(functools.partial(advise, obs))
        seed += 1
    return calls[:n]


ROWS = [
    ("Bluff advise (2-6 players, up to 30 dice)", bluff_calls, 20 * MS),
    ("Bluff advise reading the bids, look ahead (3-6 player games)", bluff_reading_calls,
     20 * MS),
    ("Poker dice advise", poker_dice_calls, 20 * MS),
    ("Bluff You bluffer advice, new turn", bluff_you_calls, 20 * MS),
    ("Jungle Bluff advise, 2 players", jungle_calls(2), 20 * MS),
    ("Jungle Bluff advise, 6 players", jungle_calls(6), 20 * MS),
    ("Bungee advise, call/play-on compared", bungee_calls, 20 * MS),
    ("Bluff two-player advice with the solved view (1-5 dice each, strategies loaded; bids not "
     "read by issue 15's model)", two_player_calls(False), 20 * MS, loaded_strategies),
    ("Bluff two-player advice with the solved view and issue 15's reading and look ahead "
     "(strategies loaded)", two_player_calls(True), 20 * MS, loaded_strategies),
]


def advisor_rows(positions: int, seed: int, only: str | None = None) -> list[str]:
    lines = []
    for title, make, target, *loaded in ROWS:
        if only is not None and only.lower() not in title.lower():
            continue
        keep = loaded[0]() if loaded else ()
        calls = make(positions, make_rng(seed))
        times = {"cold": ([], []), "warm": ([], [])}
        for call in calls:
            clear_caches(keep)
            for kind in ("cold", "warm"):
                wall, cpu = timed(call)
                times[kind][0].append(wall)
                times[kind][1].append(cpu)
        for kind, (wall, cpu) in times.items():
            p99 = quantile(cpu, 0.99)
            mark = ("✓" if p99 <= target else "✗") if kind == "cold" else ""
            lines.append(f"| {title} ({len(calls)}), {kind} | "
                         f"{fmt(quantile(cpu, 0.5))} / {fmt(quantile(wall, 0.5))} | "
                         f"{fmt(p99)} / {fmt(quantile(wall, 0.99))} | "
                         f"{fmt(max(cpu))} / {fmt(max(wall))} | {fmt(target)} {mark} |")
    return lines


FIRST_1V1 = """
import time
from bluffkit.advice.bluff import Position, advise
t, c = time.perf_counter(), time.process_time()
import numpy  # read with the first saved round; timed apart (see first_one_v_one)
numpy_cpu, numpy_wall = time.process_time() - c, time.perf_counter() - t
t, c = time.perf_counter(), time.process_time()
advise(Position("3", (1, 1), me=0, bid=None, history=[]))
print(time.process_time() - c, time.perf_counter() - t, numpy_cpu, numpy_wall)
"""


def first_one_v_one() -> str:
    """The first two-player advice of a process with no round saved by the user (the shipped
    round is read). numpy, which reads it, is loaded first and timed apart: ``bluffkit.core``
    no longer imports it, so a process that has not used it yet pays its import once (a
    notebook has it already, through plotly; a command line pays it in its start-up)."""
    with tempfile.TemporaryDirectory(prefix="bluffkit-bench-") as cache:
        out = subprocess.run([sys.executable, "-c", FIRST_1V1], capture_output=True, text=True,
                             check=True, env={**os.environ, "BLUFFKIT_CACHE": cache}).stdout
    cpu, wall, numpy_cpu, numpy_wall = map(float, out.split())
    mark = "✓" if cpu <= 20 * MS else "✗"
    return (f"| Bluff 1v1 advice, first call, no saved round (one-off; numpy's import before it "
            f"{fmt(numpy_cpu)} / {fmt(numpy_wall)}) | {fmt(cpu)} / {fmt(wall)} | | | "
            f"{fmt(20 * MS)} {mark} |")


def dice_count_row(rounds: int, calls: int) -> str:
    import statistics as st

    from bluffkit.odds.bluff import counts as odds
    try:
        from dyce import H
    except ImportError:
        return "| Exact dice count, 5-10 dice, cold | (dyce not installed: pip install dyce) |"
    digit = H({1: 2, 0: 4})
    sides = {"bluffkit": lambda n: odds.count_from_counts(2, n, 3),
             "dyce": lambda n: (n @ digit) + 2}
    results = {name: {n: [] for n in range(5, 11)} for name in sides}
    for r in range(rounds):
        for name in (list(sides) if r % 2 == 0 else list(reversed(sides))):
            for n in range(5, 11):
                per_call = []
                for _ in range(calls):
                    clear_caches()
                    per_call.append(timed(functools.partial(sides[name], n))[1])  # CPU
                results[name][n].append(st.median(per_call))
    ours = [st.median(results["bluffkit"][n]) for n in range(5, 11)]
    theirs = [st.median(results["dyce"][n]) for n in range(5, 11)]
    ok = all(a <= b for a, b in zip(ours, theirs, strict=True))
    return (f"| Exact dice count, 5-10 dice, cold, CPU (median of {rounds} interleaved rounds) | "
            f"{min(ours) * 1e6:.0f}-{max(ours) * 1e6:.0f} µs (dyce "
            f"{min(theirs) * 1e6:.0f}-{max(theirs) * 1e6:.0f} µs) | | | "
            f"≤ dyce {'✓' if ok else '✗'} |")


BROWSER = ROOT / "test-artifacts" / "browser_timing.json"


def browser_report(path: Path, keys: tuple[str, ...], test: str, what: str, target: str):
    """A browser test's report (``test`` writes ``path``) and the line saying when it was
    measured; or ``None`` and the table row saying it has not run in this tree."""
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
        [report[k] for k in keys]  # noqa: B018 - every figure the row shows is there
    except (OSError, ValueError, KeyError, TypeError):
        return None, (f"| {what} | not measured in this tree: run `pytest -m browser {test}` "
                      f"| | | {target} |")
    return report, f"{report.get('measured_at', 'time not recorded')}, load " \
                   f"{report.get('load', '?')}"


def browser_row() -> str:
    """The slider-to-figure time measured by the browser test (``pytest -m browser
    tests/browser/test_bluff_notebook.py`` writes it), if it has run in this tree."""
    what = "Count explorer slider → figure redrawn in the browser (wall)"
    report, when = browser_report(BROWSER, ("median_ms", "max_ms", "slider_to_figure_ms"),
                                  "tests/browser/test_bluff_notebook.py", what, "100 ms median")
    if report is None:
        return when
    median, worst = report["median_ms"] / 1e3, report["max_ms"] / 1e3
    mark = "✓" if median <= 0.1 else "✗"
    return (f"| {what}, median of {len(report['slider_to_figure_ms'])} presses ({when}) | "
            f"{fmt(median)} | | {fmt(worst)} | 100 ms median {mark} |")


FIRST_TABLE = ROOT / "test-artifacts" / "first_table_timing.json"


def first_table_row() -> str:
    """Notebook 01's first table in a real browser, from its cell's start to its dice drawn
    (``pytest -m browser tests/browser/test_fit.py`` writes it), if it has run in this tree."""
    what = "Notebook 01's first table drawn in the browser, from its cell's start (wall)"
    report, when = browser_report(FIRST_TABLE, ("table_cell_s", "import_cell_and_table_s"),
                                  "tests/browser/test_fit.py", what, "2 s")
    if report is None:
        return when
    table, both = report["table_cell_s"], report["import_cell_and_table_s"]
    mark = "✓" if table <= 2 else "✗"
    return (f"| {what} ({when}; with the import cell before it {both:.2f} s) | {table:.2f} s "
            f"| | | 2 s {mark} |")


CLI = "import sys; from bluffkit.cli import main; sys.exit(main())"
NOTEBOOK_01 = ROOT / "notebooks" / "01_bluff.ipynb"


def first_table_code() -> str:
    """Notebook 01's import cell, then its first table's cell and everything the kernel sends
    to draw it (each widget's state), as the first table of a fresh kernel costs."""
    cells = ["".join(c["source"]) for c in json.loads(NOTEBOOK_01.read_text(encoding="utf-8"))
             ["cells"] if c["cell_type"] == "code"]
    table = next(c for c in cells if "BluffTable(" in c)
    return "\n".join([cells[0], table, "import ipywidgets",
                      "[w.get_state() for w in list(ipywidgets.Widget.widgets.values())]"])


def cli_rows(rounds: int) -> list[str]:
    """Whole processes, with their bytecode compiled first (as an installed wheel has it;
    ``PYTHONDONTWRITEBYTECODE`` would otherwise compile bluffkit's sources in every run)."""
    compileall.compile_dir(ROOT / "bluffkit", quiet=1)
    runs = {"python -c pass": ([sys.executable, "-c", "pass"], None),
            "bluffkit --help": ([sys.executable, "-c", CLI, "--help"], 0.3),
            "bluffkit odds bluff --dice 20 --mine 3,3,* --bid 7x3":
                ([sys.executable, "-c", CLI, "odds", "bluff", "--dice", "20", "--mine", "3,3,*",
                  "--bid", "7x3"], 0.3),
            "bluffkit advise poker-dice --mine 9,K,K --opponents 2":
                ([sys.executable, "-c", CLI, "advise", "poker-dice", "--mine", "9,K,K",
                  "--opponents", "2"], 0.3),
            "bluffkit advise bluff --held 5,5 --me 1 --mine 3,3,*,1,2 --bid 4x3 "
            "--history 2x3,3x3,4x3":
                ([sys.executable, "-c", CLI, "advise", "bluff", "--held", "5,5", "--me", "1",
                  "--mine", "3,3,*,1,2", "--bid", "4x3", "--history", "2x3,3x3,4x3"], 0.3),
            "python -c 'import bluffkit.widgets'":
                ([sys.executable, "-c", "import bluffkit.widgets"], 0.7),
            "notebook 01's import cell and first table, kernel side":
                ([sys.executable, "-c", first_table_code()], 2.0)}
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(rounds):
        for name in (list(runs) if r % 2 == 0 else list(reversed(runs))):
            t, c = time.perf_counter(), children_cpu()
            subprocess.run(runs[name][0], check=True, capture_output=True)
            walls[name].append(time.perf_counter() - t)
            cpus[name].append(children_cpu() - c)
    base = statistics.median(walls["python -c pass"])
    lines = []
    for name, xs in walls.items():
        med, cpu, target = statistics.median(xs), statistics.median(cpus[name]), runs[name][1]
        aim = "" if target is None else f"{fmt(target)} {'✓' if med <= target else '✗'}"
        lines.append(f"| `{name}` (whole process, median of {rounds}) | {fmt(cpu)} / {fmt(med)} "
                     f"({med / base:.0f}× python -c pass, wall) | | {fmt(max(xs))} wall | "
                     f"{aim} |")
    return lines


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="a small run (seconds)")
    parser.add_argument("--only", help="only the advisor rows whose title has this text "
                        "(e.g. 'reading'); the other rows are skipped")
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.rounds = 3, 1
    print(f"frame budget: {args.positions} positions per row, seed {args.seed}, load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; times are CPU / wall")
    print("| what | p50 | p99 | worst | target p99 |")
    print("|---|---|---|---|---|")
    for line in advisor_rows(args.positions, args.seed, args.only):
        print(line, flush=True)
    if args.only is not None:
        return
    if not args.quick:
        print(first_one_v_one(), flush=True)
    print(dice_count_row(args.rounds, 5 if args.quick else 200), flush=True)
    for line in cli_rows(args.rounds):
        print(line, flush=True)
    print(browser_row(), flush=True)
    print(first_table_row(), flush=True)


if __name__ == "__main__":
    main()
