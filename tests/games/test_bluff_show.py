"""The "Montre-moi ton jeu" expansion (``BluffRules(show_and_reroll=True)``): right after a bid the
bidder may expose hidden dice, keeping at least one hidden, then re-roll all hidden dice if at
least one of their dice is exposed; exposed dice stay face up and count at resolution."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.core import CHANCE, IllegalAction
from bluffkit.games.bluff import (
    STAR,
    Bid,
    BluffState,
    Challenge,
    Roll,
    Show,
    parse_action,
    position,
)


def deal(hands, *, show=True, **options) -> BluffState:
    return position(hands, show_and_reroll=show, **options)


def play(state: BluffState, *texts: str) -> BluffState:
    for text in texts:
        state = state.apply(parse_action(state, text))
    return state


def test_without_the_option_a_bid_passes_the_turn():
    s = play(deal(["1,2,3", "4,5,*"], show=False), "2x3")
    assert s.phase == "bid" and s.current_player() == 1
    with pytest.raises(IllegalAction, match="must bid or challenge"):
        s.apply(Show((4,)))


def test_after_a_bid_the_bidder_may_expose_and_reroll():
    s = play(deal(["1,2,3", "4,5,*"]), "2x3")
    assert s.phase == "show" and s.current_player() == 0
    expose_sets = [(), (1,), (2,), (3,), (1, 2), (1, 3), (2, 3)]  # never all three
    assert sorted(s.legal_actions()) == s.legal_actions()
    assert set(s.legal_actions()) == (
        {Show(e) for e in expose_sets} | {Show(e, True) for e in expose_sets if e})
    assert Challenge() not in s.legal_actions() and Show((1, 2, 3)) not in s.legal_actions()


def test_keeping_changes_nothing_but_the_turn():
    s = play(deal(["1,2,3", "4,5,*"]), "2x3")
    t = play(s, "keep")
    assert t.phase == "bid" and t.current_player() == 1
    assert t.hidden == s.hidden and t.exposed == s.exposed and t.history == s.history


def test_exposed_dice_stay_face_up_and_the_rest_is_rerolled():
    s = play(deal(["3,3,1", "4,5,*"]), "2x3", "show 3,3 reroll")
    assert s.phase == "reroll" and s.current_player() == CHANCE
    assert s.exposed == ((3, 3), ()) and s.hidden[0] == (1,)
    assert s.chance_outcomes() == [(Roll((f,)), Fraction(1, 6)) for f in (1, 2, 3, 4, 5, STAR)]
    s = s.apply(Roll((STAR,)))
    assert s.phase == "bid" and s.current_player() == 1
    assert s.hidden[0] == (STAR,) and s.exposed[0] == (3, 3) and s.all_dice(0) == (3, 3, STAR)
    assert s.history[-1] == (0, "show 3,3 reroll")


def test_a_later_bid_may_reroll_with_dice_exposed_earlier():
    s = play(deal(["3,3,1", "4,5,*"]), "2x3", "show 3,3", "3x3")
    assert s.exposed == ((3, 3), ())
    s = play(s, "show 5", "4x3")  # player 1 shows a die too
    assert s.phase == "show" and Show((), True) in s.legal_actions()
    s = play(s, "reroll")
    assert s.phase == "reroll" and len(s.hidden[0]) == 1


def test_one_hidden_die_and_nothing_shown_skips_the_expansion():
    s = play(deal(["3", "4,5"]), "1x3")
    assert s.phase == "bid" and s.current_player() == 1


@pytest.mark.parametrize("text, rule", [
    ("show 1,3,3", "at least one die must stay under the cup"),
    ("reroll", "re-rolling needs at least one exposed die"),
    ("show 4", "cannot expose 4: the hidden dice are 1,3,3"),
    ("show 3,3,3", "cannot expose"),
])
def test_illegal_shows_name_the_rule(text, rule):
    s = play(deal(["3,3,1", "4,5,*"]), "2x3")
    before = s.to_json()
    with pytest.raises(IllegalAction, match=rule):
        s.apply(parse_action(s, text))
    assert s.to_json() == before


def test_only_a_show_may_follow_a_bid():
    s = play(deal(["3,3,1", "4,5,*"]), "2x3")
    for action in (Bid(3, 3), Challenge(), Roll((1, 2, 3))):
        with pytest.raises(IllegalAction, match="may only expose dice"):
            s.apply(action)


def test_exposed_dice_count_at_resolution():
    s = play(deal(["3,3,1", "2,2,2"]), "3x3", "show 3,3 reroll")
    s = s.apply(Roll((3,)))
    s = play(s, "challenge")
    assert s.last.dice == ((3, 3, 3), (2, 2, 2)) and s.last.count == 3
    assert s.last.losses == (0, 1)  # exactly right: the challenger loses one
    assert s.exposed == ((), ()) and s.phase == "roll"  # a new round: every die back in the cup


def test_others_see_exposed_dice_but_not_hidden_ones():
    s = play(deal(["3,3,1", "2,4,5"]), "2x3", "show 3,3")
    seen = s.observation(1)
    assert seen.exposed == ((3, 3), ()) and seen.my_dice == (2, 4, 5)
    assert s.observation(0).my_dice == (1,)


def test_show_text_round_trip():
    s = play(deal(["3,3,1", "2,4,5"]), "2x3")
    for action in s.legal_actions():
        assert parse_action(s, str(action)) == action
    assert str(Show()) == "keep" and str(Show((3, 3), True)) == "show 3,3 reroll"
    assert str(Show((), True)) == "reroll"


def test_a_show_is_written_one_way():
    assert Show((3, 1, STAR)) == Show((1, 3, STAR)) and str(Show((3, 1))) == "show 1,3"
    s = play(deal(["3,3,1", "2,4,5"]), "2x3")
    assert Show((3, 1)) in s.legal_actions()
    assert s.apply(Show((3, 1))) == s.apply(Show((1, 3)))
    with pytest.raises(IllegalAction, match="die faces"):
        Show((7,))
    with pytest.raises(IllegalAction, match="die faces"):
        Show((1,), reroll="yes")


@pytest.mark.parametrize("text, show", [
    ("show 3,star reroll", Show((3, STAR), True)), ("expose *", Show((STAR,))),
    ("show reroll", Show((), True)), ("reroll", Show((), True)), ("keep", Show()),
    ("show 1, 3", Show((1, 3))),
])
def test_show_text(text, show):
    assert parse_action(None, text) == show
