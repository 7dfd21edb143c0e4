"""Side pots and split pots: properties over random contributions, and hand-made cases."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bluffkit.games.poker_dice import settle, side_pots, split


@st.composite
def rounds(draw):
    n = draw(st.integers(2, 4))
    committed = draw(st.lists(st.integers(0, 30), min_size=n, max_size=n))
    top = max(committed)
    if top == 0:
        committed[0] = top = 1
    # the highest bet is never folded; others may be
    contenders = {committed.index(top)} | set(draw(st.lists(st.integers(0, n - 1))))
    contenders = sorted(p for p in contenders if committed[p] > 0)
    strengths = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    leader = draw(st.integers(0, n - 1))
    return committed, contenders, strengths, leader


@given(rounds())
def test_pots_share_out_exactly_what_was_put_in(case):
    committed, contenders, strengths, leader = case
    n = len(committed)
    pots = side_pots(committed, contenders)
    assert sum(p.amount for p in pots) == sum(committed)
    payouts, results = settle(committed, contenders, strengths.__getitem__, leader, n)
    assert sum(payouts) == sum(committed)
    for p in range(n):
        if p not in contenders:
            assert payouts[p] == 0
        # all-in cap: from each other player one wins at most what one put in oneself
        cap = sum(min(c, committed[p]) for c in committed)
        assert payouts[p] <= cap
    for r in results:
        best = max(strengths[p] for p in r.eligible)
        assert set(r.winners) == {p for p in r.eligible if strengths[p] == best}
        assert max(r.shares) - min(r.shares) <= 1


def test_split_gives_odd_points_in_turn_from_the_leaders_left():
    assert split(10, (0, 1, 2), leader=0, players=4) == {1: 4, 2: 3, 0: 3}
    assert split(11, (0, 1, 2), leader=0, players=4) == {1: 4, 2: 4, 0: 3}
    assert split(9, (3, 0), leader=3, players=4) == {0: 5, 3: 4}


def test_three_players_two_all_in_at_different_amounts():
    # P0 all-in for 5, P1 all-in for 12, P2 covers; P1 has the best hand, P0 the second
    payouts, pots = settle((5, 12, 12), (0, 1, 2), {0: 2, 1: 3, 2: 1}.get, leader=2, players=3)
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [
        (15, (0, 1, 2), (1,)), (14, (1, 2), (1,))]
    assert payouts == (0, 29, 0)
    # P0 best: only the main pot; the side pot goes to the better of the others
    payouts, _ = settle((5, 12, 12), (0, 1, 2), {0: 3, 1: 1, 2: 2}.get, leader=2, players=3)
    assert payouts == (15, 0, 14)
    # a folded player's points stay in the pots they reached
    payouts, pots = settle((5, 12, 8), (0, 1), {0: 3, 1: 1, 2: 9}.get, leader=0, players=3)
    assert [(p.amount, p.eligible) for p in pots] == [(15, (0, 1)), (10, (1,))]
    assert payouts == (15, 10, 0)
