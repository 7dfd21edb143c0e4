"""Shared vocabulary: exact distributions, the state API, errors and seeded randomness.

Imports nothing else of bluffkit.
"""

from .dist import Distribution
from .errors import (
    BluffkitError,
    IllegalAction,
    InvalidQuestion,
    InvalidRules,
    InvalidState,
    ParseError,
)
from .game import CHANCE, TERMINAL, Action, GameInfo, State
from .play import Bot, RandomBot, play_game, random_playthrough
from .rng import choice, make_rng, sample

__all__ = [
    "CHANCE", "TERMINAL", "Action", "BluffkitError", "Bot", "RandomBot", "Distribution", "GameInfo",
    "IllegalAction", "InvalidQuestion", "InvalidRules", "InvalidState", "ParseError", "State",
    "choice", "make_rng", "play_game", "random_playthrough", "sample",
]
