"""The Review button at the end of every game table (issue 29 item 3), headless: hidden while the
game is played, shown once it is over; pressed, the plot of cost per decision (one bar per
decision of the review, coloured by grade), and a click on a bar (plotly's own click message)
shows that decision's position, options and Explain; a new game takes the review away; the
language switch says it again in French. On a class server, a seat's review judges what the
seat saw exactly as the review of the whole game does, and says its luck once the teacher
reveals the game; the teacher's dashboard shows each student's accuracy and the costliest kinds
of decision, and both exports carry them."""

from __future__ import annotations

import csv
import json
import random

import pytest

from bluffkit.classroom import dashboard, join
from bluffkit.review import review
from bluffkit.widgets.review import GRADE_COLOURS
from tests.conftest import TEACHER
from tests.widgets.test_classroom import open_room, play_out, wait

TABLES = {
    "bluff": lambda: _table("bluff.table", "BluffTable", opponents=1, dice_per_player=2),
    "poker-dice": lambda: _table("poker_dice.table", "PokerDiceTable", opponents=1, points=4),
    "bluff-you": lambda: _table("bluff_you.table", "BluffYouTable", players=2,
                                tokens=(3, 4, 10, 17)),
    "jungle-bluff": lambda: _table("jungle_bluff.table", "JungleTable", opponents=1,
                                   top_card=4),
    "bungee": lambda: _table("bungee.table", "BungeeTable", opponents=1, rounds=1),
}


def _table(module: str, name: str, **options):
    import importlib

    return getattr(importlib.import_module(f"bluffkit.widgets.{module}"), name)(seed=3,
                                                                              **options)


def play_to_the_end(t, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not t.state.is_terminal():
        assert t.review_area.layout.display == "none"  # no review while the game is played
        t.play(rng.choice(t.state.legal_actions()))


def click(figure, k: int, trace: int = 0) -> None:
    """What plotly.js sends when point ``k`` of a trace (0: the bars, 1: the dots) is
    clicked."""
    figure._js2py_pointsCallback = {
        "event_type": "plotly_click", "selector": None,
        "points": {"trace_indexes": [trace], "point_indexes": [k], "xs": [k + 1], "ys": [0]},
        "device_state": {"shift": False, "ctrl": False, "meta": False, "alt": False,
                         "button": 0, "buttons": 1}}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_local_table_reviews_its_game_at_the_end(game):
    t = TABLES[game]()
    play_to_the_end(t)
    assert t.review_area.layout.display is None
    t.review_area.button.click()
    assert not t.errors.message, t.errors.message
    panel = t.review_area.panel
    want = review(t.state, 0, names=t.names)
    assert panel.review.decisions == want.decisions
    bars = panel.figure.data[0]
    assert list(bars.y) == [float(d.cost or 0) for d in want.decisions]
    assert list(bars.marker.color) == [GRADE_COLOURS[d.grade] for d in want.decisions]
    assert "Accuracy" in panel.summary.value or not want.judged
    for k in range(min(len(want.decisions), 4)):
        click(panel.figure, k, trace=k % 2)
        assert panel.choice.value == k
        d = want.decisions[k]
        assert f"Decision {k + 1} (round {d.round})" in panel.detail.value
        assert "bk-review-explain" in panel.detail.value
        first = d.explanation.splitlines()[0] if d.explanation else ""
        assert first[:30].replace("'", "&#x27;").replace('"', "&quot;") in panel.detail.value
    t.new_game(4)
    assert t.review_area.layout.display == "none" and t.review_area.panel is None


def test_the_review_speaks_french_after_the_switch():
    t = TABLES["bluff"]()
    play_to_the_end(t)
    t.review_area.button.click()
    t.language_switch.value = "fr"
    try:
        panel = t.review_area.panel
        assert t.review_area.button.description == "Revoir"
        assert "Précision" in panel.summary.value or "Aucune" in panel.summary.value
        assert "Manche" in panel.detail.value and "Décision" in panel.detail.value
        assert panel.figure.layout.xaxis.title.text == "décision"
    finally:
        t.language_switch.value = "en"
    assert "Decision" in t.review_area.panel.detail.value


def test_a_classroom_seat_reviews_its_decisions_and_the_luck_once_revealed(server):
    code = open_room(server.url, "bluff", {"players": 2, "dice_per_player": 2}, seed=5)
    ana, ben = join(server.url, code, "Ana"), join(server.url, code, "Ben")
    room = server.server.hub.rooms[code]
    rng = random.Random(2)
    play_out([ana, ben], lambda t: rng.choice(t.view["legal"]))
    for t in (ana, ben):
        wait(lambda t=t: t.review_area.layout.display is None)
        t.review_area.button.click()
        assert not t.errors.message, t.errors.message
        whole = review(room.state, t.seat, names=t.names)
        panel = t.review_area.panel
        assert panel.review.decisions == whole.decisions and whole.decisions
        assert panel.review.rounds == ()
        assert "once your teacher reveals the game" in panel.summary.value
    teacher = dashboard(server.url, TEACHER)
    try:
        teacher.reveal(code)
        wait(lambda: getattr(ana, "_revealed", None) and getattr(ben, "_revealed", None))
    finally:
        teacher.close()
    for t in (ana, ben):
        t.review_area.button.click()
        whole = review(room.state, t.seat, names=t.names)
        assert t.review_area.panel.review == whole and whole.rounds
        assert "once your teacher reveals" not in t.review_area.panel.summary.value
        t.link.close()


def test_a_classroom_poker_dice_seat_reviews_as_the_whole_game(server):
    code = open_room(server.url, "poker-dice", {"players": 2, "starting_points": 4}, seed=2)
    ana, ben = join(server.url, code, "Ana"), join(server.url, code, "Ben")
    room = server.server.hub.rooms[code]
    rng = random.Random(4)
    play_out([ana, ben], lambda t: rng.choice(t.view["legal"]), timeout=60)
    for t in (ana, ben):
        wait(lambda t=t: t.review_area.layout.display is None)
        t.review_area.button.click()
        whole = review(room.state, t.seat, names=t.names)
        assert t.review_area.panel.review.decisions == whole.decisions, t.seat
        t.link.close()


def test_the_dashboard_shows_and_exports_each_student_s_accuracy(server, tmp_path):
    board = dashboard(server.url, TEACHER, folder=tmp_path)
    try:
        code = board.open_table("bluff", 2, seed=7, dice_per_player=2)
        ana, ben = join(server.url, code, "Ana"), join(server.url, code, "Ben")
        rng = random.Random(5)
        play_out([ana, ben], lambda t: rng.choice(t.view["legal"]))
        room = server.server.hub.rooms[code]
        board.review_button.click()
        assert not board.errors.message, board.errors.message
        names = ["Ana", "Ben"]
        accuracy = {n: review(room.state, p).accuracy for p, n in enumerate(names)}
        got = {s.name: s.accuracy for s in board.figures.students}
        assert got == accuracy
        for n in names:
            assert f"<td>{n}</td>" in board.review_view.value
        assert "costliest kinds of decision" in board.review_view.value
        board.json_button.click()
        data = json.loads(board.exported.read_text())
        assert data["review"] == board.figures.to_json() and data["rooms"]
        board.csv_button.click()
        companion = [p for p in tmp_path.iterdir() if p.name.startswith("classroom-review-")]
        rows = list(csv.DictReader(companion[0].open()))
        assert [r["name"] for r in rows if r["row"] == "student"] == names
        for t in (ana, ben):
            t.link.close()
    finally:
        board.close()
