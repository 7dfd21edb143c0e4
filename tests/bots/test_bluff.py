"""Bluff bots: the advice bot beats random players; matches are reproducible from a seed."""

import pytest

from bluffkit.bots import AdviceBot, RandomBot, play_match
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import BluffRules


@pytest.mark.parametrize("expansion", [False, True])
def test_advice_bot_beats_random_bots_clearly(expansion):
    rules = BluffRules(players=4, show_and_reroll=expansion)
    r = play_match(rules, [AdviceBot(), RandomBot(), RandomBot(), RandomBot()], 16, seed=5)
    # a random seat would win about 4 of 16 games
    assert r.wins[0] >= 12, r
    assert sum(r.wins) == 16 and r.mean_rounds >= 2


def test_advice_bot_wins_from_any_seat():
    rules = BluffRules(players=3, dice_per_player=3)
    r = play_match(rules, [RandomBot(), RandomBot(), AdviceBot()], 12, seed=11)
    assert r.wins[2] >= 9, r


def test_matches_are_reproducible_from_the_seed():
    rules = BluffRules(players=3, dice_per_player=2)
    bots = [AdviceBot(), RandomBot(), RandomBot()]
    a, b = play_match(rules, bots, 6, seed=3), play_match(rules, bots, 6, seed=3)
    assert a == b
    assert a.to_json()["wins"] == list(a.wins) and "seat 0 (advice)" in str(a)


def test_bad_match_requests():
    with pytest.raises(InvalidQuestion, match="one bot per seat"):
        play_match(BluffRules(players=3), [AdviceBot()], 1, seed=1)
    with pytest.raises(InvalidQuestion, match="games"):
        play_match(BluffRules(players=2), [AdviceBot(), RandomBot()], 0, seed=1)


def test_bayes_bot_plays_legal_reproducible_games_and_beats_advice_bots():
    from bluffkit.bots.bluff import BayesBot

    rules = BluffRules(players=3, dice_per_player=2)
    bots = [AdviceBot(), BayesBot(samples=32), AdviceBot()]
    a, b = play_match(rules, bots, 12, seed=4), play_match(rules, bots, 12, seed=4)
    assert a == b and "bayes" in str(a)
    assert a.wins[1] >= 5, a  # parity is 4 of 12


def test_honest_bot_bids_its_best_face_and_challenges_past_its_belief():
    from bluffkit.bots.bluff import HonestBot
    from bluffkit.games.bluff import Bid, BluffState, Challenge, Roll

    s = BluffState.new(BluffRules(players=2, opener=0))
    s = s.apply(Roll((1, 2, 4, 4, 6))).apply(Roll((1, 1, 1, 1, 1)))
    bot = HonestBot()
    # 4s: two 4s and a star = 3, the most; the smallest opening bid on 4s
    assert bot.choose(s.observation(0), s.legal_actions(), None) == Bid(1, 4)
    s = s.apply(Bid(4, 4))
    # player 1 holds five 1s: 5 + 5 // 3 = 6 believed; the smallest raise on 1s is 5x1
    assert bot.choose(s.observation(1), s.legal_actions(), None) == Bid(5, 1)
    s = s.apply(Bid(7, 1))
    # player 0 believes 3 + 1 = 4 fours; the smallest raise on 4s is 7x4: challenge
    assert bot.choose(s.observation(0), s.legal_actions(), None) == Challenge()
