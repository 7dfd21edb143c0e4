"""CFR on public trees: Kuhn poker's value, and Bluff's 1-vs-1 round checked through the engine."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff import Bid, BluffRules, BluffState, Challenge, Roll
from bluffkit.solvers.bluff.tree import round_tree, solve_round
from bluffkit.solvers.cfr import CFRSolver, exploitability, solve
from bluffkit.solvers.kuhn import kuhn_tree


def test_kuhn_value_is_minus_one_eighteenth():
    result = solve(kuhn_tree(), iterations=1000)
    assert result.exploitability < 1e-3
    assert abs(result.value - (-1 / 18)) <= result.exploitability + 1e-6
    # the equilibrium family: player 0 bets a jack with alpha <= 1/3 and a king with 3 alpha
    first = result.average[1]  # rows: check, bet; columns: J, Q, K
    alpha = first[1, 0]
    assert alpha <= 1 / 3 + 0.01
    assert first[1, 2] == pytest.approx(3 * alpha, abs=0.02)


def test_both_variants_converge_and_exploitability_falls():
    for variant in ("cfr+", "dcfr"):
        result = solve(kuhn_tree(), iterations=400, variant=variant, check_every=50)
        expl = [e for _, _, e in result.history]
        assert expl[-1] < expl[0] / 10


def test_uniform_kuhn_exploitability_matches_hand_computation():
    # Uniform play in Kuhn: a best response gains 0.4583... for player 0 and ... computed by the
    # independent brute force below.
    tree = kuhn_tree()
    uniform = CFRSolver(tree).current_strategy()  # zero regrets: uniform everywhere
    assert exploitability(tree, uniform) == pytest.approx(_kuhn_brute_force_nashconv(uniform) / 2)


def _kuhn_brute_force_nashconv(strategy) -> float:
    """Best responses by enumerating every pure strategy of each player (2^6 for each)."""
    from itertools import product

    def p_action(level, row, card):
        return strategy[level][row, card]

    # payoff to player 0 given cards and both players' actions
    def value(c0, c1, s0, s1):
        # s0: (first action per card, call-after-check-bet per card); s1 similar
        sign = 1 if c0 > c1 else -1
        total = 0.0
        for a0 in (0, 1):  # check, bet
            pa0 = s0[0](c0, a0)
            if a0 == 0:
                for a1 in (0, 1):  # check, bet
                    pa1 = s1[0](c1, a1)
                    if a1 == 0:
                        total += pa0 * pa1 * sign
                    else:
                        for a2 in (0, 1):  # fold, call
                            pa2 = s0[1](c0, a2)
                            total += pa0 * pa1 * pa2 * (-1 if a2 == 0 else 2 * sign)
            else:
                for a1 in (0, 1):  # fold, call
                    pa1 = s1[1](c1, a1)
                    total += pa0 * pa1 * (1 if a1 == 0 else 2 * sign)
        return total

    mixed0 = (lambda c, a: p_action(1, a, c), lambda c, a: p_action(3, a, c))
    mixed1 = (lambda c, a: p_action(2, a, c), lambda c, a: p_action(2, 2 + a, c))
    deals = [(i, j) for i in range(3) for j in range(3) if i != j]

    def pure(choice):
        return (lambda c, a, ch=choice: float(ch[c][0] == a), lambda c, a, ch=choice:
                float(ch[c][1] == a))

    best0 = max(sum(value(i, j, pure(ch), mixed1) for i, j in deals) / 6
                for ch in product(product((0, 1), repeat=2), repeat=3))
    best1 = max(-sum(value(i, j, mixed0, pure(ch)) for i, j in deals) / 6
                for ch in product(product((0, 1), repeat=2), repeat=3))
    return best0 + best1


# -- Bluff 1 v 1 through the engine ---------------------------------------------------------------
@cache
def _engine_payoff(bid: str, challenger: int, i: int, j: int) -> int:
    """+1 if the opener (player 0) wins, -1 if not, by playing the challenge in the engine."""
    s = BluffState.new(BluffRules(players=2, dice_per_player=1, opener=0))
    s = s.apply(Roll((i,))).apply(Roll((j,)))
    bidder = 1 - challenger
    if s.to_move != bidder:  # player 0 opens; make player 1 the bidder with a lower bid first
        s = s.apply(Bid(1, 1)) if bid != "1x1" else None
    if s is None:
        return None
    s = s.apply(Bid.parse(bid)).apply(Challenge())
    return 1 if s.returns()[0] == 1 else -1


def _engine_values(solved, br_player=None):
    """Value to player 0 of the solved strategy (or of a best response by ``br_player``),
    walking public bid histories and resolving challenges with the engine."""
    bids = solved.info.bids
    faces = range(1, 7)
    p = 1 / 6

    def walk(history, reach0, reach1):
        """Returns counterfactual values of both players (vectors over own rolls)."""
        depth = len(history)
        mover = depth % 2
        options = bids[bids.index(history[-1]) + 1:] if history else bids
        actions = options + (["challenge"] if history else [])
        v = [np.zeros(6), np.zeros(6)]
        labels, probs = solved.strategy_table(history)
        assert labels == actions
        child_values = []
        for k, action in enumerate(actions):
            r0 = reach0 * probs[:, k] if mover == 0 else reach0
            r1 = reach1 * probs[:, k] if mover == 1 else reach1
            if action == "challenge":
                u = np.array([[_payoff(history[-1], mover, i, j) for j in faces] for i in faces])
                cv = [u @ (r1 * p) * p, -(u.T @ (r0 * p)) * p]
            else:
                cv = walk(history + [action], r0, r1)
            child_values.append(cv)
        for who in (0, 1):
            stack = np.array([cv[who] for cv in child_values])
            if who == mover and who == br_player:
                v[who] = stack.max(axis=0)
            elif who == mover:
                v[who] = (stack * probs.T).sum(axis=0)
            else:
                v[who] = stack.sum(axis=0)
        return v

    return walk([], np.ones(6), np.ones(6))


def _payoff(bid, challenger, i, j):
    value = _engine_payoff(bid, challenger, i, j)
    if value is None:  # 1x1 is only ever the opener's bid: challenger is player 1
        raise AssertionError("unreachable")
    return value


@pytest.fixture(scope="module")
def solved_1v1():
    return solve_round(1, 1, target=2e-3)


def test_bluff_1v1_value_and_exploitability_agree_with_the_engine(solved_1v1):
    v0, _ = _engine_values(solved_1v1)
    assert v0.sum() == pytest.approx(solved_1v1.value, abs=1e-9)
    br0 = _engine_values(solved_1v1, br_player=0)[0].sum()
    br1 = _engine_values(solved_1v1, br_player=1)[1].sum()
    assert (br0 + br1) / 2 == pytest.approx(solved_1v1.exploitability, abs=1e-9)
    assert solved_1v1.exploitability <= 2e-3
    # liar's dice with one die each is worth -7/258 to the opener (it equals OpenSpiel's game)
    assert abs(solved_1v1.value - (-7 / 258)) <= 2 * solved_1v1.exploitability


def test_strategies_are_distributions(solved_1v1):
    for roll in range(1, 7):
        s = solved_1v1.strategy([], (roll,))
        assert sum(s.values()) == pytest.approx(1)
        assert "challenge" not in s
    assert "challenge" in solved_1v1.strategy(["1x3"], (2,))


def test_bad_questions_are_named(solved_1v1):
    with pytest.raises(InvalidQuestion, match="does not raise"):
        solved_1v1.strategy(["1x3", "1x2"], (2,))
    with pytest.raises(InvalidQuestion, match="holds 1 dice"):
        solved_1v1.strategy([], (2, 3))
    with pytest.raises(InvalidQuestion, match="too large"):
        round_tree(3, 2)


def test_openspiel_ruleset_has_openspiel_bid_order():
    _, info = round_tree(1, 1, ruleset="openspiel")
    assert info.bids == [f"{n}-{f}" for n in (1, 2) for f in range(1, 7)]
