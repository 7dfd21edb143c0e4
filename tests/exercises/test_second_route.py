"""Every answer of the optimal-bluffing, reading-bids and full-game sets, over seeds 1-200,
recomputed by a second route written here (issue 31): closed forms, brute force over the
opponent's 36 ordered rolls with ``advise`` deciding each one, Bayes' rule over the shipped
strategy's stored weights, counting by walking the bid ladder, Kuhn poker's 64 pure replies, and
for the exactly solved 1-vs-1 Bluff round the data whose every range end
``tests/solvers/bluff/test_exact.py`` proves with its own best responses. Then, with the answers
as the checker grades them (a decimal is right when it is the answer rounded, with at least 3
significant digits; every value of an equilibrium range is right): no exact value a listed
mistake gives is right, no answer can pass two questions of a set (issue 26 item 10), and each
question names at least one likely mistake. (A slip below the last digit a decimal keeps is not
counted: that decimal is the right answer rounded.)"""

from __future__ import annotations

import functools
import time
from fractions import Fraction as F
from itertools import product

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.advice.bluff.strategy import load_strategy
from bluffkit.exercises import load
from bluffkit.exercises.ranged import ends
from bluffkit.games.bluff import FACES, STAR, Bid, count_matching, raises_of
from bluffkit.solvers.bluff.exact import certificates, read_behaviour

SETS = ["optimal-bluffing", "reading-bids", "full-game"]
SEEDS = range(1, 201)


# -- optimal bluffing -----------------------------------------------------------------------------
@functools.cache
def round_data():
    """The exact 1-vs-1 round as the certificates hold it (each end proved in test_bluff_exact):
    ranges by name, and the shipped equilibrium read from the raw file."""
    import json

    from bluffkit.solvers.bluff.exact import FACTS

    facts = json.loads(FACTS.read_text())
    ranges = {name: tuple(F(e["value"]) for e in ends_) for name, ends_ in certificates().items()}
    return ranges, [read_behaviour(t) for t in facts["equilibrium"]]


def kuhn_best_reply(bet: dict, call: dict) -> F:
    """Player 1's best reply to player 0's stated Kuhn strategy, over all 64 pure replies:
    facing a bet (call/fold) and after a check (bet/check), for each of J, Q, K."""
    cards = "JQK"
    best = None
    for reply in product((0, 1), repeat=6):
        calls = dict(zip(cards, reply[:3]))
        bets = dict(zip(cards, reply[3:]))
        total = F(0)
        for c0, c1 in product(cards, repeat=2):
            if c0 == c1:
                continue
            win = 1 if cards.index(c1) > cards.index(c0) else -1  # for player 1
            b = bet[c0]
            facing = 2 * win if calls[c1] else -1
            after = call[c0] * 2 * win + (1 - call[c0]) if bets[c1] else win  # after a check
            total += F(1, 6) * (b * facing + (1 - b) * after)
        best = total if best is None else max(best, total)
    return best


def optimal_bluffing(q) -> F | tuple:
    name = type(q).__name__
    if name == "Exploitability":
        r, p, s = q.mix
        return max(s - p, r - s, p - r)
    if name == "WeightedRPS":
        r, p, s = q.wins
        x = (F(s), F(r), F(p))  # rock : paper : scissors = s : r : p, the opponent indifferent
        assert r * x[2] - p * x[1] == p * x[0] - s * x[2] == s * x[1] - r * x[0] == 0
        return x[0] / sum(x)
    if name == "BluffingFrequency":
        return F(q.bet, q.pot + q.bet)
    if name == "KuhnBestResponse":
        return kuhn_best_reply(q.bet, q.call)
    ranges, (opener, second) = round_data()
    if name == "GoingFirst":
        win = (1 + F(-7, 258)) / 2  # OpenSpiel's liar's dice, one die each
        return win if q.opener else 1 - win
    assert ranges[f"opening {q.bid}"][0] > 0, "a bid some equilibrium does not open"
    if name == "ReadTheTable":
        assert q.roll < Bid.parse(q.bid).face
        point = second.get((q.roll, (q.bid,)), {}).get("challenge", 0)
        return point, ranges[f"challenge {q.bid} {q.roll}"]
    if name == "OpenerTellsTheTruth":
        face = Bid.parse(q.bid).face
        bids = {d: opener.get((d, ()), {}).get(q.bid, 0) for d in range(1, 7)}
        point = (bids[face] + bids[6]) / sum(bids.values())
        return point, ranges[f"truth {q.bid}"]
    raise AssertionError(name)


# -- reading the bids -----------------------------------------------------------------------------
@functools.cache
def advised(held: tuple, roll: tuple) -> Bid:
    """The dice-random advice's opening for the opponent's ordered roll."""
    return advise(Position(roll, held, 1, bid=None, history=()), equilibrium=False,
                  read_bids=False).recommended.action


def matching(dice, face) -> int:
    return sum(d == face or (d == STAR and face != STAR) for d in dice)


def reading_bids(q) -> F:
    e, held, bid = q.eps, q.held, q.bid
    legal = len(raises_of(None, sum(held)))  # opening: every bid on the ladder, no challenge
    follow, other = (1 - e) + e / legal, e / legal
    prior = post_num = post_den = F(0)
    face_num = true_num = F(0)
    mine = matching(getattr(q, "my_dice", ()), bid.face)
    for roll in product(FACES, repeat=2):
        h = advised(held, roll) == bid
        like = follow if h else other
        prior += F(h, 36)
        post_num += like * h
        post_den += like
        face_num += like * (matching(roll, bid.face) >= 1)
        true_num += like * (mine + matching(roll, bid.face) >= bid.count)
    post = post_num / post_den
    return {"Likelihood": follow, "LikelihoodRatio": follow / other,
            "PosteriorOdds": post / (1 - post), "BayesStep": post,
            "HoldsTheFace": face_num / post_den,
            "BidTrueAfterReading": true_num / post_den}[type(q).__name__]


