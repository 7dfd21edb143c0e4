"""The gradebook's files: for the teacher, for Moodle, for Canvas, and for Excel.

``write_all(found, book, GRADES)`` writes, in the teacher's language:

- ``GRADES`` — a row per student: name, LMS id, email, then per assessment its status, points
  and maximum;
- ``GRADES-<set>-<practice|exam>.csv`` — per assessment, a row per student: status, seeds,
  points, maximum, and per question the points earned, the attempts, first try (1/0) and flags;
- ``GRADES-long.csv`` — a row per answer, including the answers left out (and why), with the
  question's title and the mistake said in words;
- ``GRADES-mistakes.csv`` — the named mistakes per question, most students first.

With ``excel=True`` these are written for a spreadsheet opened by double-click: UTF-8 with a
byte order mark (Excel reads « François », not « FranÃ§ois »), and in French ``;`` between
cells and a decimal comma (what French Excel expects).

**Moodle** (``lms="moodle"``, ``GRADES-moodle.csv``): Moodle's CSV grade import (Grades >
Import > CSV file) asks to *identify user by* mapping one column of the file to a user field —
``userid``, ``username``, ``useridnumber`` or ``useremail``
(``grade/import/csv/classes/load_data.php``, ``map_user_data_with_value``) — and maps each other
column to a grade item or a new grade item. The file has ``ID number`` (the roster's LMS id: map
it to *ID number*), ``Email address`` (map it to *Email address* when the roster has no LMS
ids) and ``Full name`` (ignore it), then one column per assessment holding its points. A grade
is a number with a decimal point; an empty cell is "no grade" (``$value === ''``). Moodle aborts
the whole import on a row whose user it cannot find, and an empty identifier would reuse the
row before's user, so students without the identifier are left out of this file (and named).

**Canvas** (``lms="canvas"``, ``GRADES-canvas.csv``): Canvas's gradebook import reads the
columns of its own export — ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``,
``Section``, then one column per assignment; a student is found by name, Canvas ID or SIS User
ID (only one of them is needed; Ohio State's guide "Import a CSV file to Carmen grades",
teaching.resources.osu.edu), and a column naming no existing assignment creates one. The file
puts the roster's LMS id under ``SIS User ID``, and a ``Points Possible`` row under the header
as Canvas's export does. Both LMS files are plain UTF-8, commas and decimal points, whatever
``excel`` says: they are read by a program, not by a person.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core.i18n import _, get_language
from .collect import Collection
from .gradebook import Gradebook, build, mistake_words, mistakes_summary, words
from .roster import Student


@dataclass(frozen=True)
class Style:
    """How a CSV file is written: cell separator, decimal mark, byte order mark."""

    delimiter: str = ","
    decimal: str = "."
    bom: bool = False


MACHINE = Style()


def excel_style() -> Style:
    """For Excel in the teacher's language: a BOM, and ``;`` with a decimal comma in French."""
    return Style(";", ",", True) if get_language() == "fr" else Style(",", ".", True)


def number(x: Fraction | int | None, style: Style = MACHINE) -> str:
    """Points as a spreadsheet reads them: ``3``, ``1.5`` (``1,5``), at most 2 decimals.

    >>> number(Fraction(7, 2)), number(Fraction(2, 3), Style(";", ",")), number(None)
    ('3.5', '0,67', '')
    """
    if x is None:
        return ""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}".rstrip("0").rstrip(".").replace(".", style.decimal)


def cell(v: Any) -> Any:
    """A value as a CSV cell: text a spreadsheet would run as a formula gets a ``'`` first."""
    if isinstance(v, bool):
        return int(v)
    if v is None:
        return ""
    if isinstance(v, str) and v and v[0] in "=+-@\t\r":
        return "'" + v
    return v if not isinstance(v, dict | list) else json.dumps(v)


