"""Fuzz: at least 2,000 hostile answers handed to ``check()`` across every exercise set
(``exercise_sets()``: the five games' and the topics', such as optimal bluffing): never an
exception, a clear reply, under 2 s each, and nothing echoed as Markdown or HTML (issue 12,
"Done when")."""

from __future__ import annotations

import itertools
import string
from decimal import Decimal
from fractions import Fraction

import numpy as np
import sympy

from bluffkit.exercises import exercise_sets, load

SEED = 2026
STATUSES = {"correct", "mistake", "incorrect", "unreadable", "unanswered"}


def _tower(levels):
    expr = sympy.Integer(levels[-1])
    for base in reversed(levels[:-1]):
        expr = sympy.Pow(base, expr, evaluate=False)
    return expr


FIXED = [
    lambda r: Decimal("1e999999999"), lambda r: Decimal("-1e999999999"),
    lambda r: Decimal("1e-999999999"), lambda r: "1e999", lambda r: "1e-9999",
    lambda r: np.array(1 / 3), lambda r: np.zeros(10**6), lambda r: itertools.count(),
    lambda r: range(10**12), lambda r: [0.5] * 10**6, lambda r: {10**100: 1},
    lambda r: 10**10**5, lambda r: Fraction(1, 10**5000), lambda r: sympy.Integer(2)**100_000,
    lambda r: sympy.Float(10.0)**100_000, lambda r: sympy.oo, lambda r: sympy.nan,
    lambda r: sympy.I, lambda r: sympy.Symbol("p"), lambda r: sympy.Eq(sympy.Symbol("x"), 1),
    lambda r: float("nan"), lambda r: float("inf"), lambda r: 1e308, lambda r: 5e-324,
    lambda r: complex(1, 1), lambda r: b"1/2", lambda r: object(), lambda r: print,
    lambda r: "<script>alert(1)</script>", lambda r: "10**10**10", lambda r: "$\\frac{1}{0}$",
    lambda r: "1/0", lambda r: "", lambda r: "½", lambda r: "٣", lambda r: "1" * 5000,
    lambda r: "9" * 199, lambda r: [[1, 2]], lambda r: {"a": 1}, lambda r: (x for x in "12"),
    lambda r: np.longdouble("1e4000"), lambda r: np.int64(2**62), lambda r: True,
    lambda r: Decimal("NaN"), lambda r: sympy.Sum(1 / sympy.Symbol("n")**2,
                                                  (sympy.Symbol("n"), 1, 9)),
]


def random_answer(rng: np.random.Generator):
    """One hostile answer: a fixed offender or a random one of a dozen families."""
    kind = int(rng.integers(12))
    if kind < 3:
        return FIXED[int(rng.integers(len(FIXED)))](rng)
    if kind == 3:  # a sympy tower of 2-5 powers
        return _tower([int(x) for x in rng.integers(2, 12, size=int(rng.integers(2, 6)))])
    if kind == 4:  # a huge or tiny Decimal
        return Decimal(f"{rng.integers(1, 10)}e{int(rng.integers(-10**9, 10**9))}")
    if kind == 5:  # text of random printable characters
        n = int(rng.integers(0, 300))
        return "".join(rng.choice(list(string.printable), size=n))
    if kind == 6:  # a number as text with a random exponent and suffix
        return f"{rng.random():.5f}e{int(rng.integers(-9999, 9999))}{rng.choice(['', '%'])}"
    if kind == 7:  # a huge whole number, int or text
        n = int(rng.integers(100, 6000))
        return 10**n if rng.random() < 0.5 else "7" * n
    if kind == 8:  # a list of hostile entries
        return [random_answer(rng) if rng.random() < 0.2 else rng.random()
                for _ in range(int(rng.integers(0, 40)))]
    if kind == 9:  # a dict with hostile keys
        return {rng.choice([-1, 10**50, "x", 3.5, 0]): rng.random() for _ in range(3)}
    if kind == 10:  # a numpy array of a random shape
        return np.full(tuple(int(x) for x in rng.integers(0, 4, size=int(rng.integers(0, 3)))),
                       rng.random())
    return Fraction(int(rng.integers(-10**9, 10**9)), int(rng.integers(1, 10**9)))


def clear_feedback(fb) -> bool:
    md, text = fb.markdown(), str(fb)
    return (fb.status in STATUSES and bool(fb.message) and len(md) < 3000
            and "<script" not in md and "Traceback" not in text)


def test_hostile_answers(tally):
    rng = np.random.default_rng(SEED)
    sets = exercise_sets()
    assert {"bluff", "bluff-you", "poker-dice", "jungle-bluff", "bungee",
            "optimal-bluffing"} <= set(sets)
    questions = [(name, q) for name in sets for q in load(name, seed=SEED)]
    for _, q in questions:  # each question's own first computation is not the answer's cost
        q.expected()
        q.likely_mistakes()
    answered = dict.fromkeys(sets, 0)
    for i in range(2000):
        name, q = questions[i % len(questions)]
        answer = random_answer(rng)
        tally.run((name, q.title, type(answer).__name__), lambda q=q, a=answer: q.check(a),
                  clear_feedback)
        answered[name] += 1
    print(f"answers per exercise set: {answered}")
    assert min(answered.values()) >= 50, answered
    tally.check(at_least=2000)
