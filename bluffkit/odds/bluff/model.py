"""A stated model of how Bluff players bid, to read their bids as evidence.

**The model ("advice players", one parameter).** Each player decides as bluffkit's advice
(``bluffkit.advice.bluff``) would for their own dice: the choice with the smallest expected number
of dice lost if the next player challenges, with every die they cannot see treated as random,
ties to a raise, then to the higher bid. So a player favours the faces they hold, and bids
higher the more of a face they hold. Except that, with probability ``bluff_rate`` (ε, 1/20 by
default), a player picks any legal choice at random instead: a bluff or a slip. The advice bots
(``AdviceBot``) are this model with ε = 0; ε > 0 keeps every hand possible after any bid, so a
surprising bid is read as a likely bluff instead of an impossibility.

**ε fitted.** By maximum likelihood on every choice of bots in 200 seeded games each
(``benchmarks/bluff_bid_model_fit.py``; ``FITTED`` keeps the values): the advice bots make the
model's choice every time (11,811 of 11,811), so for them the fit is ε = 0 (at most 0.0002 at
95%); bots that always bid their best face truthfully (``HonestBot``) fit ε = 0.32 (0.31-0.33);
the two-player equilibrium (the shipped solved strategies) 0.60 (0.58-0.62); the bot that reads
bids (``BayesBot``) 0.73 (0.70-0.76). The default stays 1/20, between the advice bots' fit and
the others': reading the bids with a fitted ε instead was not stronger in play (4 players, 400
games each: against three advice bots 91.0% of wins with ε = 1/5000, 92.5% with 1/20 over 2,000
games; against three honest bots 55.8% with ε = 7/22, 60.7% with 1/20;
``benchmarks/bluff_bayes.py --bluff-rate``).

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
from typing import Any

from ...core import InvalidQuestion
from ...core.i18n import _
from ...core.npy import numpy_or_none
from ...games.bluff import DIGITS, FACES, STAR, Bid, Challenge, box_index
from .counts import binomial_weights, tail_weights

FACES_ORDER = (*DIGITS, STAR)
"""Faces in the order of the tables' rows: 1-5, then the star."""

DEFAULT_BLUFF_RATE = Fraction(1, 20)

FITTED = {"advice": (0.0, 0.0, 0.0002), "honest": (0.3183, 0.3112, 0.3254),
          "equilibrium": (0.6009, 0.5839, 0.6178), "bayes": (0.7260, 0.6953, 0.7556)}
