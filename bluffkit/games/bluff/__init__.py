"""Bluff (liar's dice with stars): the rules engine. See ``state.py`` for the rules."""

from ...core import GameInfo, register_state
from ...core.i18n import _l
from .actions import Challenge, Roll, Show, StartRoll, count_matching, roll_outcomes
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
from .serial import CODEC, check, state_from_json
from .state import BluffObservation, BluffRules, BluffState, Reveal
from .text import describe, parse_action, position

GAME = register_state(GameInfo(
    CODEC, _l("Bluff (liar's dice with stars)"), parse_action, describe,
    conserved=lambda s: sum(s.dice) + sum(s.lost),
    summary=_l("Bid on all dice under the cups; stars are wild; challenge the bid you doubt."),
    variants=(BluffRules(players=2, dice_per_player=2),
              BluffRules(players=3, dice_per_player=3, show_and_reroll=True),
              BluffRules(players=6, starting_dice=(1, 2, 1, 2, 1, 1), opener=5)),
))

__all__ = [
    "DIGITS", "FACES", "GAME", "STAR", "Bid", "BluffObservation", "BluffRules", "BluffState",
    "Challenge", "Reveal", "Roll", "Show", "StartRoll", "all_bids", "box_index", "check",
    "count_matching", "describe", "dice_text", "face_text", "ladder", "parse_action", "parse_dice",
    "parse_face", "position", "raises_of", "roll_outcomes", "state_from_json", "why_not_raise"
]
