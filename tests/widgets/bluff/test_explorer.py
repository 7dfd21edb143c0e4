"""CountExplorer and the Bluff figures, driven like ipywidgets' own tests: set ``.value``,
check the figure data and the text; pinned to brute-force enumeration of the dice."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from bluffkit.core import Distribution, InvalidQuestion
from bluffkit.games.bluff import FACES, STAR, count_matching
from bluffkit.odds.bluff import bid_odds
from bluffkit.widgets.bluff import (
    CountExplorer,
    figure_for_convergence,
    figure_for_counts,
    figure_for_odds,
)
from bluffkit.widgets.common import COLORS


def brute_force_counts(face: int, unknown: int, known: int) -> dict[int, Fraction]:
    """P(A = k) by listing every roll of the unknown dice."""
    tally = Counter(known + count_matching(roll, face)
                    for roll in itertools.product(FACES, repeat=unknown))
    return {k: Fraction(w, 6**unknown) for k, w in sorted(tally.items())}


def exact_of(customdata: str) -> Fraction:
    return Fraction(customdata)


# -- pure figures ----------------------------------------------------------------------------
@pytest.mark.parametrize("face", [3, STAR])
def test_figure_for_counts_matches_enumeration(face):
    known = 1  # my die: a star counts for either face
    truth = brute_force_counts(face, unknown=4, known=known)
    fig = figure_for_odds(bid_odds(f"3x{'*' if face == STAR else face}", 5, mine="*"))
    bars = fig.data[0]
    assert bars.x == (0, 1, 2, 3, 4, 5)
    exact = {x: exact_of(c) for x, c in zip(bars.x, bars.customdata)}
    assert exact[0] == 0  # I hold a star: at least one match, always
    assert {k: p for k, p in exact.items() if p} == truth
    assert bars.y == tuple(float(exact[x]) for x in bars.x)


def test_figure_for_counts_highlights_where_the_bid_stands():
    fig = figure_for_counts(Distribution.binomial(4, Fraction(1, 3)), 2)
    colors = fig.data[0].marker.color
    assert colors == (COLORS["falls"], COLORS["falls"], COLORS["exact"], COLORS["stands"],
                      COLORS["stands"])
    region = fig.layout.shapes[0]
    assert (region.x0, region.x1) == (1.5, 4.5)
    stands = Distribution.binomial(4, Fraction(1, 3)).at_least(2)
    assert stands == Fraction(11, 27)
    assert "11/27" in fig.layout.annotations[0].text


def test_figure_for_counts_without_a_bid_has_no_region():
    fig = figure_for_counts(Distribution.binomial(2, Fraction(1, 6)))
    assert set(fig.data[0].marker.color) == {COLORS["falls"]}
    assert fig.layout.shapes == ()


def test_figure_marks_the_rule_of_thumb_and_the_expectation():
    odds = bid_odds("7x3", 20, mine="3,3,*,1,2")
    lines = [s for s in figure_for_odds(odds).layout.shapes if s.type == "line"]
    assert [s.x0 for s in lines] == [pytest.approx(20 / 3), 8.0]


def test_figure_for_convergence_is_the_running_share():
    fig = figure_for_convergence([False, True, True, False], Fraction(1, 2))
    assert fig.data[0].y == (0.0, 0.5, pytest.approx(2 / 3), 0.5)
    assert fig.layout.shapes[0].y0 == 0.5
    with pytest.raises(InvalidQuestion):
        figure_for_convergence([], Fraction(1, 2))


# -- CountExplorer -----------------------------------------------------------------------------
def test_count_explorer_starts_with_the_exact_odds():
    w = CountExplorer(dice_in_play=4, mine="*,1", exposed="", bid="2x*")
    truth = brute_force_counts(STAR, unknown=2, known=1)
    assert w.odds.p_true == sum(p for k, p in truth.items() if k >= 2) == Fraction(11, 36)
    assert "\\frac{11}{36}" in w.result.value
    assert "P(2x* stands)" in w.result.value
    assert "Rule of thumb" in w.rule.value and "\\frac{4}{6}" in w.rule.value
    assert isinstance(w.figure, go.FigureWidget)
    assert "bk-count-explorer" in w._dom_classes and "bk-figure" in w.figure._dom_classes


def test_moving_the_bid_updates_the_figure_in_place():
    w = CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3")
    figure = w.figure
    before_colors = figure.data[0].marker.color
    before_text = w.result.value
    w.count.value = 9
    assert w.figure is figure  # one FigureWidget, updated in place
    assert figure.layout.shapes[0].x0 == 8.5                  # the region where 9x3 stands
    assert (figure.layout.shapes[1].x0, figure.layout.shapes[1].x1) == (8.5, 9.5)  # exactly 9
    assert figure.layout.shapes[1].fillcolor == COLORS["exact"]
    assert figure.data[0].marker.color == before_colors  # bars keep their colour: fast redraw
    assert figure.layout.xaxis.title.text == "matching dice"
    assert w.result.value != before_text and "P(9x3 stands)" in w.result.value
    assert w.odds.p_true == bid_odds("9x3", 20, mine="3,3,*,1,2").p_true
    assert figure.data[0].y == figure_for_odds(w.odds).data[0].y


def test_changing_face_dice_and_exposed_dice():
    w = CountExplorer(dice_in_play=10, mine="3,3", bid="4x3")
    w.face.value = STAR
    assert w.odds.bid.face == STAR and w.odds.known_matches == 0
    assert "\\frac{1}{6}" in w.result.value
    w.exposed.value = "*,*"
    assert w.odds.known_matches == 2 and w.odds.unknown == 6
    w.dice_in_play.value = 12
    assert w.odds.unknown == 8 and w.figure.data[0].x[-1] == 12
    assert w.errors.message == ""


def test_bad_input_shows_a_message_and_the_widget_recovers():
    w = CountExplorer(dice_in_play=5, mine="3,3", bid="3x3")
    w.mine.value = "3,3,3,3,3"     # five known dice of five: fine
    good_y, good_text = w.figure.data[0].y, w.result.value
    assert good_y == (0, 0, 0, 0, 0, 1.0) and w.errors.message == ""
    w.exposed.value = "*"          # six known dice, five in play
    assert "more known dice than dice in play" in w.errors.message
    assert w.errors.layout.display is None and "bk-error" in w.errors._dom_classes
    assert w.figure.data[0].y == good_y and w.result.value == good_text  # last good state
    w.mine.value = "3,x"
    assert "'x' is not a Bluff die face" in w.errors.message
    w.mine.value = "3"             # good again: message gone, figure updated
    assert w.errors.message == "" and w.errors.layout.display == "none"
    assert w.odds.known_matches == 2 and w.figure.data[0].y != good_y


def test_the_bid_count_never_exceeds_the_dice_in_play():
    w = CountExplorer(dice_in_play=20, mine="", bid="12x2")
    w.dice_in_play.value = 8
    assert w.count.max == 8 and w.count.value == 8
    assert w.errors.message == "" and w.odds.bid.count == 8


def test_bad_arguments_fail_at_construction():
    with pytest.raises(InvalidQuestion):
        CountExplorer(dice_in_play=2, mine="1,2,3")


def test_count_explorer_shows_every_fraction_with_its_decimal():
    """No bare fraction: each number in math comes with its decimal (1/3 ≈ 0.333)."""
    w = CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3")
    for face in (3, 6):
        w.face.value = face
        for text in (w.result.value, w.rule.value):
            for math in re.findall(r"\$([^$]*)\$", text):
                if "\\frac" in math:
                    assert re.search(r"(\\approx|=) -?\d+(\.\d+)?\s*$", math), math
