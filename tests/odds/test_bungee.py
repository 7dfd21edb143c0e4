"""Bungee odds pinned to brute force: every unseen physical card enumerated one by one, every
arrangement of the unseen cards into an opponent's hand and the draw pile played through the
engine, and ordered draws enumerated for the hypergeometric counts."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bluffkit.core import InvalidQuestion
from bluffkit.games.bungee import (
    BUNGEE,
    CARDS,
    DECK,
    BungeeRules,
    BungeeState,
    LeaveLucky,
    Play,
    TakeLucky,
    TakePlay,
    counts_of,
    hand_score,
    hand_value,
    parse_cards,
)
from bluffkit.odds.bungee import (
    Knowledge,
    action_odds,
    best_chance_of_bungee,
    draws_distribution,
    lucky_choice_odds,
    next_card,
    round_score,
    turn_actions,
    turn_odds,
    unseen_table,
)

PHYSICAL = [(c, i) for c in CARDS for i in range(DECK[c - 1])]
"""The 56 cards of the box, each with a copy number so equal cards stay distinct."""


def unseen_physical(k: Knowledge) -> list[tuple[int, int]]:
    """The physical cards I cannot see: remove one copy per card I see."""
    left = list(PHYSICAL)
    for c in k.hand + k.discard + ((k.lucky,) if k.lucky else ()):
        left.remove(next(x for x in left if x[0] == c))
    return left


@st.composite
def knowledge(draw, lucky=None):
    deck = [c for c, _ in PHYSICAL]
    if lucky is not None:
        deck.remove(lucky)
    order = draw(st.permutations(deck))
    n_hand = draw(st.integers(1, 5))
    n_discard = draw(st.integers(0, 20))
    hand = tuple(order[:n_hand])
    discard = tuple(order[n_hand:n_hand + n_discard])
    return Knowledge(hand, discard, order[n_hand + n_discard] if lucky is None else lucky)


def brute_force(k: Knowledge, action) -> tuple[Counter, Counter]:
    """Values and scores after ``action``, one entry per unseen physical card drawn."""
    rest = list(k.hand)
    for _ in range(action.count):
        rest.remove(action.card)
    values, scores = Counter(), Counter()
    if isinstance(action, TakePlay):
        after = rest + [k.top]
        return (Counter({hand_value(after, k.lucky): 1}),
                Counter({hand_score(after, k.lucky): 1}))
    for c, _ in unseen_physical(k):
        values[hand_value(rest + [c], k.lucky)] += 1
        scores[hand_score(rest + [c], k.lucky)] += 1
    return values, scores


def pmf(counter: Counter) -> dict:
    total = sum(counter.values())
    return {v: Fraction(n, total) for v, n in counter.items()}


@given(k=knowledge())
def test_every_action_matches_enumeration_of_the_unseen_cards(k):
    assert next_card(k).pmf() == pmf(Counter(c for c, _ in unseen_physical(k)))
    odds = turn_odds(k)
    assert [o.action for o in odds] == turn_actions(k)
    for o in odds:
        values, scores = brute_force(k, o.action)
        assert o.value.pmf() == pmf(values)
        assert o.score.pmf() == pmf(scores)
        assert o.p_bungee == sum(p for v, p in pmf(values).items() if v <= 5)
    assert best_chance_of_bungee(k) == max(o.p_bungee for o in odds)


def test_turn_actions_follow_the_engine():
    k = Knowledge.parse("3,3,9", discard="1,7", lucky=8)
    assert turn_actions(k) == [Play(3), Play(3, 2), Play(9), TakePlay(3), TakePlay(3, 2),
                               TakePlay(9)]
    first = Knowledge.parse("3,3,9,9,10", discard="7", lucky=8, opened=False)
    assert all(isinstance(a, Play) for a in turn_actions(first))


@given(data=st.data())
def test_the_drawn_card_is_uniform_over_unseen_cards_through_the_engine(data):
    """Deal the few unseen cards every possible way between an opponent's hand and the draw
    pile (each way equally likely), let the engine draw, and add up: the same distribution as
    ``action_odds``. This is the model's claim, checked where enumeration is small."""
    deck = [c for c, _ in PHYSICAL]
    order = data.draw(st.permutations(deck))
    mine, theirs, pile_size = order[:5], 2, data.draw(st.integers(1, 3))
    unseen = order[5:5 + theirs + pile_size]
    lucky, discard = order[5 + theirs + pile_size], order[6 + theirs + pile_size:]
    k = Knowledge(tuple(mine), tuple(discard), lucky)
    action = data.draw(st.sampled_from([a for a in turn_actions(k) if isinstance(a, Play)]))
    total: dict[int, Fraction] = {}
    ways = list(itertools.combinations(range(len(unseen)), theirs))
    for chosen in ways:
        hand = tuple(sorted(unseen[i] for i in chosen))
        pile = [unseen[i] for i in range(len(unseen)) if i not in chosen]
        state = BungeeState(BungeeRules(players=2), "turn", 0, (tuple(sorted(mine)), hand),
                            counts_of(pile), tuple(discard), lucky, opened=True, totals=(0, 0))
        state = state.apply(action)
        for outcome, p in state.chance_outcomes():
            after = state.apply(outcome)
            v = hand_value(after.hands[0], lucky)
            total[v] = total.get(v, 0) + p / len(ways)
    assert action_odds(k, action).value.pmf() == {v: p for v, p in total.items() if p}


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_draws_distribution_matches_ordered_draws(draws):
    k = Knowledge.parse("1,2,3,4,5", discard=",".join(["10"] * 8 + ["9"] * 5 + ["6"] * 5),
                        lucky=8)
    cards = [c for c, _ in unseen_physical(k)]
    counts = Counter(sum(c <= 2 for c in seq) for seq in itertools.permutations(cards, draws))
    assert draws_distribution(k, draws, lambda c: c <= 2).pmf() == pmf(counts)


