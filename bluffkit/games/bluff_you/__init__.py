"""Bluff You: the rules engine. See ``state.py`` for the rules and the decisions."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from . import actions, serial, state, text, tokens
from .actions import *
from .serial import *
from .state import *
from .text import *
from .tokens import *


def conserved(s: state.BluffYouState) -> int:
    """Tokens in the centre plus tokens held: always the number of tokens in play (16)."""
    return len(s.centre) + sum(len(h) for h in s.held)


GAME = register_state(GameInfo(
    serial.CODEC, _l("Bluff You"), text.parse_action, text.describe, conserved=conserved,
    summary=_l("Roll three dice in secret, announce a sum; believe it or shout 'Bluff you!'."),
    variants=(state.BluffYouRules(players=2),
              state.BluffYouRules(players=3, tokens=(3, 4, 8, 10, 13, 17)),
              state.BluffYouRules(players=6)),
))

__all__ = sorted({"GAME", "conserved", *actions.__all__, *serial.__all__, *state.__all__,
                  *text.__all__, *tokens.__all__})
