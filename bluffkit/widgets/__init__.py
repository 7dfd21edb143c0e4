"""Notebook widgets: thin views over ``bluffkit.odds`` and ``bluffkit.advice``.

The only package of bluffkit that imports ipywidgets and plotly. ``common`` holds the shared
pattern (error area, math text, Explain panel, history, seeded new game); each game has a module.

>>> from bluffkit.widgets import CountExplorer
>>> CountExplorer(dice_in_play=3, mine="3", bid="2x3").odds.p_true
Fraction(5, 9)
"""

from .bluff.explorer import (
    CountExplorer,
    figure_for_convergence,
    figure_for_counts,
    figure_for_odds,
)
from .bluff.table import BluffTable
from .figure import show_figures_without_nbformat
from .lite import send_none_as_null

show_figures_without_nbformat()  # the browser site has no nbformat
send_none_as_null()  # the browser site's kernel sent None as undefined

__all__ = ["BluffTable", "CountExplorer", "figure_for_convergence", "figure_for_counts",
           "figure_for_odds"]
