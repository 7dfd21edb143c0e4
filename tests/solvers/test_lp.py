"""The exact LP solver, pinned to known game values and to brute-force best responses."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import InvalidQuestion
from bluffkit.solvers.lp import (
    ChanceNode,
    DecisionNode,
    Leaf,
    best_response_value,
    sequence_form,
    solve_matrix,
    solve_sequence_form,
)

F = Fraction


def test_rock_paper_scissors(check_matrix_solution):
    A = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    s = solve_matrix(A)
    assert s.value == 0 and s.row == s.col == (F(1, 3),) * 3
    check_matrix_solution(A, s)


def test_matching_pennies_and_a_skewed_game():
    s = solve_matrix([[1, -1], [-1, 1]])
    assert s.value == 0 and s.row == s.col == (F(1, 2), F(1, 2))
    # [[3, 0], [0, 1]]: row mixes 1/4, 3/4 and the value is 3/4
    s = solve_matrix([[3, 0], [0, 1]])
    assert (s.value, s.row, s.col) == (F(3, 4), (F(1, 4), F(3, 4)), (F(1, 4), F(3, 4)))


def test_saddle_point_and_fraction_payoffs():
    A = [[F(1, 3), F(2, 7)], [F(1, 5), F(1, 9)]]
    s = solve_matrix(A)
    assert s.value == F(2, 7) and s.row == (1, 0) and s.col == (0, 1)


@given(st.lists(st.lists(st.integers(-5, 5), min_size=1, max_size=4), min_size=1, max_size=4)
       .filter(lambda rows: len({len(r) for r in rows}) == 1))
def test_random_matrix_games_against_brute_force_best_responses(check_matrix_solution, A):
    check_matrix_solution(A, solve_matrix(A))


@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**32 - 1))
def test_random_degenerate_games(check_matrix_solution, m, n, seed):
    """Few distinct payoffs make ties, repeated rows and many equilibria."""
    import random

    rnd = random.Random(seed)
    A = [[rnd.choice((-1, 0, 1)) for _ in range(n)] for _ in range(m)]
    check_matrix_solution(A, solve_matrix(A))


def kuhn_tree():
    """Kuhn poker built independently: cards J=0 < Q=1 < K=2, ante 1, one bet of 1."""
    def showdown(c0, c1, stake):
        return Leaf(stake if c0 > c1 else -stake)

    deals = []
    for c0, c1 in itertools.permutations(range(3), 2):
        after_check = DecisionNode(1, (c1, "c"), (
            ("check", showdown(c0, c1, 1)),
            ("bet", DecisionNode(0, (c0, "cb"), (("fold", Leaf(-1)),
                                                 ("call", showdown(c0, c1, 2))))),
        ))
        after_bet = DecisionNode(1, (c1, "b"), (("fold", Leaf(1)), ("call", showdown(c0, c1, 2))))
        deals.append((F(1, 6), DecisionNode(0, (c0, ""), (("check", after_check),
                                                          ("bet", after_bet)))))
    return ChanceNode(tuple(deals))


def test_kuhn_poker_value_is_minus_one_eighteenth():
    sol = solve_sequence_form(kuhn_tree())
    assert sol.value == F(-1, 18)
    game = sol.game
    assert best_response_value(game, 1, sol.plans[0]) == F(-1, 18)
    assert best_response_value(game, 0, sol.plans[1]) == F(-1, 18)
    b0, b1 = sol.behaviour(0), sol.behaviour(1)
    assert b0[(2, "cb")]["call"] == 1           # a king always calls
    assert b1[(0, "b")]["fold"] == 1            # a jack facing a bet folds
    assert b1[(2, "c")]["bet"] == 1             # a king bets after a check
    assert b1[(0, "c")]["bet"] == F(1, 3)       # the jack bluffs a third of the time
    alpha = b0[(0, "")]["bet"]                  # the known family: J bets alpha in [0, 1/3]
    assert 0 <= alpha <= F(1, 3) and b0[(2, "")]["bet"] == 3 * alpha


def signalling_tree(types, announce, payoff):
    """Chance picks a type; player 0 sees it and announces; player 1 sees only the announcement."""
    return ChanceNode(tuple(
        (p, DecisionNode(0, ("type", t), tuple(
            (a, DecisionNode(1, ("heard", a), tuple((c, Leaf(payoff(t, a, c)))
                                                   for c in ("ok", "doubt"))))
            for a in announce)))
        for t, p in types))


def test_sequence_form_agrees_with_the_normal_form_of_a_signalling_game(check_matrix_solution):
    types = [("t1", F(1, 6)), ("t2", F(1, 3)), ("t3", F(1, 2))]
    announce = ("t1", "t2")

    def payoff(t, a, c):
        right = (c == "ok") == (t == a)
        return -2 if right else (3 if a == "t1" else 1)

    tree = signalling_tree(types, announce, payoff)
    pure0 = list(itertools.product(announce, repeat=len(types)))
    pure1 = list(itertools.product(("ok", "doubt"), repeat=len(announce)))
    A = [[sum(p * payoff(t, s0[k], s1[announce.index(s0[k])]) for k, (t, p) in enumerate(types))
          for s1 in pure1] for s0 in pure0]
    normal = solve_matrix(A)
    check_matrix_solution(A, normal)
    assert solve_sequence_form(tree).value == normal.value
    assert solve_sequence_form(sequence_form(tree)).value == normal.value


def test_bad_games_are_rejected_with_the_reason():
    with pytest.raises(InvalidQuestion, match="rectangle"):
        solve_matrix([[1, 2], [3]])
    for not_a_matrix in (5, [5], None):  # were TypeErrors
        with pytest.raises(InvalidQuestion, match="rectangle"):
            solve_matrix(not_a_matrix)
    with pytest.raises(InvalidQuestion, match="exact numbers"):
        solve_matrix([["a"]])
    forgetful = DecisionNode(0, "I", (("a", DecisionNode(0, "J", (("c", Leaf(1)),))),
                                      ("b", DecisionNode(0, "J", (("c", Leaf(0)),)))))
    with pytest.raises(InvalidQuestion, match="perfect recall"):
        sequence_form(forgetful)
    with pytest.raises(InvalidQuestion, match="sum to 1"):
        sequence_form(ChanceNode(((F(1, 2), Leaf(1)),)))


def test_payoffs_of_any_scale_are_solved_exactly(check_matrix_solution):
    """Tiny and huge games solve like small ones (both failed to verify when HiGHS saw them), and
    10**400 beside 1 and -1, which vanish in floats, is solved by the exact simplex (it was a
    SolverError, and before that a float OverflowError)."""
    for k in (F(1, 10**12), 10**30):
        A = [[3 * k, 0], [0, k]]
        s = solve_matrix(A)
        assert (s.value, s.row, s.col) == (F(3, 4) * k, (F(1, 4), F(3, 4)), (F(1, 4), F(3, 4)))
        check_matrix_solution(A, s)
    A = [[10**400, -1], [-1, 1]]
    check_matrix_solution(A, solve_matrix(A))
    with pytest.raises(InvalidQuestion, match="finite"):
        solve_matrix([[float("nan"), 1]])
