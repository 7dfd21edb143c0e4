"""Optimal-bluffing questions: right answers accepted, likely mistakes named, the questions on the
exactly solved 1-vs-1 Bluff round accepting exactly the range over all its equilibria (and
saying so), and the expected answers pinned to closed forms derived by hand, to a second
computation, or to the known value of liar's dice (-7/258). Over seeds 1-200, every answer is
recomputed independently in ``test_second_route.py``."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
import sympy

from bluffkit.exercises import catalogue, exercise_sets, load
from bluffkit.exercises import optimal_bluffing as ex
from bluffkit.exercises.answers import read_number
from bluffkit.exercises.optimal_bluffing.small_games import kuhn_earn
from bluffkit.exercises.ranged import InRange, Ranged, ends
from bluffkit.solvers.bluff.exact import exact_round
from bluffkit.solvers.small_games import CARDS, kuhn_game, realization_plan

QUESTIONS = catalogue("optimal-bluffing")
SEEDS = range(10)
RANGED = (ex.ReadTheTable, ex.OpenerTellsTheTruth)


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


@pytest.mark.parametrize("cls", RANGED, ids=lambda c: c.__name__)
def test_equilibrium_questions_accept_exactly_the_range_of_all_equilibria(cls):
    shown = {False: 0, True: 0}
    for seed in range(1, 41):
        q = cls(seed=seed)
        low, high = ends(q.expected())
        assert low <= F(q.expected()) <= high and "any value that an exact equilibrium" in (
            q.statement())
        for inside in (low, high, (low + high) / 2):
            fb = q.check(f"{inside.numerator}/{inside.denominator}")
            assert fb.correct, (seed, inside, str(fb))
            note = str(fb).replace("\n", " ")
            assert ("any value from" in note.lower() if low < high else "Every equilibrium" in note)
        shown[low < high] += 1
        for outside in (low - F(1, 10**6), high + F(1, 10**6)):  # an exact fraction just out
            assert not q.check(f"{outside.numerator}/{outside.denominator}").correct
        for end in (low, high):  # a decimal is an equilibrium's value, rounded
            assert q.check(f"{float(end):.4f}").correct and q.check(f"{float(end):.5g}").correct
        assert not q.check(f"{float(low) - 0.002:.4f}").correct
        assert not q.check(f"{float(high) + 0.002:.4f}").correct
        assert "any value from" in str(q.solution()).lower() or low == high
    assert all(shown.values()) or cls is ex.OpenerTellsTheTruth  # ranges and pinned ones


def test_the_issue_s_seeds_ask_what_the_exact_equilibria_give():
    """Issue 31: seed 3's and 2026's question on challenging 1 x 5 with a 1 expected 0.8459, read
    off one CFR solution; every exact equilibrium gives 223/258 to 227/258 there."""
    q = ex.ReadTheTable(seed=3)
    q.bid, q.roll = "1x5", 1
    assert ends(q.expected()) == (F(223, 258), F(227, 258))
    assert not q.check(0.8459).correct and q.check("0.8643").correct and q.check("0.8798").correct
    for seed in (11, 404, 2026, *range(1, 201)):  # never after a bid no equilibrium opens
        assert ex.ReadTheTable(seed=seed).bid in ("1x3", "1x4", "1x5")
        assert ex.OpenerTellsTheTruth(seed=seed).bid in ("1x3", "1x4", "1x5")


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
            total += max(kuhn_earn(plan, card, others, "bet", a) for a in ("fold", "call"))
            total += max(kuhn_earn(plan, card, others, "check", a)
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
    assert opener.expected() == exact == F(251, 516) and second.expected() == F(265, 516)
    assert opener.check("251/516").correct and not opener.check("252/516").correct
    assert isinstance(opener.kind, type(ex.Exploitability.kind))  # one exact answer


def test_the_opener_tells_the_truth_is_bayes_on_the_exact_equilibrium():
    r = exact_round()
    for seed in SEEDS:
        q = ex.OpenerTellsTheTruth(seed=seed)
        bids = {d: r.strategy([], d).get(q.bid, 0) for d in range(1, 7)}
        face = int(q.bid[-1]) if q.bid[-1] != "*" else 6
        assert F(q.expected()) == (bids[face] + bids[6]) / sum(bids.values())
        assert ends(q.expected()) == r.truth[q.bid]


def test_ranged_answers_read_every_form():
    kind = InRange()
    share = Ranged(F(3, 10), F(3, 10), F(31, 100))
    assert kind.same(read_number("30.5%"), share) and kind.same(read_number("3/10"), share)
    assert kind.same(read_number("0.3099"), share) and not kind.same(read_number("0.3101"), share)
    assert kind.same(read_number("0.31"), share) and not kind.same(read_number("0.312"), share)
    assert not kind.same(read_number("31/99"), share) and not kind.same(read_number("0.32"), share)
    assert kind.same(read_number("0.3"), share)  # a value of the range itself
    assert "equilibri" in kind.rule() and "from" in kind.show(share)
    assert kind.show(Ranged(F(1, 3), F(1, 3), F(1, 3))) == "1/3 ≈ 0.3333"


def test_read_the_table_asks_a_real_mix():
    """A die above the bid's face raises to itself and never challenges: not asked any more."""
    for seed in range(12):
        q = ex.ReadTheTable(seed=seed)
        assert 1 <= q.roll < int(q.bid[-1]) <= 5
        low, high = ends(q.expected())
        assert 0.05 < low <= high < 1, (seed, q.expected())  # challenges, and not always