def brute_dealer(hand: tuple, discard: tuple) -> tuple[dict, dict]:
    """Value and score pmfs of the dealer's best choice with a Bungee lucky card (lowest mean
    value, then lowest mean score, then the lowest card discarded, leaving it last), listing
    every unseen physical card as the new lucky card and choosing again when it is a Bungee
    card too."""
    k = Knowledge(hand, discard, BUNGEE)
    options = {}
    for c in sorted(set(hand) | {BUNGEE}):  # the documented order: ties go to the first
        new = list(hand) + [BUNGEE]
        new.remove(c)
        cards = unseen_physical(Knowledge(tuple(new), discard + (c,), None))
        values, scores = Counter(), Counter()
        for lucky, _ in cards:
            if lucky == BUNGEE:
                v, s = brute_dealer(tuple(sorted(new)), discard + (c,))
            else:
                v, s = {hand_value(new, lucky): 1}, {hand_score(new, lucky): 1}
            for out, pm in ((values, v), (scores, s)):
                for x, q in pm.items():
                    out[x] += Fraction(q) / len(cards)
        options[c] = (dict(values), dict(scores))
    options[None] = ({k.value: Fraction(1)}, {k.score: Fraction(1)})

    def mean(pm):
        return sum(x * q for x, q in pm.items())

    return min(options.values(), key=lambda o: (mean(o[0]), mean(o[1])))


@settings(max_examples=40, deadline=None)
@given(k=knowledge(lucky=BUNGEE))
@example(k=Knowledge((1, 9, 10), (10, 2, 1, 9, 2, 2, BUNGEE, 3, 3, 3, 3, 3, 4, 4, 4, 10, 9, 5, 5),
                     BUNGEE))  # after a second Bungee card, discarding 9 or 10 tie
def test_lucky_choice_matches_enumeration(k):
    """The new lucky card is any unseen card; a second Bungee card brings the choice again."""
    assert lucky_choice_odds(k, None).value.pmf() == {k.value: 1}
    for c in set(k.hand) | {BUNGEE}:
        hand = list(k.hand) + [BUNGEE]
        hand.remove(c)
        after = Knowledge(tuple(hand), k.discard + (c,), None)
        values, scores = Counter(), Counter()
        for lucky, _ in unseen_physical(after):
            if lucky == BUNGEE:
                v, s = brute_dealer(tuple(sorted(hand)), k.discard + (c,))
            else:
                v, s = {hand_value(hand, lucky): 1}, {hand_score(hand, lucky): 1}
            for out, pm in ((values, v), (scores, s)):
                for x, q in pm.items():
                    out[x] += Fraction(q) / len(unseen_physical(after))
        o = lucky_choice_odds(k, c)
        assert o.action == TakeLucky(c)
        assert o.value.pmf() == dict(values) and o.score.pmf() == dict(scores)
    assert lucky_choice_odds(k, None).action == LeaveLucky()


