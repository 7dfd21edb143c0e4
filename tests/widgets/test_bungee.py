"""Bungee widgets driven headless (ipywidgets' testing style): the pure figures, DrawExplorer,
and BungeeTable played by clicks to the end of a game."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bluffkit.bots.bungee import compare_thresholds
from bluffkit.core import IllegalAction
from bluffkit.games.bungee import DECK
from bluffkit.odds.bungee import Knowledge, action_odds, turn_odds
from bluffkit.widgets.bungee import (
    DrawExplorer,
    figure_for_action,
    figure_for_actions,
    figure_for_thresholds,
    figure_for_unseen,
)
from bluffkit.widgets.bungee_table import BungeeTable

ME = 0


def test_unseen_figure_splits_the_deck():
    k = Knowledge.parse("1,2,8,B", discard="5,5", lucky=8)
    fig = figure_for_unseen(k)
    seen, unseen = fig.data
    assert [a + b for a, b in zip(seen.y, unseen.y)] == list(DECK)
    assert sum(unseen.y) == k.unseen_count == 49 and "49 unseen" in fig.layout.title.text


def test_action_figure_is_the_exact_distribution():
    o = action_odds(Knowledge.parse("1,2,9", lucky=8), "play 9")
    fig = figure_for_action(o)
    bar = fig.data[0]
    assert [Fraction(t) for t in bar.text] == list(o.value.pmf().values())
    green = {c for v, c in zip(bar.x, bar.marker.color) if v <= 5}
    assert len(green) == 1 and green.isdisjoint(c for v, c in zip(bar.x, bar.marker.color)
                                                if v > 5)
    assert "15/52" in fig.layout.title.text


def test_actions_figure_marks_the_lowest_expected_value():
    options = turn_odds(Knowledge.parse("2,9,9,10", discard="4,7", lucky=8))
    bar = figure_for_actions(options).data[0]
    best = min(range(len(options)), key=lambda i: options[i].mean_value)
    assert bar.x[best] == "play 9,9"
    assert len({c for i, c in enumerate(bar.marker.color) if i != best}) == 1
    assert bar.marker.color[best] != bar.marker.color[best - 1]


def test_thresholds_figure():
    r = compare_thresholds([5, 3], games=2, seed=1, rounds=1)
    fig = figure_for_thresholds(r)
    assert list(fig.data[0].x) == ["calls at 5", "calls at 3"]
    assert list(fig.data[0].y) == [float(t) for t in r.mean_totals]


def test_draw_explorer_updates_and_explains_bad_input():
    e = DrawExplorer(hand="1,2,9", discard="4", lucky="8", action="play 9")
    assert e.odds.p_bungee == Fraction(15, 51) and "frac{5}{17}" in e.summary.value
    assert e.action.options[0] == "play 1" and "bk-advice-options" in e.table.value
    e.action.value = "take, play 9"
    assert e.odds.value.pmf() == {7: 1} and "certain" in e.summary.value
    before = e.summary.value
    e.hand.value = "1,2,x"
    assert "not a Bungee card" in e.errors.message and e.summary.value == before
    e.hand.value = "1,2,9,9"
    assert e.errors.message == "" and e.action.value == "take, play 9"
    e.lucky.value = "9"
    assert e.knowledge().value == 3 and e.odds.value.pmf() == {7: 1}  # 1,2,4,9 with 9 lucky


def test_table_offers_the_legal_moves_and_hides_the_bots_cards():
    t = BungeeTable(opponents=2, seed=5, rounds=1)
    s = t.state
    assert s.current_player() == ME and s.phase == "turn" and not s.opened
    assert [v for _, v in t.choice.options] == [str(a) for a in s.legal_actions()]
    for p in (1, 2):
        row = re.search(rf"Bot {p}</b>.*?</tr>", t.table_view.value).group(0)
        assert f"{len(s.hands[p])} cards" in row and "<td>?</td>" in row
    t.choice.value = t.choice.options[-1][1]
    t.button.click()
    assert t.errors.message == "" and any(line.startswith("You: draw") for line in
                                          t.history.lines)


def test_illegal_moves_are_explained_and_change_nothing():
    t = BungeeTable(opponents=1, seed=2, rounds=1)
    before = t.state
    t.errors.guard(t.play)("bungee")
    assert "first player must play" in t.errors.message and t.state is before
    with pytest.raises(IllegalAction):
        t.play("play 6,6,6,6,6")


def test_explain_shows_the_advice_and_a_game_plays_to_the_end():
    t = BungeeTable(opponents=1, seed=4, rounds=2)
    t.explain.toggle.value = True
    assert "bk-advice-options" in t.explain.body.value and "exact" in t.explain.body.value
    clicks = 0
    while not t.state.is_terminal():
        t.button.click()
        clicks += 1
        assert t.errors.message == "" and clicks < 400
    assert "bk-status-over" in t.status.value
    assert sum("End of round" in line for line in t.history.lines) == 2
    assert "Advice appears here" in t.explain.body.value


def test_same_seed_same_game():
    a, b = BungeeTable(opponents=3, seed=9, rounds=1), BungeeTable(opponents=3, seed=9, rounds=1)
    assert a.state == b.state and a.history.lines == b.history.lines
    a.new_game_bar.button.click()
    assert a.new_game_bar.seed.value == 10 == a.seed
