"""Bluff You's widgets: ``explorer`` (the sum explorer) and ``table`` (a game).

The names users import (``bluffkit.widgets.bluff_you.Q_OPTIONS``, ...) are re-exported here from
``explorer``.
"""

from .explorer import (
    Q_OPTIONS,
    SumExplorer,
    bayes_html,
    figure_for_points,
    result_html,
    tokens_html,
)
from .table import BluffYouTable

__all__ = ["BluffYouTable", "Q_OPTIONS", "SumExplorer", "bayes_html", "figure_for_points",
           "result_html", "tokens_html"]
