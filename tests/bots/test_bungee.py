"""Bungee bots: seeded matches are reproducible, the greedy bot beats the random one, the advice
bot plays legal moves to the end, calling thresholds are compared on rotating seats."""

from __future__ import annotations

import pytest

from bluffkit.bots.bungee import (
    AdviceBot,
    GreedyBot,
    RandomBot,
    compare_thresholds,
    play_match,
)
from bluffkit.core import InvalidQuestion
from bluffkit.games.bungee import BungeeRules


def test_matches_are_reproducible_and_add_up():
    rules = BungeeRules(players=3, rounds=2)
    bots = [GreedyBot(), GreedyBot(3), RandomBot()]
    a = play_match(rules, bots, games=4, seed=11)
    assert a == play_match(rules, bots, games=4, seed=11)
    assert sum(a.round_wins) == 4 * 2
    assert sum(a.wins) >= 4 and a.names[1] == "greedy (calls at 3 or less)"


def test_greedy_beats_random():
    r = play_match(BungeeRules(players=2, rounds=3), [GreedyBot(), RandomBot()], games=20,
                   seed=4)
    assert r.mean_totals[0] < r.mean_totals[1] and r.wins[0] > r.wins[1]


def test_advice_bot_plays_a_game_to_the_end():
    r = play_match(BungeeRules(players=2, rounds=1), [AdviceBot(samples=6), GreedyBot()],
                   games=2, seed=1)
    assert r.games == 2 and sum(r.round_wins) == 2


def test_compare_thresholds_rotates_seats():
    r = compare_thresholds([5, 3, 1], games=6, seed=2, rounds=1)
    assert r.names == ("calls at 5", "calls at 3", "calls at 1")
    assert sum(r.round_wins) == 6 and r.games == 6
    assert r == compare_thresholds([5, 3, 1], games=6, seed=2, rounds=1)
    assert len(r.total_se) == 3 and all(se >= 0 for se in r.total_se) and "±" in str(r)


def test_bad_settings_are_refused():
    with pytest.raises(InvalidQuestion, match="call_at must be"):
        GreedyBot(7)
    with pytest.raises(InvalidQuestion, match="one bot per seat"):
        play_match(BungeeRules(players=3), [GreedyBot()], games=1)
    with pytest.raises(InvalidQuestion, match="games"):
        play_match(BungeeRules(players=2), [GreedyBot(), GreedyBot()], games=0)
    with pytest.raises(InvalidQuestion, match="2-5 thresholds"):
        compare_thresholds([5], games=1)
