"""Bluff You advice: the turn equilibrium verified exactly by independent brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice, position
from bluffkit.advice.bluff_you_turn import TurnGame, solve_turn
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff_you import POINTS, TOKENS, Doublet, Gain, Steal
from bluffkit.solvers.lp import solve_matrix

ROLLS = list(itertools.product(range(1, 7), repeat=3))
P = {s: Fraction(sum(1 for r in ROLLS if sum(r) == s), 216) for s in TOKENS}


def payoff(kind, give, total, a, believe):
    """Bluffer minus guesser points, written from the rules (not from the module)."""
    right = believe == (total == a)
    if kind == "gain":
        return -POINTS[a] if right else POINTS[a]
    return -2 * give if right else 2 * POINTS[a]


def check_equilibrium(game, eq):
    """Both best responses, computed here over all 16 sums, give exactly the value."""
    kind, allowed, give = game.kind, game.allowed, game.give_points
    for s in TOKENS:
        assert sum(eq.announce[s].values()) == 1 and min(eq.announce[s].values()) >= 0
        assert set(eq.announce[s]) == set(allowed)
    # the bluffer's best response to the guesser's mix, sum by sum
    b = eq.believe
    bluffer_best = sum(P[s] * max(b[a] * payoff(kind, give, s, a, True)
                                  + (1 - b[a]) * payoff(kind, give, s, a, False) for a in allowed)
                       for s in TOKENS)
    # the guesser's best response to the bluffer's mix, announcement by announcement
    guesser_best = sum(min(sum(P[s] * eq.announce[s][a] * payoff(kind, give, s, a, c)
                               for s in TOKENS) for c in (True, False)) for a in allowed)
    assert bluffer_best == guesser_best == eq.value


def normal_form_value(game):
    """The value from the full normal form (pure strategies enumerated): small games only."""
    allowed = game.allowed
    types = list(allowed) + ["other"]
    prob = {t: P[t] for t in allowed}
    prob["other"] = 1 - sum(prob.values())
    A = []
    for s0 in itertools.product(allowed, repeat=len(types)):
        row = []
        for s1 in itertools.product((True, False), repeat=len(allowed)):
            row.append(sum(prob[t] * payoff(game.kind, game.give_points, t if t != "other" else 0,
                                            s0[k], s1[allowed.index(s0[k])])
                           for k, t in enumerate(types)))
        A.append(row)
    return solve_matrix(A).value


def test_full_centre_gain_is_a_fair_coin():
    """With all 16 tokens the bluffer can make every announcement true half the time, and the
    guesser can answer OK half the time: the value is 0 and the equilibrium call is 1/2."""
    eq = solve_turn(TurnGame("gain", TOKENS))
    check_equilibrium(eq.game, eq)
    assert eq.value == 0 and set(eq.believe.values()) == {Fraction(1, 2)}
    assert all(eq.posterior(a) in (None, Fraction(1, 2)) for a in TOKENS)


def test_single_token_centre_by_hand():
    eq = solve_turn(TurnGame("gain", (3,)))
    assert eq.value == Fraction(5 * 1 - 5 * 215, 216)  # always "3": doubted, right unless S = 3
    assert eq.believe[3] == 0
    check_equilibrium(eq.game, eq)


@pytest.mark.parametrize("game", [
    TurnGame("gain", (3, 4, 17, 18)), TurnGame("gain", (10, 11)), TurnGame("gain", (5, 12, 18)),
    TurnGame("steal", (3, 10), 1), TurnGame("steal", (9,), 5), TurnGame("steal", (4, 7, 11), 2),
])
def test_turn_equilibria_against_the_normal_form(game):
    eq = solve_turn(game)
    check_equilibrium(game, eq)
    assert eq.value == normal_form_value(game)


@settings(max_examples=15)
@given(st.sets(st.sampled_from(TOKENS), min_size=1, max_size=8), st.booleans(),
       st.integers(1, 5))
def test_random_turn_equilibria_are_exact(allowed, steal, give):
    game = TurnGame("steal", tuple(allowed), give) if steal else TurnGame("gain", tuple(allowed))
    check_equilibrium(game, solve_turn(game))


def test_rulebook_doublet_swap_is_offered_and_worth_zero():
    s = position(held={0: (8, 13)}, players=2, roll=(2, 2, 5))
    a = bluffer_advice(s)
    swap = next(o for o in a.options if o.action == Doublet((8, 13), 4))
    assert swap.value == 0 and "keeps your points" in a.explanation
    after = s.apply(Doublet((8, 13), 4))
    assert after.points()[0] == s.points()[0] == POINTS[4] == POINTS[8] + POINTS[13]


def test_bluffer_advice_values_are_equilibrium_best_responses():
    s = position(held={0: (9, 14), 1: (3, 17), 2: (10,)}, players=3, roll=(1, 3, 6))
    a = bluffer_advice(s)
    kinds = {o.label for o in a.options}
    assert kinds == {"gain to P1", "gain to P2", "steal from P1", "steal from P2"}
    assert a.best.value == max(o.value for o in a.options)
    for o in a.options:
        assert o.value == max(o.by_number.values())
        used = [n for n, p in o.announce.items() if p]
        assert used and all(o.by_number[n] == o.value for n in used)
        check_equilibrium(o.equilibrium.game, o.equilibrium)
    steal = next(o for o in a.options if o.label == "steal from P1")
    assert steal.equilibrium.game == TurnGame("steal", (3, 17), 1)  # 9 is worth 1 point
    assert "with 10 announce" in a.explanation


def test_guesser_advice_against_models_and_equilibrium():
    s = position(players=2, roll=(6, 6, 6))
    naive = guesser_advice(s.apply(Gain(1, 18)), q=1)  # a truthful bluffer
    assert naive.vs_model.best == "ok" and naive.vs_model.p_true == 1  # every sum is a token
    assert naive.vs_equilibrium.best == "either" and naive.p_ok_equilibrium == Fraction(1, 2)
    liar = guesser_advice(s.apply(Gain(1, 18)), q=0)
    assert liar.vs_model.p_true == 0 and liar.vs_model.best == "bluff you"
    assert "Bayes: P(true | announced 18)" in liar.explanation
    s = position(held={0: (10,), 1: (3,)}, players=2, roll=(1, 1, 1))
    steal = guesser_advice(s.apply(Steal(1, 3)))
    # only 3 may be announced: a lie unless S = 3, and a doubted lie costs the bluffer 2 points
    assert steal.vs_equilibrium.p_true == Fraction(1, 216)
    assert steal.vs_equilibrium.best == "bluff you" and steal.p_ok_equilibrium == 0


def test_advice_rejects_impossible_questions():
    with pytest.raises(InvalidQuestion, match="roll"):
        position(players=2)
    with pytest.raises(InvalidQuestion, match="exactly once"):
        position(centre=(3, 4), held={0: (3,)}, players=2, roll="1,2,3")
    s = position(players=2, roll="1,2,3")
    with pytest.raises(InvalidQuestion, match="awaiting a call"):
        guesser_advice(s)
    with pytest.raises(InvalidQuestion, match="phase act"):
        bluffer_advice(s.apply(Gain(1, 6)))
