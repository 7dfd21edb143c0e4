"""Poker dice widgets: pure figures against the calculators, the explorer driven by ``.value``,
the table driven by clicks (ipywidgets' testing style)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bluffkit.core import IllegalAction, InvalidQuestion
from bluffkit.games.poker_dice import Category, PokerDiceRules, Raise
from bluffkit.odds.poker_dice import category_counts, equity
from bluffkit.widgets.poker_dice import (
    HandOddsExplorer,
    PokerDiceTable,
    figure_for_categories,
    figure_for_hand_odds,
    figure_for_ranking,
)
from tests.widgets.conftest import click_to_the_end

ME = 0


# -- figures ------------------------------------------------------------------------------------
def test_category_figure_is_the_exact_distribution():
    counts = category_counts("A,K,10", 6)
    fig = figure_for_categories(counts, title="t")
    total = sum(counts.values())
    assert list(fig.data[0].y) == [counts[c] / total for c in Category]
    assert [Fraction(t) for t in fig.data[0].customdata] == [Fraction(counts[c], total)
                                                            for c in Category]


def test_ranking_figure_shows_five_and_six_dice():
    fig = figure_for_ranking()
    five, six = fig.data
    assert five.customdata[Category.FOUR_OF_A_KIND] == "130/7776"
    assert five.customdata[Category.LARGE_STRAIGHT] == "240/7776"
    assert six.customdata[Category.NOTHING] == "0/46656"
    assert fig.layout.yaxis.type == "log"


def test_hand_odds_figure_stacks_win_tie_lose():
    es = [equity("9,K,K", None, k) for k in (1, 2, 3)]
    fig = figure_for_hand_odds(category_counts("9,K,K", 6), es, chosen=3)
    win, tie, lose, eq = fig.data[1:]
    for i, e in enumerate(es):
        assert win.y[i] + tie.y[i] + lose.y[i] == pytest.approx(1)
        assert eq.customdata[i] == f"{e.equity.numerator}/{e.equity.denominator}"
    assert list(win.marker.line.width) == [0, 0, 3]


# -- the explorer -------------------------------------------------------------------------------
def test_explorer_updates_in_place_and_recovers_from_bad_input():
    w = HandOddsExplorer(mine="9,K,K", common="", opponents=2)
    figure = w.figure
    assert w.equity == equity("9,K,K", None, 2)
    w.common.value = "A,K,10"
    assert w.equity == equity("9,K,K", "A,K,10", 2) and w.figure is figure
    assert "7351" in w.result.value  # equity 7351/15552 shown as a fraction
    w.opponents.value = 1
    assert w.equity.win == 147 and w.figure.data[2].marker.line.width[0] == 3
    w.mine.value = "9,K,8"
    assert "not a poker-dice face" in w.errors.message and w.equity.win == 147
    w.mine.value = "A,A,A"
    assert w.errors.message == "" and w.equity == equity("A,A,A", "A,K,10", 1)
    w.mine.value = "9,K,K"
    w.tie_break.value = "categories"
    assert w.equity == equity("9,K,K", "A,K,10", 1, PokerDiceRules(tie_break="categories"))
    assert w.equity.tie > equity("9,K,K", "A,K,10", 1).tie
    assert "bk-hand-odds-explorer" in w._dom_classes


def test_explorer_rejects_bad_arguments_at_construction():
    with pytest.raises(InvalidQuestion, match=r"My dice \(3\) needs 3 dice"):
        HandOddsExplorer(mine="9,9")


# -- the table ----------------------------------------------------------------------------------
def _play_to_the_end(t: PokerDiceTable) -> None:
    """Ante, then call when there is a bet, else bet the preselected amount."""
    click_to_the_end(t, lambda t: (
        t.ante_button if t.ante_row.layout.display is None else
        t.call_button if not t.call_button.disabled else t.bet_button), 600)


def test_table_shows_my_peeker_and_hides_the_others():
    t = PokerDiceTable(opponents=3, seed=11, points=10)
    s = t.state
    assert s.current_player() == ME and s.phase == "ante"
    view = t.players_view.value
    assert view.count("bk-die-hidden") == 9
    shown = re.findall(r'class="bk-die" [^>]*>([^<]*)<', view)
    assert shown == [{9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}[d]
                     for d in s.peekers[ME]]
    assert t.ante_row.layout.display is None and t.bet_row.layout.display == "none"


def test_betting_controls_follow_the_rules():
    t = PokerDiceTable(opponents=1, seed=2, points=10)
    while t.state.phase != "bet" or t.state.current_player() != ME:
        assert not t.state.is_terminal()
        t.ante_button.click() if t.ante_row.layout.display is None else t.call_button.click()
    s = t.state
    assert t.amount.max == max(getattr(a, "by", getattr(a, "amount", 0))
                               for a in s.legal_actions())
    assert t.call_button.disabled == (not s.opened)
    assert t.bet_button.description == ("Raise by" if s.opened else "Bet")
    with pytest.raises(IllegalAction, match="below the current bet|nothing to raise yet"):
        t.play(Raise(0))
    assert t.state is s
    t.amount.value = t.amount.max
    t.bet_button.click()
    assert t.errors.message == "" and t.state is not s


def test_explain_shows_the_advice_with_its_model():
    t = PokerDiceTable(opponents=2, seed=4, points=10)
    t.explain.toggle.value = True
    body = t.explain.body.value
    assert "bets are not read as information" in body and "Recommended" in body
    # the exact equity (a 14-digit fraction with two opponents) is in the tooltip
    assert re.search(r'equity <span class="bk-exact" title="\d+/\d+">\d+\.\d%</span>',
                     body), body


def test_whole_games_end_and_replay_from_the_seed():
    t = PokerDiceTable(opponents=2, seed=7, points=6)
    _play_to_the_end(t)
    first = list(t.history.lines)
    assert any("Game over" in line for line in first)
    t.new_game(7)
    _play_to_the_end(t)
    assert t.history.lines == first
    with pytest.raises(IllegalAction, match="game is over"):
        t.play("ante")


def test_new_game_bar_and_bad_settings():
    t = PokerDiceTable(opponents=1, seed=0, points=6)
    t.opponents.value = 3
    t.new_game_bar.button.click()
    assert t.errors.message == "" and t.state.rules.players == 4
    assert t.new_game_bar.seed.value == 1 == t.seed
    with pytest.raises(InvalidQuestion, match="1-3 bots"):
        t.new_game(0, opponents=4)
