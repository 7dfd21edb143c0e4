"""Bluff odds pinned to brute-force enumeration of every roll and to the rulebook's examples."""

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from bluffkit.core import Distribution, InvalidQuestion
from bluffkit.games.bluff import FACES, STAR, Bid
from bluffkit.odds.bluff import bid_odds, count_distribution, loss_weights, reroll_odds


def brute_counts(face, known_dice, unknown):
    """Every roll of the unknown dice, equally likely: face -> Counter of the true count A."""
    counts = Counter()
    for roll in product(FACES, repeat=unknown):
        dice = list(known_dice) + list(roll)
        counts[sum(1 for d in dice if d == face or (d == STAR and face != STAR))] += 1
    return counts


def brute_odds(count, face, known_dice, unknown, bidder_held=99, challenger_held=99):
    c = brute_counts(face, known_dice, unknown)
    total = 6**unknown
    p = {a: Fraction(w, total) for a, w in c.items()}
    return {
        "p_true": sum(q for a, q in p.items() if a >= count),
        "p_exact": p.get(count, Fraction(0)),
        "bidder_loss": sum(q * min(count - a, bidder_held) for a, q in p.items() if a < count),
        "challenger_loss": sum(q * min(a - count, challenger_held) for a, q in p.items()
                               if a > count) + (p.get(count, 0) if challenger_held else 0),
    }


CASES = [  # (mine, exposed, unknown)
    ((), (), 3), ((3, 3, STAR), (), 3), ((1, 2), (STAR, 5), 4), ((STAR,), (2, 2, 2), 2),
    ((4, 4, 4, 4, 4), (), 1), ((), (STAR, STAR), 0), ((1, 5), (), 4),
]


@pytest.mark.parametrize("mine,exposed,unknown", CASES)
@pytest.mark.parametrize("face", FACES)
def test_count_distribution_matches_every_roll(mine, exposed, unknown, face):
    n = len(mine) + len(exposed) + unknown
    d = count_distribution(face, n, mine, exposed)
    c = brute_counts(face, mine + exposed, unknown)
    assert d.pmf() == {a: Fraction(w, 6**unknown) for a, w in sorted(c.items())}


@pytest.mark.parametrize("mine,exposed,unknown", CASES)
@pytest.mark.parametrize("face", [2, 5, STAR])
def test_bid_odds_match_every_roll(mine, exposed, unknown, face):
    n = len(mine) + len(exposed) + unknown
    for count in range(1, n + 1):
        for bh, ch in [(None, None), (1, 2), (3, 0)]:
            o = bid_odds(Bid(count, face), n, mine, exposed, bidder_held=bh, challenger_held=ch)
            want = brute_odds(count, face, mine + exposed, unknown,
                              99 if bh is None else bh, 99 if ch is None else ch)
            assert o.p_true == want["p_true"]
            assert o.p_exact == want["p_exact"]
            assert o.p_false == 1 - want["p_true"]
            assert o.bidder_loss == want["bidder_loss"]
            assert o.challenger_loss == want["challenger_loss"]
            assert o.other_loss == want["p_exact"]
            assert o.expected_count == o.dist.mean()


def test_rulebook_ten_twos_with_twelve_matching_costs_the_doubter_two():
    # 8 twos and 4 stars showing: 12 match a bid on 2s; the bid was 10x2 (the rulebook's "12"
    # is a typo): the doubter gives 12 - 10 = 2 dice, nobody else loses.
    o = bid_odds("10x2", 15, exposed=[2] * 8 + [STAR] * 4 + [1, 3, 5])
    assert o.dist == Distribution.point(12)
    assert (o.challenger_loss, o.bidder_loss, o.other_loss) == (2, 0, 0)
    assert o.p_true == 1 and o.p_exact == 0


def test_rulebook_eight_stars_exactly_everyone_but_the_bidder_loses_one():
    o = bid_odds("8x*", 20, mine=(STAR, STAR, 1), exposed=[STAR] * 6 + [2] * 11)
    assert o.dist == Distribution.point(8)
    assert (o.bidder_loss, o.challenger_loss, o.other_loss) == (0, 1, 1)


def test_rule_of_thumb_n_over_3_and_n_over_6():
    digit = bid_odds("7x3", 20, mine="3,3,*,1,2")
    star = bid_odds("4x*", 20, mine="3,3,*,1,2")
    assert digit.rule_of_thumb == Fraction(20, 3)
    assert star.rule_of_thumb == Fraction(20, 6)
    # the rule applied to the 15 unknown dice plus my matches is the exact expectation
    assert digit.rule_of_thumb_known == 3 + Fraction(15, 3) == digit.expected_count
    assert star.rule_of_thumb_known == 1 + Fraction(15, 6) == star.dist.mean()


@pytest.mark.parametrize("mine,expose,my_exposed,others", [
    ((3, 3, STAR, 1, 2), (3, 3, STAR), (), ()),
    ((1, 2, 4), (1,), (), (3,)),
    ((2, 5), (), (3,), (STAR, 4)),
    ((STAR, STAR, 3), (STAR,), (), ()),
])
@pytest.mark.parametrize("face", [3, STAR])
def test_reroll_odds_match_every_reroll(mine, expose, my_exposed, others, face):
    n = len(mine) + len(my_exposed) + len(others) + 2  # two unknown dice of other players
    rerolled = len(mine) - len(expose)
    for count in range(1, n + 1):
        o = reroll_odds(Bid(count, face), n, mine, expose, others, my_exposed)
        want = brute_odds(count, face, expose + my_exposed + others, 2 + rerolled, 5, 5)
        assert (o.p_true, o.p_exact, o.bidder_loss) == (
            want["p_true"], want["p_exact"], want["bidder_loss"])
        assert o.unknown == 2 + rerolled


