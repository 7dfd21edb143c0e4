"""Bayes' rule at the Bluff table: what the round's bids say about each player's hidden dice.

Before any bid, a player's hand of n dice is a random multiset: a hand has probability
(ordered rolls giving it) / 6^n. Each bid the player makes multiplies the chance of every hand
by the likelihood of that bid under the model (``bluffkit.odds.bluff.model``: (1 - ε) + ε/L when
the advice for that hand is this bid, ε/L otherwise, with L the legal choices), and Bayes' rule
normalises. The players' dice are independent and, in the model, each bid depends only on the
bidder's own hand and the public bids, so the posterior of each player is computed on its own
and the posteriors stay independent. Everything is exact: integer weights, ``Fraction``
probabilities, by enumeration over the 252 hands of 5 dice.

Then A, the number of dice counting for a face, is my matching dice plus each other player's
matching dice under their posterior: P(a bid is true | the bids so far) is exact too.

Player 1 opens 3x3 in a game of 5 dice each: before the bid, P(they hold at least two dice
counting for 3) is 131/243 ≈ 0.54; after it, 5941/5973 ≈ 0.995 (the advice opens 3x3 only
with two or three of them, and ε = 1/20 leaves room for a bluff):

>>> r = read_bids((5, 5), me=0, history=("3x3",))
>>> b = r.beliefs[1]
>>> b.prior_p_at_least(3, 2), b.p_at_least(3, 2)
(Fraction(131, 243), Fraction(5941, 5973))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...core import Distribution, InvalidQuestion
from ...core.i18n import _
from ...core.npy import numpy_or_none
from ...core.rng import as_list
from ...games.bluff import STAR, Bid, why_not_raise
from .counts import BidOdds, binomial_count, binomial_weights, loss_weights, odds_from_weights
from .model import FACES_ORDER, BidModel, decision_table, hands

DEFAULT_MODEL = BidModel()


@dataclass(frozen=True)
class Step:
    """One bid read: who made it, what it raised, and how it weighs the bidder's hands.

    Attributes:
        seat: the bidder.
        previous: the bid it raised (``None`` for the round's opening bid).
        bid: the bid.
        legal: how many legal choices the bidder had.
        explained: True when the advice makes this bid for some hand (else it says nothing:
            every hand is equally likely to make it as a random choice).
        w_model, w_other: the likelihoods (proportional, whole numbers) of the bid for a hand
            whose advice it is, and for any other hand.
    """

    seat: int
    previous: Bid | None
    bid: Bid
    legal: int
    explained: bool
    w_model: int
    w_other: int


@dataclass(frozen=True)
class Belief:
    """One player's posterior over their hidden hand.

    Attributes:
        seat: the player.
        dice: dice under their cup.
        weights: one whole-number weight per hand of ``hands(dice)`` (same order).
        steps: the bids of theirs that were read.
    """

    seat: int
    dice: int
    weights: tuple[int, ...]
    steps: tuple[Step, ...] = ()
    _match: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def total(self) -> int:
        if "total" not in self._match:
            self._match["total"] = sum(self.weights)
        return self._match["total"]

    def hand_pmf(self) -> dict[tuple[int, ...], Fraction]:
        """Each hand (sorted dice, star = 6) with its posterior probability."""
        t = self.total
        return {h: Fraction(w, t) for h, w in zip(hands(self.dice).dice, self.weights) if w}

    def match_weights(self, face: int) -> tuple[int, ...]:
        """Weights of 0..dice matching dice for ``face`` (digits: the digit or a star)."""
        if face not in self._match:
            if not self.steps:
                w, _i = binomial_weights(self.dice, face == STAR)
                self._match[face] = w
            else:
                col = hands(self.dice).column(FACES_ORDER.index(face))
                np = numpy_or_none()
                if np is not None and self.total < _SAFE:  # exact in int64
                    out = np.zeros(self.dice + 1, dtype=np.int64)
                    np.add.at(out, col, np.array(self.weights, dtype=np.int64))
                    self._match[face] = tuple(out.tolist())
                else:
                    out = [0] * (self.dice + 1)
                    for m, w in zip(col, self.weights):
                        out[m] += w
                    self._match[face] = tuple(out)
        return self._match[face]

    def match_pmf(self, face: int) -> dict[int, Fraction]:
        """P(this player holds m dice counting for ``face``), m = 0..dice."""
        w = self.match_weights(face)
        t = sum(w)
        return {m: Fraction(x, t) for m, x in enumerate(w)}

    def p_at_least(self, face: int, k: int) -> Fraction:
        """P(at least ``k`` of their dice count for ``face``) after the bids read."""
        w = self.match_weights(face)
        return Fraction(sum(w[k:]), sum(w))

    def prior_p_at_least(self, face: int, k: int) -> Fraction:
        """The same before any bid: a binomial tail."""
        w, t = binomial_weights(self.dice, face == STAR)
        return Fraction(sum(w[k:]), t)


@dataclass(frozen=True)
class RoundReading:
    """The round's bids read under a model: one ``Belief`` per player holding dice but me.

    Attributes:
        held: dice each player holds.
        me: my seat (no belief about my own dice).
        history: the round's bids, oldest first.
        model: the ``BidModel``.
        steps: every bid read, oldest first (mine included, with ``explained`` computed too).
        beliefs: per seat, a ``Belief`` (``None`` for me and players out of dice).
    """

    held: tuple[int, ...]
    me: int
    history: tuple[Bid, ...]
    model: BidModel
    steps: tuple[Step, ...]
    beliefs: tuple[Belief | None, ...]
    _counts: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def informative(self) -> bool:
        """True when some other player's bid was read (else the posteriors are the priors)."""
        return any(b is not None and b.steps for b in self.beliefs)

    @property
    def dice_in_play(self) -> int:
        return sum(self.held)


def round_bidders(held, history, bidder: int) -> tuple[int, ...]:
    """Who made each bid of the round: seats in turn order, the last bid by ``bidder``.

    Nobody passes in Bluff, so the bids go round the players holding dice.

    >>> round_bidders((5, 0, 5, 5), ("1x2", "2x2", "3x2"), bidder=0)
    (2, 3, 0)
    """
    active = [p for p, h in enumerate(held) if h]
    if bidder not in active:
        raise InvalidQuestion(_("bidder {bidder} holds no dice", bidder=bidder))
    i = active.index(bidder)
    n = len(history)
    return tuple(active[(i - (n - 1 - k)) % len(active)] for k in range(n))


def read_bids(held, me: int, history, bidder: int | None = None,
              model: BidModel = DEFAULT_MODEL) -> RoundReading:
    """Read the round's bids: each other player's exact posterior over their hand.

    Args:
        held: dice each player holds (hidden; the model is for games without exposed dice).
        me: my seat.
        history: the round's bids, oldest first (``Bid`` or text like ``"7x3"``).
        bidder: who made the last bid; ``None``: the player before me.
        model: the bidding model.

    Returns:
        A ``RoundReading``.

    Raises:
        InvalidQuestion: a bid that does not raise the one before, or claims more dice than
            are in play.
    """
    held = tuple(held)
    bids = tuple(b if isinstance(b, Bid) else Bid.parse(b) for b in history)
    if bidder is None:
        active = [p for p, h in enumerate(held) if h]
        bidder = active[(active.index(me) - 1) % len(active)] if me in active else me
    return _read(held, me, bids, bidder, model)


@lru_cache(maxsize=4096)
def _read(held: tuple[int, ...], me: int, bids: tuple[Bid, ...], bidder: int,
          model: BidModel) -> RoundReading:
    top = sum(held)
    seats = round_bidders(held, bids, bidder) if bids else ()
    steps = []
    previous = None
    for seat, bid in zip(seats, bids):
        reason = why_not_raise(bid, previous) if previous else None
        if reason or bid.count > top:
            raise InvalidQuestion(reason or _("{bid} claims more than the {top} dice in play",
                                              bid=bid, top=top))
        table = decision_table(previous, held[seat], top)
        wm, wo = model.weights(table.legal)
        steps.append(Step(seat, previous, bid, table.legal, table.explains(bid), wm, wo))
        previous = bid
    beliefs = []
    for p, h in enumerate(held):
        if p == me or not h:
            beliefs.append(None)
            continue
        mine = tuple(s for s in steps if s.seat == p)
        beliefs.append(belief_after(p, h, mine, top))
    return RoundReading(held, me, bids, model, tuple(steps), tuple(beliefs))


@lru_cache(maxsize=4096)  # as many as the readings kept by ``_read``
def belief_after(seat: int, dice: int, steps: tuple[Step, ...], top: int) -> Belief:
    """The posterior after ``steps``: the posterior after all but the last (cached, so a
    round's beliefs are reused as its history grows) times the last bid's likelihoods."""
    if not steps:
        return Belief(seat, dice, hands(dice).ways, ())
    before = belief_after(seat, dice, steps[:-1], top)
    s = steps[-1]
    if not s.explained:  # every hand makes it with the same chance: nothing learnt
        return Belief(seat, dice, before.weights, steps)
    makes = decision_table(s.previous, dice, top).makes(s.bid)
    w = before.weights
    np = numpy_or_none()
    if np is not None and max(w) * max(s.w_model, s.w_other) < _SAFE:  # in int64, exactly
        a = np.where(makes, s.w_model, s.w_other) * np.array(w, dtype=np.int64)
        a //= np.gcd.reduce(a)
        return Belief(seat, dice, tuple(a.tolist()), steps)
    w = [x * (s.w_model if c else s.w_other) for x, c in zip(w, as_list(makes))]
    g = math.gcd(*w)
    return Belief(seat, dice, tuple(x // g for x in w), steps)


_SAFE = 2**62
"""Weights below this are multiplied and added in int64 (numpy) without overflow."""


# -- the count after the bids ---------------------------------------------------------------------
def count_weights(face: int, reading: RoundReading) -> tuple[list[int], int]:
    """Integer weights of the matches for ``face`` among the other players' hidden dice under
    the posteriors (index k: k matches), and their total (cached in ``reading``)."""
    if face not in reading._counts:
        reading._counts[face] = _count_weights(face, reading)
    return reading._counts[face]


def _count_weights(face: int, reading: RoundReading) -> tuple[list[int], int]:
    star = face == STAR
    unread = sum(b.dice for b in reading.beliefs if b is not None and not b.steps)
    w, total = binomial_weights(unread, star)
    out = list(w)
    for b in reading.beliefs:
        if b is None or not b.steps:
            continue
        mw = b.match_weights(face)
        new = [0] * (len(out) + len(mw) - 1)
        for i, x in enumerate(out):
            if x:
                for j, y in enumerate(mw):
                    new[i + j] += x * y
        out = new
        total *= sum(mw)
    return out, total


def count_after_bids(face: int, known: int, reading: RoundReading) -> Distribution:
    """The distribution of A (dice counting for ``face``) after reading the bids, with
    ``known`` matching dice that I see.

    >>> r = read_bids((1, 1), me=0, history=())
    >>> count_after_bids(3, 1, r).pmf()
    {1: Fraction(2, 3), 2: Fraction(1, 3)}
    """
    w, total = count_weights(face, reading)
    if not reading.informative:
        return binomial_count(known, len(w) - 1, face == STAR)
    g = math.gcd(*w)
    return Distribution.from_reduced({known + k: x // g for k, x in enumerate(w) if x},
                                     total // g)


def read_numbers(bid: Bid, known: int, reading: RoundReading, bidder_held: int,
                 challenger_held: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(``bid`` true | the bids), and the dice the bidder and the challenger expect to lose
    if it is challenged now: the fields ``p_true``, ``bidder_loss`` and ``challenger_loss``
    of ``odds_after_bids``, without building the rest (the advice lists many bids).

    >>> r = read_bids((5, 5), me=0, history=("3x3",))
    >>> read_numbers(Bid(3, 3), 1, r, 5, 5) == (lambda o: (o.p_true, o.bidder_loss,
    ...     o.challenger_loss))(odds_after_bids(Bid(3, 3), 10, 1, r, 5, 5))
    True
    """
    w, total = count_weights(bid.face, reading)
    true_w, exact_w, bidder_w, challenger_w, _i = loss_weights(bid.count, known, w, bidder_held,
                                                              challenger_held)
    exact = exact_w if challenger_held >= 1 else 0
    return (Fraction(true_w, total), Fraction(bidder_w, total),
            Fraction(challenger_w + exact, total))


def odds_after_bids(bid: Bid, dice_in_play: int, known: int, reading: RoundReading,
                    bidder_held: int | None, challenger_held: int | None) -> BidOdds:
    """``BidOdds`` of ``bid`` with the count read from the posteriors instead of random dice.

    The fields keep their meaning (``unknown`` is still the dice hidden from me;
    ``expected_count`` is now the posterior mean); the rule-of-thumb fields stay the random
    model's, for comparison.
    """
    w, total = count_weights(bid.face, reading)
    return odds_from_weights(bid, dice_in_play, known, w, total,
                             count_after_bids(bid.face, known, reading), bidder_held,
                             challenger_held)


__all__ = ["Belief", "DEFAULT_MODEL", "RoundReading", "Step", "belief_after", "count_after_bids",
           "count_weights", "odds_after_bids", "read_bids", "read_numbers", "round_bidders"]
