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


def test_a_big_round_is_unpacked_once_then_mapped(tmp_path, monkeypatch):
    """Issue 26: LZMA took ~0.1 s to unpack 5 v 5's 18 MB on every command line. The first load
    writes an uncompressed copy to the cache; the next ones map it (reading only the blocks a
    piece of advice needs) and give the same strategy."""
    monkeypatch.setenv("BLUFFKIT_CACHE", str(tmp_path))
    first = load_strategy.__wrapped__(3, 3)
    assert not isinstance(first._data, np.memmap)
    copies = list(tmp_path.glob("bluff-abstract-strategy_3v3-*.npy"))
    assert len(copies) == 1
    again = load_strategy.__wrapped__(3, 3)
    assert isinstance(again._data, np.memmap)
    history = ["2x3", "3x3"]
    assert np.array_equal(first.weights_table(history)[1], again.weights_table(history)[1])
    assert first.frequencies((1, 3, 6), history) == again.frequencies((1, 3, 6), history)
    copies[0].write_bytes(b"not an array")  # a damaged copy: read from the shipped file
    assert load_strategy.__wrapped__(3, 3).frequencies((1, 3, 6), history) == \
        first.frequencies((1, 3, 6), history)
    assert isinstance(load_strategy.__wrapped__(3, 3)._data, np.memmap)  # written again
