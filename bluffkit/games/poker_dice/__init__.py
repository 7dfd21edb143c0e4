"""Poker dice with peekers: the rules engine and the hand evaluator. See ``state.py``."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from . import actions, hand, pots, rolls, serial, state, text
from .actions import *
from .hand import *
from .pots import *
from .rolls import *
from .serial import *
from .state import *
from .text import *

GAME = register_state(GameInfo(
    serial.CODEC, _l("Poker dice with peekers"), text.parse_action, text.describe,
    conserved=lambda s: sum(s.chips) + sum(s.committed),
    summary=_l("Three dice under your peeker, three common dice: ante, bet, call or raise."),
    variants=(actions.PokerDiceRules(players=2, starting_points=6),
              actions.PokerDiceRules(players=3, starting_stacks=(2, 5, 9), tie_break="categories"),
              actions.PokerDiceRules(players=4, starting_points=8, leader=3)),
))

__all__ = sorted({"GAME", *actions.__all__, *hand.__all__, *pots.__all__, *rolls.__all__,
                  *serial.__all__, *state.__all__, *text.__all__})
