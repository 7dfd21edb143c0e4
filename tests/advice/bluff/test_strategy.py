"""The solved strategies shipped with bluffkit: every size up to 5 v 5, honest figures."""

import numpy as np
import pytest

from bluffkit.advice.bluff.strategy import DATA, load_strategy, match_table, policy
from bluffkit.solvers.bluff.full import real_measurable


def test_the_file_is_shipped_and_small():
    assert DATA.exists() and DATA.stat().st_size < 5_000_000


@pytest.mark.parametrize("x, y", [(a, b) for a in range(1, 6) for b in range(1, 6)])
def test_every_round_reads_and_sums_to_one(x, y):
    s = load_strategy(x, y)
    assert s.dice == (x, y) and 1 <= s.k <= 4
    f = s.figures
    assert f.iterations >= 50 and -1 <= f.value <= 1 and f.abstract_exploitability >= -1e-6
    assert (f.exploitability is not None) == real_measurable(x, y)
    rng = np.random.default_rng(x * 10 + y)
    for _ in range(5):
        n = int(rng.integers(0, 4))
        history = [s.bids[b] for b in sorted(rng.choice(len(s.bids), n, replace=False))]
        labels, table = s.strategy_table(history)
        assert table.shape == (len(s.rolls[n % 2]), len(labels))
        assert np.allclose(table.sum(axis=1), 1)


def test_match_values_are_probabilities_and_more_dice_help():
    win = match_table()
    assert len(win) == 25 and all(0 < w < 1 for w in win.values())
    for a in range(1, 5):
        for b in range(1, 6):
            assert win[(a + 1, b)] > win[(a, b)] - 0.01  # one more die for the opener helps


def test_policy_for_a_full_size_position():
    freq = policy("3,3,*,1,2", (5, 5), ["4x3"])
    assert sum(freq.values()) == pytest.approx(1) and "challenge" in freq and "4x3" not in freq


def test_a_round_normalises_only_the_states_it_is_asked_about():
    """Issue 26: ``bluffkit advise bluff --held 5,5`` spent half of loading 5 v 5 (18 million
    stored weights) normalising every state at once; a piece of advice reads a few. Each
    table read equals its stored weights over their row's total."""
    s = load_strategy.__wrapped__(5, 5)  # a fresh object, not the cached one
    assert not s._tables
    history = ["2x3", "3x3", "4x3"]
    labels, table = s.strategy_table(history)
    assert 0 < len(s._tables) <= len(history) + 1
    same, weights = s.weights_table(history)
    assert same == labels and np.allclose(table, weights / weights.sum(axis=1, keepdims=True))
