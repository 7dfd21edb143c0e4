"""Reading answers safely: every accepted form, the tolerance rule, and rejections that never
evaluate the text."""

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import Distribution, ParseError
from bluffkit.exercises.answers import (
    DEFAULT_DIGITS,
    AnswerError,
    Choice,
    Count,
    DistributionAnswer,
    Number,
    read_count,
    read_distribution,
    read_number,
)
from tests.conftest import printed_by_python

SEVEN_27 = Fraction(7, 27)


@pytest.mark.parametrize("answer", [
    Fraction(7, 27), "7/27", " 7 / 27 ", "14/54", "7⁄27", sympy.Rational(7, 27),
    sympy.Rational(14, 54),
])
def test_exact_forms_of_7_27(answer):
    r = read_number(answer)
    assert r.exact and r.value == SEVEN_27
    assert Number().same(r, SEVEN_27)


@pytest.mark.parametrize("answer, value", [
    (3, 3), ("3", 3), ("-3", -3), ("−3", -3), (np.int64(3), 3), (sympy.Integer(3), 3),
    ("1 1/2", Fraction(3, 2)), ("-1 1/2", Fraction(-3, 2)), ("+2/4", Fraction(1, 2)),
])
def test_exact_integers_and_mixed_numbers(answer, value):
    r = read_number(answer)
    assert r.exact and r.value == value


@pytest.mark.parametrize("answer, value", [
    (0.259, Fraction(259, 1000)), ("0.259", Fraction(259, 1000)), ("25.9%", Fraction(259, 1000)),
    ("25.9 %", Fraction(259, 1000)), ("1e-3", Fraction(1, 1000)), ("2.5E+1", 25),
    ("0,259", Fraction(259, 1000)), (".5", Fraction(1, 2)), (Decimal("0.259"), Fraction(259, 1000)),
    (np.float64(0.25), Fraction(1, 4)), (np.float32(0.5), Fraction(1, 2)),
    (np.array(0.5), Fraction(1, 2)), (sympy.Float("0.5"), Fraction(1, 2)),
])
def test_rounded_forms(answer, value):
    r = read_number(answer)
    assert not r.exact and r.value == value


def test_irrational_sympy_number_is_a_rounded_form():
    r = read_number(sympy.sqrt(2) / 2)
    assert not r.exact and abs(r.value - Fraction(7071067811865476, 10**16)) < Fraction(1, 10**15)


def test_a_decimal_is_right_when_it_is_the_answer_rounded_with_3_digits_stated():
    assert DEFAULT_DIGITS == 3
    n = Number()
    assert n.same(read_number("0.2593"), SEVEN_27)      # 7/27 = 0.259259...
    assert n.same(read_number("0.259"), SEVEN_27)
    assert n.same(read_number("0.25926"), SEVEN_27)
    assert not n.same(read_number("0.2592"), SEVEN_27)  # cut off, not rounded
    assert not n.same(read_number("0.2598"), SEVEN_27)
    assert not n.same(read_number("0.26"), SEVEN_27)    # rounded, but 2 digits
    assert "3" in n.rule() and "0.259" in n.rule()
    two = Number(digits=2)
    assert two.same(read_number("0.26"), SEVEN_27) and "2" in two.rule()


def test_exact_forms_must_be_exactly_right():
    n = Number()
    assert not n.same(read_number("259/1000"), SEVEN_27)
    assert not n.same(read_number(Fraction(26, 100)), SEVEN_27)
    note = n.near(read_number("26/100"), SEVEN_27)
    assert "exactly" in note and "decimal" in note


def test_near_notes_say_what_to_fix_in_a_rounded_answer():
    n = Number()
    assert "significant digits" in n.near(read_number("0.26"), SEVEN_27)
    assert "round the last digit" in n.near(read_number("0.2592"), SEVEN_27)
    assert "is 0" in n.near(read_number("0.0"), Fraction(1, 7776))
    assert "wrong sign" in n.near(read_number("-0.0003"), Fraction(1, 7776))
    assert n.near(read_number("0.9"), SEVEN_27) is None


@pytest.mark.parametrize("answer", [
    "__import__('os')", "__import__('os').system('true')", "1+1", "2*3", "7/27 + 1",
    "open('x')", "lambda: 1", "x", "", "   ", "1/2/3", "0x1f", "1_000", "nan", "inf", "1.5/3",
    "7 27", "3 5/4", "1 1/0", "()", "[1]", "a" * 1000, "9" * 500,
])
def test_rejects_code_and_junk_without_evaluating(answer, monkeypatch):
    import builtins

    def forbidden(*args, **kwargs):  # pragma: no cover - reached only if the reader evaluates
        raise AssertionError("the answer was evaluated")

    monkeypatch.setattr(builtins, "eval", forbidden)
    monkeypatch.setattr(builtins, "exec", forbidden)
    monkeypatch.setattr(builtins, "__import__", forbidden)
    with pytest.raises(AnswerError) as e:
        read_number(answer)
    assert "fraction" in str(e.value) or "denominator" in str(e.value) or "long" in str(e.value)\
        or "empty" in str(e.value) or "mixed" in str(e.value)


