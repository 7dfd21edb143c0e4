"""Exact equilibria of two-player zero-sum games: matrix games and sequence form, by LP.

Game-agnostic. Matrix games go to ``bluffkit.solvers.matrix`` (a small exact simplex, no scipy).
For the sequence form, the linear programme is solved in floating point by HiGHS
(``scipy.optimize.linprog(method="highs")``); the answer is then made exact: the support of each
strategy is read from the float solution, the equalities an equilibrium must satisfy on that
support (complementary slackness) are solved in rational arithmetic, and the result is
**verified exactly**: each side's best response against the other is computed in ``Fraction``
arithmetic, and the lower and upper values must be equal. A float that merely looks right is never
returned: if verification fails a ``SolverError`` is raised.

API (small on purpose; other games reuse it):

- ``solve_matrix(A) -> MatrixSolution(value, row, col)``: the row player maximises ``x^T A y``
  (solved by ``bluffkit.solvers.matrix``, without scipy).
- ``sequence_form(tree) -> SequenceForm``: from a game tree of ``Leaf``, ``ChanceNode`` and
  ``DecisionNode`` with perfect recall (Koller-Megiddo-von Stengel).
- ``solve_sequence_form(game) -> SequenceSolution(value, plans)``: player 0 maximises; realization
  plans per player, and ``behaviour(player)`` for the action probabilities at each information set.
- ``best_response_value(game, player, plan)``: what ``player`` gets against a fixed plan, exact.

Payoffs are exact numbers (``int`` or ``Fraction``; a float is read as the decimal it prints as).

>>> rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
>>> s = solve_matrix(rps)
>>> s.value, s.row
(Fraction(0, 1), (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational, Real
from typing import TYPE_CHECKING, Any

from ..core import InvalidQuestion
from ..core.i18n import _
from .matrix import MatrixSolution, SolverError, solve_matrix_game

if TYPE_CHECKING:
    import numpy as np

Seq = Hashable | None
"""A sequence: ``None`` (the empty sequence) or ``(infoset, action)``, its last move."""


# -- game trees -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Leaf:
    """The end of a play: ``payoff`` to player 0 (player 1 gets its negative)."""

    payoff: Any


@dataclass(frozen=True)
class ChanceNode:
    """Chance: ``outcomes`` is a tuple of ``(probability, child)``; probabilities sum to 1."""

    outcomes: tuple


@dataclass(frozen=True)
class DecisionNode:
    """``player`` (0 or 1) chooses at information set ``infoset`` among ``actions``, a tuple of
    ``(action, child)``. Nodes of one information set must offer the same actions."""

    player: int
    infoset: Hashable
    actions: tuple


# -- sequence form --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SequenceForm:
    """A two-player zero-sum game in sequence form.

    Attributes:
        infosets: per player, ``infoset -> (parent sequence, actions)``; the parent is the
            player's own last move before reaching it (``None`` at the start): perfect recall.
        payoff: ``(sequence of player 0, sequence of player 1) -> payoff to player 0`` summed over
            the leaves the pair reaches, weighted by chance.
    """

    infosets: tuple[Mapping[Hashable, tuple[Seq, tuple]], Mapping[Hashable, tuple[Seq, tuple]]]
    payoff: Mapping[tuple[Seq, Seq], Fraction]

    def __post_init__(self):
        for p in (0, 1):
            seqs = set(self.sequences(p))
            for infoset, (parent, actions) in self.infosets[p].items():
                if parent is not None and parent not in seqs:
                    raise InvalidQuestion(_("infoset {infoset} of player {p} has parent {parent}, "
                                            "not a sequence of player {p}", infoset=repr(infoset),
                                            p=p, parent=repr(parent)))
                if not actions:
                    raise InvalidQuestion(_("infoset {infoset} of player {p} has no actions",
                                            infoset=repr(infoset), p=p))
        s0, s1 = set(self.sequences(0)), set(self.sequences(1))
        for a, b in self.payoff:
            if a not in s0 or b not in s1:
                raise InvalidQuestion(_("payoff entry {entry} names an unknown sequence",
                                        entry=repr((a, b))))

    def sequences(self, player: int) -> list[Seq]:
        """The empty sequence, then ``(infoset, action)`` for every infoset and action."""
        return [None] + [(i, a) for i, (_p, acts) in self.infosets[player].items() for a in acts]


def sequence_form(root) -> SequenceForm:
    """The sequence form of a game tree with perfect recall.

    Raises:
        InvalidQuestion: if an information set is reached after different own moves (no perfect
            recall), offers different actions, or chance probabilities do not sum to 1.

    >>> tree = DecisionNode(0, "I", (("a", Leaf(1)), ("b", Leaf(-1))))
    >>> sequence_form(tree).payoff
    {(('I', 'a'), None): Fraction(1, 1), (('I', 'b'), None): Fraction(-1, 1)}
    """
    infosets: tuple[dict, dict] = ({}, {})
    payoff: dict[tuple[Seq, Seq], Fraction] = {}
    stack = [(root, None, None, Fraction(1))]
    while stack:
        node, s0, s1, prob = stack.pop()
        if isinstance(node, Leaf):
            key = (s0, s1)
            payoff[key] = payoff.get(key, Fraction(0)) + prob * _exact(node.payoff)
        elif isinstance(node, ChanceNode):
            probs = [_exact(p) for p, _child in node.outcomes]
            if sum(probs) != 1 or any(p < 0 for p in probs):
                raise InvalidQuestion(_("chance probabilities must be >= 0 and sum to 1, got {got}",
                                        got=[str(p) for p in probs]))
            stack.extend((child, s0, s1, prob * p) for p, (_label, child)
                         in reversed(list(zip(probs, node.outcomes))) if p)
        elif isinstance(node, DecisionNode):
            p = node.player
            if p not in (0, 1):
                raise InvalidQuestion(_("players are 0 and 1, got {p}", p=repr(p)))
            own = s0 if p == 0 else s1
            actions = tuple(a for a, _child in node.actions)
            known = infosets[p].setdefault(node.infoset, (own, actions))
            if known[0] != own:
                raise InvalidQuestion(_("no perfect recall: infoset {infoset} is reached after {a} "
                                        "and after {b}", infoset=repr(node.infoset),
                                        a=repr(known[0]), b=repr(own)))
            if known[1] != actions:
                raise InvalidQuestion(_("infoset {infoset} offers {a} and {b}",
                                        infoset=repr(node.infoset), a=repr(known[1]),
                                        b=repr(actions)))
            for a, child in reversed(node.actions):
                seq = (node.infoset, a)
                stack.append((child, seq, s1, prob) if p == 0 else (child, s0, seq, prob))
        else:
            raise InvalidQuestion(_("not a game tree node: {node}", node=repr(node)))
    return SequenceForm(infosets, {k: v for k, v in payoff.items() if v})


@dataclass(frozen=True)
class SequenceSolution:
    """An exact, verified equilibrium of a sequence-form game.

    Attributes:
        value: what player 0 gets at equilibrium (player 1 gets ``-value``).
        plans: per player, realization plan ``sequence -> probability`` (``None`` maps to 1).
        game: the game solved.
    """

    value: Fraction
    plans: tuple[dict[Seq, Fraction], dict[Seq, Fraction]]
    game: SequenceForm

    def behaviour(self, player: int) -> dict[Hashable, dict[Hashable, Fraction]]:
        """Action probabilities at each information set (uniform where it is never reached)."""
        plan, out = self.plans[player], {}
        for infoset, (parent, actions) in self.game.infosets[player].items():
            reach = plan[parent]
            out[infoset] = {a: (plan[(infoset, a)] / reach if reach else Fraction(1, len(actions)))
                            for a in actions}
        return out


def solve_matrix(matrix: Sequence[Sequence[Any]]) -> MatrixSolution:
    """Value and optimal mixed strategies of a zero-sum matrix game, exact and verified.

    The payoffs are read as exact numbers here, then the game is solved by
    ``bluffkit.solvers.matrix`` (a small simplex, no scipy).

    Raises:
        InvalidQuestion: if the matrix is empty, ragged or not numeric.
        SolverError: if no exact equilibrium could be verified.

    >>> solve_matrix([[1, -1], [-1, 1]]).col
    (Fraction(1, 2), Fraction(1, 2))
    """
    try:
        rows = [list(r) for r in matrix]
    except TypeError:  # solve_matrix(5) or [5] failed inside list()
        rows = []
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise InvalidQuestion(_("the payoff matrix must be a non-empty rectangle of numbers"))
    return solve_matrix_game([[_exact(v) for v in r] for r in rows])


# -- solving --------------------------------------------------------------------------------------
class _Indexed:
    """Sequences numbered, the constraint rows of E and F, the payoff as sparse lists."""

    def __init__(self, game: SequenceForm):
        self.game = game
        self.seqs = [game.sequences(0), game.sequences(1)]
        self.index = [{s: i for i, s in enumerate(ss)} for ss in self.seqs]
        # constraint rows: row 0 is "empty sequence = 1"; row k is infoset k-1:
        # sum of its sequences - its parent = 0
        self.rows: list[list[list[tuple[int, int]]]] = []
        self.infoset_rows: list[dict] = []
        for p in (0, 1):
            rows = [[(0, 1)]]
            ids = {}
            for infoset, (parent, actions) in game.infosets[p].items():
                ids[infoset] = len(rows)
                rows.append([(self.index[p][(infoset, a)], 1) for a in actions]
                            + [(self.index[p][parent], -1)])
            self.rows.append(rows)
            self.infoset_rows.append(ids)
        self.entries = [(self.index[0][a], self.index[1][b], v)
                        for (a, b), v in game.payoff.items()]
        # for each sequence, the constraint rows it appears in: (row, coefficient)
        self.col_rows: list[dict[int, list[tuple[int, int]]]] = []
        for p in (0, 1):
            cols: dict[int, list[tuple[int, int]]] = {}
            for r, row in enumerate(self.rows[p]):
                for c, v in row:
                    cols.setdefault(c, []).append((r, v))
            self.col_rows.append(cols)
        self._matrix = None

    def matrix_float(self):
        """The payoffs as a float sparse matrix (numpy and scipy: only the LP needs them)."""
        if self._matrix is None:
            self._matrix = self._sparse_payoffs()
        return self._matrix

    @property
    def scale(self) -> float:
        self.matrix_float()
        return self._scale

    def _sparse_payoffs(self):
        # payoffs far outside 1..2**30 are divided by a power of two (exactly) before HiGHS sees
        # them: the strategies do not change, and floats neither overflow nor fall under HiGHS's
        # absolute tolerances (1e-12 everywhere, or 10**400, failed); values stay exact below
        import numpy as np  # here, not at the top: the game trees and best responses need none
        from scipy import sparse

        top = max((abs(v) for _a, _b, v in self.entries), default=Fraction(1)) or Fraction(1)
        bits = top.numerator.bit_length() - top.denominator.bit_length()
        shift = 0 if 1 <= top <= 2**30 else bits
        i, j = (np.array([e[k] for e in self.entries], dtype=int) for k in (0, 1))
        values = [float(v / Fraction(2) ** shift) for _a, _b, v in self.entries]
        self._scale = max([1.0] + [abs(v) for v in values])
        # sparse: a Bluff round has 25,000 sequences a side (a dense matrix would be 5 GB)
        return sparse.csr_matrix((values, (i, j)), shape=(len(self.seqs[0]), len(self.seqs[1])))

    def constraint_float(self, p: int):
        from scipy import sparse

        entries = [(r, c, v) for r, row in enumerate(self.rows[p]) for c, v in row]
        return sparse.csr_matrix(([float(v) for _r, _c, v in entries],
                                  ([r for r, _c, _v in entries], [c for _r, c, _v in entries])),
                                 shape=(len(self.rows[p]), len(self.seqs[p])))


def solve_sequence_form(game: SequenceForm | Any) -> SequenceSolution:
    """An exact equilibrium of a two-player zero-sum game (player 0 maximises).

    Args:
        game: a ``SequenceForm`` or the root of a game tree.

    Raises:
        SolverError: if HiGHS fails or no exact equilibrium could be verified.

    >>> g = DecisionNode(0, "I", (("a", DecisionNode(1, "J", (("c", Leaf(2)), ("d", Leaf(0))))),
    ...                           ("b", DecisionNode(1, "J", (("c", Leaf(0)), ("d", Leaf(1)))))))
    >>> solve_sequence_form(g).value  # player 1 does not see player 0's move
    Fraction(2, 3)
    """
    if not isinstance(game, SequenceForm):
        game = sequence_form(game)
    ix = _Indexed(game)
    x, y, slack_x, slack_y = _float_solution(ix)
    for tol in (1e-9, 1e-7, 1e-11, 1e-5):
        try:
            plan0 = _exact_plan(ix, 0, x, y, slack_y, tol)
            plan1 = _exact_plan(ix, 1, y, x, slack_x, tol)
        except SolverError:
            continue
        if plan0 is None or plan1 is None:
            continue
        low = _best_response(ix, 1, plan0)
        high = _best_response(ix, 0, plan1)
        if low == high:
            plans = tuple({s: plan[i] for i, s in enumerate(ix.seqs[p])}
                          for p, plan in ((0, plan0), (1, plan1)))
            return SequenceSolution(low, plans, game)
    raise SolverError(_("could not verify an exact equilibrium from the LP solution "
                        "(the float answer is not returned as exact)"))


def best_response_value(game: SequenceForm, player: int, plan: Mapping[Seq, Any]) -> Fraction:
    """What ``player`` gets (as payoff to player 0) by best-responding to the other player's
    realization ``plan``: the maximum for player 0, the minimum for player 1. Exact.

    >>> g = solve_matrix([[3, 0], [0, 1]])
    >>> g.value
    Fraction(3, 4)
    """
    ix = _Indexed(game)
    other = 1 - player
    vec = [_exact(plan.get(s, 0)) for s in ix.seqs[other]]
    return _best_response(ix, player, vec)


def _best_response(ix: _Indexed, player: int, other_plan: list[Fraction]) -> Fraction:
    c = [Fraction(0)] * len(ix.seqs[player])
    for i, j, v in ix.entries:
        if player == 0:
            if other_plan[j]:
                c[i] += v * other_plan[j]
        elif other_plan[i]:
            c[j] += v * other_plan[i]
    infosets = ix.game.infosets[player]
    children: dict[Seq, list] = {}
    for infoset, (parent, _actions) in infosets.items():
        children.setdefault(parent, []).append(infoset)
    pick = max if player == 0 else min
    index = ix.index[player]
    memo: dict = {}

    def value(infoset) -> Fraction:  # children before parents, by recursion with a memo
        if infoset not in memo:
            _parent, actions = infosets[infoset]
            memo[infoset] = pick(c[index[(infoset, a)]] + sum(
                (value(j) for j in children.get((infoset, a), ())), Fraction(0))
                for a in actions)
        return memo[infoset]

    return c[0] + sum((value(j) for j in children.get(None, ())), Fraction(0))


def _float_solution(ix: _Indexed):
    """Player 0's LP: max q_0 s.t. F^T q <= A^T x, E x = e, x >= 0; y from the duals."""
    import numpy as np
    from scipy import sparse
    from scipy.optimize import linprog

    A = ix.matrix_float()
    E, F = ix.constraint_float(0), ix.constraint_float(1)
    n0, r1 = A.shape[0], F.shape[0]
    cost = np.zeros(n0 + r1)
    cost[n0] = -1.0
    a_ub = sparse.hstack([-A.T, F.T], format="csr")
    a_eq = sparse.hstack([E, sparse.csr_matrix((E.shape[0], r1))], format="csr")
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    bounds = [(0, None)] * n0 + [(None, None)] * r1
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(a_ub.shape[0]), A_eq=a_eq, b_eq=b_eq,
                  bounds=bounds, method="highs")
    if res.status != 0:
        raise SolverError(_("HiGHS could not solve the game: {why}", why=res.message))
    x, q = res.x[:n0], res.x[n0:]
    y = -np.asarray(res.ineqlin.marginals)
    slack_y = A.T @ x - F.T @ q  # >= 0, zero where player 1's sequence is a best reply
    # player 1's side: E^T p >= A y with p the duals of E x = e
    p = np.asarray(res.eqlin.marginals)
    slack_x = E.T @ (-p) - A @ y
    return x, y, slack_x, slack_y


