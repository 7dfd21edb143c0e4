"""Bungee players and seeded matches.

``RandomBot`` (from ``bluffkit.core``) picks any legal action; ``GreedyBot`` follows the greedy
rule of ``bluffkit.advice.bungee.simulation`` (lower the expected hand value, call at ``call_at`` or
less); ``AdviceBot`` plays what ``bluffkit.advice.bungee.advise`` recommends, simulating the
call-or-play-on choice with its own seeded simulation. ``play_match`` plays whole games between
bots from one seed; ``compare_thresholds`` pits calling thresholds against each other.

>>> from bluffkit.games.bungee import BungeeRules
>>> r = play_match(BungeeRules(players=3, rounds=2), [GreedyBot(), GreedyBot(3), RandomBot()],
...                games=3, seed=1)
>>> r.games, len(r.mean_totals), sum(r.wins) >= 3
(3, 3, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..advice.bungee.decision import advise
from ..advice.bungee.simulation import Estimate, draw_card, greedy_action
from ..core import Bot, InvalidQuestion, RandomBot, make_rng
from ..core.checks import is_whole
from ..core.i18n import _, _n
from ..core.play import advised, bot_label, bot_names, check_match, seed_label
from ..core.rng import Seed
from ..games.bungee import CALL_LIMIT, BungeeObservation, BungeeRules, BungeeState


class GreedyBot:
    """Lowers its expected hand value each turn and calls at ``call_at`` or less (0-5)."""

    def __init__(self, call_at: int = CALL_LIMIT):
        if not is_whole(call_at, 0, CALL_LIMIT):
            raise InvalidQuestion(_("call_at must be a whole number 0-{call_limit} (a call needs a"
                                    " hand worth {call_limit} or less), got {call_at}",
                                    call_limit=CALL_LIMIT, call_at=repr(call_at)))
        self.call_at = call_at
        self.name = _("greedy (calls at {n} or less)", n=call_at)

    def choose(self, observation: BungeeObservation, legal: list, rng):
        return greedy_action(observation, legal, self.call_at)


class AdviceBot:
    """Plays the advice's recommendation (``samples`` simulated endings per call decision,
    seeded from the game's random generator, so matches stay reproducible)."""

    name = "advice"

    def __init__(self, samples: int = 40):
        self.samples = samples

    def choose(self, observation: BungeeObservation, legal: list, rng):
        seed = int(rng.integers(2**31))
        return advised(advise(observation, self.samples, seed).recommended, legal)


@dataclass(frozen=True)
class MatchResult:
    """The results of a match.

    Attributes:
        names: each seat's bot name.
        wins: games won by each seat (a shared lowest total counts for each).
        games: games played.
        mean_totals: each seat's mean final total (exact).
        round_wins: rounds won by each seat.
        seed: the seed the match was played from.
        total_se: the standard error of each mean total (a float: the noise of the estimate).
    """

    names: tuple[str, ...]
    wins: tuple[int, ...]
    games: int
    mean_totals: tuple[Fraction, ...]
    round_wins: tuple[int, ...]
    seed: int | None
    total_se: tuple[float, ...] = ()

    def to_json(self) -> dict:
        return {"names": list(self.names), "wins": list(self.wins), "games": self.games,
                "mean_totals": list(self.mean_totals), "round_wins": list(self.round_wins),
                "seed": self.seed, "total_se": [round(x, 6) for x in self.total_se]}

    def __str__(self) -> str:
        lines = [_n("{n} game, seed {seed}", "{n} games, seed {seed}", self.games,
                    seed=self.seed)]
        se = self.total_se or (float("nan"),) * len(self.names)
        lines += ["  " + _("{name}: {won} games won, mean total {mean:.1f} ± {se:.1f}, {rounds} "
                           "rounds won", name=bot_label(n), won=w, mean=float(t), se=e, rounds=r)
                  for n, w, t, e, r in zip(self.names, self.wins, self.mean_totals, se,
                                           self.round_wins)]
        return "\n".join(lines)


