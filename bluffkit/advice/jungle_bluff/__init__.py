"""Advice for Jungle Bluff: ``decision`` (which strength card, take or challenge) and
``two_player`` (one two-player round as a zero-sum game, solved exactly).

The names users import (``bluffkit.advice.jungle_bluff.AdviceOption``, ...) are re-exported here
from ``decision``.
"""

from . import decision
from .decision import *

__all__ = decision.__all__
