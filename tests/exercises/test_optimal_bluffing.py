"""Optimal-bluffing questions: right answers accepted, likely mistakes named, the tolerance of the
CFR questions stated, and the expected answers pinned to closed forms derived by hand, to a
second computation, or to the known value of liar's dice (-7/258)."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
import sympy

from bluffkit.advice.bluff import Position
from bluffkit.advice.bluff.equilibrium import equilibrium_view, solved_round
from bluffkit.exercises import catalogue, exercise_sets, load
from bluffkit.exercises import optimal_bluffing as ex
from bluffkit.exercises.answers import read_number
from bluffkit.solvers.small_games import CARDS, kuhn_game, realization_plan

QUESTIONS = catalogue("optimal-bluffing")
SEEDS = range(10)
CFR = (ex.ReadTheTable, ex.GoingFirst, ex.OpenerTellsTheTruth)


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BLUFFKIT_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield


def test_catalogue_is_registered_with_at_least_six_questions():
    assert "optimal-bluffing" in exercise_sets()
    assert len(QUESTIONS) >= 6 and len({q.title for q in QUESTIONS}) == len(QUESTIONS)
    ws = load("optimal-bluffing", seed=4)
    assert ws.title == "optimal bluffing (equilibria)" and "7 exercises" in repr(ws)


@pytest.mark.parametrize("cls", QUESTIONS, ids=lambda c: c.__name__)
def test_right_answers_accepted_and_mistakes_named(cls):
    for seed in SEEDS:
        q = cls(seed=seed)
        e = q.expected()
        assert q.check(e).correct, (seed, str(q.check(e)))
        forms = [float(e), f"{float(e):.4f}", np.float64(e), f"{100 * float(e):.3f}%"]
        if isinstance(e, F):
            forms += [f"{e.numerator}/{e.denominator}", sympy.Rational(e.numerator,
                                                                        e.denominator)]
        for form in forms:
            assert q.check(form).correct, (cls.__name__, seed, form)
        for m in q.likely_mistakes():
            fb = q.check(m.value)
            assert fb.status == "mistake" and fb.mistake == m.name, (seed, m.name, str(fb))
        assert q.hints() and "None" not in q.statement()
        assert q.kind.show(e) in str(q.solution()).replace("\n", " ") or isinstance(e, F)
        assert q.check("not a number").status == "unreadable"


@pytest.mark.parametrize("cls", CFR, ids=lambda c: c.__name__)
def test_cfr_questions_state_their_tolerance(cls):
    q = cls(seed=1)
    e = F(q.expected())
    tol = q.kind.tolerance
    assert f"{float(tol):g}" in q.statement() + q.kind.rule()
    assert q.check(str(e + tol * F(9, 10))).correct   # an exact fraction near enough is fine
    near = q.check(str(float(e + 2 * tol)))
    assert near.status in ("incorrect", "mistake") and (near.status == "mistake"
                                                        or "close" in near.message)
    assert "CFR" in str(q.check(float(e)))


# -- the expected answers, pinned --------------------------------------------------------------
def test_exploitability_is_the_best_pure_reply():
    for seed in SEEDS:
        q = ex.Exploitability(seed=seed)
        r, p, s = q.mix
        assert q.expected() == max(s - p, r - s, p - r)  # both sides gain the same


def test_weighted_rps_plays_rock_for_the_scissors_prize():
    for seed in SEEDS:
        q = ex.WeightedRPS(seed=seed)
        r, p, s = q.wins
        assert q.expected() == F(s, r + p + s)


def test_bluffing_frequency_is_bet_over_pot_plus_bet():
    for seed in SEEDS:
        q = ex.BluffingFrequency(seed=seed)
        assert q.expected() == F(q.bet, q.pot + q.bet)


def test_kuhn_best_response_adds_the_best_of_each_decision():
    for seed in SEEDS:
        q = ex.KuhnBestResponse(seed=seed)
        plan = realization_plan(kuhn_game(), 0, q.behaviour())
        total = F(0)
        for card in CARDS:
            others = [c for c in CARDS if c != card]
            total += max(ex._kuhn_earn(plan, card, others, "bet", a) for a in ("fold", "call"))
            total += max(ex._kuhn_earn(plan, card, others, "check", a)
                         for a in ("check", "bet"))
        assert q.expected() == total
        assert q.expected() >= F(1, 18)  # a best response earns at least the game value


def test_kuhn_best_response_of_a_stated_strategy():
    # the brief's example: player 0 bets K always, J never, Q half the time; calls with K only.
    # By hand, per deal 1/6, player 1's best decision for each card and situation:
    #   J facing a bet: fold -(1/2 + 1)/6 = -1/4   (calling: -2 (3/2)/6 = -1/2)
    #   J after a check (Q checks 1/2, K never): bet, Q folds: +(1/2)/6 = 1/12
    #   Q facing a bet (only K bets): fold -1/6;  after a check (J): check or bet, +1/6
    #   K facing a bet (Q half the time): call +2 (1/2)/6 = 1/6
    #   K after a check (J, and Q half the time): +(3/2)/6 = 1/4
    # total -1/4 + 1/12 - 1/6 + 1/6 + 1/6 + 1/4 = 1/4
    q = ex.KuhnBestResponse(seed=0)
    q.bet = {"J": F(0), "Q": F(1, 2), "K": F(1)}
    q.call = {"J": F(0), "Q": F(0), "K": F(1)}
    assert q.expected() == F(1, 4)
    assert "Q with probability" in q.statement()


def test_going_first_is_worth_the_known_value_of_liars_dice():
    opener = next(ex.GoingFirst(seed=s) for s in SEEDS if ex.GoingFirst(seed=s).opener)
    second = next(ex.GoingFirst(seed=s) for s in SEEDS if not ex.GoingFirst(seed=s).opener)
    exact = F(1, 2) * (1 + F(-7, 258))
    assert abs(F(opener.expected()) - exact) <= opener.kind.tolerance
    assert abs(F(second.expected()) - (1 - exact)) <= second.kind.tolerance
    assert opener.check("251/516").correct  # the exact value is accepted


def test_read_the_table_and_bayes_agree_with_the_advice_view():
    solved = solved_round(1, 1)
    for seed in SEEDS:
        q = ex.ReadTheTable(seed=seed)
        assert q.expected() == solved.strategy([f"1x{q.bid}"], (q.roll,))["challenge"]
        b = ex.OpenerTellsTheTruth(seed=seed)
        # the advice's Bayes reading, for a second player holding any die, must agree
        view = equilibrium_view(Position("1", (1, 1), me=1, bid=f"1x{b.bid}",
                                         history=[f"1x{b.bid}"]))
        posterior = {r[0]: p for r, p in view.posterior}
        assert b.expected() == pytest.approx(posterior[b.bid] + posterior[6])
        assert F(1, 3) < F(b.expected()) <= 1  # the bid is evidence for itself


def test_approximate_answers_read_every_form():
    kind = ex.Approximate(F(1, 100))
    assert kind.same(read_number("31%"), F(3, 10) + F(1, 200))
    assert kind.same(read_number("3/10"), 0.305)
    assert not kind.same(read_number("0.33"), 0.305)
    assert "approximate" in kind.rule()


def test_read_the_table_asks_a_real_mix():
    """A die above the bid's face raises to itself and never challenges: not asked any more."""
    for seed in range(12):
        q = ex.ReadTheTable(seed=seed)
        assert 1 <= q.roll < q.bid <= 5
        assert 0.05 < q.expected() < 1, (seed, q.expected())  # challenges, and not always
