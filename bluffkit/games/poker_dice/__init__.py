"""Poker dice with peekers: the rules engine and the hand evaluator. See ``state.py``."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from .actions import (
    COMMON_DICE,
    DICE_PER_PEEKER,
    TOTAL_POINTS,
    Ante,
    Bet,
    Call,
    Fold,
    Pass,
    PokerDiceRules,
    Raise,
    Roll,
    StartRoll,
    say_move,
)
from .hand import (
    DEFAULT_COLOURS,
    FACES,
    TIE_BREAKS,
    Category,
    Hand,
    best_hand,
    dice_text,
    face_text,
    hand_category,
    hand_key,
    parse_dice,
    parse_face,
)
from .pots import Pot, PotResult, seats_from_left, settle, side_pots, split
from .rolls import multinomial, multisets, roll_outcomes
from .serial import CODEC, check, state_from_json
from .state import PokerDiceObservation, PokerDiceState, RoundResult
from .text import call_words, describe, parse_action

GAME = register_state(GameInfo(
    CODEC, _l("Poker dice with peekers"), parse_action, describe,
    conserved=lambda s: sum(s.chips) + sum(s.committed),
    summary=_l("Three dice under your peeker, three common dice: ante, bet, call or raise."),
    variants=(PokerDiceRules(players=2, starting_points=6),
              PokerDiceRules(players=3, starting_stacks=(2, 5, 9), tie_break="categories"),
              PokerDiceRules(players=4, starting_points=8, leader=3)),
))

__all__ = [
    "COMMON_DICE", "DEFAULT_COLOURS", "DICE_PER_PEEKER", "FACES", "GAME", "TIE_BREAKS",
    "TOTAL_POINTS", "Ante", "Bet", "Call", "Category", "Fold", "Hand", "Pass",
    "PokerDiceObservation", "PokerDiceRules", "PokerDiceState", "Pot", "PotResult", "Raise", "Roll",
    "RoundResult", "StartRoll", "best_hand", "call_words", "check", "describe", "dice_text",
    "face_text", "hand_category", "hand_key", "multinomial", "multisets", "parse_action",
    "parse_dice", "parse_face", "roll_outcomes", "say_move", "seats_from_left", "settle",
    "side_pots", "split", "state_from_json"
]