"""ε fitted by maximum likelihood to each kind of bot, with its 95% likelihood-ratio interval
(``benchmarks/bluff_bid_model_fit.py --games 200 --seed 15``; floats: measured figures)."""


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
                _("bluff_rate must be a fraction strictly between 0 and 1 (e.g. Fraction(1, 20)), "
                  "got {e}", e=repr(e)))
        object.__setattr__(self, "bluff_rate", Fraction(e))

    def describe(self) -> str:
        """The model in plain words (the explanations start with it)."""
        e = self.bluff_rate
        text = _("each player bids as this advice would for their own dice (the choice that "
                 "costs them the fewest dice if the next player challenges, every die they "
                 "cannot see treated as random), except that {share} of the time (ε = {e}) "
                 "they pick any legal choice at random: a bluff or a slip", share=_pct(e),
                 e=f"{e.numerator}/{e.denominator}")
        text += ". " + _("Fitted to how bots really bid (maximum likelihood), ε is {advice:.0f} "
                         "for the advice bots (they bid exactly this way), {honest:.2f} for bots "
                         "that always bid their best face truthfully and {equilibrium:.2f} for "
                         "the two-player equilibrium", **{k: v[0] for k, v in FITTED.items()})
        if e == DEFAULT_BLUFF_RATE:
            text += ". " + _("The default {default} lies between, and it played at least as "
                             "well as the fitted values", default=e)
        return text

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
    ordered rolls giving it: they add up to 6^n) and the match counts: (hands, 6) in
    FACES_ORDER, a numpy array, or a tuple of tuples without numpy."""

    n: int
    dice: tuple[tuple[int, ...], ...]
    ways: tuple[int, ...]
    counts: Any

    def column(self, j: int) -> list[int]:
        """The match counts of every hand for ``FACES_ORDER[j]``."""
        return [row[j] for row in self.counts] if isinstance(self.counts, tuple) else \
            self.counts[:, j].tolist()

    @property
    def total(self) -> int:
        return 6 ** self.n


@cache
def hands(n: int) -> Hands:
    """The hands of ``n`` dice (0-5), e.g. 252 hands of 5 dice (built when first asked, then
    kept: not at import, where it cost the first advice 6 ms in Pyodide for the sizes it did
    not need).

    >>> h = hands(2)
    >>> len(h.dice), sum(h.ways) == h.total
    (21, True)
    """
    dice = tuple(combinations_with_replacement(FACES, n))
    counts = tuple(match_counts(h) for h in dice)  # stars count for every digit
    fact = [math.factorial(k) for k in range(n + 1)]
    ways = [fact[n] // math.prod(fact[h.count(f)] for f in FACES) for h in dice]
    np = numpy_or_none()
    if np is not None:
        counts = np.array(counts, dtype=np.int64).reshape(len(dice), 6)
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
    n = 0 if previous is None else 1
    for face in FACES:
        n += max(0, top - _first_count(previous, face) + 1)  # a raise on a face stays one
    return n                                                   # at higher counts


def _raises(count: int, face: int, previous: Bid) -> bool:
    box = box_index(count, face)
    return box > previous.box or (box == previous.box and not previous.is_star
                                  and face != STAR and face > previous.face)


def smallest_raise(previous: Bid | None, face: int, top: int) -> Bid | None:
    """The smallest legal raise of ``previous`` on ``face`` with at most ``top`` dice.

    >>> smallest_raise(Bid(4, 3), 2, 30), smallest_raise(Bid(4, 3), STAR, 30)
    (Bid(count=5, face=2), Bid(count=3, face=6))
    """
    first = _first_raise(previous, face)
    return first if first.count <= top else None


def _first_raise(previous: Bid | None, face: int) -> Bid:
    """The smallest raise of ``previous`` on ``face``, whatever the dice in play."""
    return Bid(_first_count(previous, face), face)


def _first_count(previous: Bid | None, face: int) -> int:
    """The count of the smallest raise of ``previous`` on ``face``. The ladder
    (``bluffkit.games.bluff.box_index``): star box s is box 3s - 2; the digit boxes are the
    others, digit count c on box c - 1 + c // 2, so digit box b holds count 2b // 3 + 1."""
    if previous is None:
        return 1
    b = previous.box
    if face == STAR:
        return (b + 2) // 3 + 1
    if not previous.is_star and face > previous.face:
        return 2 * b // 3 + 1  # same box, higher digit
    b += 2 if (b + 1) % 3 == 1 else 1  # the next digit box
    return 2 * b // 3 + 1


def _key(loss: int, action) -> int:
    """The advice's order as one whole number: smallest loss, then a raise before a challenge,
    then the higher bid (``loss``: expected dice lost times 6^unknown, a whole number, so that
    the keys of one table compare exactly and fast)."""
    if isinstance(action, Bid):
        return _raise_key(loss, action.count, action.face)
    return ((loss * 2 + 1) * 256 + 255) * 8 + 7


def _raise_key(loss: int, count: int, face: int) -> int:
    return ((loss * 2) * 256 + 255 - box_index(count, face)) * 8 + 7 - face


def action_code(action) -> int:
    """A choice as a whole number: ``count * 8 + face`` for a bid, -1 for the challenge.

    >>> action_code(Bid(7, 3)), action_code(Challenge()), code_bid(59)
    (59, -1, Bid(count=7, face=3))
    """
    return action.count * 8 + action.face if isinstance(action, Bid) else -1


