"""Two-player Bluff rounds with imperfect recall: a player remembers only the last ``k`` bids.

**The abstraction.** With perfect recall an information set is (my roll, the whole bid history),
and a round with ``N`` dice in play has ``2^(6N)`` histories: about 17 million with 4 dice,
``10^18`` with 10. Here an information set is

    (whether I opened the round, my roll, both dice counts, the last ``k`` bids)

so a history is remembered through its last ``k`` bids (the whole history while it has fewer).
An *abstract state* is (who is to move, the last ``k`` bids); a raise ``b`` leads from
``(p, (b1, ..., bk))`` to ``(1 - p, (b2, ..., bk, b))``. The states form a graph without cycles
(the last bid always rises), with ``O((6N)^k)`` states instead of ``2^(6N)`` histories.

**The solver** is Neller and Hnath's fixed-strategy iteration CFR (FSICFR, 2011), vectorised
over both players' rolls. Within an iteration both strategies are held fixed, so

- one forward pass over the states (last bid rising) sums, for each state and each roll, how
  likely each player's own choices are to reach it, over every history that ends in it;
- one backward pass computes, for each state, the round's expected payoff ``u[i, j]`` for every
  pair of rolls (i: the opener's, j: the other's): what follows a state depends only on the
  state, since every later choice does;
- the counterfactual regret of an action at (state, my roll) is then exact: the opponent's
  summed reach times the payoff difference, as in CFR; it is accumulated with discounted CFR's
  weights (Brown and Sandholm's alpha = 1.5, beta = 0, gamma = 2), and the *average* strategy
  is the answer.

The states that share their last ``k - 1`` bids and who moves share their successors, so the
passes are matrix products over blocks of states (numpy, BLAS).

With imperfect recall CFR carries no guarantee of convergence; what the average strategy is
worth is measured, not assumed: ``abstract_exploitability`` (a responder who also remembers only
the last ``k`` bids, choosing at each state what is best against the states' summed reach: a
lower bound on what such a responder gains), and, where the perfect-recall round can be
enumerated (at most 4 dice in play), the exact exploitability in the real game
(``bluffkit.solvers.bluff.masks``).

>>> game = RecallGame(1, 1, k=2)
>>> len(game.bids), game.n_states
(12, 134)
>>> result = solve_recall(1, 1, k=3, iterations=100)
>>> result.abstract_exploitability < 0.01, result.k, result.iterations
(True, 3, 100)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ...core import InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _
from ..iterate import dcfr_weights, iterate_until
from .recall_states import abstract_states, state_of
from .tree import bid_text, round_utilities

MAX_K = 24
"""A ``k`` at least the number of bids is perfect recall; more is the same game."""


@dataclass
class Block:
    """States that share who moves and their last ``k - 1`` bids, hence their successors.

    Attributes:
        mover: who moves at these states (0 the opener, 1 the other).
        last: their last bid (-1 at the start of the round).
        parents: the states (indices).
        children: the successors, one per raise (``last + 1``, ``last + 2``, ...).
        challenge: whether challenging is allowed (there is a bid to challenge).
    """

    mover: int
    last: int
    parents: np.ndarray
    children: np.ndarray
    challenge: bool

    @property
    def raises(self) -> int:
        return len(self.children)

    @property
    def actions(self) -> int:
        return self.raises + self.challenge


class RecallGame:
    """The abstract game of one round (board rules): opener with ``x`` dice against ``y``,
    players remembering the last ``k`` bids.

    Args:
        value: ``V(a, b)``, the probability that the opener of a round with ``a`` dice against
            ``b`` wins the match, for the positions a challenge can leave (as in
            ``bluffkit.solvers.bluff.tree.round_tree``).
    """

    def __init__(self, x: int, y: int, k: int = 2,
                 value: Callable[[int, int], float] | None = None):
        if not (1 <= x <= 5 and 1 <= y <= 5):
            raise InvalidQuestion(_("each player needs 1-5 dice, got {x} and {y}", x=x, y=y))
        if not is_whole(k, 1, MAX_K):
            raise InvalidQuestion(_("k (the bids remembered) must be 1-{max_k}, got {k}",
                                    max_k=MAX_K, k=repr(k)))
        self.dice, self.k, self.value = (x, y), k, value
        ladder, self.rolls, self.utilities = round_utilities(x, y, value, "bluff")
        self.bids = [bid_text(c, f, "bluff") for c, f in ladder]
        self.chance = tuple(np.array([_chance(r) for r in rs]) for rs in self.rolls)
        self.dtype = np.float64 if x + y <= 4 else np.float32
        self.utilities = self.utilities.astype(self.dtype)
        self._build()

    def _build(self) -> None:
        self.states, self.index, raw = abstract_states(len(self.bids), self.k)
        self.blocks = [Block(m, last, np.array(p), np.array(c, dtype=np.int64), ch)
                       for m, last, p, c, ch in raw]

    @property
    def n_states(self) -> int:
        return len(self.states)

    @property
    def n_private(self) -> tuple[int, int]:
        return len(self.rolls[0]), len(self.rolls[1])

    def challenge_payoff(self, block: Block) -> np.ndarray:
        """Payoff matrix to the opener when the mover of ``block`` challenges its last bid."""
        return self.utilities[2 * block.last + block.mover]

    def state_of(self, history) -> int:
        """The abstract state reached by a bid history (bid indices, in order)."""
        return state_of(self.index, history, self.k)

    def uniform(self) -> list[np.ndarray]:
        """The strategy that picks every legal action with equal probability."""
        return [np.full((len(b.parents), b.actions, self.n_private[b.mover]), 1 / b.actions)
                for b in self.blocks]


def _chance(roll) -> float:
    from math import factorial

    ways = factorial(len(roll))
    for f in set(roll):
        ways //= factorial(roll.count(f))
    return ways / 6 ** len(roll)


# -- passes ---------------------------------------------------------------------------------------
class Payoffs:
    """The payoff matrices to the opener of every state, kept in two layouts, ``u[state, i, j]``
    and ``ut[state, j, i]``, so that every product below is one BLAS call on contiguous memory
    (float32 above 4 dice in play: half the memory, twice the speed; regrets stay float64)."""

    def __init__(self, game: RecallGame):
        n0, n1 = game.n_private
        self.game = game
        self.u = np.zeros((game.n_states, n0, n1), dtype=game.dtype)
        self.ut = np.zeros((game.n_states, n1, n0), dtype=game.dtype)

    def children(self, block: Block, transposed: bool) -> np.ndarray:
        """The successors' matrices (raises only): a view when they are contiguous."""
        a = self.ut if transposed else self.u
        c = block.children
        if len(c) and c[-1] - c[0] == len(c) - 1:
            return a[c[0]:c[-1] + 1]
        return a[c]

    def mix(self, block: Block, sigma: np.ndarray) -> np.ndarray:
        """Store and return the parents' matrices ``sum_a sigma[p, a, roll] * after_a`` with
        roll = i (mover 0) or j (mover 1): (parents, n0, n1)."""
        game, r = self.game, block.raises
        s = sigma.astype(game.dtype).transpose(2, 0, 1)  # (roll, P, A)
        if block.mover == 0:
            out = np.matmul(s[:, :, :r], self.children(block, False).transpose(1, 0, 2))
            if block.challenge:  # (n0, P, n1)
                out += s[:, :, r, None] * game.challenge_payoff(block)[:, None, :]
            here = out.transpose(1, 0, 2)
        else:
            out = np.matmul(s[:, :, :r], self.children(block, True).transpose(1, 0, 2))
            if block.challenge:  # (n1, P, n0)
                out += s[:, :, r, None] * game.challenge_payoff(block).T[:, None, :]
            here = out.transpose(1, 2, 0)
        self.u[block.parents] = here
        self.ut[block.parents] = here.transpose(0, 2, 1)
        return here

    def counterfactual(self, block: Block, other_reach: np.ndarray) -> np.ndarray:
        """The mover's counterfactual value of each action (raises, then challenge) at each
        parent and roll, against ``other_reach`` (parents, other's rolls): (P, A, roll)."""
        game, mover = self.game, block.mover
        children = self.children(block, mover == 1)  # (A, roll, other)
        a, n, m = children.shape
        other = other_reach.astype(game.dtype)
        cf = np.empty((len(other), block.actions, n))
        if a:
            cf[:, :a] = (children.reshape(a * n, m) @ other.T).reshape(a, n, -1).transpose(
                2, 0, 1)
        if block.challenge:
            pay = game.challenge_payoff(block)
            cf[:, a] = other @ (pay.T if mover == 0 else pay)
        return cf if mover == 0 else -cf


