"""The lesson's exercises on decision quality versus outcome (issue 29 item 4): each expected
answer is confirmed by a second route that does not go through the review:

- the costliest decision and its cost: the game replayed by the engine, the advice asked again
  on each of seat 0's observations (``tests.review.helpers.advice_values``, the number the
  advice ranks each option by), each cost = the chosen option's value minus the recommended
  one's (never below 0);
- the luck: at each challenge, the dice seat 0 expected to lose counted over every roll of the
  dice it could not see (``tests.review.test_bluff.brute_force_loss``, the losses written from
  the rulebook), the dice it lost read from the states.

Each likely mistake is named when given, and the statements are French in French.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.exercises.decisions import QUESTIONS, questions
from bluffkit.games import find_game
from bluffkit.games.bluff import Challenge
from bluffkit.i18n import language
from bluffkit.review.lesson import lesson_state
from tests.review.helpers import advice_values
from tests.review.test_bluff import brute_force_loss

SEEDS = (1, 2, 3, 2026)


def costs_by_asking_the_advice(final) -> list[Fraction]:
    """Seat 0's cost at each of its decisions (one legal move: no decision), the advice asked
    again here."""
    costs = []
    for state, action in find_game("bluff").replay(final):
        if state.is_chance_node() or state.current_player() != 0:
            continue
        if len(state.legal_actions()) < 2:
            continue
        values, best, _best_action = advice_values("bluff", state.observation(0))
        values = dict(values)
        costs.append(max(Fraction(0), values[str(action)] - values[best]))
    return costs


def luck_by_brute_force(final) -> Fraction:
    """Dice seat 0 lost minus the dice it expected to lose at each challenge of the game."""
    luck = Fraction(0)
    for state, action in find_game("bluff").replay(final):
        if not state.is_chance_node() and isinstance(action, Challenge) and state.dice[0]:
            after = state.apply(action)
            luck += (state.dice[0] - after.dice[0]) - brute_force_loss(state.observation(0))
    return luck


@pytest.mark.parametrize("seed", SEEDS)
def test_the_answers_are_confirmed_by_asking_the_advice_and_counting_the_dice(seed):
    q1, q2, q3 = questions(seed)
    final = lesson_state(q1.game)
    costs = costs_by_asking_the_advice(final)
    top = max(costs)
    assert costs.count(top) == 1 and top > 0  # one costliest decision: the question is fair
    assert q1.expected() == costs.index(top) + 1
    assert q2.expected() == top
    assert q3.expected() == luck_by_brute_force(final)
    for q in (q1, q2, q3):
        assert q.check(q.expected()).correct
        assert q.solution().status == "solution" and q.hint().status == "hint"
        for m in q.likely_mistakes():
            assert q.check(m.value).mistake == m.name, (q.title, m.name)


def test_a_wrong_answer_is_not_accepted_and_the_decimal_is():
    q1, q2, q3 = questions(5)
    assert not q1.check(q1.expected() + 1).correct
    assert q2.check(f"{float(q2.expected()):.4f}").correct
    assert not q3.check(q3.expected() + 1).correct


def test_the_statements_are_french_in_french():
    with language("fr"):
        q1, q2, q3 = questions(1)
        texts = [q.statement() for q in (q1, q2, q3)]
    assert "Quelle décision a coûté le plus" in texts[0]
    assert "Manche 1 : tes dés" in texts[0] and "ton choix" in texts[1]
    assert "dés perdus" in texts[2]
    for text in texts:
        assert "your" not in text and "None" not in text
    assert [q.__name__ for q in QUESTIONS] == ["CostliestDecision", "HowMuchItCost",
                                               "LuckOfTheGame"]
