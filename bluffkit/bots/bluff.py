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
from dataclasses import dataclass
from fractions import Fraction

from ..advice.bluff import Position, advise
from ..core import Bot, InvalidQuestion, RandomBot, make_rng, play_game
from ..core.rng import Seed
from ..games.bluff import BluffObservation, BluffRules, BluffState


class AdviceBot:
    """Plays what ``advise`` recommends for its observation (see ``bluffkit.advice.bluff`` for
    the decision rule: the smallest expected number of dice lost)."""

    name = "advice"

    def choose(self, observation: BluffObservation, legal: list, rng):
        advice = advise(Position.from_observation(observation), equilibrium=False)
        action = advice.recommended.action
        if action not in legal:  # pragma: no cover - the advice tests forbid this
            raise InvalidQuestion(f"advice recommended {action}, which is not legal here")
        return action


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
        lines = [f"{self.games} games, seed {self.seed}, "
                 f"{float(self.mean_rounds):.1f} rounds a game on average"]
        lines += [f"  seat {p} ({n}): {w} wins ({100 * w / self.games:.0f}%)"
                  for p, (n, w) in enumerate(zip(self.names, self.wins))]
        return "\n".join(lines)


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
    if len(bots) != rules.players:
        raise InvalidQuestion(f"need one bot per seat: {rules.players} players, {len(bots)} bots")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidQuestion(f"games must be a whole number >= 1, got {games!r}")
    rng = make_rng(seed)
    wins = [0] * rules.players
    rounds = 0
    for _ in range(games):
        final, _ = play_game(BluffState.new(rules), bots, rng)
        wins[final.winner()] += 1
        rounds += final.round
    names = tuple(getattr(b, "name", type(b).__name__) for b in bots)
    return MatchResult(names, tuple(wins), games, Fraction(rounds, games),
                       seed if isinstance(seed, int) else None)


__all__ = ["AdviceBot", "MatchResult", "RandomBot", "play_match"]
