"""Exact odds of poker dice with peekers: hand categories, and equity against unknown hands.

Every answer counts rolls exactly: a roll of ``k`` unknown dice is enumerated once per sorted
multiset, weighted by its multinomial number of orders (``bluffkit.games.poker_dice.rolls``), so
the counts are over the ``6**k`` equally likely ordered rolls. Nothing is sampled, except in
``approx_equity`` (a Monte Carlo estimate, for comparison).

Equity against ``k`` opponents assumes their dice are unknown and random (no reading of their
bets). Opponents' hands are not independent of each other while the common dice are unknown (they
share them), so the common roll is enumerated (56 multisets) and, for each, every opponent's
three dice (56 multisets each); given the common dice the opponents are independent, so ``k``
enters as a power. Every 6-dice hand is ranked once into an integer strength table (56 x 56:
my or an opponent's 3 dice against the common 3), which makes equity a few thousand integer
comparisons (plain Python: a command line that asks for equity does not load numpy, which only
the simulation ``approx_equity`` uses). A tie among ``t + 1`` best hands counts ``1 / (t + 1)``
of the pot, as the rules split it (the odd point, at most 1, is left out of equity). All counts,
up to ``216**4 x 12`` (about 2.6e10) for 3 opponents, are Python integers: nothing overflows.

>>> counts = category_counts(dice=5)
>>> counts[Category.FOUR_OF_A_KIND], counts[Category.LARGE_STRAIGHT], sum(counts.values())
(130, 240, 7776)
>>> e = equity("9,K,K", common="A,K,10", opponents=2)
>>> e.p_win + e.p_tie + e.p_lose
Fraction(1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from ..core import Distribution, InvalidQuestion, ParseError, make_rng
from ..core.checks import is_whole
from ..core.i18n import _
from ..core.npy import numpy_or_none, pairwise_sum
from ..core.rng import Seed, as_list
from ..games.poker_dice import (
    COMMON_DICE,
    DICE_PER_PEEKER,
    FACES,
    Category,
    PokerDiceRules,
    best_hand,
    dice_text,
    hand_key,
    multisets,
    parse_dice,
)

if TYPE_CHECKING:
    import numpy as np

MAX_OPPONENTS = 3
"""Poker dice has 4 peekers, so at most 3 opponents."""


# -- reading the question ---------------------------------------------------------------------
def read_dice(dice: str | Iterable | None, name: str, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Dice given as ``"9,K,K"`` or faces, checked to hold one of ``sizes`` dice.

    >>> read_dice("K,9,K", "mine", (3,))
    (9, 13, 13)
    """
    try:
        out = parse_dice(dice) if dice is not None else ()
    except ParseError as e:
        raise InvalidQuestion(_("{name}: {e}", name=name, e=e)) from None
    if len(out) not in sizes:
        want = _(" or ").join(str(s) for s in sizes)
        raise InvalidQuestion(_("{name} needs {want} dice, got {out} ({dice_text})",
                                name=name, want=want, out=len(out), dice_text=dice_text(out)))
    return out


def _rules(rules: PokerDiceRules | None) -> PokerDiceRules:
    if rules is not None and not isinstance(rules, PokerDiceRules):
        raise InvalidQuestion(_("rules must be a PokerDiceRules (or None for the defaults), got "
                                "{rules}; e.g. PokerDiceRules(tie_break='categories')",
                                rules=repr(rules)))
    return rules or PokerDiceRules()


def _opponents(k) -> int:
    if not is_whole(k, 1, MAX_OPPONENTS):
        raise InvalidQuestion(_("opponents must be 1-{max_opponents} (poker dice has at most 4 "
                                "players), got {k}", max_opponents=MAX_OPPONENTS, k=repr(k)))
    return k


# -- hand categories ----------------------------------------------------------------------------
def category_counts(known: str | Iterable = (), dice: int = 6,
                    rules: PokerDiceRules | None = None) -> dict[Category, int]:
    """How many of the equally likely rolls of the unknown dice make each category.

    Args:
        known: dice already seen (mine, the common dice, or both).
        dice: 5 (a hand of five dice) or 6 (the best 5 of 6: peeker plus common dice).
        rules: colours and tie-break (the defaults when ``None``).

    Returns:
        Every category (zeros included), with counts summing to ``6 ** (dice - len(known))``.

    >>> c = category_counts(dice=6)
    >>> c[Category.NOTHING], c[Category.LARGE_STRAIGHT], sum(c.values())
    (0, 4320, 46656)
    >>> category_counts("9,K,K", dice=6)[Category.FIVE_OF_A_KIND]
    1
    """
    if dice not in (5, 6):
        raise InvalidQuestion(_("dice must be 5 (a hand) or 6 (the best 5 of 6), got {dice}",
                                dice=repr(dice)))
    known = read_dice(known, _("known dice"), tuple(range(dice + 1)))
    r = _rules(rules)
    return dict(_category_counts(known, dice, r.colours))


