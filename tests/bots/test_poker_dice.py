"""Poker dice bots: legal choices, thresholds, reproducible seeded matches."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.bots.poker_dice import (
    BOTS,
    AdviceBot,
    EquityBot,
    RandomKindBot,
    play_match,
)
from bluffkit.core import InvalidQuestion, make_rng
from bluffkit.games.poker_dice import PokerDiceRules, PokerDiceState, parse_dice
from bluffkit.games.poker_dice.actions import Ante, Bet, Call, Fold, Pass, Roll
from bluffkit.odds.poker_dice import equity

SMALL = PokerDiceRules(players=2, starting_points=8)


def test_advice_bot_beats_the_random_bot():
    r = play_match(SMALL, [RandomKindBot(), AdviceBot()], 16, seed=4)
    assert r.wins[1] >= 11, r  # a coin would give 8 of 16


def test_matches_are_reproducible_from_the_seed():
    bots = [EquityBot(), RandomKindBot(), AdviceBot()]
    rules = PokerDiceRules(players=3, starting_points=6)
    a, b = play_match(rules, bots, 4, seed=9), play_match(rules, bots, 4, seed=9)
    assert a == b and sum(a.wins) == 4 and "seat 2 (advice)" in str(a)


def _betting(peekers=("A,A,A", "9,10,Q"), common="A,K,9"):
    s = PokerDiceState.new(PokerDiceRules(players=2, leader=1, starting_points=20))
    while s.phase == "peek":
        s = s.apply(Roll(parse_dice(peekers[s.to_move])))
    return s.apply(Ante()).apply(Ante()).apply(Roll(parse_dice(common)))


def test_equity_bot_thresholds():
    rng = make_rng(0)
    s = _betting()
    assert s.to_move == 0  # four aces: far above 3/2 of the fair share
    assert EquityBot(size=3).choose(s.observation(0), s.legal_actions(), rng) == Bet(3)
    s = s.apply(Bet(3))
    weak = EquityBot().choose(s.observation(1), s.legal_actions(), rng)
    assert equity("9,10,Q", "A,K,9", 1).equity < Fraction(1, 2) and weak == Fold()
    loose = EquityBot(call_at=Fraction(0))
    assert loose.choose(s.observation(1), s.legal_actions(), rng) == Call()
    with pytest.raises(InvalidQuestion, match="call_at <= raise_at"):
        EquityBot(call_at=Fraction(2), raise_at=Fraction(1))


def test_equity_bot_antes_by_fair_share():
    s = PokerDiceState.new(PokerDiceRules(players=2, leader=1))
    s = s.apply(Roll((14, 14, 14))).apply(Roll((9, 10, 12)))
    rng = make_rng(0)
    assert EquityBot().choose(s.observation(0), s.legal_actions(), rng) == Ante()
    s = s.apply(Ante())
    assert EquityBot().choose(s.observation(1), s.legal_actions(), rng) == Pass()


def test_random_kind_bot_folds_as_often_as_it_bets():
    s = _betting()
    legal = s.legal_actions()
    rng = make_rng(1)
    picks = [RandomKindBot().choose(s.observation(0), legal, rng) for _ in range(400)]
    folds = sum(isinstance(a, Fold) for a in picks)
    assert all(a in legal for a in picks) and 150 < folds < 250
    assert set(BOTS) == {"random", "equity", "advice", "uniform"}


def test_bad_match_requests():
    with pytest.raises(InvalidQuestion, match="one bot per seat"):
        play_match(SMALL, [AdviceBot()], 1, seed=1)
    with pytest.raises(InvalidQuestion, match="games"):
        play_match(SMALL, [AdviceBot(), AdviceBot()], 0, seed=1)
