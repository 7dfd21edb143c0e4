"""Exact equilibria of small zero-sum matrix games, without scipy.

Game-agnostic. The row player maximises ``x^T A y``. After shifting ``A`` so that every entry is
at least 1 (the value is then positive), the column player's programme is the classic

    maximise sum(w)  subject to  A w <= 1,  w >= 0,

whose optimum is ``1 / value``; its dual (``A^T u >= 1``, ``u >= 0``, minimise ``sum(u)``) is
the row player's, and ``x = u / sum(u)``, ``y = w / sum(w)``. The origin is feasible, so a plain
tableau simplex needs no first phase.

1. A **float simplex** (numpy, a few dozen pivots on a 30 x 70 tableau: under a millisecond)
   finds an optimal *basis*: which columns are played and which rows are tight.
2. The basis is **solved again exactly**: a square system on the tight rows and the played
   columns gives ``w`` and ``u`` exactly. They are checked exactly: ``w, u >= 0``,
   ``A w <= 1`` on every row and ``A^T u >= 1`` on every column; with equal sums this is a
   certificate of optimality (weak duality), and the value is the reciprocal of the sum.
3. If the float basis fails that exact check (rounding, payoffs far apart in size), the simplex is
   run again **in fractions** from the start, with Bland's rule (it always ends).

The weights are kept as whole numbers throughout (the payoffs times their common
denominator; square systems by fraction-free elimination), which makes the exact part fast.
Finally both strategies are verified once more by exact best responses. A float that merely
looks right is never returned.

>>> s = solve_matrix_game([[3, 0], [0, 1]])
>>> s.value, s.row, s.col
(Fraction(3, 4), (Fraction(1, 4), Fraction(3, 4)), (Fraction(1, 4), Fraction(3, 4)))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import BluffkitError, InvalidQuestion
from ..core.i18n import _


class SolverError(BluffkitError, RuntimeError):
    """The game could not be solved or its answer could not be verified exactly."""


@dataclass(frozen=True)
class MatrixSolution:
    """An exact, verified equilibrium of a matrix game: the row player maximises ``x^T A y``."""

    value: Fraction
    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]


def solve_matrix_game(matrix: Sequence[Sequence[Any]]) -> MatrixSolution:
    """Value and optimal mixed strategies of a zero-sum matrix game, exact and verified.

    Args:
        matrix: payoffs to the row player, exact numbers (``int`` or ``Fraction``).

    Raises:
        InvalidQuestion: if the matrix is empty or ragged.

    >>> solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]).col
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
    """
    try:
        rows = [list(r) for r in matrix]
        if not all(type(v) is int for r in rows for v in r):
            rows = [[Fraction(v) for v in r] for r in rows]
    except (TypeError, ValueError):
        rows = []
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise InvalidQuestion(_("the payoff matrix must be a non-empty rectangle of numbers"))
    scale = math.lcm(*(v.denominator for r in rows for v in r))  # whole numbers
    ints = rows if scale == 1 and type(rows[0][0]) is int else [
        [int(v * scale) for v in r] for r in rows]
    shift = 1 - min(min(r) for r in ints)
    shifted = [[v + shift for v in r] for r in ints]
    basis = _float_basis(shifted)
    found = _exact_from_basis(shifted, basis) if basis is not None else None
    if found is None:
        found = _exact_simplex(shifted)
    u, w = found  # whole-number weights: x is proportional to u, y to w
    solution = MatrixSolution(
        Fraction(_guarantee(ints, u, w, low=True), sum(u) * scale),
        tuple(Fraction(v, sum(u)) for v in u), tuple(Fraction(v, sum(w)) for v in w))
    high = Fraction(_guarantee(ints, u, w, low=False), sum(w) * scale)
    if high != solution.value:  # exact best responses on both sides must meet
        raise SolverError(_("the equilibrium does not verify exactly ({value} != {high})",
                            value=solution.value, high=high))
    return solution


def _guarantee(a: list[list[int]], u: list[int], w: list[int], *, low: bool) -> int:
    """With ``low``: the row mix ``u``'s worst payoff over columns (times ``sum(u)``); else the
    column mix ``w``'s best payoff for the row player over rows (times ``sum(w)``)."""
    if low:
        on = [(i, c) for i, c in enumerate(u) if c]
        return min(sum(c * a[i][j] for i, c in on) for j in range(len(a[0])))
    on = [(j, c) for j, c in enumerate(w) if c]
    return max(sum(c * r[j] for j, c in on) for r in a)


def _float_basis(a: list[list[Fraction]]) -> list[int] | None:
    """The optimal basis of ``max sum(w), a w <= 1, w >= 0`` found in floats: per tableau row,
    the basic variable (``j < n``: column ``j`` of ``a``; ``n + i``: the slack of row ``i``).
    With numpy when it imports, else the same float steps in lists (the same basis)."""
    m, n = len(a), len(a[0])
    top = max(max(r) for r in a)  # >= 1: entries are scaled into (0, 1] before becoming floats
    try:
        rows = [[float(v / top) for v in r] + [float(i == k) for k in range(m)] + [1.0]
                for i, r in enumerate(a)]
    except OverflowError:
        return None
    t = [*rows, [-1.0] * n + [0.0] * (m + 1)]
    try:
        import numpy as np
    except ImportError:
        return _pivot(t, m, n, _ListTableau())
    return _pivot(np.array(t), m, n, _ArrayTableau(np))