def test_a_second_bungee_lucky_card_brings_the_choice_again():
    """Dealer 9,9,10,10,10, lucky B; take it and discard a 10: 2 of the 50 unseen cards are
    Bungee cards, and then taking again (discarding the other 10) beats leaving it."""
    k = Knowledge.parse("9,9,10,10,10", lucky="B")
    take = lucky_choice_odds(k, 10)
    hand = parse_cards("9,9,10,10,B")
    # any other lucky card (48 of the 50): a 9 (3 unseen) or a 10 (5 unseen) makes those of
    # the hand count 0, the 40 others leave it worth 38
    others = Fraction(40 * 38 + 3 * 20 + 5 * 18, 50)
    again = lucky_choice_odds(Knowledge(hand, (10,), BUNGEE), 10)
    assert again.hand_before_draw == parse_cards("9,9,10,B,B")
    assert take.mean_value == others + Fraction(2, 50) * again.mean_value
    assert again.mean_value < hand_value(hand, BUNGEE)       # leaving the 2nd would be worse
    assert take.value.pmf() == brute_dealer_take(k, 10)


def brute_dealer_take(k, c):
    hand = list(k.hand) + [BUNGEE]
    hand.remove(c)
    cards = unseen_physical(Knowledge(tuple(hand), k.discard + (c,), None))
    values = Counter()
    for lucky, _ in cards:
        pm = (brute_dealer(tuple(sorted(hand)), k.discard + (c,))[0] if lucky == BUNGEE
              else {hand_value(hand, lucky): 1})
        for x, q in pm.items():
            values[x] += Fraction(q) / len(cards)
    return dict(values)


def test_knowledge_rejects_impossible_questions():
    with pytest.raises(InvalidQuestion, match="too many cards B"):
        Knowledge.parse("B,B", discard="B,B")
    with pytest.raises(InvalidQuestion, match="hand: '12' is not a Bungee card"):
        Knowledge.parse("1,12")
    with pytest.raises(InvalidQuestion, match="1-5 cards"):
        Knowledge.parse("1,2,3,4,5,6")
    with pytest.raises(InvalidQuestion, match="cannot play 7"):
        action_odds(Knowledge.parse("1,2"), "play 7")
    with pytest.raises(InvalidQuestion, match="discard pile is empty"):
        action_odds(Knowledge.parse("1,2"), "take, play 1")
    with pytest.raises(InvalidQuestion, match="draws must be"):
        draws_distribution(Knowledge.parse("1,2"), 99, lambda c: True)
    with pytest.raises(InvalidQuestion, match="p_win"):
        round_score(Fraction(3, 2), 4)


@pytest.mark.parametrize("make, message", [
    (lambda: Knowledge.parse(None), "hand: .*cards"),
    (lambda: Knowledge.parse(5), "hand: .*cards"),
    (lambda: Knowledge.parse("1,2", discard=None), "discard: .*cards"),
    (lambda: Knowledge(5), "hand"),
    (lambda: Knowledge((1,), 5), "discard"),
    (lambda: Knowledge(("a", 1)), "'a' is not a Bungee card"),
    (lambda: Knowledge((None, 1)), "None is not a Bungee card"),
    (lambda: Knowledge((1.0, 2)), "1.0 is not a Bungee card"),
    (lambda: action_odds(Knowledge.parse("1,2", lucky=8), ""), "action: no action typed"),
    (lambda: round_score("x", 3), "p_win"),
    (lambda: round_score(Fraction(1, 2), "many"), "expected_score"),
])
def test_knowledge_rejects_values_of_the_wrong_kind(make, message):
    with pytest.raises(InvalidQuestion, match=message):
        make()


def test_counting_the_deck():
    k = Knowledge.parse("1,2,8,B", discard="5", lucky=8)
    rows = unseen_table(k)
    assert rows[7] == ("8", 5, 2, 3) and rows[10] == ("B", 3, 1, 2)
    assert sum(r[3] for r in rows) == k.unseen_count == 50
    assert round_score(Fraction(1, 4), 13) == Fraction(-10, 4) + Fraction(39, 4)
