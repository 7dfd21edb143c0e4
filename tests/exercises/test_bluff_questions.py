"""Every Bluff question: the tolerance stated, seeds giving each student their own numbers,
solutions with exact fractions (right answers in every form and named mistakes, for every set:
``test_catalogue.py``).

Expected values are pinned independently where a closed form exists (binomial sums written out
here with ``math.comb``), so the questions cannot agree with a wrong calculator by accident.
"""

import math
from fractions import Fraction

import pytest

from bluffkit.core import Distribution, InvalidQuestion
from bluffkit.exercises import Feedback, catalogue, load
from bluffkit.exercises import bluff as ex
from bluffkit.exercises.answers import DistributionAnswer, Estimate, Number
from bluffkit.exercises.core import Question, plain
from bluffkit.games.bluff import STAR

QUESTIONS = catalogue("bluff")


def binomial_at_least(k: int, n: int, p: Fraction) -> Fraction:
    return sum((math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(max(k, 0), n + 1)),
               Fraction(0))


def test_catalogue_has_at_least_eight_questions_easiest_first():
    assert len(QUESTIONS) >= 8
    assert QUESTIONS[0] is ex.OneDie and QUESTIONS[-1] is ex.Simulation
    assert len({q.title for q in QUESTIONS}) == len(QUESTIONS)


def test_unknown_game_is_a_clear_error():
    with pytest.raises(InvalidQuestion, match="no exercises for game 'chess'.*bluff"):
        catalogue("chess")
    for not_a_game in ("core", "answers", "otter"):
        with pytest.raises(InvalidQuestion, match="no exercises"):
            catalogue(not_a_game)
    with pytest.raises(InvalidQuestion, match="game name"):
        catalogue("../etc")
    with pytest.raises(InvalidQuestion, match="seed"):
        load("bluff", seed=-1)


NUMBER_QUESTIONS = [c for c in QUESTIONS if isinstance(c.kind, Number)]


@pytest.mark.parametrize("cls", NUMBER_QUESTIONS, ids=lambda c: c.__name__)
def test_the_rule_is_stated_when_a_decimal_is_accepted(cls):
    q = next(q for q in map(cls, range(50)) if q.expected().denominator != 1)
    e = q.expected()
    fb = q.check(f"{float(e):.4f}")
    wrong = q.check(float(e) + 0.2)
    if isinstance(q.kind, Estimate):
        said = f"{float(q.kind.tolerance):g}"
        assert fb.correct and said in fb.message and said in wrong.message
    else:
        assert fb.correct and "rounded to 4 decimals" in fb.message
        assert not wrong.correct and "significant digits" in wrong.message


@pytest.mark.parametrize("cls", QUESTIONS, ids=lambda c: c.__name__)
def test_seeds_give_own_numbers_and_the_same_seed_the_same(cls):
    statements = {cls(seed=s).statement() for s in range(20)}
    assert len(statements) >= 3, cls.__name__
    assert cls(seed=11).statement() == cls(seed=11).statement()
    assert cls(seed=11).expected() == cls(seed=11).expected()


@pytest.mark.parametrize("cls", QUESTIONS, ids=lambda c: c.__name__)
def test_solution_contains_the_exact_answer(cls):
    for seed in range(4):
        q = cls(seed=seed)
        e, sol = q.expected(), q.solution()
        assert sol.status == "solution"
        text, md = str(sol), sol.markdown()
        if isinstance(e, Fraction):
            assert f"{e.numerator}/{e.denominator}" in text or (
                e.denominator == 1 and str(e.numerator) in text)
            if e.denominator != 1:
                assert f"\\frac{{{e.numerator}}}{{{e.denominator}}}" in md
        elif isinstance(e, Distribution):
            for p in e.pmf().values():
                assert f"{p.numerator}/{p.denominator}" in text
        else:
            assert f"Answer: {e}" in text


@pytest.mark.parametrize("cls", QUESTIONS, ids=lambda c: c.__name__)
def test_hints_progress_and_placeholders_are_gentle(cls):
    q = cls(seed=1, number=3)
    hints = q.hints()
    assert hints
    shown = [q.hint() for _ in range(len(hints) + 1)]
    assert [h.title for h in shown[:len(hints)]] == [
        f"Hint {i} of {len(hints)}" for i in range(1, len(hints) + 1)]
    assert "q3.solution()" in shown[-1].message      # past the last hint: points to the solution
    assert q.hint(1).message.startswith(hints[0])
    assert q.hint(99).title == "No such hint"
    for placeholder in (..., None):
        fb = q.check(placeholder)
        assert fb.status == "unanswered" and "q3.hint()" in fb.message
    bad = q.check("__import__('os')")
    assert bad.status == "unreadable" and not bad.correct


