"""The lessons of the site of ``bluffkit lite`` in chromium (issue 30, "Tests and figures"):
each game's notebook (five) runs every cell in the Pyodide kernel, its table is played (one
move) and Explain shows the advice; two exercise notebooks, the English Bluff set and the
French poker dice set (on the site built with ``--lang fr``), run every cell, then a wrong and
a right answer are checked (the right one computed here, by CPython with numpy, for the same
seed: the browser's numbers, drawn without numpy, must be the same). JupyterLab's own menus are
in each site's language (the French site's File menu reads « Fichier »).

One chromium, one page and the session's two sites (``conftest.py``), nothing leaving loopback
(checked at the end, as in ``test_site_browser.py``). What each notebook took (kernel ready,
every cell run, the table's move and Explain) goes to ``test-artifacts/lite_notebooks.json``,
printed, not asserted.
"""

from __future__ import annotations

import datetime
import json
import time

import pytest

from tests.lite.conftest import ROOT, SITE_SEED
from tests.lite.pages import (
    CHROMIUM,
    open_notebook,
    play_and_explain,
    run_all,
    run_new_cell,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lite-browser"),
              pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing "
                                 "(scripts/test installs it: apt-get install chromium)")]

GAMES = {"01_bluff": "BluffTable", "02_bluff_you": "BluffYouTable",
         "03_poker_dice": "PokerDiceTable", "04_jungle_bluff": "JungleTable",
         "05_bungee": "BungeeTable"}
"""Each game's notebook and the table it ends with."""
EXERCISES = {"en": ("exercises/01_bluff.ipynb", "bluff", "Not quite yet", "Correct", "File"),
             "fr": ("exercises/03_poker_dice.ipynb", "poker-dice", "Pas tout à fait", "Juste",
                    "Fichier")}
"""Per language: the exercise notebook (its path in that language's site), its set, what a
wrong and a right answer say, and JupyterLab's File menu."""
TIMINGS: dict[str, dict] = {}


@pytest.fixture(scope="module")
def page(browser):
    """The one page every check here drives; the timings are written when it closes."""
    page = browser.context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.bk_errors = errors
    yield page
    page.close()
    browser.check_nothing_left()
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    report = {"when": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
              **TIMINGS}
    (ROOT / "test-artifacts" / "lite_notebooks.json").write_text(json.dumps(report, indent=1))
    print("\nlite notebooks:", json.dumps(TIMINGS))


def no_page_errors(page) -> None:
    """Nothing but JupyterLite's own harmless message went wrong in the page."""
    ours = [e for e in page.bk_errors if "@jupyterlite/services" not in e]
    assert not ours, ours


@pytest.mark.parametrize("notebook", sorted(GAMES))
def test_a_game_notebook_runs_and_its_table_explains(page, servers, notebook):
    kernel = open_notebook(page, servers[0], f"notebooks/{notebook}.ipynb")
    cells = run_all(page)
    start = time.monotonic()
    play_and_explain(page, GAMES[notebook])
    TIMINGS[notebook] = {"kernel_ready_s": round(kernel, 1), "run_all_s": round(cells, 1),
                         "move_and_explain_s": round(time.monotonic() - start, 1)}
    no_page_errors(page)


def right_answer(name: str, lang: str) -> str:
    """The first question's answer for the site's seed, computed here (CPython, numpy)."""
    from bluffkit.exercises import load
    from bluffkit.i18n import language

    with language(lang):
        return str(load(name, seed=SITE_SEED)[0].expected())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_exercise_notebook_runs_and_checks_answers(page, servers, lang):
    path, name, wrong, right, file_menu = EXERCISES[lang]
    kernel = open_notebook(page, servers[0] if lang == "en" else servers[1], path)
    menus = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel").all_inner_texts()
    assert menus[0] == file_menu, menus  # JupyterLab itself in the site's language
    cells = run_all(page)
    answer = right_answer(name, lang)
    start = time.monotonic()
    said = run_new_cell(page, f'print(q1.check("0"))\nprint(q1.check("{answer}"))',
                        until=f"{wrong}[\\s\\S]*{right}")
    assert said.index(wrong) < said.index(right), said
    assert answer in said, said  # "The exact answer is 1/6 ≈ 0.1667"
    TIMINGS[path if lang == "en" else f"fr/{path}"] = {
        "kernel_ready_s": round(kernel, 1), "run_all_s": round(cells, 1),
        "two_checks_s": round(time.monotonic() - start, 1)}
    no_page_errors(page)
