"""The Bluff widgets' Python side: how long a control change takes before the browser is told.

Run: ``.venv/bin/python benchmarks/widgets_bluff.py [--repeat 200]``

Prints median, 90th percentile and worst (ms) of:

- ``CountExplorer``, the bid slider moved (the issue-11 target: 100 ms median from the key press
  to the redrawn figure in the browser), split into its parts: the exact odds, the figure (the
  new spec, the diff, the edit sent), the text; then the whole move as the widget does it
  (``LiveFigure``: one custom message) and, interleaved round by round, the same move through
  plotly.py's own ``FigureWidget`` update (validation, four messages), with the messages and
  bytes each sends; changing the dice in play; a ``go.Figure`` built instead of the plain spec;
- ``BluffTable``: a "Bid" click (your move, then the bots and chance up to your next turn),
  opening "Explain" (the advice rendered as HTML), and "New game".

The browser's side (the websocket, the widget manager, plotly.js) is measured by
``tests/browser/test_bluff_notebook.py`` (``-m browser -s``), which prints the split and writes
it to ``test-artifacts/browser_timing.json``.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import plotly.graph_objects as go  # noqa: E402

from bluffkit.odds.bluff import bid_odds  # noqa: E402
from bluffkit.widgets.bluff import (  # noqa: E402
    CountExplorer,
    figure_for_odds,
    odds_spec,
    result_html,
    rule_of_thumb_html,
)
from bluffkit.widgets.bluff.table import BluffTable  # noqa: E402
from bluffkit.widgets.figure import update_figure_in_place  # noqa: E402


def stats(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (f"median {statistics.median(times):7.2f} ms   p90 {p90:7.2f} ms   "
            f"max {times[-1]:7.2f} ms   (n={len(times)})")


class Wire:
    """Counts what a widget sends to the browser (messages and bytes of JSON)."""

    def __init__(self, *widgets):
        self.messages = self.bytes = 0
        for w in widgets:
            send = w._send

            def counted(msg, buffers=None, send=send):
                self.messages += 1
                self.bytes += len(json.dumps(msg, default=str))
                return send(msg, buffers)

            w._send = counted


def slider_split(n: int) -> None:
    """The bid slider's move, part by part, and the two ways of updating the figure."""
    mine, dice = "3,3,*,1,2", 20
    live = CountExplorer(dice_in_play=dice, mine=mine, bid="7x3")
    plain = CountExplorer(dice_in_play=dice, mine=mine, bid="7x3")
    plain.figure = go.FigureWidget(plain.figure.to_dict())  # plotly.py's own update path
    parts = CountExplorer(dice_in_play=dice, mine=mine, bid="7x3")
    wire_live = Wire(live.figure, live.result, live.rule)
    wire_plain = Wire(plain.figure, plain.result, plain.rule)
    counts = [5 + i % 6 for i in range(n)]
    odds_t, figure_t, text_t, live_t, plain_t = [], [], [], [], []
    for i, c in enumerate(counts):
        odds_t.append(timed(lambda c=c: bid_odds(f"{c}x3", dice, mine=mine)))
        odds = bid_odds(f"{c}x3", dice, mine=mine)
        figure_t.append(timed(lambda o=odds: update_figure_in_place(
            parts.figure, odds_spec(o, color_bars=False))))
        text_t.append(timed(lambda o=odds: (result_html(o), rule_of_thumb_html(o))))
        first, second = ((live, live_t), (plain, plain_t)) if i % 2 else (
            (plain, plain_t), (live, live_t))
        for w, out in (first, second):  # interleaved: the same load for both
            out.append(timed(lambda w=w, c=c: setattr(w.count, "value", 1 + c % 9 + 1)))
    print("CountExplorer, bid slider moved (kernel side)")
    print(f"  exact odds                {stats(odds_t)}")
    print(f"  figure: spec, diff, edit  {stats(figure_t)}")
    print(f"  text (two HTML strings)   {stats(text_t)}")
    print(f"  whole move, LiveFigure    {stats(live_t)}   "
          f"{wire_live.messages / n:.1f} messages, {wire_live.bytes / n:.0f} B a move")
    print(f"  whole move, plotly.py     {stats(plain_t)}   "
          f"{wire_plain.messages / n:.1f} messages, {wire_plain.bytes / n:.0f} B a move")


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    n = options(__doc__, repeat=200).repeat

    w = CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3")
    def move(control, values):
        return [timed(lambda v=v: setattr(control, "value", v)) for v in values]

    slider_split(n)
    odds = bid_odds("7x3", 20, mine="3,3,*,1,2")
    print("CountExplorer, other controls")
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
