"""The equilibrium of one Bluff You announcement, exact (solved by ``solvers.lp``).

The turn game: chance rolls three dice; the bluffer sees the sum ``S`` and announces a number
``a`` from the allowed set (centre tokens for a gain, the target's tokens for a steal); the guesser
hears ``a`` (not the dice) and says OK or Bluff you. The guesser is right when they believe a true
announcement or doubt a false one.

**Payoff (a decision of this toolkit)**: the change in the point difference between the bluffer
and the guesser. Gain of a token worth ``v``: ``+v`` if the guesser is wrong (the bluffer gets it),
``-v`` if right. Steal of a token worth ``v``: ``+2v`` if the guesser is wrong (the token changes
hands), ``-2w`` if right, ``w`` being the points of the bluffer's cheapest token (the one a bluffer
playing for points gives). Other players and later turns are left out; the guesser is assumed to
read nothing into the choice of option (the roll is 3d6-random from their view).

Sums that cannot be announced truthfully play alike, so the solver merges them into one type.

>>> eq = solve_turn(TurnGame("gain", (9, 10, 11, 12, 13, 14)))
>>> eq.value, eq.believe[10]
(Fraction(0, 1), Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..core import InvalidQuestion
from ..games.bluff_you import POINTS, TOKENS
from ..odds.bluff_you import sum_ways
from ..solvers.lp import SequenceForm, solve_sequence_form

OTHER = "other"
"""The merged type of every sum that is not an allowed announcement."""
CALLS = ("ok", "bluff you")


@dataclass(frozen=True)
class TurnGame:
    """One announcement as a two-player zero-sum game.

    Args:
        kind: ``"gain"`` or ``"steal"``.
        allowed: the numbers the bluffer may announce.
        give_points: for a steal, the points of the token the bluffer gives if the guesser is
            right (their cheapest).
    """

    kind: str
    allowed: tuple[int, ...]
    give_points: int | None = None

    def __post_init__(self):
        if self.kind not in ("gain", "steal"):
            raise InvalidQuestion(f"kind must be 'gain' or 'steal', got {self.kind!r}")
        allowed = tuple(sorted(set(self.allowed)))
        if not allowed or not set(allowed) <= set(TOKENS):
            raise InvalidQuestion(f"allowed must be token numbers 3-18 (at least one), got "
                                  f"{self.allowed!r}")
        object.__setattr__(self, "allowed", allowed)
        if self.kind == "steal" and self.give_points not in (1, 2, 3, 4, 5):
            raise InvalidQuestion("a steal needs give_points, the points (1-5) of the token the "
                                  "bluffer gives if the guesser is right, got "
                                  f"{self.give_points!r}")

    def win(self, a: int) -> int:
        """Bluffer's payoff when the guesser is wrong about announcement ``a``."""
        return POINTS[a] * (2 if self.kind == "steal" else 1)

    def lose(self, a: int) -> int:
        """Bluffer's payoff when the guesser is right."""
        return -2 * self.give_points if self.kind == "steal" else -POINTS[a]

    def payoff(self, total: int, a: int, believe: bool) -> int:
        """Bluffer minus guesser points for roll sum ``total``, announcement ``a`` and the call."""
        right = believe == (total == a)
        return self.lose(a) if right else self.win(a)

    def types(self) -> list[tuple[object, Fraction]]:
        """The bluffer's types: each allowed sum, then the merged other sums (if any)."""
        ways = sum_ways()
        out = [(t, Fraction(ways[t], 216)) for t in self.allowed]
        rest = sum(w for t, w in ways.items() if t not in self.allowed)
        return out + ([(OTHER, Fraction(rest, 216))] if rest else [])

    def sequence_form(self) -> SequenceForm:
        """Player 0 is the bluffer (infoset: its type), player 1 the guesser (infoset: what it
        heard)."""
        infosets0 = {("sum", t): (None, self.allowed) for t, _ in self.types()}
        infosets1 = {("heard", a): (None, CALLS) for a in self.allowed}
        payoff = {}
        for t, p in self.types():
            total = t if t != OTHER else 0
            for a in self.allowed:
                for c in CALLS:
                    v = p * self.payoff(total, a, c == "ok")
                    if v:
                        payoff[(("sum", t), a), (("heard", a), c)] = v
        return SequenceForm((infosets0, infosets1), payoff)


