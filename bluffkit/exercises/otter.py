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

``export(..., per_student=True)``: every student gets their own numbers. The student writes who
they are in the first cell (``STUDENT = "ana.lopez@school.fr"``, as the class list has it); their
seed is :func:`student_seed` of that name and the class's ``seed``, printed in the notebook, and
each question shows its statement with those numbers. The (hidden or not) tests derive the seed
from ``STUDENT`` again, so the autograder grades each notebook with its owner's numbers.

The autograder's environment (otter's ``environment.yml``, built on Gradescope or in otter's
Docker image) installs the same bluffkit: the wheel this bluffkit was installed from goes into
the autograder zip (``wheel=`` names another) and its requirements point to it; without a wheel,
``bluffkit==VERSION``.

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

import hashlib
import shutil
import textwrap
import unicodedata
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core import Distribution, InvalidQuestion
from ..core.i18n import SOURCE_LANGUAGE, _, get_language
from ..core.install import version, wheel_file
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


def student_seed(student: Any, seed: int) -> int:
    """A student's own seed: from who they are (a name, number or e-mail, compared without case,
    accents kept, spaces around ignored) and the class's ``seed``, a whole number below a
    million. Anyone can compute it: it gives each student their own numbers, it is no secret.

    >>> student_seed("ana.lopez@school.fr", 2026) == student_seed(" Ana.Lopez@School.FR", 2026)
    True
    >>> student_seed("ana", 2026) != student_seed("bob", 2026) != student_seed("ana", 2027)
    True

    Raises:
        InvalidQuestion: no name was written (``STUDENT = ...`` left as it is).
    """
    name = unicodedata.normalize("NFC", student).strip().casefold() if isinstance(
        student, str) else ""
    if not name:
        raise InvalidQuestion(_('write who you are in the first cell, as your teacher\'s list has '
                                'it, e.g. STUDENT = "ana.lopez@school.fr", then run it again'))
    digest = hashlib.sha256(f"{check_seed(seed)}\n{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 1_000_000


class Statement:
    """A question's statement with a student's numbers, shown as Markdown in the notebook."""

    def __init__(self, game: str, number: int, seed: int):
        self.question = _question(game, number, check_seed(seed))

    def _repr_markdown_(self) -> str:
        q = self.question
        return (f"{q.statement()}\n\n*" + _("Answer with {form}.", form=q.kind.form())
                + f" {q.kind.rule()}*")

    def __repr__(self) -> str:
        return plain(self._repr_markdown_())


def statement(game: str, number: int, seed: int) -> Statement:
    """Question ``number`` of ``game`` with the numbers of ``seed`` (no hints, no solution)."""
    return Statement(game, number, seed)


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


AUTOGRADER_SOURCE = "/autograder/source/files"
"""Where otter's autograder zip puts its ``autograder_files`` (Gradescope's and otter's Docker
layout): the wheel the autograder's environment installs."""


def assignment_config(game: str, requirement: str | None = None, wheel: str | None = None,
                      per_student: bool = False) -> str:
    """otter's ``# ASSIGNMENT CONFIG``: ``requirement`` (a pip requirement for bluffkit) is added
    to the autograder's environment, ``wheel`` (a file beside the master notebook) to its zip."""
    return "\n".join([
        "# ASSIGNMENT CONFIG",
        f"name: {game.replace('-', '_')}_exercises",
        "init_cell: true",
        "check_all_cell: true",
        "export_cell: false",
        "run_tests: true",
        "solutions_pdf: false",
        "generate: true",
        *([f"requirements:\n  - {requirement}"] if requirement else []),
        *([f"autograder_files:\n  - {wheel}"] if wheel else []),
        # the STUDENT = ... line of the set-up cell is a solution too (the teacher's example)
        *(["strip_solutions_from_all_cells: true"] if per_student else []),
    ])


EXAM_TEST_CONFIG = '""" # BEGIN TEST CONFIG\nhidden: true\n""" # END TEST CONFIG\n'
"""Heads each test cell in exam mode: otter hides the test from students (graded only by the
autograder), so checking shows no verdict."""
EXAMPLE_STUDENT = "teacher@example.org"
"""The master notebook's ``STUDENT`` (its solutions are this name's)."""


def _setup_source(game: str, seed: int, exam: bool, per_student: bool) -> str:
    lines = ["from fractions import Fraction", ""]
    if not exam:
        lines.append("from bluffkit.exercises import load")
    if per_student:
        lines.append("from bluffkit.exercises.otter import statement, student_seed")
    if get_language() != SOURCE_LANGUAGE:
        lines += ["from bluffkit import set_language", "", f'set_language("{get_language()}")']
    lines.append("")
    if per_student:
        lines += ["# " + _("who you are, exactly as your teacher's list has it (e-mail or "
                           "student number), in quotes:"),
                  f"STUDENT = {EXAMPLE_STUDENT!r}  # SOLUTION",
                  f"SEED = student_seed(STUDENT, {seed})",
                  "print(" + repr(_("Your numbers come from seed")) + ", SEED)"]
    if not exam:
        lines.append(f"q = load({game!r}, seed={'SEED' if per_student else seed})  # "
                     + _("q[0].hint() gives a hint for question 1"))
    return "\n".join(lines).strip("\n")


def _answer_source(q: Question, game: str, per_student: bool) -> str:
    if not per_student:
        return _solution_source(q)
    return "\n".join(["# BEGIN SOLUTION NO PROMPT", "from bluffkit.exercises import load",
                      "# END SOLUTION", f"answer{q.number} = load({game!r}, seed=SEED)"
                      f"[{q.number - 1}].expected()  # SOLUTION"])


def master_notebook(game: str, seed: int, mode: str = "practice", per_student: bool = False,
                    requirement: str | None = None, wheel: str | None = None):
    """The otter assign-format master notebook of ``game`` for ``seed`` (an nbformat notebook).

    In ``mode="exam"`` the student notebook offers no hints (no ``load`` of the questions in the
    student's kernel) and every test is hidden: students see no verdict, the autograder grades.
    With ``per_student`` each student's numbers come from :func:`student_seed` of the name they
    write and ``seed``; ``requirement`` and ``wheel`` go to :func:`assignment_config`.
    """
    import nbformat.v4 as nbf

    if mode not in ("practice", "exam"):
        raise InvalidQuestion(_("mode must be 'practice' or 'exam', got {mode}", mode=repr(mode)))
    module = exercise_module(game)
    worksheet = load(game, seed=check_seed(seed))
    raw, md, code = nbf.new_raw_cell, nbf.new_markdown_cell, nbf.new_code_cell
    exam = mode == "exam"
    numbers = (_("Graded with otter-grader; your numbers come from who you are (the first "
                 "cell).") if per_student else
               _("Graded with otter-grader; your numbers come from seed {seed}.", seed=seed))
    cells = [
        raw(assignment_config(game, requirement, wheel, per_student)),
        md(f"{str(module.INTRO).strip()}\n\n*{numbers} " + _(
            "Give exact answers ({exact}) or decimals: the exact answer rounded, with at least 3 "
            "significant digits (a simulated estimate within the tolerance its question "
            "states).", exact='`Fraction(7, 27)` or `"7/27"`') + "*"
           + ("\n\n" + _("**Exam:** no hints, no solutions, and checking an answer shows no "
                          "verdict.") if exam else "")),
        code(_setup_source(game, seed, exam, per_student)),
    ]
    grade_seed = f"student_seed(STUDENT, {seed})" if per_student else str(seed)
    grade_import = "grade, student_seed" if per_student else "grade"
    for q in worksheet:
        i = q.number
        title = "**" + _("Question {n}. {title}", n=i, title=q.title) + "**"
        if per_student:   # the statement with the student's numbers, before the question block
            cells += [md(title), code(f"statement({game!r}, {i}, SEED)")]
        cells += [
            raw(f"# BEGIN QUESTION\nname: q{i}\npoints: 1"),
            md(_("Your answer to question {n}:", n=i) if per_student else
               f"{title}\n\n{q.statement()}\n\n*"
               + _("Answer with {form}.", form=q.kind.form()) + f" {q.kind.rule()}*"),
            raw("# BEGIN SOLUTION"),
            code(_answer_source(q, game, per_student)),
            raw("# END SOLUTION"),
            raw("# BEGIN TESTS"),
            code((EXAM_TEST_CONFIG if exam else "")
                 + f"from bluffkit.exercises.otter import {grade_import}\n"
                 f"grade({game!r}, {i}, answer{i}, seed={grade_seed})"),
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
           mode: str = "practice", per_student: bool = False,
           wheel: Path | str | None = None) -> Path:
    """Write the otter master notebook of ``game`` for ``seed``; returns its path.

    Args:
        game: a game with exercises, e.g. ``"bluff"``.
        dest: a ``.ipynb`` path, or a folder (the file is then ``<game>-otter.ipynb``).
        seed: the class's seed (the statements' numbers; with ``per_student``, mixed with each
            student's name), a whole number >= 0.
        force: overwrite an existing notebook (refused otherwise).
        mode: ``"practice"``, or ``"exam"``: no hints in the student notebook and hidden tests
            (``master_notebook``).
        per_student: each student's own numbers, from the name they write (:func:`student_seed`).
        wheel: the bluffkit wheel the autograder installs (default: the one this bluffkit was
            installed from, if pip knows it); copied beside the notebook, into otter's zip.

    Raises:
        InvalidQuestion: an unknown game, a missing seed, a notebook already there, a wheel that
            is not this version's.
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
    wheel = Path(wheel) if wheel is not None else wheel_file()
    if wheel is not None and not (wheel.is_file() and wheel.name.startswith(
            f"bluffkit-{version()}-") and wheel.suffix == ".whl"):
        raise InvalidQuestion(_("{wheel} is not the wheel of bluffkit {version}, which the "
                                "autograder must install", wheel=wheel, version=version()))
    path.parent.mkdir(parents=True, exist_ok=True)
    if wheel is not None and wheel.resolve() != (path.parent / wheel.name).resolve():
        shutil.copyfile(wheel, path.parent / wheel.name)
    requirement = (f"{AUTOGRADER_SOURCE}/{wheel.name}" if wheel is not None
                   else f"bluffkit=={version()}")
    nbformat.write(master_notebook(game, seed, mode, per_student, requirement,
                                   wheel.name if wheel is not None else None), path)
    return path


__all__ = ["AUTOGRADER_SOURCE", "Statement", "assignment_config", "check_seed", "export", "grade",
           "master_notebook", "solution_literal", "statement", "student_seed"]