def reach(game: RecallGame, strategy: list) -> tuple[np.ndarray, np.ndarray]:
    """Each player's own reach of every state, summed over the histories ending there:
    ``(states, opener's rolls)`` and ``(states, other's rolls)``."""
    n0, n1 = game.n_private
    r = [np.zeros((game.n_states, n0)), np.zeros((game.n_states, n1))]
    r[0][0], r[1][0] = 1.0, 1.0
    for block, sigma in zip(game.blocks, strategy):
        own, other = r[block.mover][block.parents], r[1 - block.mover][block.parents]
        r[block.mover][block.children] += np.einsum("pn,pcn->cn", own, sigma[:, :block.raises])
        r[1 - block.mover][block.children] += other.sum(axis=0)
    return r[0], r[1]


def values(game: RecallGame, strategy: list, best: int | None = None,
           reaches: tuple | None = None) -> Payoffs:
    """Backward pass: the payoff matrices to the opener of every state under ``strategy``;
    with ``best`` = 0 or 1 that player instead picks, at each (state, roll), the action best
    against the other's summed reach (see ``abstract_exploitability``)."""
    if best is not None and reaches is None:
        reaches = reach(game, strategy)
    pay = Payoffs(game)
    for g in range(len(game.blocks) - 1, -1, -1):
        block, sigma = game.blocks[g], strategy[g]
        if best == block.mover:
            cf = pay.counterfactual(block, reaches[1 - best][block.parents])
            sigma = np.zeros(sigma.shape)
            np.put_along_axis(sigma, cf.argmax(axis=1)[:, None, :], 1.0, axis=1)
        pay.mix(block, sigma)
    return pay


