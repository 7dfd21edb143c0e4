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
from .game import (
    CHANCE,
    TERMINAL,
    Action,
    GameInfo,
    GameState,
    State,
    action,
    game_of,
    register_state,
)
from .play import Bot, RandomBot, play_game, random_playthrough
from .rng import as_list, choice, make_rng, sample

__all__ = [
    "CHANCE", "TERMINAL", "Action", "BluffkitError", "Bot", "Distribution", "GameInfo", "GameState",
    "IllegalAction", "InvalidQuestion", "InvalidRules", "InvalidState", "ParseError", "RandomBot",
    "State", "action", "as_list", "choice", "game_of", "make_rng", "play_game",
    "random_playthrough", "register_state", "sample"
]
