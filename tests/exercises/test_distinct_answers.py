"""A worksheet cannot be passed by copying (issue 26 item 10): over seeds 1-200, no two questions
of one set share an answer, no mistake a question lists has the answer's value (the slip would be
marked right), and every question lists at least one likely mistake (issue 32). One test per set:
a new set joins by adding its name to ``SETS``."""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest

from bluffkit.core import Distribution
from bluffkit.exercises import load

SETS = [pytest.param(name, marks=pytest.mark.xdist_group(f"distinct-{name}"))  # one worker
        for name in ("bluff", "bluff-you", "poker-dice", "bungee", "jungle-bluff")]  # a set
SEEDS = range(1, 201)


def value(answer):
    """An answer as the checker compares it, written here independently of the generators."""
    if isinstance(answer, Distribution):
        answer = answer.pmf()
    if isinstance(answer, dict):
        return frozenset((k, Fraction(p)) for k, p in answer.items() if p)
    return answer if isinstance(answer, str) else Fraction(answer)


@functools.cache
def problems(name: str) -> dict[str, list]:
    found: dict[str, list] = {"shared": [], "mistake is the answer": [], "no mistake": []}
    for seed in SEEDS:
        ws = load(name, seed=seed)
        answers = [value(q.expected()) for q in ws]
        for i, q in enumerate(ws):
            found["shared"] += [(seed, f"q{j + 1}", q.name) for j in range(i)
                                if answers[j] == answers[i]]
            found["mistake is the answer"] += [(seed, q.name, m.name) for m in q.mistakes()
                                               if value(m.value) == answers[i]]
            if not q.likely_mistakes():
                found["no mistake"].append((seed, q.name))
    return found


@pytest.mark.parametrize("name", SETS)
def test_no_two_questions_of_a_set_share_an_answer(name):
    assert problems(name)["shared"] == []


@pytest.mark.parametrize("name", SETS)
def test_no_mistake_has_the_answers_value(name):
    assert problems(name)["mistake is the answer"] == []


@pytest.mark.parametrize("name", SETS)
def test_every_question_names_a_likely_mistake(name):
    assert problems(name)["no mistake"] == []


@pytest.mark.parametrize("name", SETS)
def test_a_question_alone_has_its_worksheets_numbers(name):
    """Drawing again depends on the earlier questions of the set, found from the class alone:
    ``GivenMyDice(seed=s)`` shows what ``load("poker-dice", seed=s).q6`` shows."""
    for seed in (3, 77, 909):
        for q in load(name, seed=seed):
            alone = type(q)(seed=seed)
            assert alone.statement() == q.statement() and alone.expected() == q.expected()
