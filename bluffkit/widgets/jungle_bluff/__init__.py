"""Jungle Bluff's widgets: ``explorer`` (the challenge explorer) and ``table`` (a game).

The names users import (``bluffkit.widgets.jungle_bluff.ChallengeExplorer``, ...) are re-exported
here from ``explorer``.
"""

from .explorer import (
    HINT,
    WINS,
    ChallengeExplorer,
    figure_for_beats,
    figure_for_challenge,
    figure_for_options,
)
from .table import JungleTable

__all__ = ["ChallengeExplorer", "HINT", "JungleTable", "WINS", "figure_for_beats",
           "figure_for_challenge", "figure_for_options"]
