"""Collect a class's results logs into a gradebook (``bluffkit results collect DIR... --csv F``).

The logs come back as files copied from home folders or downloaded from an LMS, possibly
renamed: every ``*.jsonl`` under each folder is read, plus files named directly. Nothing is merged
silently: a file with no bluffkit record is reported as foreign and skipped, a damaged line
(or the torn last line of a killed kernel) is reported and skipped, a record whose HMAC does not
verify under the course key is reported and left out, and so is one without a checksum when a
key is given. The same record found twice (a log copied twice) counts once.

Exam answers (``mode="exam"``) carry no verdict: they are graded here, from the seed, with the
same rules as ``check()``.

A question's cells in the gradebook: **first try** (1 if the first readable answer was right),
**attempts** (readable answers given) and **final** (1 if the last answer given was right).
"""

from __future__ import annotations

import csv
import errno
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core import BluffkitError
from ..core.i18n import _
from ..exercises.answers import Reading, decimal_reading, read_number
from ..exercises.results import MAX_LOG, canonical, read_log, verify
from ..exercises.rounding import MACHINE
from ..exercises.worksheets import catalogue, load

MAX_FILE = MAX_LOG
"""A results log larger than this (50 MB, ~150,000 checks) is not a student's: it is skipped."""


@dataclass
class Collection:
    """What ``collect`` found: the records kept, and every problem met (file, sentence)."""

    records: list[dict] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    files: int = 0

    @property
    def students(self) -> list[str]:
        return sorted({r["student"] for r in self.records})


