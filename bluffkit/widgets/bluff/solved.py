"""What the opponent's bids reveal under the solved two-player strategy: a small bar chart.

A pure figure (STYLE.md example 11) drawn like the three-or-more-player chart
(``bluffkit.widgets.bluff.beliefs``): for the face of the current bid, the opponent's chance of
holding 0, 1, 2, ... dice that count for it, with the dice random (grey) and after their bids
if they play the solved strategy (coloured). The numbers come from
``bluffkit.advice.bluff.solved``.

>>> from bluffkit.advice.bluff.solved import solved_reading
>>> fig = figure_for_solved(solved_reading((3, 3), (2, 2), ["1x3"]), "Bot 1")
>>> [t.name for t in fig.data], fig.data[1].x
(['dice random', 'after their bids, in equilibrium'], (0, 1, 2))
"""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ...advice.bluff.solved import SolvedView
from ...core.i18n import _, _l
from ...games.bluff import STAR, Bid
from ..figure import localised
from .beliefs import posterior_bars, posterior_layout

NAME = _l("after their bids, in equilibrium")


@localised
def figure_for_solved(view: SolvedView | None, name: str | None = None,
                      template: str = "plotly_white") -> go.Figure:
    """P(m of the opponent's dice count for the current bid's face), dice random and after
    their bids under the solved strategy; with no view, no bid, or bids the strategy never
    makes, a figure saying why (the random dice alone in the last case)."""
    name = _("your opponent") if name is None else name
    if view is None or not view.history:
        fig = go.Figure(layout={"template": template, "height": 120,
                                "xaxis": {"visible": False}, "yaxis": {"visible": False}})
        fig.add_annotation(text=_("No bid to read yet."), showarrow=False, x=0.5, y=0.5,
                           xref="paper", yref="paper")
        return fig
    face = Bid.parse(view.history[-1]).face
    what = _("stars") if face == STAR else _("{face}s or stars", face=face)
    random, read = view.match_pmf(face, 0), view.match_pmf(face)
    fig = make_subplots(rows=1, cols=1)
    posterior_bars(fig, [float(p) for p in random.values()],
                   [float(read[m]) for m in random] if read else [0.0] * len(random),
                   str(NAME))
    fig.update_xaxes(title_text=_("{player}'s {what}", player=name, what=what), row=1, col=1)
    title = (_("What {player}'s bids reveal in equilibrium: their {what}", player=name,
               what=what) if view.reads else
             _("{player} has not bid yet: their {what} are random", player=name, what=what))
    if view.reads and not view.reached:
        title = _("The equilibrium never makes {player}'s bids: nothing to read", player=name)
    return posterior_layout(fig, title, template)


__all__ = ["figure_for_solved"]
