"""Bluff players and a seeded match runner.

``RandomBot`` (from ``bluffkit.core``) picks any legal action; ``AdviceBot`` plays the
recommendation of ``bluffkit.advice.bluff.advise`` computed from its own observation only (the
expansion's show-and-re-roll choice included). ``play_match`` plays whole games between bots,
reproducibly from one seed.

>>> from bluffkit.games.bluff import BluffRules
>>> r = play_match(BluffRules(players=2, dice_per_player=2), [AdviceBot(), RandomBot()], 4, seed=1)
>>> r.games, sum(r.wins)
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..advice.bluff import Position, advise
from ..core import Bot, RandomBot
from ..core.play import advised
from ..core.rng import Seed
from ..games.bluff import BluffObservation, BluffRules, BluffState
from .match import MatchResult, winner_match


class AdviceBot:
    """Plays what ``advise`` recommends for its observation (see ``bluffkit.advice.bluff`` for
    the decision rule: the smallest expected number of dice lost)."""

    name = "advice"

    def choose(self, observation: BluffObservation, legal: list, rng):
        advice = advise(Position.from_observation(observation), equilibrium=False)
        return advised(advice.recommended.action, legal)


def play_match(rules: BluffRules, bots: Sequence[Bot], games: int,
               seed: Seed = None) -> MatchResult:
    """Play ``games`` full games of Bluff, seat ``i`` played by ``bots[i]``.

    Args:
        rules: the rules (the start player is drawn by the start roll unless ``rules.opener``).
        bots: one bot per seat.
        games: how many games, at least 1.
        seed: one seed for the whole match (same seed, same results).

    Returns:
        A ``MatchResult``.

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    return winner_match(lambda: BluffState.new(rules), rules.players, bots, games, seed)


__all__ = ["AdviceBot", "MatchResult", "RandomBot", "play_match"]
