"""Pots: the main pot and the side pots of all-in players, and how a tied pot is split.

As in poker, a player who is all-in can win from each other player at most what they put in
themselves. The points put in are cut into layers at each player's total; each layer is a pot
that only the players (not folded) who reached it may win. Layers with the same players are one
pot. A tied pot is shared equally; the odd points (**decision**) go one each to the tied players
nearest the leader's left, in turn.

>>> pots = side_pots((10, 4, 10), contenders=(0, 1, 2))
>>> [(p.amount, p.eligible) for p in pots]
[(12, (0, 1, 2)), (12, (0, 2))]
>>> split(7, winners=(2, 0), leader=1, players=3)
{2: 4, 0: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core import InvalidState
from ...core.i18n import _


@dataclass(frozen=True)
class Pot:
    """One pot: its points and the players who may win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class PotResult:
    """A settled pot: who could win it, who won it and what each winner received."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    """Points each winner received, in the order of ``winners``."""

    def to_json(self) -> dict:
        return {"amount": self.amount, "eligible": list(self.eligible),
                "winners": list(self.winners), "shares": list(self.shares)}

    @classmethod
    def from_json(cls, d: dict) -> PotResult:
        return cls(int(d["amount"]), tuple(int(p) for p in d["eligible"]),
                   tuple(int(p) for p in d["winners"]), tuple(int(s) for s in d["shares"]))


def side_pots(committed: Sequence[int], contenders: Sequence[int]) -> list[Pot]:
    """Cut the points put in this round into the main pot and side pots.

    Args:
        committed: points each player put in this round (antes and bets, folded players too).
        contenders: the players still in the hand (not folded).

    Returns:
        Pots from the main pot up; each lists the contenders who put in at least its top layer.
        A layer no contender reached (it cannot happen in play: the highest bet is never
        folded) is added to the pot below it.

    >>> [(p.amount, p.eligible) for p in side_pots((30, 20, 60), contenders=(1, 2))]
    [(60, (1, 2)), (50, (2,))]
    """
    pots: list[Pot] = []
    previous = 0
    for level in sorted({c for c in committed if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = tuple(p for p in sorted(contenders) if committed[p] >= level)
        if pots and (pots[-1].eligible == eligible or not eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    if pots and not pots[0].eligible:
        raise InvalidState(_("no player still in the hand put anything in the pot"))
    return pots


def seats_from_left(leader: int, players: int) -> list[int]:
    """Seats in play order: the leader's left first, the leader last.

    >>> seats_from_left(1, 4)
    [2, 3, 0, 1]
    """
    return [(leader + k) % players for k in range(1, players + 1)]


def split(amount: int, winners: Sequence[int], leader: int, players: int) -> dict[int, int]:
    """Share ``amount`` equally among ``winners``; odd points go one each to the winners
    nearest the leader's left (**decision**).

    >>> split(8, winners=(0, 1, 3), leader=3, players=4)
    {0: 3, 1: 3, 3: 2}
    """
    order = [p for p in seats_from_left(leader, players) if p in winners]
    share, odd = divmod(amount, len(order))
    return {p: share + (i < odd) for i, p in enumerate(order)}


def settle(committed: Sequence[int], contenders: Sequence[int], strength, leader: int,
           players: int) -> tuple[tuple[int, ...], tuple[PotResult, ...]]:
    """Award every pot to its best eligible hand(s).

    Args:
        committed: points each player put in.
        contenders: players not folded.
        strength: ``player -> comparable`` hand strength (higher wins); with one contender it is
            not called (the pot is won without showing).
        leader: this round's leader (for the odd points).
        players: number of seats.

    Returns:
        Points each player receives, and the settled pots.

    Players 0 and 1 tie; player 2 is all-in for 3. The main pot of 9 is split 5 + 4 (the odd
    point to player 0, nearest the leader's left), the side pot of 4 is split 2 + 2:

    >>> payouts, pots = settle((5, 5, 3), (0, 1, 2), {0: 7, 1: 7, 2: 1}.get, leader=2, players=3)
    >>> payouts
    (7, 6, 0)
    >>> [(p.amount, p.winners, p.shares) for p in pots]
    [(9, (0, 1), (5, 4)), (4, (0, 1), (2, 2))]
    """
    payouts = [0] * players
    results = []
    for pot in side_pots(committed, contenders):
        if len(pot.eligible) == 1:
            winners = pot.eligible
        else:
            best = max(strength(p) for p in pot.eligible)
            winners = tuple(p for p in pot.eligible if strength(p) == best)
        shares = split(pot.amount, winners, leader, players)
        for p, s in shares.items():
            payouts[p] += s
        results.append(PotResult(pot.amount, pot.eligible, tuple(shares),
                                 tuple(shares.values())))
    return tuple(payouts), tuple(results)


__all__ = ["Pot", "PotResult", "seats_from_left", "settle", "side_pots", "split"]
