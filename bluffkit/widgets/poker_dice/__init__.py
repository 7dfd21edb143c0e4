"""Poker dice's widgets: ``explorer`` (the hand odds explorer) and ``table`` (a game).

The names users import (``bluffkit.widgets.poker_dice.CATEGORY_NAMES``, ...) are re-exported here
from ``explorer``.
"""

from . import explorer
from .explorer import *
from .table import PokerDiceTable

__all__ = ["PokerDiceTable", *explorer.__all__]
