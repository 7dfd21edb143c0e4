"""Bungee's widgets: ``explorer`` (the draw explorer) and ``table`` (a game).

The names users import (``bluffkit.widgets.bungee.DrawExplorer``, ...) are re-exported here from
``explorer``.
"""

from .explorer import (
    DrawExplorer,
    figure_for_action,
    figure_for_actions,
    figure_for_thresholds,
    figure_for_unseen,
)
from .table import BungeeTable

__all__ = ["BungeeTable", "DrawExplorer", "figure_for_action", "figure_for_actions",
           "figure_for_thresholds", "figure_for_unseen"]