def write_csv(path: Path, header: list[str], rows: list[list[Any]],
              style: Style = MACHINE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8-sig" if style.bom else "utf-8") as f:
        w = csv.writer(f, delimiter=style.delimiter)
        w.writerow([cell(h) for h in header])
        w.writerows([cell(v) for v in row] for row in rows)


def _who(s) -> list[str]:
    return [s.name, s.lms_id, s.email]


def _status(g) -> str:
    return ", ".join(words(k) for k in g.status)


def summary(book: Gradebook, style: Style = MACHINE) -> tuple[list[str], list[list[Any]]]:
    """A row per student: who, then per assessment status, points and maximum."""
    header = [_("student"), _("LMS id"), _("email")]
    for a in book.assessments:
        header += [f"{a.title}: " + _("status"), f"{a.title}: " + _("points"),
                   f"{a.title}: " + _("out of")]
    rows = []
    for s in book.students:
        row = _who(s)
        for a in book.assessments:
            g = book.grade(s, a)
            row += [_status(g), number(g.total, style), number(a.maximum, style)]
        rows.append(row)
    return header, rows


def detail(book: Gradebook, a, style: Style = MACHINE) -> tuple[list[str], list[list[Any]]]:
    """A row per student for assessment ``a``: status, seeds, points, maximum, and per question
    points, attempts, first try and flags."""
    header = [_("student"), _("LMS id"), _("email"), _("status"), _("seeds"), _("points"),
              _("out of")]
    numbers = sorted({n for g in (book.grade(s, a) for s in book.students) for n in g.cells})
    titles = {q.number: q for q in a.questions}
    for n in numbers:
        q = titles.get(n)
        head = f"q{n} {q.title}" if q else f"q{n}"
        header += [head + ": " + _("points (of {points})", points=number(q.points if q else 1,
                                                                           style)),
                   f"q{n}: " + _("attempts"), f"q{n}: " + _("first try"), f"q{n}: " + _("flags")]
    rows = []
    for s in book.students:
        g = book.grade(s, a)
        row = [*_who(s), _status(g), " ".join(map(str, g.seeds)), number(g.total, style),
               number(a.maximum, style)]
        for n in numbers:
            c = g.cells.get(n)
            row += ([number(c.points, style), c.attempts,
                     "" if c.first_try is None else int(c.first_try),
                     ", ".join(words(f) for f in c.flags)] if c else ["", 0, "", ""])
        rows.append(row)
    return header, rows


ANSWER_STATUS = {"correct": "right", "incorrect": "wrong", "mistake": "wrong",
                 "unreadable": "unreadable"}


def long_rows(book: Gradebook, found: Collection) -> tuple[list[str], list[list[Any]]]:
    """A row per answer, the answers left out included (their status says why)."""
    header = [_("student"), _("LMS id"), _("name typed"), _("assessment"), _("seed"),
              _("question"), _("title"), _("attempt"), _("answer"), _("status"), _("mistake"),
              _("time"), _("file")]
    titles = {(a.exercise_set, a.mode): (a.title, {q.number: q.title for q in a.questions})
              for a in book.assessments}
    said = {"right": _("right"), "wrong": _("wrong"), "unreadable": _("unreadable")}
    rows = []
    every = [(r, None) for r in found.records] + list(found.left_out)
    for r, why in sorted(every, key=lambda rw: (book.who[rw[0]["student"]].name, rw[0]["set"],
                                                rw[0]["mode"], rw[0]["question"],
                                                rw[0]["time"])):
        s = book.who[r["student"]]
        title, questions = titles[r["set"], r["mode"]]
        status = (_("left out: {why}", why=words(why)) if why else
                  said.get(ANSWER_STATUS.get(r["status"], ""), r["status"]))
        rows.append([s.name, s.lms_id, r["student"], title, r["seed"], r["question"],
                     questions.get(r["question"], r["title"]), r["attempt"], r["answer"], status,
                     mistake_words(r), r["time"], r.get("file", "")])
    return header, rows


# -- LMS files ----------------------------------------------------------------------------------
LMS = ("moodle", "canvas")


def moodle_identifier(book: Gradebook) -> str:
    """What the Moodle file identifies students by: the LMS id (``ID number``) when the roster
    gives any, else the email. Every row has it: Moodle keeps the user of the row before when
    the identifier is empty (``map_user_data_with_value`` skips an empty value), so an empty
    one would give a grade to the wrong student."""
    return "lms_id" if any(s.lms_id for s in book.students) else "email"


def moodle(book: Gradebook) -> tuple[list[str], list[list[Any]]]:
    header = ["ID number", "Email address", "Full name", *(a.title for a in book.assessments)]
    by = moodle_identifier(book)
    rows = [[s.lms_id, s.email, s.name, *(lms_points(book, s, a) for a in book.assessments)]
            for s in book.students if getattr(s, by)]
    return header, rows


def canvas(book: Gradebook) -> tuple[list[str], list[list[Any]]]:
    header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
              *(a.title for a in book.assessments)]
    possible = ["    Points Possible", "", "", "", "",
                *(number(a.maximum) for a in book.assessments)]
    rows = [[s.name, "", s.lms_id, "", "", *(lms_points(book, s, a) for a in book.assessments)]
            for s in book.students if s.lms_id]
    return header, [possible, *rows]


