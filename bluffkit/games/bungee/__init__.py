"""Bungee (Haim Shafir): the rules engine. See ``state.py`` for the rules and decisions."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
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
from .scoring import RoundResult, score_round
from .serial import CODEC, check, position_from_json, state_from_json
from .state import BungeeObservation, BungeeRules, BungeeState, draw_outcomes
from .text import describe, move_text, parse_action, say_move, seen_moves

GAME = register_state(GameInfo(
    CODEC, _l("Bungee"), parse_action, describe, conserved=lambda s: s.card_count(),
    summary=_l("Lower your hand to 5 or less by playing and drawing cards, then call Bungee."),
    variants=(BungeeRules(players=2, rounds=1), BungeeRules(players=3, rounds=1),
              BungeeRules(players=5, rounds=2, six_extra_lap=False)),
))

__all__ = [
    "BUNGEE", "CALL_LIMIT", "CARDS", "DECK", "GAME", "HAND_SIZE", "BungeeObservation",
    "BungeeRules", "BungeeState", "Call", "Draw", "LeaveLucky", "Play", "RoundResult", "Stand",
    "TakeLucky", "TakePlay", "can_call", "card_score", "card_text", "card_value", "cards_text",
    "check", "counts_of", "describe", "draw_outcomes", "hand_score", "hand_value", "move_text",
    "parse_action", "parse_card", "parse_cards", "parse_pile", "position_from_json", "say_move",
    "score_round", "seen_moves", "state_from_json"
]
