"""The look ahead's batched playouts equal plain ones: each sampled deal played out one at a
time, every player deciding by the bid model for their own dice, the challenge settled by
counting the dice on the table."""

import numpy as np
import pytest

from bluffkit.advice.bluff import Position
from bluffkit.advice.bluff.ahead import _Deal, _PureDeal, _seed, look_ahead
from bluffkit.core.pcg64 import Generator
from bluffkit.games.bluff import STAR, Bid, Challenge
from bluffkit.odds.bluff.beliefs import read_bids
from bluffkit.odds.bluff.model import decision_table, hands, match_counts


def settle(bid, bidder, challenger, dice, held):
    """Dice each seat loses when ``challenger`` challenges ``bid``, counted on the table."""
    a = sum(1 for cup in dice.values() for d in cup
            if d == bid.face or (d == STAR and bid.face != STAR))
    lost = {p: 0 for p in dice}
    if a < bid.count:
        lost[bidder] = min(bid.count - a, held[bidder])
    elif a > bid.count:
        lost[challenger] = min(a - bid.count, held[challenger])
    else:
        for p in dice:
            lost[p] = 0 if p == bidder else 1
    return lost


def plain(pos, choice, deal):
    held, me, top = pos.dice_held, pos.me, sum(pos.dice_held)
    active = [p for p in range(len(held)) if held[p]]
    mine = others = first = 0
    for i in range(deal.samples):
        dice = {p: hands(held[p]).dice[deal.hand[p][i]] for p in active if p != me}
        dice[me] = pos.my_dice
        if isinstance(choice, Challenge):
            lost = settle(pos.bid, pos.bidder, me, dice, held)
        else:
            bid, bidder, turn, lost = choice, me, me, None
            for step in range(len(active) + 1):
                turn = active[(active.index(turn) + 1) % len(active)]
                act = decision_table(bid, held[turn], top).choice(match_counts(dice[turn]))
                if isinstance(act, Challenge):
                    lost = settle(bid, bidder, turn, dice, held)
                    first += step == 0
                    break
                bid, bidder = act, turn
            lost = lost or {p: 0 for p in dice}
        mine += lost[me]
        others += sum(lost.values()) - lost[me]
    return mine, others, first


@pytest.mark.parametrize("mine, held, me, history, bidder", [
    ("3,3,*,1,2", (5, 5, 5, 5), 0, "4x3 5x3 6x3 7x3", 3),
    ("1,2", (0, 2, 3, 2, 1, 4), 1, "2x4 3x4 3x5", 5),
    ("*", (1, 2, 1), 2, "1x2 2x2", 1),
    ("2,4,4,5,*", (5, 5, 5, 5, 5, 5), 4, "3x4 4x4 5x4", 3),
])
def test_batched_playouts_equal_plain_playouts(mine, held, me, history, bidder):
    pos = Position(mine, held, me, bid=history.split()[-1], bidder=bidder, history=history)
    choices = [Challenge(), *[Bid(c, f) for f in (2, 4, STAR) for c in (3, 4, 6)
                              if Bid(c, f).raises(pos.bid) and c <= sum(held)]]
    got = look_ahead(pos, choices, samples=40, seed=7)
    reading = read_bids(held, me, pos.history, pos.bidder)
    rng = np.random.default_rng(_seed(pos, 7))
    deal = _Deal(pos, reading, [p for p in range(len(held)) if held[p]], 40, rng, np)
    for choice in choices:
        m, o, first = plain(pos, choice, deal)
        v = got[choice]
        assert (v.my_loss * 40, v.others_loss * 40, v.challenged_next * 40) == (m, o, first)
    pure = _PureDeal(pos, reading, [p for p in range(len(held)) if held[p]], 40, Generator(
        _seed(pos, 7)))  # without numpy: its generator in pure Python, one playout at a time
    assert pure.play_all(choices) == [(got[c].my_loss * 40, got[c].others_loss * 40,
                                       got[c].challenged_next * 40) for c in choices]
