"""The Bluff widgets' Python side: how long a control change takes before the browser is told.

Run: ``.venv/bin/python benchmarks/widgets_bluff.py [--repeat 200]``

Prints median and 99th percentile (ms) of:

- ``CountExplorer``: moving the bid slider (odds, the figure diff sent to the FigureWidget, the
  text), changing the dice in play, and building the figure as a ``go.Figure`` instead of the
  plain spec, for comparison (what the widget avoided);
- ``BluffTable``: a "Bid" click (your move, then the bots and chance up to your next turn),
  opening "Explain" (the advice rendered as HTML), and "New game".

The browser's side (plotly.js redraw, MathJax) is measured by ``tests/browser/test_jupyterlab.py``
and written to ``test-artifacts/browser_timing.json``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.odds.bluff import bid_odds  # noqa: E402
from bluffkit.widgets.bluff import CountExplorer, figure_for_odds, odds_spec  # noqa: E402
from bluffkit.widgets.bluff_table import BluffTable  # noqa: E402


def stats(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return f"median {statistics.median(times):7.2f} ms   p99 {p99:7.2f} ms   (n={len(times)})"


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    n = parser.parse_args().repeat

    w = CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3")
    def move(control, values):
        return [timed(lambda v=v: setattr(control, "value", v)) for v in values]

    odds = bid_odds("7x3", 20, mine="3,3,*,1,2")
    print("CountExplorer")
    print(f"  bid slider moved          {stats(move(w.count, [5 + i % 6 for i in range(n)]))}")
    print(f"  dice in play changed      "
          f"{stats(move(w.dice_in_play, [12 + i % 18 for i in range(n)]))}")
    spec = [timed(lambda: odds_spec(odds, color_bars=False)) for _ in range(n)]
    print(f"  plain spec (used)         {stats(spec)}")
    full = [timed(lambda: figure_for_odds(odds)) for _ in range(n)]
    print(f"  go.Figure (avoided)       {stats(full)}")

    print("BluffTable (3 AdviceBots)")
    t = BluffTable(opponents=3, seed=1)
    clicks, explains, new_games = [], [], []
    seed = 1
    while len(clicks) < n:
        if t.state.is_terminal():
            seed += 1
            new_games.append(timed(lambda s=seed: t.new_game(s)))
            continue
        t.explain.toggle.value = False
        explains.append(timed(lambda: setattr(t.explain.toggle, "value", True)))
        button = t.bid_button if t.challenge_button.disabled else t.challenge_button
        clicks.append(timed(button.click))
        assert t.errors.message == "", t.errors.message
    print(f"  Bid/Challenge click       {stats(clicks)}")
    print(f"  Explain opened            {stats(explains)}")
    print(f"  New game                  {stats(new_games or [timed(lambda: t.new_game(99))])}")


if __name__ == "__main__":
    main()
