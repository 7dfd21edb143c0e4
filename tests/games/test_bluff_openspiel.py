"""The rules option matching OpenSpiel's liars_dice, and its round tree against the engine."""

from itertools import product

import numpy as np
import pytest

from bluffkit.core import InvalidRules
from bluffkit.games.bluff import Bid, BluffRules, BluffState, Challenge, Roll, all_bids
from bluffkit.solvers.bluff.tree import round_tree

OPENSPIEL = BluffRules.openspiel_liars_dice()


def test_preset_and_validation():
    assert (OPENSPIEL.players, OPENSPIEL.start_dice(), OPENSPIEL.opener) == (2, (1, 1), 0)
    with pytest.raises(InvalidRules, match="one die each"):
        BluffRules(players=3, resolution="openspiel")
    with pytest.raises(InvalidRules, match="resolution"):
        BluffRules(resolution="poker")


def test_bid_order_is_openspiels_with_two_dice():
    assert [str(b) for b in all_bids(2)] == [f"{n}x{f}" for n in (1, 2) for f in "12345*"]


@pytest.mark.parametrize("i,j,bid", [(3, 6, "2x3"), (3, 4, "2x3"), (6, 6, "2x*"), (1, 2, "1x5")])
def test_challenge_loser_is_out_with_plus_minus_one(i, j, bid):
    s = BluffState.new(OPENSPIEL).apply(Roll((i,))).apply(Roll((j,)))
    s = s.apply(Bid.parse(bid)).apply(Challenge())
    b = Bid.parse(bid)
    true = sum(1 for f in (i, j) if f == b.face or f == 6) >= b.count
    assert s.is_terminal()
    assert s.returns() == ((1, -1) if true else (-1, 1))


def test_round_tree_payoffs_match_the_engine():
    tree, info = round_tree(1, 1, ruleset="openspiel")
    bids = [Bid(int(t.split("-")[0]), int(t.split("-")[1])) for t in info.bids]
    for k, bid in enumerate(bids):
        for i, j in product(range(1, 7), repeat=2):
            s = BluffState.new(OPENSPIEL).apply(Roll((i,))).apply(Roll((j,)))
            if bid != Bid(1, 1):  # let player 1 be the bidder: player 0 opens lower
                t = s.apply(Bid(1, 1)).apply(bid).apply(Challenge())
                assert tree.utilities[2 * k + 0, i - 1, j - 1] * 36 == pytest.approx(
                    t.returns()[0])
            t = s.apply(bid).apply(Challenge())  # player 0 bids, player 1 challenges
            assert tree.utilities[2 * k + 1, i - 1, j - 1] * 36 == pytest.approx(t.returns()[0])
    assert np.isclose(np.abs(tree.utilities).sum(axis=(1, 2)), 1).all()
