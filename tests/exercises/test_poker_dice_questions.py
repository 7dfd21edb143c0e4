"""Poker-dice questions: an answer rounded too coarsely refused, each seed its own numbers,
expected values pinned to counts by hand or to brute force over rolls (right answers in every
form and named mistakes, for every set: ``test_catalogue.py``)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from bluffkit.exercises import catalogue, load
from bluffkit.exercises import poker_dice as ex
from bluffkit.exercises.answers import Number
from bluffkit.games.poker_dice import FACES, Category, best_hand

QUESTIONS = catalogue("poker-dice")
SEEDS = range(10)


def test_catalogue_has_at_least_eight_questions_easiest_first():
    assert len(QUESTIONS) >= 8
    assert QUESTIONS[0] is ex.FiveOfAKind and QUESTIONS[-1] is ex.Simulation
    assert len({q.title for q in QUESTIONS}) == len(QUESTIONS)
    ws = load("poker-dice", seed=5)
    assert ws.game == "poker-dice" and len(ws) == len(QUESTIONS)


@pytest.mark.parametrize("cls", [c for c in QUESTIONS if type(c.kind) is Number],
                         ids=lambda c: c.__name__)
def test_an_answer_off_or_rounded_too_coarsely_is_refused(cls):
    for seed in SEEDS:
        q = cls(seed=seed)
        e = q.expected()
        assert not q.check(f"{float(e) * 1.001 + 1e-6:.6g}").correct
        assert not q.check(f"{float(e):.1g}").correct or e == round(e, 1)


def test_seeds_give_students_their_own_numbers():
    for cls in (ex.GivenMyDice, ex.WinOneOpponent, ex.SplitTies, ex.PotOdds, ex.CallOrFold):
        assert len({cls(seed=s).statement() for s in range(8)}) >= 5, cls.__name__


# -- pinned by hand -----------------------------------------------------------------------------
def test_counting_questions_pinned_by_hand():
    for seed in SEEDS:
        q = ex.FiveOfAKind(seed=seed)
        assert q.expected() == (Fraction(6, 7776) if q.face is None else Fraction(1, 7776))
        s = ex.StraightCount(seed=seed)
        assert s.expected() == (240 if s.both else 120)  # 2 or 1 sets of faces x 5!
    by_hand = {Category.PAIR: 3600, Category.TWO_PAIRS: 1800, Category.THREE_OF_A_KIND: 1200,
               Category.FULL_HOUSE: 300 - 40, Category.FOUR_OF_A_KIND: 150 - 20}
    for seed in SEEDS:
        q = ex.FiveDiceCategory(seed=seed)
        assert q.expected() == Fraction(by_hand[q.category], 7776)
    assert ex.NeverNothing(seed=0).expected() == 0


def test_best_of_six_against_every_roll():
    counts = Counter(best_hand(roll).category for roll in product(FACES, repeat=6))
    for seed in SEEDS:
        q = ex.BestOfSix(seed=seed)
        assert q.expected() == Fraction(counts[q.category], 46656)


def test_conditional_questions_against_brute_force():
    for seed in range(4):
        q = ex.GivenMyDice(seed=seed)
        hits = sum(best_hand(q.mine + r).category >= q.category
                   for r in product(FACES, repeat=3))
        assert q.expected() == Fraction(hits, 216)
        w = ex.WinOneOpponent(seed=seed)
        me = best_hand(w.mine + w.common).key
        wins = sum(best_hand(r + w.common).key < me for r in product(FACES, repeat=3))
        assert w.expected() == Fraction(wins, 216)


def test_split_ties_against_both_opponents_enumerated():
    q = ex.SplitTies(seed=2)
    me = best_hand(q.mine + q.common).key
    share = Fraction(0)
    for a, b in product(product(FACES, repeat=3), repeat=2):
        them = [best_hand(a + q.common).key, best_hand(b + q.common).key]
        if max(them) <= me:
            share += Fraction(1, 1 + them.count(me))
    assert q.expected() == share / 216**2


def test_pot_odds_and_call_or_fold():
    for seed in SEEDS:
        p = ex.PotOdds(seed=seed)
        assert p.expected() == Fraction(p.to_call, p.pot + p.to_call)
        c = ex.CallOrFold(seed=seed)
        eq, needed = c.numbers()
        assert c.expected() == ("call" if eq >= needed else "fold")
        assert c.check("Suivre").correct == (c.expected() == "call")
    assert {ex.CallOrFold(seed=s).expected() for s in range(20)} == {"call", "fold"}


def test_the_simulation_in_the_solution_lands_near_the_exact_value():
    q = ex.Simulation(seed=1)
    assert abs(q.simulate() - float(q.expected())) < float(q.kind.tolerance)
    assert "best_hand" in q.solution().message
