"""The gradebook that loses nothing: every student, every assessment, every answer accounted for.

``build(collection, roster, points)`` turns what ``collect`` found into grades:

- **Students**: every student of the roster (in its order, "not started" when nothing came from
  them) and every student with any record, kept or left out (a kernel without the course key
  still gives a row, flagged "no key"). Names are matched without case or accents
  (``roster.match_students``), and the merges are reported.
- **Assessments**: each exercise set in practice and in exam mode is its own assessment (its
  own maximum, its own column in an LMS).
- **Points**: a question is worth ``Question.points`` (1 unless the exercise set says otherwise;
  ``points={("bluff", 3): 2}`` overrides it). It earns them when the **last readable answer**
  given to it was right, whatever seed it was given with: a student who reloaded with another
  seed keeps what they answered before (the status says "seed changed").
- **Attempts** count every answer given, readable or not; **first try** is whether the first
  readable answer was right.
- **Status** of a student in an assessment: "not started", else what the teacher should look at
  ("no key", "tampered", "seed changed"), else "ok". Each question carries the same flags, plus
  "unreadable answers".
- **Titles** and mistakes are written in the teacher's language (the language bluffkit speaks
  when the gradebook is made), whatever language the students worked in; a mistake is said in
  words (the feedback the student was given), never by its internal name.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core import BluffkitError
from ..core.i18n import _, _l, get_language
from ..exercises.core import mistake_name, plain
from ..exercises.worksheets import catalogue, set_title
from .collect import Collection
from .roster import Student, match_students, merges

STATUS = {"ok": _l("ok"), "not started": _l("not started"), "no key": _l("no key"),
          "tampered": _l("tampered"), "seed changed": _l("seed changed"),
          "unreadable": _l("unreadable answers"), "not graded": _l("not graded")}
"""The words of the status and flag columns."""

PROBLEMS = ("no key", "tampered", "seed changed")
"""What a student's status names, in this order, when something needs the teacher."""


@dataclass(frozen=True)
class QuestionInfo:
    number: int
    title: str
    points: Fraction


@dataclass
class Assessment:
    """One exercise set in one mode, with its questions (title and points)."""

    exercise_set: str
    mode: str
    title: str
    questions: list[QuestionInfo]

    @property
    def maximum(self) -> Fraction:
        return sum((q.points for q in self.questions), Fraction(0))

    @property
    def slug(self) -> str:
        return f"{self.exercise_set}-{self.mode}"


@dataclass
class Cell:
    """One question of one student: points earned (``None`` when never answered), answers
    given, whether the first readable one was right (``None``: none was readable) and flags."""

    points: Fraction | None = None
    attempts: int = 0
    first_try: bool | None = None
    flags: list[str] = field(default_factory=list)


@dataclass
class Grade:
    student: Student
    assessment: Assessment
    status: list[str]
    seeds: list[int]
    cells: dict[int, Cell]

    @property
    def total(self) -> Fraction:
        return sum((c.points or 0 for c in self.cells.values()), Fraction(0))


@dataclass
class Gradebook:
    students: list[Student]
    assessments: list[Assessment]
    grades: dict[tuple[int, str], Grade]
    who: dict[str, Student]
    """The student of each name typed in the results."""

    def grade(self, student: Student, assessment: Assessment) -> Grade:
        return self.grades[id(student), assessment.slug]

    def merges(self) -> list[tuple[Student, list[str]]]:
        return merges(self.students)


def mode_title(exercise_set: str, mode: str) -> str:
    title = set_title(exercise_set)
    return str(_l("{title}: practice", title=title) if mode == "practice" else
               _l("{title}: exam", title=title))


def assessment(exercise_set: str, mode: str, records: list[dict],
               points: dict[tuple[str, int], Fraction]) -> Assessment:
    """The questions of ``exercise_set`` (every question of its catalogue; for a set this
    bluffkit does not know, the questions answered, titled as recorded)."""
    try:
        classes = catalogue(exercise_set)
        infos = [(n, str(c.title), Fraction(c.points)) for n, c in enumerate(classes, 1)]
    except BluffkitError:
        titles = {r["question"]: r["title"] for r in records}
        infos = [(n, titles[n], Fraction(1)) for n in sorted(titles)]
    questions = [QuestionInfo(n, t, Fraction(points.get((exercise_set, n), p)))
                 for n, t, p in infos]
    return Assessment(exercise_set, mode, mode_title(exercise_set, mode), questions)


def build(found: Collection, roster: list[Student] | None = None,
          points: dict[tuple[str, int], Fraction] | None = None) -> Gradebook:
    """The gradebook of everything ``collect`` found (see the module docstring)."""
    left = [(r, why) for r, why in found.left_out]
    everything = found.records + [r for r, _why in left]
    who, students = match_students(Counter(r["student"] for r in everything), roster or [])
    by_set: dict[tuple, list[dict]] = defaultdict(list)
    for r in everything:
        by_set[r["set"], r["mode"]].append(r)
    assessments = [assessment(s, m, by_set[s, m], points or {})
                   for s, m in sorted(by_set, key=lambda k: (k[0], k[1] != "practice"))]
    kept: dict[tuple, list[dict]] = defaultdict(list)
    for r in sorted(found.records, key=lambda r: (r["time"], r["attempt"])):
        kept[id(who[r["student"]]), f"{r['set']}-{r['mode']}", r["question"]].append(r)
    lost: dict[tuple, list[str]] = defaultdict(list)
    for r, why in left:
        lost[id(who[r["student"]]), f"{r['set']}-{r['mode']}", r["question"]].append(why)
    grades = {}
    for a in assessments:
        for s in students:
            grades[id(s), a.slug] = grade(s, a, kept, lost)
    return Gradebook(students, assessments, grades, who)


