"""The bid model's fast tables against plain computations: the smallest raises and the legal
choices against the listed ladder, every entry's loss against ``odds_from_counts`` (Fractions),
the hands against counting, and the reused posteriors against a reading from scratch."""

import math
import random
from collections import Counter
from fractions import Fraction

from bluffkit.games.bluff import FACES, STAR, Bid, Challenge, raises_of
from bluffkit.odds.bluff import odds_from_counts
from bluffkit.odds.bluff.beliefs import belief_after, read_bids
from bluffkit.odds.bluff.model import (
    FACES_ORDER,
    FITTED,
    BidModel,
    DecisionTable,
    code_bid,
    hands,
    legal_count,
    match_counts,
    smallest_raise,
)


def test_smallest_raises_and_legal_counts_are_the_ladders():
    for top in (1, 2, 3, 7, 30):
        for prev in [None, *raises_of(None, top)]:
            listed = raises_of(prev, top)
            for face in FACES:
                on_face = [b for b in listed if b.face == face]
                expected = min(on_face, key=lambda b: b.count) if on_face else None
                assert smallest_raise(prev, face, top) == expected, (prev, face, top)
            assert legal_count(prev, top) == len(listed) + (prev is not None)


def test_every_table_entry_costs_what_the_odds_say():
    rng = random.Random(3)
    for _ in range(60):
        held = rng.randint(1, 5)
        top = rng.randint(held + 1, 30)
        unknown = top - held
        prev = rng.choice([None, *raises_of(None, top)[: 4 * top]])
        t = DecisionTable(prev, held, top)
        for i, row in enumerate(t.entries):
            for m, e in enumerate(row):
                if e is None:
                    continue
                key, code = e
                if code < 0:  # the challenge of the previous bid, by its face's matches
                    o = odds_from_counts(prev, top, m, unknown, held, held)
                    loss = o.challenger_loss
                else:
                    bid = code_bid(code)
                    assert bid.face == FACES_ORDER[i] and bid.raises(prev)
                    loss = odds_from_counts(bid, top, m, unknown, held, held).bidder_loss
                assert Fraction(key >> 12, 6 ** unknown) == loss, (prev, held, top, i, m)


def test_hands_are_every_multiset_with_its_rolls():
    for n in range(6):
        h = hands(n)
        for dice, ways, counts in zip(h.dice, h.ways, h.counts.tolist()):
            c = Counter(dice)
            assert ways == math.factorial(n) // math.prod(math.factorial(k) for k in c.values())
            assert tuple(counts) == match_counts(dice)
            assert counts[5] == c[STAR]
        assert sum(h.ways) == 6 ** n


def test_a_posterior_grown_bid_by_bid_is_the_one_read_at_once():
    history = ("2x3", "3x3", "3x4", "4x4", "5x4", "5x5", "6x5", "7x5")
    held = (5, 4, 5)
    for k in range(1, len(history) + 1):
        r = read_bids(held, 0, history[:k], bidder=(k - 1) % 3)
        for b in r.beliefs:
            if b is None:
                continue
            belief_after.cache_clear()  # from scratch: the bids one after another in one go
            fresh = belief_after(b.seat, b.dice, b.steps, sum(held))
            assert fresh.weights == b.weights
            assert fresh.p_at_least(4, 2) == b.p_at_least(4, 2)


def test_the_table_explains_and_makes_what_it_chooses():
    t = DecisionTable(Bid(4, 3), 5, 20)
    for dice in hands(5).dice[::17]:
        choice = t.choice(match_counts(dice))
        assert t.explains(choice)
        assert t.makes(choice)[hands(5).dice.index(dice)]
    assert isinstance(DecisionTable(Bid(20, STAR), 5, 20).choice((0,) * 6), Challenge)


def test_a_hand_ranked_alone_is_ranked_as_among_all_hands():
    """``hand_rank`` (the look ahead without numpy ranks only the hands it meets) gives what
    ``choices()`` gives, asked before every hand is ranked and after."""
    rng = random.Random(3)
    for held, top, previous in [(5, 15, None), (5, 15, Bid(4, 3)), (2, 7, Bid(3, STAR)),
                                (1, 2, Bid(1, 5)), (3, 10, Bid(6, 2))]:
        table = DecisionTable(previous, held, top)  # not the cached one: nothing ranked yet
        order = list(range(len(hands(held).dice)))
        rng.shuffle(order)
        alone = {h: table.hand_rank(h) for h in order[:len(order) // 2]}
        every = [int(r) for r in table.choices()]
        assert all(every[h] == r for h, r in alone.items())
        assert [table.hand_rank(h) for h in range(len(every))] == every
        assert every == [table.choice_rank(c) for c in hands(held).counts]


def test_the_description_states_the_fitted_bluff_rates():
    text = BidModel().describe()
    assert "ε = 1/20" in text and "ε is 0 for the advice bots" in text
    assert f"{FITTED['honest'][0]:.2f} for bots that always bid their best face" in text
    assert f"{FITTED['equilibrium'][0]:.2f} for the two-player equilibrium" in text
    assert "The default 1/20 lies between" in text
    assert "lies between" not in BidModel(Fraction(1, 10)).describe()
    for best, low, high in FITTED.values():
        assert 0 <= low <= best <= high < 1
