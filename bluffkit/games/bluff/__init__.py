"""Bluff (liar's dice with stars): the rules engine. See ``state.py`` for the rules."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from . import actions, bids, serial, state, text
from .actions import *
from .bids import *
from .serial import *
from .state import *
from .text import *

GAME = register_state(GameInfo(
    serial.CODEC, _l("Bluff (liar's dice with stars)"), text.parse_action, text.describe,
    conserved=lambda s: sum(s.dice) + sum(s.lost),
    summary=_l("Bid on all dice under the cups; stars are wild; challenge the bid you doubt."),
    variants=(state.BluffRules(players=2, dice_per_player=2),
              state.BluffRules(players=3, dice_per_player=3, show_and_reroll=True),
              state.BluffRules(players=6, starting_dice=(1, 2, 1, 2, 1, 1), opener=5)),
))

__all__ = sorted({"GAME", *actions.__all__, *bids.__all__, *serial.__all__, *state.__all__,
                  *text.__all__})