@cache
def _category_counts(known, dice, colours) -> tuple[tuple[Category, int], ...]:
    counts = dict.fromkeys(Category, 0)
    for rest, weight in multisets(dice - len(known)):
        five_or_six = known + rest
        if dice == 5:
            category = hand_key(tuple(sorted(five_or_six)), colours)[0]
        else:
            category = best_hand(five_or_six, colours).category
        counts[category] += weight
    return tuple(counts.items())


def category_distribution(mine: str | Iterable = (), common: str | Iterable = (),
                          rules: PokerDiceRules | None = None) -> Distribution:
    """The category of the best 5 of 6 dice (3 mine, 3 common), the unknown ones rolled.

    Give my dice (before the common roll), the common dice (an opponent's hand as I see it),
    both (a certain hand) or neither (any player's hand before anything is seen).

    >>> category_distribution("9,K,K").probability(Category.FIVE_OF_A_KIND)
    Fraction(1, 216)
    """
    mine = read_dice(mine, "mine", (0, DICE_PER_PEEKER))
    common = read_dice(common, "common", (0, COMMON_DICE))
    counts = category_counts(mine + common, 6, rules)
    return Distribution({c: n for c, n in counts.items() if n})


def five_dice_distribution(rules: PokerDiceRules | None = None) -> Distribution:
    """The category of five dice rolled at once (out of 7,776 rolls).

    >>> five_dice_distribution().probability(Category.LARGE_FLUSH)
    Fraction(5, 648)
    """
    return Distribution({c: n for c, n in category_counts((), 5, rules).items() if n})


# -- the strength table -------------------------------------------------------------------------
THREES = tuple(d for d, _w in multisets(3))
"""The 56 sorted multisets of three dice."""
THREE_WEIGHTS = tuple(w for _d, w in multisets(3))
"""Their multinomial weights (sum 216)."""
_INDEX3 = {d: i for i, d in enumerate(THREES)}


@cache
def strength_table(colours: tuple[str, ...] = PokerDiceRules().colours,
                   tie_break: str = "faces") -> tuple[tuple[int, ...], ...]:
    """``T[a, b]``: strength of the best 5 of the 6 dice ``THREES[a] + THREES[b]``.

    Strengths are dense ranks of the hands' comparison keys, so ``T[a, c] > T[b, c]`` exactly when
    3 dice ``a`` beat 3 dice ``b`` with the common dice ``c``. The table is symmetric.

    >>> T = strength_table()
    >>> len(T), len(T[0]), all(T[a][b] == T[b][a] for a in range(56) for b in range(56))
    (56, 56, True)
    """
    keys = {six: best_hand(six, colours, tie_break).key
            for six in combinations_with_replacement(FACES, 6)}
    rank = {k: i for i, k in enumerate(sorted(set(keys.values())))}
    return tuple(tuple(rank[keys[tuple(sorted(a + b))]] for b in THREES) for a in THREES)


# -- equity -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Equity:
    """My chances against ``opponents`` unknown random hands, counted exactly.

    ``total`` equally likely cases: every ordered roll of the unknown dice (``6**(3k)`` after
    the common roll, ``6**(3k + 3)`` before). ``win`` counts the cases where my hand beats every
    opponent, ``tie`` those where it ties the best, ``lose`` the rest; ``equity`` is my expected
    share of the pot, ties split equally.
    """

    mine: tuple[int, ...]
    common: tuple[int, ...]
    opponents: int
    win: int
    tie: int
    lose: int
    total: int
    equity: Fraction

    @property
    def p_win(self) -> Fraction:
        return Fraction(self.win, self.total)

    @property
    def p_tie(self) -> Fraction:
        return Fraction(self.tie, self.total)

    @property
    def p_lose(self) -> Fraction:
        return Fraction(self.lose, self.total)

    def to_json(self) -> dict:
        return {"mine": dice_text(self.mine), "common": dice_text(self.common),
                "opponents": self.opponents, "win": self.win, "tie": self.tie,
                "lose": self.lose, "total": self.total, "p_win": self.p_win,
                "p_tie": self.p_tie, "p_lose": self.p_lose, "equity": self.equity}


