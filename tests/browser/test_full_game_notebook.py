"""``notebooks/09_full_game.ipynb`` in a real browser: it runs top to bottom, its heat maps
are drawn, and its one-bot ``BluffTable`` shows the equilibrium chart on Explain (the
opponent's dice, random and after their bids), with the advice's words about what the bids
revealed. A screenshot goes to ``test-artifacts/``."""

from __future__ import annotations

NOTEBOOK = "notebooks/09_full_game.ipynb"
TABLE = ".bk-bluff-table"
CHART = f"{TABLE} .bk-solved"


def test_full_game_notebook_in_jupyterlab(jl):
    jl.open(NOTEBOOK)
    jl.run_all()
    jl.page.wait_for_function(  # the two heat maps and the posterior chart of the lesson
        "() => document.querySelectorAll('.jp-OutputArea .js-plotly-plot').length >= 3",
        timeout=60_000)
    table = jl.show(TABLE)
    jl.wait_for_text(f"{TABLE} .bk-history", "Round")
    assert table.locator(".bk-players .bk-die-hidden").count() == 5  # one bot, 5 dice
    assert not jl.page.locator(CHART).first.is_visible()  # Explain is off
    table.locator("button.bk-explain").click()
    body = jl.wait_for_text(f"{TABLE} .bk-explain-body", "What the bids reveal")
    assert "Equilibrium view" in body and "None" not in body
    assert jl.wait_for_bars(CHART) > 0, "the equilibrium chart's bars are not drawn"
    title = jl.page.evaluate("(s) => document.querySelector(s).textContent", f"{CHART} .gtitle")
    assert "bids reveal" in title, title
    jl.screenshot(TABLE, "jupyterlab_full_game_table")
    assert not jl.errors, jl.errors
