"""Bungee (Haim Shafir): the rules engine. See ``state.py`` for the rules and decisions."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from . import actions, cards, scoring, serial, state, text
from .actions import *
from .cards import *
from .scoring import *
from .serial import *
from .state import *
from .text import *

GAME = register_state(GameInfo(
    serial.CODEC, _l("Bungee"), text.parse_action, text.describe,
    conserved=lambda s: s.card_count(),
    summary=_l("Lower your hand to 5 or less by playing and drawing cards, then call Bungee."),
    variants=(state.BungeeRules(players=2, rounds=1), state.BungeeRules(players=3, rounds=1),
              state.BungeeRules(players=5, rounds=2, six_extra_lap=False)),
))

__all__ = sorted({"GAME", *actions.__all__, *cards.__all__, *scoring.__all__, *serial.__all__,
                  *state.__all__, *text.__all__})