def abstract_exploitability(game: RecallGame, strategy: list) -> tuple[float, float]:
    """(value to the opener, exploitability within the abstraction) of ``strategy``.

    The responder remembers what the abstraction remembers and picks, at each (state, roll),
    the action with the best counterfactual value against the opponent's reach summed over the
    histories ending in that state (later choices already fixed the same way). That is a
    strategy of the abstract game, so what it gains is a lower bound on the best responder's
    gain there; the exploitability is the mean of both players' gains, OpenSpiel's convention.
    """
    reaches = reach(game, strategy)
    value = float(values(game, strategy).u[0].sum(dtype=np.float64))
    br0 = float(values(game, strategy, 0, reaches).u[0].sum(dtype=np.float64))
    br1 = -float(values(game, strategy, 1, reaches).u[0].sum(dtype=np.float64))
    return value, (br0 + br1) / 2


# -- the solver -----------------------------------------------------------------------------------
@dataclass
class RecallSolution:
    """An approximate equilibrium of the abstract round and how good it is.

    Attributes:
        dice: (opener's dice, other's dice).
        k: bids remembered.
        concept: what was computed, in words.
        strategy: per block of ``game.blocks``, (states, actions, mover's rolls): the average
            strategy (raises in ladder order, then challenge).
        iterations: FSICFR iterations.
        value: the round's value to the opener (payoff units: +1 win, -1 loss) when both play it.
        abstract_exploitability: see ``abstract_exploitability``.
        exploitability: in the real game (perfect recall, exact best response), when measured.
        measured: how ``exploitability`` was measured.
        seconds: solving time.
        history: (iteration, seconds, abstract exploitability) at each check.
    """

    game: RecallGame
    strategy: list
    iterations: int
    value: float
    abstract_exploitability: float
    seconds: float
    history: list = field(default_factory=list)
    exploitability: float | None = None
    measured: str = "not measured in the real game"

    @property
    def dice(self) -> tuple[int, int]:
        return self.game.dice

    @property
    def k(self) -> int:
        return self.game.k

    @property
    def concept(self) -> str:
        return (f"approximate Nash equilibrium of the abstract round (imperfect recall: each "
                f"player remembers the last {self.k} bid{'s' if self.k > 1 else ''}), by "
                "fixed-strategy iteration CFR with discounted-CFR weights")

    def measure_real(self) -> float:
        """Measure the exploitability in the real game (exact best response, perfect recall:
        at most 4 dice in play) and store it."""
        from .masks import exploitability_of_recall

        self.exploitability = exploitability_of_recall(self.game, self.strategy)
        self.measured = ("exact best response of each player in the real round (perfect "
                         "recall: every bid history)")
        return self.exploitability


