"""The imperfect-recall Bluff solver, pinned against the perfect-recall tree and bit masks."""

import numpy as np
import pytest

from bluffkit.core import InvalidQuestion
from bluffkit.solvers.bluff.masks import MaskGame, evaluate, exploitability_of_recall
from bluffkit.solvers.bluff.recall import (
    RecallGame,
    RecallSolver,
    abstract_exploitability,
    solve_recall,
)
from bluffkit.solvers.bluff.tree import round_tree, solve_round
from bluffkit.solvers.cfr import CFRSolver

V = {(1, 1): 0.4862}


def tree_strategy(game, strategy):
    """The abstract strategy on the perfect-recall tree, by walking every history in Python
    (independent of the bit-mask mapping)."""
    tree, info = round_tree(*game.dice, game.value)
    where = {s: (g, row) for g, b in enumerate(game.blocks) for row, s in enumerate(b.parents)}
    out, hist = [None], [[()]]
    for d in range(1, len(tree.levels)):
        level, bids = tree.levels[d], info.last_bid[d]
        rows = np.zeros((level.size, game.n_private[tree.levels[d - 1].player]))
        here = []
        for n, (p, b) in enumerate(zip(level.parent, bids)):
            before = hist[-1][p]
            here.append(before + ((int(b),) if b >= 0 else ("c",)))
            if "c" in before:
                continue
            g, row = where[game.state_of(list(before))]
            block = game.blocks[g]
            rows[n] = strategy[g][row, block.raises if b < 0 else b - block.last - 1]
        out.append(rows)
        hist.append(here)
    return tree, out


def test_perfect_recall_k_is_the_real_game():
    """With k at least the number of bids the abstraction is the real round: the backward
    induction's best response is exact and agrees with the tree solver and the bit masks."""
    game = RecallGame(1, 1, k=12)
    solver = RecallSolver(game)
    solver.iterate(3)
    strategy = solver.average()
    value, expl = abstract_exploitability(game, strategy)
    tree, on_tree = tree_strategy(game, strategy)
    tree_value, tree_expl = CFRSolver(tree).evaluate(on_tree)
    assert value == pytest.approx(tree_value, abs=1e-9)
    assert expl == pytest.approx(tree_expl, abs=1e-9)
    assert exploitability_of_recall(game, strategy) == pytest.approx(tree_expl, abs=1e-5)


@pytest.mark.parametrize("x, y, k", [(1, 1, 1), (1, 1, 2)])
def test_abstract_strategy_in_the_real_game(x, y, k):
    """The real-game exploitability of an abstract strategy: bit masks = Python tree walk."""
    solved = solve_recall(x, y, k, (lambda a, b: V[(a, b)]) if x + y > 2 else None,
                          iterations=20, check_every=20)
    tree, on_tree = tree_strategy(solved.game, solved.strategy)
    value, expl = CFRSolver(tree).evaluate(on_tree)
    assert solved.value == pytest.approx(value, abs=1e-9)
    assert solved.measure_real() == pytest.approx(expl, abs=1e-5)
    assert expl > solved.abstract_exploitability - 1e-9  # forgetting costs: real BR >= abstract
    assert "last" in solved.concept and solved.measured.startswith("exact best response")


def test_more_recall_costs_less_in_the_real_game():
    real = [solve_recall(1, 1, k, iterations=60, check_every=60).measure_real() for k in (1, 3)]
    assert real[1] < real[0] / 3


def test_mask_evaluation_matches_the_tree_solver():
    """Value and exploitability of a CFR strategy of the 1 v 2 round: bit masks = tree."""
    solved = solve_round(1, 2, V, iterations=2, check_every=2)
    tree_value, tree_expl = CFRSolver(solved.tree).evaluate(solved.average)
    game = MaskGame(1, 2, lambda a, b: V[(a, b)])
    sr, sc = game.empty(), game.empty()
    masks = [np.array([0])]
    for d in range(1, len(solved.tree.levels)):
        level, bid = solved.tree.levels[d], solved.info.last_bid[d]
        pm = masks[-1][level.parent]
        m = np.where(bid >= 0, pm | (1 << np.maximum(bid, 0)), pm)
        a = solved.average[d]
        sr[m[bid >= 0], :a.shape[1]] = a[bid >= 0]
        sc[pm[bid < 0], :a.shape[1]] = a[bid < 0]
        masks.append(m)
    value, expl = evaluate(game, sr, sc)
    assert value == pytest.approx(tree_value, abs=1e-5)
    assert expl == pytest.approx(tree_expl, abs=1e-5)


def test_perfect_recall_solver_on_masks():
    from bluffkit.solvers.bluff.masks import solve_masks

    solved = solve_masks(1, 1, target=2e-3, check_every=50)
    tree = solve_round(1, 1, target=2e-3)
    assert solved.exploitability <= 2e-3
    # two approximate equilibria of the same zero-sum round: values within the exploitabilities
    assert abs(solved.value - tree.value) <= 2 * (solved.exploitability + tree.exploitability)


@pytest.mark.parametrize("args, message", [
    ((0, 1), "1-5 dice"), ((6, 1), "1-5 dice"), ((1, 1, 0), "bids remembered"),
    ((1, 1, 2.5), "bids remembered")])
def test_bad_parameters(args, message):
    with pytest.raises(InvalidQuestion, match=message):
        RecallGame(*args)


def test_mask_game_refuses_large_rounds():
    with pytest.raises(InvalidQuestion, match="at most 4 dice"):
        MaskGame(3, 2)


def test_mask_normalising_one_player_leaves_the_other_and_matches_the_whole():
    """Regret matching at one player's histories only (after that player's update) gives the
    same rows as at every history, and leaves the other player's rows as they were."""
    from bluffkit.solvers.bluff.masks import _normalise

    game = MaskGame(1, 2, lambda a, b: a / (a + b))
    rng = np.random.default_rng(7)
    rr, rc = (rng.normal(size=(game.size, game.width)).astype(np.float32) for _i in range(2))
    full_r, full_c, tmp = game.empty(), game.empty(), game.empty()
    _normalise(game.nb, game.parity, rr, rc, full_r, full_c, True, -1, tmp)
    moved = np.zeros(game.size, dtype=bool)  # who moves at the parent of each raise
    for m in range(1, game.size):
        moved[m] = game.parity[m - (1 << (m.bit_length() - 1))]
    for who in (0, 1):
        part_r, part_c = np.full_like(full_r, 5.0), np.full_like(full_c, 5.0)
        _normalise(game.nb, game.parity, rr, rc, part_r, part_c, True, who, tmp)
        rows_r, rows_c = (moved == who), (game.parity == who)
        rows_r[0] = rows_c[0] = False
        assert np.allclose(part_r[rows_r], full_r[rows_r])
        assert np.allclose(part_c[rows_c], full_c[rows_c])
        assert (part_r[1:][~rows_r[1:]] == 5.0).all() and (part_c[1:][~rows_c[1:]] == 5.0).all()
    # a probability distribution at every history and roll: raises plus challenge sum to 1
    sums = full_c.astype(np.float64).copy()
    sums[0] = 0
    for m in range(1, game.size):
        sums[m - (1 << (m.bit_length() - 1))] += full_r[m]
    assert np.allclose(sums, 1.0, atol=1e-5)
