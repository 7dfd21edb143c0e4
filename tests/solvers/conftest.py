"""Shared checks of the solvers' tests."""

from __future__ import annotations

import pytest


def brute_force_check(A, sol):
    """Exact: the row mix guarantees at least the value, the column mix at most."""
    m, n = len(A), len(A[0])
    assert all(p >= 0 for p in sol.row + sol.col)
    assert sum(sol.row) == 1 and sum(sol.col) == 1
    row_guarantee = min(sum(sol.row[i] * A[i][j] for i in range(m)) for j in range(n))
    col_guarantee = max(sum(A[i][j] * sol.col[j] for j in range(n)) for i in range(m))
    assert row_guarantee == col_guarantee == sol.value


@pytest.fixture(scope="session")
def check_matrix_solution():
    """``check(A, solution)``: brute-force best responses of a matrix game's solution."""
    return brute_force_check
