"""Bungee (Haim Shafir): the rules engine. See ``state.py`` for the rules and decisions."""

from .actions import Call, Draw, LeaveLucky, Play, Stand, TakeLucky, TakePlay
from .cards import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    HAND_SIZE,
    can_call,
    card_score,
    card_text,
    card_value,
    cards_text,
    counts_of,
    hand_score,
    hand_value,
    parse_card,
    parse_cards,
    parse_pile,
)
from .serial import check, position_from_json, state_from_json
from .state import (
    BungeeObservation,
    BungeeRules,
    BungeeState,
    RoundResult,
    draw_outcomes,
    score_round,
)
from .text import describe, move_text, parse_action, say_move, seen_moves

__all__ = [
    "BUNGEE", "CALL_LIMIT", "CARDS", "DECK", "HAND_SIZE", "BungeeObservation", "BungeeRules",
    "BungeeState", "Call", "Draw", "LeaveLucky", "Play", "RoundResult", "Stand", "TakeLucky",
    "TakePlay", "can_call", "card_score", "card_text", "card_value", "cards_text", "check",
    "counts_of", "describe", "draw_outcomes", "hand_score", "hand_value", "move_text",
    "parse_action", "say_move", "seen_moves",
    "parse_card", "parse_cards", "parse_pile", "position_from_json", "score_round",
    "state_from_json",
]
