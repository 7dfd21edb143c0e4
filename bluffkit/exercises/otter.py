"""Export a game's exercises for otter-grader (instructors; the optional ``grading`` extra).

``export(game, dest, seed)`` writes an otter "assign"-format master notebook (otter-grader's v1
format: raw cells ``# ASSIGNMENT CONFIG``, ``# BEGIN QUESTION`` ... ``# END QUESTION`` around
each question, ``# BEGIN SOLUTION`` / ``# BEGIN TESTS`` blocks inside). The statements carry the
numbers of ``seed`` (one seed for the class), each solution cell holds the exact answer that
bluffkit computes now (``answerN = Fraction(7, 27)  # SOLUTION``), and each test cell calls
bluffkit's own checker through ``grade``, so otter's grading accepts exactly the answers that
``qN.check`` accepts (rounded ones by the rule of ``rounding``) and its failure message is the
same kind feedback. Writing the notebook does not need otter; turning it into student and
autograder notebooks does::

    pip install "bluffkit[grading]"
    otter assign bluff-otter.ipynb dist/

>>> nb = master_notebook("bluff", seed=3)
>>> nb.cells[0].source.splitlines()[0]
'# ASSIGNMENT CONFIG'
>>> right = load("bluff", seed=3).q1.expected()
>>> grade("bluff", 1, right, seed=3)
>>> grade("bluff", 1, "0.99", seed=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Not quite yet...
"""

from __future__ import annotations

import textwrap
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core import Distribution, InvalidQuestion
from ..core.i18n import SOURCE_LANGUAGE, _, get_language
from .core import Question, plain
from .notebook import exercise_module
from .worksheets import catalogue, load


def grade(game: str, number: int, answer: Any, seed: int) -> None:
    """Otter's test for question ``number``: silent when right, else ``AssertionError`` holding
    the checker's feedback (otter shows it to the student).

    Raises:
        AssertionError: when the answer is not accepted.
        InvalidQuestion: for an unknown game or question number.
    """
    question = _question(game, number, check_seed(seed))
    feedback = question.check(answer)
    if not feedback.correct:
        raise AssertionError(str(feedback))


def _question(game: str, number: int, seed: int) -> Question:
    worksheet = load(game, seed=seed)
    if not isinstance(number, int) or not 1 <= number <= len(worksheet):
        raise InvalidQuestion(_("{game} has questions 1-{last}, got {number}", game=game,
                                last=len(worksheet), number=repr(number)))
    return worksheet[number - 1]


def solution_literal(value: Any) -> str:
    """Python source for an exact answer, as written in the solution cells.

    >>> solution_literal(Fraction(7, 27)), solution_literal(3)
    ('Fraction(7, 27)', '3')
    """
    if isinstance(value, Distribution):
        value = value.pmf()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {solution_literal(Fraction(v))}"
                               for k, v in sorted(value.items())) + "}"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"Fraction({value.numerator}, {value.denominator})"
    return repr(value)


def _solution_source(q: Question) -> str:
    """The solution cell: the worked solution as comments (removed from the student notebook by
    otter's ``# BEGIN SOLUTION NO PROMPT`` block) and the exact answer."""
    worked = textwrap.wrap(" ".join(plain(q.explain()).split()), 96)
    lines = ["# BEGIN SOLUTION NO PROMPT", *(f"# {w}" for w in worked), "# END SOLUTION"]
    return "\n".join([*lines, f"answer{q.number} = {solution_literal(q.expected())}  # SOLUTION"])


def assignment_config(game: str) -> str:
    return "\n".join([
        "# ASSIGNMENT CONFIG",
        f"name: {game.replace('-', '_')}_exercises",
        "init_cell: true",
        "check_all_cell: true",
        "export_cell: false",
        "run_tests: true",
        "solutions_pdf: false",
        "generate: true",
    ])


EXAM_TEST_CONFIG = '""" # BEGIN TEST CONFIG\nhidden: true\n""" # END TEST CONFIG\n'
"""Heads each test cell in exam mode: otter hides the test from students (graded only by the
autograder), so checking shows no verdict."""


