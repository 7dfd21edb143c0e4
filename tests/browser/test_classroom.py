"""Two students in two browser pages, each with a kernel of its own, play one Bluff table on a
class server started by the test (127.0.0.1): the first to move opens with a bid after looking
at Explain, the other challenges, and both pages show the reveal (every cup, the count, who
lost); then the second presses Review: the plot of its decisions, a click on one shows its
Explain. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from bluffkit.classroom.client import Client
from bluffkit.classroom.server import start_in_thread
from tests.browser.conftest import Driver
from tests.browser.test_review import review_and_click, write_notebook
from tests.conftest import TEACHER

TABLE = ".bk-classroom-table"


def seat_notebook(path, url: str, code: str, name: str) -> None:
    write_notebook(path, f"from bluffkit.classroom import join\njoin({url!r}, {code!r}, {name!r})")


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
        assert server.server.hub.rooms[code].state.is_terminal()
        # the Review button at the end of the classroom table: the plot, a click, Explain
        detail = review_and_click(second, TABLE, "classroom_review")
        assert "Round 1" in detail
        assert "once your teacher reveals" in second.text(f"{TABLE} .bk-review-summary")
        assert not first.errors and not second.errors, first.errors + second.errors
        teacher.close()
    finally:
        if other is not None:
            other.page.close()
        server.stop()