def test_division_by_zero_is_named():
    with pytest.raises(AnswerError, match="denominator"):
        read_number("1/0")


@pytest.mark.parametrize("answer, words", [
    (True, "yes/no"), (np.bool_(False), "yes/no"), (None, "NoneType"), ([1, 2], "list"),
    (float("nan"), "finite"), (float("inf"), "finite"), (np.array([0.1, 0.2]), "array"),
    (sympy.Symbol("p"), "symbol"), (sympy.I, "real"), (sympy.oo, "real"), (1j, "complex"),
    (Decimal("NaN"), "finite"),
])
def test_rejects_non_numbers_kindly(answer, words):
    with pytest.raises(AnswerError, match=words):
        read_number(answer)


def test_answer_error_is_a_parse_error():
    assert issubclass(AnswerError, ParseError) and issubclass(AnswerError, ValueError)


@given(st.fractions(min_value=-10, max_value=10))
def test_text_round_trip_of_any_fraction(x):
    r = read_number(f"{x.numerator}/{x.denominator}")
    assert r.exact and r.value == x


@given(st.floats(min_value=0, max_value=1, allow_nan=False))
def test_a_float_is_right_for_its_own_value(x):
    assert Number().same(read_number(x), Fraction(x))
    assert Number().same(read_number(repr(x)), Fraction(repr(x)))


def test_read_count():
    assert read_count(4) == read_count("4") == read_count(4.0) == read_count(np.int8(4)) == 4
    assert read_count(sympy.Integer(4)) == 4
    for bad in ("4.5", Fraction(9, 2), "four", True):
        with pytest.raises(AnswerError):
            read_count(bad)
    assert Count().same(3, 3) and not Count().same(2, 3)


def test_read_distribution_forms():
    target = Distribution.binomial(2, Fraction(1, 3))   # 4/9, 4/9, 1/9
    kind = DistributionAnswer()
    for answer in ([Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)], ("4/9", "4/9", "1/9"),
                   {0: "4/9", 1: "4/9", 2: "1/9"}, {"0": 0.4444, "1": 0.4444, "2": 0.1111},
                   "4/9, 4/9, 1/9", "4/9; 4/9; 1/9", np.array([4 / 9, 4 / 9, 1 / 9]), target):
        assert kind.same(kind.read(answer), target), answer
    assert not kind.same(kind.read([Fraction(1, 3)] * 3), target)
    assert "add up" in kind.near(kind.read(["1/2", "1/2", "1/2"]), target)
    assert "2" in kind.near(kind.read(["4/9", "5/9", "0"]), target)
    # a count left out counts as 0
    assert kind.same(kind.read({0: 1}), Distribution.point(0))
    with pytest.raises(AnswerError, match="probability for 1"):
        read_distribution(["1/2", "oops"])
    with pytest.raises(AnswerError, match="count"):
        read_distribution({"x": "1"})
    with pytest.raises(AnswerError):
        read_distribution(3)


def test_choice():
    c = Choice({"challenge": ("doubt", "call"), "raise": ("bid",)})
    assert c.read(" Challenge! ") == "challenge" and c.read("doubt") == "challenge"
    assert c.read("BID") == "raise"
    with pytest.raises(AnswerError, match="'challenge', 'raise'"):
        c.read("maybe")
    with pytest.raises(AnswerError):
        c.read(1)


def test_reading_and_checking_import_no_sympy_widgets_or_otter():
    """sympy is imported only for a sympy answer or to display a solution; the exercise layer
    never imports ipywidgets, plotly or otter."""
    code = ("import sys\n"
            "from bluffkit.exercises import load\n"
            "from bluffkit.exercises.answers import read_number\n"
            "read_number('7/27'); read_number(0.25)\n"
            "ws = load('bluff', seed=1)\n"
            "assert all(q.check(q.expected()).correct for q in ws)\n"
            "import bluffkit.exercises.otter\n"
            "print(sorted(m for m in ('sympy', 'ipywidgets', 'plotly', 'otter')"
            " if m in sys.modules))\n")
    assert printed_by_python(code).strip() == "[]"


# -- French: the decimal comma ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "value"), [
    ("0,25", Fraction(1, 4)), ("-0,5", Fraction(-1, 2)), ("25,9 %", Fraction(259, 1000)),
    ("25,9\u00a0%", Fraction(259, 1000)), ("25,9\u202f%", Fraction(259, 1000)),
    (",5", Fraction(1, 2)), ("1,5e-3", Fraction(15, 10_000)), ("2,5E2", Fraction(250)),
])
def test_a_french_student_writes_a_decimal_comma(text, value):
    from bluffkit.core.i18n import language

    with language("fr"):
        reading = read_number(text)
    assert reading.value == value and not reading.exact


def test_a_decimal_comma_answer_is_checked_like_a_decimal_point():
    from bluffkit.core.i18n import language

    with language("fr"):
        assert Number().same(read_number("0,2593"), Fraction(7, 27))
        assert not Number().same(read_number("0,26"), Fraction(7, 27))
