"""Jungle Bluff players and a seeded match runner.

- ``RandomBot`` (from ``bluffkit.core``): any legal action.
- ``BeliefBot``: puts down the card of its hand closest in value to the best score card (a
  human-like habit: "fight for the 10 with a high card"), then takes or challenges for the most
  expected points under the posterior belief (:func:`bluffkit.odds.jungle_bluff.option_values`),
  assuming each later player challenges it with probability ``later_challenge``.
- ``AdviceBot``: follows :func:`bluffkit.advice.jungle_bluff.advise`; with two players it draws
  its strength card from the round's exact equilibrium mix.

Every bot sees only its own observation. ``play_match`` plays whole games from one seed.

>>> from bluffkit.games.jungle_bluff import JungleRules
>>> r = play_match(JungleRules(players=3, top_card=4), [BeliefBot(), RandomBot(), AdviceBot()],
...                2, seed=1)
>>> r.games, sum(r.wins)
(2, Fraction(2, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..advice.jungle_bluff.decision import advise
from ..core import Bot, RandomBot, sample
from ..core.i18n import _, _n
from ..core.play import advised, bot_label, bot_names, seed_label
from ..core.rng import Seed
from ..games.jungle_bluff import JungleObservation, JungleRules, JungleState, Play
from ..odds.jungle_bluff.beliefs import option_values
from .match import scored_match


class BeliefBot:
    """Card close to the best score card; then the best expected points under posterior beliefs.

    Args:
        later_challenge: the chance it assumes each later player challenges it (default 1/2).
    """

    name = "belief"

    def __init__(self, later_challenge: Fraction = Fraction(1, 2)):
        self.later_challenge = Fraction(later_challenge)

    def choose(self, observation: JungleObservation, legal: list, rng):
        if observation.phase == "choose":
            target = max(c.value for c in observation.centre) if observation.centre else 10
            return min(legal, key=lambda a: (abs(a.card.value - target), a.card))
        options = option_values(observation, later_challenge=self.later_challenge)
        return max(options, key=lambda o: (o.expected, -len(str(o.action)))).action


class AdviceBot:
    """Plays what ``advise`` recommends; draws from the equilibrium mix when it is one."""

    name = "advice"

    def choose(self, observation: JungleObservation, legal: list, rng):
        mix = advise(observation).mix()
        return advised(sample(list(mix.items()), rng) if len(mix) > 1 else next(iter(mix)), legal)


@dataclass(frozen=True)
class MatchResult:
    """The results of a match.

    Attributes:
        names: each seat's bot name.
        wins: wins of each seat (a win shared by ``k`` players counts ``1/k``).
        mean_scores: each seat's mean final score, exact.
        games: games played.
        seed: the seed the match was played from.
    """

    names: tuple[str, ...]
    wins: tuple[Fraction, ...]
    mean_scores: tuple[Fraction, ...]
    games: int
    seed: int | None

    def to_json(self) -> dict:
        return {"names": list(self.names), "wins": list(self.wins),
                "mean_scores": list(self.mean_scores), "games": self.games, "seed": self.seed}

    def __str__(self) -> str:
        lines = [_n("{n} game of Jungle Bluff, seed {seed}",
                    "{n} games of Jungle Bluff, seed {seed}", self.games, seed=self.seed)]
        lines += ["  " + _("seat {p} ({name}): {won:g} wins, {mean:.1f} points a game", p=p,
                           name=bot_label(n), won=float(w), mean=float(s))
                  for p, (n, w, s) in enumerate(zip(self.names, self.wins, self.mean_scores))]
        return "\n".join(lines)


def play_match(rules: JungleRules, bots: Sequence[Bot], games: int,
               seed: Seed = None) -> MatchResult:
    """Play ``games`` full games, seat ``i`` played by ``bots[i]``, reproducibly from ``seed``.

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    wins, scores = scored_match(lambda: JungleState.new(rules), rules.players, bots, games, seed,
                                lambda final: final.scores())
    return MatchResult(bot_names(bots), wins, tuple(Fraction(s, games) for s in scores), games,
                       seed_label(seed))


__all__ = ["AdviceBot", "BeliefBot", "MatchResult", "Play", "RandomBot", "play_match"]
