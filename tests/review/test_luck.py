"""Each game's expected result against brute force over what the seat could not see, written here
from the rules: poker dice's showdowns over every roll of the other players' peekers, Bungee's
callers over every set of cards the other caller could hold; and the luck lines' sums."""

from __future__ import annotations

import itertools
from fractions import Fraction

from bluffkit.bots.bungee import GreedyBot
from bluffkit.core import RandomBot
from bluffkit.games.bungee import CARDS, DECK, hand_score, hand_value
from bluffkit.games.poker_dice import best_hand
from bluffkit.review import review
from bluffkit.review.judge import transitions
from bluffkit.review.sources import game_record

from .helpers import RULES, played

FACES = (9, 10, 11, 12, 13, 14)


def _showdown_mean(result, seat: int, rules) -> Fraction:
    """The seat's mean points won minus put in, over every roll of the other shown peekers;
    a tied pot split equally."""
    others = [p for p, d in enumerate(result.shown) if d and p != seat]
    total, count = Fraction(0), 0
    for rolls in itertools.product(itertools.product(FACES, repeat=3), repeat=len(others)):
        dice = dict(zip(others, rolls))
        dice[seat] = result.shown[seat]
        hands = {p: best_hand(tuple(d) + result.common, rules.colours, rules.tie_break).key
                 for p, d in dice.items()}
        won = Fraction(0)
        for pot in result.pots:
            best = max(hands[p] for p in pot.eligible)
            winners = [p for p in pot.eligible if hands[p] == best]
            if seat in winners:
                won += Fraction(pot.amount, len(winners))
        total += won
        count += 1
    return total / count - result.committed[seat]


def test_a_poker_dice_showdown_is_expected_over_every_roll_of_the_other_peekers():
    checked = 0
    for seed in range(1, 30):
        final, _t = played("poker-dice", [RandomBot()] * 2, seed)
        r = review(final, 0)
        by_round = {x.round: x for x in r.rounds}
        for before, _a, after in transitions(game_record(final).steps):
            result = after.last
            if (after.round == before.round and not after.is_terminal()) or result is None \
                    or result.kind != "showdown" or not result.shown[0]:
                continue
            assert by_round[before.round].expected == _showdown_mean(result, 0, final.rules)
            assert by_round[before.round].actual == result.payouts[0] - result.committed[0]
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def _bungee_p_win(obs, r, seat: int) -> Fraction:
    """P(seat wins) over every set of cards (card by card, as dealt) the one other caller could
    hold among the cards the seat cannot see, worth 5 or less since they called."""
    unseen = list(DECK)
    for c in (*obs.hand, *obs.discard, obs.lucky):
        unseen[c - 1] -= 1
    cards = [c for c, n in zip(CARDS, unseen) for _i in range(n)]
    other = next(c for c in r.callers if c != seat)
    mine = hand_value(r.hands[seat], r.lucky)
    later = r.callers.index(seat) > r.callers.index(other)
    wins = total = 0
    for hand in itertools.combinations(range(len(cards)), len(r.hands[other])):
        value = hand_value([cards[i] for i in hand], r.lucky)
        if value > 5:
            continue
        total += 1
        wins += mine < value or (mine == value and later)
    return Fraction(wins, total)


def test_a_bungee_caller_expects_its_chance_over_every_hand_of_the_other_caller():
    checked = 0
    for seed in range(1, 60):
        final, _t = played("bungee", [GreedyBot(), GreedyBot()], seed)
        steps = game_record(final).steps
        for seat in (0, 1):
            rounds = {x.round: x for x in review(final, seat).rounds}
            for before, action, after in transitions(steps):
                r = after.last
                if after.round == before.round and not after.is_terminal():
                    continue
                if seat not in r.callers or len(r.callers) != 2 or len(r.hands[1 - seat]) > 3 \
                        or not isinstance(action, type(action)) or before.is_chance_node():
                    continue
                p = _bungee_p_win(before.observation(seat), r, seat)
                score = hand_score(r.hands[seat], r.lucky)
                assert rounds[r.round].expected == -10 * p + score * (1 - p)
                checked += 1
        if checked >= 2:
            break
    assert checked >= 2


def test_the_luck_line_sums_the_rounds():
    for game in RULES:
        final, _t = played(game, [RandomBot()] * 3, 5)
        r = review(final, 0)
        assert r.luck == sum((x.actual - x.expected for x in r.rounds), Fraction(0))
        assert r.actual == sum((x.actual for x in r.rounds), Fraction(0))