# -- independent values ----------------------------------------------------------------------------
def test_one_die_and_expected_matches_pinned():
    for seed in range(20):
        q = ex.OneDie(seed=seed)
        assert q.expected() == (Fraction(1, 6) if q.face == STAR else Fraction(1, 3))
        q2 = ex.ExpectedMatches(seed=seed)
        assert q2.expected() == Fraction(q2.n, 6 if q2.face == STAR else 3)


def test_distribution_pinned_to_binomial_formula():
    q = ex.CountDistribution(seed=0)
    expected = {k: math.comb(q.n, k) * Fraction(1, 3) ** k * Fraction(2, 3) ** (q.n - k)
                for k in range(q.n + 1)}
    assert q.expected().pmf() == expected
    assert isinstance(q.kind, DistributionAnswer)


def test_bid_with_my_dice_pinned_to_binomial_sum():
    for seed in range(10):
        q = ex.BidWithMyDice(seed=seed)
        known = sum(1 for f in q.mine if f in (q.face, STAR))
        assert q.expected() == binomial_at_least(q.bid.count - known, q.n - len(q.mine),
                                                 Fraction(1, 3))
        s = ex.StarBid(seed=seed)
        stars = sum(1 for f in s.mine if f == STAR)
        assert s.expected() == binomial_at_least(s.bid.count - stars, s.n - len(s.mine),
                                                 Fraction(1, 6))


def test_rule_of_thumb_bid_stands_more_often_than_not():
    for seed in range(10):
        q = ex.RuleOfThumb(seed=seed)
        assert q.expected() == binomial_at_least(q.n // 3, q.n, Fraction(1, 3)) > Fraction(1, 2)


def test_challenger_loss_pinned_to_enumeration():
    for seed in range(6):
        q = ex.ChallengerLoss(seed=seed)
        known = sum(1 for f in q.mine if f in (q.face, STAR))
        unknown, b, m = q.n - len(q.mine), q.bid.count, len(q.mine)
        loss = Fraction(0)
        for j in range(unknown + 1):
            p = math.comb(unknown, j) * Fraction(1, 3) ** j * Fraction(2, 3) ** (unknown - j)
            a = known + j
            loss += p * (1 if a == b else min(a - b, m) if a > b else 0)
        assert q.expected() == loss


def test_challenge_or_raise_targets_probability_versus_expectation():
    for seed in range(6):
        q = ex.ChallengeOrRaise(seed=seed)
        assert q.expected() == min(q.challenge_loss(), q.raise_loss())
        names = {m.name for m in q.likely_mistakes()}
        assert "chose by probability" in names, seed


def test_reroll_pinned():
    for seed in range(6):
        q = ex.Reroll(seed=seed)
        unknown = q.n - len(q.shown)
        assert q.expected() == binomial_at_least(q.bid.count - len(q.shown), unknown,
                                                 Fraction(1, 3))


def test_simulation_has_a_wider_stated_tolerance_and_its_own_estimate_passes():
    q = ex.Simulation(seed=4)
    assert q.kind.tolerance == Fraction(15, 1000)
    assert "0.015" in q.statement()
    assert q.check(q.simulate()).correct
    assert q.check(q.simulate(seed=99)).correct


def test_worksheet_numbers_and_display():
    ws = load("bluff", seed=2)
    assert [q.number for q in ws] == list(range(1, len(QUESTIONS) + 1))
    assert ws.q2 is ws[1] and ws.seed == 2 and ws.game == "bluff"
    q1, *_ = ws
    assert q1 is ws.q1
    assert "seed 2" in ws._repr_markdown_() and "One die" in repr(ws)
    assert "(seed 2)" in ws.q1._repr_markdown_()
    with pytest.raises(AttributeError):
        _ = ws.q99
    fresh = load("bluff")
    assert isinstance(fresh.seed, int) and fresh.q1.seed == fresh.seed


def test_feedback_renders_markdown_and_plain_text():
    q = load("bluff", seed=0).q5
    fb = q.check("0.5" if q.expected() != Fraction(1, 2) else "0.1")
    assert isinstance(fb, Feedback) and not fb.correct and not fb.correct
    assert fb._repr_markdown_().startswith(("❌", "🤔"))
    sol = q.solution()
    assert "$" in sol.markdown() and "$" not in str(sol) and "\\" not in str(sol)


def test_plain_text_conversion():
    assert plain(r"$\left(\frac{1}{3}\right)^j \le 1$") == "(1/3)^j ≤ 1"
    assert plain(r"$\mathbb{E}[\text{loss}]$") == "E[loss]"


def test_base_question_is_small_and_copyable():
    class Tiny(Question):
        title = "Tiny"
        kind = Number()

        def setup(self, rng):
            self.n = int(rng.integers(2, 5))

        def statement(self):
            return f"1/{self.n}?"

        def expected(self):
            return Fraction(1, self.n)

    q = Tiny(seed=3)
    assert q.check(f"1/{q.n}").correct and not q.check("7").correct
    assert q.hint().title == "No hint for this one"
    assert q.likely_mistakes() == []
