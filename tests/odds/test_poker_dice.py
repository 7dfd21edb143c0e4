"""Exact poker-dice odds against brute-force enumeration over ordered rolls.

The brute force here has its own hand evaluator and never uses multisets or multinomial weights:
it walks every ordered roll (``itertools.product``), so it checks the counting as well as the
ranking.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from bluffkit.core import InvalidQuestion, make_rng
from bluffkit.games.poker_dice import FACES, Category, PokerDiceRules, dice_text
from bluffkit.odds.poker_dice import (
    THREES,
    approx_equity,
    category_counts,
    category_distribution,
    equity,
    equity_by_common,
    five_dice_distribution,
    pot_odds,
)

DEFAULT = PokerDiceRules()
OTHER_COLOURS = PokerDiceRules(colours=("red", "red", "red", "black", "black", "black"))
CATEGORIES_ONLY = PokerDiceRules(tie_break="categories")


# -- an independent evaluator ---------------------------------------------------------------------
def naive_category(five, colours) -> int:
    counts = sorted(Counter(five).values(), reverse=True)
    colour = dict(zip(FACES, colours))
    if counts[0] == 5:
        return 8
    if len({colour[f] for f in five}) == 1:
        return 7
    if sorted(five) in ([9, 10, 11, 12, 13], [10, 11, 12, 13, 14]):
        return 6
    return {4: 5, 3: 4 if counts[1] == 2 else 3, 2: 2 if counts[1] == 2 else 1, 1: 0}[counts[0]]


@cache
def naive_key(six: tuple, colours: tuple, tie_break: str) -> tuple:
    """Best of all 5-dice choices; faces: combination first, then kickers, highest first."""
    best = None
    for five in combinations(six, 5):
        cat = naive_category(five, colours)
        if tie_break == "categories":
            key = (cat,)
        elif cat in (6, 7):
            key = (cat, *sorted(five, reverse=True))
        else:
            key = (cat, *sorted(five, key=lambda f: (five.count(f), f), reverse=True))
        best = key if best is None or key > best else best
    return best


def strength(dice, rules) -> tuple:
    return naive_key(tuple(sorted(dice)), rules.colours, rules.tie_break)


# -- category counts ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [DEFAULT, OTHER_COLOURS])
def test_five_dice_counts_against_every_ordered_roll(rules):
    brute = Counter(naive_category(roll, rules.colours) for roll in product(FACES, repeat=5))
    counts = category_counts(dice=5, rules=rules)
    assert sum(counts.values()) == 7776
    assert {int(c): n for c, n in counts.items() if n} == dict(brute)


def test_five_dice_counts_pinned_by_hand():
    # without colours: 480, 3600, 1800, 1200, 300, 150, 240, -, 6; the all-black and all-red
    # hands (2 x 30) leave full house (2 x 20) and four of a kind (2 x 10)
    assert list(category_counts(dice=5).values()) == [480, 3600, 1800, 1200, 260, 130, 240, 60, 6]
    assert five_dice_distribution().probability(Category.FIVE_OF_A_KIND) == Fraction(1, 1296)


@pytest.mark.parametrize("rules", [DEFAULT, OTHER_COLOURS])
def test_best_of_six_counts_against_every_ordered_roll(rules):
    brute = Counter(strength(roll, rules)[0] for roll in product(FACES, repeat=6))
    counts = category_counts(dice=6, rules=rules)
    assert sum(counts.values()) == 46656
    assert {int(c): n for c, n in counts.items() if n} == dict(brute)
    assert counts[Category.NOTHING] == 0  # six dice always hold a pair or a straight


@pytest.mark.parametrize("known", ["9,K,K", "A,K,10", "J,J,J", "9,10,Q"])
def test_counts_given_three_dice_against_every_ordered_roll(known):
    counts = category_counts(known, 6)
    three = tuple(sorted({"9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}[x]
                         for x in known.split(",")))
    brute = Counter(strength(three + roll, DEFAULT)[0] for roll in product(FACES, repeat=3))
    assert {int(c): n for c, n in counts.items() if n} == dict(brute)
    mine_first = category_distribution(mine=known)
    common_first = category_distribution(common=known)
    assert mine_first == common_first  # six dice: it does not matter whose three are known
    assert sum(counts.values()) == 216


def test_a_certain_hand():
    d = category_distribution("9,K,K", "A,K,10")
    assert d.pmf() == {Category.THREE_OF_A_KIND: 1}


# -- equity --------------------------------------------------------------------------------------
def brute_equity_one(mine, common, rules) -> tuple[int, int, int, Fraction]:
    """Against one opponent: every ordered roll of the unknown dice."""
    win = tie = lose = 0
    commons = [common] if common else list(product(FACES, repeat=3))
    for c in commons:
        me = strength(mine + tuple(c), rules)
        for opp in product(FACES, repeat=3):
            them = strength(tuple(opp) + tuple(c), rules)
            win, tie, lose = (win + (me > them), tie + (me == them), lose + (me < them))
    total = win + tie + lose
    return win, tie, lose, Fraction(2 * win + tie, 2 * total)


POSITIONS = [((9, 13, 13), (10, 13, 14)), ((9, 13, 13), ()), ((14, 14, 14), ()),
             ((9, 10, 12), ()), ((11, 12, 13), (9, 9, 14)), ((9, 9, 14), (14, 14, 9))]


@pytest.mark.parametrize("rules", [DEFAULT, CATEGORIES_ONLY])
@pytest.mark.parametrize("mine,common", POSITIONS)
def test_equity_against_one_opponent_by_full_enumeration(mine, common, rules):
    e = equity(mine, common, opponents=1, rules=rules)
    assert (e.win, e.tie, e.lose, e.equity) == brute_equity_one(mine, common, rules)
    assert e.total == (216 if common else 216**2)


ROLLS3 = Counter(tuple(sorted(r)) for r in product(FACES, repeat=3))
"""Ordered rolls of three dice per sorted result, counted by walking all 216 rolls."""


def slow_equity(mine, common, k, rules) -> tuple[Fraction, Fraction, Fraction]:
    """Against k opponents: every combination of their 3-dice results, explicitly."""
    commons = {common: 1} if common else ROLLS3
    win = tie = share = 0  # integer weights; share is scaled by 12 = lcm(1, 2, 3, 4)
    for c, wc in commons.items():
        me = strength(mine + c, rules)
        for opps in product(ROLLS3, repeat=k):
            w = wc
            for o in opps:
                w *= ROLLS3[o]
            them = [strength(o + c, rules) for o in opps]
            if max(them) < me:
                win += w
                share += 12 * w
            elif max(them) == me:
                tie += w
                share += 12 * w // (1 + them.count(me))
    total = 216 ** (k + (0 if common else 1))
    return Fraction(win, total), Fraction(tie, total), Fraction(share, 12 * total)


def dp_equity(mine, k, rules) -> tuple[Fraction, Fraction, Fraction]:
    """Before the common roll: for each common roll, the distribution of (best opponent
    strength, how many share it), built one opponent at a time."""
    win = tie = share = 0
    for c, wc in ROLLS3.items():
        me = strength(mine + c, rules)
        one = Counter()
        for o, wo in ROLLS3.items():
            one[strength(o + c, rules)] += wo
        best = Counter({(None, 0): wc})
        for _ in range(k):
            nxt: Counter = Counter()
            for (top, n), w in best.items():
                for s, ws in one.items():
                    if top is None or s > top:
                        nxt[(s, 1)] += w * ws
                    elif s == top:
                        nxt[(top, n + 1)] += w * ws
                    else:
                        nxt[(top, n)] += w * ws
            best = nxt
        for (top, n), w in best.items():
            if top < me:
                win += w
                share += 12 * w
            elif top == me:
                tie += w
                share += 12 * w // (n + 1)
    total = 216 ** (k + 1)
    return Fraction(win, total), Fraction(tie, total), Fraction(share, 12 * total)


def _sample_positions(count, seed, with_common):
    rng = make_rng(seed)
    out = []
    for _ in range(count):
        mine = THREES[int(rng.integers(len(THREES)))]
        common = THREES[int(rng.integers(len(THREES)))] if with_common else ()
        out.append((mine, common))
    return out


@pytest.mark.parametrize("mine,common,k", [(m, c, 2) for m, c in _sample_positions(4, 7, True)]
                         + [(m, c, 3) for m, c in _sample_positions(2, 8, True)])
def test_equity_after_the_common_roll_against_slow_enumeration(mine, common, k):
    e = equity(mine, common, opponents=k)
    assert (e.p_win, e.p_tie, e.equity) == slow_equity(mine, common, k, DEFAULT)
    assert e.total == 216**k


@pytest.mark.parametrize("mine,common", _sample_positions(2, 11, False))
def test_equity_before_the_common_roll_two_opponents_slow_enumeration(mine, common):
    e = equity(mine, None, opponents=2)
    assert (e.p_win, e.p_tie, e.equity) == slow_equity(mine, (), 2, DEFAULT)


@pytest.mark.parametrize("mine", [(9, 13, 13), (10, 11, 14)])
def test_equity_before_the_common_roll_three_opponents_one_at_a_time(mine):
    e = equity(mine, None, opponents=3)
    assert (e.p_win, e.p_tie, e.equity) == dp_equity(mine, 3, DEFAULT)
    assert e.total == 216**4 and e.win + e.tie + e.lose == e.total


def test_equity_by_common_averages_to_equity_before_the_roll():
    rows = equity_by_common("9,K,K", opponents=2)
    assert sum(p * eq for _, p, eq in rows) == equity("9,K,K", opponents=2).equity
    assert dice_text(rows[0][0]) == "9,9,9"


def test_monte_carlo_agrees_within_its_error():
    exact = float(equity("9,K,K", opponents=3).equity)
    est, se = approx_equity("9,K,K", opponents=3, deals=40_000, seed=3)
    assert 0 < se < 0.01 and abs(est - exact) < 4 * se
    est, se = approx_equity("9,K,K", "A,K,10", opponents=2, deals=40_000, seed=4)
    assert abs(est - float(equity("9,K,K", "A,K,10", 2).equity)) < 4 * se


def test_pot_odds_and_bad_questions():
    assert pot_odds(3, 12) == Fraction(1, 5) and pot_odds(0, 5) == 0
    with pytest.raises(InvalidQuestion, match="opponents must be 1-3"):
        equity("9,K,K", opponents=4)
    with pytest.raises(InvalidQuestion, match="mine needs 3 dice, got 2"):
        equity("9,K")
    with pytest.raises(InvalidQuestion, match="not a poker-dice face"):
        equity("9,K,8")
    with pytest.raises(InvalidQuestion, match="common needs 0 or 3 dice"):
        equity("9,K,K", "A")
    with pytest.raises(InvalidQuestion, match="mine: .*not dice"):
        equity(9)  # a single number, not dice: was a TypeError
    with pytest.raises(InvalidQuestion, match="rules must be a PokerDiceRules"):
        equity("9,K,K", rules="categories")  # was an AttributeError
    with pytest.raises(InvalidQuestion, match="dice must be 5"):
        category_counts(dice=4)
    with pytest.raises(InvalidQuestion, match="to_call"):
        pot_odds(-1, 3)
