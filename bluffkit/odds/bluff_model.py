"""A stated model of how Bluff players bid, to read their bids as evidence.

**The model ("advice players", one parameter).** Each player decides as bluffkit's advice
(``bluffkit.advice.bluff``) would for their own dice: the choice with the smallest expected number
of dice lost if the next player challenges, with every die they cannot see treated as random,
ties to a raise, then to the higher bid. So a player favours the faces they hold, and bids
higher the more of a face they hold. Except that, with probability ``bluff_rate`` (ε, 1/20 by
default), a player picks any legal choice at random instead: a bluff or a slip. The advice bots
(``AdviceBot``) are this model with ε = 0; ε > 0 keeps every hand possible after any bid, so a
surprising bid is read as a likely bluff instead of an impossibility.

A player's choice depends on their hand only through how many of their dice count for each face
(``match_counts``), and on the public position only through the current bid, the dice they hold
and the dice in play: ``decision_table`` computes once, for each face and each number of
matching dice, the best raise on that face and the cost of a challenge, and then the choice of
every possible hand is the best of seven entries (``DecisionTable.choice``). The advice's own
listing argument (``bluffkit.advice.bluff``) shows that the best raise on a face is among the
smallest raise, the highest count more likely true than not and the highest count already
sure; a test checks that the table's choice is ``advise``'s for random positions.

>>> t = decision_table(None, 5, 20)
>>> str(t.choice(match_counts((3, 3, 6, 1, 2)))), str(t.choice(match_counts((3, 3, 6, 3, 2))))
('3x3', '4x3')
>>> t.legal, str(t.choice(match_counts((1, 1, 1, 4, 5))))
(120, '3x1')
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement

import numpy as np

from ..core import InvalidQuestion
from ..games.bluff import DIGITS, FACES, STAR, Bid, Challenge, box_index
from .bluff import odds_from_counts, p_at_least

FACES_ORDER = (*DIGITS, STAR)
"""Faces in the order of the tables' rows: 1-5, then the star."""

DEFAULT_BLUFF_RATE = Fraction(1, 20)


@dataclass(frozen=True)
class BidModel:
    """The advice-players model of bidding with its one parameter.

    Args:
        bluff_rate: ε, the chance that a player picks any legal choice at random instead of the
            advice's choice (0 < ε < 1; a ``Fraction`` keeps the posteriors exact).

    >>> BidModel().bluff_rate
    Fraction(1, 20)
    """

    bluff_rate: Fraction = DEFAULT_BLUFF_RATE

    def __post_init__(self):
        e = self.bluff_rate
        if isinstance(e, bool) or not isinstance(e, int | Fraction) or not 0 < e < 1:
            raise InvalidQuestion(
                f"bluff_rate must be a fraction strictly between 0 and 1 (e.g. Fraction(1, 20)), "
                f"got {e!r}")
        object.__setattr__(self, "bluff_rate", Fraction(e))

    def describe(self) -> str:
        """The model in plain words (the explanations start with it)."""
        e = self.bluff_rate
        return (f"each player bids as this advice would for their own dice (the choice that "
                f"costs them the fewest dice if the next player challenges, every die they "
                f"cannot see treated as random), except that {_pct(e)} of the time "
                f"(ε = {e.numerator}/{e.denominator}) they pick any legal choice at random: a "
                "bluff or a slip")

    def weights(self, legal: int) -> tuple[int, int]:
        """Integer likelihoods (proportional) of one observed choice among ``legal`` choices:
        ``(w_model, w_other)`` for a hand whose advice is that choice, and for any other hand.

        P(choice | hand) = (1 - ε) + ε/legal or ε/legal; multiplied by ``legal`` / ε these are
        whole numbers when ε = 1/D.

        >>> BidModel(Fraction(1, 20)).weights(10)
        (191, 1)
        """
        e = self.bluff_rate
        a, b = e.numerator, e.denominator
        return (b - a) * legal + a, a


