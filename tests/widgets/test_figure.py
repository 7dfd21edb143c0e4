"""``LiveFigure``: the explorers' figure, drawn however long plotly's bundle takes to load
(issue 11, "blank figure"; the browser side is tested in ``tests/browser``)."""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go
import pytest

from bluffkit.widgets.bluff import CountExplorer
from bluffkit.widgets.bluff_you import SumExplorer
from bluffkit.widgets.bungee import DrawExplorer
from bluffkit.widgets.common import update_figure_in_place
from bluffkit.widgets.figure import LiveFigure, plotly_bundle
from bluffkit.widgets.jungle_bluff import ChallengeExplorer
from bluffkit.widgets.poker_dice import HandOddsExplorer


def test_the_module_anywidget_waits_for_is_small_and_the_bundle_travels_beside_it():
    state = LiveFigure(go.Figure(go.Bar(y=[1, 2]))).get_state()
    assert len(state["_esm"]) < 20_000  # ready at once, far within anywidget's 2 s
    assert state["_bk_plotly"] == plotly_bundle()[0] == str(go.FigureWidget._esm)
    assert state["_bk_plotly_id"] == plotly_bundle()[1]
    assert state["_anywidget_id"] == "bluffkit.widgets.figure.LiveFigure"


def test_live_figure_updates_in_place_like_a_figure_widget():
    fig = LiveFigure(go.Figure(go.Bar(x=[1, 2], y=[3, 4]), {"shapes": [{"type": "line",
                                                                         "x0": 1, "x1": 1}]}))
    update_figure_in_place(fig, go.Figure(go.Bar(x=[1, 2], y=[5, 6]),
                                          {"shapes": [{"type": "line", "x0": 2, "x1": 2}],
                                           "title": {"text": "new"}}))
    assert fig.data[0].y == (5, 6)
    assert fig.layout.shapes[0].x0 == 2 and fig.layout.title.text == "new"


@pytest.mark.parametrize("make", [
    lambda: CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3"),
    lambda: SumExplorer(centre="3,4,17,18", announced=17, q=Fraction(1, 2)),
    lambda: HandOddsExplorer(mine="9,K,K", common="", opponents=2),
    lambda: ChallengeExplorer(mine="8", theirs="3,5,9", challenger=True),
    lambda: DrawExplorer(hand="1,2,9,10", discard="4,7,10,5", lucky="8"),
], ids=["count", "sum", "hand-odds", "challenge", "draw"])
def test_every_explorer_draws_a_live_figure(make):
    assert isinstance(make().figure, LiveFigure)
