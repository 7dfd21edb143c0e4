"""Keeping a set's answers apart: no two questions of one exercise set share an answer for a
seed, and no question has a mistake worth its answer (a slip marked right), so a worksheet cannot
be passed by copying one answer into another question.

``Question.__init__`` draws a question's numbers again (from the same seeded stream, so a seed
still gives the same numbers) while its answer is the answer of an earlier question of its set,
or one of its mistakes has the answer's value. A question knows its set from the ``QUESTIONS``
list of the module defining it (or of a package above it), so ``GivenMyDice(seed=5)`` has the
same numbers as ``load("poker-dice", seed=5).q6``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import sys
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core import Distribution

REDRAWS = 100
"""How many times ``Question.__init__`` draws a question's numbers before keeping the last."""


def answer_key(value: Any) -> tuple:
    """An answer as a comparable value: a number as a ``Fraction`` (7 and 7/1 and 7.0 alike), a
    distribution as its non-zero probabilities, a word or action as its text.

    >>> answer_key(7) == answer_key(Fraction(14, 2)), answer_key("call")
    (True, ('word', 'call'))
    """
    if isinstance(value, Distribution):
        value = value.pmf()
    if isinstance(value, Mapping):
        return ("distribution", tuple(sorted((int(k), Fraction(p)) for k, p in value.items()
                                             if p)))
    if isinstance(value, str):
        return ("word", value)
    try:
        return ("number", Fraction(value))
    except (TypeError, ValueError):
        return ("other", repr(value))


def answer_digest(value: Any) -> str:
    """A digest of ``answer_key(value)``: what is kept to keep a set's answers apart, so the
    answers themselves are not held (an exam's kernel keeps none)."""
    return hashlib.sha256(repr(answer_key(value)).encode()).hexdigest()


def question_set(cls: type) -> tuple[type, ...]:
    """The questions of the exercise set that lists ``cls`` in its ``QUESTIONS`` (the module
    defining it or a package above it), or ``()`` for a question outside every set."""
    name = cls.__module__ or ""
    while name.startswith(f"{__package__}."):
        module = sys.modules.get(name) or importlib.import_module(name)
        questions = tuple(getattr(module, "QUESTIONS", ()))
        if cls in questions:
            return questions
        name = name.rpartition(".")[0]
    return ()


def _digests(question) -> frozenset[str]:
    return frozenset({answer_digest(question.expected())})


@functools.lru_cache(maxsize=4096)
def answers_before(cls: type, seed: int, digests=_digests) -> frozenset[str]:
    """The digests of the answers of the questions before ``cls`` in its set, for ``seed``
    (``digests(question)`` says what to keep of each: by default its answer's digest)."""
    questions = question_set(cls)
    i = questions.index(cls) if cls in questions else 0
    if i == 0:
        return frozenset()
    previous = questions[i - 1]
    return answers_before(previous, seed, digests) | digests(previous(seed=seed))


__all__ = ["REDRAWS", "answer_digest", "answer_key", "answers_before", "question_set"]
