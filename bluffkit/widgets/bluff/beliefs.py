"""What the bids say about each opponent's dice: one small bar chart per opponent.

A pure figure (STYLE.md example 11): for the face of the current bid, each opponent's chance of
holding 0, 1, 2, ... dice that count for it, with the dice random (grey) and after reading the
round's bids (coloured). The numbers come from ``bluffkit.odds.bluff.beliefs``.

>>> from bluffkit.odds.bluff.beliefs import read_bids
>>> fig = figure_for_beliefs(read_bids((5, 5), 0, ("3x3",)), 3, ["You", "Bot 1"])
>>> [t.name for t in fig.data], fig.data[1].x[:3]
(['dice random', 'after the bids'], (0, 1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ...core.i18n import _
from ...games.bluff import STAR
from ...odds.bluff.beliefs import RoundReading
from ...odds.bluff.counts import binomial_weights
from ..common import COLORS
from ..figure import localised


@localised
def figure_for_beliefs(reading: RoundReading | None, face: int | None,
                       names: Sequence[str], template: str = "plotly_white") -> go.Figure:
    """One bar chart per opponent: P(m of their dice count for ``face``), dice random and after
    the bids. With no reading or no face, an empty figure saying why."""
    if reading is None or face is None:
        fig = go.Figure(layout={"template": template, "height": 120,
                                "xaxis": {"visible": False}, "yaxis": {"visible": False}})
        fig.add_annotation(text=_("No bid to read yet."), showarrow=False, x=0.5, y=0.5,
                           xref="paper", yref="paper")
        return fig
    beliefs = [b for b in reading.beliefs if b is not None]
    what = _("stars") if face == STAR else _("{face}s or stars", face=face)
    fig = make_subplots(rows=1, cols=len(beliefs),
                        subplot_titles=[names[b.seat] for b in beliefs], shared_yaxes=True)
    for col, b in enumerate(beliefs, 1):
        prior, total = binomial_weights(b.dice, face == STAR)
        post = b.match_pmf(face)
        posterior_bars(fig, [w / total for w in prior], [float(post[m]) for m in post],
                       _("after the bids"), col)
        fig.update_xaxes(title_text=_("their {what}", what=what), row=1, col=col)
    return posterior_layout(fig, _("What the bids say: each opponent's {what}", what=what),
                            template)


def posterior_bars(fig: go.Figure, prior: Sequence[float], posterior: Sequence[float],
                   name: str, col: int = 1) -> None:
    """Add one pair of bar series to ``fig`` (column ``col`` of its first row): P(m), m = 0, 1,
    ..., with the dice random (grey) and ``posterior`` (coloured, named ``name``)."""
    xs = list(range(len(prior)))
    fig.add_trace(go.Bar(x=xs, y=list(prior), name=_("dice random"),
                         marker_color=COLORS["falls"],
                         showlegend=col == 1, legendgroup="random",
                         hovertemplate="%{x}: %{y:.3f}"), row=1, col=col)
    fig.add_trace(go.Bar(x=xs, y=list(posterior), name=name, marker_color=COLORS["stands"],
                         showlegend=col == 1, legendgroup="read",
                         hovertemplate="%{x}: %{y:.3f}"), row=1, col=col)
    fig.update_xaxes(dtick=1, row=1, col=col)


def posterior_layout(fig: go.Figure, title: str, template: str) -> go.Figure:
    """The small charts' shared layout: grouped bars, probability axis 0-1, legend below."""
    fig.update_yaxes(title_text=_("probability"), range=[0, 1], row=1, col=1)
    fig.update_layout(template=template, height=260, barmode="group",
                      margin={"l": 50, "r": 10, "t": 40, "b": 40},
                      legend={"orientation": "h", "y": -0.35},
                      title={"text": title, "font": {"size": 13}})
    return fig


__all__ = ["figure_for_beliefs", "posterior_bars", "posterior_layout"]
