"""Two students in two browser pages, each with a kernel of its own, play one Bluff table on a
class server started by the test (127.0.0.1): the first to move opens with a bid after looking
at Explain, the other challenges, and both pages show the reveal (every cup, the count, who
lost). Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json

from bluffkit.classroom.client import Client
from bluffkit.classroom.server import start_in_thread
from tests.browser.conftest import Driver
from tests.conftest import TEACHER

TABLE = ".bk-classroom-table"


def seat_notebook(path, url: str, code: str, name: str) -> None:
    source = f"from bluffkit.classroom import join\njoin({url!r}, {code!r}, {name!r})"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                     "outputs": [], "source": source, "id": "seat"}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")


def test_two_pages_on_two_kernels_play_a_bluff_round_to_the_reveal(jl, browser_context, lab,
                                                                   tmp_path):
    server = start_in_thread(str(tmp_path / "class.sqlite"), teacher_token=TEACHER,
                             bot_after=600)
    other = None
    try:
        teacher = Client(server.url)
        teacher.teacher(TEACHER)
        code = teacher.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=3)["code"]
        pages = {}
        for name, driver in (("Ana", jl), ("Ben", None)):
            seat_notebook(lab.work / "notebooks" / f"seat_{name}.ipynb", server.url, code, name)
            if driver is None:
                other = driver = Driver(browser_context.new_page(), lab)
            driver.open(f"notebooks/seat_{name}.ipynb")
            driver.run_all()
            driver.wait_for_text(f"{TABLE} .bk-seat-heading", f"Table {code}")
            pages[name] = driver
        for d in pages.values():  # both seated: each page shows the other's name
            d.wait_for_text(f"{TABLE} .bk-players", "Ana" if d is other else "Ben")
        ana, ben = pages["Ana"], pages["Ben"]
        drawn = ("(s) => { const e = document.querySelector(s); return e && "
                 "/Your turn|Waiting for/.test(e.innerText); }")
        for d in (ana, ben):  # the start roll is played: one seat has the turn
            d.page.wait_for_function(drawn, arg=f"{TABLE} .bk-status", timeout=30_000)
        first, second = ((ana, ben) if "Your turn" in ana.text(f"{TABLE} .bk-status")
                         else (ben, ana))
        first.wait_for_text(f"{TABLE} .bk-status", "Your turn")
        assert "Waiting for" in second.text(f"{TABLE} .bk-status")

        first.show(f"{TABLE} .bk-explain").click()  # Explain, from this seat's own dice
        first.wait_for_text(f"{TABLE} .bk-explain-body", "%")
        first.screenshot(TABLE, "classroom_first_seat_explain")
        first.show(f"{TABLE} .bk-bid").click()
        second.wait_for_text(f"{TABLE} .bk-status", "Your turn")
        second.screenshot(TABLE, "classroom_second_seat_to_challenge")
        second.show(f"{TABLE} .bk-challenge").click()
        for d, name in ((first, "first"), (second, "second")):
            reveal = d.wait_for_text(f"{TABLE} .bk-reveal", "Last reveal")
            assert "Ana" in reveal or "You" in reveal
            d.wait_for_text(f"{TABLE} .bk-status", "win")  # "You win" or "Game over: Ana wins"
            d.screenshot(TABLE, f"classroom_{name}_seat_reveal")
        assert not first.errors and not second.errors, first.errors + second.errors
        assert server.server.hub.rooms[code].state.is_terminal()
        teacher.close()
    finally:
        if other is not None:
            other.page.close()
        server.stop()
