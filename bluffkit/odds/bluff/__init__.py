"""Exact odds of Bluff: ``counts`` (matching dice and bid odds), ``model`` (a stated model of how
players bid) and ``beliefs`` (Bayes' rule over the round's bids).

The names users import (``bluffkit.odds.bluff.BidOdds``, ...) are re-exported here from ``counts``.
"""

from . import counts
from .counts import *

__all__ = counts.__all__
