"""``notebooks/01_bluff.ipynb`` in a real browser, run three times from a fresh kernel.

Each run must draw the ``CountExplorer``'s 21 bars in the page (issue 11, "blank figure": the
kernel had the bars, the page showed empty axes; the harness emulates the busy machine on which
that happened, see ``conftest.py``). The first run also plays the ``BluffTable`` (a bid,
Explain, an out-of-range number of bots, New game) and drives the explorer: a wrong "My dice"
and its message, then the bid slider, timing each key press to the redrawn figure and where the
time goes (reported in ``test-artifacts/browser_timing.json``, with the time and the machine's
load, and printed, not asserted: the machines are shared; ``benchmarks/frame_budget.py`` shows
the latest figure). Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import time

NOTEBOOK = "notebooks/01_bluff.ipynb"
EXPLORER = ".bk-count-explorer"
TABLE = ".bk-bluff-table"
BARS = 21  # counts 0..20 of the 20 dice in play
PRESSES = 12
RUNS = 3

# Arms a measurement: from the next key press inside the explorer to the figure's bars or
# highlighted band (shapes) changing; the websocket trace (conftest.PAGE_SCRIPT) is cleared.
ARM_JS = """
(selector) => {
  const root = document.querySelector(selector);
  const plot = root.querySelector('.js-plotly-plot');
  const drawn = () => Array.from(plot.querySelectorAll('.bars .point path, .shapelayer path'))
      .map(p => (p.getAttribute('d') || '') + (p.style.fill || '')).join('|');
  const before = drawn();
  window.__bkTrace.events = [];
  window.__bkTrace.on = true;
  window.__bkMeasure = new Promise((resolve) => {
    let t0 = null;
    root.addEventListener('keydown', () => { t0 = performance.now(); },
                          {capture: true, once: true});
    const observer = new MutationObserver(() => {
      if (t0 !== null && drawn() !== before) {
        observer.disconnect();
        const t1 = performance.now();
        window.__bkTrace.on = false;
        const marks = performance.getEntriesByName('bluffkit:figure-update')
            .map(m => m.startTime).filter(t => t >= t0 && t <= t1);
        resolve({t0, t1, events: window.__bkTrace.events, handled: marks[0] ?? null});
      }
    });
    observer.observe(plot, {subtree: true, childList: true, attributes: true});
    setTimeout(() => { observer.disconnect(); resolve(null); }, 10000);
  });
}
"""


def split(got: dict) -> dict:
    """Where one key press's time went, from the websocket trace.

    ``to_kernel``: key press to the slider's message leaving the page; ``kernel``: from there
    to the figure's update arriving (kernel work, both transports and the kernel's queue);
    ``draw``: from its arrival to plotly's redraw in the page, split into ``widgets`` (to
    the figure's handler: JupyterLab's kernel connection, the widget manager, messages handled
    before it) and ``plotly`` (from the handler to the changed SVG).
    """
    t0, t1, events = got["t0"], got["t1"], got["events"]
    sent = next((e[0] for e in events if e[1] == "send"), None)
    figure = next((e for e in events if e[1] == "recv" and e[3] == "figure"), None)
    out = {"total_ms": round(t1 - t0, 1)}
    if sent is not None and figure is not None:
        out.update(to_kernel_ms=round(sent - t0, 1), kernel_ms=round(figure[0] - sent, 1),
                   draw_ms=round(t1 - figure[0], 1), figure_message_bytes=figure[2],
                   messages_in=sum(1 for e in events if e[1] == "recv" and e[0] <= t1),
                   bytes_in=sum(e[2] for e in events if e[1] == "recv" and e[0] <= t1))
        if got.get("handled") is not None:
            out.update(widgets_ms=round(got["handled"] - figure[0], 1),
                       plotly_ms=round(t1 - got["handled"], 1))
    return out


def test_bluff_notebook_in_jupyterlab(jl):
    started = time.monotonic()
    jl.open(NOTEBOOK)
    jl.run_all()
    opened = time.monotonic() - started
    assert jl.wait_for_bars(EXPLORER) == BARS, "the count explorer's bars are not drawn"
    check_table(jl)
    timings = check_explorer(jl)
    first = time.monotonic() - started
    jl.page.screenshot(path=str(jl.artifacts / "jupyterlab_01_bluff.png"))

    reruns = []
    for run in range(2, RUNS + 1):  # from a fresh kernel each time: the figure is drawn again
        t = time.monotonic()
        jl.run_all(restart=True)
        assert jl.wait_for_bars(EXPLORER) == BARS, f"run {run}: the explorer's bars are blank"
        before = jl.text(f"{EXPLORER} .bk-result")
        jl.page.evaluate(ARM_JS, EXPLORER)
        jl.page.locator(f"{EXPLORER} .bk-bid-count .noUi-handle").press("ArrowRight")
        assert jl.page.evaluate("() => window.__bkMeasure"), f"run {run}: the plot did not move"
        jl.wait_for_change(f"{EXPLORER} .bk-result", before)
        reruns.append(round(time.monotonic() - t, 1))
    assert not jl.errors, jl.errors

    totals = [t["total_ms"] for t in timings]
    report = {
        "notebook": NOTEBOOK, "open_and_run_all_s": round(opened, 1),
        "first_run_with_table_and_explorer_s": round(first, 1),
        "restart_and_run_all_s": reruns, "whole_test_s": round(time.monotonic() - started, 1),
        "slider_to_figure_ms": totals, "median_ms": round(statistics.median(totals), 1),
        "max_ms": round(max(totals), 1), "target_median_ms": 100,
        "measured_at": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load": round(os.getloadavg()[0], 1),
        "median_split_ms": {k: round(statistics.median(t[k] for t in timings if k in t), 1)
                            for k in ("to_kernel_ms", "kernel_ms", "draw_ms", "widgets_ms",
                                      "plotly_ms")
                            if any(k in t for t in timings)},
        "presses": timings,
    }
    (jl.artifacts / "browser_timing.json").write_text(json.dumps(report, indent=2) + "\n")
    print("\nbrowser test 01_bluff:", json.dumps({k: v for k, v in report.items()
                                                   if k != "presses"}))


def check_table(jl):
    """A bid, Explain, an out-of-range number of bots, New game."""
    table = jl.show(TABLE)
    history = f"{TABLE} .bk-history"
    jl.wait_for_text(history, "Round")
    assert table.locator(".bk-players .bk-die-hidden").count() == 15  # 3 bots x 5 dice
    before = jl.text(history)
    table.locator("button.bk-bid").click()
    jl.wait_for_change(history, before, "You bid")
    table.locator("button.bk-explain").click()
    body = jl.wait_for_text(f"{TABLE} .bk-explain-body", "Recommended")
    assert "Model:" in body and "None" not in body
    table.locator(".bk-explain-body mjx-container").first.wait_for(timeout=30_000)  # as math
    jl.screenshot(TABLE, "jupyterlab_bluff_table")

    jl.type_into(f"{TABLE} .bk-opponents input", "9")  # at most 5 bots: the box says so
    jl.page.wait_for_function(
        "() => document.querySelector('.bk-bluff-table .bk-opponents input').value === '5'",
        timeout=10_000)
    before = jl.text(history)
    table.locator("button.bk-new-game").click()
    jl.wait_for_change(history, before, "against 5 bots")
    jl.page.wait_for_function(
        "() => document.querySelectorAll('.bk-bluff-table .bk-players .bk-die-hidden').length"
        " === 25", timeout=30_000)
    jl.screenshot(TABLE, "jupyterlab_bluff_table_new_game")


def settled(jl) -> None:
    """Until the explorer's texts are typeset (a press is timed from a quiet page)."""
    jl.page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.bk-count-explorer .bk-result,"
        " .bk-count-explorer .bk-rule-of-thumb')).every(e => !e.innerText.includes('$'))",
        timeout=30_000)


