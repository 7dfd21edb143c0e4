"""Bluff players and a seeded match runner.

``RandomBot`` (from ``bluffkit.core``) picks any legal action; ``AdviceBot`` plays the
recommendation of ``bluffkit.advice.bluff.advise`` computed from its own observation only (the
expansion's show-and-re-roll choice included), without reading the other players' bids;
``BayesBot`` reads them (Bayes' rule and a look ahead); ``HonestBot`` bids its best face
truthfully; ``EquilibriumBot`` plays the solved two-player strategies
(``bluffkit.advice.bluff.strategy``), drawing each action at its equilibrium frequency.
``play_match`` plays whole games between bots,
reproducibly from one seed.

>>> from bluffkit.games.bluff import BluffRules
>>> r = play_match(BluffRules(players=2, dice_per_player=2), [AdviceBot(), RandomBot()], 4, seed=1)
>>> r.games, sum(r.wins)
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..advice.bluff.decision import Position, advise
from ..core import Bot, RandomBot
from ..core.play import advised
from ..core.rng import Seed
from ..games.bluff import STAR, BluffObservation, BluffRules, BluffState, Challenge, Show
from .match import MatchResult, winner_match

if TYPE_CHECKING:  # the bid model needs numpy: imported by the bots that use it
    from ..odds.bluff.model import BidModel


class AdviceBot:
    """Plays what ``advise`` recommends for its observation (see ``bluffkit.advice.bluff`` for
    the decision rule: the smallest expected number of dice lost)."""

    name = "advice"

    def choose(self, observation: BluffObservation, legal: list, rng):
        advice = advise(Position.from_observation(observation), equilibrium=False,
                        read_bids=False)
        return advised(advice.recommended.action, legal)


class BayesBot:
    """Reads the bids: plays what ``advise`` recommends with ``read_bids=True`` (Bayes' rule
    under the bid model, then the look ahead; ``bluffkit.advice.bluff.reading``). The look
    ahead's seed is drawn from the game's generator, so a seeded match stays reproducible.

    Args:
        samples: the look ahead's playouts per choice (``None``: the advice's default).
        model: the bid model (``bluffkit.odds.bluff.model.BidModel``; ``None``: ε = 1/20).
    """

    name = "bayes"

    def __init__(self, samples: int | None = None, model: BidModel | None = None):
        self.samples, self.model = samples, model

    def choose(self, observation: BluffObservation, legal: list, rng):
        seed = int(rng.integers(0, 2**31))
        advice = advise(Position.from_observation(observation), equilibrium=False,
                        model=self.model, samples=self.samples, seed=seed)
        return advised(advice.recommended.action, legal)


class HonestBot:
    """Always bids its best face truthfully: the face it holds most of (stars count for every
    digit; ties to the higher face, the star last), at the smallest legal count on that face,
    as long as that count is at most its own matching dice plus the rulebook's rule of thumb
    for the dice it cannot see (a third of them, a sixth for stars, rounded down); otherwise it
    challenges. It never reads bids and never bluffs on purpose."""

    name = "honest"

    def choose(self, observation: BluffObservation, legal: list, rng):
        from ..odds.bluff.model import FACES_ORDER, match_counts, smallest_raise

        if observation.phase == "show":
            return advised(Show(), legal)  # the expansion: keeps its dice hidden
        counts = match_counts(observation.my_dice)
        unknown = sum(observation.dice_held) - len(observation.my_dice)
        best = max(range(6), key=lambda i: (counts[i], i < 5, i))
        face = FACES_ORDER[best]
        believed = counts[best] + unknown // (6 if face == STAR else 3)
        bid = smallest_raise(observation.bid, face, sum(observation.dice_held))
        if bid is not None and (bid.count <= believed or observation.bid is None):
            return advised(bid, legal)
        return advised(Challenge(), legal)


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
        from ..advice.bluff.strategy import policy
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


__all__ = ["AdviceBot", "BayesBot", "EquilibriumBot", "HonestBot", "MatchResult", "RandomBot",
           "play_match"]
