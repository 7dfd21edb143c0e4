"""Bluff You: the rules engine. See ``state.py`` for the rules and the decisions."""

from .actions import BLUFF_YOU, OK, Call, Doublet, Gain, Give, Roll, Steal, parse_action_text
from .serial import check, state_from_json, state_to_json
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
    roll_probabilities,
    roll_weights,
    tokens_text,
    total_points,
)


def conserved(s: BluffYouState) -> int:
    """Tokens in the centre plus tokens held: always the number of tokens in play (16)."""
    return len(s.centre) + sum(len(h) for h in s.held)


__all__ = [
    "BLUFF_YOU", "OK", "POINTS", "TOKENS", "BluffYouObservation", "BluffYouRules", "BluffYouState",
    "Call", "Doublet", "Gain", "Give", "Roll", "Steal", "TurnResult", "check", "conserved",
    "describe", "dice_text", "doublet_swaps", "is_doublet", "parse_action", "parse_action_text",
    "parse_dice", "parse_tokens", "roll_probabilities", "roll_weights", "state_from_json",
    "state_to_json", "tokens_text", "total_points",
]
