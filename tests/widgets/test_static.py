"""Exports without live widgets (nbconvert HTML/PDF) show each widget's static fallback: its
texts, its controls' values, its maths as MathML and its figures as tables."""

from __future__ import annotations

import re

import pytest
from nbconvert.filters.widgetsdatatypefilter import WidgetsDataTypeFilter

from bluffkit.widgets.bluff import CountExplorer
from bluffkit.widgets.bluff.table import BluffTable
from bluffkit.widgets.bluff_you import SumExplorer
from bluffkit.widgets.bungee import DrawExplorer
from bluffkit.widgets.jungle_bluff import ChallengeExplorer
from bluffkit.widgets.poker_dice import HandOddsExplorer
from bluffkit.widgets.static import static_html

MAKERS = {
    "count explorer": lambda: CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3"),
    "sum explorer": lambda: SumExplorer(centre="3,4,17,18", announced=17),
    "draw explorer": lambda: DrawExplorer(hand="1,2,9", discard="4", lucky="8", action="play 9"),
    "hand odds explorer": lambda: HandOddsExplorer(mine="9,K,K", common="", opponents=2),
    "challenge explorer": lambda: ChallengeExplorer(mine="8", theirs="3,5,9", challenger=True),
    "bluff table": lambda: BluffTable(opponents=2, seed=4),
}


@pytest.mark.parametrize("name", MAKERS)
def test_every_widget_output_carries_a_static_html_fallback(name):
    w = MAKERS[name]()
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    assert page.startswith('<div class="bk-static">') and len(page) > 200
    assert "\\frac" not in page and not re.search(r"(?<!\\)\$[^$]+\$", page)  # MathML, no LaTeX
    # nbconvert, with no widget state in the notebook (stripped), picks the fallback
    pick = WidgetsDataTypeFilter(notebook_metadata={})
    assert pick(bundle)[0] == "text/html"


def test_the_figure_table_holds_the_figure_numbers():
    w = CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3")
    page = static_html(w)
    assert "<math" in page and "<mfrac>" in page and "Dice in play: 20" in page
    fig = next(c for c in w.children if hasattr(c, "data") and c.data)
    trace = fig.data[0]
    rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td></tr>", page)
    assert [(str(x), f"{y:.4g}") for x, y in zip(trace.x, trace.y)][:60] == rows[:len(trace.x)]
