"""The site of ``bluffkit lite`` measured: page open to the first table drawn (cold and warm
browser cache), and the advice every table's Explain calls, timed inside Pyodide.

Run: ``.venv/bin/python benchmarks/lite_site.py [--seeds 4] [--site DIR] [--advice-only]``
(needs npm's Pyodide in ``.cache/pyodide`` and ``/usr/bin/chromium``, as ``scripts/test`` sets
them up; without ``--site`` the site is built into a temporary folder by ``bluffkit lite``).

1. **First table drawn**: a fresh chromium profile opens ``notebooks/01_bluff.ipynb`` in the
   site (served from loopback, every other host refused), runs its imports cell and its table's
   cell, and waits for the table's Explain button: seconds from ``page.goto`` (cold: an empty
   cache; warm: a second page of the same browser).
2. **Advice in Pyodide**: Node runs npm's Pyodide with the site's own wheels (no numpy, as in
   the browser) and times, at every turn of player 0 in seeded random games of 3 players (and
   Bluff between two players with 5, 2 and 1 dice each: the solved strategies' views, each
   size read from the shipped file the first time it comes), the call the table's Explain
   makes: Bluff ``advise(Position.from_state(...))``, Bluff You ``bluffer_advice`` or
   ``guesser_advice`` (q = 1/2, the table's), poker dice ``advise_observation``, Jungle Bluff
   ``advise(...).to_json()``, Bungee the exact part shown at once (``defer=True``) and, apart,
   the 60 simulated endings the table then runs with a progress bar. Wall-clock ms: median,
   p99, worst, and the game's first call apart (it fills the caches), against the 100 ms
   target.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bluffkit.lite.wheels import PYODIDE_VERSION  # noqa: E402
from tests.lite.pages import (  # noqa: E402  (the repository's test helpers)
    CHROMIUM,
    CHROMIUM_ARGS,
    first_table_drawn,
    loopback,
    serve_site,
    stop,
    url_of,
)

PYODIDE = ROOT / ".cache" / "pyodide" / "node_modules" / "pyodide"
RUNNER = ROOT / "tests" / "lite" / "pyodide_run.mjs"
TARGET_MS = 100

ADVICE = '''
"""Run in Pyodide by tests/lite/pyodide_run.mjs: run(params) times each table's Explain."""
import time
from fractions import Fraction


def explain_calls():
    from bluffkit.advice.bluff import Position, advise as bluff
    from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice
    from bluffkit.advice.bungee import advise as bungee
    from bluffkit.advice.jungle_bluff import advise as jungle
    from bluffkit.advice.poker_dice import advise_observation

    def bluff_you(s):
        if s.phase == "act":
            return bluffer_advice(s)
        if s.phase == "call":
            return guesser_advice(s.observation(0), q=Fraction(1, 2))

    return {
        "bluff": lambda s: bluff(Position.from_state(s, 0)),
        "bluff-you": bluff_you,
        "poker-dice": lambda s: advise_observation(s.observation(0)),
        "jungle-bluff": lambda s: jungle(s.observation(0)).to_json(),
        "bungee": lambda s: bungee(s.observation(0), 60, 1, defer=True),
        "bungee:simulated": lambda s: bungee(s.observation(0), 60, 1),
    }


def run(params):
    from bluffkit.core import random_playthrough
    from bluffkit.games import find_game

    calls, out = explain_calls(), {}
    for what in ["bluff", "bluff:players=2", "bluff:players=2:dice_per_player=2",
                 "bluff:players=2:dice_per_player=1", "bluff-you", "poker-dice",
                 "jungle-bluff", "bungee", "bungee:simulated"]:
        game, *options = what.split(":")
        rules = {"players": 3} | {k: int(v) for k, v in (o.split("=") for o in options
                                                            if "=" in o)}
        call, info, times = calls.get(what, calls[game]), find_game(game), []
        for seed in range(params["seeds"]):
            state = info.new_game(info.rules_type(**rules))
            _end, trajectory = random_playthrough(state, seed)
            for player, action in trajectory[:80]:
                if player == 0 and not state.is_terminal():
                    start = time.perf_counter()
                    call(state)
                    times.append(time.perf_counter() - start)
                state = state.apply(action)
        out[what] = times
    return out
'''


def build(folder: Path) -> Path:
    site = folder / "site"
    subprocess.run([str(Path(sys.executable).with_name("bluffkit")), "lite", str(site),
                    "--pyodide", str(PYODIDE)], check=True, capture_output=True, text=True)
    return site


def first_table(site: Path) -> dict[str, float]:
    """Seconds from page open to the Bluff table drawn, cold then warm."""
    from playwright.sync_api import sync_playwright

    server = serve_site(site)
    out = {}
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
                viewport={"width": 1400, "height": 1000})
            context.route(lambda url: not loopback(url), lambda route: route.abort())
            for run in ("cold", "warm"):
                page = context.new_page()
                out[run] = round(first_table_drawn(page, url_of(server),
                                                   "notebooks/01_bluff.ipynb"), 1)
                page.close()
            context.close()
    finally:
        stop(server)
    return out


def advice_in_pyodide(site: Path, seeds: int) -> dict[str, list[float]]:
    wheels = site / "static" / "pyodide"
    wheel = next(wheels.glob("bluffkit-*.whl"))
    with tempfile.TemporaryDirectory() as work:
        script, params = Path(work) / "advice.py", Path(work) / "params.json"
        script.write_text(ADVICE)
        params.write_text(json.dumps({"seeds": seeds}))
        done = subprocess.run(["node", str(RUNNER), str(PYODIDE), str(wheels), str(wheel),
                               str(script), str(params)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])["result"]


def quantiles(xs: list[float]) -> tuple[float, float, float]:
    xs = sorted(xs)
    return tuple(1000 * xs[min(len(xs) - 1, int(q * len(xs)))] for q in (0.5, 0.99, 1.0))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--site", type=Path, help="a site built by bluffkit lite")
    parser.add_argument("--advice-only", action="store_true",
                        help="time the advice in Pyodide only, not the browser")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        started = time.monotonic()
        site = args.site or build(Path(work))
        if not args.site:
            print(f"site built in {time.monotonic() - started:.0f} s")
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"site size: {size / 1e6:.1f} MB")
        if not args.advice_only:
            drawn = first_table(site)
            print(f"page open to the first table drawn (notebook 01's Bluff table): cold "
                  f"{drawn['cold']} s, warm {drawn['warm']} s")
        timed = advice_in_pyodide(site, args.seeds)
    print(f"\nadvice a table's Explain calls, in Pyodide {PYODIDE_VERSION} under Node "
          f"({args.seeds} seeded games each; wall-clock ms; target p99 < {TARGET_MS} ms)")
    print(f"{'advice (Explain)':36} {'n':>4} {'first':>8} {'median':>8} {'p99':>8} {'max':>8}")
    for what, times in timed.items():
        median, p99, worst = quantiles(times)
        note = "" if p99 < TARGET_MS else "  over target"
        print(f"{what:36} {len(times):4} {1000 * times[0]:8.1f} {median:8.1f} {p99:8.1f} "
              f"{worst:8.1f}{note}")


if __name__ == "__main__":
    main()