def lms_points(book: Gradebook, s, a) -> str:
    """An assessment's points for an LMS: empty ("no grade") while the student's answers
    could not be verified (no key), so that no unverified 0 or total is imported."""
    g = book.grade(s, a)
    return "" if "no key" in g.status else number(g.total)


def left_out_of_lms(book: Gradebook, lms: str) -> list[str]:
    """The students an LMS file cannot hold (no LMS id; for Moodle without any LMS id in the
    roster, no email)."""
    by = moodle_identifier(book) if lms == "moodle" else "lms_id"
    return [s.name for s in book.students if not getattr(s, by)]


def write_gradebook(found: Collection, grades: Path, roster: list[Student] | None = None,
                    points: dict[tuple[str, int], Fraction] | None = None, excel: bool = False,
                    lms: tuple[str, ...] | list[str] = ()) -> tuple[Gradebook, list[Path]]:
    """The gradebook of what ``collect`` found (:func:`~.gradebook.build`) and its files
    (:func:`write_all`): what ``bluffkit results collect`` and the dashboard's *Export
    gradebook* both write. Returns the gradebook and the paths written, ``grades`` first.

    Raises:
        OSError: a file cannot be written.
    """
    book = build(found, roster, points)
    return book, write_all(found, book, grades, excel=excel, lms=tuple(dict.fromkeys(lms)))


def write_all(found: Collection, book: Gradebook, grades: Path, excel: bool = False,
              lms: tuple[str, ...] = ()) -> list[Path]:
    """Write the gradebook's files (see the module docstring); returns the paths written."""
    style = excel_style() if excel else MACHINE
    written = [grades]
    write_csv(grades, *summary(book, style), style)
    for a in book.assessments:
        path = grades.with_name(f"{grades.stem}-{a.slug}.csv")
        write_csv(path, *detail(book, a, style), style)
        written.append(path)
    path = grades.with_name(f"{grades.stem}-long.csv")
    write_csv(path, *long_rows(book, found), style)
    written.append(path)
    path = grades.with_name(f"{grades.stem}-mistakes.csv")
    write_csv(path, [_("assessment"), _("question"), _("title"), _("mistake"), _("answers"),
                     _("students")], [list(r) for r in mistakes_summary(book, found.records)],
              style)
    written.append(path)
    for name in lms:
        path = grades.with_name(f"{grades.stem}-{name}.csv")
        write_csv(path, *{"moodle": moodle, "canvas": canvas}[name](book))
        written.append(path)
    return written


__all__ = ["LMS", "MACHINE", "Style", "canvas", "cell", "detail", "excel_style",
           "left_out_of_lms", "lms_points", "long_rows", "moodle", "moodle_identifier", "number",
           "summary", "write_all", "write_csv", "write_gradebook"]
