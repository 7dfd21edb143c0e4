"""Players built on advice and solvers, and seeded match runners."""

from ..core import RandomBot
from .bluff import AdviceBot, MatchResult, play_match

__all__ = ["AdviceBot", "MatchResult", "RandomBot", "play_match"]