def master_notebook(game: str, seed: int, mode: str = "practice"):
    """The otter assign-format master notebook of ``game`` for ``seed`` (an nbformat notebook).

    In ``mode="exam"`` the student notebook offers no hints (no ``load`` of the questions in the
    student's kernel) and every test is hidden: students see no verdict, the autograder grades.
    """
    import nbformat.v4 as nbf

    if mode not in ("practice", "exam"):
        raise InvalidQuestion(_("mode must be 'practice' or 'exam', got {mode}", mode=repr(mode)))
    module = exercise_module(game)
    worksheet = load(game, seed=check_seed(seed))
    raw, md, code = nbf.new_raw_cell, nbf.new_markdown_cell, nbf.new_code_cell
    exam = mode == "exam"
    language_lines = (f"from bluffkit import set_language\n\nset_language(\"{get_language()}\")\n"
                      if get_language() != SOURCE_LANGUAGE else "")
    cells = [
        raw(assignment_config(game)),
        md(f"{str(module.INTRO).strip()}\n\n*" + _(
            "Graded with otter-grader; your numbers come from seed {seed}. Give exact answers "
            "({exact}) or decimals: the exact answer rounded, with at least 3 significant "
            "digits (a simulated estimate within the tolerance its question states).", seed=seed,
            exact='`Fraction(7, 27)` or `"7/27"`') + "*"
           + ("\n\n" + _("**Exam:** no hints, no solutions, and checking an answer shows no "
                          "verdict.") if exam else "")),
        code(("from fractions import Fraction" + (f"\n\n{language_lines}" if language_lines
                                                   else "")).rstrip("\n") if exam else
             "from fractions import Fraction\n\nfrom bluffkit.exercises import load\n"
             + language_lines + "\n"
             f"q = load({game!r}, seed={seed})  # " + _("q[0].hint() gives a hint for question 1")),
    ]
    for q in worksheet:
        i = q.number
        cells += [
            raw(f"# BEGIN QUESTION\nname: q{i}\npoints: 1"),
            md("**" + _("Question {n}. {title}", n=i, title=q.title)
               + f"**\n\n{q.statement()}\n\n*"
               + _("Answer with {form}.", form=q.kind.form()) + f" {q.kind.rule()}*"),
            raw("# BEGIN SOLUTION"),
            code(_solution_source(q)),
            raw("# END SOLUTION"),
            raw("# BEGIN TESTS"),
            code((EXAM_TEST_CONFIG if exam else "")
                 + f"from bluffkit.exercises.otter import grade\n"
                 f"grade({game!r}, {i}, answer{i}, seed={seed})"),
            raw("# END TESTS"),
            raw("# END QUESTION"),
        ]
    nb = nbf.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def check_seed(seed: Any) -> int:
    """The class's seed: a whole number >= 0. ``None`` (a fresh seed) is refused, since the
    statements, the solutions and each grading run must share one seed.

    >>> check_seed(None)
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidQuestion: seed must be a whole number >= 0 shared by the class \
(the statements, the solutions and every grading run use it), got None
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidQuestion(_("seed must be a whole number >= 0 shared by the class (the "
                                "statements, the solutions and every grading run use it), got "
                                "{seed}", seed=repr(seed)))
    return seed


def export(game: str, dest: Path | str, seed: int, force: bool = False,
           mode: str = "practice") -> Path:
    """Write the otter master notebook of ``game`` for ``seed``; returns its path.

    Args:
        game: a game with exercises, e.g. ``"bluff"``.
        dest: a ``.ipynb`` path, or a folder (the file is then ``<game>-otter.ipynb``).
        seed: the class's seed (the statements' numbers), a whole number >= 0.
        force: overwrite an existing notebook (refused otherwise).
        mode: ``"practice"``, or ``"exam"``: no hints in the student notebook and hidden tests
            (``master_notebook``).

    Raises:
        InvalidQuestion: an unknown game, a missing seed, or a notebook already there.
    """
    import nbformat

    catalogue(game)
    check_seed(seed)
    if mode not in ("practice", "exam"):
        raise InvalidQuestion(_("mode must be 'practice' or 'exam', got {mode}", mode=repr(mode)))
    path = Path(dest)
    if path.suffix != ".ipynb":
        path = path / f"{game}-otter.ipynb"
    if path.exists() and not force:
        raise InvalidQuestion(_("{path} already exists: pass force=True to overwrite it, or choose"
                                " another place", path=path))
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(master_notebook(game, seed, mode), path)
    return path


__all__ = ["assignment_config", "check_seed", "export", "grade", "master_notebook",
           "solution_literal"]