def _pct(e: Fraction) -> str:
    p = e * 100
    return f"{p.numerator}%" if p.denominator == 1 else f"{float(p):.1f}%"


# -- hands ----------------------------------------------------------------------------------------
def match_counts(dice) -> tuple[int, ...]:
    """How many of ``dice`` count for each face 1-5 (stars wild) and for the star.

    >>> match_counts((3, 3, 6, 1, 2))
    (2, 2, 3, 1, 1, 1)
    """
    c = Counter(dice)
    s = c[STAR]
    return (*(c[d] + s for d in DIGITS), s)


@dataclass(frozen=True)
class Hands:
    """Every hand of ``n`` dice (sorted multisets), with integer prior weights (the number of
    ordered rolls giving it: they add up to 6^n) and the match counts as an array."""

    n: int
    dice: tuple[tuple[int, ...], ...]
    ways: tuple[int, ...]
    counts: np.ndarray  # (hands, 6) match counts in FACES_ORDER

    @property
    def total(self) -> int:
        return 6 ** self.n


@cache
def hands(n: int) -> Hands:
    """The hands of ``n`` dice (0-5), e.g. 252 hands of 5 dice.

    >>> h = hands(2)
    >>> len(h.dice), sum(h.ways) == h.total
    (21, True)
    """
    dice = tuple(combinations_with_replacement(FACES, n))
    ways = []
    for d in dice:
        w = math.factorial(n)
        for c in Counter(d).values():
            w //= math.factorial(c)
        ways.append(w)
    counts = np.array([match_counts(d) for d in dice], dtype=np.int64).reshape(len(dice), 6)
    counts.setflags(write=False)
    return Hands(n, dice, tuple(ways), counts)


# -- the decision table ---------------------------------------------------------------------------
@lru_cache(maxsize=8192)
def legal_choices(previous: Bid | None, top: int) -> tuple:
    """Every legal choice: the raises up to ``top`` dice in ladder order, then the challenge.

    >>> [str(a) for a in legal_choices(Bid(2, 5), 2)]
    ['2x*', 'challenge']
    """
    raises = [Bid(count, face) for face in FACES for count in range(1, top + 1)
              if previous is None or _raises(count, face, previous)]
    raises.sort(key=lambda b: (b.box, b.face))
    return (*raises, *((Challenge(),) if previous is not None else ()))


def legal_count(previous: Bid | None, top: int) -> int:
    """How many legal choices a player has: raises up to ``top`` dice, plus the challenge.

    >>> legal_count(None, 2), legal_count(Bid(2, 5), 2)
    (12, 2)
    """
    return len(legal_choices(previous, top))


def _raises(count: int, face: int, previous: Bid) -> bool:
    box = box_index(count, face)
    return box > previous.box or (box == previous.box and not previous.is_star
                                  and face != STAR and face > previous.face)


def smallest_raise(previous: Bid | None, face: int, top: int) -> Bid | None:
    """The smallest legal raise of ``previous`` on ``face`` with at most ``top`` dice."""
    for count in range(1, top + 1):
        if previous is None or _raises(count, face, previous):
            return Bid(count, face)
    return None


def _key(loss: Fraction, action) -> tuple:
    """The advice's order: smallest loss, a raise before a challenge, then the higher bid."""
    if isinstance(action, Bid):
        return (loss, False, -action.box, -action.face)
    return (loss, True, 0, 0)


