"""Exact odds of Jungle Bluff: ``beliefs`` (what an opponent may hold, who wins a challenge, take
or challenge) and ``worlds`` (the counting of hidden histories behind it).

The names users import (``bluffkit.odds.jungle_bluff.CardCounts``, ...) are re-exported here from
``beliefs``.
"""

from . import beliefs
from .beliefs import *

__all__ = beliefs.__all__
