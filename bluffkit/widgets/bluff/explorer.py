"""Bluff in a notebook: the count figure, ``CountExplorer`` and ``BluffTable``.

Views only (STYLE.md example 11): the numbers come from :mod:`bluffkit.odds.bluff` and
:mod:`bluffkit.advice.bluff`. :func:`figure_for_counts` and :func:`figure_for_convergence` are
pure functions returning a new ``go.Figure``; the widgets update one ``LiveFigure`` (a
``go.FigureWidget``, see :mod:`bluffkit.widgets.figure`) in place.
``BluffTable`` lives in :mod:`bluffkit.widgets.bluff.table` and is importable from here.

>>> from bluffkit.odds.bluff import bid_odds
>>> fig = figure_for_odds(bid_odds("7x3", 20, mine="3,3,*,1,2"))
>>> fig.data[0].x[:4], fig.data[0].marker.color[6:8]
((0, 1, 2, 3), ('#c9ced6', '#e9c46a'))
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as widgets
import plotly.graph_objects as go

from ...core import Distribution, InvalidQuestion
from ...core.i18n import _, _l, _n
from ...games.bluff import STAR, face_text
from ...odds.bluff.counts import BidOdds, bid_odds, read_dice
from ..common import COLORS, ErrorArea, html_area
from ..controls import control, on_change, text_box
from ..figure import LiveFigure, localised, update_figure_in_place
from ..numbers import decimal_text, probability_tex
from ..static import StaticFallback

FACE_OPTIONS = [("1", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("★", STAR)]


# -- pure figures ----------------------------------------------------------------------------------
@localised
def counts_spec(dist: Distribution, bid_count: int | None = None, *,
                x_max: int | None = None, rule_of_thumb: Fraction | None = None,
                expected: Fraction | None = None, title: str = "",
                label: str | None = None, color_bars: bool = True) -> dict:
    """The figure of :func:`figure_for_counts` as a plain ``{"data", "layout"}`` dict (no
    template): what a widget passes to ``update_figure_in_place`` (no plotly validation).

    With ``color_bars=False`` every bar keeps one colour and the region where the bid stands
    (and the exact count) is drawn as translucent bands over the bars, labelled without the
    probability (the widget shows it as text): moving the bid then only moves two shapes and a
    label, which plotly.js redraws in a few ms, where recolouring bars replots the whole chart
    (20-130 ms in headless chromium) and new text is measured again. Widgets use it.

    >>> spec = counts_spec(Distribution.binomial(2, Fraction(1, 3)), 1)
    >>> spec["data"][0]["marker"]["color"][0] == COLORS["falls"], spec["layout"]["shapes"][0]["x0"]
    (True, 0.5)
    """
    pmf = dist.pmf()
    last = max(pmf) if x_max is None else max(x_max, max(pmf))
    xs = list(range(0, last + 1))
    probs = [pmf.get(k, Fraction(0)) for k in xs]
    colors = [COLORS["falls"] if bid_count is None or k < bid_count
              else COLORS["exact"] if k == bid_count else COLORS["stands"] for k in xs]
    if not color_bars:
        colors = [COLORS["neutral"]] * len(xs)
    bars = {"type": "bar", "x": xs, "y": [float(p) for p in probs],
            "marker": {"color": colors}, "customdata": [_frac_text(p) for p in probs],
            "hovertemplate": "P(A = %{x}) = %{customdata} ≈ %{y:.4f}<extra></extra>",
            "name": "P(A = k)"}
    label = _("matching dice") if label is None else label
    shapes, annotations = [], []
    if bid_count is not None:
        p_stands = dist.at_least(bid_count)
        band = {"type": "rect", "xref": "x", "yref": "paper", "y0": 0, "y1": 1,
                "line": {"width": 0}}
        shapes.append({**band, "x0": bid_count - 0.5, "x1": last + 0.5,
                       "fillcolor": COLORS["stands"], "opacity": 0.08 if color_bars else 0.22,
                       "layer": "below" if color_bars else "above"})
        if not color_bars:
            shapes.append({**band, "x0": bid_count - 0.5, "x1": bid_count + 0.5,
                           "fillcolor": COLORS["exact"], "opacity": 0.4, "layer": "above"})
        band_label = (_("bid stands (A ≥ {count}): {p} ≈ {approx}", count=bid_count,
                        p=_frac_text(p_stands), approx=decimal_text(p_stands))
                      if color_bars else _("bid stands →"))
        annotations.append({"xref": "x", "yref": "paper", "x": bid_count - 0.5, "y": 1.0,
                            "xanchor": "left", "yanchor": "bottom", "showarrow": False,
                            "text": band_label})
    for value, name, dash in ((rule_of_thumb, _("rule of thumb"), "dash"),
                              (expected, "E[A]", "solid")):
        if value is None:
            continue
        shapes.append({"type": "line", "xref": "x", "yref": "paper", "x0": float(value),
                       "x1": float(value), "y0": 0, "y1": 0.92,
                       "line": {"color": COLORS["accent"], "dash": dash, "width": 2}})
        annotations.append({"xref": "x", "yref": "paper", "x": float(value),
                            "y": 0.92 if dash == "solid" else 0.84, "showarrow": False,
                            "xanchor": "left", "text": f" {name} {decimal_text(value, 2)}"})
    layout = {"title": {"text": title}, "shapes": shapes, "annotations": annotations,
              "bargap": 0.15, "xaxis": {"title": {"text": label}},
              "yaxis": {"title": {"text": _("probability")}, "rangemode": "tozero"},
              "margin": {"l": 50, "r": 20, "t": 60, "b": 45}, "height": 340,
              "showlegend": False}
    if last <= 30:
        layout["xaxis"]["dtick"] = 1
    return {"data": [bars], "layout": layout}


@localised
def figure_for_counts(dist: Distribution, bid_count: int | None = None, *,
                      x_max: int | None = None, rule_of_thumb: Fraction | None = None,
                      expected: Fraction | None = None, title: str = "",
                      label: str | None = None,
                      template: str | None = "plotly_white") -> go.Figure:
    """Bar chart of P(A = k) for the count A, the region where a bid of ``bid_count`` stands
    highlighted (the exact count in its own colour: there everybody but the bidder loses a die).

    Args:
        dist: the distribution of the count (integer outcomes).
        bid_count: the bid's count B; bars k >= B are the bid standing. ``None``: no bid.
        x_max: last count on the axis (default: the largest outcome); bars start at 0.
        rule_of_thumb: the rulebook's n/3 (or n/6) estimate, drawn as a dashed line.
        expected: the exact E[A], drawn as a solid line.
        title: the figure's title.
        label: the x axis title.
        template: plotly template (``None``: plotly's default).

    Returns:
        A new ``go.Figure`` (hover texts show exact fractions).

    >>> fig = figure_for_counts(Distribution.binomial(2, Fraction(1, 3)), 1)
    >>> fig.data[0].y, fig.data[0].customdata[1]
    ((0.4444444444444444, 0.4444444444444444, 0.1111111111111111), '4/9')
    >>> fig.layout.shapes[0].x0
    0.5
    """
    spec = counts_spec(dist, bid_count, x_max=x_max, rule_of_thumb=rule_of_thumb,
                       expected=expected, title=title, label=label)
    if template:
        spec["layout"]["template"] = template
    return go.Figure(spec)


@localised
def odds_spec(odds: BidOdds, title: str | None = None, color_bars: bool = True) -> dict:
    """:func:`counts_spec` for a ``BidOdds``, with the rule of thumb and E[A] marked (the
    default title names the bid unless ``color_bars=False``, the widgets' fast mode)."""
    if title is None:
        n = odds.dice_in_play
        title = (_n("How many of the {n} die are stars?", "How many of the {n} dice are stars?",
                    n) if odds.bid.face == STAR else
                 _n("How many of the {n} die show {face} or a star?",
                    "How many of the {n} dice show {face} or a star?", n,
                    face=face_text(odds.bid.face)))
        if color_bars:
            title += " " + _("Bid {bid}", bid=odds.bid)
    return counts_spec(odds.dist, odds.bid.count, x_max=odds.dice_in_play,
                       rule_of_thumb=odds.rule_of_thumb, expected=odds.expected_count,
                       title=title, color_bars=color_bars)


@localised
def figure_for_odds(odds: BidOdds, title: str | None = None,
                    template: str | None = "plotly_white") -> go.Figure:
    """:func:`figure_for_counts` for a ``BidOdds``, with the rule of thumb and E[A] marked.

    >>> from bluffkit.odds.bluff import bid_odds
    >>> figure_for_odds(bid_odds("2x*", 4, mine="*,1")).layout.title.text
    'How many of the 4 dice are stars? Bid 2x*'
    """
    spec = odds_spec(odds, title)
    if template:
        spec["layout"]["template"] = template
    return go.Figure(spec)


@localised
def figure_for_convergence(hits: Sequence[bool], exact: Fraction,
                           title: str | None = None) -> go.Figure:
    """The running share of ``hits`` after each trial, with the exact probability as a line
    (the law of large numbers, seen).

    >>> fig = figure_for_convergence([True, False, True, True], Fraction(1, 2))
    >>> fig.data[0].y
    (1.0, 0.5, 0.6666666666666666, 0.75)
    """
    if not hits:
        raise InvalidQuestion(_("a convergence plot needs at least one trial"))
    running, total = [], 0
    for i, hit in enumerate(hits, start=1):
        total += bool(hit)
        running.append(total / i)
    xs = list(range(1, len(hits) + 1))
    fig = go.Figure(go.Scatter(x=xs, y=running, mode="lines",
                               name=_("share of simulated games"),
                               line={"color": COLORS["stands"]}))
    fig.add_hline(y=float(exact), line={"color": COLORS["accent"], "dash": "dash"},
                  annotation_text=_("exact {p} ≈ {approx}", p=_frac_text(exact),
                                    approx=decimal_text(exact, 4)))
    fig.update_layout(title={"text": title or _("Simulation against the exact answer")},
                      template="plotly_white", height=340,
                      xaxis={"title": {"text": _("number of simulated deals")}, "type": "log"},
                      yaxis={"title": {"text": _("share where the bid stands")}, "range": [0, 1]},
                      margin={"l": 50, "r": 20, "t": 60, "b": 45})
    return fig


def _frac_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def dice_html(dice: Sequence[int], hidden: int = 0, exposed: bool = False,
              star: bool = True) -> str:
    """Dice as little squares; ``hidden`` extra dice drawn face down. Bluff's dice show ``★``
    in place of the 6; ``star=False`` draws ordinary dice (faces 1-6, as in Bluff You).

    >>> dice_html((3, 6)).count("bk-die"), "★" in dice_html((6,))
    (2, True)
    >>> "★" in dice_html((6,), star=False)
    False
    """
    style = ("display:inline-block;min-width:1.6em;height:1.6em;line-height:1.6em;"
             "text-align:center;border:1px solid #555;border-radius:4px;margin:1px;"
             "font-weight:bold;")
    back = "background:#f6d365;" if exposed else "background:#fff;"
    faces = ["★" if star and d == STAR else str(d) for d in dice]
    out = [f'<span class="bk-die" style="{style}{back}">{f}</span>' for f in faces]
    out += [f'<span class="bk-die bk-die-hidden" style="{style}background:#4a4e69;'
            'color:#4a4e69">?</span>'] * hidden
    return "".join(out)


# -- CountExplorer ---------------------------------------------------------------------------------
class CountExplorer(StaticFallback, widgets.VBox):
    """Explore the distribution of matching dice for a bid, exactly.

    Controls: dice in play, my hidden dice, the exposed dice, the bid (count and face).
    Shows the bar chart of the count A (the region where the bid stands highlighted), the exact
    P(bid stands) as a fraction and a decimal, and the rulebook's rule of thumb beside it.
    Bad input (say more of my dice than dice in play) shows a message; the figure keeps its last
    good state and the next good input clears the message.

    Args:
        dice_in_play: all dice in play (1-30 on the slider).
        mine: my hidden dice as text, e.g. ``"3,3,*"``.
        exposed: everybody's exposed dice as text.
        bid: the bid as text, e.g. ``"7x3"``.

    >>> w = CountExplorer(dice_in_play=4, mine="*,1", bid="2x*")
    >>> w.odds.p_true
    Fraction(11, 36)
    >>> w.mine.value = "*,*,*,*,*"
    >>> w.errors.message.startswith("more known dice")
    True
    """

    MAX_DICE = 30

    def __init__(self, dice_in_play: int = 20, mine: str = "3,3,*,1,2", exposed: str = "",
                 bid: str = "7x3"):
        from ...odds.bluff.counts import read_bid

        b = read_bid(bid)
        style = {"description_width": "11em"}  # « Pari : quelle face » in full
        wide = widgets.Layout(width="28em")
        self.dice_in_play = control(widgets.IntSlider(value=dice_in_play, min=1,
                                                      max=self.MAX_DICE, style=style,
                                                      layout=wide),
                                    "bk-dice-in-play", description=_l("Dice in play"))
        self.mine = text_box(mine, "bk-mine", "28em", style, description=_l("My dice"),
                             placeholder=_l("e.g. 3,3,*"))
        self.exposed = text_box(exposed, "bk-exposed", "28em", style,
                                description=_l("Exposed dice"),
                                placeholder=_l("everybody's, e.g. 2,*"))
        self.count = control(widgets.IntSlider(value=b.count, min=1, max=self.MAX_DICE,
                                               style=style, layout=wide), "bk-bid-count",
                             description=_l("Bid: how many"))
        self.face = control(widgets.ToggleButtons(options=FACE_OPTIONS, value=b.face, style={
                                "description_width": "11em", "button_width": "4.5em"}),
                            "bk-bid-face", description=_l("Bid: which face"))
        self.errors = ErrorArea()
        self.result = html_area("bk-result")
        self.rule = html_area("bk-rule-of-thumb")
        self.odds: BidOdds | None = None
        self._update()  # raises for bad arguments at construction: fail loudly, not silently
        spec = odds_spec(self.odds, color_bars=False)
        spec["layout"]["template"] = "plotly_white"
        self.figure = LiveFigure(spec)
        self.figure.add_class("bk-figure")
        controls = widgets.VBox([self.dice_in_play, self.mine, self.exposed, self.count,
                                 self.face])
        numbers = widgets.HBox([self.result, self.rule])
        self.rule.layout.margin = "0 0 0 2em"
        super().__init__([controls, self.errors, numbers, self.figure])
        self.add_class("bk-count-explorer")
        self.dice_in_play.observe(self._bid_at_most_dice, names="value")
        on_change(self.errors.guard(self._update), self.dice_in_play, self.mine, self.exposed,
                  self.count, self.face)

    def _bid_at_most_dice(self, change) -> None:
        """A bid can claim at most the dice in play (the engine's decision): cap the slider."""
        self.count.max = max(1, min(self.MAX_DICE, change["new"]))

    def _update(self) -> None:
        odds = bid_odds(f"{self.count.value}x{face_text(self.face.value)}",
                        self.dice_in_play.value,  # an error names the box, as the page does
                        mine=read_dice(self.mine.value, str(self.mine.description)),
                        exposed=read_dice(self.exposed.value, str(self.exposed.description)))
        self.odds = odds
        if hasattr(self, "figure"):
            update_figure_in_place(self.figure, odds_spec(odds, color_bars=False))
        self.result.value = result_html(odds)
        self.rule.value = rule_of_thumb_html(odds)


def result_html(odds: BidOdds) -> str:
    """The exact odds of a bid, as math."""
    b = html.escape(str(odds.bid))
    seen = _n("{n} matching die seen", "{n} matching dice seen", odds.known_matches)
    unknown = _n("{n} unknown die", "{n} unknown dice", odds.unknown)
    return ("<div><b>" + _("P({bid} stands)", bid=b) +
            f"</b> = ${probability_tex(odds.p_true)}$<br>" +
            _("P(exactly {count})", count=odds.bid.count) +
            f" = ${probability_tex(odds.p_exact)}$<br>" + _("P({bid} is false)", bid=b) +
            f" = ${probability_tex(odds.p_false)}$<br><small>" +
            _("{seen}, {unknown}, each matching with probability {p}", seen=seen,
              unknown=unknown, p=f"${probability_tex(odds.match_probability)}$") +
            "</small></div>")


def rule_of_thumb_html(odds: BidOdds) -> str:
    """The rulebook's n/3 (n/6 for stars) estimate beside the exact expectation."""
    k = 6 if odds.bid.face == STAR else 3
    written = f"\\frac{{{odds.dice_in_play}}}{{{k}}}"
    if odds.rule_of_thumb.denominator != k:
        written += f" = {probability_tex(odds.rule_of_thumb, 2)}"
    else:
        written += f" \\approx {decimal_text(odds.rule_of_thumb, 2)}"
    mean = (f"$E[A] = {odds.known_matches} + \\frac{{{odds.unknown}}}{{{k}}} = "
            f"{probability_tex(odds.expected_count, 2)}$")
    return ("<div>" + _("{rule} (rulebook, dice in play / {k}): {value} matching dice",
                        rule="<b>" + _("Rule of thumb") + "</b>", k=k, value=f"${written}$") +
            "<br>" + _("Exact, using what you see: {mean}", mean=mean) + "<br><small>" +
            _("Expected dice lost if challenged now: bidder {bidder}, challenger {challenger}, "
              "each other player {other}", bidder=f"${probability_tex(odds.bidder_loss)}$",
              challenger=f"${probability_tex(odds.challenger_loss)}$",
              other=f"${probability_tex(odds.other_loss)}$") + "</small></div>")


__all__ = ["FACE_OPTIONS", "CountExplorer", "counts_spec", "dice_html", "figure_for_convergence",
           "figure_for_counts", "figure_for_odds", "odds_spec", "result_html", "rule_of_thumb_html"]
