"""A seat's review from its own record, the position in words and the class's figures (issue 29
item 3):

- a classroom seat's decisions, judged from what it saw and the text of the move it sent, equal
  the review of the whole game's decisions (every game);
- the class's figures are recounted here from the grades and costs of each review;
- the position said at a decision names only what the seat saw.
"""

from __future__ import annotations

import csv
import io
import random
from fractions import Fraction

import pytest

from bluffkit.core import InvalidQuestion, RandomBot
from bluffkit.i18n import language
from bluffkit.review import review
from bluffkit.review.classwork import class_figures, figures_csv, review_export
from bluffkit.review.position import KIND_WORDS, decision_kind, kind_words, position_text
from bluffkit.review.review import review_seat

from .helpers import RULES, played

GAMES = sorted(RULES)


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_s_own_record_reviews_as_the_whole_game(game):
    final, _trajectory = played(game, [RandomBot()] * 3, 7)
    for seat in range(3):
        whole = review(final, seat)
        record = [(d.move, d.observation, str(d.chosen_action)) for d in whole.decisions]
        own = review_seat(game, seat, 3, record)
        assert own.decisions == whole.decisions, (game, seat)
        assert [d.cost for d in own.decisions] == [d.cost for d in whole.decisions]
        assert own.rounds == () and own.accuracy == whole.accuracy


def test_a_seat_s_record_with_a_move_that_is_no_move_is_refused():
    final, _trajectory = played("bluff", [RandomBot()] * 3, 7)
    d = review(final, 0).decisions[0]
    with pytest.raises(InvalidQuestion, match="is not a move of bluff"):
        review_seat("bluff", 0, 3, [(d.move, d.observation, "fly away")])
    with pytest.raises(InvalidQuestion, match="no review for the game"):
        review_seat("chess", 0, 3, [])
    with pytest.raises(InvalidQuestion, match="seat must be 0-2"):
        review_seat("bluff", 3, 3, [])


@pytest.mark.parametrize("game", GAMES)
def test_the_position_names_what_the_seat_saw_in_both_languages(game):
    final, _trajectory = played(game, [RandomBot()] * 3, 3)
    r = review(final, 1)
    for d in r.decisions[:6]:
        text = position_text(game, d.observation, r.names)
        assert f"{d.observation.round if hasattr(d.observation, 'round') else ''}" in text
        assert "None" not in text and "_" not in text
        with language("fr"):
            french = position_text(game, d.observation, r.names)
        assert french != text and "None" not in french
        assert decision_kind(game, d.chosen_action) in KIND_WORDS, (game, d.chosen_action)


def test_the_class_figures_recount_each_review():
    reviews = []
    for seed, names in ((1, ("Ana", "Ben")), (2, ("Ben", "Cy"))):
        final, _t = played("bluff", [RandomBot()] * 3, seed)
        reviews += [(n, review(final, p)) for p, n in enumerate(names)]
    final, _t = played("poker-dice", [RandomBot()] * 3, 4)
    reviews.append(("Ana", review(final, 2)))
    figures = class_figures(reviews)
    assert [s.name for s in figures.students] == ["Ana", "Ben", "Cy"]
    for s in figures.students:
        mine = [r for n, r in reviews if n == s.name]
        judged = [d for r in mine for d in r.decisions if d.cost is not None]
        assert s.games == len(mine) and s.judged == len(judged)
        assert s.accuracy == Fraction(sum(d.cost <= Fraction(1, 20) if r.game == "bluff" else
                                          d.cost <= Fraction(1, 4)
                                          for r in mine for d in r.decisions
                                          if d.cost is not None), len(judged))
        assert s.blunders == sum(d.grade == "blunder" for d in judged)
    for k in figures.kinds:
        game, kind = k.kind.split(":")
        same = [d for _n, r in reviews if r.game == game for d in r.decisions
                if d.cost is not None and type(d.chosen_action).__name__.lower() == kind]
        assert k.decisions == len(same) and k.total_cost == sum(d.cost for d in same)
    games = [k.game for k in figures.kinds]
    assert games == sorted(games)
    for game in set(games):
        costs = [k.total_cost for k in figures.kinds if k.game == game]
        assert costs == sorted(costs, reverse=True)
    assert all(k.total_cost > 0 for k in figures.costliest())
    rows = list(csv.DictReader(io.StringIO(figures_csv(figures))))
    assert [r["name"] for r in rows if r["row"] == "student"] == ["Ana", "Ben", "Cy"]
    assert {r["name"] for r in rows if r["row"] == "kind"} == {k.kind for k in figures.kinds}
    assert "Bluff" in kind_words(figures.kinds[0].kind) or "Poker" in kind_words(
        figures.kinds[0].kind)


def test_an_export_s_figures_review_each_student_seat_of_the_finished_rooms():
    from bluffkit.classroom.export import export_json
    from bluffkit.classroom.rooms import Hub

    hub = Hub(":memory:", clock=lambda: 0.0)
    try:
        room = hub.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=3)
        hub.join(room.code, "Ana")  # Ana plays seat 0; seat 1 nobody took
        running = hub.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=4)
        rng = random.Random(1)
        while not room.over():
            s = room.state
            hub.play(room, s.current_player(), str(rng.choice(s.legal_actions())))
        exported = export_json([room, running])
    finally:
        hub.close()
    figures = review_export(exported)
    assert figures.rooms == (room.code,)
    assert [s.name for s in figures.students] == ["Ana"]
    mine = review(room.state, 0)
    assert figures.students[0].accuracy == mine.accuracy


def test_a_finished_room_is_reviewed_once_across_exports(monkeypatch):
    from bluffkit.classroom.export import export_json
    from bluffkit.classroom.rooms import Hub
    from bluffkit.review import classwork

    hub = Hub(":memory:", clock=lambda: 0.0)
    try:
        rooms = [hub.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=s)
                 for s in (5, 6)]
        for room in rooms:
            hub.join(room.code, "Ana")
        rng = random.Random(2)
        while not rooms[0].over():
            s = rooms[0].state
            hub.play(rooms[0], s.current_player(), str(rng.choice(s.legal_actions())))
        first = export_json(rooms)
        while not rooms[1].over():
            s = rooms[1].state
            hub.play(rooms[1], s.current_player(), str(rng.choice(s.legal_actions())))
        second = export_json(rooms)
    finally:
        hub.close()
    reviewed_codes = []
    real = classwork.room_reviews
    monkeypatch.setattr(classwork, "room_reviews",
                        lambda r, **k: reviewed_codes.append(r["code"]) or real(r, **k))
    kept: dict = {}
    assert classwork.review_export(first, kept) == classwork.review_export(first)
    after = classwork.review_export(second, kept)
    # the first room once for the kept dict, once without it; the second room once
    assert reviewed_codes == [rooms[0].code, rooms[0].code, rooms[1].code]
    assert after == classwork.review_export(second)
