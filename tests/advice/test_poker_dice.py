"""Poker dice advice: the decision rules against the exact numbers, the words, legality in play."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.advice.poker_dice import MODEL, Position, advise, advise_observation
from bluffkit.core import InvalidQuestion, make_rng, sample
from bluffkit.games.poker_dice import PokerDiceRules, PokerDiceState
from bluffkit.games.poker_dice.actions import Ante, Bet, Call, Fold, Pass, Raise
from bluffkit.odds.poker_dice import equity


def test_the_brief_example_reads_like_a_person():
    a = advise(Position("9,K,K", "A,K,10", opponents=1, pot=12, to_call=3, stack=40))
    assert a.explanation.startswith(MODEL)
    assert "You win 147/216 of the time" in a.explanation
    assert "Calling 3 to win 12 needs 1/5 = 20.0%" in a.explanation
    assert a.needed == Fraction(1, 5) and a.action == Raise(7)


@pytest.mark.parametrize("to_call", [1, 2, 4, 8, 16, 40])
@pytest.mark.parametrize("mine,common,k", [("9,10,Q", "A,K,J", 2), ("9,9,J", "Q,K,A", 1),
                                           ("J,J,Q", "9,9,A", 3)])
def test_call_or_fold_is_equity_against_pot_odds(mine, common, k, to_call):
    pot = 10 + to_call  # the antes and the bet to call are in it
    eq = equity(mine, common, k).equity
    a = advise(Position(mine, common, k, pot, to_call, stack=100))
    assert a.needed == Fraction(to_call, pot + to_call)
    assert (a.action == Fold()) == (eq < a.needed)
    if a.action != Fold():
        assert isinstance(a.action, Raise) == (eq > Fraction(1, k + 1))
    values = {str(o.action): o.value for o in a.options}
    assert values["fold"] == 0
    assert values["call"] == eq * (pot + to_call) - to_call


def test_first_bet_fold_small_or_half_the_pot():
    weak = advise(Position("9,10,Q", "K,A,A", opponents=2, pot=3))
    # betting 1, called by both opponents, risks 1 to win 3 + 2
    assert weak.action == Fold() and weak.needed == Fraction(1, 6)
    strong = advise(Position("A,A,K", "A,A,9", opponents=2, pot=9, stack=30))
    assert strong.action == Bet(4) and "half the pot" in strong.explanation
    short = advise(Position("A,A,K", "A,A,9", opponents=2, pot=9, stack=2))
    assert short.action == Bet(2)


@pytest.mark.parametrize("to_call", [0, 1, 5])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_advice_takes_the_best_option_of_its_own_table(k, to_call):
    """9,9,9 with the common 10,10,10 against 1 opponent, nothing to call: the table said
    'bet 1: +0.23' yet the advice was 'fold' (the bet of 1 was judged as if nobody called)."""
    rng = make_rng(k * 10 + to_call)
    positions = [("9,9,9", "10,10,10")] + [
        tuple(",".join(str(f) for f in rng.choice([9, 10, 11, 12, 13, 14], 3))
              for _ in range(2)) for _ in range(60)]
    for mine, common in positions:
        a = advise(Position(mine, common, k, pot=k + 1 + 2 * to_call, to_call=to_call,
                            stack=30))
        values = {o.action: o.value for o in a.options}
        assert values[a.action] == max(values.values()), (mine, common, a.explanation)
        if to_call == 0:
            assert a.needed == Fraction(1, a.position.pot + k + 1)
            assert (a.action == Fold()) == (a.equity.equity < a.needed)


def test_an_all_in_call_for_less_wins_only_what_it_matches():
    """P0 has 2 points left and faces a bet of 10: calling all-in wins at most 3 of P1's 11
    points. The advice valued the call as if the whole pot of 12 could be won. Pinned to the
    engine: the average over P1's 216 rolls of P0's points after calling, less after folding."""
    from bluffkit.games.poker_dice import Roll, multisets

    rules = PokerDiceRules(players=2, leader=0, starting_stacks=(3, 30))
    mine, common = (9, 13, 13), (10, 13, 14)
    gain = Fraction(0)
    for theirs, w in multisets(3):
        s = PokerDiceState.new(rules).apply(Roll(theirs)).apply(Roll(mine))
        s = s.apply(Ante()).apply(Ante()).apply(Roll(common)).apply(Bet(10))
        gain += w * (s.apply(Call()).chips[0] - s.apply(Fold()).chips[0])
    gain /= 216
    a = advise_observation(s.observation(0))
    assert {o.action: o.value for o in a.options}[Call()] == gain
    assert "Calling 2 (all-in) to win 4" in a.explanation
    short = advise(Position(mine, common, 1, pot=12, to_call=10, stack=2))
    assert short.options == a.options


def test_a_call_all_in_cannot_raise():
    a = advise(Position("A,A,K", "A,A,9", opponents=1, pot=20, to_call=8, stack=5))
    assert a.action == Call() and "you cannot raise" in a.explanation
    assert [str(o.action) for o in a.options] == ["fold", "call"]
    alone = advise(Position("A,A,K", "A,A,9", opponents=1, pot=20, to_call=8, stack=50,
                            can_raise=False))
    assert alone.action == Call()


@pytest.mark.parametrize("mine", ["9,10,Q", "A,A,A", "K,K,9", "9,J,K", "10,10,Q"])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_ante_when_it_gains_on_average(mine, k):
    a = advise(Position(mine, opponents=k))
    assert (a.action == Ante()) == (a.options[0].value > 0)
    assert a.options[0].action == Ante() and a.options[1].value == 0
    # folding after a bad common roll is never worse than the showdown with the bet of 1
    assert a.options[0].value >= 2 * (k + 1) * equity(mine, None, k).equity - 2


def test_alone_at_the_ante_pass():
    a = advise(Position("A,A,A", opponents=0))
    assert a.action == Pass() and a.equity is None and "taken back" in a.explanation


def test_bad_positions_are_named():
    with pytest.raises(InvalidQuestion, match="mine needs 3 dice"):
        Position("9,9")
    with pytest.raises(InvalidQuestion, match="opponents must be 1-3"):
        Position("9,9,9", "A,A,A", opponents=0, pot=4)
    with pytest.raises(InvalidQuestion, match="to_call must be a whole number"):
        Position("9,9,9", "A,A,A", pot=4, to_call=-2)
    with pytest.raises(InvalidQuestion, match="pot"):
        Position("9,9,9", "A,A,A", pot=0)
    with pytest.raises(InvalidQuestion, match="stack 0"):  # the advice was 'bet 1'
        Position("9,9,9", "9,K,A", pot=2, stack=0)
    with pytest.raises(InvalidQuestion, match="opened must be"):  # "no" was read as true
        Position("9,9,9", "9,K,A", pot=3, opened="no")
    with pytest.raises(InvalidQuestion, match="can_raise must be"):
        Position("9,9,9", "9,K,A", pot=3, to_call=1, can_raise="no")


def test_advice_is_always_legal_in_real_games():
    rng = make_rng(5)
    for _ in range(3):
        s = PokerDiceState.new(PokerDiceRules(players=4, starting_points=15))
        for _ in range(400):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                continue
            a = advise_observation(s.observation(s.current_player()))
            assert a.action in s.legal_actions(), (str(s), a.action)
            s = s.apply(a.action)
    assert a.to_json()["model"] == MODEL


def brute_force_ante_value(mine: str) -> Fraction:
    """One opponent, every ordered common roll and opponent roll (216 x 216), hands compared
    with the evaluator; the model: after the common roll I fold (-1, my ante) or stay for the
    first bet of 1 that the rules require, matched by the opponent (pot 4, my cost 2)."""
    import itertools

    from bluffkit.games.poker_dice import FACES, best_hand, parse_dice

    me = parse_dice(mine)
    total = Fraction(0)
    for common in itertools.product(FACES, repeat=3):
        mine_key = best_hand(me + common).key
        share = Fraction(0)
        for opp in itertools.product(FACES, repeat=3):
            theirs = best_hand(opp + common).key
            share += 1 if mine_key > theirs else Fraction(1, 2) if mine_key == theirs else 0
        e = share / 216
        total += max(Fraction(-1), 4 * e - 2)
    return total / 216


@pytest.mark.parametrize("mine", ["9,10,Q", "K,K,9"])
def test_the_ante_models_the_first_bet_against_brute_force(mine):
    """Issue 11: the ante advice assumed a showdown with only the antes in the pot, which the
    rules make impossible (the first player who does not fold bets at least 1)."""
    a = advise(Position(mine, opponents=1))
    value = {str(o.action): o.value for o in a.options}
    assert value["ante"] == brute_force_ante_value(mine)
    assert (a.action == Ante()) == (value["ante"] > 0)
    assert "bets at least 1" in a.model and "folds" in a.explanation


def test_the_ante_value_for_more_opponents_folds_after_bad_common_rolls():
    from bluffkit.odds.poker_dice import equity_by_common

    for mine, k in (("9,10,Q", 3), ("A,A,9", 2), ("J,Q,K", 3)):
        rows = equity_by_common(mine, k)
        want = sum(p * max(Fraction(-1), 2 * (k + 1) * e - 2) for _, p, e in rows)
        a = advise(Position(mine, opponents=k))
        assert a.options[0].action == Ante() and a.options[0].value == want
        assert (a.action == Ante()) == (want > 0)


@pytest.mark.parametrize("pot,to_call,k", [(1, 5, 1), (5, 10, 1), (6, 5, 2), (2, 0, 2)])
def test_impossible_pots_are_refused(pot, to_call, k):
    """`--pot 1 --to-call 5` was answered: the pot holds at least every ante and the bet."""
    with pytest.raises(InvalidQuestion, match="pot"):
        Position("9,K,K", "A,K,10", opponents=k, pot=pot, to_call=to_call)


def test_a_pot_at_the_ante_is_refused():
    with pytest.raises(InvalidQuestion, match="before the common roll"):
        Position("9,K,K", opponents=1, pot=12)
    with pytest.raises(InvalidQuestion, match="before the common roll"):
        Position("9,K,K", opponents=1, to_call=2)
