"""``LiveFigure``: the explorers' figure, drawn however long plotly's bundle takes to load
(issue 11, "blank figure"; the browser side is tested in ``tests/browser``)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from bluffkit.widgets.bluff import CountExplorer
from bluffkit.widgets.bluff_you import SumExplorer
from bluffkit.widgets.bungee import DrawExplorer
from bluffkit.widgets.figure import LiveFigure, plotly_bundle, update_figure_in_place
from bluffkit.widgets.jungle_bluff import ChallengeExplorer
from bluffkit.widgets.poker_dice import HandOddsExplorer
from tests.conftest import printed_by_python


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


def _shown(fig) -> dict:
    out = fig.to_dict()
    out["layout"].pop("template", None)
    for trace in out["data"]:
        trace.pop("uid", None)
    return out


def test_a_slider_move_sends_one_small_message_and_keeps_python_exact():
    """The kernel's side of a slider move: one custom message holding only what changed, no
    plotly.py update (four messages, validation); the Python figure equals the pure one."""
    from bluffkit.odds.bluff import bid_odds
    from bluffkit.widgets.bluff import odds_spec

    w = CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3")
    sent, updates = [], []
    w.figure.send = lambda content, buffers=None: sent.append(content)
    w.figure.observe(lambda c: updates.append(c), names=["_py2js_update", "_py2js_relayout",
                                                         "_py2js_restyle"])
    for count, dice in ((8, 20), (9, 20), (6, 12), (6, 12)):
        sent.clear()
        w.dice_in_play.value, w.count.value = dice, count
        expected = go.Figure(odds_spec(bid_odds(f"{count}x3", dice, mine="3,3,*,1,2"),
                                       color_bars=False))
        assert _shown(w.figure) == _shown(expected)
    w.count.value = 7
    assert len(sent) == 1 and sent[0]["bk"] == "update" and not updates
    assert set(sent[0]["layout"]) <= {"shapes[0].x0", "shapes[1].x0", "shapes[1].x1",
                                      "annotations[0].x"}
    assert len(str(sent[0])) < 400


def test_edits_that_need_new_containers_go_through_plotly():
    fig = LiveFigure(go.Figure(go.Bar(y=[1, 2])))
    update_figure_in_place(fig, go.Figure(go.Bar(y=[1, 2]), {"shapes": [{"type": "line",
                                                                          "x0": 1}]}))
    assert fig.layout.shapes[0].x0 == 1


def test_importing_the_widgets_leaves_nbformat_and_jsonschema_alone():
    """Issue 26: ``import bluffkit.widgets`` took 2.1-2.4 s, half of it in ``rfc3987_syntax``
    (plotly.basewidget -> plotly.io._renderers -> nbformat -> jsonschema). In a fresh
    interpreter none of these modules is imported; plotly still finds the real ``nbformat``
    when ``fig.show()`` asks for it (``benchmarks/widgets_import.py`` times the import)."""
    code = """if True:
        import sys
        import bluffkit.widgets
        from bluffkit.widgets.figure import LiveFigure
        LiveFigure({"data": [{"type": "bar", "y": [1]}]})
        slow = sorted(m for m in sys.modules
                      if m.split(".")[0] in {"nbformat", "jsonschema", "rfc3987_syntax"})
        assert not slow, slow
        import plotly.io._renderers as renderers
        import nbformat
        assert renderers.nbformat.__version__ == nbformat.__version__
        assert sys.modules["nbformat"] is nbformat and hasattr(nbformat, "validate")
        print("ok")
    """
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr


def test_a_figure_is_shown_where_nbformat_is_missing():
    """The browser site has no ``nbformat`` (issue 30): plotly's display of a ``go.Figure``
    refused there ("No module named 'nbformat'", seen in chromium on notebook 02's
    ``figure_for_points()``). With ``bluffkit.widgets`` imported IPython shows the figure's mime
    bundle; a ``LiveFigure`` keeps its widget display. Checked in a fresh interpreter where
    ``nbformat`` cannot be imported: without bluffkit the same display fails."""
    code = """if True:
        import sys
        class NoNbformat:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "nbformat":
                    raise ModuleNotFoundError("No module named 'nbformat'")
        sys.meta_path.insert(0, NoNbformat())
        from IPython.core.interactiveshell import InteractiveShell
        from IPython.display import display
        import plotly.graph_objects as go
        shell = InteractiveShell.instance()
        shown = []
        shell.display_pub.publish = lambda data, metadata=None, **kw: shown.append(data)
        fig = go.Figure(go.Bar(y=[1, 2]))
        display(fig)  # IPython prints plotly's error (a kernel may stop there)
        print("with bluffkit")
        import bluffkit.widgets
        from bluffkit.widgets.figure import LiveFigure
        display(fig)
        print(sorted(shown[-1]))
        print(shown[-1]["application/vnd.plotly.v1+json"]["data"][0]["y"])
        formatter = shell.display_formatter.ipython_display_formatter
        try:
            formatter.lookup(LiveFigure({"data": []}))
        except KeyError:
            print("widget display kept")
    """
    alone, bluffkit = printed_by_python(code).split("with bluffkit\n")
    assert "Mime type rendering requires nbformat>=4.2.0 but it is not installed" in alone
    assert bluffkit.splitlines() == ["['application/vnd.plotly.v1+json', 'text/html']",
                                     "[1, 2]", "widget display kept"], bluffkit


def test_a_french_figure_has_plotly_s_french_locale_and_decimal_comma():
    """Issue 26: French pages showed plotly's toolbar in English and axis ticks with a decimal
    point beside texts with a comma. A LiveFigure made in French sends plotly's French locale
    (shipped, offline) and says to use it; every explorer's figure keeps the decimal comma
    through its updates; English is unchanged."""
    from bluffkit.i18n import language
    from bluffkit.widgets.figure import plotly_locales

    fr = next(locale for locale in plotly_locales() if locale["name"] == "fr")
    assert fr["dictionary"]["Autoscale"] == "Échelle automatique"
    with language("fr"):
        fig = LiveFigure({"data": [{"type": "bar", "y": [0.5]}]})
        explorers = [CountExplorer(dice_in_play=20, mine="3,3,*,1,2", bid="7x3"),
                     SumExplorer(centre="3,4,17,18", announced=17, q=Fraction(1, 2)),
                     HandOddsExplorer(), ChallengeExplorer(), DrawExplorer()]
        explorers[0].count.value = 8  # an update in place keeps the language's separators
    state = fig.get_state()
    assert state["_config"]["locale"] == "fr" and fr in state["_bk_locales"]
    assert fig.layout.separators == ",\u202f"
    for w in explorers:
        assert w.figure.layout.separators == ",\u202f", type(w).__name__
        assert w.figure._config.get("locale") == "fr", type(w).__name__
    english = LiveFigure({"data": [{"type": "bar", "y": [0.5]}]})
    assert "locale" not in english._config and english.layout.separators == ".,"
