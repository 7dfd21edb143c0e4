"""The scipy-free matrix-game solver, against brute-force best responses and scipy's LP."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import InvalidQuestion
from bluffkit.solvers import matrix
from bluffkit.solvers.lp import SequenceForm, solve_sequence_form
from bluffkit.solvers.matrix import solve_matrix_game

F = Fraction


def scipy_value(A) -> Fraction:
    """The value by the general LP: the matrix game as a sequence form, solved by HiGHS and made
    exact by ``solvers.lp`` (an independent route)."""
    m, n = len(A), len(A[0])
    game = SequenceForm(({"row": (None, tuple(range(m)))}, {"col": (None, tuple(range(n)))}),
                        {(("row", i), ("col", j)): F(A[i][j]) for i in range(m) for j in range(n)
                         if A[i][j]})
    return solve_sequence_form(game).value


def test_known_games():
    s = solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert s.value == 0 and s.row == s.col == (F(1, 3),) * 3
    s = solve_matrix_game([[3, 0], [0, 1]])
    assert (s.value, s.row, s.col) == (F(3, 4), (F(1, 4), F(3, 4)), (F(1, 4), F(3, 4)))
    s = solve_matrix_game([[F(1, 3), F(2, 7)], [F(1, 5), F(1, 9)]])  # a saddle point
    assert s.value == F(2, 7) and s.row == (1, 0) and s.col == (0, 1)


@given(st.lists(st.lists(st.integers(-9, 9), min_size=1, max_size=6), min_size=1, max_size=6)
       .filter(lambda rows: len({len(r) for r in rows}) == 1))
def test_random_games_against_brute_force_and_scipy(check_matrix_solution, A):
    s = solve_matrix_game(A)
    check_matrix_solution(A, s)
    assert s.value == scipy_value(A)  # HiGHS, made exact by the LP module


@pytest.mark.parametrize("seed", range(6))
def test_degenerate_and_larger_games(seed, check_matrix_solution):
    """Few distinct payoffs make ties, repeated rows and many equilibria; up to 30 x 40."""
    rnd = random.Random(seed)
    m, n = rnd.randint(5, 30), rnd.randint(5, 40)
    A = [[rnd.choice((-1, 0, 0, 1, 2)) for _ in range(n)] for _ in range(m)]
    s = solve_matrix_game(A)
    check_matrix_solution(A, s)
    assert s.value == scipy_value(A)


@pytest.mark.parametrize("A", [[[1, -1], [-1, 1]], [[2, -1, 0], [-3, 4, 1]], [[5]],
                               [[F(1, 3), F(-2, 7)], [F(-1, 5), F(1, 9)]]])
def test_the_exact_simplex_alone_gives_the_same_value(A, monkeypatch, check_matrix_solution):
    """When the float basis cannot be certified the simplex runs in fractions from the start."""
    expected = solve_matrix_game(A)
    monkeypatch.setattr(matrix, "_float_basis", lambda a: None)
    s = solve_matrix_game(A)
    check_matrix_solution(A, s)
    assert s.value == expected.value


def test_payoffs_far_apart_in_size(check_matrix_solution):
    A = [[10**400, -1], [-1, 1]]
    s = solve_matrix_game(A)
    check_matrix_solution(A, s)


def test_bad_matrices_are_refused():
    for bad in ([], [[]], [[1, 2], [3]], [["a"]], 5):
        with pytest.raises(InvalidQuestion, match="rectangle"):
            solve_matrix_game(bad)
