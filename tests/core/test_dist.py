"""``Distribution`` against brute-force enumeration of every outcome."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import Distribution, InvalidQuestion

D6 = Distribution.uniform(range(1, 7))


def enumerate_pmf(values) -> dict:
    """outcome -> exact probability of a list of equally likely outcomes."""
    counts = Counter(values)
    return {k: Fraction(c, len(values)) for k, c in sorted(counts.items())}


@pytest.mark.parametrize("k", range(1, 5))
def test_sum_of_dice_is_the_convolution_of_every_roll(k):
    total = sum([D6] * k)
    assert total.pmf() == enumerate_pmf([sum(r) for r in itertools.product(range(1, 7), repeat=k)])
    assert total.mean() == Fraction(7 * k, 2)
    assert total.variance() == Fraction(35 * k, 12)


def test_combine_with_any_operation():
    high = D6.combine(D6, max)
    assert high.pmf() == enumerate_pmf([max(a, b) for a in range(1, 7) for b in range(1, 7)])
    assert high.probability(6) == Fraction(11, 36)


@pytest.mark.parametrize("n", range(0, 8))
@pytest.mark.parametrize("p", [Fraction(0), Fraction(1, 6), Fraction(1, 3), Fraction(2, 5),
                               Fraction(1)])
def test_binomial_against_enumerating_every_sequence(n, p):
    pmf: dict[int, Fraction] = {}
    for seq in itertools.product((0, 1), repeat=n):
        prob = Fraction(1)
        for hit in seq:
            prob *= p if hit else 1 - p
        if prob:
            pmf[sum(seq)] = pmf.get(sum(seq), 0) + prob
    b = Distribution.binomial(n, p)
    assert b.pmf() == dict(sorted(pmf.items()))
    assert b.mean() == n * p and b.variance() == n * p * (1 - p)
    assert sum(b.pmf().values()) == 1


def test_bluff_matches_as_a_binomial():
    # 4 unknown dice, a digit bid: each die matches with probability 2/6 (the digit or a star)
    matches = Distribution.binomial(4, Fraction(1, 3))
    rolls = list(itertools.product([1, 2, 3, 4, 5, 6], repeat=4))
    hits = sum(1 for r in rolls if sum(f in (3, 6) for f in r) >= 2)
    assert matches.at_least(2) == Fraction(hits, len(rolls)) == Fraction(11, 27)
    assert matches.mean() == Fraction(4, 3)  # the rulebook's rule of thumb n/3


def test_queries():
    two = D6 + D6
    assert two.at_least(11) == Fraction(3, 36)
    assert two.at_most(3) == Fraction(3, 36)
    assert two.exactly(7) == two.probability(7) == Fraction(6, 36)
    assert two.probability(13) == 0 and two.weight(13) == 0
    assert two.prob(lambda s: s % 2 == 0) == Fraction(1, 2)
    assert two.expectation(lambda s: s * s) == two.variance() + two.mean() ** 2
    assert two.outcomes() == list(range(2, 13))
    assert two.total == 36 and two.weight(7) == 6
    assert dict(two.items())[7] == 6


def test_conditioning_matches_counting_the_rolls_kept():
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    both = D6.combine(D6, lambda a, b: (a, b))
    given_a_six = both.condition(lambda r: 6 in r).map(sum)
    kept = [a + b for a, b in pairs if 6 in (a, b)]
    assert given_a_six.pmf() == enumerate_pmf(kept)
    assert given_a_six.mean() == Fraction(sum(kept), len(kept))


def test_map_and_shift():
    assert D6.map(lambda x: x % 2).pmf() == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert (D6 + 10).outcomes() == list(range(11, 17))
    assert (10 + D6) == (D6 + 10)


def test_weights_stay_integers_in_lowest_terms_and_equality_ignores_scale():
    d = Distribution({"a": 2, "b": 4, "c": 0})
    assert d.total == 3 and d.weight("a") == 1 and d.outcomes() == ["a", "b"]
    assert d == Distribution({"a": 1, "b": 2}) and hash(d) == hash(Distribution({"a": 1, "b": 2}))
    assert d != Distribution({"a": 1, "b": 1}) and d != {"a": 1, "b": 2}
    assert Distribution.uniform("aab") == Distribution({"a": 2, "b": 1})
    assert Distribution.point(3).pmf() == {3: 1}


def test_from_probabilities_round_trip():
    pmf = {1: Fraction(1, 6), 2: Fraction(1, 3), 3: Fraction(1, 2)}
    assert Distribution.from_probabilities(pmf).pmf() == pmf
    assert Distribution.from_probabilities({"x": 1}).pmf() == {"x": 1}


def test_approx_pmf_is_the_float_view():
    approx = (D6 + D6).approx_pmf()
    assert approx[7] == pytest.approx(1 / 6) and sum(approx.values()) == pytest.approx(1)


@pytest.mark.parametrize("build, message", [
    (lambda: Distribution({1: -1, 2: 2}), "non-negative integer"),
    (lambda: Distribution({1: 0.5}), "non-negative integer"),
    (lambda: Distribution({1: True}), "non-negative integer"),
    (lambda: Distribution({1: 0}), "at least one outcome"),
    (lambda: Distribution({}), "at least one outcome"),
    (lambda: Distribution.uniform([]), "at least one outcome"),
    (lambda: Distribution.binomial(3, Fraction(3, 2)), r"lie in \[0, 1\]"),
    (lambda: Distribution.binomial(-1, Fraction(1, 2)), "number of trials"),
    (lambda: Distribution.binomial(2.5, Fraction(1, 2)), "number of trials"),
    (lambda: Distribution.from_probabilities({1: Fraction(1, 2)}), "sum to 1"),
    (lambda: Distribution.from_probabilities({1: Fraction(3, 2), 2: Fraction(-1, 2)}),
     "non-negative"),
    (lambda: D6.condition(lambda x: x > 6), "probability 0"),
])
def test_impossible_questions_are_errors(build, message):
    with pytest.raises(InvalidQuestion, match=message):
        build()


@given(st.dictionaries(st.integers(-5, 5), st.integers(0, 30), min_size=1).filter(
    lambda w: any(w.values())))
def test_to_sympy_gives_the_same_probabilities(weights):
    import sympy
    from sympy.stats import P, density

    d = Distribution(weights)
    X = d.to_sympy("X")
    dens = density(X).dict
    for k, p in d.pmf().items():
        assert dens[sympy.Integer(k)] == sympy.Rational(p.numerator, p.denominator)
    k = sorted(d.outcomes())[len(d.outcomes()) // 2]
    assert P(sympy.Ge(X, k)) == sympy.Rational(d.at_least(k).numerator, d.at_least(k).denominator)


def test_display():
    assert "total 6" in repr(D6)
    assert D6._repr_latex_().startswith("$\\begin{array}") and "\\frac{1}{6}" in D6._repr_latex_()