def _exact_plan(ix: _Indexed, player: int, own: np.ndarray, other: np.ndarray,
                other_slack: np.ndarray, tol: float) -> list[Fraction] | None:
    """Player ``player``'s plan in rationals: supported where the float plan is > tol, making
    the opponent indifferent among the sequences the opponent uses (complementary slackness)."""
    support = [i for i, v in enumerate(own) if v > tol]
    on = set(support)
    scale = ix.scale
    used = [j for j, v in enumerate(other) if v > tol]
    tight = [j for j, s in enumerate(other_slack) if abs(s) <= tol * 100 * scale and j not in used]
    col_terms: dict[int, dict] = {}
    for i, j, v in ix.entries:
        mine, theirs = (i, j) if player == 0 else (j, i)
        if mine in on:
            col_terms.setdefault(theirs, {})[("v", mine)] = v
    mandatory = []
    for r, row in enumerate(ix.rows[player]):
        eq = {("v", c): Fraction(v) for c, v in row if c in on}
        mandatory.append((eq, Fraction(int(r == 0))))
    other_cols = ix.col_rows[1 - player]

    def indifference(j):
        eq = dict(col_terms.get(j, {}))
        for r, v in other_cols.get(j, ()):
            eq[("d", r)] = eq.get(("d", r), 0) - v
        return eq, Fraction(0)

    mandatory += [indifference(j) for j in used]
    optional = [indifference(j) for j in tight]
    guesses = {("v", i): Fraction(float(own[i])).limit_denominator(10**6) for i in support}
    solution = _solve_linear(mandatory, optional, guesses)
    plan = [Fraction(0)] * len(own)
    for i in support:
        plan[i] = solution.get(("v", i), guesses[("v", i)])
        if plan[i] < 0:
            return None
    for r, row in enumerate(ix.rows[player]):
        if sum(plan[c] * v for c, v in row) != int(r == 0):
            return None
    return plan