# -- the full game --------------------------------------------------------------------------------
def freq(x: int, y: int, roll, history, bid) -> F:
    """The shipped strategy's frequency of ``bid``: stored weight over its row's total."""
    s = load_strategy(x, y)
    labels, rows = s.weights_table(list(history))
    row = rows[s.rolls[len(history) % 2].index(tuple(sorted(roll)))].tolist()
    return F(row[labels.index(str(bid))] if str(bid) in labels else 0, sum(row))


@functools.cache
def sequences(top: int, k: int | None) -> int:
    """Increasing sequences of bids of length at most ``k`` (``None``: any), the empty one
    included, by walking the ladder one raise at a time."""
    @functools.cache
    def after(bid, room):
        if room == 0:
            return 1
        return 1 + sum(after(b, room - 1) for b in raises_of(bid, top))

    return after(None, len(raises_of(None, top)) if k is None else k)


def full_game(q) -> F | int:
    name = type(q).__name__
    if name == "Histories":
        return sequences(sum(q.dice), None)
    if name == "Memories":
        assert q.k == load_strategy(*q.dice).k and f"last {q.k} bids" in q.statement()
        return sequences(sum(q.dice), q.k)
    if name in ("OpeningFrequency", "BluffShare"):
        x, y = q.dice
        labels, _rows = load_strategy(x, y).weights_table([])
        bids = [Bid.parse(b) for b in labels]
        if name == "OpeningFrequency":
            return freq(x, y, q.roll, [], q.bid)
        return sum((freq(x, y, q.roll, [], b) for b in bids
                    if b.count > count_matching(q.roll, b.face)), F(0))
    if name == "WhatTheBidReveals":
        like = {r: freq(1, q.mine, (r,), [], q.bid) for r in FACES}
        hit = sum(p for r, p in like.items() if count_matching((r,), q.bid.face))
        return hit / sum(like.values())
    if name == "BidTrueInEquilibrium":
        mine = count_matching(q.my_roll, q.bid.face)
        true = total = F(0)
        for roll in product(FACES, repeat=2):
            w = freq(2, q.mine, roll, [], q.bid)
            total += w
            true += w * (mine + count_matching(roll, q.bid.face) >= q.bid.count)
        return true / total
    raise AssertionError(name)


ROUTES = {"optimal-bluffing": optimal_bluffing, "reading-bids": reading_bids,
          "full-game": full_game}


# -- the checks -----------------------------------------------------------------------------------
def accepted(value, kind) -> tuple[F, F]:
    """The values an answer may take and still be graded as ``value``: its range widened, at
    each end, by half a unit of the last digit of the coarsest decimal accepted (3 significant
    digits), doubled for safety; a whole-number answer: itself."""
    low, high = ends(value)
    digits = getattr(kind, "digits", None)
    if digits is None:
        return low, high

    def unit(x: F) -> F:
        if x == 0:
            return F(0)
        k = 0
        while F(10) ** k > abs(x):
            k -= 1
        while F(10) ** (k + 1) <= abs(x):
            k += 1
        return F(10) ** (k + 1 - digits)

    return low - unit(low), high + unit(high)


def meet(a: tuple, b: tuple) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


@functools.cache
def survey(name: str) -> dict:
    found = {"checked": 0, "wrong": [], "mistake is the answer": [], "shared": [],
             "no likely mistake": [], "seconds": 0.0}
    start = time.perf_counter()
    for seed in SEEDS:
        ws = load(name, seed=seed)
        answers = []
        for q in ws:
            e = q.expected()
            again = ROUTES[name](q)
            if isinstance(again, tuple):  # (one equilibrium's value, the proved range)
                point, (low, high) = again
                ok = F(e) == point and ends(e) == (low, high) and low <= point <= high
            else:
                ok = ends(e) == (again, again) and q.check(again).correct
            found["checked"] += 1
            if not ok:
                found["wrong"].append((seed, q.name, e, again))
            mine = accepted(e, q.kind)
            exact = ends(e)  # a slip's exact value (or range) must not be right; a decimal
            found["mistake is the answer"] += [(seed, q.name, m.name) for m in q.mistakes()
                                               if meet(ends(m.value), exact)]
            found["shared"] += [(seed, f"q{j + 1}", q.name) for j, other in enumerate(answers)
                                if meet(other, mine)]
            if not q.likely_mistakes():
                found["no likely mistake"].append((seed, q.name))
            answers.append(mine)
    found["seconds"] = time.perf_counter() - start
    return found


@pytest.mark.parametrize("name", SETS)
def test_every_answer_of_a_set_is_confirmed_and_kept_apart(name):
    """One test per set, over seeds 1-200 (the survey is the costly part: done once): each
    answer agrees with its second route; no mistake a question lists can be graded as its
    answer; no two questions of a set can be graded with one answer (issue 26 item 10); each
    question names at least one likely mistake."""
    found = survey(name)
    assert found["checked"] == len(SEEDS) * len(load(name, seed=1))  # 1,400, 1,200 and 1,200
    problems = {k: v for k, v in found.items() if isinstance(v, list) and v}
    assert problems == {}


@pytest.mark.parametrize("name", SETS)
def test_a_question_alone_has_its_worksheets_numbers(name):
    """Drawing again depends on the earlier questions of the set, found from the class alone."""
    for seed in (3, 11, 404, 2026):
        for q in load(name, seed=seed):
            alone = type(q)(seed=seed)
            assert alone.statement() == q.statement() and alone.expected() == q.expected()
