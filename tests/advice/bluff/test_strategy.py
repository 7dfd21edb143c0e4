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


def test_a_round_unpacks_only_the_pieces_it_reads(tmp_path, monkeypatch):
    """LZMA took 0.1 s in CPython (0.3 s in Pyodide) to unpack 5 v 5's 18 MB, of which a piece
    of advice reads a few kB (issues 26, 30). The file keeps each round in pieces compressed
    apart: loading a round unpacks none, a history's table the one or two holding its row, and
    a row across two pieces reads the same as from the whole array."""
    path = tmp_path / "copy.npz"  # a path of its own: no piece read before
    path.write_bytes(DATA.read_bytes())
    with np.load(path) as f:
        chunk = int(f["chunk"])
        whole = np.concatenate([f[n] for n in sorted(f.files) if n.startswith("strategy_5v5.")])
    reads = []
    npz = type(np.load(path))
    unpack = npz.__getitem__
    monkeypatch.setattr(npz, "__getitem__", lambda f, name: reads.append(name) or unpack(f, name))
    s = load_strategy.__wrapped__(5, 5, path)
    assert not [r for r in reads if r.startswith("strategy_")] and len(whole) > 60 * chunk
    history = ["2x3", "3x3", "4x3"]
    for depth in range(len(history) + 1):
        del reads[:]
        s.weights_table(history[:depth])
        assert 1 <= len(reads) <= 2 and all(r.startswith("strategy_5v5.") for r in reads)
    # a row whose weights begin in one piece and end in the next
    for text in s.bids:
        labels, rows = s.weights_table([text])
        g, row = s._row([s.bids.index(text)])
        offset, (_parents, actions, rolls) = s._stored(g)
        begin = offset + row * actions * rolls
        if begin // chunk != (begin + actions * rolls - 1) // chunk:
            break
    else:
        pytest.fail("no row of 5 v 5 after one bid lies across two pieces")
    stored = whole[begin:begin + actions * rolls].reshape(actions, rolls).T.astype("int64")
    stored[stored.sum(axis=1) == 0] = 1
    assert np.array_equal(rows, stored)
