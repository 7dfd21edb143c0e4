"""The shipped 1-vs-1 Bluff rounds: read without the solver exactly as the solver reads them,
honest figures, in the wheel, and the first advice of a fresh process never solves."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from bluffkit.advice.bluff import rounds as br
from bluffkit.advice.bluff.equilibrium import TARGET
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import Bid
from bluffkit.solvers.bluff.tree import (
    SolvedRound,
    default_path,
    ladder_bids,
    load_round,
    matches,
    rolls,
    round_tree,
)
from bluffkit.solvers.cfr import CFRSolver

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = sorted(br.SHIPPED)


def histories(bids):
    """Every bid history of a round: every increasing sequence of its bids."""
    for k in range(len(bids) + 1):
        yield from (list(h) for h in itertools.combinations(bids, k))


@pytest.mark.parametrize("dice,ruleset", SHIPPED)
def test_the_table_reads_every_history_as_the_solver_does(dice, ruleset):
    path = br.shipped_path(*dice, ruleset)
    table, solved = br.round_table_from(path), load_round(path)
    assert (table.dice, table.ruleset, table.bids) == (dice, ruleset, solved.info.bids)
    assert table.rolls == solved.info.rolls
    seen = 0
    for history in histories(table.bids):
        labels, rows = table.strategy_table(history)
        want_labels, want = solved.strategy_table(history)
        assert labels == want_labels and np.array_equal(rows, want), history
        assert np.allclose(rows.sum(axis=1), 1, atol=1e-5)
        seen += 1
    assert seen == 2 ** len(table.bids)
    computed = br._starts(len(table.bids))  # what a file without stored starts uses
    assert all(int(table.starts[m]) == s for m, s in computed.items())


@pytest.mark.parametrize("dice,ruleset", SHIPPED)
def test_the_shipped_figures_are_those_of_the_shipped_strategy(dice, ruleset):
    path = br.shipped_path(*dice, ruleset)
    solved = load_round(path)
    value, expl = CFRSolver(solved.tree).evaluate(
        [None] + [a.astype(np.float64) for a in solved.average[1:]])
    assert (solved.value, solved.exploitability) == (value, expl)
    assert expl <= TARGET
    assert abs(value - (-7 / 258)) <= 2 * expl  # liar's dice 1 v 1: the opener's value


def test_a_saved_round_without_stored_starts_reads_the_same(tmp_path):
    tree, info = round_tree(1, 1)
    rng = np.random.default_rng(1)
    average = [None] + [rng.random(a.shape) for a in CFRSolver(tree).average_strategy()[1:]]
    saved = SolvedRound(tree, info, average, 0.1, 0.25, 7, 1.0, {})
    saved.save(tmp_path / "r.npz")
    table = br.round_table_from(tmp_path / "r.npz")
    assert table.bids == info.bids and table.rolls == info.rolls
    assert isinstance(table.starts, dict)  # computed, not read from the file
    for history in histories(table.bids):
        labels, rows = table.strategy_table(history)
        want_labels, want = saved.strategy_table(history)
        assert labels == want_labels and np.array_equal(rows, want), history


def test_the_helpers_are_the_solvers_own():
    for total, ruleset in [(2, "bluff"), (3, "bluff"), (4, "bluff"), (2, "openspiel")]:
        assert br.round_bids(total, ruleset) == [
            f"{c}-{f}" if ruleset == "openspiel" else str(Bid(c, f))
            for c, f in ladder_bids(total, ruleset)]
    for k in (1, 2, 3):
        r, p = rolls(k)
        assert br.round_rolls(k) == (r, list(p))
    for dice in itertools.product(range(1, 7), repeat=2):
        for face in range(1, 7):
            for ruleset in ("bluff", "openspiel"):
                assert br.round_matches(dice, face, ruleset) == matches(dice, face, ruleset)
    assert br.cache_path(2, 1, "bluff") == default_path(2, 1, "bluff")


def test_a_file_that_is_not_a_round_is_named(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a strategy")
    with pytest.raises(InvalidQuestion, match="not a strategy saved by bluffkit"):
        br.round_table_from(bad)
    np.savez(tmp_path / "half.npz", dice=np.array([1, 1]), ruleset="bluff", value=0.0,
             exploitability=0.0, iterations=1, level1=np.zeros((12, 6)))
    with pytest.raises(InvalidQuestion, match="whole round"):
        br.round_table_from(tmp_path / "half.npz")


FRESH = """
import sys, time
sys.path.insert(0, sys.argv[1])
import bluffkit.advice.bluff as ab
assert ab.__file__.startswith(sys.argv[1]), ab.__file__
from bluffkit.advice.bluff import Position, advise
a = advise(Position("3", (1, 1), me=1, bid="1x2", history=["1x2"]))
assert a.equilibrium is not None and a.equilibrium.exploitability <= 1e-3
assert a.equilibrium.file.startswith(sys.argv[1]), a.equilibrium.file
heavy = [m for m in ("bluffkit.solvers.bluff.tree", "bluffkit.solvers.cfr", "scipy")
         if m in sys.modules]
assert not heavy, heavy
print("ok")
"""


def test_the_wheel_ships_the_rounds_and_a_fresh_install_advises_without_solving(tmp_path):
    out = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    (wheel,) = out.glob("bluffkit-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for (x, y), ruleset in SHIPPED:
        assert f"bluffkit/advice/bluff/data/bluff-{ruleset}-{x}v{y}.npz" in names
    assert "bluffkit/advice/bluff/data/bluff-abstract.npz" in names  # every size up to 5 v 5
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "BLUFFKIT_CACHE": str(tmp_path / "empty-cache")}
    run = subprocess.run([sys.executable, "-c", FRESH, str(site)], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path, env=env)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
    assert not (tmp_path / "empty-cache").exists()  # nothing was solved and saved
