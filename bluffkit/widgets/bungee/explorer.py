"""Bungee in a notebook: the unseen cards, the hand after an action, and ``DrawExplorer``.

Views only (STYLE.md example 11): the numbers come from :mod:`bluffkit.odds.bungee` and
:mod:`bluffkit.bots.bungee`. :func:`figure_for_unseen`, :func:`figure_for_action`,
:func:`figure_for_actions` and :func:`figure_for_thresholds` are pure functions returning a new
``go.Figure``; ``DrawExplorer`` updates one ``go.FigureWidget`` in place. ``BungeeTable`` lives
in :mod:`bluffkit.widgets.bungee.table`.

>>> from bluffkit.odds.bungee import Knowledge
>>> fig = figure_for_unseen(Knowledge.parse("1,2,8,B", discard="5", lucky=8))
>>> list(fig.data[1].y)[:8]
[4, 4, 5, 5, 4, 5, 5, 3]
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as widgets
import plotly.graph_objects as go

from ...core import InvalidQuestion
from ...core.i18n import _, _l, _n, num
from ...games.bungee import CALL_LIMIT, CARDS, DECK, card_text, cards_text, say_move
from ...odds.bungee import ActionOdds, Knowledge, action_odds, turn_actions, turn_odds
from ..common import COLORS, ErrorArea, html_area
from ..controls import control, on_change, text_box
from ..figure import LiveFigure, localised, update_figure_in_place
from ..numbers import html_table, probability_tex
from ..static import StaticFallback


# -- pure figures ----------------------------------------------------------------------------------
@localised
def figure_for_unseen(k: Knowledge, title: str | None = None) -> go.Figure:
    """Stacked bars for each card: seen by me (hand, discard pile, lucky card) and unseen."""
    labels = [card_text(c) for c in CARDS]
    unseen = list(k.unseen)
    seen = [d - u for d, u in zip(DECK, unseen)]
    fig = go.Figure([
        go.Bar(name=_("seen by me"), x=labels, y=seen, marker_color=COLORS["falls"]),
        go.Bar(name=_("unseen"), x=labels, y=unseen, marker_color=COLORS["stands"],
               text=unseen, textposition="inside",
               hovertemplate=_("card %{x}: %{y} unseen") + "<extra></extra>"),
    ])
    fig.update_layout(barmode="stack", template="plotly_white", height=320,
                      title=title or _("The 56 cards: {n} unseen (each equally likely to be the "
                                       "next card drawn)", n=k.unseen_count),
                      xaxis_title=_("card"), yaxis_title=_("cards"), xaxis_type="category")
    return fig


@localised
def figure_for_action(o: ActionOdds, title: str | None = None) -> go.Figure:
    """Bars: the exact distribution of my hand's value after an action; green at 5 or less."""
    pmf = o.value.pmf()
    values = list(pmf)
    fig = go.Figure(go.Bar(
        x=values, y=[float(pmf[v]) for v in values], text=[str(pmf[v]) for v in values],
        textposition="outside",
        marker_color=[COLORS["stands"] if v <= CALL_LIMIT else COLORS["falls"] for v in values],
        hovertemplate="value %{x}: probability %{text}<extra></extra>"))
    p = o.p_bungee
    fig.update_layout(template="plotly_white", height=320,
                      title=title or _("After {action}: P(worth 5 or less) = {p} ≈ {approx:.3f}, "
                                       "mean {mean:.2f}", action=say_move(str(o.action)), p=p,
                                       approx=float(p), mean=float(o.mean_value)),
                      xaxis_title=_("hand value after the action"),
                      yaxis_title=_("probability"))
    return fig


@localised
def figure_for_actions(options: Iterable[ActionOdds],
                       title: str | None = None) -> go.Figure:
    """Bars: the expected value after each action (the lowest highlighted), P(<= 5) as text."""
    options = list(options)
    best = min((o.mean_value for o in options), default=0)
    fig = go.Figure(go.Bar(
        x=[say_move(str(o.action)) for o in options], y=[float(o.mean_value) for o in options],
        text=[f"P(≤5) {num(float(o.p_bungee), '.2f')}" for o in options],
        textposition="outside",
        marker_color=[COLORS["accent"] if o.mean_value == best else COLORS["stands"]
                      for o in options]))
    fig.update_layout(template="plotly_white", height=340,
                      title=title or _("Expected hand value after each action"),
                      yaxis_title=_("expected hand value"), xaxis_type="category")
    return fig


@localised
def figure_for_thresholds(result, title: str | None = None) -> go.Figure:
    """Bars: each threshold's mean total per game (lower is better) with one standard error,
    games won as text."""
    errors = dict(type="data", array=list(result.total_se)) if result.total_se else None
    fig = go.Figure(go.Bar(
        x=list(result.names), y=[float(t) for t in result.mean_totals], error_y=errors,
        text=[_n("{won} of {n} game won", "{won} of {n} games won", result.games, won=w)
              for w in result.wins], textposition="outside",
        marker_color=COLORS["stands"]))
    fig.update_layout(template="plotly_white", height=340,
                      title=title or _("Calling thresholds compared"),
                      yaxis_title=_("mean total per game (lower is better)"),
                      xaxis_type="category")
    return fig