def play_game_rounds(rules: BungeeRules, bots: Sequence[Bot], rng,
                     max_steps: int = 200_000) -> tuple[BungeeState, list[int]]:
    """One full game: the final state and each round's winner.

    Raises:
        InvalidQuestion: if the game does not end within ``max_steps`` moves (bots that never
            call can stall a round).
    """
    state = BungeeState.new(rules)
    last, winners = None, []
    for _i in range(max_steps):
        if state.phase == "over":
            return state, winners
        if state.is_chance_node():
            action = draw_card(state.pile, rng)
        else:
            p = state.to_move
            action = bots[p].choose(state.observation(p), state.legal_actions(), rng)
        state = state.apply(action)
        if state.last is not last:
            last = state.last
            winners.append(last.winner)
    raise InvalidQuestion(_("the game did not end within {max_steps} moves (does anybody call?)",
                            max_steps=max_steps))


def play_match(rules: BungeeRules, bots: Sequence[Bot], games: int,
               seed: Seed = None) -> MatchResult:
    """Play ``games`` full games of Bungee, seat ``i`` played by ``bots[i]``.

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    check_match(rules.players, bots, games)
    rng = make_rng(seed)
    n = rules.players
    wins, totals, round_wins = [0] * n, [[] for _i in range(n)], [0] * n
    for _i in range(games):
        final, winners = play_game_rounds(rules, bots, rng)
        for p in final.winners():
            wins[p] += 1
        for p in range(n):
            totals[p].append(final.totals[p])
        for p in winners:
            round_wins[p] += 1
    return _result(bot_names(bots), wins, games, totals, round_wins, seed)


def _result(names, wins, games, totals, round_wins, seed) -> MatchResult:
    estimates = [Estimate.of(t) for t in totals]
    return MatchResult(tuple(names), tuple(wins), games, tuple(e.mean for e in estimates),
                       tuple(round_wins), seed_label(seed),
                       tuple(e.se for e in estimates))


def _check_games(games) -> None:
    if not is_whole(games, 1):
        raise InvalidQuestion(_("games must be a whole number >= 1, got {games}",
                                games=repr(games)))


def compare_thresholds(thresholds: Sequence[int], games: int, seed: int = 0,
                       rounds: int = 6) -> MatchResult:
    """Greedy players that differ only in when they call, one seat each, in full games.

    Seats rotate from game to game (game ``g`` seats threshold ``i`` at ``(i + g) % n``) so no
    threshold keeps the advantage of playing first.

    >>> r = compare_thresholds([5, 2], games=4, seed=3, rounds=1)
    >>> r.names, r.games
    (('calls at 5', 'calls at 2'), 4)
    """
    n = len(thresholds)
    if not 2 <= n <= 5:
        raise InvalidQuestion(_("compare 2-5 thresholds (one a seat), got {count}", count=n))
    _check_games(games)
    rules = BungeeRules(players=n, rounds=rounds)
    rng = make_rng(seed)
    wins, totals, round_wins = [0] * n, [[] for _i in range(n)], [0] * n
    for g in range(games):
        seat_of = [(i + g) % n for i in range(n)]
        bots: list = [None] * n
        for i, t in enumerate(thresholds):
            bots[seat_of[i]] = GreedyBot(t)
        final, winners = play_game_rounds(rules, bots, rng)
        won = set(final.winners())
        for i in range(n):
            wins[i] += seat_of[i] in won
            totals[i].append(final.totals[seat_of[i]])
            round_wins[i] += winners.count(seat_of[i])
    return _result([_("calls at {t}", t=t) for t in thresholds], wins, games, totals,
                   round_wins, seed)


__all__ = ["AdviceBot", "GreedyBot", "MatchResult", "RandomBot", "compare_thresholds",
           "play_game_rounds", "play_match"]
