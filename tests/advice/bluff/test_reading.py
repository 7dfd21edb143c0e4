"""Advice that reads the bids: the numbers are the posteriors', the words walk the Bayes step,
the opt-out gives today's advice, the look ahead agrees with the exact one-step losses where
they coincide, and everything is reproducible from the seed."""

from fractions import Fraction

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.advice.bluff.ahead import look_ahead
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import Bid, Challenge
from bluffkit.odds.bluff import matches
from bluffkit.odds.bluff.beliefs import odds_after_bids, read_bids

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


def test_the_options_carry_both_probabilities_and_the_bayes_step_in_words():
    pos = Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3", history="4x3 5x3 6x3 7x3")
    a = advise(pos, names=NAMES)
    r = read_bids(pos.dice_held, 0, pos.history, pos.bidder)
    assert a.reading == r
    for o in a.options:
        bid = pos.bid if o.kind == "challenge" else o.action
        expected = odds_after_bids(bid, 20, matches(pos.my_dice, bid.face), r, 5, 5).p_true
        assert o.p_read == expected
    text = a.explanation
    assert "Model: the bids are read" in text and "ε = 1/20" in text
    assert "Bot 3 bid 7x3 after 6x3: players holding" in text and "goes from" in text
    md = a._repr_markdown_()
    assert "P(true), dice random" in md and "P(true) after reading the bids" in md
    assert a.to_json()["bids_read"] and len(a.to_json()["beliefs"]) == 3


def test_the_bayes_step_numbers_are_the_posteriors():
    pos = Position("1,2", (2, 2), bid="2x4", history="2x4")
    a = advise(pos, names=["You", "Bot 1"])
    b = a.reading.beliefs[1]
    prior, post = b.prior_p_at_least(4, 2), b.p_at_least(4, 2)  # two or more: the biggest move
    line = next(x for x in a.explanation.splitlines() if x.startswith("Bot 1 bid 2x4"))
    assert f"{prior.numerator}/{prior.denominator}" in line
    assert f"{post.numerator}/{post.denominator}" in line


def test_opting_out_gives_todays_advice():
    pos = Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3", history="4x3 5x3 6x3 7x3")
    old = advise(pos, read_bids=False)
    unread = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"))
    assert old.options == unread.options and old.recommended == unread.recommended
    assert old.reading is None and all(o.p_read is None for o in old.options)
    assert "not read as information" in old.explanation


def test_without_history_or_with_the_expansion_the_bids_are_not_read_and_it_says_why():
    a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"))
    assert a.reading is None and "earlier bids were not given" in a.explanation
    pos = Position("3,3,*,1", (5, 5, 5, 5), bid="7x3", history="7x3",
                   exposed=[(2,), (), (), ()])
    assert "expansion" in advise(pos).explanation


def test_the_look_ahead_is_reproducible_and_its_seed_matters():
    pos = Position("3,3,*,1,2", (5, 5, 5), bid="5x3", history="4x3 5x3")
    choices = [Challenge(), Bid(6, 3), Bid(5, 4)]
    a = look_ahead(pos, choices, samples=64, seed=3)
    assert a == look_ahead(pos, choices, samples=64, seed=3)
    assert advise(pos, seed=5) == advise(pos, seed=5)
    with pytest.raises(InvalidQuestion, match="samples"):
        look_ahead(pos, choices, samples=0)


def test_look_ahead_of_a_challenge_estimates_the_exact_loss():
    # a challenge ends the round at once: the playouts estimate the exact posterior loss
    pos = Position("3,3,1", (3, 3, 3), bid="4x3", history="3x3 4x3")
    exact = advise(pos, samples=8).options[0]
    assert exact.kind == "challenge"
    v = look_ahead(pos, [Challenge()], samples=4000, seed=1)[Challenge()]
    assert abs(float(v.my_loss - exact.loss_read)) < 0.08
    assert v.challenged_next == 0


def test_look_ahead_of_a_raise_the_next_player_must_challenge():
    # 2 players with 1 die each: after 2x*, nothing is left to raise; the next player
    # challenges and I lose exactly what the posterior says
    pos = Position("6", (1, 1), bid="1x3", history="1x3")
    v = look_ahead(pos, [Bid(2, 6)], samples=3000, seed=2)[Bid(2, 6)]
    assert v.challenged_next == 1
    r = read_bids((1, 1), 0, ("1x3",), 1)
    exact = odds_after_bids(Bid(2, 6), 2, 1, r, 1, 1).bidder_loss
    assert abs(float(v.my_loss - exact)) < 0.05
    assert exact == 1 - r.beliefs[1].p_at_least(6, 1)
    assert Fraction(0) < exact < 1