# -- the explorer ----------------------------------------------------------------------------------
class DrawExplorer(StaticFallback, widgets.VBox):
    """Type my hand, the discard pile and the lucky card; pick an action: see exactly how my hand
    may end up (the card drawn is equally likely to be any unseen card). Cards are 1-10 and
    ``B`` for a Bungee card.

    >>> e = DrawExplorer(hand="1,2,9", discard="4", lucky="8", action="play 9")
    >>> e.odds.p_bungee
    Fraction(5, 17)
    """

    def __init__(self, hand: str = "1,2,9,10", discard: str = "4,7", lucky: str = "8",
                 action: str | None = None):
        self.errors = ErrorArea()
        style = {"description_width": "8em"}  # « Porte-bonheur », "Discard pile" in full
        self.hand = text_box(hand, "bk-hand", "18em", style, typing=True,
                             description=_l("My hand"), placeholder="1,2,9,B")
        self.discard = text_box(discard, "bk-discard", "26em", style, typing=True,
                                description=_l("Discard pile"))
        self.lucky = text_box(lucky, "bk-lucky", "16em", style, typing=True,
                              description=_l("Lucky card"), placeholder=_l("8 or B"))
        self.action = control(widgets.Dropdown(options=[], style=style,
                                               layout=widgets.Layout(width="26em")),
                              "bk-action", description=_l("Action"))
        self.summary = html_area("bk-summary")
        self.table = html_area("bk-actions-table")
        self.odds: ActionOdds | None = None
        self._muted = False
        self._wanted = action
        k = Knowledge.parse("5")
        self.figure = LiveFigure(figure_for_action(action_odds(k, "play 5")))
        on_change(self.errors.guard(lambda: self.update()), self.hand, self.discard, self.lucky)
        self.action.observe(self.errors.guard(lambda _c: self._show_action()), names="value")
        super().__init__([widgets.HBox([self.hand, self.lucky]), self.discard, self.action,
                          self.errors, self.summary, self.figure, self.table])
        self.add_class("bk-draw-explorer")
        self.errors.guard(self.update)()

    def knowledge(self) -> Knowledge:
        """What the boxes say (``InvalidQuestion`` naming the box that cannot be read)."""
        if not self.lucky.value.strip():
            raise InvalidQuestion(_("Lucky card: type the card turned beside the draw pile, "
                                    "e.g. 8 (B for a Bungee card); cards of its value count 0"))
        return Knowledge.parse(self.hand.value, self.discard.value, self.lucky.value)

    def update(self) -> None:
        """Re-read the inputs, list the actions, show the chosen one."""
        k = self.knowledge()
        options = turn_odds(k)
        names = [str(a) for a in turn_actions(k)]
        keep = self._wanted if self._wanted in names else (
            self.action.value if self.action.value in names else
            str(min(options, key=lambda o: o.mean_value).action))
        self._wanted = None
        self.table.value = html_table(
            [_("action"), _("E[value]"), _("P(worth ≤ 5)"), _("E[score if not winning]"),
             _("cards")],
            [[say_move(str(o.action)), o.mean_value, o.p_bungee, o.mean_score, o.cards]
             for o in options],
            "bk-advice-options", highlight=names.index(keep))
        self._muted = True
        try:
            self.action.options = [(say_move(n), n) for n in names]
            self.action.value = keep
        finally:
            self._muted = False
        self._show_action()

    def _show_action(self) -> None:
        if self._muted or not self.action.value:
            return
        k = self.knowledge()
        o = action_odds(k, self.action.value)
        self.odds = o
        draw = (_("then one of the {n} unseen cards", n=k.unseen_count) if o.draws
                else _("no draw: the result is certain"))
        worth, value = _("worth"), _("value")
        self.summary.value = _(
            "Hand {hand} worth {value} (lucky {lucky}); {action}, {draw}:",
            hand=f"<b>{html.escape(cards_text(k.hand))}</b>", value=k.value,
            lucky=html.escape(card_text(k.lucky)),
            action=f"<b>{html.escape(say_move(str(o.action)))}</b>", draw=draw) + (
            f" $P(\\text{{{worth}}} \\le 5) = {probability_tex(o.p_bungee)}$, "
            f"$E[\\text{{{value}}}] = {probability_tex(o.mean_value, 2)}$")
        update_figure_in_place(self.figure, figure_for_action(o))


__all__ = ["DrawExplorer", "figure_for_action", "figure_for_actions", "figure_for_thresholds",
           "figure_for_unseen"]
