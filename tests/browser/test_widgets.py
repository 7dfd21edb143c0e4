"""Every game's table and every explorer driven in a real browser (the tour notebook).

``tour.ipynb`` (written by ``conftest.write_tour``) holds the import cell of notebooks 02-05 and
each of their widget cells exactly as committed; it is run once, and each test drives one
widget: its figure is drawn, a move changes it, a bad input shows its message (an explorer) or
is held within bounds (a table: its only typed input is the number of players), Explain (a
table) and New game. The Bluff widgets are driven in ``test_bluff_notebook.py``, in their full
notebook. Screenshots of each widget go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bluffkit.widgets

FIGURE_JS = """(s) => Array.from(document.querySelectorAll(s + ' .js-plotly-plot .bars .point path,'
    + s + ' .js-plotly-plot .shapelayer path')).map(p => (p.getAttribute('d') || '')
    + (p.style.fill || '')).join('|') + Array.from(document.querySelectorAll(
    s + ' .js-plotly-plot .main-svg')).map(g => g.textContent).join('|')"""

# what each explorer's controls are called, a move and a bad input with a word of its message
EXPLORERS = {
    "SumExplorer": dict(
        root=".bk-sum-explorer", watch=".bk-bayes",
        move=("select", ".bk-announced select", "3"), moved="announced 3",
        bad=(".bk-centre input", "3,4,99", "3,4,17,18"), says="99"),
    "HandOddsExplorer": dict(
        root=".bk-hand-odds-explorer", watch=".bk-result",
        move=("type", ".bk-common input", "A,K,10"), moved=None,
        bad=(".bk-mine input", "9,K", "9,K,K"), says="3 dice"),
    "ChallengeExplorer": dict(
        root=".bk-challenge-explorer", watch=".bk-summary",
        move=("type", ".bk-their-cards input", "3,5"), moved=None,
        bad=(".bk-my-card input", "abc", "8"), says="not a card"),
    "DrawExplorer": dict(
        root=".bk-draw-explorer", watch=".bk-summary",
        move=("select-index", ".bk-action select", 1), moved=None,
        bad=(".bk-hand input", "1,2,Z", "1,2,9,10"), says="Z"),
}

# each table's move button(s) (the first one shown is pressed) and its number-of-players box
TABLES = {
    "BluffYouTable": dict(root=".bk-bluff-you-table", moves=".bk-play, .bk-ok",
                          players=(".bk-players-count input", 6), says="against 5"),
    "PokerDiceTable": dict(root=".bk-poker-dice-table", moves=".bk-ante, .bk-call, .bk-pass",
                           players=(".bk-opponents input", 3), says="against 3 bots"),
    "JungleTable": dict(root=".bk-jungle-table", moves=".bk-play",
                        players=(".bk-opponents input", 5), says="against 5 bots"),
    "BungeeTable": dict(root=".bk-bungee-table", moves=".bk-play",
                        players=(".bk-opponents input", 4), says="against 4 bots"),
}
IN_BLUFF_NOTEBOOK = {"BluffTable", "CountExplorer"}
# The classroom tables: RemoteBluffTable is played in two pages by test_classroom.py; the other
# games' classroom tables are their local table (driven above) fed by the server's views, so
# they count as driven only if they are a subclass of that table (checked below).
IN_CLASSROOM_TEST = {"RemoteBluffTable"}


def remote_of_a_driven_table(name: str) -> bool:
    import bluffkit.widgets.remote as remote

    cls = getattr(remote, name, None)
    return cls is not None and any(getattr(base, "__name__", "") in TABLES
                                   for base in cls.__mro__[1:])


def test_every_table_and_explorer_is_driven(notebook_widgets):
    """A widget class added to ``bluffkit.widgets`` or shown by a notebook without a driver
    here fails: every table and explorer gets a browser test."""
    classes = set()
    for module in Path(bluffkit.widgets.__file__).parent.glob("*.py"):
        classes |= set(re.findall(r"^class (\w+(?:Table|Explorer))\(", module.read_text(),
                                  re.M))
    driven = set(EXPLORERS) | set(TABLES) | IN_BLUFF_NOTEBOOK | IN_CLASSROOM_TEST
    driven |= {c for c in classes if remote_of_a_driven_table(c)}
    assert classes - {"GameTable"} <= driven, classes - driven
    assert set(notebook_widgets) <= driven, set(notebook_widgets) - driven
    assert {c for c, nbs in notebook_widgets.items() if "01_bluff" in nbs} == IN_BLUFF_NOTEBOOK
    elsewhere = {c: set(nbs) - {"01_bluff"} for c, nbs in notebook_widgets.items()
                 if c in IN_BLUFF_NOTEBOOK and set(nbs) - {"01_bluff"}}
    assert elsewhere == {"BluffTable": {"09_full_game"}}, elsewhere  # test_full_game_notebook


def figure_state(jl, root: str) -> str:
    """What the figure in ``root`` shows: its bars, bands and texts (titles, ticks)."""
    return jl.page.evaluate(FIGURE_JS, root)


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_explorer(on_tour, name):
    spec = EXPLORERS[name]
    root, jl = spec["root"], on_tour
    watch, error = f"{root} {spec['watch']}", f"{root} .bk-error"
    assert jl.wait_for_bars(root) > 0, f"{name}: the figure's bars are not drawn"
    jl.screenshot(root, f"jupyterlab_{name}")

    before_text, before_figure = jl.text(watch), figure_state(jl, root)
    how, selector, value = spec["move"]
    if how == "select":
        jl.page.locator(f"{root} {selector}").first.select_option(value)
    elif how == "select-index":
        jl.page.locator(f"{root} {selector}").first.select_option(index=value)
    else:
        jl.type_into(f"{root} {selector}", value)
    after = jl.wait_for_change(watch, before_text)
    if spec["moved"]:
        assert spec["moved"] in after
    jl.page.wait_for_function(
        "([s, b]) => (" + FIGURE_JS + ")(s) !== b", arg=[root, before_figure], timeout=30_000)

    selector, bad, good = spec["bad"]
    jl.type_into(f"{root} {selector}", bad)
    message = jl.wait_for_text(error, spec["says"])
    assert "Traceback" not in message and "None" not in message
    jl.screenshot(root, f"jupyterlab_{name}_bad_input")
    jl.type_into(f"{root} {selector}", good)
    jl.page.wait_for_function(
        "(s) => document.querySelector(s).offsetParent === null", arg=error, timeout=30_000)
    assert jl.bars(root) > 0
    assert not jl.errors, jl.errors





@pytest.mark.parametrize("name", sorted(TABLES))
def test_table(on_tour, name):
    spec = TABLES[name]
    root, jl = spec["root"], on_tour
    history, body = f"{root} .bk-history", f"{root} .bk-explain-body"
    jl.show(root)
    jl.page.wait_for_function(
        "(s) => document.querySelector(s).innerText.trim().length > 0", arg=history,
        timeout=30_000)

    # a move: the first move button shown
    before = jl.text(history)
    button = jl.page.locator(root).locator(spec["moves"]).locator("visible=true").first
    button.click()
    jl.wait_for_change(history, before, " ")
    jl.page.locator(f"{root} button.bk-explain").first.click()
    jl.page.wait_for_function(
        "(s) => { const e = document.querySelector(s);"
        " return e && e.offsetParent !== null && e.innerText.trim().length > 0; }",
        arg=body, timeout=60_000)
    text = jl.text(body)
    assert "Traceback" not in text and "Something went wrong" not in text, text
    assert not re.search(r"\bNone\b", text), text  # never Python's None
    jl.screenshot(root, f"jupyterlab_{name}")

    # too many players typed: the box holds the most the game allows, New game deals it
    selector, most = spec["players"]
    jl.type_into(f"{root} {selector}", "99")
    jl.page.wait_for_function(
        "([s, v]) => document.querySelector(s).value === v",
        arg=[f"{root} {selector}", str(most)], timeout=10_000)
    before = jl.text(history)
    jl.page.locator(f"{root} button.bk-new-game").first.click()
    after = jl.wait_for_change(history, before, "New game")
    assert spec["says"] in after, after
    assert jl.text(f"{root} .bk-error") == ""
    jl.screenshot(root, f"jupyterlab_{name}_new_game")
    assert not jl.errors, jl.errors
