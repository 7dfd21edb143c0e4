"""Figures of solved equilibria (pure builders, STYLE.md example 11): a strategy as a heatmap,
how often each roll bluffs, and exploitability falling with CFR iterations.

Each takes plain values (a ``SolvedRound``, CFR histories) and returns a new ``go.Figure``.
The module imports no solver, so a lesson imports it without numpy (in the browser); a
``SolvedRound`` is the solver's, made with numpy, and so is the summary that reads it.

>>> fig = figure_for_exploitability({"DCFR": [(10, 0.1, 0.05), (20, 0.2, 0.01)]})
>>> fig.layout.yaxis.type, fig.data[0].y
('log', (0.05, 0.01))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from ...core import InvalidQuestion
from ...core.i18n import _, num
from ..common import COLORS
from ..figure import localised

if TYPE_CHECKING:
    from ...solvers.bluff.tree import SolvedRound

LINE_COLORS = (COLORS["accent"], COLORS["stands"], "#264653", COLORS["exact"])


def _roll_text(roll: Sequence[int]) -> str:
    return ",".join("★" if f == 6 else str(f) for f in roll)


@localised
def figure_for_exploitability(histories: Mapping[str, Sequence[tuple[int, float, float]]],
                              target: float | None = None,
                              title: str | None = None) -> go.Figure:
    """One line per solver run: exploitability after each check (log scale), with an optional
    target line. ``histories`` maps a label to ``CFRResult.history``
    (``(iteration, seconds, exploitability)``)."""
    if not histories or not all(histories.values()):
        raise InvalidQuestion(_("give at least one non-empty history to plot"))
    title = title or _("Exploitability falls with CFR iterations")
    hover = (_("iteration {x}<br>exploitability {y}<br>{seconds} s", x="%{x}", y="%{y:.5f}",
               seconds="%{customdata:.2f}"))
    fig = go.Figure()
    for k, (label, history) in enumerate(histories.items()):
        fig.add_trace(go.Scatter(
            x=[h[0] for h in history], y=[h[2] for h in history], mode="lines", name=label,
            line={"color": LINE_COLORS[k % len(LINE_COLORS)]},
            customdata=[h[1] for h in history],
            hovertemplate=hover))
    if target:
        fig.add_hline(y=target, line={"color": "#888", "dash": "dash"},
                      annotation_text=_("target {target}", target=num(target, "g")))
    fig.update_layout(title={"text": title}, template="plotly_white", height=360,
                      xaxis={"title": {"text": _("iterations")}},
                      yaxis={"title": {"text": _("exploitability (log scale)")}, "type": "log"},
                      margin={"l": 60, "r": 20, "t": 60, "b": 45})
    return fig


@localised
def figure_for_strategy(solved: SolvedRound, history: Sequence[str] = (), title: str | None = None,
                        at_least: float = 0.005) -> go.Figure:
    """The equilibrium after the bids ``history`` as a heatmap: one row per roll of the player
    to move, one column per action played at least ``at_least`` of the time by some roll."""
    labels, table = solved.strategy_table(list(history))
    player = len(history) % 2
    keep = [j for j in range(len(labels)) if table[:, j].max() >= at_least]
    rolls = [_roll_text(r) for r in solved.info.rolls[player]]
    z = [[float(table[i, j]) for j in keep] for i in range(len(rolls))]
    text = [[num(p, ".0%") if p >= at_least else "" for p in row] for row in z]
    after = _("after {bids}", bids=", ".join(history)) if history else _("opening bid")
    if title is None:
        title = (_("Equilibrium, opener's choice ({after}): probability per roll", after=after)
                 if player == 0 else
                 _("Equilibrium, second player's choice ({after}): probability per roll",
                   after=after))
    actions = [_("challenge") if labels[j] == "challenge" else labels[j] for j in keep]
    fig = go.Figure(go.Heatmap(
        z=z, x=actions, y=rolls, text=text, texttemplate="%{text}",
        colorscale=[[0, "#f7f7f7"], [1, COLORS["stands"]]], zmin=0, zmax=1,
        colorbar={"title": {"text": _("probability")}},
        hovertemplate=_("roll {roll}<br>{action}: {p}", roll="%{y}", action="%{x}",
                        p="%{z:.3f}") + "<extra></extra>"))
    fig.update_layout(title={"text": title}, template="plotly_white",
                      height=140 + 32 * len(rolls),
                      xaxis={"title": {"text": _("action")}, "type": "category"},
                      yaxis={"title": {"text": _("opener's roll") if player == 0
                                       else _("second player's roll")},
                             "type": "category", "autorange": "reversed"},
                      margin={"l": 70, "r": 20, "t": 60, "b": 45})
    return fig


@localised
def figure_for_bluff_rates(solved: SolvedRound, title: str | None = None) -> go.Figure:
    """Grouped bars per roll (1-die rounds: the same six faces for both players): the opener's
    first bid is a bluff; the second player's reply is a bluff; the second player challenges."""
    from ...solvers.bluff.summary import bluff_rates, challenge_rates  # numpy, as SolvedRound

    if solved.info.dice != (1, 1):
        raise InvalidQuestion(_("this figure compares both players' rolls: a 1-vs-1 round "
                                "only"))
    title = title or _("How often each roll bluffs in equilibrium")
    series = [(_("opener's first bid is a bluff"), bluff_rates(solved, 0), COLORS["accent"]),
              (_("second player raises with a bluff"), bluff_rates(solved, 1), "#264653"),
              (_("second player challenges"), challenge_rates(solved), COLORS["falls"])]
    fig = go.Figure()
    for name, rates, color in series:
        rolls = list(rates)
        fig.add_trace(go.Bar(x=[_roll_text(r) for r in rolls], y=[rates[r] for r in rolls],
                             name=name, marker={"color": color},
                             text=[num(rates[r], ".0%") for r in rolls],
                             textposition="outside"))
    fig.update_layout(title={"text": title}, template="plotly_white", barmode="group",
                      height=380, xaxis={"title": {"text": _("your die")}, "type": "category"},
                      yaxis={"title": {"text": _("probability")}, "range": [0, 1.1]},
                      margin={"l": 60, "r": 20, "t": 60, "b": 45},
                      legend={"orientation": "h", "y": -0.2})
    return fig


__all__ = ["figure_for_bluff_rates", "figure_for_exploitability", "figure_for_strategy"]
