"""The solved view of two-player Bluff: frequencies, the posterior over the opponent's dice, the
advice's words and JSON, bad input.

The posterior is pinned to a brute force written out here: every **ordered** roll of the
opponent's dice (6^n of them, each with chance 1/6^n), each weighted by the product, over the
opponent's bids, of that bid's frequency in the loaded strategy for that roll after the bids
before it — read one row at a time from the loader (``weights_table``, checked against the
loader's own float frequencies), never through the view's whole-table arithmetic. Expected
values are computed from the loaded strategy, never typed in: the shipped file may be rebuilt.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.advice.bluff.solved import describe_solved, solved_reading, solved_view
from bluffkit.advice.bluff.strategy import load_strategy
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import STAR, Bid, Challenge, count_matching


def exact_frequency(strategy, roll, history, action) -> Fraction:
    """``action``'s frequency for ``roll`` after ``history``: the stored weight over its row's
    total, checked against the loader's float frequency."""
    labels, rows = strategy.weights_table(list(history))
    player = len(history) % 2
    row = rows[strategy.rolls[player].index(tuple(sorted(roll)))].tolist()
    p = Fraction(row[labels.index(action)], sum(row))
    assert float(p) == pytest.approx(strategy.frequencies(tuple(sorted(roll)),
                                                          list(history))[action], abs=1e-12)
    return p


def brute_posterior(x, y, me, history):
    """P(opponent's sorted roll | their bids), over every ordered roll."""
    strategy = load_strategy(x, y)
    n = (x, y)[1 - me]
    weights: dict[tuple, Fraction] = {}
    for ordered in itertools.product((1, 2, 3, 4, 5, STAR), repeat=n):
        w = Fraction(1, 6**n)
        for t, bid in enumerate(history):
            if t % 2 != me:
                w *= exact_frequency(strategy, ordered, history[:t], bid)
        key = tuple(sorted(ordered))
        weights[key] = weights.get(key, 0) + w
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items() if w} if total else {}


def sampled_history(x, y, seed, length):
    """A history the strategy plays (both players' rolls drawn, then their bids drawn from the
    loaded strategy), cut before a challenge; with the rolls."""
    rng = random.Random(seed)
    rolls = [tuple(rng.choice((1, 2, 3, 4, 5, STAR)) for _ in range(n)) for n in (x, y)]
    strategy, history = load_strategy(x, y), []
    while len(history) < length:
        freq = strategy.frequencies(tuple(sorted(rolls[len(history) % 2])), history)
        action = rng.choices(list(freq), weights=list(freq.values()))[0]
        if action == "challenge":
            break
        history.append(action)
    return rolls, history


@pytest.mark.parametrize("x, y, seed, length", [
    (2, 2, 1, 4), (2, 3, 2, 5), (3, 2, 3, 6), (3, 3, 4, 4), (1, 4, 5, 3), (5, 5, 6, 3),
])
def test_posterior_is_bayes_over_every_ordered_roll(x, y, seed, length):
    rolls, history = sampled_history(x, y, seed, length)
    me = len(history) % 2  # the player to move
    view = solved_reading(rolls[me], ((x, y)[me], (x, y)[1 - me]), history)
    assert view.dice == (x, y) and view.opener == (me == 0)
    expected = brute_posterior(x, y, me, history)
    assert view.posterior() == expected
    assert sum(view.posterior().values()) == 1
    # after each of their bids too, and the match counts summed from the brute force
    for i, read in enumerate(view.reads):
        partial = brute_posterior(x, y, me, history[:read.index + 1])
        assert view.posterior(i + 1) == partial
        face = read.bid.face
        pmf = view.match_pmf(face, i + 1)
        assert pmf == {m: sum((p for r, p in partial.items() if count_matching(r, face) == m),
                              Fraction(0)) for m in range(len(rolls[1 - me]) + 1)}


def test_random_dice_are_the_prior_and_the_bid_odds_follow():
    rolls, history = sampled_history(3, 3, 8, 3)
    view = solved_reading(rolls[1], (3, 3), history)
    n = 3
    prior = {}
    for ordered in itertools.product((1, 2, 3, 4, 5, STAR), repeat=n):
        key = tuple(sorted(ordered))
        prior[key] = prior.get(key, 0) + Fraction(1, 6**n)
    assert view.posterior(0) == prior
    bid = Bid.parse(history[-1])
    mine = count_matching(view.roll, bid.face)
    for after, post in ((None, view.posterior()), (0, prior)):
        assert view.p_stands(bid, after) == sum(
            (p for r, p in post.items() if mine + count_matching(r, bid.face) >= bid.count),
            Fraction(0))


