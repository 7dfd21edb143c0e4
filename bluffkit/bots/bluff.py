"""Bluff players and a seeded match runner.

``RandomBot`` (from ``bluffkit.core``) picks any legal action; ``AdviceBot`` plays the
recommendation of ``bluffkit.advice.bluff.advise`` computed from its own observation only (the
expansion's show-and-re-roll choice included); ``EquilibriumBot`` plays the solved two-player
strategies (``bluffkit.advice.bluff_strategy``), drawing each action at its equilibrium
frequency. ``play_match`` plays whole games between bots,
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


class EquilibriumBot:
    """Plays the solved two-player strategy (imperfect recall: the last k bids) when exactly two
    players hold dice, 1-5 each, without the expansion; otherwise it plays like ``AdviceBot``.

    >>> from bluffkit.games.bluff import BluffRules
    >>> r = play_match(BluffRules(players=2, dice_per_player=1), [EquilibriumBot(),
    ...                AdviceBot()], 2, seed=3)
    >>> r.games
    2
    """

    name = "equilibrium"

    def choose(self, observation: BluffObservation, legal: list, rng):
        from ..advice.bluff_strategy import policy
        from ..games.bluff import Bid, Challenge

        pos = Position.from_observation(observation)
        active = pos.active()
        if (len(active) != 2 or pos.phase != "bid" or pos.rules.show_and_reroll
                or max(pos.dice_held) > 5):
            return AdviceBot().choose(observation, legal, rng)
        other = active[0] if active[1] == pos.me else active[1]
        freq = policy(pos.my_dice, (pos.dice_held[pos.me], pos.dice_held[other]), pos.history)
        labels = list(freq)
        p = [max(freq[a], 0.0) for a in labels]
        pick = labels[int(rng.choice(len(labels), p=[w / sum(p) for w in p]))]
        return advised(Challenge() if pick == "challenge" else Bid.parse(pick), legal)


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
