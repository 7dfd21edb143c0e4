"""What every equilibrium shares: the range of a quantity over all equilibria of a two-player
zero-sum game in sequence form, exact, each end with a certificate anyone can check.

Game-agnostic. Equilibria of games with hidden information are seldom unique: a frequency read
off one equilibrium may differ in another, while the game's value is the same in all. Player 1's
equilibrium strategies form a polytope ``Y* = {y in Y : max_x x.A y <= v}`` (``Y`` its
realization plans, ``v`` the value to player 0), and likewise ``X* = {x in X : min_y x.A y >=
v}``; a linear quantity ``c.y`` takes every value of an interval on it. Each end of the interval
is found by a linear programme (HiGHS, in floats), then made exact and **proved**:

- *attained*: an exact equilibrium strategy whose quantity is that end (the opponent's best
  response against it gives exactly ``v``);
- *bound*: a multiplier ``lam >= 0`` and an opponent strategy ``x'`` such that, for every ``y``
  in ``Y*`` (where ``x'.A y <= v``), ``c.y <= lam v + max over Y of (c - lam x'.A).y``, one
  backward induction computed exactly (the LP's dual, read as a strategy).

The end is returned only when the two agree. A ratio ``N.x / D.x`` (a posterior after a move) is
found by Dinkelbach's iteration over the same linear step, and ends as the linear quantity
``N - t D`` with both ends 0. Floats are only the search: every number returned is exact.

>>> from bluffkit.solvers.small_games import kuhn_game
>>> g = kuhn_game()
>>> value, plans = exact_equilibrium(g)
>>> value
Fraction(-1, 18)
>>> bet = {(("open", "J"), "bet"): 1}  # how often player 0 bluffs with the jack
>>> r = quantity_range(g, value, 0, bet)
>>> r.low.value, r.high.value
(Fraction(0, 1), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.i18n import _
from .lp import SequenceForm, SolverError

Plan = dict  # sequence -> Fraction (a realization plan; None, the empty sequence, maps to 1)
LIMITS = (10**3, 10**4, 10**5, 10**6, 10**8)
"""Denominators tried when a float strategy is read as fractions (equilibria of dice games have
small ones: the 1-vs-1 Bluff round's are at most 1548)."""


@dataclass(frozen=True)
class End:
    """One end of a range, proved.

    Attributes:
        value: the end, exact.
        attained: a realization plan of the player, an exact equilibrium strategy whose quantity
            is ``value``.
        lam: the multiplier of the bound.
        dual: a realization plan of the opponent; with ``lam`` it bounds the quantity over all
            equilibrium strategies by ``value`` (see the module docstring).
    """

    value: Fraction
    attained: Plan
    lam: Fraction
    dual: Plan


@dataclass(frozen=True)
class QuantityRange:
    """The range of a quantity over all of one player's equilibrium strategies.

    Attributes:
        player: whose strategy the quantity reads.
        low, high: the two ends (``low.value == high.value`` when every equilibrium agrees).
    """

    player: int
    low: End
    high: End

    @property
    def pinned(self) -> bool:
        """True when every equilibrium gives the same value."""
        return self.low.value == self.high.value


class IndexedGame:
    """The game numbered for HiGHS, and its payoffs grouped by each player's sequences."""

    def __init__(self, game: SequenceForm):
        import numpy as np
        from scipy import sparse

        self.game = game
        self.seqs = [game.sequences(0), game.sequences(1)]
        self.index = [{s: i for i, s in enumerate(ss)} for ss in self.seqs]
        self.by = ({}, {})  # by[p][own sequence] -> [(other sequence, payoff to player 0)]
        for (a, b), v in game.payoff.items():
            self.by[0].setdefault(a, []).append((b, v))
            self.by[1].setdefault(b, []).append((a, v))
        self.order = [_parents_first(game.infosets[p]) for p in (0, 1)]
        self.rows = []
        for p in (0, 1):
            rows, cols, vals = [0], [0], [1.0]
            for r, infoset in enumerate(self.order[p], 1):
                parent, actions = game.infosets[p][infoset]
                rows += [r] * (len(actions) + 1)
                cols += [self.index[p][(infoset, a)] for a in actions] + [self.index[p][parent]]
                vals += [1.0] * len(actions) + [-1.0]
            self.rows.append(sparse.csr_matrix((vals, (rows, cols)), shape=(
                len(self.order[p]) + 1, len(self.seqs[p]))))
        i = [self.index[0][a] for a, _b in game.payoff]
        j = [self.index[1][b] for _a, b in game.payoff]
        self.A = sparse.csr_matrix(([float(v) for v in game.payoff.values()], (i, j)),
                                   shape=(len(self.seqs[0]), len(self.seqs[1])))
        self.np = np

    def vector(self, p: int, weights: Mapping) -> Any:
        out = self.np.zeros(len(self.seqs[p]))
        for s, w in weights.items():
            out[self.index[p][s]] = float(w)
        return out


def _parents_first(infosets: Mapping) -> list:
    """The information sets in an order where each comes after the one its parent is in."""
    owner = {(i, a): i for i, (_parent, actions) in infosets.items() for a in actions}
    depth: dict = {}

    def level(i) -> int:
        if i not in depth:
            parent = infosets[i][0]
            depth[i] = 0 if parent is None else level(owner[parent]) + 1
        return depth[i]

    return sorted(infosets, key=level)


# -- exact strategies and best responses ----------------------------------------------------------
def realization(game: SequenceForm, player: int, behaviour: Mapping) -> Plan:
    """The realization plan of a behaviour strategy ``infoset -> {action: probability}``
    (information sets it leaves out are never reached: their sequences get 0)."""
    plan: Plan = {None: Fraction(1)}
    for infoset in _parents_first(game.infosets[player]):
        parent, actions = game.infosets[player][infoset]
        reach = plan.get(parent, 0)
        probs = behaviour.get(infoset, {}) if reach else {}
        for a in actions:
            plan[(infoset, a)] = reach * Fraction(probs.get(a, 0)) if reach else Fraction(0)
    return plan


def behaviour(game: SequenceForm, player: int, plan: Mapping) -> dict:
    """The behaviour strategy of a plan at the information sets it reaches."""
    out = {}
    for infoset, (parent, actions) in game.infosets[player].items():
        reach = plan.get(parent, 0)
        if reach:
            out[infoset] = {a: Fraction(plan.get((infoset, a), 0)) / reach for a in actions
                            if plan.get((infoset, a), 0)}
    return out


def payoff_weights(ix: IndexedGame, player: int, other: Mapping) -> dict:
    """Per sequence of ``player``: the payoff to player 0 it collects against ``other``'s plan."""
    out: dict = {}
    for s, w in other.items():
        if w:
            for t, v in ix.by[1 - player].get(s, ()):
                out[t] = out.get(t, 0) + v * w
    return out


def optimise(ix: IndexedGame, player: int, weights: Mapping, best=max) -> Fraction:
    """``best`` (max or min) over the player's realization plans of ``sum weights[s] plan[s]``,
    by backward induction over the player's information sets, exactly."""
    infosets = ix.game.infosets[player]
    below: dict = {}  # sequence -> value of the information sets right after it
    for infoset in reversed(ix.order[player]):
        parent, actions = infosets[infoset]
        v = best(weights.get((infoset, a), 0) + below.get((infoset, a), 0) for a in actions)
        if v:
            below[parent] = below.get(parent, 0) + v
    return Fraction(weights.get(None, 0) + below.get(None, 0))


def best_response(ix: IndexedGame, player: int, other: Mapping) -> Fraction:
    """What ``player``'s best response to ``other``'s plan gets (as payoff to player 0)."""
    return optimise(ix, player, payoff_weights(ix, player, other), max if player == 0 else min)


def _combine(c: Mapping, lam: Fraction, w: Mapping, sign: int) -> dict:
    out = {s: Fraction(v) for s, v in c.items()}
    for s, v in w.items():
        out[s] = out.get(s, 0) + sign * lam * v
    return out


def bound(ix: IndexedGame, value: Fraction, player: int, c: Mapping, high: bool, lam: Fraction,
          dual: Mapping) -> Fraction:
    """The bound a certificate ``(lam, dual)`` proves on ``c.plan`` over ``player``'s
    equilibrium strategies: an upper bound if ``high``, else a lower one."""
    w = payoff_weights(ix, player, dual)
    # player 1 keeps x'.A y <= v, player 0 keeps x.A y' >= v: the Lagrangian term's sign
    sign = (-1 if high else 1) * (1 if player == 1 else -1)
    best = optimise(ix, player, _combine(c, lam, w, sign), max if high else min)
    return best - sign * lam * value


# -- from floats to proved fractions --------------------------------------------------------------
def _rational_plan(ix: IndexedGame, player: int, floats, limit: int) -> Plan:
    """A float plan read as an exact plan: each behaviour probability as the nearest fraction
    with denominator at most ``limit`` (the largest adjusted so they sum to exactly 1)."""
    game, index = ix.game, ix.index[player]
    plan: Plan = {None: Fraction(1)}
    for infoset in ix.order[player]:
        parent, actions = game.infosets[player][infoset]
        reach, f_reach = plan[parent], floats[index[parent]]
        if not reach or f_reach <= 1e-12:
            plan.update({(infoset, a): Fraction(0) for a in actions})
            continue
        probs = [Fraction(max(0.0, min(1.0, floats[index[(infoset, a)]] / f_reach)))
                 .limit_denominator(limit) for a in actions]
        top = max(range(len(probs)), key=probs.__getitem__)
        probs[top] += 1 - sum(probs)
        if probs[top] < 0:
            probs = [Fraction(int(k == top)) for k in range(len(probs))]
        plan.update({(infoset, a): reach * p for a, p in zip(actions, probs)})
    return plan


def _float_lp(ix: IndexedGame, player: int, c, value: float | None, maximise: bool):
    """Extreme of ``c.plan`` over the player's equilibrium strategies, in floats: the player's
    plan, and the multiplier and opponent plan of the dual (the bound's certificate). With
    ``value`` None: the player's best guarantee instead (the equilibrium's own programme, whose
    dual is an equilibrium strategy of the opponent)."""
    from scipy import sparse
    from scipy.optimize import linprog

    np, A = ix.np, ix.A
    own, other = ix.rows[player], ix.rows[1 - player]
    n, m = own.shape[1], other.shape[0]
    # player 1: A y - E^T p <= 0, p_0 <= v;  player 0: -A^T x + F^T q <= 0, q_0 >= v
    cross = A if player == 1 else -A.T
    a_ub = sparse.hstack([cross, -other.T if player == 1 else other.T], format="csr")
    a_eq = sparse.hstack([own, sparse.csr_matrix((own.shape[0], m))], format="csr")
    b_eq = np.zeros(own.shape[0])
    b_eq[0] = 1.0
    first = (None, None) if value is None else (None, value) if player == 1 else (value, None)
    bounds = [(0, None)] * n + [first] + [(None, None)] * (m - 1)
    if value is None:
        cost = np.zeros(n + m)
        cost[n] = 1.0 if player == 1 else -1.0
    else:
        cost = np.concatenate([(-1.0 if maximise else 1.0) * c, np.zeros(m)])
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(a_ub.shape[0]), A_eq=a_eq, b_eq=b_eq,
                  bounds=bounds, method="highs")
    if res.status != 0:
        raise SolverError(_("HiGHS could not solve the game: {why}", why=res.message))
    u = np.abs(np.asarray(res.ineqlin.marginals))
    lam = 1.0
    if value is not None:
        marginals = res.upper.marginals if player == 1 else res.lower.marginals
        lam = abs(float(marginals[n]))
    dual = u / lam if lam > 1e-12 else np.zeros_like(u)
    if lam <= 1e-12:
        dual[0] = 1.0
    return res.x[:n], lam, dual


