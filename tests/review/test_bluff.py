"""Bluff's luck: the dice a seat expects to lose at a challenge, against brute force over every
roll of the dice it cannot see (the dice-random model, used with the expansion), with the losses
written from the rulebook here."""

from __future__ import annotations

import itertools
from fractions import Fraction

from bluffkit.core import RandomBot
from bluffkit.games.bluff import STAR, Challenge
from bluffkit.review import review
from bluffkit.review.bluff import expected_loss

from .helpers import played


def _counts(die: int, face: int) -> bool:
    return die == STAR if face == STAR else die in (face, STAR)


def brute_force_loss(obs) -> Fraction:
    bid, me = obs.bid, obs.player
    bidder, challenger = obs.bidder, obs.to_move
    known = obs.my_dice + sum(obs.exposed, ())
    unseen = sum(obs.dice_held) - len(known)
    seen = sum(_counts(d, bid.face) for d in known)
    total = Fraction(0)
    for roll in itertools.product(range(1, 7), repeat=unseen):
        a = seen + sum(_counts(d, bid.face) for d in roll)
        b = bid.count
        if b < a:
            lost = min(a - b, obs.dice_held[me]) if me == challenger else 0
        elif b == a:
            lost = 0 if me == bidder else 1
        else:
            lost = min(b - a, obs.dice_held[me]) if me == bidder else 0
        total += lost
    return total / 6 ** unseen


def test_the_expected_loss_at_a_challenge_is_the_mean_over_the_unseen_dice():
    checked = set()
    for seed in range(1, 8):
        final, trajectory = played("bluff", [RandomBot()] * 3, seed, show_and_reroll=True)
        state = type(final).new(final.rules)
        for _p, action in trajectory:
            if not state.is_chance_node() and isinstance(action, Challenge):
                for seat in range(3):
                    if state.dice[seat]:
                        obs = state.observation(seat)
                        assert expected_loss(obs) == brute_force_loss(obs)
                        checked.add((seat == obs.bidder, seat == obs.to_move))
            state = state.apply(action)
    assert checked == {(True, False), (False, True), (False, False)}


def test_a_round_result_is_the_dice_lost_at_its_challenge():
    final, _t = played("bluff", [RandomBot()] * 3, 4)
    for seat in range(3):
        r = review(final, seat)
        lost = sum(x.actual for x in r.rounds)
        assert lost == final.lost[seat]
        assert r.luck == r.actual - r.expected
