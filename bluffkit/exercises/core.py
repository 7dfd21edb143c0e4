"""The exercise machinery: questions with ``check``, ``hint`` and ``solution`` (after Kaggle's
learntools), their feedback and the display helpers; the catalogue of questions per game and
``load`` are in ``worksheets``.

A question is a small class. Its numbers are drawn from ``make_rng(seed)`` in ``setup``, so each
student (each seed) gets their own, drawn again while the answer is an earlier question's of its
set or one of its mistakes' (``distinct``); the expected answer and the likely mistakes are
computed by bluffkit's calculators when the student checks, never typed in. To write a question:

.. code-block:: python

    class OneDie(Question):
        title = "One die"
        kind = Number()                        # how answers are read and compared

        def setup(self, rng):                  # this student's numbers
            self.face = int(rng.integers(1, 6))

        def statement(self):                   # Markdown shown to the student
            return f"What is the chance that one unknown die counts for a bid on {self.face}s?"

        def expected(self):                    # computed by bluffkit at check time
            return count_distribution(self.face, 1).at_least(1)

        def mistakes(self):                    # typical slips, each named when matched
            return [Mistake("stars forgotten", Fraction(1, 6), "stars are wild ...")]

        def hints(self):
            return ["How many of the six faces count?"]

        def explain(self):                     # worked solution, Markdown with LaTeX
            return f"Two faces of six count: $P = {tex(self.expected())}$."

A game's questions live in ``bluffkit/exercises/<game>.py`` (``bluff-you`` → ``bluff_you.py``;
a package such as ``bluff/`` once they outgrow one module) in a list ``QUESTIONS``, easiest
first, beside ``NOTEBOOK`` (the file name in ``exercises/``) and ``INTRO`` (its first cell);
``catalogue(game)`` finds them and ``load(game, seed)`` builds a ``Worksheet`` of them for one
student. Every question of a
worksheet shares the seed (each question draws its own kind of numbers from it).

>>> from bluffkit.exercises import load
>>> ws = load("bluff", seed=7)
>>> ws.q1.check(...).status
'unanswered'
>>> ws.q1.check(ws.q1.expected()).correct
True
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import make_rng
from ..core.i18n import _, _l, num, translations
from ..core.rng import Rng
from .answers import AnswerError, Number
from .distinct import REDRAWS, answer_digest, answers_before
from .rounding import approx

_ICONS = {"correct": "✅", "mistake": "🤔", "incorrect": "❌", "unanswered": "✏️",
          "unreadable": "⚠️", "hint": "💡", "solution": "📖", "recorded": "📝"}


# -- display helpers ------------------------------------------------------------------------------
SEEDED_DRAWS = _l("Draw with `make_rng(seed)` from `bluffkit.core`: numpy's generator where "
                  "numpy is installed, the same numbers in plain Python where it is not (in "
                  "the browser); `as_list(...)` turns what it draws into lists either way.")
"""Said by every "Simulate it" question: what draws the same numbers with numpy or without."""


def tex(x: Any) -> str:
    """LaTeX for an exact number (sympy only formats it; the value is bluffkit's).

    >>> tex(Fraction(7, 27)), tex(3)
    ('\\\\frac{7}{27}', '3')
    """
    import sympy

    x = Fraction(x)
    return sympy.latex(sympy.Rational(x.numerator, x.denominator))


def tex_ratio(n: int, d: int) -> str:
    """LaTeX for ``n/d`` as counted, then ``= reduced`` only when it reduces (no "x = x").

    >>> tex_ratio(6, 216), tex_ratio(25, 216)
    ('\\\\frac{6}{216} = \\\\frac{1}{36}', '\\\\frac{25}{216}')
    """
    counted = f"\\frac{{{n}}}{{{d}}}"
    return counted if Fraction(n, d).denominator == d else f"{counted} = {tex(Fraction(n, d))}"


def fmt(x: Any) -> str:
    """``"7/27 ≈ 0.2593"`` (or ``"3"`` for a whole number; 4 significant digits below 0.01, so
    that the decimal shown is one the checker accepts).

    >>> fmt(Fraction(7, 27)), fmt(Fraction(1, 7776))
    ('7/27 ≈ 0.2593', '1/7776 ≈ 0.0001286')
    """
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator} ≈ {approx(x)}"


_ESCAPED = "\\`*_[]<>&$#|~"
_RE_ESCAPE = re.compile(r"\\([\\`*_\[\]<>$#|~])|&(lt|gt|amp);")


def escape(text: str) -> str:
    """Plain text (such as a student's answer) made safe inside Markdown: shown as typed, never
    read as bold, maths or HTML. ``plain`` undoes it.

    >>> escape("10**10**10 <b>$x$</b>")
    '10\\\\*\\\\*10\\\\*\\\\*10 &lt;b&gt;\\\\$x\\\\$&lt;/b&gt;'
    >>> plain(escape("10**10**10 <b>$x$</b> a_b"))
    '10**10**10 <b>$x$</b> a_b'
    """
    out = []
    for c in text:
        out.append({"<": "&lt;", ">": "&gt;", "&": "&amp;"}.get(c) or
                   ("\\" + c if c in _ESCAPED else c))
    return "".join(out)


def plain(markdown: str) -> str:
    """Markdown with LaTeX turned into plain text for a terminal (text escaped by ``escape``
    comes back as it was typed).

    >>> plain(r"**Answer:** $P = \\frac{7}{27}$, $\\binom{5}{2}$")
    'Answer: P = 7/27, C(5,2)'
    """
    kept: list[str] = []

    def keep(m: re.Match) -> str:
        kept.append(m.group(1) or {"lt": "<", "gt": ">", "amp": "&"}[m.group(2)])
        return f"\x00{len(kept) - 1}\x00"

    t = _plain(_RE_ESCAPE.sub(keep, markdown.replace("\x00", "")))
    return re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], t)


def _plain(markdown: str) -> str:
    t = re.sub(r"```\w*\n?", "", markdown)
    t = re.sub(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}", r"(\1)/(\2)", t)
    t = re.sub(r"\((\-?[\w.]+)\)/\((\w+)\)", r"\1/\2", t)
    t = re.sub(r"\\binom\{([^{}]*)\}\{([^{}]*)\}", r"C(\1,\2)", t)
    t = re.sub(r"\\(?:text|mathrm|mathbb)\{([^{}]*)\}", r"\1", t)
    for a, b in ((r"\left", ""), (r"\right", ""), (r"\cdot", "·"), (r"\times", "×"),
                 (r"\geq", "≥"), (r"\leq", "≤"), (r"\ge", "≥"), (r"\le", "≤"),
                 (r"\approx", "≈"), (r"\star", "★"), (r"\sum", "Σ"), (r"\min", "min"),
                 (r"\max", "max"), (r"\quad", " "), (r"\,", " ")):
        t = t.replace(a, b)
    return t.replace("$$", "").replace("$", "").replace("**", "").replace("`", "")


# -- feedback -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Feedback:
    """What ``check``, ``hint`` and ``solution`` return: Markdown in Jupyter, text elsewhere.

    Attributes:
        status: ``"correct"``, ``"mistake"`` (a known slip, named), ``"incorrect"``,
            ``"unanswered"``, ``"unreadable"``, ``"hint"`` or ``"solution"``.
        title: a short headline.
        message: the body, Markdown (may hold LaTeX between ``$``).
        mistake: the name of the recognised mistake, if any.
    """

    status: str
    title: str
    message: str = ""
    mistake: str | None = None

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def markdown(self) -> str:
        icon = _ICONS.get(self.status, "")
        return f"{icon} **{self.title}**" + (f"\n\n{self.message}" if self.message else "")

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def __str__(self) -> str:
        return plain(f"{self.title}\n{self.message}" if self.message else self.title)

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Mistake:
    """A typical wrong answer, computed by bluffkit, and what it reveals.

    Attributes:
        name: short label, e.g. ``"stars only"``, kept in English in the results (the same
            mistake groups together in every class); :func:`mistake_name` says it in the
            reader's language.
        value: the answer this slip produces.
        message: kind words naming the slip and the idea to fix it.
    """

    name: str
    value: Any
    message: str

    def __post_init__(self):  # a lazy text (a module's constant) is said now, in the language
        object.__setattr__(self, "message", str(self.message))


def mistake_name(name: str) -> str:
    """A mistake's label (as the results keep it) in the current language.

    >>> from bluffkit.i18n import language
    >>> with language("fr"):
    ...     mistake_name("lucky card forgotten")
    'carte porte-bonheur oubliée'
    """
    return translations().gettext(name)


# -- questions ------------------------------------------------------------------------------------
def fresh_seed() -> int:
    """A random seed for a student who did not choose one (it is shown so they can keep it)."""
    return secrets.randbelow(1_000_000)


class Question:
    """Base of every exercise question (see the module docstring for how to write one).

    Args:
        seed: the student's seed (a non-negative int); ``None`` draws one and keeps it in
            ``self.seed``.
        number: the question's number in its worksheet (used in messages, e.g. ``q3.hint()``).
    """

    title: str = "Question"
    points: int = 1
    """What the question is worth in the gradebook (``bluffkit results collect``; a teacher
    overrides it with ``--points SET:N=P``)."""
    kind: Any = Number()
    recorder: Any = None
    """Called as ``recorder(question, answer, feedback)`` after each check, returning the
    feedback to show (``load(..., student=...)`` sets it: the results log, ``bluffkit.teacher``)."""

    def __init__(self, seed: int | None = None, number: int | None = None):
        self.seed = fresh_seed() if seed is None else seed
        self.number = number
        self._hints_shown = 0
        rng = make_rng(self.seed)
        taken = answers_before(type(self), self.seed)
        for _attempt in range(REDRAWS):
            self.setup(rng)
            if self.fair_draw(taken):
                break

    def fair_draw(self, taken: frozenset[str] = frozenset()) -> bool:
        """Whether the numbers drawn make a question that copying cannot pass: its answer is
        not the answer of an earlier question of its set for this seed (``taken``, as
        ``answer_digest`` gives them), and none of its mistakes has the answer's value (the slip
        would be marked right). ``__init__`` draws again from the same stream until it is."""
        expected = answer_digest(self.expected())
        return expected not in taken and all(answer_digest(m.value) != expected
                                             for m in self.mistakes())

    # -- what a question defines ------------------------------------------------------------------
    def setup(self, rng: Rng) -> None:
        """Draw this student's numbers from ``rng`` and keep them as attributes."""

    def statement(self) -> str:
        """The question, in Markdown, with this student's numbers."""
        raise NotImplementedError

    def expected(self) -> Any:
        """The right answer, computed by bluffkit now."""
        raise NotImplementedError

    def mistakes(self) -> list[Mistake]:
        """Typical wrong answers, computed by bluffkit, each with what it reveals."""
        return []

    def hints(self) -> list[str]:
        """Progressive hints, gentlest first (Markdown)."""
        return []

    def explain(self) -> str:
        """The worked solution in Markdown (the answer line is added by ``solution``)."""
        return ""

    # -- what a student calls ---------------------------------------------------------------------
    @property
    def name(self) -> str:
        return f"q{self.number}" if self.number else "q"

    def likely_mistakes(self) -> list[Mistake]:
        """``mistakes()`` without those equal to the right answer or to an earlier mistake."""
        expected = self.expected()
        kept: list[Mistake] = []
        for m in self.mistakes():
            if _equal(m.value, expected) or any(_equal(m.value, k.value) for k in kept):
                continue
            kept.append(m)
        return kept

    def check(self, answer: Any = ...) -> Feedback:
        """Check an answer; returns kind, specific feedback (never raises on a bad answer)."""
        feedback = self._check(answer)
        return feedback if self.recorder is None else self.recorder(self, answer, feedback)

    def _check(self, answer: Any) -> Feedback:
        if answer is ... or answer is None:
            return Feedback("unanswered", _("Not answered yet"),
                            _("Replace the `...` with your answer, then run the cell again. "
                              "Stuck? `{name}.hint()` gives a hint.", name=self.name))
        try:
            given = self.kind.read(answer)
        except AnswerError as e:
            return Feedback("unreadable", _("I could not read that answer"),
                            escape(as_sentence(str(e))))
        except Exception:  # an object whose own code fails when read: still an answer
            return Feedback("unreadable", _("I could not read that answer"),
                            escape(as_sentence(_("could not read this {kind} as {form}",
                                               kind=type(answer).__name__,
                                               form=self.kind.form()))))
        expected = self.expected()
        if self.kind.same(given, expected):
            return Feedback("correct", _("Correct!"), self._correct_note(given, expected))
        for m in self.likely_mistakes():
            if self.kind.same(given, m.value):
                return Feedback("mistake", _("Not quite, but I think I see what happened"),
                                m.message + "\n\n" + _("Try again, or ask `{name}.hint()`.",
                                                         name=self.name),
                                mistake=m.name)
        note = self.kind.near(given, expected)
        body = (escape(note) + " " if note else "") + self.kind.rule()
        return Feedback("incorrect", _("Not quite yet"),
                        body + "\n\n" + _("A hint: `{name}.hint()`; the worked solution: "
                                          "`{name}.solution()`.", name=self.name))

    def hint(self, n: int | None = None) -> Feedback:
        """The next hint (or hint ``n``, counting from 1)."""
        hints = self.hints()
        if not hints:
            return Feedback("hint", _("No hint for this one"),
                            _("`{name}.solution()` shows the worked solution.", name=self.name))
        if n is None:
            self._hints_shown = min(self._hints_shown + 1, len(hints))
            n = self._hints_shown
        if not isinstance(n, int) or not 1 <= n <= len(hints):
            return Feedback("hint", _("No such hint"),
                            _("This question has hints 1 to {n}.", n=len(hints)))
        more = (_("Call `{name}.hint()` again for another hint.", name=self.name)
                if n < len(hints) else
                _("That was the last hint; `{name}.solution()` shows the worked solution.",
                  name=self.name))
        return Feedback("hint", _("Hint {n} of {total}", n=n, total=len(hints)),
                        f"{hints[n - 1]}\n\n{more}")

    def solution(self) -> Feedback:
        """The worked solution, computed by bluffkit now, with the exact answer."""
        expected = self.expected()
        answer = _("**Answer:** {answer}", answer=self.kind.show(expected))
        if type(expected) is Fraction and expected.denominator != 1:  # a Ranged: its kind shows it
            answer = _("**Answer:** {answer}", answer=f"${tex(expected)}$ ≈ {approx(expected)}")
        return Feedback("solution", _("Solution to {title}", title=self.title),
                        f"{self.explain()}\n\n{answer}".strip())

    def _correct_note(self, given: Any, expected: Any) -> str:
        exact = _("The exact answer is {answer}.", answer=self.kind.show(expected))
        if getattr(given, "exact", True):
            return exact
        if getattr(self.kind, "tolerance", None) is None:  # rounded: why it was accepted
            return exact + " " + escape(self.kind.note(given, expected))
        return exact + " " + _("Your {given} is within the tolerance ({tolerance}).",
                               given=escape(given.text),
                               tolerance=num(float(self.kind.tolerance), "g"))

    # -- display ----------------------------------------------------------------------------------
    def _repr_markdown_(self) -> str:
        head = _("**{name} {title}** (seed {seed})", name=self.name.upper() if self.number
                 else "", title=self.title, seed=self.seed)
        return f"{head}\n\n{self.statement()}"

    def __repr__(self) -> str:
        return plain(self._repr_markdown_())


def _equal(a: Any, b: Any) -> bool:
    try:
        return a == b and type(a) is not bool
    except (TypeError, ValueError):
        return False


def as_sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


__all__ = ["Feedback", "Mistake", "Question", "as_sentence", "escape", "fmt", "fresh_seed",
           "mistake_name", "plain", "tex", "tex_ratio"]