def _prove_end(ix: IndexedGame, value: Fraction, player: int, c: Mapping, high: bool) -> End:
    plan_f, lam_f, dual_f = _float_lp(ix, player, ix.vector(player, c), float(value), high)
    for limit in LIMITS:
        plan = _rational_plan(ix, player, plan_f, limit)
        if best_response(ix, 1 - player, plan) != value:
            continue
        attained = sum((Fraction(w) * plan[s] for s, w in c.items()), Fraction(0))
        for lam_limit in LIMITS:
            lam = Fraction(lam_f).limit_denominator(lam_limit)
            dual = _rational_plan(ix, 1 - player, dual_f, lam_limit)
            if bound(ix, value, player, c, high, lam, dual) == attained:
                return End(attained, plan, lam, dual)
        break
    raise SolverError(_("could not prove an exact end of the range from the LP's solution"))


# -- the API --------------------------------------------------------------------------------------
def exact_equilibrium(game: SequenceForm,
                      index: IndexedGame | None = None) -> tuple[Fraction, tuple]:
    """The value (to player 0) and one exact equilibrium ``(plan0, plan1)``: HiGHS's solution
    read as fractions, returned only when both best responses give the same value.

    Raises:
        SolverError: if no exact equilibrium could be read from the float solution.
    """
    ix = index or IndexedGame(game)
    y_f, _lam, x_f = _float_lp(ix, 1, None, None, False)
    for limit in LIMITS:
        x, y = _rational_plan(ix, 0, x_f, limit), _rational_plan(ix, 1, y_f, limit)
        low, high = best_response(ix, 1, x), best_response(ix, 0, y)
        if low == high:
            return low, (x, y)
    raise SolverError(_("could not verify an exact equilibrium from the LP solution "
                        "(the float answer is not returned as exact)"))


