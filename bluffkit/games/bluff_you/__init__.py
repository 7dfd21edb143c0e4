"""Bluff You: the rules engine. See ``state.py`` for the rules and the decisions."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from .actions import (
    BLUFF_YOU,
    OK,
    Call,
    Doublet,
    Gain,
    Give,
    Roll,
    Steal,
    action_text,
    parse_action_text,
    player_name,
)
from .serial import CODEC, check, state_from_json, state_to_json
from .state import BluffYouObservation, BluffYouRules, BluffYouState, TurnResult
from .text import describe, parse_action
from .tokens import (
    POINTS,
    TOKENS,
    dice_text,
    doublet_swaps,
    is_doublet,
    parse_dice,
    parse_tokens,
    points_text,
    roll_probabilities,
    roll_weights,
    tokens_text,
    total_points,
)


def conserved(s: BluffYouState) -> int:
    """Tokens in the centre plus tokens held: always the number of tokens in play (16)."""
    return len(s.centre) + sum(len(h) for h in s.held)


GAME = register_state(GameInfo(
    CODEC, _l("Bluff You"), parse_action, describe, conserved=conserved,
    summary=_l("Roll three dice in secret, announce a sum; believe it or shout 'Bluff you!'."),
    variants=(BluffYouRules(players=2), BluffYouRules(players=3, tokens=(3, 4, 8, 10, 13, 17)),
              BluffYouRules(players=6)),
))

__all__ = [
    "BLUFF_YOU", "GAME", "OK", "POINTS", "TOKENS", "BluffYouObservation", "BluffYouRules",
    "BluffYouState", "Call", "Doublet", "Gain", "Give", "Roll", "Steal", "TurnResult",
    "action_text", "check", "conserved", "describe", "dice_text", "doublet_swaps", "is_doublet",
    "parse_action", "parse_action_text", "parse_dice", "parse_tokens", "player_name", "points_text",
    "roll_probabilities", "roll_weights", "state_from_json", "state_to_json", "tokens_text",
    "total_points"
]