def _pivot(t, m: int, n: int, ops) -> list[int] | None:
    basis = list(range(n, n + m))
    eps = 1e-11
    for step in range(50 * (m + n)):
        costs = ops.row(t, m)[:-1]
        if step < 10 * (m + n):  # Dantzig's rule, then Bland's (no cycling) if it drags on
            col = min(range(len(costs)), key=costs.__getitem__)  # the first smallest
            if costs[col] >= -eps:
                return basis
        else:
            col = next((j for j, c in enumerate(costs) if c < -eps), None)
            if col is None:
                return basis
        column, rhs = ops.column(t, col), ops.column(t, -1)
        ok = [i for i in range(m) if column[i] > eps]
        if not ok:
            return None  # unbounded: impossible with positive entries, so a float artefact
        ratios = {i: rhs[i] / column[i] for i in ok}
        best = min(ratios.values())
        row = min((i for i in ok if ratios[i] <= best + eps), key=lambda i: basis[i])
        ops.pivot(t, row, col)
        basis[row] = col
    return None


class _ListTableau:
    @staticmethod
    def row(t: list[list[float]], i: int) -> list[float]:
        return t[i]

    @staticmethod
    def column(t: list[list[float]], j: int) -> list[float]:
        return [r[j] for r in t]

    @staticmethod
    def pivot(t: list[list[float]], row: int, col: int) -> None:
        piv = t[row][col]
        t[row] = r = [v / piv for v in t[row]]
        for i, other in enumerate(t):
            if i != row:
                f = other[col]
                t[i] = [v - f * w for v, w in zip(other, r)]


class _ArrayTableau:
    def __init__(self, np):
        self.np = np

    @staticmethod
    def row(t, i: int) -> list[float]:
        return t[i].tolist()

    @staticmethod
    def column(t, j: int) -> list[float]:
        return t[:, j].tolist()

    def pivot(self, t, row: int, col: int) -> None:
        t[row] /= t[row, col]
        keep = (self.np.arange(len(t)) != row)[:, None]
        t -= self.np.outer(t[:, col], t[row]) * keep


def _exact_from_basis(a: list[list[int]], basis: list[int]) -> tuple[list[int], list[int]] | None:
    """``(u, w)`` of ``basis`` solved exactly (as whole numbers over one common denominator,
    which is dropped: only the proportions matter), or None unless they are exactly optimal."""
    m, n = len(a), len(a[0])
    cols = sorted(j for j in basis if j < n)
    tight = sorted(set(range(m)) - {j - n for j in basis if j >= n})
    if len(cols) != len(tight) or not cols:
        return None
    sub = [[a[i][j] for j in cols] for i in tight]
    solved_w = _solve_square(sub)
    solved_u = _solve_square([list(r) for r in zip(*sub)])
    if solved_w is None or solved_u is None:
        return None
    (w_basic, dw), (u_basic, du) = solved_w, solved_u  # a w = 1 with w = w_basic / dw
    if min(w_basic + u_basic) < 0:
        return None
    w, u = [0] * n, [0] * m
    for j, v in zip(cols, w_basic):
        w[j] = v
    for i, v in zip(tight, u_basic):
        u[i] = v
    if any(sum(r[j] * w[j] for j in cols) > dw for r in a):  # a w <= 1 on every row
        return None
    if any(sum(u[i] * a[i][j] for i in tight) < du for j in range(n)):  # a^T u >= 1
        return None
    return u, w


def _solve_square(a: list[list[int]]) -> tuple[list[int], int] | None:
    """``a x = 1`` in whole numbers: ``(X, d)`` with ``x = X / d`` and ``d > 0``, by
    fraction-free Gauss-Jordan (Bareiss: every division is exact); None if ``a`` is singular."""
    k = len(a)
    rows = [list(r) + [1] for r in a]
    previous = 1
    for c in range(k):
        pivot = next((r for r in range(c, k) if rows[r][c]), None)
        if pivot is None:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        p = rows[c]
        pc = p[c]
        for r in range(k):
            if r != c:
                rr = rows[r]
                f = rr[c]
                rows[r] = [(pc * x - f * y) // previous for x, y in zip(rr, p)]
        previous = pc
    d = rows[k - 1][k - 1]  # every diagonal entry is now the determinant (up to sign)
    sign = 1 if d > 0 else -1
    return [sign * rows[r][k] for r in range(k)], sign * d


def _exact_simplex(a: list[list[int]]) -> tuple[list[int], list[int]]:
    """The same programme in fractions from the slack basis, Bland's rule: always ends."""
    m, n = len(a), len(a[0])
    zero, one = Fraction(0), Fraction(1)
    t = [[Fraction(v) for v in r] + [one if k == i else zero for k in range(m)] + [one]
         for i, r in enumerate(a)]
    t.append([-one] * n + [zero] * (m + 1))
    basis = list(range(n, n + m))
    while True:
        col = next((j for j in range(n + m) if t[m][j] < 0), None)
        if col is None:
            break
        candidates = [(t[i][-1] / t[i][col], basis[i], i) for i in range(m) if t[i][col] > 0]
        if not candidates:
            raise SolverError(_("the programme looks unbounded (never expected)"))
        _i, _i, row = min(candidates)
        inv = 1 / t[row][col]
        t[row] = [v * inv for v in t[row]]
        for i in range(m + 1):
            f = t[i][col]
            if i != row and f:
                t[i] = [v - f * p for v, p in zip(t[i], t[row])]
        basis[row] = col
    w = [zero] * n
    for i, j in enumerate(basis):
        if j < n:
            w[j] = t[i][-1]
    u = [t[m][n + i] for i in range(m)]  # the duals: reduced costs of the slacks
    common = math.lcm(*(v.denominator for v in u + w))
    return [int(v * common) for v in u], [int(v * common) for v in w]


__all__ = ["MatrixSolution", "SolverError", "solve_matrix_game"]