class DecisionTable:
    """The advice's choice for every hand, at one public decision point.

    Args:
        previous: the bid to raise or challenge (``None``: opening the round).
        held: dice the deciding player holds.
        dice_in_play: all dice in play.

    ``entries[i][m]`` is ``(key, action)``: the best raise on face ``FACES_ORDER[i]`` for a hand
    with ``m`` matching dice (``None`` when no raise on that face is legal); row 6 is the
    challenge (by matches of the previous bid's face). ``rank`` orders every entry by the
    advice's key, so a hand's choice is the entry of smallest rank.
    """

    def __init__(self, previous: Bid | None, held: int, dice_in_play: int):
        self.previous, self.held, self.dice_in_play = previous, held, dice_in_play
        unknown = dice_in_play - held
        self.legal = legal_count(previous, dice_in_play)
        rows: list[list] = []
        for face in FACES_ORDER:
            first = smallest_raise(previous, face, dice_in_play)
            rows.append([None if first is None else _best_raise(first, m, unknown, held,
                                                                dice_in_play)
                         for m in range(held + 1)])
        if previous is not None:
            rows.append([_challenge(previous, m, unknown, held, dice_in_play)
                         for m in range(held + 1)])
        else:
            rows.append([None] * (held + 1))
        self.entries = rows
        keyed = sorted({e for row in rows for e in row if e is not None}, key=lambda e: e[0])
        self.actions = [e[1] for e in keyed]
        order = {e: r for r, e in enumerate(keyed)}
        big = len(keyed)
        self.rows = [[big if e is None else order[e] for e in row] for row in rows]
        self.rank = np.array(self.rows, dtype=np.int64)
        self._all: np.ndarray | None = None
        self._list: list[int] | None = None
        self._face_col = (FACES_ORDER.index(previous.face) if previous is not None else 0)

    def choice(self, counts) -> Bid | Challenge:
        """The advice's choice for a hand with match counts ``counts`` (``match_counts``)."""
        r = self.rows
        best = min(r[0][counts[0]], r[1][counts[1]], r[2][counts[2]], r[3][counts[3]],
                   r[4][counts[4]], r[5][counts[5]], r[6][counts[self._face_col]])
        return self.actions[best]

    def choices(self) -> np.ndarray:
        """The rank of the advice's choice for every hand of ``held`` dice (cached)."""
        if self._all is None:
            m = hands(self.held).counts
            r = self.rank[np.arange(6), m]  # (hands, 6)
            best = r.min(axis=1)
            if self.previous is not None:
                best = np.minimum(best, self.rank[6, m[:, self._face_col]])
            best.setflags(write=False)
            self._all = best
        return self._all

    def choices_list(self) -> list[int]:
        """``choices()`` as a Python list (cached)."""
        if self._list is None:
            self._list = self.choices().tolist()
        return self._list

    def makes(self, action) -> np.ndarray:
        """For every hand of ``held`` dice: does the advice choose ``action``? (An action can
        sit at several ranks, e.g. 2x4 costing 0 with two 4s and 8/27 with one.)"""
        is_action = np.array([a == action for a in self.actions] + [False])
        return is_action[self.choices()]

    def explains(self, action) -> bool:
        """True when the advice chooses ``action`` for some hand."""
        return action in self.actions


def _best_raise(first: Bid, m: int, unknown: int, held: int, top: int) -> tuple:
    face, c0 = first.face, first.count
    counts = {c0}
    likely = c0
    while likely < top and p_at_least(likely + 1, face, m, unknown) * 2 > 1:
        likely += 1
    counts.add(likely)
    if m > c0:
        counts.add(m)
    best = None
    for c in counts:
        bid = Bid(c, face)
        loss = odds_from_counts(bid, top, m, unknown, held, held).bidder_loss
        k = _key(loss, bid)
        if best is None or k < best[0]:
            best = (k, bid)
    return best


def _challenge(previous: Bid, m: int, unknown: int, held: int, top: int) -> tuple:
    loss = odds_from_counts(previous, top, m, unknown, held, held).challenger_loss
    return (_key(loss, Challenge()), Challenge())


@lru_cache(maxsize=20_000)
def decision_table(previous: Bid | None, held: int, dice_in_play: int) -> DecisionTable:
    """The (cached) ``DecisionTable`` of one public decision point."""
    return DecisionTable(previous, held, dice_in_play)


__all__ = ["BidModel", "DecisionTable", "FACES_ORDER", "Hands", "decision_table", "hands",
           "legal_choices", "legal_count", "match_counts", "smallest_raise"]
