"""Bluff You in a notebook: the sum/points figure and ``SumExplorer``.

Views only (STYLE.md example 11): the numbers come from :mod:`bluffkit.odds.bluff_you`.
:func:`figure_for_points` is a pure function returning a new ``go.Figure``; ``SumExplorer``
updates one ``go.FigureWidget`` in place. ``BluffYouTable`` (play against bots) lives in
:mod:`bluffkit.widgets.bluff_you.table` and is importable from here.

>>> fig = figure_for_points(centre=(3, 10, 18), announced=10)
>>> fig.data[0].customdata[7], fig.data[0].marker.color[:2]
('1/8', ('#2a9d8f', '#c9ced6'))
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from fractions import Fraction

import ipywidgets as widgets
import plotly.graph_objects as go

from ...core import InvalidQuestion
from ...core.i18n import _, _l, _n
from ...games.bluff_you import POINTS, TOKENS
from ...odds.bluff_you import (
    Posterior,
    expected_truthful_points,
    p_sum_in,
    points_table,
    posterior_true,
    read_tokens,
)
from ..common import COLORS, ErrorArea, html_area
from ..controls import control, on_change, text_box
from ..figure import LiveFigure, localised, update_figure_in_place
from ..numbers import math_html, probability_tex
from ..static import StaticFallback

Q_OPTIONS = [(f"{Fraction(k, 12)}", Fraction(k, 12)) for k in range(13)]
"""The model's q on the explorer's slider: twelfths, exact."""


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


@localised
def figure_for_points(centre: Iterable[int] | None = None, announced: int | None = None,
                      title: str | None = None,
                      template: str | None = "plotly_white") -> go.Figure:
    """Bars: P(sum = t) for t = 3..18 (centre tokens coloured); on the right axis the token's
    points and the sum's surprisal -log2 P (bits): points go up where the probability goes down.

    Args:
        centre: the tokens still in the centre (default: all), coloured; others greyed.
        announced: a number to mark (yellow).
        title: the figure's title (default: what it shows).
        template: plotly template (``None`` when updating a figure in place).

    >>> f = figure_for_points()
    >>> [t.name for t in f.data]
    ['P(sum)', 'token points', 'surprisal (bits)']
    """
    rows = points_table()
    centre = set(TOKENS if centre is None else centre)
    colors = [COLORS["exact"] if r.token == announced else
              COLORS["stands"] if r.token in centre else COLORS["falls"] for r in rows]
    xs = [r.token for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Bar(
        x=xs, y=[float(r.probability) for r in rows], name=_("P(sum)"),
        marker={"color": colors},
        customdata=[_frac(r.probability) for r in rows],
        text=[f"{r.ways}/216" for r in rows],
        hovertemplate=_("sum %{x}: %{text} = %{customdata} ≈ %{y:.4f}") + "<extra></extra>"))
    fig.add_trace(go.Scatter(
        x=xs, y=[r.points for r in rows], name=_("token points"), yaxis="y2",
        mode="lines+markers", line={"color": COLORS["accent"], "width": 2},
        hovertemplate=_("token %{x}: %{y} points") + "<extra></extra>"))
    fig.add_trace(go.Scatter(
        x=xs, y=[r.surprisal_bits for r in rows], name=_("surprisal (bits)"), yaxis="y2",
        mode="lines", line={"color": "#264653", "dash": "dot"},
        hovertemplate=_("sum %{x}: -log2 P = %{y:.2f} bits") + "<extra></extra>"))
    fig.update_layout(
        title={"text": title or _("Sum of three dice, token points and surprisal")},
        bargap=0.15, height=360,
        xaxis={"title": {"text": _("sum of three dice = token number")}, "dtick": 1},
        yaxis={"title": {"text": _("probability")}, "rangemode": "tozero"},
        yaxis2={"title": {"text": _("points / bits")}, "overlaying": "y", "side": "right",
                "range": [0, 8.5]},
        legend={"orientation": "h", "y": -0.22}, margin={"l": 55, "r": 55, "t": 60, "b": 80})
    if template:
        fig.update_layout(template=template)
    return fig


class SumExplorer(StaticFallback, widgets.VBox):
    """Explore the sums, the points and Bayes' rule for an announcement, exactly.

    Controls: the centre tokens, the number announced, and the model's q (the probability that
    the bluffer tells the truth when they can). Shows the figure, P(the sum is a centre token),
    the expected points of a truthful announcement and P(true | announced) with every term of
    Bayes' rule. Bad input shows a message; the figure keeps its last good state.

    Args:
        centre: centre tokens as text, e.g. ``"3,4,17,18"`` (default all 16).
        announced: the number announced (must be in the centre).
        q: the model's truth probability (a twelfth: 0, 1/12, ..., 1).

    >>> w = SumExplorer(centre="3,4,17,18", announced=17, q=Fraction(1, 2))
    >>> w.posterior.posterior
    Fraction(9, 326)
    >>> w.centre.value = "3,19"
    >>> "no token 19" in w.errors.message
    True
    """

    def __init__(self, centre: str = "3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18",
                 announced: int = 10, q: Fraction = Fraction(1, 2)):
        style = {"description_width": "10em"}  # « Jetons au centre » in full
        wide = widgets.Layout(width="34em")
        tokens = read_tokens(centre, "centre")
        self.centre = text_box(centre, "bk-centre", "34em", style,
                               description=_l("Centre tokens"), placeholder=_l("e.g. 3,4,17,18"))
        self.announced = control(widgets.Dropdown(options=list(tokens), value=announced,
                                                  style=style), "bk-announced",
                                 description=_l("Announced"))
        self.q = control(widgets.SelectionSlider(options=Q_OPTIONS, value=Fraction(q),
                                                 style=style, layout=wide), "bk-q",
                         description=_l("Model q"),
                         tooltip=_l("P(truthful when the sum is in the centre)"))
        self.errors = ErrorArea()
        self.result = html_area("bk-result")
        self.bayes = html_area("bk-bayes")
        self.posterior: Posterior | None = None
        self.tokens = tokens
        self._update()
        self.figure = LiveFigure(figure_for_points(tokens, announced))
        self.figure.add_class("bk-figure")
        super().__init__([widgets.VBox([self.centre, self.announced, self.q]), self.errors,
                          self.result, self.figure, self.bayes])
        self.add_class("bk-sum-explorer")
        on_change(self.errors.guard(self._update), self.centre, self.announced, self.q)

    def _update(self) -> None:
        if getattr(self, "_syncing", False):  # the announced list is being changed below
            return
        tokens = read_tokens(self.centre.value, str(self.centre.description))
        if not tokens:
            raise InvalidQuestion(_("the centre needs at least one token"))
        if list(self.announced.options) != list(tokens):
            keep = self.announced.value if self.announced.value in tokens else tokens[0]
            self._syncing = True  # (a kept value fired no event, and the old centre stayed shown)
            try:
                self.announced.options = list(tokens)
                self.announced.value = keep
            finally:
                self._syncing = False
        post = posterior_true(self.announced.value, tokens, self.q.value)
        self.tokens, self.posterior = tokens, post
        self.result.value = result_html(tokens)
        self.bayes.value = bayes_html(post)
        if hasattr(self, "figure"):
            update_figure_in_place(self.figure, figure_for_points(tokens, post.announced,
                                                                  template=None))


def result_html(centre: tuple[int, ...]) -> str:
    """P(sum in centre) and the expected points of a truthful announcement, as math."""
    p = f"${probability_tex(p_sum_in(centre))}$"
    points = f"${probability_tex(expected_truthful_points(centre))}$"
    small = _n("{n} token in the centre worth {points} points",
               "{n} tokens in the centre worth {points} points", len(centre),
               points=sum(POINTS[t] for t in centre))
    return ("<div>" + _("P(the sum is a centre token) = {p}", p=p) + "<br>"
            + _("Expected points of a truthful announcement (0 when it cannot be truthful) = "
                "{points}", points=points) + f"<br><small>{small}</small></div>")


def bayes_html(post: Posterior) -> str:
    """Bayes' rule with every term (the posterior's own words, fractions as math)."""
    lines = post.explain().split("\n")
    head = ("<b>" + _("P(true | announced {a})", a=post.announced) + "</b> = "
            f"${probability_tex(post.posterior)}$")
    return f"<div>{head}<br>" + "<br>".join(math_html(x) for x in lines) + "</div>"


def tokens_html(tokens: Iterable[int], highlight: Iterable[int] = ()) -> str:
    """Tokens as little squares with their points.

    >>> tokens_html((3, 10)).count("bk-token")
    2
    """
    marked = set(highlight)
    style = ("display:inline-block;min-width:2.2em;padding:1px 3px;margin:1px;"
             "border:1px solid #555;border-radius:4px;text-align:center;")
    out = []
    for t in tokens:
        back = "background:#e9c46a;" if t in marked else "background:#fff;"
        out.append(f'<span class="bk-token" style="{style}{back}"><b>{t}</b>'
                   f"<sub>{POINTS[t]}</sub></span>")
    return "".join(out) or "<i>" + html.escape(_("none")) + "</i>"


__all__ = ["SumExplorer", "bayes_html", "figure_for_points",
           "result_html", "tokens_html"]
