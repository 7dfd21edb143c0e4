"""Poker dice's widgets: ``explorer`` (the hand odds explorer) and ``table`` (a game).

The names users import (``bluffkit.widgets.poker_dice.CATEGORY_NAMES``, ...) are re-exported here
from ``explorer``.
"""

from .explorer import (
    CATEGORY_NAMES,
    INK,
    OUTCOME_COLORS,
    HandOddsExplorer,
    dice_html,
    equity_html,
    figure_for_categories,
    figure_for_hand_odds,
    figure_for_ranking,
)
from .table import PokerDiceTable

__all__ = ["CATEGORY_NAMES", "HandOddsExplorer", "INK", "OUTCOME_COLORS", "PokerDiceTable",
           "dice_html", "equity_html", "figure_for_categories", "figure_for_hand_odds",
           "figure_for_ranking"]
