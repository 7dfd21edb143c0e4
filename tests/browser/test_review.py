"""The Review button in a real browser (issue 29 item 3): a local Bluff table played to its end
shows Review; pressed, the plot of cost per decision is drawn (a bar and a dot per decision), and
a click on a decision's dot shows that decision's position and Explain. The classroom table's
Review is driven in ``test_classroom.py`` (two pages on one class server). Screenshots go to
``test-artifacts/``."""

from __future__ import annotations

import json

TABLE = ".bk-bluff-table"
SOURCE = """import random
from bluffkit.widgets.bluff.table import BluffTable
t = BluffTable(opponents=1, seed=3, dice_per_player=2)
rng = random.Random(1)
while not t.state.is_terminal():
    t.play(rng.choice(t.state.legal_actions()))
t"""


def write_notebook(path, source: str) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                     "outputs": [], "source": source, "id": "table"}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")


def dots(driver, selector: str) -> int:
    """How many points of the plot's dots (its scatter trace) are drawn in ``selector``."""
    return driver.page.evaluate(
        "(s) => { const r = document.querySelector(s); return r ? r.querySelectorAll("
        "'.js-plotly-plot .scatterlayer .point').length : -1; }", selector)


def review_and_click(driver, table: str, name: str) -> str:
    """Press Review, wait for the plot, click the first decision's dot; return the detail."""
    driver.show(f"{table} .bk-review").click()
    plot = f"{table} .bk-review-plot"
    bars = driver.wait_for_bars(plot)
    driver.page.wait_for_function(
        "(s) => { const r = document.querySelector(s); return r && r.querySelectorAll("
        "'.js-plotly-plot .scatterlayer .point').length > 0; }", arg=plot, timeout=60_000)
    n = dots(driver, plot)
    assert n == bars >= 1, (n, bars)
    shown = driver.wait_for_text(f"{table} .bk-review-detail", "Explain")
    target = 1 if n > 1 and "Decision 1 (round" in shown else 0  # another one, if there is one
    driver.page.locator(f"{plot} .scatterlayer .point").nth(target).click(force=True)
    want = f"Decision {target + 1} (round"
    detail = driver.wait_for_text(f"{table} .bk-review-detail", want)
    assert "Explain" in detail, detail
    driver.screenshot(f"{table} .bk-review-panel", name)
    return detail


def test_a_local_table_s_review_draws_the_plot_and_a_click_shows_explain(jl, lab):
    write_notebook(lab.work / "notebooks" / "review_local.ipynb", SOURCE)
    jl.open("notebooks/review_local.ipynb")
    jl.run_all()
    jl.wait_for_text(f"{TABLE} .bk-status", "Press New game")
    detail = review_and_click(jl, TABLE, "review_local_table")
    assert "Round" in detail and "your dice" in detail
    assert "Accuracy" in jl.text(f"{TABLE} .bk-review-summary") or "No decision" in jl.text(
        f"{TABLE} .bk-review-summary")
    assert not jl.errors, jl.errors