def _solve_linear(mandatory, optional, guesses) -> dict:
    """Exact sparse Gauss-Jordan: every mandatory equation, each optional one that is consistent,
    then free unknowns set to their guessed values (unknowns left free after that are set to 0).
    Raises SolverError if mandatory ones clash."""
    pivots: dict = {}  # pivot unknown -> (row without the pivot, rhs): pivot = rhs - row . x

    def add(eq: dict, rhs: Fraction, required: bool) -> None:
        eq, rhs = {k: Fraction(v) for k, v in eq.items() if v}, Fraction(rhs)
        for k in [k for k in eq if k in pivots]:  # reduce by the pivots so far
            coef = eq.pop(k)
            rhs -= coef * pivots[k][1]
            _subtract(eq, coef, pivots[k][0])
        if not eq:
            if rhs and required:
                raise SolverError(_("the equilibrium equations on the support are inconsistent"))
            return
        k = max(eq, key=lambda u: (abs(eq[u]), str(u)))
        coef = eq.pop(k)
        row, r = {u: v / coef for u, v in eq.items()}, rhs / coef
        for p, (prow, prhs) in pivots.items():  # keep the system fully reduced
            if k in prow:
                c = prow.pop(k)
                _subtract(prow, c, row)
                pivots[p] = (prow, prhs - c * r)
        pivots[k] = (row, r)

    for eq, rhs in mandatory:
        add(eq, rhs, True)

    def settled() -> bool:  # every guessed unknown is fixed by the equations so far
        return all(k in pivots and not pivots[k][0] for k in guesses)

    for eq, rhs in optional:
        if settled():
            break
        add(eq, rhs, False)
    for k, g in guesses.items():
        if k not in pivots:
            add({k: Fraction(1)}, g, False)
    return {k: r for k, (_row, r) in pivots.items()}


def _subtract(row: dict, coef: Fraction, other: dict) -> None:
    """``row -= coef * other`` in place, dropping zeros."""
    for u, v in other.items():
        nv = row.get(u, 0) - coef * v
        if nv:
            row[u] = nv
        else:
            row.pop(u, None)


def _exact(v: Any) -> Fraction:
    if isinstance(v, bool):
        raise InvalidQuestion(_("payoffs and probabilities must be numbers, got {v}", v=repr(v)))
    if isinstance(v, Rational):
        return Fraction(v)
    if isinstance(v, Real):
        try:
            return Fraction(repr(float(v)))
        except (ValueError, OverflowError):  # nan, inf
            raise InvalidQuestion(_("payoffs and probabilities must be finite numbers, got {v}",
                                    v=repr(v))) from None
    if isinstance(v, str):
        try:
            return Fraction(v)
        except ValueError:
            pass
    raise InvalidQuestion(_("payoffs and probabilities must be exact numbers, got {v}",
                                v=repr(v)))


__all__ = ["ChanceNode", "DecisionNode", "Leaf", "MatrixSolution", "SequenceForm",
           "SequenceSolution", "SolverError", "best_response_value", "sequence_form",
           "solve_matrix", "solve_sequence_form"]
