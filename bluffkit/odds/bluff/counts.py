"""Exact odds of Bluff bids (liar's dice with stars).

A is the number of dice matching a bid's face among ALL dice in play: for a digit bid the dice
showing that digit or a star (stars are wild), for a star bid the stars only. Some dice are known
(my own hidden dice, everybody's exposed dice); every other die is unknown and, in this model,
independently uniform, so it matches a digit with probability 1/3 (the digit or a star: 2 faces of
6) and the star with probability 1/6. Hence

    A = (known matches) + Binomial(unknown, 1/3 or 1/6).

The model assumes the other players' hidden dice are unknown random: their bids are not read as
information. Every probability is an exact ``Fraction``.

>>> o = bid_odds("7x3", 20, mine="3,3,*,1,2")
>>> o.known_matches, o.unknown, o.p_true
(3, 15, Fraction(11346539, 14348907))
>>> o.rule_of_thumb, o.expected_count
(Fraction(20, 3), Fraction(8, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from operator import mul
from typing import Any

from ...core import BluffkitError, Distribution, InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _
from ...core.text import exact_text
from ...games.bluff import STAR, Bid, dice_text, face_text, parse_dice, parse_face
from ...games.bluff.state import MAX_DICE

MAX_DICE_IN_PLAY = 300
"""A generous bound (the box holds 30 dice) that keeps every question quick."""


# -- reading the arguments ------------------------------------------------------------------------
def read_face(face: Any) -> int:
    """A bid face from ``3``, ``"3"``, ``6``, ``"*"`` or ``"★"`` (the star is 6).

    Raises:
        InvalidQuestion: naming the ``face`` parameter.

    >>> read_face("*"), read_face(4)
    (6, 4)
    """
    if isinstance(face, bool) or not isinstance(face, int | str):
        raise InvalidQuestion(_("face must be 1-5 or '*' for the star, got {face}",
                                face=repr(face)))
    try:
        return parse_face(str(face))
    except BluffkitError as e:
        raise InvalidQuestion(_("face: {e}", e=e)) from None


def read_bid(bid: Any) -> Bid:
    """A ``Bid`` from a ``Bid`` or text such as ``"7x3"`` or ``"5x*"``.

    >>> read_bid("5x*")
    Bid(count=5, face=6)
    """
    if isinstance(bid, Bid):
        return bid
    if not isinstance(bid, str):
        raise InvalidQuestion(_("bid must be a Bid or text like '7x3' or '5x*', got {bid}",
                                bid=repr(bid)))
    try:
        return Bid.parse(bid)
    except BluffkitError as e:
        raise InvalidQuestion(_("bid: {e}", e=e)) from None


def read_dice(dice: Any, name: str) -> tuple[int, ...]:
    """Dice (sorted, star = 6) from ``"3,3,*"``, ``(3, 3, 6)``, ``["3", "*"]``, or, for groups
    such as everybody's exposed dice, a sequence of those (``[(2,), "3,*"]``), flattened.

    Raises:
        InvalidQuestion: naming the parameter ``name``.

    >>> read_dice("3,*,3", "mine"), read_dice([(2,), "3,*"], "exposed")
    ((3, 3, 6), (2, 3, 6))
    """
    if type(dice) is tuple and all(type(d) is int and 1 <= d <= STAR for d in dice):
        return tuple(sorted(dice))  # already read (star = 6): nothing to parse
    try:
        if isinstance(dice, str):
            return parse_dice(dice)
        if not isinstance(dice, Iterable):
            raise InvalidQuestion(_("{dice} is not a list of dice", dice=repr(dice)))
        out: list[int] = []
        for d in dice:
            if isinstance(d, bool):
                raise InvalidQuestion(_("{d} is not a die face", d=repr(d)))
            if isinstance(d, int):
                out.append(parse_face(str(d)))
            elif isinstance(d, str):
                out.extend(parse_dice(d))
            elif isinstance(d, Iterable):
                out.extend(read_dice(d, name))
            else:
                raise InvalidQuestion(_("{d} is not a die face", d=repr(d)))
        return tuple(sorted(out))
    except BluffkitError as e:
        raise InvalidQuestion(_("{name}: {e} (write dice like '3,3,*', stars as * or 6)",
                                name=name, e=e)) from None


def check_dice_in_play(dice_in_play: Any) -> int:
    if not is_whole(dice_in_play, 1, MAX_DICE_IN_PLAY):
        raise InvalidQuestion(
            _("dice_in_play must be a whole number of dice 1-{max_dice_in_play} (the box holds "
              "30), got {dice_in_play}",
              max_dice_in_play=MAX_DICE_IN_PLAY, dice_in_play=repr(dice_in_play)))
    return dice_in_play


def matches(dice: Iterable[int], face: int) -> int:
    """How many of ``dice`` count for ``face``: the digit or a star; for a star, stars only.

    >>> matches((3, 3, 6, 1), 3), matches((3, 3, 6, 1), STAR)
    (3, 1)
    """
    return sum(1 for d in dice if d == face or (d == STAR and face != STAR))


def match_probability(face: int) -> Fraction:
    """Chance that one unknown die counts for ``face``: 1/3 for a digit, 1/6 for the star."""
    return Fraction(1, 6) if face == STAR else Fraction(1, 3)


# -- the count distribution -----------------------------------------------------------------------
@cache
def binomial_weights(unknown: int, star: bool) -> tuple[tuple[int, ...], int]:
    """Integer weights of Binomial(unknown, 1/6 or 1/3) over 0..unknown, and their total."""
    q = 5 if star else 2  # weights p^k (1-p)^(n-k) with p = 1/(1+q)
    w = tuple(math.comb(unknown, k) * q ** (unknown - k) for k in range(unknown + 1))
    return w, (q + 1) ** unknown


@cache
def tail_weights(unknown: int, star: bool) -> tuple[int, ...]:
    """``t[j]`` = weight of at least ``j`` matches among the unknown dice (``t[unknown+1] = 0``)."""
    w, _total = binomial_weights(unknown, star)
    out = [0] * (unknown + 2)
    for j in range(unknown, -1, -1):
        out[j] = out[j + 1] + w[j]
    return tuple(out)


def p_at_least(count: int, face: int, known: int, unknown: int) -> Fraction:
    """P(A >= count) when ``known`` matches are seen and ``unknown`` dice are not (cached
    integer tails; no distribution is built).

    >>> p_at_least(2, 3, 1, 2)
    Fraction(5, 9)
    """
    need = max(0, count - known)
    if need > unknown:
        return Fraction(0)
    _w, total = binomial_weights(unknown, face == STAR)
    return Fraction(tail_weights(unknown, face == STAR)[need], total)


@lru_cache(maxsize=4096)
def binomial_count(known: int, unknown: int, star: bool) -> Distribution:
    """``known`` + Binomial(``unknown``, 1/6 for the star or 1/3), exactly (cached)."""
    w, total = binomial_weights(unknown, star)  # no common factor: the last weight is 1
    return Distribution.from_reduced({known + k: wk for k, wk in enumerate(w)}, total)


def count_from_counts(known: int, unknown: int, face: int) -> Distribution:
    """The distribution of A = ``known`` + Binomial(``unknown``, 1/3, or 1/6 for the star
    ``face`` 6) from values already read and checked (the calculator's core: parse once at the
    edge with ``count_distribution``, ``read_dice`` and ``matches``; cached).

    >>> count_from_counts(1, 2, 3).pmf()
    {1: Fraction(4, 9), 2: Fraction(4, 9), 3: Fraction(1, 9)}
    """
    return binomial_count(known, unknown, face == STAR)


def _known(dice_in_play: int, mine: Any, exposed: Any) -> tuple[tuple, tuple]:
    dice_in_play = check_dice_in_play(dice_in_play)
    mine_t, exposed_t = read_dice(mine, "mine"), read_dice(exposed, "exposed")
    if len(mine_t) > MAX_DICE:
        raise InvalidQuestion(
            _("mine: a player holds at most {max_dice} dice, got {mine_t} ({dice_text})",
              max_dice=MAX_DICE, mine_t=len(mine_t), dice_text=dice_text(mine_t)))
    if len(mine_t) + len(exposed_t) > dice_in_play:
        raise InvalidQuestion(
            _("more known dice than dice in play: mine has {mine_t} and exposed has {exposed_t}, "
              "but dice_in_play={dice_in_play}",
              mine_t=len(mine_t), exposed_t=len(exposed_t), dice_in_play=dice_in_play))
    return mine_t, exposed_t


def count_distribution(face: Any, dice_in_play: int, mine: Any = (),
                       exposed: Any = ()) -> Distribution:
    """The distribution of A, the number of dice in play that count for ``face``.

    Args:
        face: 1-5 (stars count as the digit) or ``"*"``/6 (stars only).
        dice_in_play: all dice under every cup plus all exposed dice.
        mine: my hidden dice, e.g. ``"3,3,*"`` or ``(3, 3, 6)``.
        exposed: everybody's exposed dice (mine included), flat or one group per player.

    Returns:
        A ``Distribution`` over known matches + 0..unknown.

    Raises:
        InvalidQuestion: on an unreadable face or die, or more known dice than dice in play.

    >>> count_distribution(3, 3, mine="3").pmf()
    {1: Fraction(4, 9), 2: Fraction(4, 9), 3: Fraction(1, 9)}
    >>> count_distribution("*", 2).pmf()
    {0: Fraction(25, 36), 1: Fraction(5, 18), 2: Fraction(1, 36)}
    """
    f = read_face(face)
    mine_t, exposed_t = _known(dice_in_play, mine, exposed)
    known = matches(mine_t, f) + matches(exposed_t, f)
    return count_from_counts(known, dice_in_play - len(mine_t) - len(exposed_t), f)


# -- a bid's odds ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class BidOdds:
    """Everything exact about a bid B = ``bid.count`` against the true count A.

    Attributes:
        bid: the bid judged.
        dice_in_play: all dice in play.
        known_matches: matching dice among the dice I can see (mine and the exposed ones).
        unknown: dice I cannot see.
        dist: the distribution of A.
        p_true: P(A >= B), the bid stands.
        p_exact: P(A = B), everybody but the bidder loses a die.
        p_false: P(A < B), the bidder loses.
        expected_count: E[A] = known matches + unknown/3 (unknown/6 for stars).
        rule_of_thumb: the rulebook's rule as printed: dice in play / 3 (/ 6 for stars),
            which ignores what I know.
        rule_of_thumb_known: the same rule applied to the unknown dice plus my known matches;
            it is exactly E[A].
        bidder_loss: expected dice the bidder loses if challenged now, E[min(B - A, held)]
            over A < B.
        challenger_loss: expected dice the challenger loses, E[min(A - B, held)] over A > B,
            plus P(A = B) (when the bid is exact the challenger loses a die like everybody
            but the bidder).
        other_loss: expected dice each other player (neither bidder nor challenger) loses:
            P(A = B).
        bidder_held, challenger_held: the caps used (a player never loses more dice than
            held; 5 when the players' dice are not given); ``None`` only when asked for no
            cap.
    """

    bid: Bid
    dice_in_play: int
    known_matches: int
    unknown: int
    dist: Distribution
    p_true: Fraction
    p_exact: Fraction
    p_false: Fraction
    expected_count: Fraction
    rule_of_thumb: Fraction
    rule_of_thumb_known: Fraction
    bidder_loss: Fraction
    challenger_loss: Fraction
    other_loss: Fraction
    bidder_held: int | None = None
    challenger_held: int | None = None

    @property
    def match_probability(self) -> Fraction:
        """P(one unknown die matches): 1/3, or 1/6 for a star bid."""
        return match_probability(self.bid.face)

    @property
    def needed(self) -> int:
        """How many unknown dice must match for the bid to stand (0 if it already does)."""
        return max(0, self.bid.count - self.known_matches)

    def to_json(self) -> dict:
        """JSON-ready dict; every probability and expectation is a fraction string."""
        return {
            "bid": str(self.bid), "face": face_text(self.bid.face),
            "dice_in_play": self.dice_in_play, "known_matches": self.known_matches,
            "unknown": self.unknown, "match_probability": exact_text(self.match_probability),
            "p_true": exact_text(self.p_true), "p_exact": exact_text(self.p_exact),
            "p_false": exact_text(self.p_false), "expected_count": exact_text(self.expected_count),
            "rule_of_thumb": exact_text(self.rule_of_thumb),
            "rule_of_thumb_known": exact_text(self.rule_of_thumb_known),
            "bidder_loss": exact_text(self.bidder_loss),
            "challenger_loss": exact_text(self.challenger_loss),
            "other_loss": exact_text(self.other_loss), "bidder_held": self.bidder_held,
            "challenger_held": self.challenger_held,
            "distribution": {str(k): exact_text(p) for k, p in self.dist.pmf().items()},
        }


def _check_held(held: Any, name: str) -> int | None:
    if held is None:
        return None
    if not is_whole(held, 0, MAX_DICE):
        raise InvalidQuestion(_("{name} must be a number of dice 0-{max_dice} or None, got {held}",
                                name=name, max_dice=MAX_DICE, held=repr(held)))
    return held


@lru_cache(maxsize=4096)
def _odds(count: int, face: int, dice_in_play: int, known: int, unknown: int,
          bidder_held: int | None, challenger_held: int | None) -> BidOdds:
    star = face == STAR
    w, total = binomial_weights(unknown, star)
    return odds_from_weights(Bid(count, face), dice_in_play, known, w, total,
                             binomial_count(known, unknown, star), bidder_held,
                             challenger_held)


def loss_weights(count: int, known: int, weights, bidder_held: int,
                 challenger_held: int) -> tuple[int, int, int, int, int]:
    """Whole-number sums over the weights of k = 0, 1, ... unknown matches (A = ``known`` + k)
    for a bid of ``count``: (A >= count, A = count, dice the bidder loses, dice the challenger
    loses when A > count, k): divided by the weights' total they are P(true), P(exact), the
    bidder's expected loss, the challenger's (without the exact case) and E[k].

    >>> loss_weights(2, 1, (4, 4, 1), 5, 5)
    (5, 4, 4, 1, 6)
    """
    n, j = len(weights) - 1, count - known  # k = j: A = count exactly
    true_w = sum(weights[max(j, 0):])
    exact_w = weights[j] if 0 <= j <= n else 0
    mean_w = sum(map(mul, range(n + 1), weights))
    # the challenger loses min(k - j, cap) for k > j: weight k - j below k = j + cap, cap above
    cap = challenger_held
    lo, hi = max(j + 1, 0), max(j + cap, j + 1, 0)
    challenger_w = sum(map(mul, range(lo - j, hi - j), weights[lo:hi])) + cap * sum(weights[hi:])
    # the bidder loses min(j - k, cap) for k < j: cap up to k = j - cap, j - k above
    cap = bidder_held
    lo, hi = min(max(j - cap + 1, 0), n + 1), min(max(j, 0), n + 1)
    bidder_w = cap * sum(weights[:lo]) + sum(map(mul, range(j - lo, j - max(hi, lo), -1),
                                                 weights[lo:max(hi, lo)]))
    return true_w, exact_w, bidder_w, challenger_w, mean_w


def odds_from_weights(bid: Bid, dice_in_play: int, known: int, weights, total: int,
                      dist: Distribution, bidder_held: int | None,
                      challenger_held: int | None) -> BidOdds:
    """``BidOdds`` from integer ``weights`` of k = 0, 1, ... matches among the dice I cannot
    see (``total`` their sum; ``dist`` the distribution of A = ``known`` + k): binomial weights
    for random dice, or weights read from the bids (``bluffkit.odds.bluff.beliefs``)."""
    big = 10**6
    bh = big if bidder_held is None else bidder_held
    ch = big if challenger_held is None else challenger_held
    true_w, exact_w, bidder_w, challenger_w, mean_w = loss_weights(bid.count, known, weights,
                                                                    bh, ch)
    p_exact = Fraction(exact_w, total)
    p_true = Fraction(true_w, total)
    exact_cost = p_exact if ch >= 1 else Fraction(0)
    per_die = match_probability(bid.face)
    unknown = len(weights) - 1
    return BidOdds(
        bid=bid, dice_in_play=dice_in_play, known_matches=known, unknown=unknown,
        dist=dist, p_true=p_true, p_exact=p_exact,
        p_false=1 - p_true, expected_count=known + Fraction(mean_w, total),
        rule_of_thumb=dice_in_play * per_die, rule_of_thumb_known=known + unknown * per_die,
        bidder_loss=Fraction(bidder_w, total),
        challenger_loss=Fraction(challenger_w, total) + exact_cost,
        other_loss=p_exact, bidder_held=bidder_held, challenger_held=challenger_held)


def odds_from_counts(bid: Bid, dice_in_play: int, known: int, unknown: int,
                     bidder_held: int | None = None,
                     challenger_held: int | None = None) -> BidOdds:
    """``bid_odds`` when the known matches and unknown dice are already counted (cached; used
    by the advisor). Arguments are trusted: check them first, as ``bid_odds`` does."""
    return _odds(bid.count, bid.face, dice_in_play, known, unknown, bidder_held, challenger_held)


def bid_odds(bid: Any, dice_in_play: int, mine: Any = (), exposed: Any = (), *,
             bidder_held: int | None = MAX_DICE,
             challenger_held: int | None = MAX_DICE) -> BidOdds:
    """Exact odds of ``bid`` and the dice each player expects to lose if it is challenged now.

    Args:
        bid: a ``Bid`` or text like ``"7x3"``, ``"5x*"``.
        dice_in_play: all dice in play (hidden and exposed, every player).
        mine: my hidden dice, e.g. ``"3,3,*"``.
        exposed: everybody's exposed dice (mine included).
        bidder_held: dice the bidder holds: nobody loses more dice than they hold (default
            5, the most a player holds; ``None`` for no cap at all, to see what the cap
            changes).
        challenger_held: dice the challenger holds, the same way.

    Returns:
        A ``BidOdds``.

    Raises:
        InvalidQuestion: unreadable bid or dice, more known dice than dice in play, a bid
            claiming more dice than are in play, or a bad cap.

    The rulebook's example, every die counted: 10x2 challenged with 8 twos and 4 stars showing
    costs the doubter 12 - 10 = 2 dice:

    >>> bid_odds("10x2", 12, exposed=[2] * 8 + ["*"] * 4).challenger_loss
    Fraction(2, 1)

    A bid of 9 threes with five 1s in my hand is false by 4 to 9 dice, but the bidder holds
    at most 5: the expected loss is 5 - P(all five unknown dice match) = 5 - 1/243:

    >>> bid_odds("9x3", 10, mine="1,1,1,1,1").bidder_loss
    Fraction(1214, 243)
    >>> o = bid_odds("2x*", 4, mine="*,1")
    >>> o.p_true, o.p_exact, o.bidder_loss, o.challenger_loss
    (Fraction(11, 36), Fraction(5, 18), Fraction(25, 36), Fraction(11, 36))
    """
    b = read_bid(bid)
    mine_t, exposed_t = _known(dice_in_play, mine, exposed)
    if b.count > dice_in_play:
        raise InvalidQuestion(
            _("bid {b} claims {count} dice but dice_in_play={dice_in_play} (decision: a bid can "
              "claim at most the dice in play)", b=b, count=b.count, dice_in_play=dice_in_play))
    bh = _check_held(bidder_held, "bidder_held")
    ch = _check_held(challenger_held, "challenger_held")
    known = matches(mine_t, b.face) + matches(exposed_t, b.face)
    unknown = dice_in_play - len(mine_t) - len(exposed_t)
    return _odds(b.count, b.face, dice_in_play, known, unknown, bh, ch)


def reroll_odds(bid: Any, dice_in_play: int, mine: Any, expose: Any, others_exposed: Any = (),
                my_exposed: Any = (), *, bidder_held: int | None = MAX_DICE,
                challenger_held: int | None = MAX_DICE) -> BidOdds:
    """The odds of ``bid`` after "Montre-moi ton jeu": I expose ``expose`` from my hidden dice
    ``mine`` and re-roll all the dice left under my cup.

    The re-rolled dice become unknown to everyone, me included (the odds are those before I
    look at the new roll). Rules checked: the exposed dice must be among my hidden dice, at
    least one die stays hidden, and re-rolling needs at least one of my dice exposed.

    Args:
        bid: the bid I just made.
        dice_in_play: all dice in play.
        mine: my hidden dice before exposing.
        expose: the dice I expose now.
        others_exposed: the other players' exposed dice.
        my_exposed: my dice exposed earlier in the round.
        bidder_held, challenger_held: the caps on each loss, as in ``bid_odds``.

    Returns:
        A ``BidOdds`` with my exposed dice known and my re-rolled dice unknown.

    Raises:
        InvalidQuestion: if the expansion's rules forbid the move, or as ``bid_odds``.

    Alone with five dice 3,3,*,1,2, the bid 4x3 is false for sure; showing 3,3,* and
    re-rolling the 1 and the 2 makes it stand unless both miss, 1 - (2/3)^2 = 5/9:

    >>> bid_odds("4x3", 5, mine="3,3,*,1,2").p_true
    Fraction(0, 1)
    >>> reroll_odds("4x3", 5, mine="3,3,*,1,2", expose="3,3,*").p_true
    Fraction(5, 9)
    """
    mine_t, expose_t = read_dice(mine, "mine"), read_dice(expose, "expose")
    mine_exposed = read_dice(my_exposed, "my_exposed")
    left = list(mine_t)
    for d in expose_t:
        if d not in left:
            raise InvalidQuestion(
                _("expose: cannot expose {dice_text} from the hidden dice {dice_text2}",
                  dice_text=dice_text(expose_t), dice_text2=dice_text(mine_t)))
        left.remove(d)
    if not left:
        raise InvalidQuestion(_("Montre-moi ton jeu: at least one die must stay under the cup "
                                "(expose fewer than the {mine_t} hidden dice)",
                                mine_t=len(mine_t)))
    if not expose_t and not mine_exposed:
        raise InvalidQuestion(_("Montre-moi ton jeu: re-rolling needs at least one exposed die "
                                "(expose a die first)"))
    if len(mine_t) + len(mine_exposed) > MAX_DICE:
        raise InvalidQuestion(_("mine and my_exposed: a player holds at most {max_dice} dice",
                                max_dice=MAX_DICE))
    exposed = read_dice(others_exposed, "others_exposed") + mine_exposed + expose_t
    return bid_odds(bid, dice_in_play, (), exposed, bidder_held=bidder_held,
                    challenger_held=challenger_held)


__all__ = ["MAX_DICE_IN_PLAY", "BidOdds", "bid_odds", "check_dice_in_play", "binomial_count",
           "binomial_weights", "count_distribution", "count_from_counts", "loss_weights",
           "match_probability", "matches", "odds_from_counts", "odds_from_weights", "p_at_least",
           "read_bid", "read_dice", "read_face", "reroll_odds", "tail_weights"]
