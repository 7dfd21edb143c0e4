"""Bluff's widgets: ``explorer`` (the count explorer and its figures), ``table`` (a game against
bots), ``beliefs``, ``solved`` and ``equilibrium`` (figures).

The names users import (``bluffkit.widgets.bluff.CountExplorer``, ...) are re-exported here from
``explorer``.
"""

from .explorer import (
    FACE_OPTIONS,
    CountExplorer,
    counts_spec,
    dice_html,
    figure_for_convergence,
    figure_for_counts,
    figure_for_odds,
    odds_spec,
    result_html,
    rule_of_thumb_html,
)
from .table import BluffTable

__all__ = ["BluffTable", "CountExplorer", "FACE_OPTIONS", "counts_spec", "dice_html",
           "figure_for_convergence", "figure_for_counts", "figure_for_odds", "odds_spec",
           "result_html", "rule_of_thumb_html"]
