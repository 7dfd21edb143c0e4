"""Jungle Bluff: the rules engine. See ``state.py`` for the rules and ``cards.py`` for the
special cards and the "beats" relation."""

from .cards import (
    CHALLENGER,
    DEFENDER,
    NOBODY,
    SPECIAL_HINT,
    SPECIALS,
    Card,
    cards_text,
    deck,
    deck_cards,
    duel_winner,
    parse_card,
    parse_cards,
    points,
    score_cards,
)
from .serial import check, state_from_json, state_to_json
from .state import (
    Challenge,
    Deal,
    Duel,
    FirstPlayer,
    JungleObservation,
    JungleRules,
    JungleState,
    Play,
    RoundRecord,
    Take,
    Taken,
    all_cards,
    next_first_player,
    take_options,
)
from .text import describe, move_words, parse_action, say_move, why_illegal

__all__ = [
    "CHALLENGER", "DEFENDER", "NOBODY", "SPECIALS", "SPECIAL_HINT", "Card", "Challenge", "Deal",
    "Duel", "FirstPlayer", "JungleObservation", "JungleRules", "JungleState", "Play",
    "RoundRecord", "Take", "Taken", "all_cards", "cards_text", "check", "deck", "deck_cards",
    "describe", "duel_winner", "move_words", "next_first_player", "parse_action", "parse_card",
    "parse_cards", "points", "say_move", "score_cards", "state_from_json", "state_to_json",
    "take_options", "why_illegal",
]
