"""The solved view's chart: its numbers, and BluffTable showing it on Explain with two players."""

from __future__ import annotations

import pytest

from bluffkit.advice.bluff.solved import solved_reading
from bluffkit.games.bluff import Bid
from bluffkit.widgets.bluff.solved import NAME, figure_for_solved

from .conftest import facing_a_bid


def test_the_chart_is_random_dice_beside_the_equilibrium_posterior():
    view = solved_reading((3, 3, 1), (3, 4), ["1x2", "2x5"])  # they opened 1x2
    face = Bid(2, 5).face
    fig = figure_for_solved(view, "Bot 1")
    random, read = fig.data
    assert (random.name, read.name) == ("dice random", NAME)
    assert list(random.x) == list(range(5))
    assert list(random.y) == [float(p) for p in view.match_pmf(face, 0).values()]
    assert list(read.y) == [float(p) for p in view.match_pmf(face).values()]
    assert sum(read.y) == pytest.approx(1)
    assert "Bot 1" in fig.layout.title.text and "5s or stars" in fig.layout.title.text
    assert "No bid" in figure_for_solved(None).layout.annotations[0].text


def test_explain_shows_the_chart_in_a_two_player_game():
    t = facing_a_bid(1)
    assert t.solved_box.layout.display == "none"  # Explain is off
    t.explain.toggle.value = True
    assert t.solved_box.layout.display is None
    view = t._last_advice.solved
    assert view is not None and view.history[-1] == str(t.state.bid)
    expected = figure_for_solved(view, t.names[1])
    assert [tr.y for tr in t.solved_chart.data] == [tr.y for tr in expected.data]
    assert "What the bids reveal" in t.explain.body.value
    t.explain.toggle.value = False
    assert t.solved_box.layout.display == "none"


def test_no_chart_with_three_players():
    t = facing_a_bid(2)
    t.explain.toggle.value = True
    assert t._last_advice.solved is None and t.solved_box.layout.display == "none"