def check_explorer(jl) -> list[dict]:
    """A wrong "My dice" and its message; then the bid slider, timed."""
    explorer = jl.show(EXPLORER)
    result, error = f"{EXPLORER} .bk-result", f"{EXPLORER} .bk-error"
    jl.wait_for_text(result, "P(7x3 stands)")  # drawn once the kernel has answered
    jl.type_into(f"{EXPLORER} .bk-mine input", "3,3,9")
    message = jl.wait_for_text(error, "9")
    assert "Traceback" not in message and "None" not in message
    assert jl.bars(EXPLORER) == BARS  # the figure keeps its last good state
    jl.screenshot(EXPLORER, "jupyterlab_count_explorer_bad_input")
    jl.type_into(f"{EXPLORER} .bk-mine input", "3,3,*,1,2")
    jl.page.wait_for_function(
        "() => document.querySelector('.bk-count-explorer .bk-error').offsetParent === null",
        timeout=30_000)

    handle = explorer.locator(".bk-bid-count .noUi-handle")
    timings = []
    for i in range(PRESSES):
        key, want = ("ArrowRight", "P(8x3 stands)") if i % 2 == 0 else ("ArrowLeft",
                                                                          "P(7x3 stands)")
        settled(jl)
        jl.page.evaluate(ARM_JS, EXPLORER)
        handle.press(key)
        got = jl.page.evaluate("() => window.__bkMeasure")
        assert got, f"the figure did not change after {key}"
        timings.append(split(got))
        jl.wait_for_text(result, want, timeout=10_000)
    handle.press("ArrowRight")
    jl.wait_for_text(result, "P(8x3 stands)")
    jl.screenshot(EXPLORER, "jupyterlab_count_explorer")
    return timings
