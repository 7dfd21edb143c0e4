"""Players built on advice and solvers, and seeded match runners."""

from ..core import RandomBot
from .match import MatchResult


def __getattr__(name: str):
    """``AdviceBot`` and ``play_match`` (Bluff's) are imported when first used, so that another
    game's bots do not load Bluff's advice."""
    if name in ("AdviceBot", "play_match"):
        from . import bluff

        return getattr(bluff, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AdviceBot", "MatchResult", "RandomBot", "play_match"]
