"""Exam mode: ``load(game, seed, student=..., mode="exam")``.

Each question keeps only what a student may see: its number, title, statement (with their
numbers) and the answer kind that reads answers. The question objects that drew the numbers are
dropped, so nothing in the student's kernel holds an expected answer, a mistake, a hint or a
worked solution (drawing the numbers computes the answers to keep a set's answers apart, and keeps
only their digests): ``check`` only reads the answer (so a typo is
still pointed out) and appends it to the results log, answering "Recorded". The teacher's
``bluffkit results collect`` grades the recorded answers from the seed.

This keeps the answers out of the exam notebook and its objects; it cannot stop a student from
importing bluffkit in practice mode with their seed, or computing with bluffkit's calculators:
an exam needs the usual supervision, and the teacher may keep the seeds to themselves.

>>> import tempfile
>>> from bluffkit.exercises import load
>>> ws = load("bluff", seed=4, student="ada", mode="exam", folder=tempfile.mkdtemp())
>>> ws.q1.check("1/3").title, ws.q1.hint().title
('Recorded', 'No hints in an exam')
>>> hasattr(ws.q1, "expected") or hasattr(ws.q1, "explain")
False
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import SOURCE_LANGUAGE, _, _l, get_language
from ..exercises.answers import AnswerError
from ..exercises.core import Feedback, _sentence, escape, plain
from .log import Recorder, ResultsLog, answer_as_typed

RECORDED = _l("Saved. You may check another answer: the last one you check counts.")
NO_HELP = _l("Hints and worked solutions are not available during an exam.")


class ExamQuestion:
    """A question as an exam shows it: statement and answer reading only (no answer inside)."""

    __slots__ = ("_recorder", "kind", "number", "seed", "statement_markdown", "title")

    def __init__(self, number: int, title: str, seed: int, statement: str, kind: Any,
                 log: ResultsLog):
        self.number, self.title, self.seed = number, title, seed
        self.statement_markdown, self.kind = statement, kind
        self._recorder = Recorder(log)

    @property
    def name(self) -> str:
        return f"q{self.number}"

    def statement(self) -> str:
        return self.statement_markdown

    def check(self, answer: Any = ...) -> Feedback:
        """Record an answer (the feedback says only that it was recorded)."""
        if answer is ... or answer is None:
            return Feedback("unanswered", _("Not answered yet"),
                            _("Replace the `...` with your answer, then run the cell again."))
        try:
            reading = self.kind.read(answer)
        except Exception as e:  # the reading rules only: says nothing about the answer's value
            reason = str(e) if isinstance(e, AnswerError) else (
                _("could not read this {kind} as {form}", kind=type(answer).__name__,
                  form=self.kind.form()))
            feedback = Feedback("unreadable", _("I could not read that answer"),
                                escape(_sentence(reason)) + " " + _(
                                    "It was saved as typed; check a readable answer to replace "
                                    "it."))
            return self._recorder.save(self, answer, None, feedback)
        feedback = Feedback("recorded", _("Recorded"),
                            _("Your answer: {answer}.", answer=escape(answer_as_typed(answer)))
                            + f" {RECORDED}")
        return self._recorder.save(self, answer, reading, feedback)

    def hint(self, n: int | None = None) -> Feedback:
        return Feedback("hint", _("No hints in an exam"), str(NO_HELP))

    def solution(self) -> Feedback:
        return Feedback("solution", _("No solutions in an exam"), str(NO_HELP))

    def _repr_markdown_(self) -> str:
        return _("**{name} {title}** (seed {seed})", name=f"Q{self.number}", title=self.title,
                 seed=self.seed) + f"\n\n{self.statement()}"

    def __repr__(self) -> str:
        return plain(self._repr_markdown_())


def exam_questions(questions: list, log: ResultsLog) -> list[ExamQuestion]:
    """The exam form of a worksheet's questions (the originals are not kept)."""
    return [ExamQuestion(q.number, q.title, q.seed, q.statement(), q.kind, log)
            for q in questions]


def exam_notebook(game: str, seed: int | None = None):
    """The exam notebook of ``game``: the student writes their name (and the seed the teacher
    gives, unless ``seed`` is fixed here); each question has an answer cell and no hint cell."""
    import nbformat.v4 as nbf

    from ..exercises.notebook import exercise_module

    module = exercise_module(game)
    from ..exercises.core import catalogue

    classes = catalogue(game)
    names = ", ".join(f"q{i}" for i in range(1, len(classes) + 1))
    seed_line = (f"SEED = {seed}  # " + _("the exam's seed") if seed is not None
                 else "SEED = ...  # " + _("the seed your teacher gives you"))
    intro = str(module.INTRO).strip().splitlines()[0].replace(_("Exercises"), _("Exam"))
    translated = get_language() != SOURCE_LANGUAGE
    language_lines = (f"from bluffkit import set_language\n\nset_language({get_language()!r})\n"
                      .replace("'", '"') if translated else "")
    cells = [
        nbf.new_markdown_cell(f"{intro}\n\n" + _(
            "**Exam.** Write your name and your seed in the first cell and run it. Each answer "
            "cell saves your answer when you run it and says only *Recorded*: no hints and no "
            "solutions during the exam. You may run a cell again with a new answer; the last one "
            "you check counts. Exact answers ({exact}) or decimals ({decimal}).",
            exact='`"7/27"`', decimal="`0.2593`")),
        nbf.new_code_cell(
            "from fractions import Fraction\n\nfrom bluffkit.exercises import load\n"
            + language_lines + "\n"
            "STUDENT = ...  # " + _('your name or student number, e.g. "ada"') + "\n"
            f"{seed_line}\n"
            f"q = load({game!r}, seed=SEED, student=STUDENT, mode=\"exam\")\n"
            f"{names} = q\nq"),
    ]
    for i, cls in enumerate(classes, 1):
        cells += [nbf.new_markdown_cell(f"## {i}. {cls.title}"),
                  nbf.new_code_cell(f"q{i}  # " + _("your numbers")),
                  nbf.new_code_cell(f"answer{i} = ...  # {cls.kind.form()}\n"
                                    f"q{i}.check(answer{i})")]
    cells.append(nbf.new_markdown_cell(_("That's all: your answers are saved in your folder.")))
    nb = nbf.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


__all__ = ["ExamQuestion", "exam_notebook", "exam_questions"]
