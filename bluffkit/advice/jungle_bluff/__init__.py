"""Advice for Jungle Bluff: ``decision`` (which strength card, take or challenge) and
``two_player`` (one two-player round as a zero-sum game, solved exactly).

The names users import (``bluffkit.advice.jungle_bluff.AdviceOption``, ...) are re-exported here
from ``decision``.
"""

from .decision import (
    MANY_PLAYER_MODEL,
    NOT_REACHED,
    POSTERIOR,
    TWO_PLAYER_MODEL,
    AdviceOption,
    JungleAdvice,
    advise,
    advise_round,
    advise_strength,
    advise_turn,
    many_player_model,
    round_game,
)

__all__ = ["AdviceOption", "JungleAdvice", "MANY_PLAYER_MODEL", "NOT_REACHED", "POSTERIOR",
           "TWO_PLAYER_MODEL", "advise", "advise_round", "advise_strength", "advise_turn",
           "many_player_model", "round_game"]
