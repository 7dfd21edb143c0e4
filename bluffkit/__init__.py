"""bluffkit: teach probability through five bluffing games.

Exact odds (``fractions.Fraction``), explained advice, game engines and bots; widget notebooks
live in ``bluffkit.widgets`` (the only part that imports ipywidgets and plotly). Messages come
in English or French: ``bluffkit.set_language("fr")`` (see ``bluffkit.i18n``).
"""

from .core import (
    BluffkitError,
    Distribution,
    IllegalAction,
    InvalidQuestion,
    InvalidRules,
    InvalidState,
    ParseError,
    make_rng,
    play_game,
)
from .core.i18n import get_language, set_language
from .games import GAMES, find_game

__version__ = "0.1.0"

__all__ = [
    "GAMES", "BluffkitError", "Distribution", "IllegalAction", "InvalidQuestion", "InvalidRules",
    "InvalidState", "ParseError", "find_game", "get_language", "make_rng", "play_game",
    "set_language",
]
