"""Exercises with instant feedback, in the spirit of Kaggle's learntools.

``load(game, seed)`` gives one student's questions; each has ``check(answer)``, ``hint()`` and
``solution()``. Answers are read safely (``answers.py``: fractions, decimals, percentages, sympy
and numpy numbers; never evaluated) and compared with values bluffkit computes at check time.
``otter.export`` writes an otter-grader assignment notebook for instructors.

>>> q1 = load("bluff", seed=0).q1
>>> q1.check("1/3").correct or q1.check("1/6").correct
True
"""

from .answers import AnswerError, Choice, Count, DistributionAnswer, Number, Reading, read_number
from .core import Feedback, Mistake, Question
from .worksheets import Worksheet, catalogue, exercise_sets, games_with_exercises, load

__all__ = [
    "AnswerError", "Choice", "Count", "DistributionAnswer", "Feedback", "Mistake", "Number",
    "Question", "Reading", "Worksheet", "catalogue", "exercise_sets", "games_with_exercises",
    "load", "read_number",
]