def quantity_range(game: SequenceForm | IndexedGame, value: Fraction, player: int,
                   numerator: Mapping[Hashable, Any], denominator: Mapping | None = None
                   ) -> QuantityRange:
    """The range of ``numerator.plan`` (or of ``numerator.plan / denominator.plan``) over all
    of ``player``'s equilibrium strategies, each end exact and proved.

    Args:
        value: the game's exact value to player 0 (``exact_equilibrium``).
        numerator, denominator: weights per sequence of ``player``; a ratio needs a denominator
            positive in every equilibrium (otherwise ``SolverError``).
    """
    ix = game if isinstance(game, IndexedGame) else IndexedGame(game)
    if denominator is None:
        return QuantityRange(player, _prove_end(ix, value, player, numerator, False),
                             _prove_end(ix, value, player, numerator, True))
    low = _prove_end(ix, value, player, denominator, False)
    if low.value <= 0:
        raise SolverError(_("the ratio's denominator is 0 in some equilibrium"))
    return QuantityRange(player, *(_ratio_end(ix, value, player, numerator, denominator, high,
                                              low.attained) for high in (False, True)))


def _ratio_end(ix, value, player, num: Mapping, den: Mapping, high: bool, start: Plan) -> End:
    """Dinkelbach: t = N.z / D.z at the extreme z of (N - t D) over the equilibria, until the
    extreme is 0; the end is proved as the linear quantity N - t D (attained and bounded at 0)."""
    def ratio(plan):
        top = sum((Fraction(w) * plan[s] for s, w in num.items()), Fraction(0))
        return top / sum((Fraction(w) * plan[s] for s, w in den.items()), Fraction(0))

    t, plan = ratio(start), start
    for _step in range(50):
        c = _combine(num, t, den, -1)
        try:
            end = _prove_end(ix, value, player, c, high)
        except SolverError:  # N - t D constant on the equilibria: the LP's dual is degenerate
            lam, dual = _split_bound(ix, value, player, num, den, t, high)
            return End(t, plan, lam, dual)
        if end.value == 0:
            return End(t, end.attained, end.lam, end.dual)
        t, plan = ratio(end.attained), end.attained
    raise SolverError(_("could not prove an exact end of the range from the LP's solution"))


def _split_bound(ix, value, player, num: Mapping, den: Mapping, t: Fraction, high: bool):
    """A certificate for N - t D from one for N (same side) and one for D (other side): their
    multipliers add (``t`` times D's) and their strategies mix in proportion, which bounds
    N - t D by N's end minus t times D's. Raises ``SolverError`` unless that bound is 0."""
    n = _prove_end(ix, value, player, num, high)
    d = _prove_end(ix, value, player, den, not high)
    lam = n.lam + t * d.lam
    if not lam:
        lam, dual = Fraction(0), n.dual
    else:
        dual = {s: (n.lam * n.dual.get(s, 0) + t * d.lam * d.dual.get(s, 0)) / lam
                for s in set(n.dual) | set(d.dual)}
    if bound(ix, value, player, _combine(num, t, den, -1), high, lam, dual) != 0:
        raise SolverError(_("could not prove an exact end of the range from the LP's solution"))
    return lam, dual


__all__ = ["End", "IndexedGame", "QuantityRange", "behaviour", "best_response", "bound",
           "exact_equilibrium", "optimise", "payoff_weights", "quantity_range", "realization"]
