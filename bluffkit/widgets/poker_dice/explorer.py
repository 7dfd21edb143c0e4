"""Poker dice in a notebook: category and equity figures, ``HandOddsExplorer``, dice as HTML.

Views only (STYLE.md example 11): the numbers come from :mod:`bluffkit.odds.poker_dice`.
:func:`figure_for_categories`, :func:`figure_for_ranking` and :func:`figure_for_hand_odds` are
pure functions returning a new ``go.Figure``; the explorer updates one ``go.FigureWidget`` in
place. ``PokerDiceTable`` lives in :mod:`bluffkit.widgets.poker_dice.table`.

>>> from bluffkit.odds.poker_dice import category_counts
>>> fig = figure_for_categories(category_counts(dice=5))
>>> fig.data[0].x[-2:], fig.data[0].customdata[-1]
(('large flush', 'five of a kind'), '6/7776')
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ...core.i18n import _, _l, _n, num
from ...games.poker_dice import DEFAULT_COLOURS, FACES, Category, PokerDiceRules, face_text
from ...odds.poker_dice import MAX_OPPONENTS, Equity, category_counts, equity, read_dice
from ..common import COLORS, ErrorArea, html_area
from ..controls import control, on_change, text_box
from ..figure import LiveFigure, localised, update_figure_in_place
from ..numbers import probability_tex
from ..static import StaticFallback

CATEGORY_NAMES = tuple(str(c) for c in Category)
"""Category names in the printed order, low to high."""
OUTCOME_COLORS = {"win": COLORS["stands"], "tie": COLORS["exact"], "lose": COLORS["falls"]}
INK = {"black": "#222", "red": "#c1121f", "blue": "#1d4ed8", "green": "#15803d"}


def _ratio(n: int, total: int) -> str:
    return f"{n}/{total}"


# -- pure figures -----------------------------------------------------------------------------
@localised
def figure_for_categories(counts: Mapping[Category, int], title: str = "",
                          template: str | None = "plotly_white") -> go.Figure:
    """Bar chart of P(category) in the printed order (low to high), with exact hover text.

    Args:
        counts: category -> number of equally likely rolls (``category_counts``).
        title: the figure's title.
        template: plotly template (``None`` when updating a widget's figure in place).

    >>> from bluffkit.odds.poker_dice import category_counts
    >>> figure_for_categories(category_counts("9,K,K")).data[0].y[1]
    0.08333333333333333
    """
    total = sum(counts.values())
    xs = _names()
    ns = [counts.get(c, 0) for c in Category]
    fig = go.Figure(go.Bar(
        x=xs, y=[n / total for n in ns], marker={"color": COLORS["stands"]},
        customdata=[_ratio(n, total) for n in ns],
        hovertemplate="%{x}: %{customdata} ≈ %{y:.4f}<extra></extra>",
        name=_("P(category)")))
    fig.update_layout(title={"text": title}, height=340, showlegend=False,
                      xaxis={"title": {"text": _("category, printed order (low to high)")}},
                      yaxis={"title": {"text": _("probability")}, "rangemode": "tozero"},
                      margin={"l": 50, "r": 20, "t": 60, "b": 80})
    if template:
        fig.update_layout(template=template)
    return fig


@localised
def figure_for_ranking(rules: PokerDiceRules | None = None) -> go.Figure:
    """Does the printed ranking follow the probabilities? P(category) for five dice and for the
    best 5 of 6, side by side, categories in the printed order (a fair ranking would fall
    steadily from left to right, rarest hands highest).

    >>> fig = figure_for_ranking()
    >>> [t.name for t in fig.data], fig.data[1].customdata[0]
    (['5 dice (out of 7,776)', 'best 5 of 6 (out of 46,656)'], '0/46656')
    """
    fig = go.Figure()
    for dice, name, colour in ((5, _("5 dice (out of 7,776)"), COLORS["stands"]),
                               (6, _("best 5 of 6 (out of 46,656)"), COLORS["accent"])):
        counts = category_counts(dice=dice, rules=rules)
        total = sum(counts.values())
        fig.add_trace(go.Bar(
            x=_names(), y=[counts[c] / total for c in Category], name=name,
            marker={"color": colour}, customdata=[_ratio(counts[c], total) for c in Category],
            hovertemplate="%{x}: %{customdata} ≈ %{y:.4f}<extra>" + name + "</extra>"))
    fig.update_layout(title={"text": _("The printed ranking (low to high) against the odds")},
                      barmode="group", template="plotly_white", height=380,
                      yaxis={"title": {"text": _("probability")}, "type": "log"},
                      xaxis={"title": {"text": _("category, printed order (low to high)")}},
                      margin={"l": 50, "r": 20, "t": 60, "b": 80},
                      legend={"orientation": "h", "y": 1.02, "yanchor": "bottom"})
    return fig


@localised
def figure_for_hand_odds(counts: Mapping[Category, int], equities: Sequence[Equity],
                         chosen: int | None = None, title: str = "",
                         template: str | None = "plotly_white") -> go.Figure:
    """Two panels: my hand's category distribution; win / tie / lose against 1-3 opponents.

    Args:
        counts: category counts of my best 5 of 6 (``category_counts``).
        equities: ``Equity`` against 1, 2, 3 opponents (any of them).
        chosen: the number of opponents to highlight.
        title: the figure's title.
        template: plotly template (``None`` when updating in place).

    >>> from bluffkit.odds.poker_dice import category_counts, equity
    >>> e = [equity("9,K,K", "A,K,10", k) for k in (1, 2)]
    >>> fig = figure_for_hand_odds(category_counts("9,K,K,A,K,10"), e, chosen=2)
    >>> [t.name for t in fig.data], fig.data[1].customdata[0]
    (['P(category)', 'win', 'tie', 'lose', 'equity'], '147/216')
    """
    fig = make_subplots(rows=1, cols=2, column_widths=[0.58, 0.42], horizontal_spacing=0.12,
                        subplot_titles=(_("my best 5 of 6: category"),
                                        _("against unknown random hands")))
    total = sum(counts.values())
    fig.add_trace(go.Bar(
        x=_names(), y=[counts.get(c, 0) / total for c in Category],
        customdata=[_ratio(counts.get(c, 0), total) for c in Category],
        marker={"color": COLORS["stands"]}, name=_("P(category)"),
        hovertemplate="%{x}: %{customdata} ≈ %{y:.4f}<extra></extra>"), row=1, col=1)
    xs = [_n("{n} opponent", "{n} opponents", e.opponents) for e in equities]
    for name, attr in ((_("win"), "win"), (_("tie"), "tie"), (_("lose"), "lose")):
        ns = [getattr(e, attr) for e in equities]
        fig.add_trace(go.Bar(
            x=xs, y=[n / e.total for n, e in zip(ns, equities)], name=name,
            marker={"color": OUTCOME_COLORS[attr],
                    "line": {"width": [3 if e.opponents == chosen else 0 for e in equities],
                             "color": "#333"}},
            customdata=[_ratio(n, e.total) for n, e in zip(ns, equities)],
            hovertemplate=f"P({name}) = %{{customdata}} ≈ %{{y:.4f}}<extra></extra>"),
            row=1, col=2)
    fig.add_trace(go.Scatter(
        x=xs, y=[float(e.equity) for e in equities], mode="markers", name=_("equity"),
        marker={"symbol": "diamond", "size": 12, "color": COLORS["accent"]},
        customdata=[_frac(e.equity) for e in equities],
        hovertemplate=_("equity (ties split) = %{customdata} ≈ %{y:.4f}") + "<extra></extra>"),
        row=1, col=2)
    fig.update_layout(title={"text": title}, barmode="stack", height=380,
                      margin={"l": 50, "r": 20, "t": 80, "b": 90},
                      legend={"orientation": "h", "y": -0.35})
    fig.update_yaxes(title_text=_("probability"), rangemode="tozero", row=1, col=1)
    fig.update_yaxes(range=[0, 1], row=1, col=2)
    if template:
        fig.update_layout(template=template)
    return fig


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def dice_html(dice: Sequence[int], hidden: int = 0,
              colours: Sequence[str] = DEFAULT_COLOURS) -> str:
    """Poker dice as little squares, each face in its colour; ``hidden`` dice face down.

    >>> dice_html((9, 14), hidden=1).count("<span"), dice_html((9,)).count("bk-die-hidden")
    (3, 0)
    """
    style = ("display:inline-block;min-width:1.7em;height:1.7em;line-height:1.7em;"
             "text-align:center;border:1px solid #555;border-radius:4px;margin:1px;"
             "font-weight:bold;background:#fff;")
    colour_of = dict(zip(FACES, colours))
    out = [f'<span class="bk-die" style="{style}color:{INK.get(colour_of[d], colour_of[d])}">'
           f"{face_text(d)}</span>" for d in dice]
    out += [f'<span class="bk-die bk-die-hidden" style="{style}background:#4a4e69;'
            'color:#4a4e69">?</span>'] * hidden
    return "".join(out)


# -- HandOddsExplorer --------------------------------------------------------------------------
class HandOddsExplorer(StaticFallback, widgets.VBox):
    """Pick my 3 dice and any common dice; see my hand's categories and my equity, exactly.

    Controls: my dice, the common dice (empty: before the common roll), the number of opponents,
    and the tie-break rule. Shows one figure with two panels (:func:`figure_for_hand_odds`) and
    the exact numbers. Bad input shows a message; the figure keeps its last good state.

    >>> w = HandOddsExplorer(mine="9,K,K", common="A,K,10", opponents=1)
    >>> w.equity.win, w.equity.total
    (147, 216)
    >>> w.common.value = "A,K"
    >>> w.errors.message
    'Common dice (0 or 3) needs 0 or 3 dice, got 2 (K,A)'
    """

    def __init__(self, mine: str = "9,K,K", common: str = "", opponents: int = 2,
                 tie_break: str = "faces"):
        style = {"description_width": "12.5em"}  # "Common dice (0 or 3)" in full
        wide = widgets.Layout(width="30em")
        self.mine = text_box(mine, "bk-mine", "30em", style, description=_l("My dice (3)"),
                             placeholder=_l("e.g. 9,K,K"))
        self.common = text_box(common, "bk-common", "30em", style,
                               description=_l("Common dice (0 or 3)"),
                               placeholder=_l("e.g. A,K,10"))
        self.opponents = control(widgets.IntSlider(value=opponents, min=1, max=MAX_OPPONENTS,
                                                   style=style, layout=wide), "bk-opponents",
                                 description=_l("Opponents"))
        self.tie_break = widgets.ToggleButtons(options=[("faces, then kickers", "faces"),
                                                        ("categories only", "categories")],
                                               value=tie_break,
                                               style={"description_width": "12.5em",
                                                      "button_width": "auto"})
        control(self.tie_break, "bk-tie-break", description=_l("Ties"),
                options=[(_l("faces, then kickers"), "faces"),
                         (_l("categories only"), "categories")])
        self.errors = ErrorArea()
        self.result = html_area("bk-result")
        self.equity: Equity | None = None
        self._update()
        self.figure = LiveFigure(self._figure(template="plotly_white"))
        self.figure.add_class("bk-figure")
        super().__init__([widgets.VBox([self.mine, self.common, self.opponents, self.tie_break]),
                          self.errors, self.result, self.figure])
        self.add_class("bk-hand-odds-explorer")
        on_change(self.errors.guard(self._update), self.mine, self.common, self.opponents,
                  self.tie_break)

    def _update(self) -> None:
        rules = PokerDiceRules(tie_break=self.tie_break.value)
        mine = read_dice(self.mine.value, str(self.mine.description), (3,))
        common = read_dice(self.common.value, str(self.common.description), (0, 3))
        self._counts = category_counts(mine + common, 6, rules)
        self._equities = [equity(mine, common, k, rules) for k in range(1, MAX_OPPONENTS + 1)]
        self.equity = self._equities[self.opponents.value - 1]
        if hasattr(self, "figure"):
            update_figure_in_place(self.figure, self._figure(template=None))
        self.result.value = equity_html(self.equity)

    def _figure(self, template) -> go.Figure:
        e = self.equity
        mine = html.escape(self.mine.value)
        title = (_("{dice} after the common roll", dice=mine) if e.common else
                 _("{dice} before the common roll", dice=mine))
        return figure_for_hand_odds(self._counts, self._equities, e.opponents, title, template)


def equity_html(e: Equity) -> str:
    """The exact chances, as math."""
    k = e.opponents
    head = (_n("Against {n} unknown random hand, after the common roll ({total} equally likely "
               "rolls of the unknown dice):", "Against {n} unknown random hands, after the "
               "common roll ({total} equally likely rolls of the unknown dice):", k,
               total=num(e.total, ",")) if e.common else
            _n("Against {n} unknown random hand, before the common roll ({total} equally likely "
               "rolls of the unknown dice):", "Against {n} unknown random hands, before the "
               "common roll ({total} equally likely rolls of the unknown dice):", k,
               total=num(e.total, ",")))
    chances = _("{win} = {p_win}, {tie} = {p_tie}, {lose} = {p_lose}",
                win="<b>" + _("P(win)") + "</b>", p_win=f"${probability_tex(e.p_win)}$",
                tie=_("P(tie)"), p_tie=f"${probability_tex(e.p_tie)}$", lose=_("P(lose)"),
                p_lose=f"${probability_tex(e.p_lose)}$")
    share = _("{equity} (share of the pot, ties split) = {value}; the fair share among {n} "
              "players is {fair}.", equity="<b>" + _("Equity") + "</b>",
              value=f"${probability_tex(e.equity)}$", n=k + 1,
              fair=f"$\\frac{{1}}{{{k + 1}}}$")
    return f"<div>{head}<br>{chances}<br>{share}</div>"


def _names() -> list[str]:
    """The categories in the printed order, in the current language."""
    return [c.words for c in Category]


__all__ = ["CATEGORY_NAMES", "INK", "OUTCOME_COLORS", "HandOddsExplorer", "dice_html",
           "equity_html", "figure_for_categories", "figure_for_hand_odds", "figure_for_ranking"]
