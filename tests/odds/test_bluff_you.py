"""Bluff You odds pinned to brute-force enumeration of the 216 ordered rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff_you import POINTS
from bluffkit.odds.bluff_you import (
    announce_model,
    expected_truthful_points,
    p_doublet,
    p_exact_pair,
    p_sum_in,
    p_triple,
    points_follow_rarity,
    points_table,
    posterior_true,
    rarity_explanation,
    sum_distribution,
)

ROLLS = list(itertools.product(range(1, 7), repeat=3))


def test_sum_distribution_matches_all_216_rolls():
    counts = Counter(sum(r) for r in ROLLS)
    assert sum_distribution().pmf() == {s: Fraction(c, 216) for s, c in counts.items()}
    assert [counts[s] for s in range(3, 11)] == [1, 3, 6, 10, 15, 21, 25, 27]


def test_doublet_pair_and_triple_by_enumeration():
    kinds = Counter(len(set(r)) for r in ROLLS)
    assert p_triple() == Fraction(kinds[1], 216) == Fraction(1, 36)
    assert p_exact_pair() == Fraction(kinds[2], 216)
    assert p_doublet() == Fraction(kinds[1] + kinds[2], 216) == Fraction(4, 9)


def test_points_table_and_the_link_to_rarity():
    rows = points_table()
    assert [r.token for r in rows] == list(range(3, 19))
    assert sum(r.probability for r in rows) == 1
    assert all(r.points == POINTS[r.token] for r in rows)
    assert points_follow_rarity()
    assert rows[0].surprisal_bits == pytest.approx(7.7548875)  # log2(216)
    text = rarity_explanation()
    assert "5 points: 3, 18 (made by 1 of 216 rolls" in text


def test_expected_truthful_points_by_enumeration():
    assert expected_truthful_points() == Fraction(sum(POINTS[sum(r)] for r in ROLLS), 216)
    centre = [3, 10, 17]
    brute = Fraction(sum(POINTS[sum(r)] for r in ROLLS if sum(r) in centre), 216)
    assert expected_truthful_points(centre) == brute
    assert p_sum_in(centre) == Fraction(sum(1 for r in ROLLS if sum(r) in centre), 216)


@given(allowed=st.sets(st.integers(3, 18), min_size=1, max_size=16),
       q=st.fractions(0, 1, max_denominator=12), data=st.data())
def test_posterior_against_joint_enumeration(allowed, q, data):
    """Bayes' rule against the joint table of (roll, announcement) built from the 216 rolls."""
    a = data.draw(st.sampled_from(sorted(allowed)))
    model = announce_model(allowed, q)
    joint_true = sum(Fraction(1, 216) * model[sum(r)].get(a, 0) for r in ROLLS if sum(r) == a)
    joint_all = sum(Fraction(1, 216) * model[sum(r)].get(a, 0) for r in ROLLS)
    p = posterior_true(a, allowed, q)
    assert p.p_announce == joint_all
    assert p.posterior == joint_true / joint_all
    assert p.prior * p.p_announce_if_true + (1 - p.prior) * p.p_announce_if_false == joint_all
    assert all(sum(row.values()) == 1 for row in model.values())


def test_posterior_worked_numbers():
    p = posterior_true(18, range(3, 19), Fraction(1, 2))
    # 1/216 * 1/2 over (1/216 * 1/2 + 215/216 * 1/30)
    assert p.posterior == Fraction(3, 46)
    assert "Bayes: P(true | announced 18) = 1/216 x 1/2 / 23/648 = 3/46" in p.explain()
    assert posterior_true(10, [10], Fraction(1, 3)).posterior == Fraction(1, 8)


def test_bad_questions_name_the_parameter():
    with pytest.raises(InvalidQuestion, match="announced"):
        posterior_true(5, [3, 4], Fraction(1, 2))
    with pytest.raises(InvalidQuestion, match="q must lie between 0 and 1"):
        posterior_true(3, [3, 4], 2)
    with pytest.raises(InvalidQuestion, match="q must be a probability"):
        posterior_true(3, [3, 4], "__import__('os')")
    with pytest.raises(InvalidQuestion, match="no token 19"):
        expected_truthful_points([19])


def test_a_single_announceable_number_says_q_plays_no_part():
    """With one allowed number the text claimed the bluffer 'tells the truth with probability
    q = 2/3' beside P(announce 5 | true) = 1, and spoke of 'any of the 1 tokens'."""
    p = posterior_true(5, [5], "2/3")
    assert p.p_announce_if_true == 1 and p.posterior == Fraction(1, 36)
    text = p.explain()
    assert "plays no part" in text and "probability q" not in text and "1 tokens" not in text
    with pytest.raises(InvalidQuestion, match="q must be a probability"):  # was OverflowError
        posterior_true(5, [5, 6], float("inf"))
