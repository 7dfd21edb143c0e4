"""Bluff's widgets: ``explorer`` (the count explorer and its figures), ``table`` (a game against
bots), ``beliefs``, ``solved`` and ``equilibrium`` (figures).

The names users import (``bluffkit.widgets.bluff.CountExplorer``, ...) are re-exported here from
``explorer``.
"""

from . import explorer
from .explorer import *
from .table import BluffTable

__all__ = ["BluffTable", *explorer.__all__]
