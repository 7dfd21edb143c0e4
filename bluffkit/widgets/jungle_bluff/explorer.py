"""Jungle Bluff in a notebook: the "beats" relation, challenge odds, and ``ChallengeExplorer``.

Views only (STYLE.md example 11): the numbers come from :mod:`bluffkit.odds.jungle_bluff`.
:func:`figure_for_beats`, :func:`figure_for_challenge` and :func:`figure_for_options` are pure
functions returning a new ``go.Figure``; ``ChallengeExplorer`` updates one ``go.FigureWidget``
in place. ``JungleTable`` lives in :mod:`bluffkit.widgets.jungle_bluff.table`.

>>> from bluffkit.games.jungle_bluff import parse_cards
>>> fig = figure_for_beats(parse_cards("1o,5,10"))
>>> list(fig.data[0].z[0])
[1, 0, 1]
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

import ipywidgets as widgets
import plotly.graph_objects as go

from ...core import Distribution, InvalidQuestion, ParseError
from ...core.i18n import _, _l, _n, _p
from ...games.jungle_bluff import (
    CHALLENGER,
    NOBODY,
    SPECIALS,
    Card,
    cards_text,
    deck,
    deck_cards,
    duel_winner,
    parse_cards,
    say_move,
)
from ...games.jungle_bluff.cards import SPECIAL_NAMES
from ...odds.jungle_bluff.beliefs import Option, win_probability
from ..common import COLORS, ErrorArea, html_area
from ..controls import control, on_change, text_box
from ..figure import LiveFigure, localised, update_figure_in_place
from ..numbers import probability_tex
from ..static import StaticFallback

HINT = _l("select {name} under Special to play with it")
"""How the explorer says to turn a special card on."""
WINS = {CHALLENGER: 1, NOBODY: 0.5, "defender": 0}
"""Heatmap value of a challenge's result (1: the challenger wins)."""


# -- pure figures ----------------------------------------------------------------------------------
@localised
def figure_for_beats(cards: Sequence[Card], title: str | None = None) -> go.Figure:
    """Heatmap of the "beats" relation: rows the challenger's card, columns the defender's;
    1 when the challenger wins, 0 when the defender does, 1/2 when nobody does (alpha vs alpha).
    """
    cards = list(cards)
    labels = [str(c) for c in cards]
    z = [tuple(WINS[duel_winner(c, d)] for d in cards) for c in cards]
    letters = {CHALLENGER: _p("challenger", "C"), "defender": _p("defender", "D"), NOBODY: "–"}
    text = [[letters[duel_winner(c, d)] for d in cards] for c in cards]
    fig = go.Figure(go.Heatmap(
        z=z, x=labels, y=labels, text=text, texttemplate="%{text}", zmin=0, zmax=1,
        colorscale=[[0, COLORS["falls"]], [0.5, COLORS["exact"]], [1, COLORS["stands"]]],
        showscale=False,
        hovertemplate=_("challenger %{y} vs defender %{x}: %{text}") + "<extra></extra>"))
    fig.update_layout(template="plotly_white", title=title or _("Who wins a challenge"),
                      height=420, xaxis_title=_("defender's strength card"),
                      yaxis_title=_("challenger's card"),
                      yaxis_autorange="reversed", xaxis_type="category", yaxis_type="category")
    return fig


@localised
def figure_for_challenge(mine: Card, belief: Distribution, challenger: bool = True,
                         title: str | None = None) -> go.Figure:
    """Bars: the belief's probability of each opponent card, green where my card wins."""
    cards = belief.outcomes()
    pmf = belief.pmf()
    side = CHALLENGER if challenger else "defender"
    wins = [(duel_winner(mine, c) if challenger else duel_winner(c, mine)) == side
            for c in cards]
    p = win_probability(mine, belief, challenger)
    fig = go.Figure(go.Bar(
        x=[str(c) for c in cards], y=[float(pmf[c]) for c in cards],
        marker_color=[COLORS["stands"] if w else COLORS["falls"] for w in wins],
        text=[str(pmf[c]) for c in cards], textposition="outside",
        hovertemplate=_("opponent card %{x}: probability %{text}") + "<extra></extra>"))
    head = (_("My {card} as challenger: P(win) = {p} ≈ {approx:.3f}", card=mine, p=p,
              approx=float(p)) if challenger else
            _("My {card} as defender: P(win) = {p} ≈ {approx:.3f}", card=mine, p=p,
              approx=float(p)))
    fig.update_layout(template="plotly_white", height=320, xaxis_type="category",
                      title=title or head, xaxis_title=_("opponent's strength card"),
                      yaxis_title=_("probability"))
    return fig