def grade(student: Student, a: Assessment, kept: dict, lost: dict) -> Grade:
    cells, seeds, problems = {}, set(), set()
    numbers = sorted({q.number for q in a.questions}
                     | {n for (sid, slug, n) in [*kept, *lost] if sid == id(student)
                        and slug == a.slug})
    worth = {q.number: q.points for q in a.questions}
    for n in numbers:
        given = kept.get((id(student), a.slug, n), [])
        why = lost.get((id(student), a.slug, n), [])
        readable = [r for r in given if r["status"] != "unreadable"]
        cell = Cell(attempts=len(given))
        if given:
            cell.points = worth.get(n, Fraction(1)) if readable and readable[-1]["correct"] \
                else Fraction(0)
        if readable:
            cell.first_try = bool(readable[0]["correct"])
        question_seeds = {r["seed"] for r in given}
        seeds |= question_seeds
        flags = set(why) | ({"seed changed"} if len(question_seeds) > 1 else set()) \
            | ({"unreadable"} if len(readable) < len(given) else set())
        cell.flags = [f for f in STATUS if f in flags]
        problems |= flags
        cells[n] = cell
    if len(seeds) > 1:
        problems.add("seed changed")
    if not seeds and not problems:
        status = ["not started"]
    else:
        status = [p for p in PROBLEMS if p in problems] or ["ok"]
    return Grade(student, a, status, sorted(seeds), cells)


# -- words --------------------------------------------------------------------------------------
def words(key: str) -> str:
    """A status or flag in the teacher's language."""
    return str(STATUS[key])


@lru_cache(maxsize=4096)
def _mistake_words(exercise_set: str, seed: int, number: int, name: str, lang: str) -> str:
    try:
        q = catalogue(exercise_set)[number - 1](seed=seed, number=number)
        for m in [*q.likely_mistakes(), *q.mistakes()]:
            if m.name == name:
                return " ".join(plain(m.message).split())
    except Exception:  # an unknown set or question, a seed of another version: the label
        pass
    return mistake_name(name)


def mistake_words(record: dict) -> str:
    """What the mistake of ``record`` was, in words (the feedback its student was given, in the
    teacher's language); ``""`` when none was named."""
    if not record.get("mistake"):
        return ""
    return _mistake_words(record["set"], record["seed"], record["question"], record["mistake"],
                          get_language())


def first_sentence(text: str) -> str:
    """``text`` up to its first full stop (what a summary line shows of a mistake)."""
    return text[: text.index(". ") + 1] if ". " in text else text


def mistakes_summary(book: Gradebook, records: list[dict]) -> list[tuple[Any, ...]]:
    """The named mistakes per question, most students first: ``(assessment, question, title,
    mistake in words, answers, students)`` — what to re-teach."""
    titles = {(a.exercise_set, a.mode): (a.title, {q.number: q.title for q in a.questions})
              for a in book.assessments}
    count: Counter = Counter()
    who: dict[tuple, set] = defaultdict(set)
    said: dict[tuple, str] = {}
    for r in records:
        if r.get("mistake"):
            k = (r["set"], r["mode"], r["question"], r["mistake"])
            count[k] += 1
            who[k].add(id(book.who[r["student"]]))
            said.setdefault(k, first_sentence(mistake_words(r)))
    rows = []
    for k, n in sorted(count.items(), key=lambda kv: (-len(who[kv[0]]), -kv[1], kv[0])):
        title, questions = titles[k[0], k[1]]
        rows.append((title, k[2], questions.get(k[2], ""), said[k], n, len(who[k])))
    return rows


def read_points(texts: list[str]) -> dict[tuple[str, int], Fraction]:
    """What questions are worth, from ``SET:QUESTION=POINTS`` texts.

    >>> read_points(["bluff:3=2", "bungee:1=1,5", " bluff:4=1/2 "])
    {('bluff', 3): Fraction(2, 1), ('bungee', 1): Fraction(3, 2), ('bluff', 4): Fraction(1, 2)}

    Raises:
        BluffkitError: a text not of that form (it is named).
    """
    points = {}
    for text in texts:
        m = re.fullmatch(r"\s*([a-z][a-z0-9-]*):(\d+)=(\d+(?:[.,]\d+)?|\d+/\d+)\s*", text)
        if not m or m.group(3).endswith("/0"):
            raise BluffkitError(_("points are written SET:QUESTION=POINTS, e.g. bluff:3=2 or "
                                  "bluff:3=0.5, got {text}", text=text))
        points[m.group(1), int(m.group(2))] = Fraction(m.group(3).replace(",", "."))
    return points


__all__ = ["PROBLEMS", "STATUS", "Assessment", "Cell", "Grade", "Gradebook", "QuestionInfo",
           "assessment", "build", "first_sentence", "grade", "mistake_words",
           "mistakes_summary", "mode_title", "read_points", "set_title", "words"]
