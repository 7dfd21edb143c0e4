"""Poker dice players and a seeded match runner.

- ``RandomKindBot`` ("random"): picks a kind of move uniformly (fold, call, bet, raise, ante,
  pass), then an amount uniformly; unlike ``bluffkit.core.RandomBot``, which picks among all
  legal actions and so nearly always bets big, it folds and calls as often as it bets.
- ``EquityBot`` ("equity"): compares its exact equity (unknown random opponents) with fixed
  multiples of the fair share ``1 / (k + 1)``; it ignores pot odds and bet sizes.
- ``AdviceBot`` ("advice"): plays ``bluffkit.advice.poker_dice``'s recommendation (equity
  against pot odds).

Every bot decides from its own observation only. ``play_match`` plays whole games, reproducibly
from one seed.

>>> rules = PokerDiceRules(players=2, starting_points=10)
>>> r = play_match(rules, [AdviceBot(), RandomKindBot()], 4, seed=1)
>>> r.games, sum(r.wins)
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..advice.poker_dice import advise_observation
from ..core import Bot, InvalidQuestion, RandomBot, choice
from ..core.i18n import _
from ..core.play import advised
from ..core.rng import Seed
from ..games.poker_dice import (
    Ante,
    Bet,
    Call,
    Fold,
    Pass,
    PokerDiceObservation,
    PokerDiceRules,
    PokerDiceState,
    Raise,
)
from ..odds.poker_dice import MAX_OPPONENTS, equity
from .match import MatchResult, winner_match


class RandomKindBot:
    """A kind of move uniformly at random, then an amount uniformly at random."""

    name = "random"

    def choose(self, observation: PokerDiceObservation, legal: list, rng):
        kinds: dict[type, list] = {}
        for a in legal:
            kinds.setdefault(type(a), []).append(a)
        return choice(choice(list(kinds.values()), rng), rng)


class AdviceBot:
    """Plays what ``advise_observation`` recommends (see ``bluffkit.advice.poker_dice``)."""

    name = "advice"

    def choose(self, observation: PokerDiceObservation, legal: list, rng):
        return advised(advise_observation(observation).action, legal)


class EquityBot:
    """Thresholds on exact equity, in multiples of the fair share ``1 / (k + 1)``.

    Args:
        ante_at: ante when equity before the common roll is at least this x fair share.
        call_at: stay in (call, or bet 1 first) when equity is at least this x fair share.
        raise_at: raise (or bet) ``size`` points when equity is at least this x fair share.
        size: the bet or raise, in points (less when short).

    >>> EquityBot().name
    'equity'
    """

    name = "equity"

    def __init__(self, ante_at: Fraction = Fraction(1), call_at: Fraction = Fraction(1),
                 raise_at: Fraction = Fraction(3, 2), size: int = 2):
        if not (ante_at >= 0 and 0 <= call_at <= raise_at and size >= 1):
            raise InvalidQuestion(_("EquityBot needs 0 <= call_at <= raise_at, ante_at >= 0 and "
                                    "size >= 1"))
        self.ante_at, self.call_at, self.raise_at, self.size = ante_at, call_at, raise_at, size

    def choose(self, observation: PokerDiceObservation, legal: list, rng):
        o = observation
        if o.phase == "ante":
            k = min(o.opponents_in + o.undecided, MAX_OPPONENTS)
            if k == 0:
                return Pass()
            eq = equity(o.my_dice, None, k, o.rules).equity
            return Ante() if eq >= self.ante_at / (k + 1) else Pass()
        k = min(o.opponents_in, MAX_OPPONENTS)
        ratio = equity(o.my_dice, o.common, k, o.rules).equity * (k + 1)
        if ratio >= self.raise_at:
            for kind in (Raise, Bet):
                sized = [a for a in legal if isinstance(a, kind)]
                if sized:
                    return max((a for a in sized if _amount(a) <= self.size), key=_amount)
        if ratio >= self.call_at:
            return Call() if Call() in legal else Bet(1)
        return Fold()


def _amount(a) -> int:
    return a.by if isinstance(a, Raise) else a.amount


BOTS = {"random": RandomKindBot, "equity": EquityBot, "advice": AdviceBot,
        "uniform": RandomBot}
"""Bots by name (``uniform``: any legal action, uniformly)."""


def play_match(rules: PokerDiceRules, bots: Sequence[Bot], games: int,
               seed: Seed = None) -> MatchResult:
    """Play ``games`` full games of poker dice, seat ``i`` played by ``bots[i]``.

    Returns:
        A ``MatchResult`` (``mean_rounds``: rounds a game, antes refused included).

    Raises:
        InvalidQuestion: wrong number of bots or games.
    """
    return winner_match(lambda: PokerDiceState.new(rules), rules.players, bots, games, seed)


__all__ = ["BOTS", "AdviceBot", "EquityBot", "MatchResult", "RandomKindBot", "play_match"]
