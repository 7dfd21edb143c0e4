"""Every question of every exercise set: the right answer is accepted, each likely mistake is
named, the solution and statement exist, and an unanswered placeholder is not an error."""

from __future__ import annotations

import pytest

from bluffkit.exercises import catalogue, exercise_sets
from bluffkit.exercises.worksheets import TOPICS

SEEDS = range(10)
QUESTIONS = [(name, cls) for name in exercise_sets() for cls in catalogue(name)]


@pytest.mark.parametrize("name", exercise_sets())
def test_each_set_is_big_enough_with_distinct_titles(name):
    titles = [q.title for q in catalogue(name)]
    assert len(titles) >= (6 if name in TOPICS else 8)  # the issues' minimums
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("name,cls", QUESTIONS, ids=lambda x: getattr(x, "__name__", x))
def test_right_answers_accepted_and_mistakes_named(name, cls):
    for seed in SEEDS:
        q = cls(seed=seed)
        assert q.check(q.expected()).correct, (name, cls.__name__, seed)
        for m in q.likely_mistakes():
            assert q.check(m.value).mistake == m.name, (name, cls.__name__, seed, m.name)
        assert q.solution().status == "solution" and q.statement()
        assert q.check(...).status == "unanswered"
