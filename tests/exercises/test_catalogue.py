"""Every question of every exercise set: the right answer is accepted in every form a student
may write it, a number off by a little is refused, each likely mistake is named, each student
(seed) gets their own numbers, the solution and statement exist, and an unanswered placeholder
is not an error. The game files test what only their questions do."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy

from bluffkit.core import Distribution
from bluffkit.exercises import catalogue, exercise_sets
from bluffkit.exercises.answers import Estimate
from bluffkit.exercises.ranged import Ranged
from bluffkit.exercises.worksheets import TOPICS

SEEDS = range(12)
QUESTIONS = [(name, cls) for name in exercise_sets() for cls in catalogue(name)]
SAME_FOR_EVERYONE = {"NeverNothing", "OpenerTellsTheTruth"}
"""Questions with no numbers of their own: every student reads the same statement."""
FEW_VARIANTS = {"Doublet", "StraightCount", "FiveDiceCategory", "BestOfSix", "Exploitability",
                "GoingFirst"}
"""Questions drawn from a handful of cases (a category, a dice count): fewer than 6 in 20 seeds."""


def written(e) -> list:
    """The expected answer ``e`` as a student may write it."""
    if isinstance(e, Distribution):
        pmf = e.pmf()
        ks = range(max(pmf) + 1)
        return [pmf, [pmf[k] for k in ks], [float(pmf[k]) for k in ks],
                ", ".join(f"{p.numerator}/{p.denominator}" for p in pmf.values())]
    if not isinstance(e, Fraction):
        return [e, str(e)]
    forms = [f"{e.numerator}/{e.denominator}", f" {e.numerator} / {e.denominator} ",
             sympy.Rational(e.numerator, e.denominator), float(e), np.float64(e),
             f"{float(e):.6g}", f"{100 * float(e):.4f}%"]
    return forms + ([int(e), str(int(e))] if e.denominator == 1 else [])


@pytest.mark.parametrize("name", exercise_sets())
def test_each_set_is_big_enough_with_distinct_titles(name):
    titles = [q.title for q in catalogue(name)]
    assert len(titles) >= (6 if name in TOPICS else 8)  # the issues' minimums
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("name,cls", QUESTIONS, ids=lambda x: getattr(x, "__name__", x))
def test_right_answers_accepted_in_every_form_and_mistakes_named(name, cls):
    for seed in SEEDS:
        q = cls(seed=seed)
        e = q.expected()
        for form in [e, *written(e)]:
            fb = q.check(form)
            assert fb.correct, (name, cls.__name__, seed, form, str(fb))
        if isinstance(e, Fraction) and e and not (isinstance(e, Ranged) and e.low < e.high):
            # a little away from the answer (away from 0) is refused, exact must be exact
            off = (3 * q.kind.tolerance if isinstance(q.kind, Estimate)
                   else Fraction(3, 10**6) + abs(e) / 10**4)
            assert not q.check(f"{float(e + off * (1 if e > 0 else -1)):.6g}").correct, (
                cls.__name__, seed)
            assert not q.check(e + Fraction(1, 10**9)).correct, (cls.__name__, seed)
        assert q.likely_mistakes(), (name, cls.__name__, seed)
        for m in q.likely_mistakes():
            fb = q.check(m.value)
            assert fb.status == "mistake" and fb.mistake == m.name, (cls.__name__, seed, m.name)
            assert m.message in fb.message
        assert q.statement() and "None" not in q.statement() and q.hint().status == "hint"
        assert q.solution().status == "solution"
        assert q.check(...).status == "unanswered"
        assert q.check("__import__('os')").status == "unreadable"


@pytest.mark.parametrize("name,cls", QUESTIONS, ids=lambda x: getattr(x, "__name__", x))
def test_seeds_give_students_their_own_numbers(name, cls):
    n = len({cls(seed=s).statement() for s in range(20)})
    if cls.__name__ in SAME_FOR_EVERYONE:
        assert n == 1
    else:
        assert n >= (2 if cls.__name__ in FEW_VARIANTS else 6), (name, cls.__name__, n)
    assert cls(seed=11).statement() == cls(seed=11).statement()