def test_reroll_helps_a_bid_on_the_shown_dice():
    before = bid_odds("4x3", 5, mine="3,3,*,1,2")
    after = reroll_odds("4x3", 5, mine="3,3,*,1,2", expose="3,3,*")
    assert before.p_true == 0 and after.p_true == 1 - Fraction(2, 3) ** 2


def test_accepts_text_and_tuples_alike():
    a = bid_odds("5x*", 10, "3,3,*", [(STAR,), "2"])
    b = bid_odds(Bid(5, STAR), 10, (3, 3, 6), (6, 2))
    assert a == b
    assert count_distribution("*", 10, "3,3,*") == count_distribution(6, 10, (3, 6, 3))


def test_to_json_is_fraction_strings():
    j = bid_odds("7x3", 20, mine="3,3,*,1,2").to_json()
    assert j["p_true"] == "11346539/14348907"
    assert j["rule_of_thumb"] == "20/3" and j["expected_count"] == "8"
    assert sum(Fraction(p) for p in j["distribution"].values()) == 1


@pytest.mark.parametrize("call,words", [
    (lambda: count_distribution(3, 4, "1,2,3", "4,5"), "dice_in_play=4"),
    (lambda: count_distribution(7, 10), "face"),
    (lambda: count_distribution(3, 10, "3,9"), "mine"),
    (lambda: count_distribution(3, 10, (), "x"), "exposed"),
    (lambda: count_distribution(3, 0), "dice_in_play"),
    (lambda: count_distribution(3, True), "dice_in_play"),
    (lambda: count_distribution(3, 20, "1,1,1,1,1,1"), "at most 5"),
    (lambda: bid_odds("11x3", 10), "claims 11 dice"),
    (lambda: bid_odds("7y3", 10), "bid"),
    (lambda: bid_odds("0x3", 10), "bid"),
    (lambda: bid_odds("2x3", 10, bidder_held=9), "bidder_held"),
    (lambda: reroll_odds("2x3", 10, "1,2", "3"), "cannot expose"),
    (lambda: reroll_odds("2x3", 10, "1,2", "1,2"), "stay under the cup"),
    (lambda: reroll_odds("2x3", 10, "1,2", ""), "at least one exposed"),
])
def test_bad_questions_name_the_parameter(call, words):
    with pytest.raises(InvalidQuestion, match=words):
        call()


def test_losses_are_capped_at_five_dice_unless_told_otherwise():
    # issue 11: 9x3 with five 1s in hand: the bid is false by 4 to 9 dice, nobody holds over 5
    o = bid_odds("9x3", 10, mine="1,1,1,1,1")
    want = brute_odds(9, 3, (1,) * 5, 5, 5, 5)
    assert o.bidder_loss == want["bidder_loss"] == Fraction(1214, 243)
    assert (o.bidder_held, o.challenger_held) == (5, 5)
    assert bid_odds("9x3", 10, mine="1,1,1,1,1", bidder_held=None).bidder_loss == Fraction(22, 3)
    r = reroll_odds("9x3", 10, mine="1,1,1,1,1", expose="1")
    assert r.bidder_loss == brute_odds(9, 3, (1,), 9, 5, 5)["bidder_loss"]


@pytest.mark.parametrize("mine,exposed,unknown", CASES)
@pytest.mark.parametrize("face", FACES)
def test_the_core_count_takes_values_already_read(mine, exposed, unknown, face):
    from bluffkit.odds.bluff import count_from_counts, matches

    known = matches(mine + exposed, face)
    c = brute_counts(face, mine + exposed, unknown)
    assert count_from_counts(known, unknown, face).pmf() == {
        a: Fraction(w, 6**unknown) for a, w in sorted(c.items())}


def test_dice_already_read_are_taken_as_they_are_and_bad_ones_still_named():
    from bluffkit.odds.bluff import read_dice

    assert read_dice((6, 3, 1), "mine") == (1, 3, 6)
    for bad in [(3, 7), (0,), (True, 3), (3.0,)]:
        with pytest.raises(InvalidQuestion, match="mine"):
            read_dice(bad, "mine")


def test_loss_weights_are_the_sums_they_define():
    """``loss_weights`` (slices and running sums) against its definition, term by term, on
    arbitrary weights (posteriors are not binomial) and every kind of cap (None is 10**6)."""
    rng = random.Random(5)
    for _ in range(3000):
        weights = [rng.randint(0, 40) for _ in range(rng.randint(1, 31))]
        count, known = rng.randint(0, 40), rng.randint(0, 12)
        bidder, challenger = rng.choice((0, 1, 2, 5, 10**6)), rng.choice((0, 1, 3, 5, 10**6))
        a = [known + k for k in range(len(weights))]
        expected = (
            sum(w for w, x in zip(weights, a) if x >= count),
            sum(w for w, x in zip(weights, a) if x == count),
            sum(w * min(count - x, bidder) for w, x in zip(weights, a) if x < count),
            sum(w * min(x - count, challenger) for w, x in zip(weights, a) if x > count),
            sum(w * k for k, w in enumerate(weights)),
        )
        assert loss_weights(count, known, weights, bidder, challenger) == expected
