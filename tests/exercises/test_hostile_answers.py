"""Answers a careless or hostile student may hand to check(): never an exception, never a hang
(sizes and magnitudes are bounded before any work), and feedback that quotes the answer as
typed without letting it act as Markdown or HTML (issue 12, item 2)."""

import itertools
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
import sympy

from bluffkit.exercises import load
from bluffkit.exercises.answers import read_distribution, read_number
from bluffkit.exercises.bounds import AnswerError
from bluffkit.exercises.core import escape, plain


def _tower(*levels):
    expr = sympy.Integer(levels[-1])
    for base in reversed(levels[:-1]):
        expr = sympy.Pow(base, expr, evaluate=False)
    return expr


HOSTILE_NUMBERS = [
    Decimal("1e999999999"), Decimal("-1e999999999"), Decimal("1e-999999999"), "1e999", "1e9999",
    "1e-9999", 10**10**5, Fraction(1, 10**5000), sympy.Integer(2)**100_000,
    sympy.Float("1e100000"), _tower(10, 10, 10), _tower(10, 10, 10, 10), _tower(2, -10**10),
    sympy.exp(sympy.Integer(10)**20, evaluate=False), sympy.Sum(1 / sympy.Symbol("n")**2,
                                                                 (sympy.Symbol("n"), 1, 9)),
    np.zeros(10**6), itertools.count(), [0.5] * 10**6, 1e300, np.longdouble("1e4000"),
]


@pytest.mark.parametrize("answer", HOSTILE_NUMBERS, ids=lambda a: type(a).__name__)
def test_numbers_out_of_bounds_are_refused(answer):
    with pytest.raises(AnswerError, match="could not read|is not a number"):
        read_number(answer)


@pytest.mark.parametrize("answer", [
    np.array(1 / 3), np.zeros(10**6), itertools.count(), range(10**12), [0.5] * 10**6,
    {10**100: 1}, {"1e9999": 1}, ["1e999"], "1e999, 1e999", [Decimal("1e999999999")],
    {i: 0 for i in range(5000)}, (x for x in itertools.count()),
], ids=lambda a: type(a).__name__)
def test_distributions_out_of_bounds_are_refused(answer):
    with pytest.raises(AnswerError):
        read_distribution(answer)


def test_every_question_answers_hostile_input_with_unreadable_feedback():
    """One question of each kind: a number, a count, a distribution."""
    ws = load("bluff", seed=5)
    for q in ws:
        for answer in HOSTILE_NUMBERS:
            fb = q.check(answer)
            assert fb.status == "unreadable", (q.title, answer)
            assert "ould not read" in fb.message or "not a number" in fb.message
        for answer in (np.array(1 / 3), range(10**12), np.array([1 / 3])):
            assert q.check(answer).status in ("unreadable", "incorrect", "mistake", "correct")


def test_bounds_keep_every_ordinary_answer():
    assert read_number(5e-324).value == Fraction(5, 10**324)  # the smallest float, as written
    assert read_number("1e-300").value == Fraction(1, 10**300)
    assert read_number(10**100).value == 10**100
    assert read_number(sympy.binomial(5, 2) * sympy.Rational(1, 3)**2).value == Fraction(10, 9)
    root8 = read_number(sympy.sqrt(2) ** 3).value
    assert abs(root8 - Fraction(2828427, 10**6)) < Fraction(1, 10**6)
    assert len(read_distribution([Fraction(1, 31)] * 31)) == 31


def test_feedback_quotes_the_answer_as_typed_and_escapes_html():
    q = load("bluff", seed=5).q1
    fb = q.check("10**10**10")
    assert "10**10**10" in str(fb)  # not '101010': the stars are not Markdown bold
    assert "10\\*\\*10\\*\\*10" in fb.markdown()
    fb = q.check("<script>alert(1)</script>")
    assert "<script>" not in fb.markdown() and "&lt;script&gt;" in fb.markdown()
    assert "<script>" in str(fb)
    fb = q.check("$\\frac{1}{0}$")
    assert "\\$" in fb.markdown()


def test_escape_round_trips_through_plain():
    for text in ["a_b*c*", "<b>x</b> & y", "$5 | #3 ~ `x` [a](b)", "\\frac{1}{2}"]:
        assert plain(escape(text)) == text


class Weird(float):
    def __float__(self):
        raise RuntimeError("boom")

    def __repr__(self):
        raise RuntimeError("boom")


def test_objects_failing_in_their_own_code_are_unreadable():
    q = load("bluff", seed=5).q1
    assert q.check(Weird(0.5)).status in ("unreadable", "incorrect", "correct")
