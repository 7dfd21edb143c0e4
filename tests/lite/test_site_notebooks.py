"""The lessons of the site of ``bluffkit lite`` in chromium (issue 30, "Tests and figures"):
each game's notebook (five) runs every cell in the Pyodide kernel, its table is played (one
move) and Explain shows the advice; two exercise notebooks, the English Bluff set and the
French poker dice set (on the site built with ``--lang fr``), run every cell, then a wrong and
a right answer are checked (the right one computed here, by CPython with numpy, for the same
seed: the browser's numbers, drawn without numpy, must be the same). JupyterLab's own menus are
in each site's language (the French site's File menu reads « Fichier »).

Last, in the French exercise notebook's kernel (no new Pyodide), a class: ``bluffkit serve`` on
loopback with a SQLite file (the port the French site was built for, ``--server``); a student's
cell joins a table through the browser's WebSocket, takes Explain and plays against a second
seat (a CPython client here), the server's log read by a teacher's client shows the moves; the
server is killed and started again on its file, the table comes back to its seat by itself and
plays on; an exercise answer checked in the browser arrives in the server's ``answers`` table.

One chromium, one page and the session's two sites (``conftest.py``), nothing leaving loopback
(checked at the end, as in ``test_site_browser.py``). What each notebook took (kernel ready,
every cell run, the table's move and Explain) goes to ``test-artifacts/lite_notebooks.json``,
printed, not asserted.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
import time

import pytest

from tests.classroom.test_faults import kill, serve
from tests.conftest import TEACHER
from tests.lite.conftest import ROOT, SITE_SEED
from tests.lite.pages import (
    CHROMIUM,
    PANEL,
    open_notebook,
    play_and_explain,
    run_all,
    run_new_cell,
    wait_for_text,
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


TABLE = f"{PANEL} .bk-classroom-table"
CONNECTION_EMPTY_JS = f"""() => {{ const c = document.querySelector("{TABLE} .bk-connection");
    return c !== null && c.innerText.trim() === ''; }}"""


def answers_on(db) -> list[dict]:
    try:
        with sqlite3.connect(db) as c:
            return [json.loads(r) for (r,) in c.execute("SELECT record FROM answers")]
    except sqlite3.OperationalError:  # no table yet
        return []


def until(condition, seconds: float = 30):
    end = time.monotonic() + seconds
    while not (found := condition()):
        assert time.monotonic() < end, "not in time"
        time.sleep(0.1)
    return found


class Class:
    """The class server (``bluffkit serve`` on the French site's port) and what the test does
    beside the browser: a teacher's client reads the room's log, Ben plays the other seat."""

    def __init__(self, db, port: int):
        self.db, self.port = db, port
        self.start()

    def start(self) -> None:
        self.proc, self.url = serve(self.db, port=self.port)

    def client(self):
        from bluffkit.classroom.client import Client

        return Client(self.url)

    def log(self, code: str) -> list:
        teacher = self.client()
        try:
            teacher.teacher(TEACHER)
            return teacher.table(code)["log"]
        finally:
            teacher.close()

    def ben_plays(self, ben) -> str:
        """Ben's turn: a bid (not a challenge, so the round goes on)."""
        view = ben.wait_view(lambda v: bool(v["legal"]), timeout=30)
        move = next(a for a in view["legal"] if "x" in a)
        ben.move(move)
        return move


def ana_plays(page, room: Class, code: str) -> list:
    """Ana's turn in the browser: press the table's Bid; returns the log once the server has it."""
    page.locator(f"{TABLE} button.bk-bid").locator("visible=true").first.wait_for(
        timeout=30_000)
    before = [m for m in room.log(code) if m[0] == 0]
    page.locator(f"{TABLE} button.bk-bid").locator("visible=true").first.click()

    def played():
        log = room.log(code)
        return log if len([m for m in log if m[0] == 0]) > len(before) else None

    return until(played)


def test_a_class_table_and_an_answer_reach_the_class_server_from_the_browser(
        page, servers, class_port, tmp_path):
    path = EXERCISES["fr"][0]
    if f"path={path}" not in page.url or not page.url.startswith(servers[1]):
        open_notebook(page, servers[1], path)  # run alone: the French kernel, started here
    start = time.monotonic()
    room = Class(tmp_path / "class.sqlite", class_port)
    ben = None
    try:
        teacher = room.client()
        teacher.teacher(TEACHER)
        code = teacher.open_room("bluff", {"players": 2, "dice_per_player": 3}, seed=7,
                                 bot_after=600)["code"]
        teacher.close()
        said = run_new_cell(page, 'from bluffkit.classroom import join\n'
                            'display(join("ws://127.0.0.1:9", "ABCDE", "Ana"))\n'
                            'join(code="ZZZZZ", name="Ana")',
                            until="injoignable[\\s\\S]*Il n'y a pas de table avec le code ZZZZZ")
        assert "Le serveur de la classe à l'adresse ws://127.0.0.1:9 est injoignable" in said
        mark = time.monotonic()
        run_new_cell(page, f'table = join(code="{code}", name="Ana")\ntable',
                     until=f"Table {code}")  # the site's --server: no address to type
        took = {"join_to_table_s": round(time.monotonic() - mark, 1)}
        ben = room.client()
        ben_token = ben.join(code, "Ben")["token"]
        if ben.wait_view()["legal"]:
            room.ben_plays(ben)
        page.locator(f"{TABLE} button.bk-explain").first.click()  # Ana's turn: Explain
        explained = wait_for_text(page, f"{TABLE} .bk-explain-body", timeout=60_000)
        assert "Traceback" not in explained and len(explained) > 100, explained
        bid = page.locator(f"{TABLE} button.bk-bid").locator("visible=true")
        log = ana_plays(page, room, code)
        bid.first.wait_for(state="detached", timeout=30_000)  # Ben's turn, drawn
        history = page.locator(f"{TABLE} .bk-history").inner_text()
        room.ben_plays(ben)  # the browser redraws from the view the server pushes:
        wait_for_text(page, f"{TABLE} .bk-history", changed_from=history)
        bid.first.wait_for(timeout=30_000)  # Ana's turn again
        kill(room.proc)  # the server goes away mid-game ...
        wait_for_text(page, f"{TABLE} .bk-connection")
        assert "La connexion au serveur de la classe est perdue" in \
            page.locator(f"{TABLE} .bk-connection").inner_text()
        room.start()  # ... and comes back on its file: the table comes back to its seat
        mark = time.monotonic()
        page.wait_for_function(CONNECTION_EMPTY_JS, timeout=60_000)
        took["back_after_restart_s"] = round(time.monotonic() - mark, 1)
        ben = room.client()
        ben.rejoin(ben_token)
        after = ana_plays(page, room, code)
        assert after[:len(log)] == log and [m for m in after if m[0] == 0][-1][2] != "bot"
        answer = right_answer("poker-dice", "fr")
        run_new_cell(page, 'from bluffkit.exercises import load\n'
                     'sheet = load("poker-dice", seed=2026, student="ana")\n'
                     f'print(sheet.q1.check("{answer}"))', until="Juste")
        mark = time.monotonic()
        sent = until(lambda: answers_on(room.db))
        took["answer_on_server_after_feedback_s"] = round(time.monotonic() - mark, 1)
        assert [(r["student"], r["status"], r["answer"]) for r in sent] == [
            ("ana", "correct", answer)]
        TIMINGS["class"] = {"seconds": round(time.monotonic() - start, 1), **took}
        no_page_errors(page)
    finally:
        if ben is not None:
            ben.close()
        kill(room.proc)
