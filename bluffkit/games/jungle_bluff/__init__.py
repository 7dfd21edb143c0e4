"""Jungle Bluff: the rules engine. See ``state.py`` for the rules and ``cards.py`` for the
special cards and the "beats" relation."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from . import cards, serial, state, text
from .cards import *
from .serial import *
from .state import *
from .text import *

GAME = register_state(GameInfo(
    serial.CODEC, _l("Jungle Bluff"), text.parse_action, text.describe,
    conserved=lambda s: s.conserved(),
    summary=_l("Play a strength card face down, take a score card or challenge whoever "
               "holds one."),
    variants=(state.JungleRules(players=2, top_card=4),
              state.JungleRules(players=3, combined=True, special_cards=(
                  "optimistic", "reversed", "nervous", "alpha")),
              state.JungleRules(players=6, first_player=5, special_cards=("alpha",))),
))

__all__ = sorted({"GAME", *cards.__all__, *serial.__all__, *state.__all__, *text.__all__})
