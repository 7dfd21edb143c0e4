"""Bluff rates of the solved 1-vs-1 round, recomputed here from ``SolvedRound.strategy`` per
roll and the engine's ``count_matching`` (not the summary's strategy tables and masks)."""

from __future__ import annotations

import pytest

from bluffkit.advice.bluff.equilibrium import solved_round
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import Bid
from bluffkit.games.bluff.actions import count_matching
from bluffkit.solvers.bluff.summary import bluff_rates, challenge_rates


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BLUFFKIT_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield solved_round(1, 1)


def _is_bluff(action: str, die: int) -> bool:
    if action == "challenge":
        return False
    bid = Bid.parse(action)
    return bid.count > count_matching((die,), bid.face)


def test_opener_bluff_rates(solved):
    rates = bluff_rates(solved, 0)
    for die in range(1, 7):
        s = solved.strategy([], (die,))
        assert rates[(die,)] == pytest.approx(sum(p for a, p in s.items() if _is_bluff(a, die)))
    assert rates[(6,)] < 1e-3  # a star supports every one-die bid


def test_reply_rates_average_over_the_openers_bids(solved):
    bluffs, challenges = bluff_rates(solved, 1), challenge_rates(solved)
    for die in range(1, 7):
        b = c = 0.0
        for opener in range(1, 7):
            for bid, p in solved.strategy([], (opener,)).items():
                reply = solved.strategy([bid], (die,))
                b += p / 6 * sum(q for a, q in reply.items() if _is_bluff(a, die))
                c += p / 6 * reply["challenge"]
        assert bluffs[(die,)] == pytest.approx(b)
        assert challenges[(die,)] == pytest.approx(c)


def test_player_is_checked(solved):
    with pytest.raises(InvalidQuestion, match="player"):
        bluff_rates(solved, 2)
