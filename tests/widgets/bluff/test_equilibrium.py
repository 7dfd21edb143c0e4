"""Equilibrium figures: built from a solved round without a kernel, numbers as computed."""

from __future__ import annotations

import pytest

from bluffkit.advice.bluff.equilibrium import solved_round
from bluffkit.core import InvalidQuestion
from bluffkit.solvers.bluff.summary import bluff_rates
from bluffkit.widgets.bluff.equilibrium import (
    figure_for_bluff_rates,
    figure_for_exploitability,
    figure_for_strategy,
)


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BLUFFKIT_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield solved_round(1, 1)


def test_strategy_heatmap_rows_are_the_rolls(solved):
    fig = figure_for_strategy(solved)
    heat = fig.data[0]
    assert list(heat.y) == ["1", "2", "3", "4", "5", "★"]
    assert "challenge" not in heat.x and "1x4" in heat.x
    row4 = dict(zip(heat.x, heat.z[3]))
    assert row4["1x4"] == pytest.approx(solved.strategy([], (4,))["1x4"])
    reply = figure_for_strategy(solved, ["1x3"])
    assert "challenge" in reply.data[0].x and "second player" in reply.layout.title.text
    for row in reply.data[0].z:  # the columns left out are (almost) never played
        assert sum(row) == pytest.approx(1, abs=0.03)


def test_bluff_rates_bars(solved):
    fig = figure_for_bluff_rates(solved)
    assert [t.name for t in fig.data][0] == "opener's first bid is a bluff"
    assert fig.data[0].y[0] == pytest.approx(bluff_rates(solved, 0)[(1,)])


def test_exploitability_plot_is_log_scale():
    fig = figure_for_exploitability({"a": [(1, 0.1, 0.5), (2, 0.2, 0.1)],
                                     "b": [(1, 0.1, 0.4)]}, target=1e-3)
    assert fig.layout.yaxis.type == "log" and len(fig.data) == 2
    assert fig.layout.shapes[0].y0 == 1e-3
    with pytest.raises(InvalidQuestion, match="history"):
        figure_for_exploitability({})