def log_files(paths: list[Path | str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """Every ``*.jsonl`` under the folders in ``paths`` and the files named, and the paths that
    do not exist."""
    files, problems = [], []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.rglob("*.jsonl") if f.is_file())
        elif p.is_file():
            files.append(p)
        elif p.exists():
            problems.append((str(p), _("not a file or a folder (a device or a pipe), skipped")))
        else:
            problems.append((str(p), _("no such file or folder")))
    return files, problems


def collect(paths: list[Path | str], key: bytes | None) -> Collection:
    """Read, check and grade every log under ``paths``."""
    files, problems = log_files(paths)
    out = Collection(problems=problems, files=len(files))
    seen: set[bytes] = set()
    for f in files:
        try:
            records, bad = read_log(f, MAX_FILE)
        except OSError as e:
            if e.errno == errno.EFBIG:
                out.problems.append((str(f), _("larger than {mb} MB: not a results log, skipped",
                                               mb=MAX_FILE // 1_000_000)))
                continue
            out.problems.append((str(f), _("cannot be read ({why}), skipped",
                                           why=e.strerror or e)))
            continue
        if not records:
            out.problems.append((str(f), _("holds no bluffkit results (a foreign or damaged "
                                           "file), skipped")))
            continue
        out.problems += [(str(f), _("{problem}, skipped", problem=b)) for b in bad]
        for r in records:
            if key is not None and r.get("hmac") is None:
                out.problems.append((str(f), _(
                    "{record}: the record carries no checksum (the course key was not set in the "
                    "student's kernel), left out", record=_where(r))))
            elif key is not None and not verify(r, key):
                out.problems.append((str(f), _(
                    "{record}: the record does not verify under the course key (edited by hand, "
                    "or another course's), left out", record=_where(r))))
            elif canonical(r) + str(r.get("hmac")).encode() not in seen:
                seen.add(canonical(r) + str(r.get("hmac")).encode())
                r = dict(r, file=str(f))
                out.records.append(r)
    _grade_exams(out)
    out.records.sort(key=lambda r: (r["student"], r["set"], r["mode"], r["question"],
                                    r["time"], r["attempt"]))
    return out


def _where(r: dict) -> str:
    return _("{student}, {set} q{question} attempt {attempt}", student=r["student"],
             set=r["set"], question=r["question"], attempt=r["attempt"])


# -- grading exam answers ------------------------------------------------------------------------
READING_KEYS = {"value", "exact", "decimals", "digits", "slack"}


def legacy_reading(value: Fraction) -> Reading:
    """A rounded number logged before the digits were kept: read again from the value, the
    float it was (a float's exact binary value) or its decimals."""
    if Fraction(float(value)) == value:
        return read_number(float(value))
    scaled, decimals = value, 0
    while scaled.denominator != 1 and decimals < 400:
        scaled, decimals = scaled * 10, decimals + 1
    if scaled.denominator != 1:  # not a decimal: compared by the machine's precision only
        return Reading(value, False, str(value), slack=MACHINE)
    return decimal_reading(Decimal(scaled.numerator).scaleb(-decimals), str(value))


def reading_from_json(data: Any) -> Any:
    """The inverse of ``log.reading_json``: what ``kind.same`` compares."""
    if isinstance(data, dict) and set(data) == {"value", "exact"} and not data["exact"]:
        return legacy_reading(Fraction(data["value"]))
    if isinstance(data, dict) and {"value", "exact"} <= set(data) <= READING_KEYS:
        return Reading(Fraction(data["value"]), bool(data["exact"]), data["value"],
                       data.get("decimals"), int(data.get("digits", 0)),
                       Fraction(data.get("slack", 0)))
    if isinstance(data, dict):
        return {int(k): reading_from_json(v) for k, v in data.items()}
    return data


def grade_reading(question: Any, reading: Any) -> tuple[str, str | None]:
    """``("correct", None)``, ``("mistake", name)`` or ``("incorrect", None)`` for what a
    student's answer was read as, by the rules of ``Question.check``."""
    if question.kind.same(reading, question.expected()):
        return "correct", None
    for m in question.likely_mistakes():
        if question.kind.same(reading, m.value):
            return "mistake", m.name
    return "incorrect", None


def _grade_exams(out: Collection) -> None:
    worksheets: dict[tuple, Any] = {}
    kept = []
    for r in out.records:
        if r["status"] == "recorded":
            try:
                ws = worksheets.get((r["set"], r["seed"])) or load(r["set"], seed=r["seed"])
                worksheets[r["set"], r["seed"]] = ws
                if not 1 <= r["question"] <= len(ws):
                    raise IndexError(r["question"])
                q = ws[r["question"] - 1]
                status, mistake = grade_reading(q, reading_from_json(r["reading"]))
            except Exception:
                out.problems.append((r["file"], _(
                    "{record}: the record cannot be graded (unknown exercise set, question or "
                    "answer), left out", record=_where(r))))
                continue
            r = dict(r, status=status, correct=status == "correct", mistake=mistake)
        kept.append(r)
    out.records = kept


# -- the gradebook -------------------------------------------------------------------------------
def _column_set(r: dict) -> str:
    return r["set"] if r["mode"] == "practice" else f"{r['set']} exam"


def gradebook(records: list[dict]) -> tuple[list[str], list[list[Any]]]:
    """The wide table: a row per student, per question first try / attempts / final.

    A student who used two seeds for one set is graded on the last seed used (the notes say so).
    """
    last_seed: dict[tuple, tuple] = {}
    for r in records:
        k = (r["student"], _column_set(r))
        if k not in last_seed or r["time"] >= last_seed[k][0]:
            last_seed[k] = (r["time"], r["seed"])
    answers: dict[tuple, list[dict]] = defaultdict(list)
    questions: dict[str, set[int]] = defaultdict(set)
    for r in records:
        s = _column_set(r)
        questions[s].add(r["question"])
        if r["seed"] == last_seed[r["student"], s][1] and r["status"] != "unreadable":
            answers[r["student"], s, r["question"]].append(r)
    for s in questions:  # every question of the set, answered or not
        try:
            questions[s].update(range(1, len(catalogue(s.split()[0])) + 1))
        except BluffkitError:
            pass
    questions = dict(sorted(questions.items()))
    header = ["student"]
    for s in questions:
        header += [f"{s} seed", f"{s} score"]
        for n in sorted(questions[s]):
            header += [f"{s} q{n} first try", f"{s} q{n} attempts", f"{s} q{n} final"]
    rows = []
    for student in sorted({r["student"] for r in records}):
        row: list[Any] = [student]
        for s in questions:
            cells, score = [], 0
            for n in sorted(questions[s]):
                given = answers.get((student, s, n), [])
                if given:
                    score += given[-1]["correct"]
                    cells += [int(given[0]["correct"]), len(given), int(given[-1]["correct"])]
                else:
                    cells += ["", 0, ""]
            seed = last_seed.get((student, s), (None, ""))[1]
            row += [seed, score if seed != "" else "", *cells]
        rows.append(row)
    return header, rows


LONG_FIELDS = ["student", "set", "mode", "seed", "question", "title", "attempt", "answer",
               "status", "correct", "mistake", "time", "file"]


def mistakes_summary(records: list[dict]) -> list[tuple[str, int, str, str, int, int]]:
    """The named mistakes per question, most common first: ``(set, question, title, mistake,
    answers, students)`` — what to re-teach."""
    count: Counter = Counter()
    who: dict[tuple, set] = defaultdict(set)
    for r in records:
        if r.get("mistake"):
            k = (_column_set(r), r["question"], r["title"], r["mistake"])
            count[k] += 1
            who[k].add(r["student"])
    return [(*k, n, len(who[k])) for k, n in
            sorted(count.items(), key=lambda kv: (-len(who[kv[0]]), -kv[1], kv[0]))]


def write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([_cell(h) for h in header])
        w.writerows([_cell(v) for v in row] for row in rows)


def write_all(c: Collection, grades: Path) -> list[Path]:
    """``grades`` (wide), ``<grades>-long.csv`` (a row per answer) and ``<grades>-mistakes.csv``;
    returns the paths written."""
    long_path = grades.with_name(f"{grades.stem}-long.csv")
    mistakes_path = grades.with_name(f"{grades.stem}-mistakes.csv")
    write_csv(grades, *gradebook(c.records))
    write_csv(long_path, LONG_FIELDS, [[r.get(k) for k in LONG_FIELDS] for r in c.records])
    write_csv(mistakes_path, ["set", "question", "title", "mistake", "answers", "students"],
              [list(row) for row in mistakes_summary(c.records)])
    return [grades, long_path, mistakes_path]


def _cell(v: Any) -> Any:
    if isinstance(v, bool):
        return int(v)
    if v is None:
        return ""
    if isinstance(v, str) and v and v[0] in "=+-@\t\r":  # a spreadsheet would run it as a formula
        return "'" + v
    return v if not isinstance(v, dict | list) else json.dumps(v)


__all__ = ["Collection", "collect", "grade_reading", "gradebook", "log_files",
           "mistakes_summary", "reading_from_json", "write_all", "write_csv"]
