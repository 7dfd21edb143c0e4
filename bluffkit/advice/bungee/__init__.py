"""Advice for Bungee: ``decision`` (which action, call Bungee now?), ``simulation`` (the greedy
rule, random worlds, seeded playouts) and ``playout`` (the fast playout).

The names users import (``bluffkit.advice.bungee.BungeeAdvice``, ...) are re-exported here from
``decision``.
"""

from .calling import CallComparison, round_score_if_calling
from .decision import (
    COLUMNS,
    DEFAULT_SAMPLES,
    BungeeAdvice,
    Estimate,
    advise,
    advise_state,
    observation_for,
    without_simulation,
)
from .text import PENDING, REFILL

__all__ = ["BungeeAdvice", "COLUMNS", "CallComparison", "DEFAULT_SAMPLES", "Estimate", "PENDING",
           "REFILL", "advise", "advise_state", "observation_for", "round_score_if_calling",
           "without_simulation"]
