"""Jungle Bluff questions: expected values pinned to independent counts written out here
(right answers, named mistakes and each seed's own numbers: ``test_catalogue.py``)."""

from __future__ import annotations

from fractions import Fraction

from bluffkit.exercises import jungle_bluff as ex
from bluffkit.exercises.core import tex
from bluffkit.games.jungle_bluff import Card

SEEDS = range(10)


def test_pinned_to_counting():
    for seed in SEEDS:
        q = ex.BeatOne(seed=seed)
        assert q.expected() == Fraction(q.mine.value, 10)  # ties won: cards 1..c of ten
        q = ex.WithoutReplacement(seed=seed)
        left = [v for v in range(1, 11) if Card(v) not in q.seen]
        assert q.expected() == Fraction(sum(v < q.mine.value for v in left), len(left))
        q = ex.ChallengeValue(seed=seed)
        wins = sum(c.value <= q.mine.value for c in q.theirs)
        assert q.expected() == Fraction(wins, len(q.theirs)) * q.stack.value
        assert 0 < wins < len(q.theirs)  # the challenge can go either way
        q = ex.Deduction(seed=seed)
        obs = q.state.observation(0)
        theirs_played = set()
        for r in obs.history:
            pair = list(r.played)
            pair.remove(r.strength[0])
            theirs_played.add(pair[0].value)
        assert q.expected() == sum(1 for v in range(q.threshold + 1, 11)
                                   if v not in theirs_played)


def test_result_tells_something_by_enumeration():
    for seed in SEEDS:
        q = ex.ResultTellsSomething(seed=seed)
        pairs = [(a, b) for a in q.a for b in q.b]
        # no special cards here: the challenger wins with a card at least as high
        won = [(a, b) for a, b in pairs if a.value >= b.value]
        assert q.expected() == Fraction(sum(b.value < q.below for _, b in won), len(won))
        assert q.expected() < 1 and q.expected() != q.prior()  # not a certainty (guessable)


def test_round_value_mixing_beats_the_pure_guarantee():
    for seed in SEEDS:
        q = ex.RoundValue(seed=seed)
        assert q.pure_maximin() < q.expected()  # mixing strictly helps in the chosen games


def test_special_pairing_solution_names_the_rule_that_decides():
    """The worked solution gives the reason (written out here) next to the winner."""
    reasons = {("10a", "10a"): "cancel out", ("1o", "10"): "beats any 10",
               ("10", "1o"): "also when it defends", ("5r", "3"): "loses to any card of 4",
               ("7", "5r"): "beats any card of 6 or more", ("4", "9n"): "counts 1; 4 against 1",
               ("10a", "4"): "10 against 4", ("9n", "9"): "counts 9; 9 against 9"}
    by_text = {str(c): c for c in ex.ALL_SPECIAL + ex.STANDARD}
    for (a, b), words in reasons.items():
        assert words in ex.duel_reason(by_text[a], by_text[b]), (a, b)
    for seed in SEEDS:
        q = ex.SpecialPairing(seed=seed)
        text = q.solution().message
        assert ex.duel_reason(q.challenger, q.defender) in text
        assert f"**{q.expected()}**" in text


def test_result_solution_keeps_its_latex_in_math_mode():
    for seed in SEEDS:
        q = ex.ResultTellsSomething(seed=seed)
        assert f"it was ${tex(q.prior())}$)" in q.explain(), seed


def test_round_value_is_rarely_the_guessable_zero():
    """Most games where mixing helps are worth 0, which a student could guess ("fair"): the
    setup prefers another value (before this, 190 of 200 seeds asked for 0)."""
    values = [ex.RoundValue(seed=seed).expected() for seed in SEEDS]
    assert sum(v != 0 for v in values) >= 7, values


def test_special_odds_solution_goes_card_by_card():
    for seed in SEEDS:
        q = ex.SpecialOdds(seed=seed)
        text = q.explain()
        assert all(f"{c}: you " in text or f"{c}: nobody" in text for c in ex.ALL_SPECIAL)
        wins = text.count(": you win (")
        assert Fraction(wins, 10) == q.expected(), seed
