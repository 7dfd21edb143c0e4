"""The poker-dice hand evaluator against the printed ranking and a naive re-implementation."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from bluffkit.core import ParseError
from bluffkit.games.poker_dice import (
    DEFAULT_COLOURS,
    FACES,
    Category,
    best_hand,
    dice_text,
    hand_category,
    hand_key,
    parse_dice,
    parse_face,
)

PRINTED_EXAMPLES = {  # the rulebook's examples, completed to five dice
    "9,9,J,Q,K": Category.PAIR,
    "9,9,J,J,A": Category.TWO_PAIRS,
    "Q,Q,Q,9,A": Category.THREE_OF_A_KIND,
    "K,K,Q,Q,Q": Category.FULL_HOUSE,
    "J,J,J,J,9": Category.FOUR_OF_A_KIND,
    "9,10,J,Q,K": Category.LARGE_STRAIGHT,
    "10,J,Q,K,A": Category.LARGE_STRAIGHT,
    "A,A,A,A,A": Category.FIVE_OF_A_KIND,
    "9,10,J,Q,A": Category.NOTHING,
}


@pytest.mark.parametrize("text,category", PRINTED_EXAMPLES.items())
def test_printed_examples(text, category):
    assert hand_category(parse_dice(text)) == category


def test_the_printed_order_is_kept():
    names = [str(c) for c in Category]
    assert names == ["nothing", "pair", "two pairs", "three of a kind", "full house",
                     "four of a kind", "large straight", "large flush", "five of a kind"]
    assert Category.LARGE_STRAIGHT > Category.FOUR_OF_A_KIND


def test_default_colours_make_these_flushes():
    # black: 9 and A; red: 10 and K; J blue and Q green have one face each
    assert hand_category(parse_dice("9,9,A,A,A")) == Category.LARGE_FLUSH
    assert hand_category(parse_dice("10,K,K,K,K")) == Category.LARGE_FLUSH
    assert hand_category(parse_dice("9,9,A,A,K")) == Category.TWO_PAIRS
    assert hand_category(parse_dice("J,J,J,J,Q")) == Category.FOUR_OF_A_KIND
    # another colour scheme: 9, 10, J red; Q, K, A black
    other = ("red", "red", "red", "black", "black", "black")
    assert hand_category(parse_dice("9,9,10,J,J"), other) == Category.LARGE_FLUSH
    assert hand_category(parse_dice("9,10,J,Q,K"), other) == Category.LARGE_STRAIGHT


def test_faces_then_kickers_highest_first():
    def key(t):
        return hand_key(parse_dice(t))
    assert key("K,K,9,10,J") > key("Q,Q,A,K,J")          # pair of K beats pair of Q
    assert key("K,K,9,10,A") > key("K,K,9,10,Q")         # same pair: kickers decide
    assert key("A,A,9,9,10") > key("K,K,Q,Q,A")          # two pairs: the higher pair first
    assert key("Q,Q,Q,9,9") > key("J,J,J,A,A")           # full house: the three first
    assert key("10,J,Q,K,A") > key("9,10,J,Q,K")
    assert key("J,J,J,J,9") < key("J,J,J,J,Q")
    assert hand_key(parse_dice("K,K,9,10,A"), tie_break="categories") == (Category.PAIR,)


def test_best_of_six_takes_the_best_five():
    assert str(best_hand(parse_dice("9,10,J,Q,K,A"))) == "large straight A,K,Q,J,10"
    assert str(best_hand(parse_dice("9,9,9,K,K,A"))) == "full house 9,9,9,K,K"
    # the three black dice and two black dice: a large flush beats the full house it also is
    assert best_hand(parse_dice("9,9,9,A,A,K")).category == Category.LARGE_FLUSH
    assert best_hand(parse_dice("Q,Q,Q,Q,J,A"), tie_break="categories").key == (
        Category.FOUR_OF_A_KIND,)


def _naive_category(five) -> Category:
    c = sorted(Counter(five).values())
    colour = {f: DEFAULT_COLOURS[FACES.index(f)] for f in FACES}
    if c == [5]:
        return Category.FIVE_OF_A_KIND
    if len({colour[f] for f in five}) == 1:
        return Category.LARGE_FLUSH
    if sorted(five) in ([9, 10, 11, 12, 13], [10, 11, 12, 13, 14]):
        return Category.LARGE_STRAIGHT
    return {(1, 4): Category.FOUR_OF_A_KIND, (2, 3): Category.FULL_HOUSE,
            (1, 1, 3): Category.THREE_OF_A_KIND, (1, 2, 2): Category.TWO_PAIRS,
            (1, 1, 1, 2): Category.PAIR, (1, 1, 1, 1, 1): Category.NOTHING}[tuple(c)]


def test_every_five_dice_hand_against_a_naive_evaluator():
    for five in combinations_with_replacement(FACES, 5):
        assert hand_category(five) == _naive_category(five), five


def test_every_six_dice_hand_is_the_best_of_its_fives():
    for six in combinations_with_replacement(FACES, 6):
        best = max(_naive_category(f) for f in combinations(six, 5))
        assert best_hand(six).category == best
        assert best != Category.NOTHING  # six dice hold a pair, or all six faces: a straight


def test_text_of_faces():
    assert parse_dice("a,K,t,9") == (9, 10, 13, 14)
    assert dice_text((9, 10, 11, 12, 13, 14)) == "9,10,J,Q,K,A"
    with pytest.raises(ParseError, match="9, 10, J, Q, K or A"):
        parse_face("8")
    with pytest.raises(ParseError, match="exactly 5 dice"):
        hand_key((9, 9, 9))
