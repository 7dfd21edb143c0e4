"""Helpers shared by the Bluff questions: dice and bids in Markdown, drawing positions,
LaTeX for binomial sums, and the two rules students most often slip on."""

from __future__ import annotations

from fractions import Fraction

from ...core.i18n import _, _l
from ...core.rng import Rng
from ...games.bluff import STAR, Bid
from ...odds.bluff.counts import bid_odds, match_probability, matches
from ..core import Question, tex


class BidStands(Question):
    """A question whose answer is the chance that ``self.bid`` stands with ``self.n`` dice in
    play, the dice ``self.mine`` seen (none unless the question sets them)."""

    mine: tuple[int, ...] = ()

    def odds(self):
        return bid_odds(self.bid, self.n, mine=self.mine)

    def expected(self):
        return self.odds().p_true


# -- helpers --------------------------------------------------------------------------------------
def die(face: int) -> str:
    """A face for Markdown: ``"3"`` or ``"★"``."""
    return "★" if face == STAR else str(face)


def dice(faces) -> str:
    return ", ".join(die(f) for f in sorted(faces))


def bid_text(bid: Bid) -> str:
    return f"{bid.count} × {die(bid.face)}"


def unit(face: int) -> str:
    return _("stars") if face == STAR else _("dice showing {face} or ★", face=face)


def roll(rng: Rng, k: int) -> tuple[int, ...]:
    return tuple(sorted(int(f) for f in rng.integers(1, 7, size=k)))


def pick_face(rng: Rng, star_chance: float = 0.25) -> int:
    return STAR if rng.random() < star_chance else int(rng.integers(1, 6))


def draw_bid(rng: Rng, n: tuple[int, int], mine: tuple[int, int],
             shift: tuple[int, int], face: int | None = None, min_needed: int = 1):
    """Dice in play, my dice and a bid near the count I expect.

    The bid's count is my matches plus (the unknown dice's expected matches, rounded, plus a
    shift drawn from ``shift``), needing at least ``min_needed`` unknown matches.

    Returns:
        ``(dice_in_play, my_dice, bid)``.
    """
    in_play = int(rng.integers(*n))
    my_dice = roll(rng, int(rng.integers(*mine)))
    face = int(rng.integers(1, 6)) if face is None else face
    expect = round((in_play - len(my_dice)) * match_probability(face))
    needed = max(min_needed, expect + int(rng.integers(*shift)))
    return in_play, my_dice, Bid(max(1, matches(my_dice, face) + needed), face)


def at_least_tex(needed: int, unknown: int, p: Fraction) -> str:
    """``P = sum_{j=needed}^{unknown} C(unknown, j) p^j (1-p)^(unknown-j)`` in LaTeX."""
    return (f"\\sum_{{j={needed}}}^{{{unknown}}} \\binom{{{unknown}}}{{j}} "
            f"\\left({tex(p)}\\right)^j \\left({tex(1 - p)}\\right)^{{{unknown}-j}}")


def mode(dist) -> int:
    best = max(w for _k, w in dist.items())
    return min(k for k, w in dist.items() if w == best)


def unique_mode(dist) -> bool:
    best = max(w for _k, w in dist.items())
    return sum(1 for _k, w in dist.items() if w == best) == 1


STARS_WILD = _l("For a digit bid the stars are wild: a ★ counts as the digit, so two faces of "
                "six count, 1/3 per die.")
STARS_ONLY = _l("For a star bid only stars count (nothing is wild for it): one face of six, 1/6 "
                "per die.")
STARS_RULE = _l("For a digit bid the stars are wild (a ★ counts as the digit); for a star bid only "
                "stars count.")
"""Said in every statement whose answer counts dice for a bid (without giving away 1/3)."""
MODEL = _l("The dice you cannot see are unknown and random (each face equally likely), whatever "
           "anyone bid.")
"""The model: said wherever a bid could be read as information about the hidden dice."""
LOSS_RULE = _l("When a bid of B dice is challenged and A dice count for it: if A > B the "
               "challenger loses A − B dice, if A = B everybody but the bidder loses one die, if "
               "A < B the bidder loses B − A dice; nobody loses more dice than they hold.")
"""The rulebook's resolution: said wherever an answer counts dice lost."""
