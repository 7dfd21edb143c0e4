"""Jungle Bluff bots: legal play from their own observation, seeded matches."""

from __future__ import annotations

import pytest

from bluffkit.bots.jungle_bluff import AdviceBot, BeliefBot, RandomBot, play_match
from bluffkit.core import InvalidQuestion
from bluffkit.games.jungle_bluff import JungleRules, JungleState


def test_matches_are_reproducible_from_a_seed():
    rules = JungleRules(players=3, top_card=5, special_cards=("reversed",))
    bots = [BeliefBot(), RandomBot(), AdviceBot()]
    a = play_match(rules, bots, 3, seed=11)
    b = play_match(rules, bots, 3, seed=11)
    assert a == b and sum(a.wins) == 3
    assert a.names == ("belief", "random", "advice")


def test_two_player_advice_bot_beats_random_play():
    rules = JungleRules(players=2, top_card=6)
    r = play_match(rules, [AdviceBot(), RandomBot()], 12, seed=2)
    assert r.mean_scores[0] > r.mean_scores[1]
    assert r.wins[0] > r.wins[1]


def test_belief_bot_fights_for_the_best_card():
    s = JungleState.setup(JungleRules(players=3), ["1,5,9", "2,6,7", "3,4,8"], "2,7,9")
    action = BeliefBot().choose(s.observation(0), s.legal_actions(), None)
    assert str(action) == "play 9"


def test_match_arguments_are_checked():
    with pytest.raises(InvalidQuestion, match="one bot per seat"):
        play_match(JungleRules(players=3), [RandomBot()], 1)
    with pytest.raises(InvalidQuestion, match="games"):
        play_match(JungleRules(players=2), [RandomBot(), RandomBot()], 0)
