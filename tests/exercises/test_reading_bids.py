"""Reading-bids exercises: the Bayes step pinned to brute force over the 36 ordered rolls of the
opponent's two dice, with ``advise`` itself deciding each roll's opening bid (right answers in
every form and named mistakes, for every set: ``test_catalogue.py``)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.exercises import catalogue, exercise_sets, load
from bluffkit.exercises import reading_bids as ex
from bluffkit.games.bluff import FACES, STAR

QUESTIONS = catalogue("reading-bids")


def test_catalogue_is_registered():
    assert "reading-bids" in exercise_sets()
    ws = load("reading-bids", seed=4)
    assert ws.title == "reading the bids (Bayes' rule)" and len(QUESTIONS) >= 6


def _brute(q):
    """P(the opponent's roll is one whose advice opens the bid), before and after the bid."""
    held, e = q.held, q.eps
    n = q.table.legal
    prior = post_num = post_den = F(0)
    for roll in product(FACES, repeat=2):
        pos = Position(roll, held, 1, bid=None, history=())
        chosen = advise(pos, equilibrium=False, read_bids=False).recommended.action
        h = chosen == q.bid
        like = (1 - e) * h + e / n
        prior += F(h, 36)
        post_num += like * h
        post_den += like
    return prior, post_num / post_den


@pytest.mark.parametrize("seed", range(4))
def test_the_bayes_step_is_brute_force(seed):
    q = ex.BayesStep(seed=seed)
    prior, post = _brute(q)
    assert q.q() == prior and q.expected() == post
    odds = ex.PosteriorOdds(seed=seed)  # drawn again when it shared an answer: its own numbers
    _prior, post = _brute(odds)
    assert odds.expected() == post / (1 - post)


def test_the_issue_s_seed_2026_asks_a_bayes_step_that_the_likelihood_does_not_pass():
    """Issue 31: with seed 2026 the posterior (73/90) was the likelihood P(bid | hand), so the
    inverted conditional was graded correct; now the step is drawn again."""
    q = ex.BayesStep(seed=2026)
    a, _b = q.like()
    assert q.expected() != a and not q.check(a).correct
    assert q.check(a).mistake == "inverted conditional"


def test_holding_the_face_is_brute_force():
    q = ex.HoldsTheFace(seed=5)
    e, n, face = q.eps, q.table.legal, q.bid.face
    num = den = F(0)
    for roll in product(FACES, repeat=2):
        pos = Position(roll, q.held, 1, bid=None, history=())
        h = advise(pos, equilibrium=False, read_bids=False).recommended.action == q.bid
        like = (1 - e) * h + e / n
        den += like
        num += like * any(d == face or (d == STAR and face != STAR) for d in roll)
    assert q.expected() == num / den
