"""Two-player Bluff rounds with perfect recall, up to 4 dice in play, indexed by bit masks.

A bid history is an increasing sequence of the round's ``nb = 6N`` bids, so it *is* a set of
bids: a bit mask ``m`` below ``2^nb``. The parent of ``m`` is ``m`` without its highest bit, and
its children are ``m | 1 << b`` for every bid ``b`` above that bit, so every array of the game
is indexed by the mask itself: no tree is stored, nothing per node that can be recomputed.

Layout (``nb = 24`` for 4 dice in play: 2^24 = 16.8 million histories, each with a challenge
too), float32, each array ``(2^nb, W)`` with ``W`` the larger number of rolls (21 for two
dice: 1.41 GB an array):

- ``raise_[m]``: probability of the raise *into* ``m`` (for the roll of the player who made it),
  ``chal[m]``: of challenging at ``m`` (for the roll of the player to move there);
- a solve keeps regrets and average-strategy sums in the same two shapes (4 arrays), the
  current strategy (2), the opponent's reach and one array that holds one's own reach in the
  forward pass and the counterfactual values in the backward pass: 8 arrays, 11.3 GB for 2 v 2;
- an evaluation keeps the strategy (2), a reach and the values: 4 arrays, 5.6 GB.

The passes are compiled loops (numba): the forward pass walks the masks upwards (a parent is
always a smaller number), the backward pass downwards (children are larger numbers); within one
block of histories (same highest bid) no two rows share a parent, so each block is split
between the machine's cores. A challenge's payoff depends on the two rolls only through how
many dice of each match the bid's face, so its counterfactual value costs ``O(W)`` per history
instead of ``O(W^2)``: the other's reach summed by matching count, then one value per count.

The solver is discounted CFR (alpha 1.5, beta 0, gamma 3: see ``GAMMA``; alternating updates);
the best response is exact (a full traversal with the max over the responder's actions), and
the exploitability is OpenSpiel's mean of the two best responses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ...core import InvalidQuestion
from ...core.i18n import _
from ..iterate import dcfr_weights
from .tree import challenge_payoff, ladder_bids, matches, rolls

MAX_BIDS = 24
"""4 dice in play: 2^24 histories."""

try:  # the compiled passes; without numba (an optional dependency) this module cannot run
    import numba
    from numba import njit
except ImportError:  # pragma: no cover - numba is in the test and solve extras
    numba = None


def _require_numba() -> None:
    if numba is None:
        raise InvalidQuestion(_("the perfect-recall solver needs numba: pip install "
                                "'bluffkit[solve]'"))


@dataclass
class MaskGame:
    """One round (board rules) as masks: opener with ``x`` dice against ``y`` (x + y <= 4).

    Attributes:
        nb: number of bids; width: rolls per array row (the larger count, the other padded).
        by_match: ``by_match[p, b, n, roll]`` the roll's probability if ``n`` of its dice
            match bid ``b``'s face, else 0 (float32: the challenges' sums are vector products).
        pay: ``pay[2 * b + challenger, total]`` payoff to the opener when ``total`` dice match.
        chance: each player's roll probabilities, padded to ``width``.
    """

    x: int
    y: int
    value: Callable[[int, int], float] | None = None
    nb: int = field(init=False)

    def __post_init__(self):
        x, y = self.x, self.y
        if not (x >= 1 and y >= 1 and x + y <= 4):
            raise InvalidQuestion(_("the perfect-recall round needs at most 4 dice in play, got "
                                    "{x} and {y}", x=x, y=y))
        bids = ladder_bids(x + y, "bluff")
        self.nb, self.bids = len(bids), bids
        (r0, p0), (r1, p1) = rolls(x), rolls(y)
        self.rolls = (r0, r1)
        self.width = w = max(len(r0), len(r1))
        self.chance = np.zeros((2, w))
        self.chance[0, :len(r0)], self.chance[1, :len(r1)] = p0, p1
        match = np.zeros((2, self.nb, w), dtype=np.int64)  # dice of each roll matching a bid
        for p, rs in enumerate((r0, r1)):
            for b, (_i, face) in enumerate(bids):
                match[p, b, :len(rs)] = [matches(r, face, "bluff") for r in rs]
        n = np.arange(max(x, y) + 1)[None, None, :, None]
        self.by_match = np.where(match[:, :, None, :] == n, self.chance[:, None, None, :],
                                 0).astype(np.float32)
        self.pay = np.zeros((2 * self.nb, x + y + 1))
        for b, (count, _i) in enumerate(bids):
            for challenger in (0, 1):
                for total in range(x + y + 1):
                    self.pay[2 * b + challenger, total] = challenge_payoff(
                        total, count, challenger, x, y, self.value, "bluff")
        self.parity = _parity(self.nb)

    @property
    def size(self) -> int:
        return 1 << self.nb

    def empty(self) -> np.ndarray:
        return np.zeros((self.size, self.width), dtype=np.float32)


def _parity(nb: int) -> np.ndarray:
    """Who moves at each mask: the number of bids made, modulo 2 (0: the opener)."""
    par = np.zeros(1, dtype=np.uint8)
    for _i in range(nb):
        par = np.concatenate([par, par ^ 1])
    return par


# -- compiled passes ------------------------------------------------------------------------------
CHUNK = 1 << 14
"""Histories per parallel task: within a block of histories every pass writes each row once."""

if numba is not None:
    from numba import prange

    @njit(cache=True, fastmath=True)
    def _high(mask):
        h, rest = -1, mask
        while rest:
            rest >>= 1
            h += 1
        return h

    @njit(cache=True, inline="always")
    def _chunks(lo, hi):
        return (hi - lo + CHUNK - 1) // CHUNK

    @njit(cache=True, fastmath=True, parallel=True)
    def _normalise(nb, par, rr, rc, out_r, out_c, positive, who, total):
        """Regret matching (``positive``: the positive part) or averaging: divide each
        history's action weights by their sum (uniform where it is zero), at the histories where
        ``who`` moves (-1: everywhere; the others' rows are left as they are). The sums are
        gathered in ``total`` first, child block by child block upwards: a child ``c`` of block
        ``b`` starts its own sum and adds its raise to its parent ``c - 2^b`` (no two children
        of one block share a parent, and a parent's block came before)."""
        size, w = rr.shape
        for k in range(w):
            total[0, k] = 0.0
        for b in range(nb):
            lo = 1 << b
            for n in prange(_chunks(lo, 2 * lo)):
                for c in range(lo + n * CHUNK, min(2 * lo, lo + (n + 1) * CHUNK)):
                    if who < 0 or par[c] == who:
                        for k in range(w):
                            v = rc[c, k]
                            total[c, k] = v if v > 0 or not positive else 0.0
                    if who < 0 or par[c - lo] == who:
                        for k in range(w):
                            v = rr[c, k]
                            if v > 0 or not positive:
                                total[c - lo, k] += v
        for b in range(nb):
            lo = 1 << b
            for n in prange(_chunks(lo, 2 * lo)):
                h = _high(n * CHUNK)  # the parent's highest bid, followed as it rises
                for c in range(lo + n * CHUNK, min(2 * lo, lo + (n + 1) * CHUNK)):
                    o = c - lo
                    while o >= 1 << (h + 1):
                        h += 1
                    if who < 0 or par[o] == who:  # uniform: the raises, and the challenge
                        _share(rr[c], total[o], out_r[c], positive,  # but at the root
                               1.0 / (nb - 1 - h + (1 if h >= 0 else 0)))
                    if who < 0 or par[c] == who:
                        _share(rc[c], total[c], out_c[c], positive, 1.0 / (nb - b))

    @njit(cache=True, fastmath=True, inline="always")
    def _share(weights, total, out, positive, uniform):
        """One history's row of a strategy: ``weights / total`` (``uniform`` where the total
        is zero), the positive part of the weights for regret matching."""
        for k in range(weights.shape[0]):
            v = weights[k]
            if positive and v < 0:
                v = 0.0
            out[k] = v / total[k] if total[k] > 0 else uniform

    @njit(cache=True, fastmath=True, parallel=True)
    def _forward(nb, par, sr, sc, player, own, other, total_r, total_c, avg_w, accumulate):
        """Both players' reach of every history (``own``: ``player``'s), child block by child
        block; with ``accumulate``, ``player``'s average-strategy sums are discounted by
        ``avg_w`` and get reach times strategy."""
        w = own.shape[1]
        for k in range(w):
            own[0, k] = 1.0
            other[0, k] = 1.0
        for b in range(nb):
            lo = 1 << b
            for n in prange(_chunks(lo, 2 * lo)):
                for c in range(lo + n * CHUNK, min(2 * lo, lo + (n + 1) * CHUNK)):
                    o = c - lo
                    if par[o] == player:
                        for k in range(w):
                            own[c, k] = own[o, k] * sr[c, k]
                            other[c, k] = other[o, k]
                        if accumulate:
                            for k in range(w):
                                total_r[c, k] = total_r[c, k] * avg_w + own[c, k]
                    else:
                        for k in range(w):
                            own[c, k] = own[o, k]
                            other[c, k] = other[o, k] * sr[c, k]
                        if accumulate:  # the child is the player's to move: its challenge
                            for k in range(w):
                                total_c[c, k] = total_c[c, k] * avg_w + own[c, k] * sc[c, k]

    @njit(cache=True, fastmath=True, inline="always")
    def _terminal(h, mv, player, q, sc_m, by_match, pay, out, acc, by_count, use_sc):
        """Counterfactual value for ``player`` of a challenge at a history whose last bid is
        ``h`` and where ``mv`` moves, against the other's reach ``q`` (times the challenge's
        probability ``sc_m`` when the other is the challenger): the other's reach summed by
        how many of its dice match the bid, then the value for each count of ``player``'s."""
        other = 1 - player
        w, n = q.shape[0], acc.shape[0]
        kind = 2 * h + mv
        for c in range(n):
            s = np.float32(0.0)
            if use_sc:
                for j in range(w):
                    s += q[j] * sc_m[j] * by_match[other, h, c, j]
            else:
                for j in range(w):
                    s += q[j] * by_match[other, h, c, j]
            acc[c] = s
        sign = 1.0 if player == 0 else -1.0
        for mi in range(n):
            s = 0.0
            for c in range(n):
                s += pay[kind, mi + c] * acc[c]
            by_count[mi] = sign * s
        for i in range(w):
            out[i] = 0.0
        for c in range(n):
            f = by_count[c]
            for i in range(w):
                out[i] += f * by_match[player, h, c, i]

    @njit(cache=True, fastmath=True, parallel=True)
    def _backward(nb, par, sr, sc, q, player, v, best, by_match, pay, rc, pos_w, neg_w, update):
        """Counterfactual values of ``player`` at every history against the other's reach
        ``q`` (``best``: the max over ``player``'s actions, an exact best response): the
        challenge's value first, then each child block pushes its values into the parents,
        highest block first (so a child is complete when it is pushed). With ``update``, the
        challenge regrets ``rc`` of ``player`` are discounted and get the challenge's value
        (``_regrets`` subtracts the history's value once it is complete)."""
        w = v.shape[1]
        root_mine = par[0] == player
        for k in range(w):
            v[0, k] = -1e30 if best and root_mine else 0.0
        for h in range(nb):
            lo = 1 << h
            for n in prange(_chunks(lo, 2 * lo)):
                n_count = by_match.shape[2]
                t, acc = np.zeros(w, np.float32), np.zeros(n_count, np.float32)
                by = np.zeros(n_count, np.float32)
                for m in range(lo + n * CHUNK, min(2 * lo, lo + (n + 1) * CHUNK)):
                    mine = par[m] == player
                    _terminal(h, par[m], player, q[m], sc[m], by_match, pay, t, acc, by,
                              not mine)
                    for k in range(w):
                        v[m, k] = sc[m, k] * t[k] if mine and not best else t[k]
                    if update and mine:
                        for k in range(w):
                            r = rc[m, k]
                            rc[m, k] = (r * pos_w if r > 0 else r * neg_w) + t[k]
        for b in range(nb - 1, -1, -1):
            lo = 1 << b
            for n in prange(_chunks(lo, 2 * lo)):
                for c in range(lo + n * CHUNK, min(2 * lo, lo + (n + 1) * CHUNK)):
                    o = c - lo
                    if par[o] != player:
                        for k in range(w):
                            v[o, k] += v[c, k]
                    elif best:
                        for k in range(w):
                            if v[c, k] > v[o, k]:
                                v[o, k] = v[c, k]
                    else:
                        for k in range(w):
                            v[o, k] += sr[c, k] * v[c, k]

    @njit(cache=True, fastmath=True, parallel=True)
    def _regrets(nb, par, player, v, rr, rc, pos_w, neg_w):
        """Discounted regrets of ``player``'s actions, from the values of ``_backward`` (which
        already updated the challenges' regrets but for the history's value)."""
        w = v.shape[1]
        for b in range(nb):
            lo = 1 << b
            for n in prange(_chunks(lo, 2 * lo)):
                for c in range(lo + n * CHUNK, min(2 * lo, lo + (n + 1) * CHUNK)):
                    o = c - lo
                    if par[o] == player:
                        for k in range(w):
                            r = rr[c, k]
                            rr[c, k] = (r * pos_w if r > 0 else r * neg_w) + v[c, k] - v[o, k]
                    else:  # the child is the player's to move: its challenge
                        for k in range(w):
                            rc[c, k] -= v[c, k]


# -- driver ---------------------------------------------------------------------------------------
def _values(game: MaskGame, sr, sc, reach_other, player: int, out, best=False, regrets=None,
            weights=(1.0, 1.0)) -> float:
    """Run the backward pass; returns ``player``'s value (sum over its rolls at the root).
    With ``regrets`` (the challenge regrets), they are discounted by ``weights`` (positive,
    negative) and get the challenges' values on the way."""
    _backward(game.nb, game.parity, sr, sc, reach_other, player, out, best, game.by_match,
              game.pay, out if regrets is None else regrets, weights[0], weights[1],
              regrets is not None)
    return float(out[0].astype(np.float64).sum())


def evaluate(game: MaskGame, sr: np.ndarray, sc: np.ndarray) -> tuple[float, float]:
    """(value to the opener, exploitability) of the strategy ``(raise_, chal)`` (arrays as in
    the module docstring): exact best responses by full traversal."""
    _require_numba()
    reach, v = game.empty(), game.empty()
    _forward(game.nb, game.parity, sr, sc, 0, v, reach, sr, sc, 1.0, False)
    value = _values(game, sr, sc, reach, 0, v)
    br0 = _values(game, sr, sc, reach, 0, v, best=True)
    _forward(game.nb, game.parity, sr, sc, 1, v, reach, sr, sc, 1.0, False)
    br1 = _values(game, sr, sc, reach, 1, v, best=True)
    return value, (br0 + br1) / 2


@dataclass
class MaskSolution:
    """A perfect-recall round solved by discounted CFR, with its exact exploitability."""

    game: MaskGame
    raise_: np.ndarray
    chal: np.ndarray
    iterations: int
    value: float
    exploitability: float
    seconds: float
    peak_gb: float
    history: list

    concept = ("approximate Nash equilibrium of the real round (perfect recall), by discounted "
               "CFR; exploitability from exact best responses")


GAMMA = 3.0
"""Discounted CFR's gamma here (``bluffkit.solvers.iterate.dcfr_weights``: the average's
earlier sums weigh ``(t / (t + 1))^gamma``), 3 rather than Brown and Sandholm's 2: measured
10-40% fewer iterations to 0.001 on the 2 v 1 and 1 v 2 rounds (alpha, beta, gamma over a
grid, and CFR+, predictive CFR+ and PDCFR+, which were slower)."""


def solve_masks(x: int, y: int, value=None, target: float = 1e-3,
                iterations: int | None = None, check_every: int = 20,
                max_seconds: float | None = None, progress=None) -> MaskSolution:
    """Discounted CFR on the perfect-recall round until the exploitability is below ``target``
    (checked every ``check_every`` iterations), ``iterations`` or ``max_seconds``."""
    _require_numba()
    game = MaskGame(x, y, value)
    rr, rc, tr, tc = game.empty(), game.empty(), game.empty(), game.empty()
    sr, sc, q, pv = game.empty(), game.empty(), game.empty(), game.empty()
    nb, par = game.nb, game.parity
    t, history, start = 0, [], time.perf_counter()
    while True:
        _normalise(nb, par, rr, rc, sr, sc, True, -1, pv)
        for _i in range(check_every if iterations is None else min(check_every,
                                                                   iterations - t)):
            t += 1
            pos, neg, avg_w = dcfr_weights(t, GAMMA)
            weights = pos, neg
            for p in (0, 1):  # alternating updates: the opener, then the other
                _forward(nb, par, sr, sc, p, pv, q, tr, tc, avg_w, True)
                _values(game, sr, sc, q, p, pv, regrets=rc, weights=weights)
                _regrets(nb, par, p, pv, rr, rc, *weights)
                _normalise(nb, par, rr, rc, sr, sc, True, p, pv)
        _normalise(nb, par, tr, tc, sr, sc, False, -1, pv)  # the average strategy, evaluated
        del q, pv
        value, expl = evaluate(game, sr, sc)
        q, pv = game.empty(), game.empty()
        elapsed = time.perf_counter() - start
        history.append((t, elapsed, expl))
        if progress:
            progress(t, elapsed, expl)
        if ((iterations is not None and t >= iterations) or (target is not None and
                                                              expl <= target)
                or (max_seconds is not None and elapsed >= max_seconds)):
            return MaskSolution(game, sr, sc, t, value, expl, elapsed, _peak_gb(), history)


def _peak_gb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


# -- strategies of the abstract game, played in the real one --------------------------------------
def recall_strategy(game, strategy: list, chunk: int = 1 << 20) -> tuple[MaskGame, np.ndarray,
                                                                             np.ndarray]:
    """The strategy of a ``bluffkit.solvers.bluff.recall.RecallGame`` (per block: states,
    actions, rolls) as the arrays of the perfect-recall round: each history plays what its
    abstract state (who moves, last ``k`` bids) plays."""
    x, y = game.dice
    value = game.value
    masks = MaskGame(x, y, value)
    nb, n = masks.nb, game.n_private
    # per abstract state: where its row starts in one flat array, its actions, its last bid
    flat = np.concatenate([s.astype(np.float32).ravel() for s in strategy])
    base = np.zeros(game.n_states, dtype=np.int64)
    acts = np.zeros(game.n_states, dtype=np.int64)
    last = np.zeros(game.n_states, dtype=np.int64)
    child = np.full((game.n_states, nb), -1, dtype=np.int64)
    offset = 0
    for block, s in zip(game.blocks, strategy):
        rows, a, w = s.shape
        base[block.parents] = offset + np.arange(rows) * a * w
        acts[block.parents], last[block.parents] = a, block.last
        for j, c in enumerate(block.children):
            child[block.parents, block.last + 1 + j] = c
        offset += s.size
    width = np.array(n)
    state = np.zeros(masks.size, dtype=np.int64)
    sr, sc = masks.empty(), masks.empty()
    for b in range(nb):
        lo = 1 << b
        for start in range(0, lo, chunk):
            o = np.arange(start, min(lo, start + chunk))
            s_o = state[o]
            state[o + lo] = child[s_o, b]
            mover = masks.parity[o]
            for p in (0, 1):
                rows = mover == p
                idx = base[s_o[rows]] + (b - last[s_o[rows]] - 1) * width[p]
                sr[o[rows] + lo, :width[p]] = flat[idx[:, None] + np.arange(width[p])]
    for p in (0, 1):
        for start in range(1, masks.size, chunk):
            m = np.arange(start, min(masks.size, start + chunk))
            m = m[masks.parity[m] == p]
            idx = base[state[m]] + (acts[state[m]] - 1) * width[p]
            sc[m, :width[p]] = flat[idx[:, None] + np.arange(width[p])]
    return masks, sr, sc


def exploitability_of_recall(game, strategy: list) -> float:
    """Exploitability in the real round (perfect recall, exact best responses) of a strategy
    of the abstract game ``game`` (``bluffkit.solvers.bluff.recall.RecallGame``)."""
    _require_numba()
    masks, sr, sc = recall_strategy(game, strategy)
    return evaluate(masks, sr, sc)[1]
