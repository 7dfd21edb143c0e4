"""Full-game exercises: each expected answer pinned to an independent computation: enumeration
of the bid histories, and Bayes' rule over the opponent's ordered rolls with the frequencies read
one row at a time from the loaded strategy (``weights_table``), never from the file's numbers
typed in (right answers in every form and named mistakes, for every set: ``test_catalogue.py``)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import combinations, product

import pytest

from bluffkit.advice.bluff.strategy import load_strategy
from bluffkit.exercises import catalogue, exercise_sets, load
from bluffkit.exercises import full_game as ex
from bluffkit.games.bluff import FACES, Bid, count_matching, raises_of

QUESTIONS = catalogue("full-game")


def freq(x, y, roll, history, bid) -> F:
    """The loaded strategy's frequency of ``bid``, exactly: stored weight over the row total."""
    s = load_strategy(x, y)
    labels, rows = s.weights_table(list(history))
    row = rows[s.rolls[len(history) % 2].index(tuple(sorted(roll)))].tolist()
    return F(row[labels.index(str(bid))], sum(row))


def test_catalogue_is_registered():
    assert "full-game" in exercise_sets()
    ws = load("full-game", seed=4)
    assert ws.title == "the full two-player game (solved strategies)" and len(QUESTIONS) >= 6


@pytest.mark.parametrize("dice", [(1, 1), (2, 1), (1, 2)])
def test_histories_and_memories_are_counted_by_enumeration(dice):
    ladder = raises_of(None, sum(dice))
    histories = [h for n in range(len(ladder) + 1) for h in combinations(ladder, n)]
    k = load_strategy(*dice).k  # the memory of the strategy bluffkit ships (4 each here)
    for cls, want in ((ex.Histories, len(histories)),
                      (ex.Memories, len({h[-k:] if k else () for h in histories}))):
        q = cls(seed=0)
        q.dice = dice
        assert q.expected() == want and q.k == k


def test_memories_states_the_shipped_memory_on_every_seed():
    """Issue 31: the statement said "remember only the last bid" with k drawn at random, false
    for the shipped strategies (k = 2 from 7 dice in play, 3 or 4 below)."""
    for seed in range(1, 201):
        q = ex.Memories(seed=seed)
        k = load_strategy(*q.dice).k
        assert q.k == k and f"the last {k} bids" in q.statement()


@pytest.mark.parametrize("seed", range(4))
def test_the_opening_numbers_are_the_strategy_s(seed):
    q = ex.OpeningFrequency(seed=seed)
    x, y = q.dice
    assert q.expected() == freq(x, y, q.roll, [], q.bid)
    b = ex.BluffShare(seed=seed)
    s = load_strategy(*b.dice)
    labels, _ = s.weights_table([])
    bids = [Bid.parse(lab) for lab in labels]
    assert b.expected() == sum((freq(*b.dice, b.roll, [], bid) for bid in bids
                                if bid.count > count_matching(b.roll, bid.face)), F(0))


@pytest.mark.parametrize("seed", range(4))
def test_what_the_bid_reveals_is_bayes_over_the_six_faces(seed):
    q = ex.WhatTheBidReveals(seed=seed)
    like = {r: freq(1, q.mine, (r,), [], q.bid) for r in FACES}
    assert q.likelihoods() == like
    hit = sum(F(1, 6) * p for r, p in like.items() if count_matching((r,), q.bid.face))
    assert q.expected() == hit / sum(F(1, 6) * p for p in like.values())


@pytest.mark.parametrize("seed", range(4))
def test_is_the_bid_true_is_bayes_over_their_36_ordered_rolls(seed):
    q = ex.BidTrueInEquilibrium(seed=seed)
    bid, mine = q.bid, count_matching(q.my_roll, q.bid.face)
    true = total = F(0)
    for roll in product(FACES, repeat=2):
        w = F(1, 36) * freq(2, q.mine, roll, [], bid)
        total += w
        if mine + count_matching(roll, bid.face) >= bid.count:
            true += w
    assert q.expected() == true / total
    assert 0 < q.expected() < 1
