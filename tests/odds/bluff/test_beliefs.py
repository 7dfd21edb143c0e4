"""Reading Bluff bids: the model's choices are the advice's, and the posteriors and P(bid true |
bids) equal brute-force enumeration over every ordered roll of every player, with the advice
itself (``advise``) deciding what each roll would bid."""

import random
from fractions import Fraction
from itertools import product

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import FACES, STAR, Bid, raises_of
from bluffkit.odds.bluff.beliefs import (
    count_after_bids,
    odds_after_bids,
    read_bids,
    round_bidders,
)
from bluffkit.odds.bluff.model import BidModel, decision_table, legal_count, match_counts


def _advice(hand, held, seat, previous, prev_seat):
    pos = Position(hand, held, seat, bid=previous, bidder=prev_seat if previous else None)
    return advise(pos, equilibrium=False, read_bids=False).recommended.action


def brute_force(held, me, mine, history, bidder, eps):
    """Every ordered roll of every other player, weighted by the product of the likelihoods of
    their bids, with the advice computed by ``advise``: P(each bid true), and each player's
    posterior over sorted hands."""
    n = len(held)
    top = sum(held)
    active = [p for p in range(n) if held[p]]
    i = active.index(bidder)
    seats = [active[(i - (len(history) - 1 - k)) % len(active)] for k in range(len(history))]
    others = [p for p in active if p != me]
    like = {}
    for p in others:
        table = {}
        for roll in product(FACES, repeat=held[p]):
            w = Fraction(1)
            prev, prev_seat = None, None
            for seat, bid in zip(seats, history):
                if seat == p:
                    legal = len(raises_of(prev, top)) + (prev is not None)
                    chosen = _advice(roll, held, p, prev, prev_seat)
                    w *= (1 - eps) * (chosen == bid) + eps / legal
                prev, prev_seat = bid, seat
            table[roll] = w
        like[p] = table
    posteriors = {}
    for p in others:
        total = sum(like[p].values())
        post = {}
        for roll, w in like[p].items():
            key = tuple(sorted(roll))
            post[key] = post.get(key, 0) + w / total
        posteriors[p] = post
    return like, posteriors


def brute_p_true(bid, held, me, mine, like):
    others = sorted(like)
    num = den = Fraction(0)
    for rolls in product(*(list(like[p].items()) for p in others)):
        w = Fraction(1)
        dice = list(mine)
        for roll, lw in rolls:
            w *= lw
            dice += list(roll)
        a = sum(1 for d in dice if d == bid.face or (d == STAR and bid.face != STAR))
        den += w
        num += w * (a >= bid.count)
    return num / den


def random_round(rng, held, me, bids):
    """A plausible round: each bidder plays the advice for a random hand, sometimes a random
    raise (so some bids are bluffs the model does not explain)."""
    active = [p for p in range(len(held)) if held[p]]
    seat = rng.choice([p for p in active if p != me])
    history, prev, prev_seat = [], None, None
    for _ in range(bids):
        hand = tuple(rng.randint(1, 6) for _ in range(held[seat]))
        choice = _advice(hand, held, seat, prev, prev_seat)
        if seat == me or rng.random() < 0.25 or not isinstance(choice, Bid):
            options = raises_of(prev, sum(held))
            if not options:
                break
            choice = rng.choice(options[:6])
        history.append(choice)
        prev, prev_seat = choice, seat
        seat = active[(active.index(seat) + 1) % len(active)]
    return tuple(history), prev_seat


@pytest.mark.parametrize("seed", range(6))
def test_posteriors_and_p_true_equal_brute_force(seed):
    rng = random.Random(seed)
    held = [(2, 1, 2), (1, 2, 1, 1), (2, 2), (1, 1, 2), (3, 1)][seed % 5]
    me = 0
    mine = tuple(sorted(rng.randint(1, 6) for _ in range(held[me])))
    history, bidder = random_round(rng, held, me, 5)
    if not history:
        pytest.skip("the round opened with no bid")
    eps = Fraction(1, 10) if seed % 2 else Fraction(1, 20)
    like, posteriors = brute_force(held, me, mine, history, bidder, eps)
    reading = read_bids(held, me, history, bidder, BidModel(eps))
    for p, post in posteriors.items():
        assert reading.beliefs[p].hand_pmf() == {h: q for h, q in post.items() if q}
    for face in FACES:
        for count in range(1, sum(held) + 1):
            bid = Bid(count, face)
            known = sum(1 for d in mine if d == face or (d == STAR and face != STAR))
            o = odds_after_bids(bid, sum(held), known, reading, held[me], held[1])
            assert o.p_true == brute_p_true(bid, held, me, mine, like), str(bid)
    assert sum(count_after_bids(3, 0, reading).pmf().values()) == 1


def test_decision_table_is_the_advice():
    rng = random.Random(5)
    for _ in range(150):
        n = rng.randint(2, 6)
        held = [rng.randint(1, 5) for _ in range(n)]
        me = rng.randrange(n)
        top = sum(held)
        mine = tuple(sorted(rng.randint(1, 6) for _ in range(held[me])))
        prev = rng.choice([None, *raises_of(None, top)[: 3 * top]])
        expected = advise(Position(mine, tuple(held), me, bid=prev), equilibrium=False,
                          read_bids=False)
        table = decision_table(prev, held[me], top)
        assert table.choice(match_counts(mine)) == expected.recommended.action
        assert table.legal == len(raises_of(prev, top)) + (prev is not None)


def test_a_bid_nobody_would_make_teaches_nothing():
    # 9x1 as an opening bid with 10 dice: no hand's advice opens that high
    r = read_bids((5, 5), 0, ("9x1",))
    assert not r.steps[0].explained
    assert r.beliefs[1].p_at_least(1, 2) == r.beliefs[1].prior_p_at_least(1, 2)


def test_round_bidders_skips_players_out():
    assert round_bidders((5, 0, 5, 5), ("1x2", "2x2", "3x2", "4x2"), 2) == (2, 3, 0, 2)


def test_bad_bids_are_refused_with_the_rule():
    with pytest.raises(InvalidQuestion, match="does not raise"):
        read_bids((5, 5), 0, ("3x3", "2x3"), 1)
    with pytest.raises(InvalidQuestion, match="bluff_rate"):
        BidModel(Fraction(0))
    assert legal_count(None, 1) == 6
