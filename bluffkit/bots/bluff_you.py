"""Bluff You players and a seeded match runner.

- ``RandomBot`` (from ``bluffkit.core``): any legal action.
- ``NaiveBot``: always truthful when it can be (announces its sum: a gain if the token is in the
  centre, else a steal if someone holds it), otherwise announces a random centre token; as
  guesser it believes everything; it never swaps.
- ``EquilibriumBot``: plays the exact turn equilibrium (``bluffkit.advice.bluff_you.turn``):
  samples its move (gain, steal or doublet, and the number) from the equilibrium mix for its roll;
  as guesser it says OK with the equilibrium probability; a swap gives back the most tokens.
- ``ModelBot(q)``: bluffs like ``EquilibriumBot``; as guesser it best-responds to the stated model
  "truthful with probability q" (``q=1`` exploits a naive bluffer).

Every bot gives its cheapest token after a failed steal. ``play_match`` plays whole games,
reproducibly from one seed.

>>> from bluffkit.games.bluff_you import BluffYouRules
>>> r = play_match(BluffYouRules(players=2, tokens=(9, 10, 11)), [NaiveBot(), RandomBot()], 3,
...                seed=1)
>>> r.games, sum(r.wins)
(3, Fraction(3, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..advice.bluff_you.decision import guesser_advice, turn_game
from ..advice.bluff_you.turn import solve_turn
from ..core import Bot, InvalidQuestion, RandomBot, choice, make_rng, sample
from ..core.checks import is_whole
from ..core.i18n import _, _n
from ..core.play import bot_label, bot_names, seed_label
from ..core.rng import Seed
from ..games.bluff_you import (
    BLUFF_YOU,
    OK,
    POINTS,
    BluffYouObservation,
    BluffYouRules,
    BluffYouState,
    Doublet,
    Gain,
    Give,
    Steal,
    doublet_swaps,
)
from .match import scored_match


def cheapest_give(observation: BluffYouObservation) -> Give:
    """The token a bluffer playing for points gives: fewest points, then lowest number."""
    mine = observation.held[observation.player]
    return Give(min(mine, key=lambda t: (POINTS[t], t)))


def _others(observation) -> list[int]:
    return [p for p in range(observation.rules.players) if p != observation.player]


class TurnBot:
    """What every Bluff You bot does the same way: in the give phase (after a steal its guesser
    called right) it gives its cheapest token; otherwise it calls as guesser or plays its turn
    as bluffer (``call`` and ``announce``)."""

    def choose(self, observation: BluffYouObservation, legal: list, rng):
        if observation.phase == "give":
            return cheapest_give(observation)
        if observation.phase == "call":
            return self.call(observation, rng)
        return self.announce(observation, rng)


class NaiveBot(TurnBot):
    """Always tells the truth when it can; believes every announcement."""

    name = "naive"

    def call(self, observation: BluffYouObservation, rng):
        return OK

    def announce(self, observation: BluffYouObservation, rng):
        total = sum(observation.roll)
        if total in observation.centre:
            return Gain(choice(_others(observation), rng), total)
        holders = [p for p in _others(observation) if total in observation.held[p]]
        if holders and observation.held[observation.player]:
            return Steal(holders[0], total)
        return Gain(choice(_others(observation), rng), choice(list(observation.centre), rng))


class EquilibriumBot(TurnBot):
    """Plays the exact turn equilibrium (see ``bluffkit.advice.bluff_you`` for its model)."""

    name = "equilibrium"

    def announce(self, observation: BluffYouObservation, rng):
        o = observation
        eq = solve_turn(turn_game(o))
        move = sample(list(eq.mix(o.roll).items()), rng)
        if move[0] == "gain":
            return Gain(choice(_others(o), rng), move[1])
        if move[0] == "steal":
            return Steal(move[1], move[2])
        swaps = doublet_swaps(o.held[o.player], o.centre)  # the most tokens given back
        give, take = max(swaps, key=lambda gt: (len(gt[0]), -gt[1]))
        return Doublet(give, take)

    def call(self, observation: BluffYouObservation, rng):
        p_ok = guesser_advice(observation).p_ok_equilibrium
        return sample([(OK, p_ok), (BLUFF_YOU, 1 - p_ok)], rng)


class ModelBot(EquilibriumBot):
    """Bluffs at equilibrium; as guesser, best-responds to "truthful with probability q".

    Args:
        q: the stated probability that a bluffer tells the truth when it can (ties: OK).
    """

    def __init__(self, q: Any = 1):
        from ..odds.bluff_you import read_probability

        self.q = read_probability(q, "q")
        self.name = f"model(q={self.q})"

    def call(self, observation: BluffYouObservation, rng):
        best = guesser_advice(observation, q=self.q).vs_model.best
        return BLUFF_YOU if best == "bluff you" else OK


@dataclass(frozen=True)
class MatchResult:
    """The results of a match.

    Attributes:
        names: each seat's bot name.
        wins: games won by each seat (tied winners share a game).
        points: total points each seat scored over all games.
        games: games played.
        seed: the seed the match was played from.
    """

    names: tuple[str, ...]
    wins: tuple[Fraction, ...]
    points: tuple[int, ...]
    games: int
    seed: int | None

    def mean_points(self, seat: int) -> Fraction:
        return Fraction(self.points[seat], self.games)

    def to_json(self) -> dict:
        return {"names": list(self.names), "wins": [str(w) for w in self.wins],
                "points": list(self.points), "games": self.games, "seed": self.seed}

    def __str__(self) -> str:
        lines = [_n("{n} game, seed {seed}", "{n} games, seed {seed}", self.games,
                    seed=self.seed)]
        lines += ["  " + _("seat {p} ({name}): {won:g} wins, {mean:.2f} points a game", p=p,
                           name=bot_label(n), won=float(w), mean=float(self.mean_points(p)))
                  for p, (n, w) in enumerate(zip(self.names, self.wins))]
        return "\n".join(lines)


def play_match(rules: BluffYouRules, bots: Sequence[Bot], games: int,
               seed: Seed = None) -> MatchResult:
    """Play ``games`` full games of Bluff You, seat ``i`` played by ``bots[i]``.

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    wins, points = scored_match(lambda: BluffYouState.new(rules), rules.players, bots, games, seed,
                                lambda final: final.points())
    return MatchResult(bot_names(bots), wins, points, games, seed_label(seed))


