"""Small exact games: closed forms derived by hand, and best responses by brute force over every
pure strategy (Kuhn poker's rules written out again here, independently of the tree)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import permutations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import InvalidQuestion
from bluffkit.solvers.lp import solve_sequence_form
from bluffkit.solvers.small_games import (
    CARDS,
    best_response_payoff,
    bluffing_matrix,
    kuhn_behaviour,
    kuhn_game,
    profile_exploitability,
    realization_plan,
    rps_matrix,
    solve_matrix,
)

wins = st.integers(1, 6)


@given(wins, wins, wins)
def test_rps_variant_equilibrium_has_the_closed_form(r, p, s):
    # x^T A = 0: rock is played in proportion to what *scissors* wins, paper to rock, ...
    sol = solve_matrix(rps_matrix(r, p, s))
    total = r + p + s
    assert sol.value == 0
    assert sol.row == (F(s, total), F(r, total), F(p, total)) == sol.col


@given(st.integers(1, 20), st.integers(1, 20))
def test_bluffing_game_has_the_indifference_frequencies(pot, bet):
    sol = solve_matrix(bluffing_matrix(pot, bet))
    assert sol.row[0] == F(bet, pot + bet)        # bluff: makes calling indifferent
    assert sol.col[0] == F(pot, pot + bet)        # call: makes bluffing indifferent
    assert sol.value == F(1, 2) * (pot + F(pot * bet, pot + bet))


def test_exploitability_of_matrix_profiles():
    rps = rps_matrix(1, 1, 1)
    third = [F(1, 3)] * 3
    assert profile_exploitability(rps, third, third) == 0
    # both play (1/2, 1/4, 1/4): A x = (s - p, r - s, p - r) = (0, 1/4, -1/4) for each side
    x = [F(1, 2), F(1, 4), F(1, 4)]
    assert profile_exploitability(rps, x, x) == F(1, 4)
    with pytest.raises(InvalidQuestion, match="summing to 1"):
        profile_exploitability(rps, [1, 1, 0], third)
    with pytest.raises(InvalidQuestion, match="positive"):
        rps_matrix(0, 1, 1)


# -- Kuhn poker, brute force ------------------------------------------------------------------
def kuhn_value(p0, p1) -> F:
    """Payoff to player 0 of behaviour strategies given as functions (card, situation) -> P(act)
    with situations 'open' (bet), 'cb' (call), 'b' (call), 'c' (bet)."""
    total = F(0)
    for c0, c1 in permutations(range(3), 2):
        win = 1 if c0 > c1 else -1
        bet = p0(c0, "open")
        v = bet * ((1 - p1(c1, "b")) * 1 + p1(c1, "b") * 2 * win)
        after = p1(c1, "c")
        v += (1 - bet) * ((1 - after) * win + after * (
            (1 - p0(c0, "cb")) * -1 + p0(c0, "cb") * 2 * win))
        total += F(1, 6) * v
    return total


def test_kuhn_value_and_best_responses_match_brute_force():
    assert solve_sequence_form(kuhn_game()).value == F(-1, 18)
    bet = {"J": F(1, 3), "Q": F(1, 2), "K": 1}
    call = {"J": 0, "Q": F(1, 4), "K": 1}
    stated = kuhn_behaviour(bet, call)

    def p0(card, where):
        return F(bet[CARDS[card]]) if where == "open" else F(call[CARDS[card]])

    best = max(-kuhn_value(p0, lambda card, where, ch=choice: F(ch[card][where == "c"]))
               for choice in product(product((0, 1), repeat=2), repeat=3))
    assert best_response_payoff(kuhn_game(), 1, stated) == best
    # and player 0's best response to player 1 always calling and never betting
    p1 = {(s, c): {"call": 1} if s == "bet" else {"check": 1}
          for s in ("bet", "check") for c in CARDS}
    best0 = max(kuhn_value(lambda card, where, ch=choice: F(ch[card][where == "cb"]),
                           lambda card, where: F(1) if where == "b" else F(0))
                for choice in product(product((0, 1), repeat=2), repeat=3))
    assert best_response_payoff(kuhn_game(), 0, p1) == best0


def test_realization_plans_multiply_along_the_way():
    game = kuhn_game()
    plan = realization_plan(game, 0, kuhn_behaviour({"J": F(1, 3), "Q": 0, "K": 1},
                                                    {"J": 0, "Q": F(1, 2), "K": 1}))
    assert plan[(("check-bet", "J"), "fold")] == F(2, 3)
    assert plan[(("check-bet", "Q"), "call")] == F(1, 2)
    with pytest.raises(InvalidQuestion, match="summing to 1"):
        realization_plan(game, 1, {("bet", "J"): {"fold": F(1, 2)}})