@pytest.mark.parametrize("x, y, history", [
    (1, 1, []), (2, 2, ["1x3"]), (5, 5, ["2x3", "3x3", "4x4"]), (4, 1, ["1x2", "2x*"]),
    (5, 3, ["3x6"]),
])
def test_frequencies_are_exact_and_sum_to_one(x, y, history):
    me = len(history) % 2
    counts = ((x, y)[me], (x, y)[1 - me])
    strategy = load_strategy(x, y)
    for roll in strategy.rolls[me][::7]:
        view = solved_reading(roll, counts, history)
        assert sum(p for _, p in view.frequencies) == 1
        assert all(isinstance(p, Fraction) and p >= 0 for _, p in view.frequencies)
        if view.source == "abstract":
            for a, p in view.frequencies:
                assert p == exact_frequency(strategy, roll, history, str(a))
        assert (Challenge() in {a for a, _ in view.frequencies}) == bool(history)


def test_a_bid_the_strategy_never_makes_reveals_nothing():
    strategy = load_strategy(5, 5)
    labels, rows = strategy.weights_table([])
    never = next(lab for j, lab in enumerate(labels) if not rows[:, j].any())
    view = solved_reading((1, 2, 3, 4, 5), (5, 5), [never])
    assert not view.reached and view.posterior() == {} and view.p_stands(never) is None
    pos = Position("1,2,3,4,5", (5, 5), me=1, bid=never, history=[never])
    text = describe_solved(view, pos)
    assert "never makes" in text and "tell nothing" in text


def test_two_player_advice_shows_the_view_for_every_size():
    for mine, held in (("1,2,3", (4, 3)), ("3,3,*,1,2", (5, 5)), ("*", (5, 1))):
        pos = Position(mine, held, me=1, bid="1x3", history=["1x3"])
        a = advise(pos, read_bids=False)
        assert a.solved is not None and a.solved.dice == (held[0], held[1])
        assert not a.solved.opener and a.solved.reached
        text = a.explanation
        for words in ("Equilibrium view", "What the bids reveal", "after their 1x3",
                      "random dice give", "stands with probability", "exact fractions"):
            assert words in text, words
        j = a.to_json()["solved"]
        assert sum(Fraction(p) for p in j["frequencies"].values()) == 1
        assert sum(Fraction(p) for p in j["posterior"].values()) == 1
        assert Fraction(j["p_bid_stands"]) == a.solved.p_stands("1x3")
        assert "equilibrium frequency" in a._repr_markdown_()


def test_one_against_one_reads_the_perfect_recall_round():
    a = advise(Position("3", (1, 1), me=1, bid="1x2", history=["1x2"]))
    assert a.equilibrium is not None and a.solved.source == "perfect recall"
    assert a.solved.frequency("challenge") == pytest.approx(
        a.equilibrium.frequency("challenge"), abs=1e-6)
    posterior = dict(a.equilibrium.posterior)
    assert {r: float(p) for r, p in a.solved.posterior().items()} == pytest.approx(posterior)
    assert "What the bids reveal" in a.explanation


def test_no_view_for_three_players_or_without_the_bids():
    assert solved_view(Position("3,3", (2, 2, 2), bid="2x4", history=["2x4"])) is None
    assert solved_view(Position("3,3", (2, 2), bid="2x4")) is None  # history unknown
    assert advise(Position("3,3", (2, 2), bid="2x4", history=["2x4"]),
                  equilibrium=False).solved is None
    # two players left of four: the view applies
    view = solved_view(Position("3,4", (0, 1, 0, 2), me=3, bid="1x2", bidder=1,
                                history=["1x2"]))
    assert view is not None and view.dice == (1, 2)


@pytest.mark.parametrize("roll, counts, history, words", [
    ((1, 2), (6, 5), [], "each 1-5"),
    ((1, 2), (2, 0), [], "each 1-5"),
    ((1, 2), (2,), [], "each 1-5"),
    ((1, 2), (2, True), [], "each 1-5"),
    ((1, 2), (2, 2), ["2x3", "1x4"], r"history\[1\]: 1x4 does not raise 2x3"),
    ((1, 2), (2, 2), ["5x3"], "only 4 are in play"),
    ((1, 2), (2, 2), ["2x3", "zz"], r"history\[1\]"),
    ((1, 2, 3), (2, 2), [], "you hold 2 dice"),
    ((1, 9), (2, 2), [], "roll"),
    ("1,x", (2, 2), [], "roll"),
])
def test_bad_input_gets_a_clear_error(roll, counts, history, words):
    with pytest.raises(InvalidQuestion, match=words):
        solved_reading(roll, counts, history)
