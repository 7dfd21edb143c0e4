"""The fast Bungee playout against the engine's: the same rounds from the same worlds and draws;
the simulation scores the round its choice is made in; the estimates' exact arithmetic."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bluffkit.advice.bungee import advise
from bluffkit.advice.bungee.playout import fast_playout, outcomes
from bluffkit.advice.bungee.simulation import Estimate, greedy_action, playout, simulate_choices
from bluffkit.core import RandomBot, choice, make_rng, sample
from bluffkit.games.bungee import (
    DECK,
    BungeeRules,
    BungeeState,
    Call,
    Play,
    counts_of,
    hand_value,
    parse_cards,
)


def engine_result(state, move, rng, call_at):
    """The engine's round: ``move`` applied to the state, then ``simulation.playout``; a move
    that ends the round (the last action of the last lap) is scored at once."""
    after = state.apply(move)
    if after.round != state.round or after.phase == "over":
        return after.last
    return playout(after, rng, call_at)


def decision_states(count, seed):
    """Turns met in seeded games of 2-5 players (rules varied), played by greedy and random
    players, from the first round to the last lap."""
    rng = make_rng(seed)
    states = []
    while len(states) < count:
        rules = BungeeRules(players=int(rng.integers(2, 6)), rounds=int(rng.integers(1, 3)),
                            six_extra_lap=bool(rng.integers(2)))
        s = BungeeState.new(rules)
        while not s.is_terminal() and len(states) < count:
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                continue
            if s.phase == "turn" and rng.random() < 0.3:
                states.append(s)
            obs = s.observation(s.to_move)
            s = s.apply(greedy_action(obs, s.legal_actions()) if rng.random() < 0.7
                        else RandomBot().choose(obs, s.legal_actions(), rng))
    return states


@pytest.mark.parametrize("seed", range(4))
def test_the_fast_playout_plays_the_engines_rounds(seed):
    """From many turns, for the greedy move, a call when one is allowed and a random legal
    move, with players calling at 3-5: the same round results (hands, callers, winner,
    scores) when both draw the same random numbers."""
    rng = make_rng(100 + seed)
    played = 0
    for s in decision_states(60, seed):
        legal = s.legal_actions()
        moves = {greedy_action(s.observation(s.to_move), legal), choice(legal, rng)}
        if Call() in legal:
            moves.add(Call())
        for move in moves:
            call_at = [int(rng.integers(3, 6)) for _ in range(s.rules.players)]
            draws = int(rng.integers(2**32))
            expected = engine_result(s, move, make_rng(draws), call_at)
            same = make_rng(draws)
            got = fast_playout(s, move, lambda n, same=same: int(same.integers(n)), call_at)
            assert got == expected, (s, move)
            played += 1
    assert played >= 100


def test_outcomes_replay_the_same_draws_for_each_choice():
    s = decision_states(1, 7)[0]
    moves = s.legal_actions()[:3]
    results = outcomes(s, moves, lambda: random.Random(5).randrange, [5] * s.rules.players,
                       s.to_move)
    for move, (won, score) in zip(moves, results):
        r = fast_playout(s, move, random.Random(5).randrange, [5] * s.rules.players)
        assert won == (r.winner == s.to_move) and score == r.scores[s.to_move]


def test_the_simulation_scores_the_round_the_choice_is_made_in():
    """Player 1 is the last one owed an action in the last lap of round 1 of 6 and holds a hand
    worth 0 (a lucky 8 and a Bungee card): calling ends the round and wins it, every time
    (ties go to the later caller). The simulation used to play the whole next round after such
    a call and report that round's winner instead."""
    hands = (parse_cards("1,2"), parse_cards("8,B"))
    discard = (4, 7)
    pile = tuple(d - k for d, k in zip(DECK, counts_of(hands[0] + hands[1] + discard + (8,))))
    s = BungeeState(BungeeRules(players=2, rounds=6), "turn", 1, hands, pile, discard, 8,
                    opened=True, callers=(0,), to_act=(1,), totals=(0, 0))
    assert hand_value(s.hands[1], 8) == 0 and Call() in s.legal_actions()
    (wins, scores), _ = simulate_choices(s.observation(1), [Call(), Play(8)], 30, seed=3)
    assert wins == [1] * 30 and scores == [-10] * 30
    a = advise(s.observation(1), samples=30, seed=3)
    assert a.comparison.p_win_call.mean == 1


@pytest.mark.parametrize("values", [[1], [3, 3], [-10, 4, 7, 0, -10, 12], list(range(-10, 30))])
def test_estimates_are_the_exact_mean_and_sample_spread(values):
    e = Estimate.of(values)
    mean = Fraction(sum(values), len(values))
    assert e.mean == mean and e.samples == len(values)
    if len(values) > 1:
        var = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
        assert e.se == pytest.approx(float(var / len(values)) ** 0.5, rel=1e-12)
    else:
        assert e.se == 0


def test_a_worlds_draws_are_exactly_uniform_and_the_same_for_every_choice():
    from bluffkit.advice.bungee.simulation import _draws

    top = 2**64 - 2**64 % 3  # numbers at or above the last multiple of 3 are skipped
    block = [top, 7, 2**64 - 1, 5]
    first, second = _draws(block), _draws(block)
    assert [first(3), first(3)] == [second(3), second(3)] == [7 % 3, 5 % 3]
    assert first(10) == second(10) == random.Random(top).randrange(10)  # then a generator
