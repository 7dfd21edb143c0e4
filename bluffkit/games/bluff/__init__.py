"""Bluff (liar's dice with stars): the rules engine. See ``state.py`` for the rules."""

from .bids import (
    DIGITS,
    FACES,
    STAR,
    Bid,
    all_bids,
    box_index,
    dice_text,
    face_text,
    ladder,
    parse_dice,
    parse_face,
    raises_of,
    why_not_raise,
)
from .serial import check, state_from_json
from .state import (
    BluffObservation,
    BluffRules,
    BluffState,
    Challenge,
    Reveal,
    Roll,
    Show,
    StartRoll,
    count_matching,
    roll_outcomes,
)
from .text import describe, parse_action, position

__all__ = [
    "DIGITS", "FACES", "STAR", "Bid", "BluffObservation", "BluffRules", "BluffState",
    "Challenge", "Reveal", "Roll", "Show", "StartRoll", "all_bids", "box_index", "check",
    "count_matching", "describe", "dice_text", "face_text", "ladder", "parse_action",
    "parse_dice", "parse_face", "position", "raises_of", "roll_outcomes", "state_from_json",
    "why_not_raise",
]