def equity(mine: str | Iterable, common: str | Iterable | None = None, opponents: int = 1,
           rules: PokerDiceRules | None = None) -> Equity:
    """Exact chances of my 3 dice against ``opponents`` unknown random hands.

    Args:
        mine: my peeker's 3 dice.
        common: the 3 common dice, or ``None`` / empty before the common roll.
        opponents: 1-3 players still in, whose dice are unknown (their bets are not read).
        rules: colours and tie-break.

    Raises:
        InvalidQuestion: for dice that are not 3 faces, or a number of opponents outside 1-3.

    >>> e = equity("9,K,K", "A,K,10", opponents=1)
    >>> e.win, e.tie, e.lose, e.total
    (147, 3, 66, 216)
    >>> equity("A,A,A", opponents=3).equity
    Fraction(5636876755, 8707129344)
    """
    r = _rules(rules)
    k = _opponents(opponents)
    mine = read_dice(mine, "mine", (DICE_PER_PEEKER,))
    common = read_dice(common, "common", (0, COMMON_DICE))
    table = strength_table(r.colours, r.tie_break)
    m = _INDEX3[mine]
    if common:
        rows, weights = [_INDEX3[common]], [1]
    else:
        rows, weights = range(len(THREES)), THREE_WEIGHTS
    lt, eq = _below_and_equal(table, tuple(rows), m)
    win = tie = lose = 0
    all_opp = 216**k
    for w, low, same in zip(weights, lt, eq):
        win += w * low**k
        tie += w * ((low + same) ** k - low**k)
        lose += w * (all_opp - (low + same) ** k)
    scale, shares = _shares(lt, eq, k)
    share_num = sum(w * x for w, x in zip(weights, shares))
    total = all_opp * (216 if not common else 1)
    share = Fraction(share_num, total * scale)
    return Equity(mine, common, k, win, tie, lose, total, share)


