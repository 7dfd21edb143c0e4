"""The match runners the games' bots share: whole games between bots, from one seed.

``winner_match`` (games whose final state names one winner: Bluff, poker dice) counts the wins
and the rounds; ``MatchResult`` holds the counts. ``scored_match`` (games whose final state
scores every seat and may share a win: Bluff You, Jungle Bluff) sums the returns and the scores.
Each game's bots module wraps one in its own ``play_match``.

>>> from bluffkit.core import RandomBot
>>> from bluffkit.games.bluff import BluffRules, BluffState
>>> r = winner_match(lambda: BluffState.new(BluffRules(players=2, dice_per_player=1)), 2,
...                  [RandomBot(), RandomBot()], 3, seed=1)
>>> r.games, sum(r.wins)
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core import Bot, State
from ..core.i18n import _n, num
from ..core.play import bot_label, bot_names, match_games, seed_label
from ..core.rng import Seed


@dataclass(frozen=True)
class MatchResult:
    """The results of a match.

    Attributes:
        names: each seat's bot name.
        wins: games won by each seat.
        games: games played.
        mean_rounds: mean number of rounds (challenges) per game, exact.
        seed: the seed the match was played from.
    """

    names: tuple[str, ...]
    wins: tuple[int, ...]
    games: int
    mean_rounds: Fraction
    seed: int | None

    def win_rate(self, seat: int) -> Fraction:
        return Fraction(self.wins[seat], self.games)

    def to_json(self) -> dict:
        m = self.mean_rounds
        return {"names": list(self.names), "wins": list(self.wins), "games": self.games,
                "mean_rounds": f"{m.numerator}/{m.denominator}", "seed": self.seed}

    def __str__(self) -> str:
        lines = [_n("{n} game, seed {seed}, {rounds:.1f} rounds a game on average",
                    "{n} games, seed {seed}, {rounds:.1f} rounds a game on average", self.games,
                    seed=self.seed, rounds=float(self.mean_rounds))]
        lines += ["  " + _n("seat {seat} ({name}): {n} win ({share})",
                            "seat {seat} ({name}): {n} wins ({share})", w, seat=p,
                            name=bot_label(n),
                            share=num(w / self.games, ".0%"))
                  for p, (n, w) in enumerate(zip(self.names, self.wins))]
        return "\n".join(lines)


def winner_match(new_state: Callable[[], State], players: int, bots: Sequence[Bot], games: int,
                 seed: Seed = None) -> MatchResult:
    """A match of a game whose final state has one ``winner()`` and a ``round`` count (Bluff,
    poker dice): ``new_state()`` starts each game.

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    wins = [0] * players
    rounds = 0
    for final in match_games(new_state, bots, games, seed, players):
        wins[final.winner()] += 1
        rounds += final.round
    return MatchResult(bot_names(bots), tuple(wins), games, Fraction(rounds, games),
                       seed_label(seed))


def scored_match(new_state: Callable[[], State], players: int, bots: Sequence[Bot], games: int,
                 seed: Seed, score: Callable[[State], Sequence[int]]
                 ) -> tuple[tuple[Fraction, ...], tuple[int, ...]]:
    """Each seat's wins (the final states' returns: a win shared by ``k`` players counts
    ``1/k``) and its total ``score(final)`` over a match; ``new_state()`` starts each game.

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    wins = [Fraction(0)] * players
    totals = [0] * players
    for final in match_games(new_state, bots, games, seed, players):
        wins = [w + r for w, r in zip(wins, final.returns())]
        totals = [a + b for a, b in zip(totals, score(final))]
    return tuple(wins), tuple(totals)


__all__ = ["MatchResult", "scored_match", "winner_match"]
