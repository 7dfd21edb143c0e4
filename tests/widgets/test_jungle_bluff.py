"""Jungle Bluff widgets driven headless (ipywidgets' testing style): the pure figures, the
ChallengeExplorer, and the JungleTable played by clicks to the end of a game."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bluffkit.core import Distribution, RandomBot
from bluffkit.games.jungle_bluff import Card, Duel, JungleRules, duel_winner, parse_cards
from bluffkit.widgets.jungle_bluff import (
    ChallengeExplorer,
    figure_for_beats,
    figure_for_challenge,
    figure_for_options,
)
from bluffkit.widgets.jungle_bluff.table import JungleTable
from tests.widgets.conftest import assert_move_refused, click_to_the_end

ME = 0


def test_beats_figure_is_the_relation():
    cards = JungleRules(special_cards=("optimistic", "reversed", "nervous", "alpha")).deck()
    z = figure_for_beats(cards).data[0].z
    for i, c in enumerate(cards):
        for j, d in enumerate(cards):
            assert z[i][j] == {"challenger": 1, "defender": 0, "nobody": 0.5}[duel_winner(c, d)]


def test_challenge_figure_colours_the_cards_i_beat():
    fig = figure_for_challenge(Card(6), Distribution.uniform(parse_cards("2,6,9")))
    assert list(fig.data[0].x) == ["2", "6", "9"]
    assert fig.data[0].marker.color[0] == fig.data[0].marker.color[1] != fig.data[0].marker.color[2]
    assert "2/3" in fig.layout.title.text


def test_options_figure_marks_the_best():
    from bluffkit.odds.jungle_bluff import turn_options

    opts = turn_options(Card(6), parse_cards("3"), [parse_cards("9"), ()],
                        {0: Distribution.uniform(parse_cards("2,8"))}, me=1)
    fig = figure_for_options(opts)
    assert list(fig.data[0].x) == ["take 3", "challenge 0"]
    assert fig.data[0].marker.color[1] != fig.data[0].marker.color[0]


def test_challenge_explorer_updates_and_explains_bad_input():
    e = ChallengeExplorer(mine="8", theirs="5,8,9")
    assert e.p_win == Fraction(2, 3) and "frac{2}{3}" in e.summary.value
    e.role.value = False  # as defender the 8 vs a challenger's 8 loses the tie
    assert e.p_win == Fraction(1, 3)
    e.specials.value = ("nervous",)  # the opponent's 9 is now nervous: a 9 as challenger still
    assert e.p_win == Fraction(1, 3)
    e.role.value = True  # challenging a nervous 9: it counts 1
    assert e.p_win == 1
    before = e.summary.value
    e.theirs.value = "5,x"
    assert "is not a card" in e.errors.message and e.summary.value == before
    e.theirs.value = "9"
    assert e.errors.message == "" and e.p_win == 1


@pytest.mark.parametrize("field, text, words", [
    ("mine", "99", "1-10"), ("mine", "11", "1-10"), ("theirs", "3,99", "1-10"),
    ("theirs", "3,3,8", "twice"), ("mine", "9n", "nervous"), ("theirs", "1o,4", "optimistic"),
])
def test_challenge_explorer_refuses_cards_that_do_not_exist(field, text, words):
    """Issue 11/12: "My 99 wins" must not appear; duplicates and special cards without their
    rule are refused too, and the last good answer stays."""
    e = ChallengeExplorer(mine="8", theirs="5,8,9")
    before, p = e.summary.value, e.p_win
    getattr(e, field).value = text
    assert words in e.errors.message, e.errors.message
    assert e.summary.value == before and e.p_win == p


def test_table_offers_the_legal_moves_and_hides_the_bots_cards():
    t = JungleTable(opponents=2, seed=5)
    s = t.state
    assert s.current_player() == ME and s.phase == "choose"
    assert [v for _, v in t.choice.options] == [str(a) for a in s.legal_actions()]
    t.choice.value = "play 7"
    t.button.click()
    assert t.errors.message == ""
    view = t.table_view.value
    for p in (1, 2):
        if t.state.strength[p] is not None:
            row = re.search(rf"Bot {p}</b>.*?</tr>", view).group(0)
            assert "face down" in row and f">{t.state.strength[p]}<" not in row
    assert "<td>7</td>" in view


def test_a_challenge_shows_both_cards_to_me_only_when_i_am_in_it():
    t = JungleTable(opponents=2, seed=1, bots=[RandomBot(), RandomBot()])
    for _ in range(60):
        if t.state.is_terminal():
            break
        legal = [v for _, v in t.choice.options]
        move = next((m for m in legal if m.startswith("challenge")), legal[0])
        t.choice.value = move
        t.button.click()
        assert t.errors.message == ""
    duels = [m for r in t.state.history for m in r.moves if isinstance(m, Duel)]
    assert duels
    for line in t.history.lines:
        if "challenge" in line and "You" not in line:
            assert " against " not in line  # cards of other players' challenges stay hidden
    mine = [line for line in t.history.lines if line.startswith("You challenge")]
    assert mine and all(" against " in line for line in mine)


def test_illegal_moves_are_explained_and_change_nothing():
    assert_move_refused(JungleTable(opponents=1, seed=2), "take 10", "strength card",
                        "challenge 5")


def test_explain_shows_the_advice_and_a_game_plays_to_the_end():
    t = JungleTable(opponents=1, seed=4, special_cards=("optimistic", "alpha"), top_card=10)
    t.explain.toggle.value = True
    assert "bk-advice-options" in t.explain.body.value and "mixed" in t.explain.body.value
    click_to_the_end(t, lambda t: t.button, 99)
    assert "bk-status-over" in t.status.value and len(t.state.history) == 11
    assert "Advice appears here" in t.explain.body.value


def test_the_final_round_is_announced_and_closed_as_the_final_round():
    t = JungleTable(opponents=2, seed=5, top_card=3)
    t.explain.toggle.value = True
    while not t.state.is_terminal():
        t.button.click()
        assert t.errors.message == "" and "None" not in t.explain.body.value
    text = " ".join(t.history.lines)
    assert "Final round" in text and "End of the final round" in text
    assert "Round 4" not in text and "round 4" not in text


def test_same_seed_same_game():
    a, b = JungleTable(opponents=3, seed=9), JungleTable(opponents=3, seed=9)
    assert a.state == b.state and a.history.lines == b.history.lines
    a.new_game_bar.button.click()
    assert a.new_game_bar.seed.value == 10 == a.seed