@dataclass(frozen=True)
class TurnEquilibrium:
    """An exact equilibrium of a ``TurnGame``.

    Attributes:
        game: the turn game.
        value: the bluffer's expected payoff before the roll (bluffer minus guesser points).
        announce: for every sum 3-18, the equilibrium probability of each announcement.
        believe: for every allowed announcement, the guesser's probability of saying OK.
    """

    game: TurnGame
    value: Fraction
    announce: dict[int, dict[int, Fraction]]
    believe: dict[int, Fraction]

    def expected(self, total: int, a: int) -> Fraction:
        """The bluffer's expected payoff announcing ``a`` with sum ``total`` against the
        equilibrium guesser."""
        b = self.believe[a]
        g = self.game
        return b * g.payoff(total, a, True) + (1 - b) * g.payoff(total, a, False)

    def value_given(self, total: int) -> Fraction:
        """The bluffer's equilibrium payoff once the sum is known: the best announcement against
        the equilibrium guesser (every announcement the equilibrium uses is such a best one)."""
        return max(self.expected(total, a) for a in self.game.allowed)

    def masses(self, a: int) -> tuple[Fraction, Fraction]:
        """(P(announce a and it is true), P(announce a and it is false)) at equilibrium."""
        ways = sum_ways()
        true = Fraction(ways[a], 216) * self.announce[a].get(a, 0) if a in self.announce else 0
        false = sum(Fraction(w, 216) * self.announce[s].get(a, 0)
                    for s, w in ways.items() if s != a)
        return Fraction(true), Fraction(false)

    def posterior(self, a: int) -> Fraction | None:
        """P(true | a announced) for the equilibrium bluffer; ``None`` if it never says ``a``."""
        t, f = self.masses(a)
        return t / (t + f) if t + f else None

    def words(self, total: int) -> str:
        """The equilibrium announcement frequencies for one sum, in words."""
        mix = {a: p for a, p in self.announce[total].items() if p}
        parts = [f"{a} with probability {p}" for a, p in sorted(mix.items(),
                                                               key=lambda ap: (-ap[1], ap[0]))]
        if len(parts) == 1:
            return f"with {total} announce {parts[0].split(' with')[0]} (always)"
        return f"with {total} announce " + ", ".join(parts)

    def to_json(self) -> dict:
        return {"kind": self.game.kind, "allowed": list(self.game.allowed),
                "give_points": self.game.give_points, "value": self.value,
                "announce": {str(s): {str(a): p for a, p in mix.items() if p}
                             for s, mix in self.announce.items()},
                "believe": {str(a): b for a, b in self.believe.items()},
                "posterior": {str(a): self.posterior(a) for a in self.game.allowed}}


@lru_cache(maxsize=4096)
def solve_turn(game: TurnGame) -> TurnEquilibrium:
    """The exact, verified equilibrium of one announcement (cached: games repeat in play).

    >>> eq = solve_turn(TurnGame("gain", (3,)))  # only 3 may be announced: a lie unless S = 3
    >>> eq.value, eq.believe[3]
    (Fraction(-535, 108), Fraction(0, 1))
    """
    sol = solve_sequence_form(game.sequence_form())
    b0, b1 = sol.behaviour(0), sol.behaviour(1)
    announce = {}
    for s in TOKENS:
        key = ("sum", s if s in game.allowed else OTHER)
        announce[s] = dict(b0[key])
    believe = {a: b1[("heard", a)]["ok"] for a in game.allowed}
    return TurnEquilibrium(game, sol.value, announce, believe)