class RecallSolver:
    """FSICFR on a ``RecallGame`` (see the module docstring)."""

    def __init__(self, game: RecallGame):
        self.game, self.t = game, 0
        self.regret = [np.zeros(s.shape) for s in game.uniform()]
        self.total = [np.zeros(s.shape) for s in game.uniform()]

    def current(self) -> list[np.ndarray]:
        return [_normalise(np.maximum(r, 0)) for r in self.regret]

    def average(self) -> list[np.ndarray]:
        return [_normalise(s) for s in self.total]

    def iterate(self, n: int = 1) -> None:
        """Run ``n`` iterations; each updates the opener, then the other player, each time
        with both strategies held fixed for a forward and a backward pass."""
        game = self.game
        for _i in range(n):
            self.t += 1
            t = self.t
            pos, neg, avg_w = dcfr_weights(t)
            for p in (0, 1):
                sigma = self.current()
                reaches = reach(game, sigma)
                pay = Payoffs(game)
                for g in range(len(game.blocks) - 1, -1, -1):
                    block = game.blocks[g]
                    if block.mover != p:
                        pay.mix(block, sigma[g])
                        continue
                    cf = pay.counterfactual(block, reaches[1 - p][block.parents])
                    pay.mix(block, sigma[g])
                    node = (cf * sigma[g]).sum(axis=1, keepdims=True)
                    r = self.regret[g]
                    self.regret[g] = np.where(r > 0, r * pos, r * neg) + cf - node
                    own = reaches[p][block.parents]
                    self.total[g] = self.total[g] * avg_w + own[:, None, :] * sigma[g]

    def solve(self, iterations: int | None = None, target: float | None = None,
              check_every: int = 20, max_seconds: float | None = None,
              progress: Callable | None = None) -> RecallSolution:
        """Iterate until ``iterations``, the abstract exploitability ``target`` or
        ``max_seconds`` (checked every ``check_every`` iterations)."""
        measured = {}

        def measure():
            measured["average"] = self.average()
            return abstract_exploitability(self.game, measured["average"])

        value, expl, elapsed, history = iterate_until(self, measure, iterations, target,
                                                      check_every, max_seconds, progress)
        return RecallSolution(self.game, measured["average"], self.t, value, expl, elapsed,
                              history)


def _normalise(w: np.ndarray) -> np.ndarray:
    """Divide over the actions (axis 1); uniform where the weights are all zero."""
    total = w.sum(axis=1, keepdims=True)
    return np.where(total > 0, w / np.where(total > 0, total, 1), 1 / w.shape[1])


def solve_recall(x: int, y: int, k: int = 2, value=None, iterations: int | None = None,
                 target: float | None = None, **kwargs) -> RecallSolution:
    """Solve the abstract round (opener ``x`` dice, other ``y``, last ``k`` bids remembered)."""
    return RecallSolver(RecallGame(x, y, k, value)).solve(iterations, target, **kwargs)


__all__ = ["RecallGame", "RecallSolution", "RecallSolver", "abstract_exploitability",
           "reach", "solve_recall", "values"]