@localised
def figure_for_options(options: Iterable[Option], title: str | None = None):
    """Bars: the expected points of each take and challenge."""
    options = list(options)
    best = max((o.expected for o in options), default=0)
    fig = go.Figure(go.Bar(
        x=[say_move(str(o.action)) for o in options], y=[float(o.expected) for o in options],
        text=[str(o.expected) for o in options], textposition="outside",
        marker_color=[COLORS["accent"] if o.expected == best else COLORS["stands"]
                      for o in options]))
    fig.update_layout(template="plotly_white", height=320,
                      title=title or _("Expected points this turn"),
                      yaxis_title=_("expected points"))
    return fig


# -- the explorer ----------------------------------------------------------------------------------
class ChallengeExplorer(StaticFallback, widgets.VBox):
    """Pick my strength card, the cards the opponent may hold, my role, the special cards: see
    exactly how likely I am to win the challenge (uniform belief over the opponent's cards).

    >>> e = ChallengeExplorer(mine="8", theirs="5,8,9", challenger=True)
    >>> e.p_win
    Fraction(2, 3)
    """

    def __init__(self, mine: str = "8", theirs: str = "1,2,3,4,5,6,7,8,9,10",
                 challenger: bool = True, specials: Sequence[str] = ()):
        self.errors = ErrorArea()
        style = {"description_width": "8em"}  # "They may hold" in full
        self.specials = control(widgets.SelectMultiple(options=list(SPECIALS),
                                                       value=tuple(specials), rows=4,
                                                       style=style),
                                "bk-specials", description=_l("Special"),
                                options=[(SPECIAL_NAMES[k], k) for k in SPECIALS])
        self.mine = text_box(str(mine), "bk-my-card", "16em", style, typing=True,
                             description=_l("My card"))
        self.theirs = text_box(theirs, "bk-their-cards", "32em", style, typing=True,
                               description=_l("They may hold"))
        self.role = widgets.ToggleButtons(options=[("I challenge", True),
                                                   ("I am challenged", False)], value=challenger)
        control(self.role, "bk-role",
                options=[(_l("I challenge"), True), (_l("I am challenged"), False)])
        self.summary = html_area("bk-summary")
        self.p_win = Fraction(0)
        self.figure = LiveFigure(figure_for_challenge(Card(1), Distribution.point(Card(1))))
        on_change(self.errors.guard(lambda: self.update()), self.specials, self.mine,
                  self.theirs, self.role)
        super().__init__([widgets.HBox([self.mine, self.role]), self.theirs, self.specials,
                          self.errors, self.summary, self.figure])
        self.add_class("bk-challenge-explorer")
        self.errors.guard(self.update)()

    def _cards(self, text: str, what: str) -> tuple[Card, ...]:
        """Cards of the players' decks (a bare value names the special card when it is chosen),
        each once; a special card only when it is chosen under Special."""
        try:
            return deck_cards(parse_cards(text), deck(10, self.specials.value), HINT)
        except ParseError as e:
            raise ParseError(_("{what}: {reason}", what=what, reason=e)) from None

    def update(self) -> None:
        mine = self._cards(self.mine.value, _("My card"))
        if len(mine) != 1:
            raise InvalidQuestion(_("My card: give exactly one card"))
        mine = mine[0]
        theirs = self._cards(self.theirs.value, _("They may hold"))
        if not theirs:
            raise InvalidQuestion(_("list at least one card the opponent may hold"))
        belief = Distribution.uniform(theirs)
        p = win_probability(mine, belief, self.role.value)
        self.p_win = p
        wins = [c for c in belief.outcomes() if (duel_winner(mine, c) if self.role.value else
                                                 duel_winner(c, mine))
                == (CHALLENGER if self.role.value else "defender")]
        beaten = html.escape(cards_text(wins)) or html.escape(_("no card"))
        win = _("win")
        self.summary.value = _n(
            "My {card} wins against {beaten} of {n} equally likely card: {p}",
            "My {card} wins against {beaten} of {n} equally likely cards: {p}",
            len(belief.outcomes()), card=f"<b>{html.escape(str(mine))}</b>", beaten=beaten,
            p=f"$P(\\text{{{win}}}) = {probability_tex(p)}$")
        update_figure_in_place(self.figure, figure_for_challenge(mine, belief, self.role.value))


__all__ = ["ChallengeExplorer", "figure_for_beats", "figure_for_challenge", "figure_for_options"]
