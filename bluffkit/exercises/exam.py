"""Exam mode: ``load(game, seed, student=..., mode="exam")``.

Each question keeps only what a student may see: its number, title, statement (with their
numbers) and the answer kind that reads answers. The question objects that drew the numbers are
dropped, so nothing in the student's kernel holds an expected answer, a mistake, a hint or a
worked solution (drawing the numbers computes the answers to keep a set's answers apart, and keeps
only their digests): ``check`` only reads the answer (so a typo is
still pointed out) and appends it to the results log, answering "Recorded". The teacher's
``bluffkit results collect`` grades the recorded answers from the seed, and
``bluffkit.teacher.exam.exam_notebook`` writes the exam's notebook.

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

from ..core.i18n import _, _l
from .answers import AnswerError
from .core import Feedback, as_sentence, escape, plain
from .results import Recorder, ResultsLog, answer_as_typed

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
                                escape(as_sentence(reason)) + " " + _(
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



__all__ = ["NO_HELP", "RECORDED", "ExamQuestion", "exam_questions"]