def _shares(lt: list[int], eq: list[int], k: int) -> tuple[int, list[int]]:
    """``(scale, numerators)``: for each common roll, my expected share of the pot times
    ``216**k * scale`` (an integer: ties among ``t + 1`` split the pot in ``t + 1``)."""
    scale = math.lcm(*range(1, k + 2))
    return scale, [sum(math.comb(k, t) * same**t * low ** (k - t) * (scale // (t + 1))
                       for t in range(k + 1)) for low, same in zip(lt, eq)]


def common_roll_equities(mine: str | Iterable, opponents: int = 1,
                         rules: PokerDiceRules | None = None) -> tuple[int, list[tuple[
                             tuple[int, ...], int, int]]]:
    """My equity after each possible common roll, as integers, in one pass (for the advice).

    Returns:
        ``(denominator, rows)`` with a row ``(common dice, ways out of 216, numerator)`` for
        each of the 56 common multisets: my equity after that roll is
        ``numerator / denominator``. ``equity_by_common`` gives the same as fractions.

    >>> den, rows = common_roll_equities("A,A,A", 1)
    >>> average = Fraction(sum(w * n for _, w, n in rows), 216 * den)
    >>> len(rows), sum(w for _, w, _ in rows), average == equity("A,A,A", None, 1).equity
    (56, 216, True)
    """
    r = _rules(rules)
    k = _opponents(opponents)
    mine = read_dice(mine, "mine", (DICE_PER_PEEKER,))
    table = strength_table(r.colours, r.tie_break)
    lt, eq = _below_and_equal(table, tuple(range(len(THREES))), _INDEX3[mine])
    scale, shares = _shares(lt, eq, k)
    return 216**k * scale, list(zip(THREES, THREE_WEIGHTS, shares))


def _below_and_equal(table, rows: tuple[int, ...], m: int) -> tuple[list, list]:
    """For each common multiset ``c`` in ``rows``: the weight of opponents' 3 dice below and
    equal to my strength ``table[c][m]`` (out of 216)."""
    lt, eq = [], []
    for c in rows:
        row = table[c]
        mine = row[m]
        lt.append(sum(w for s, w in zip(row, THREE_WEIGHTS) if s < mine))
        eq.append(sum(w for s, w in zip(row, THREE_WEIGHTS) if s == mine))
    return lt, eq


def equity_by_common(mine: str | Iterable, opponents: int = 1,
                     rules: PokerDiceRules | None = None) -> list[tuple[tuple[int, ...],
                                                                      Fraction, Fraction]]:
    """For each possible common roll: ``(common dice, probability, my equity after it)``.

    The probabilities sum to 1 and the equities average (weighted) to the equity before the
    common roll.

    >>> rows = equity_by_common("A,A,A", opponents=1)
    >>> len(rows), sum(p for _, p, _ in rows)
    (56, Fraction(1, 1))
    """
    out = []
    for common, w in multisets(COMMON_DICE):
        e = equity(mine, common, opponents, rules)
        out.append((common, Fraction(w, 216), e.equity))
    return out


def pot_odds(to_call: int, pot: int) -> Fraction:
    """The share of the final pot a call must win to break even: ``to_call / (pot + to_call)``.

    Args:
        to_call: points I must add.
        pot: points already in the middle (everyone's, mine included).

    >>> pot_odds(3, 12)
    Fraction(1, 5)
    """
    if not is_whole(to_call, 0):
        raise InvalidQuestion(_("to_call must be a whole number >= 0, got {to_call}",
                                to_call=repr(to_call)))
    if not is_whole(pot, 0) or pot + to_call == 0:
        raise InvalidQuestion(_("pot must be a whole number >= 0 (with something to win), got "
                                "{pot}", pot=repr(pot)))
    return Fraction(to_call, pot + to_call)


# -- Monte Carlo, for comparison ---------------------------------------------------------------
def approx_equity(mine: str | Iterable, common: str | Iterable | None = None,
                  opponents: int = 1, deals: int = 100_000, seed: Seed = None,
                  rules: PokerDiceRules | None = None) -> tuple[float, float]:
    """A Monte Carlo estimate of ``equity(...)``: ``(estimate, standard error)`` as floats.

    Rolls ``deals`` random deals of the unknown dice (vectorised with numpy where it is
    installed; in plain Python, with the same draws and the same floats, where it is not); for
    comparison with the exact answer, never instead of it.

    >>> est, se = approx_equity("A,A,A", opponents=3, deals=20_000, seed=1)
    >>> abs(est - float(equity("A,A,A", opponents=3).equity)) < 4 * se
    True
    """
    r = _rules(rules)
    k = _opponents(opponents)
    mine = read_dice(mine, "mine", (DICE_PER_PEEKER,))
    common = read_dice(common, "common", (0, COMMON_DICE))
    if not is_whole(deals, 2):
        raise InvalidQuestion(_("deals must be a whole number >= 2, got {deals}",
                                deals=repr(deals)))
    rng = make_rng(seed)
    ordered = [_INDEX3[tuple(sorted((FACES[a], FACES[b], FACES[c])))]
               for a in range(6) for b in range(6) for c in range(6)]
    np = numpy_or_none()  # the simulation only: exact equity needs no numpy
    if np is None:
        return _approx_equity_plain(rng, strength_table(r.colours, r.tie_break), ordered,
                                    _INDEX3[common] if common else None, _INDEX3[mine], k, deals)
    table, ordered = np.array(strength_table(r.colours, r.tie_break)), np.array(ordered)

    def roll(shape) -> np.ndarray:  # the multiset index of ordered rolls, at 36a + 6b + c
        d = rng.integers(0, 6, size=shape + (3,))
        return ordered[d[..., 0] * 36 + d[..., 1] * 6 + d[..., 2]]

    c = np.full(deals, _INDEX3[common]) if common else roll((deals,))
    me = table[c, _INDEX3[mine]]
    opp = table[c[:, None], roll((deals, k))]
    best = opp.max(axis=1)
    ties = (opp == me[:, None]).sum(axis=1)
    share = np.where(best > me, 0.0, 1.0 / (1 + ties))
    return float(share.mean()), float(share.std(ddof=1) / math.sqrt(deals))


def _approx_equity_plain(rng, table, ordered, common, mine, k, deals) -> tuple[float, float]:
    """``approx_equity``'s simulation without numpy: the same draws, and the mean and standard
    deviation summed as numpy sums them (pairwise), so the same floats."""
    def rolled(d):
        return ordered[d[0] * 36 + d[1] * 6 + d[2]]

    commons = [common] * deals if common is not None else [
        rolled(d) for d in as_list(rng.integers(0, 6, size=(deals, 3)))]
    others = as_list(rng.integers(0, 6, size=(deals, k, 3)))
    share = []
    for c, rolls in zip(commons, others):
        me, opp = table[c][mine], [table[c][rolled(d)] for d in rolls]
        share.append(0.0 if max(opp) > me else 1.0 / (1 + opp.count(me)))
    mean = pairwise_sum(share) / deals
    var = pairwise_sum([(x - mean) * (x - mean) for x in share]) / (deals - 1)
    return mean, math.sqrt(var) / math.sqrt(deals)


__all__ = ["Equity", "MAX_OPPONENTS", "THREES", "THREE_WEIGHTS", "approx_equity",
           "category_counts", "category_distribution", "common_roll_equities", "equity",
           "equity_by_common", "five_dice_distribution", "pot_odds", "read_dice", "strength_table"]
