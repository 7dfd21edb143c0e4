"""Bungee questions: expected values pinned to independent counts written out here
(right answers, named mistakes and each seed's own numbers: ``test_catalogue.py``)."""

from __future__ import annotations

import itertools
from fractions import Fraction

from bluffkit.exercises import bungee as ex
from bluffkit.games.bungee import BUNGEE, CARDS, DECK

SEEDS = range(10)


def unseen_list(k):
    left = [c for c, n in zip(CARDS, DECK) for _ in range(n)]
    for c in k.hand + k.discard + (k.lucky,):
        left.remove(c)
    return left


def worth(c, lucky):
    return 0 if c in (lucky, BUNGEE) else c


def test_pinned_to_counting_the_unseen_cards():
    for seed in SEEDS:
        q = ex.CountUnseen(seed=seed)
        assert q.expected() == len(unseen_list(q.k))
        q = ex.NextCardWorthZero(seed=seed)
        left = unseen_list(q.k)
        assert q.expected() == Fraction(sum(worth(c, q.k.lucky) == 0 for c in left), len(left))
        q = ex.ReachBungee(seed=seed)
        left = unseen_list(q.k)
        keep = list(q.k.hand)
        keep.remove(q.card)
        base = sum(worth(c, q.k.lucky) for c in keep)
        assert q.expected() == Fraction(sum(base + worth(c, q.k.lucky) <= 5 for c in left),
                                        len(left))
        q = ex.ExpectedAfterPlay(seed=seed)
        left = unseen_list(q.k)
        keep = list(q.k.hand)
        keep.remove(q.card)
        base = sum(worth(c, q.k.lucky) for c in keep)
        assert q.expected() == base + Fraction(sum(worth(c, q.k.lucky) for c in left), len(left))


def test_three_draws_by_ordered_enumeration():
    q = ex.ZeroInThreeDraws(seed=2)
    left = unseen_list(q.k)
    hits = total = 0
    for seq in itertools.permutations(range(len(left)), 3):
        total += 1
        hits += any(worth(left[i], q.k.lucky) == 0 for i in seq)
    assert q.expected() == Fraction(hits, total)


def test_scores_follow_the_rulebook():
    for seed in SEEDS:
        q = ex.ScoreTheRound(seed=seed)
        ada, ben = (sum(worth(c, q.lucky) for c in h) for h in (q.first, q.second))
        assert q.expected() == (-10 if ada < ben else  # a tie goes to Ben, the later caller
                                sum(0 if c == q.lucky else 10 if c == BUNGEE else c
                                    for c in q.first))
        q = ex.CallScore(seed=seed)
        assert q.expected() == q.p * -10 + (1 - q.p) * q.k.score


def test_action_answers_are_read_as_actions():
    q = ex.BestAction(seed=1)
    spaced = " " + q.expected().replace(",", ",  ").replace("play", "Play") + " "
    assert q.check(spaced).correct
    assert q.check("fold").status == "unreadable" and q.check(3).status == "unreadable"


def test_reach_solution_counts_the_good_cards():
    """The worked solution counts the good unseen cards, and the count gives the answer."""
    import re

    for seed in range(10):
        q = ex.ReachBungee(seed=seed)
        good, unseen = map(int, re.search(r"\\frac\{(\d+)\}\{(\d+)\}", q.explain()).groups())
        assert unseen == q.k.unseen_count and Fraction(good, unseen) == q.expected(), seed
