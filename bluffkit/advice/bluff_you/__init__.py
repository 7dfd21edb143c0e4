"""Advice for Bluff You: ``decision`` (what to announce, whether to believe it), ``turn`` (one turn
as a game, solved exactly) and ``fast_turn`` (its fast exact equilibrium).

The names users import (``bluffkit.advice.bluff_you.BlufferAdvice``, ...) are re-exported here from
``decision``.
"""

from .decision import (
    MODEL,
    BlufferAdvice,
    CallValues,
    GuesserAdvice,
    Option,
    bluffer_advice,
    bluffer_options,
    guesser_advice,
    position,
    say_call,
    turn_game,
)

__all__ = ["BlufferAdvice", "CallValues", "GuesserAdvice", "MODEL", "Option", "bluffer_advice",
           "bluffer_options", "guesser_advice", "position", "say_call", "turn_game"]
