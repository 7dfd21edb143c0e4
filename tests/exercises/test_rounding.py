"""A decimal is right when it is the exact answer rounded to the digits given, with at least the
significant digits the question states; never of the wrong sign, never 0 for a non-zero answer
(issue 26 item 11), in every form a number can take. And a decimal comma typed without quotes
(a tuple for Python) is named as such (item 9)."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy

from bluffkit.core.i18n import language
from bluffkit.exercises import catalogue, load
from bluffkit.exercises.answers import DistributionAnswer, Estimate, Number, read_number
from bluffkit.exercises.notebook import notebook_path
from bluffkit.exercises.results import reading_json
from bluffkit.teacher.collect import grade_reading, reading_from_json

ROOT = Path(__file__).resolve().parents[2]
TINY = Fraction(1, 7776)  # five 9s with poker dice: 0.000128600...
MY_SETS = ["bluff", "bluff-you", "poker-dice", "bungee", "jungle-bluff"]


@pytest.mark.parametrize("answer", [
    "0.0", "0", "-0.0003", 0.0004, "0.0004", "0.0001", "0.01%", "0.00013", 0.0, -0.0, "-0.0",
    Decimal("0.0"), np.float64(0.0004), np.float32(0.0001), sympy.Float("0.0001"), "1e-4",
    "-1/7776", "0,0004",
])
def test_wrong_decimals_for_a_tiny_answer_are_refused(answer):
    assert not Number().same(read_number(answer), TINY)


@pytest.mark.parametrize("answer", [
    "0.000129", "0.0001286", "0.00012860", "0.0129%", "1.29e-4", "0,000129", 1 / 7776,
    np.float64(1) / 7776, np.float32(1 / 7776), Decimal(1) / Decimal(7776), sympy.Float(1 / 7776),
    sympy.Float(1) / 7776, "1/7776", TINY, sympy.Rational(1, 7776),
])
def test_the_tiny_answer_rounded_or_computed_is_accepted(answer):
    assert Number().same(read_number(answer), TINY)


def test_every_number_question_refuses_0_negative_and_too_few_digits():
    """The issue's case, over every Number question of the five sets, seeds 1-40: 0, minus the
    answer, and the answer with 1 significant digit are refused; with 3 digits it is right."""
    checked = 0
    for name in MY_SETS:
        for seed in range(1, 41):
            for q in load(name, seed=seed):
                e = q.expected()
                if type(q.kind) is not Number or Fraction(e).denominator == 1:
                    continue
                checked += 1
                for wrong in ("0.0", f"{-float(e):.4g}", f"{float(e):#.1g}", f"{float(e):#.2g}"):
                    if Fraction(wrong) != e:  # 1/4 is 0.25 exactly
                        assert not q.check(wrong).correct, (name, seed, q.name, wrong)
                assert q.check(f"{float(e):#.3g}").correct, (name, seed, q.name)
    assert checked > 1000


def test_percentages_numpy_sympy_and_decimals_follow_the_same_rule():
    seven = Fraction(7, 27)  # 0.259259...
    for right in ("25.9%", "25.93 %", np.float32(0.2593), np.float16(0.2593), np.float32(7 / 27),
                  np.float64(7 / 27), sympy.Float(7 / 27), sympy.Float("0.2593"),
                  Decimal("0.2593"), Decimal(7) / Decimal(27), np.array(0.2593)):
        assert Number().same(read_number(right), seven), right
    for wrong in ("26%", "25.92%", np.float32(0.26), np.float64(0.2592), sympy.Float("0.26"),
                  Decimal("0.2592"), sympy.sqrt(2) / 5, -seven, "-25.9%"):
        assert not Number().same(read_number(wrong), seven), wrong


def test_a_distribution_refuses_0_for_a_small_probability():
    kind = DistributionAnswer()
    target = {0: Fraction(7775, 7776), 1: TINY}
    assert kind.same(kind.read(["0.99987", "0.000129"]), target)
    assert kind.same(kind.read([7775 / 7776, 1 / 7776]), target)
    for wrong in (["1.0", "0.0"], ["0.9999", "0.0001"], [0.9997, 0.0003], ["1", "0"],
                  {0: "0.99987"}, ["0.99987", "-0.000129"]):
        assert not kind.same(kind.read(wrong), target), wrong


def test_an_estimate_keeps_its_tolerance_but_never_a_wrong_sign_or_0():
    kind = Estimate()
    assert kind.same(read_number("0.012"), Fraction(1, 100))
    assert not kind.same(read_number("0.0"), Fraction(1, 100))
    assert not kind.same(read_number("-0.001"), Fraction(1, 100))


def test_feedback_says_how_the_rounded_answer_was_judged():
    q = next(q for q in (load("poker-dice", seed=s).q1 for s in range(1, 40))
             if q.expected() == TINY)
    for wrong, said in (("0.0", "is 0"), ("-0.0003", "wrong sign"), ("0.0001", "significant"),
                        ("0.0001285", "round the last digit")):
        fb = q.check(wrong)
        assert not fb.correct and said in fb.message, (wrong, str(fb))
    fb = q.check("0.0001286")
    assert fb.correct and "rounded to 7 decimals" in fb.message
    assert "0.0001286" in q.solution().message and "0.0001286" in q.kind.show(TINY)


def test_the_results_log_grades_as_the_check_did():
    """What the log keeps of a rounded answer (its digits) grades it again the same way, and a
    record written before the digits were kept is read from its value."""
    q = next(q for q in (load("poker-dice", seed=s).q1 for s in range(1, 40))
             if q.expected() == TINY)
    for answer in ("0.0001286", "0.0001", "0.0", 1 / 7776, "0.0129%", "0.00012860"):
        reading = q.kind.read(answer)
        again = reading_from_json(json.loads(json.dumps(reading_json(reading))))
        assert (grade_reading(q, again)[0] == "correct") == q.check(answer).correct, answer
    legacy = {"value": str(Fraction(1286, 10**7)), "exact": False}
    assert grade_reading(q, reading_from_json(legacy))[0] == "correct"
    legacy = {"value": str(Fraction(1 / 7776)), "exact": False}  # a float's binary value
    assert grade_reading(q, reading_from_json(legacy))[0] == "correct"
    legacy = {"value": "1/10000", "exact": False}
    assert grade_reading(q, reading_from_json(legacy))[0] != "correct"


# -- item 9: the decimal comma --------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_decimal_comma_without_quotes_is_named(lang):
    q = load("poker-dice", seed=3).q3
    with language(lang):
        fb = q.check((0, 1667))  # what Python makes of: answer = 0,1667
        dist = load("bluff", seed=3).q3.check([0, 1975, 0, 3951, 0, 2963])
    assert fb.status == "unreadable" and '"0,1667"' in str(fb), str(fb)
    assert dist.status == "unreadable" and '"0,25"' in str(dist), str(dist)


@pytest.mark.parametrize("name", MY_SETS)
def test_french_notebooks_write_decimal_commas_in_quotes(name):
    """The answer cells' comments show a decimal comma in quotes (``"0,2593"``): copied without
    them, ``reponse = 0,2593`` is a tuple."""
    nb = json.loads(notebook_path(name, ROOT, "fr").read_text())
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "0,2593" in code
    unquoted = [m.group(0) for m in re.finditer(r'(?<![\d"])0,\d+(?![\d"])', code)]
    assert unquoted == []
    with language("fr"):
        forms = [cls.kind.form() for cls in catalogue(name)]
    assert all(not re.search(r'(?<![\d"])0,\d+', f) for f in forms), forms