@dataclass(frozen=True)
class TurnStats:
    """Many single turns played from one position: how the bluffer fared against the guesser.

    Attributes:
        turns: turns played.
        total_difference: sum over turns of the change in (bluffer - guesser) points.
        truthful: announcements that were true.
        announcements: turns with an announcement (not a doublet).
        guesser_right: calls that were right.
    """

    turns: int
    total_difference: int
    truthful: int
    announcements: int
    guesser_right: int

    @property
    def mean_difference(self) -> Fraction:
        """Average change in (bluffer - guesser) points per turn, exact."""
        return Fraction(self.total_difference, self.turns)

    def to_json(self) -> dict:
        return {"turns": self.turns, "mean_difference": self.mean_difference,
                "truthful": self.truthful, "announcements": self.announcements,
                "guesser_right": self.guesser_right}


def simulate_turns(start: BluffYouState, bluffer: Bot, guesser: Bot, turns: int,
                   seed: Seed = None) -> TurnStats:
    """Play ``turns`` independent turns from ``start`` (a state in phase ``roll``).

    The guesser bot answers for whichever player is asked; the bluffer bot also makes the give
    after a failed steal.

    >>> s = BluffYouState.new(BluffYouRules(players=2))
    >>> simulate_turns(s, NaiveBot(), ModelBot(1), 50, seed=1).mean_difference < 0
    True
    """
    if start.phase != "roll":
        raise InvalidQuestion(_("turns start with the roll; the state is in phase {phase}",
                                phase=start.phase))
    if not is_whole(turns, 1):
        raise InvalidQuestion(_("turns must be a whole number >= 1, got {turns}",
                                turns=repr(turns)))
    rng = make_rng(seed)
    b = start.bluffer
    total = truthful = announced = right = 0
    for _i in range(turns):
        s = start.apply(sample(start.chance_outcomes(), rng))
        while s.phase != "roll" and s.phase != "over" and s.turn == start.turn:
            p = s.current_player()
            bot = bluffer if p == b else guesser
            s = s.apply(bot.choose(s.observation(p), s.legal_actions(), rng))
        last = s.last
        g = last.guesser
        if g is not None:
            announced += 1
            truthful += bool(last.truthful)
            right += bool(last.guesser_right)
            before, after = start.points(), s.points()
            total += (after[b] - before[b]) - (after[g] - before[g])
    return TurnStats(turns, total, truthful, announced, right)


BOTS = {"random": RandomBot, "naive": NaiveBot, "equilibrium": EquilibriumBot,
        "believer": lambda: ModelBot(1), "doubter": lambda: ModelBot(0)}
"""Bots by name (for the command line and the widgets)."""


def make_bot(name: str) -> Bot:
    """A bot from its name: random, naive, equilibrium, believer (q=1), doubter (q=0)."""
    key = str(name).strip().lower()
    if key not in BOTS:
        raise InvalidQuestion(_("no Bluff You bot called {name}; choose from {join}",
                                name=repr(name), join=', '.join(BOTS)))
    return BOTS[key]()


__all__ = ["BOTS", "EquilibriumBot", "MatchResult", "ModelBot", "NaiveBot", "RandomBot", "TurnBot",
           "TurnStats", "cheapest_give", "make_bot", "play_match", "simulate_turns"]
