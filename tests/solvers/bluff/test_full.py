"""The full two-player match with imperfect recall: backward induction and compact storage."""

import numpy as np
import pytest

from bluffkit.advice.bluff.strategy import DATA, load_strategy, match_table, policy
from bluffkit.core import InvalidQuestion
from bluffkit.solvers.bluff.full import (
    COARSE,
    default_k,
    dequantise,
    levels_of,
    positions,
    quantise,
    save_match,
    solve_full,
)
from bluffkit.solvers.bluff.recall import RecallGame, abstract_exploitability


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    match = solve_full(1, k=2, iterations=40)
    path = tmp_path_factory.mktemp("strategies") / "s.npz"
    return match, save_match(match, path), path


def test_positions_fewest_dice_first():
    order = positions(5)
    assert len(order) == 25 and order[0] == (1, 1) and order[-1] == (5, 5)
    assert all(sum(a) <= sum(b) for a, b in zip(order, order[1:]))


def test_quantised_strategy_round_trip():
    game = RecallGame(1, 1, 2)
    rng = np.random.default_rng(5)
    strategy = [rng.dirichlet(np.ones(s.shape[1]), size=(s.shape[0], s.shape[2])
                              ).transpose(0, 2, 1) for s in game.uniform()]
    back = dequantise(quantise(strategy), [s.shape for s in strategy])
    for s, b in zip(strategy, back):
        assert np.allclose(b.sum(axis=1), 1)
        assert np.abs(s - b).max() <= 1.5 / 255


def test_rounds_from_7_dice_are_stored_coarsely():
    assert [levels_of(x, y) for x, y in ((1, 1), (3, 3), (3, 4), (5, 5))] == [255, 255, 15, 15]
    game = RecallGame(1, 1, 2)
    rng = np.random.default_rng(6)
    strategy = [rng.dirichlet(np.ones(s.shape[1]), size=(s.shape[0], s.shape[2])
                              ).transpose(0, 2, 1) for s in game.uniform()]
    data = quantise(strategy, COARSE)
    assert data.max() <= COARSE
    back = dequantise(data, [s.shape for s in strategy])
    for s, b in zip(strategy, back):
        assert np.allclose(b.sum(axis=1), 1) and np.abs(s - b).max() < 0.2
    # the shipped file: fine frequencies up to 6 dice in play, coarse from 7
    with np.load(DATA) as f:  # every block's stored weights, in every piece of the round
        assert max(int(f[n].max()) for n in f.files if n.startswith("strategy_5v5.")) <= COARSE
        assert max(int(f[n].max()) for n in f.files if n.startswith("strategy_3v3.")) > COARSE


def test_rounds_remember_four_bids_where_the_real_game_is_measured():
    assert [default_k(x, y) for x, y in ((1, 1), (2, 1), (2, 2), (1, 3), (3, 3), (5, 5))] == [
        4, 4, 4, 3, 2, 2]
    assert all(load_strategy(x, y).k == default_k(x, y) for x, y in positions(5))


def test_saved_figures_are_those_of_the_stored_strategy(saved):
    match, figures, path = saved
    stored = load_strategy(1, 1, path)
    solved = match.rounds[(1, 1)]
    f = figures[(1, 1)]
    assert stored.figures.k == 2 and stored.figures.iterations == 40
    assert stored.figures.value == pytest.approx(f["value"])
    assert stored.figures.exploitability == pytest.approx(f["exploitability"])
    assert f["exploitability"] == pytest.approx(solved.exploitability, abs=0.01)
    # the frequencies read back are the quantised solver strategy
    game = solved.game
    labels, table = stored.strategy_table(["1x3"])
    s = game.state_of([game.bids.index("1x3")])
    block = next(b for b in game.blocks if s in b.parents)
    row = list(block.parents).index(s)
    g = game.blocks.index(block)
    assert labels == game.bids[block.last + 1:] + ["challenge"]
    assert np.abs(table - solved.strategy[g][row].T).max() <= 1.5 / 255
    assert match_table(path) == pytest.approx({(1, 1): match.win[(1, 1)]})
    assert abstract_exploitability(game, solved.strategy)[1] == pytest.approx(
        solved.abstract_exploitability)


def test_policy_reads_the_round_of_the_player_to_move(saved):
    _, _, path = saved
    stored = load_strategy(1, 1, path)
    freq = stored.frequencies((3,), ["1x2"])
    assert sum(freq.values()) == pytest.approx(1) and "challenge" in freq
    assert "1x2" not in freq and "1x3" in freq
    assert stored.frequencies("3", ["1x2"]) == freq


@pytest.mark.parametrize("history, message", [
    (["1x3", "1x2"], "does not raise"), (["7x3"], "not a bid with 2 dice"),
    (["banana"], "not a bid")])
def test_bad_histories(saved, history, message):
    with pytest.raises(InvalidQuestion, match=message):
        load_strategy(1, 1, saved[2]).strategy_table(history)


def test_bad_rolls_and_sizes(saved):
    with pytest.raises(InvalidQuestion, match="holds 1 die"):
        load_strategy(1, 1, saved[2]).frequencies((3, 4), [])
    with pytest.raises(InvalidQuestion, match="1-5 dice"):
        load_strategy(6, 1, saved[2])
    with pytest.raises(InvalidQuestion, match="no solved round 2 v 1"):
        load_strategy(2, 1, saved[2])
    with pytest.raises(InvalidQuestion, match="max_dice"):
        solve_full(6)


def test_policy_routes_opener_and_second(monkeypatch, saved):
    import bluffkit.advice.bluff.strategy as module

    _, _, path = saved
    seen = []
    monkeypatch.setattr(module, "load_strategy",
                        lambda a, b: seen.append((a, b)) or load_strategy(1, 1, path))
    policy((3,), (1, 2), [])  # I open: my 1 die against 2
    policy((3,), (1, 2), ["1x2"])  # you opened: your 2 dice against my 1
    assert seen == [(1, 2), (2, 1)]
