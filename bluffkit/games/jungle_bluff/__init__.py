"""Jungle Bluff: the rules engine. See ``state.py`` for the rules and ``cards.py`` for the
special cards and the "beats" relation."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
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
from .serial import CODEC, check, state_from_json, state_to_json
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

GAME = register_state(GameInfo(
    CODEC, _l("Jungle Bluff"), parse_action, describe, conserved=lambda s: s.conserved(),
    summary=_l("Play a strength card face down, take a score card or challenge whoever "
               "holds one."),
    variants=(JungleRules(players=2, top_card=4),
              JungleRules(players=3, combined=True, special_cards=(
                  "optimistic", "reversed", "nervous", "alpha")),
              JungleRules(players=6, first_player=5, special_cards=("alpha",))),
))

__all__ = [
    "CHALLENGER", "DEFENDER", "GAME", "NOBODY", "SPECIALS", "SPECIAL_HINT", "Card", "Challenge",
    "Deal", "Duel", "FirstPlayer", "JungleObservation", "JungleRules", "JungleState", "Play",
    "RoundRecord", "Take", "Taken", "all_cards", "cards_text", "check", "deck", "deck_cards",
    "describe", "duel_winner", "move_words", "next_first_player", "parse_action", "parse_card",
    "parse_cards", "points", "say_move", "score_cards", "state_from_json", "state_to_json",
    "take_options", "why_illegal"
]
