"""Bluff You bots: legal and seeded; the naive bluffer is exploited, the equilibrium is not."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.bots.bluff_you import (
    EquilibriumBot,
    ModelBot,
    NaiveBot,
    RandomBot,
    make_bot,
    play_match,
    simulate_turns,
)
from bluffkit.core import InvalidQuestion, make_rng
from bluffkit.games.bluff_you import OK, BluffYouRules, BluffYouState, Gain, Give, Roll, Steal

SMALL = BluffYouRules(players=2, tokens=(3, 9, 10, 11, 17))


def act(held, roll, centre=None):
    players = len(held)
    taken = {t for h in held for t in h}
    centre = centre or tuple(t for t in range(3, 19) if t not in taken)
    return BluffYouState(BluffYouRules(players=players), centre, held, 0, "act", roll)


def test_naive_bot_is_truthful_when_it_can_be():
    rng = make_rng(0)
    s = act(((), ()), (2, 4, 5))
    assert NaiveBot().choose(s.observation(0), s.legal_actions(), rng) == Gain(1, 11)
    s = act(((7,), (11,)), (2, 4, 5))
    assert NaiveBot().choose(s.observation(0), s.legal_actions(), rng) == Steal(1, 11)
    s = act(((7, 12), (11,)), (2, 4, 5)).apply(Steal(1, 11)).apply(OK)
    assert NaiveBot().choose(s.observation(0), s.legal_actions(), rng) == Give(12)  # 1 point


def test_equilibrium_bot_plays_legal_moves_from_its_observation_only():
    rng = make_rng(1)
    bot = EquilibriumBot()
    for roll in [(1, 1, 1), (2, 2, 5), (3, 4, 6)]:
        s = act(((8, 13), (3,), (10, 17)), roll)
        for _ in range(5):
            assert bot.choose(s.observation(0), s.legal_actions(), rng) in s.legal_actions()
    s = BluffYouState.new(BluffYouRules(players=2)).apply(Roll((1, 2, 3))).apply(Gain(1, 6))
    assert s.observation(1).roll is None
    assert bot.choose(s.observation(1), s.legal_actions(), rng) in s.legal_actions()


def test_seeded_matches_repeat():
    bots = [EquilibriumBot(), NaiveBot()]
    a = play_match(SMALL, bots, 3, seed=7)
    assert a == play_match(SMALL, bots, 3, seed=7)
    assert sum(a.wins) == 3 and a.names == ("equilibrium", "naive")
    r = play_match(SMALL, [RandomBot(), make_bot("doubter")], 2, seed=1)
    assert r.games == 2
    with pytest.raises(InvalidQuestion, match="one bot per seat"):
        play_match(SMALL, [RandomBot()], 1)
    with pytest.raises(InvalidQuestion, match="no Bluff You bot"):
        make_bot("oracle")


def test_naive_bluffer_is_exploited_and_the_equilibrium_is_not():
    start = BluffYouState.new(BluffYouRules(players=2))
    # with the full centre a naive bluffer is always truthful: a believer is always right and
    # wins the announced token, worth 7/4 points on average (checked in the odds tests)
    naive = simulate_turns(start, NaiveBot(), ModelBot(1), 300, seed=2)
    assert naive.truthful == naive.announcements == naive.guesser_right == 300
    assert abs(naive.mean_difference + Fraction(7, 4)) < Fraction(1, 2)
    # the equilibrium bluffer is truthful half the time per number: the believer gains nothing
    eq = simulate_turns(start, EquilibriumBot(), ModelBot(1), 300, seed=2)
    assert abs(eq.mean_difference) < Fraction(1, 2)
    assert 100 < eq.truthful < 200
    with pytest.raises(InvalidQuestion, match="phase"):
        simulate_turns(start.apply(Roll((1, 1, 1))), NaiveBot(), NaiveBot(), 1)