@cache
def code_bid(code: int) -> Bid:
    """The bid of ``action_code`` ``code`` (a bid's code, not -1; the same ``Bid`` each time:
    a look ahead asks thousands of times for a few hundred bids)."""
    return Bid(code // 8, code % 8)


class DecisionTable:
    """The advice's choice for every hand, at one public decision point.

    Args:
        previous: the bid to raise or challenge (``None``: opening the round).
        held: dice the deciding player holds.
        dice_in_play: all dice in play.

    ``entries[i][m]`` is ``(key, code)`` (``_key``, ``action_code``): the best raise on face
    ``FACES_ORDER[i]`` for a hand with ``m`` matching dice (``None`` when no raise on that
    face is legal); row 6 is the challenge (by matches of the previous bid's face). ``rank``
    orders every entry by the advice's key, so a hand's choice is the entry of smallest rank;
    ``actions`` lists the choices by rank.
    """

    def __init__(self, previous: Bid | None, held: int, dice_in_play: int):
        self.previous, self.held, self.dice_in_play = previous, held, dice_in_play
        unknown = dice_in_play - held
        self.legal = legal_count(previous, dice_in_play)
        rows = [_raise_row(_first_count(previous, face), face, held, dice_in_play)
                for face in FACES_ORDER]
        rows.append((None,) * (held + 1) if previous is None else
                    _challenge_row(previous.count, previous.is_star, held, unknown))
        self.entries = rows
        keyed = sorted({e for row in rows for e in row if e is not None})
        self.action_codes = [code for _rank, code in keyed]
        order = {e: r for r, e in enumerate(keyed)}
        big = len(keyed)
        self.rows = [[big if e is None else order[e] for e in row] for row in rows]
        self._all = None
        self._ranks: dict[int, int] = {}  # hand_rank's, before choices() ranks every hand
        self._actions: list | None = None
        self._codes = None
        self._face_col = (FACES_ORDER.index(previous.face) if previous is not None else 0)

    @property
    def actions(self) -> list:
        """The choices by rank (``Bid`` or ``Challenge``; built when first asked)."""
        if self._actions is None:
            self._actions = [CHALLENGE if c < 0 else code_bid(c) for c in self.action_codes]
        return self._actions

    def choice(self, counts) -> Bid | Challenge:
        """The advice's choice for a hand with match counts ``counts`` (``match_counts``)."""
        return self.actions[self.choice_rank(counts)]

    def choice_rank(self, counts) -> int:
        """The rank of the advice's choice for a hand with match counts ``counts``."""
        r = self.rows
        return min(r[0][counts[0]], r[1][counts[1]], r[2][counts[2]], r[3][counts[3]],
                   r[4][counts[4]], r[5][counts[5]], r[6][counts[self._face_col]])

    def hand_rank(self, h: int) -> int:
        """``choices()[h]``: the rank of the advice's choice for hand ``h`` of ``hands(held)``,
        ranked alone until ``choices()`` ranks every hand (a look ahead without numpy meets a
        few of the 252 hands of 5 dice at each of the bids it plays through)."""
        if self._all is not None:
            return int(self._all[h])
        rank = self._ranks.get(h)
        if rank is None:
            rank = self._ranks[h] = self.choice_rank(hands(self.held).counts[h])
        return rank

    def choices(self):
        """The rank of the advice's choice for every hand of ``held`` dice (cached; a numpy
        array, or a tuple without numpy)."""
        if self._all is None:
            m = hands(self.held).counts
            np = numpy_or_none()
            if np is None:
                self._all = tuple(self.choice_rank(c) for c in m)
                return self._all
            rank = np.array(self.rows, dtype=np.int64)
            best = rank[np.arange(6), m].min(axis=1)  # over the six faces
            if self.previous is not None:
                best = np.minimum(best, rank[6, m[:, self._face_col]])
            best.setflags(write=False)
            self._all = best
        return self._all

    def codes(self):
        """``action_codes``, then -2 for "no entry" (cached; an array with numpy)."""
        if self._codes is None:
            np = numpy_or_none()
            self._codes = (*self.action_codes, -2)
            if np is not None:
                self._codes = np.array(self._codes, dtype=np.int64)
                self._codes.setflags(write=False)
        return self._codes

    def makes(self, action):
        """For every hand of ``held`` dice: does the advice choose ``action``? (An action can
        sit at several ranks, e.g. 2x4 costing 0 with two 4s and 8/27 with one.) A numpy
        array of booleans, or a list without numpy."""
        codes, code = self.codes(), action_code(action)
        if isinstance(codes, tuple):
            return [codes[r] == code for r in self.choices()]
        return codes[self.choices()] == code

    def explains(self, action) -> bool:
        """True when the advice chooses ``action`` for some hand."""
        return action_code(action) in self.action_codes


CHALLENGE = Challenge()


@lru_cache(maxsize=50_000)
def _raise_row(c0: int, face: int, held: int, top: int) -> tuple:
    """The advice's best raise on ``face`` for a hand with m = 0..``held`` matching dice, as
    ``(key, code)``, when the smallest raise on that face has ``c0`` dice (``None`` past
    ``top``): among the smallest raise, the highest count more likely true than not, and m
    (losses in whole numbers: ``_face_losses``)."""
    if c0 > top:
        return (None,) * (held + 1)
    unknown = top - held
    row = []
    for m in range(held + 1):
        lost, likely, total = _face_losses(face == STAR, m, unknown, held, top)
        best = c0
        for c in (max(c0, likely), m):
            if c >= c0 and (lost[c] < lost[best] or (lost[c] == lost[best] and c > best)):
                best = c
        row.append((_raise_key(lost[best] * (6 ** unknown // total), best, face),
                    best * 8 + face))
    return tuple(row)


@lru_cache(maxsize=20_000)
def _challenge_row(count: int, star: bool, held: int, unknown: int) -> tuple:
    """``(key, code)`` of challenging a bid of ``count`` for m = 0..``held`` matching dice."""
    return tuple((_key(_challenge_loss(count, star, m, unknown, held), CHALLENGE), -1)
                 for m in range(held + 1))


@lru_cache(maxsize=20_000)
def _face_losses(star: bool, m: int, unknown: int, held: int,
                 top: int) -> tuple[tuple[int, ...], int, int]:
    """For bids of count 0..``top`` on a face (digit or star) when I hold ``m`` matching dice
    and ``unknown`` dice are hidden: the weights (over the binomial ``total``) of the dice I
    lose if challenged, E[min(count - A, held)] over A < count; the highest count more likely
    true than not; and ``total``."""
    w, total = binomial_weights(unknown, star)
    tails = tail_weights(unknown, star)
    # lost[c + 1] - lost[c] = weight of c - held < A <= c: the bids between lose one die more
    at = [0] * (top + 1)  # weight of A = a (A = m + k)
    for k, wk in enumerate(w):
        if m + k <= top:
            at[m + k] = wk
    lost = [0]
    window = 0
    likely = 0
    for c in range(top + 1):
        window += at[c] - (at[c - held] if c >= held else 0)
        lost.append(lost[-1] + window)
        need = max(0, c - m)
        if need <= unknown and 2 * tails[need] > total:
            likely = c
    lost.pop()
    return tuple(lost), likely, total


def _challenge_loss(count: int, star: bool, m: int, unknown: int, held: int) -> int:
    """Dice I expect to lose challenging ``count`` on a face, times 6^unknown:
    E[min(A - count, held)] over A > count, plus P(A = count) (when I hold dice)."""
    w, total = binomial_weights(unknown, star)
    tails = tail_weights(unknown, star)  # min(A - count, held) = #{t = 1..held: A >= count + t}
    need = count - m
    lost = sum(tails[min(max(0, need + t), unknown + 1)] for t in range(1, held + 1))
    if held >= 1 and 0 <= need <= unknown:
        lost += w[need]  # A = count: the challenger loses one die too
    return lost * (6 ** unknown // total)


@lru_cache(maxsize=20_000)
def decision_table(previous: Bid | None, held: int, dice_in_play: int) -> DecisionTable:
    """The (cached) ``DecisionTable`` of one public decision point."""
    return DecisionTable(previous, held, dice_in_play)


__all__ = ["BidModel", "DecisionTable", "FACES_ORDER", "FITTED", "Hands", "action_code", "code_bid",
           "decision_table", "hands", "legal_choices", "legal_count", "match_counts",
           "smallest_raise"]
