"""Collect a class's results logs into a gradebook (``bluffkit results collect DIR... --csv F``).

The logs come back as files copied from home folders or downloaded from an LMS, possibly
renamed: every ``*.jsonl`` under each folder is read, plus files named directly, among them a
class server's ``--db`` file, which holds the answers its students' kernels sent
(:mod:`.database`). Nothing is merged silently: a file with no bluffkit record is reported as
foreign and skipped, a damaged line (or the torn last line of a killed kernel) is reported and
skipped, a record whose HMAC does not verify under the course key is reported and left out, and
so is one without a checksum when a key is given. The same record found twice (a log copied
twice, or an answer both in a log and on the server) counts once.

Exam answers (``mode="exam"``) carry no verdict: they are graded here, from the seed, with the
same rules as ``check()``.

The records become grades in ``teacher.gradebook`` and files in ``teacher.export``.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core.i18n import _
from ..exercises.answers import Reading, decimal_reading, read_number
from ..exercises.results import MAX_LOG, canonical, verify
from ..exercises.rounding import MACHINE
from ..exercises.worksheets import load
from .database import read_results

MAX_FILE = MAX_LOG
"""A results log larger than this (50 MB, ~150,000 checks) is not a student's: it is skipped."""


@dataclass
class Collection:
    """What ``collect`` found: the records kept, and every problem met (file, sentence)."""

    records: list[dict] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    files: int = 0
    left_out: list[tuple[dict, str]] = field(default_factory=list)
    """The records not counted, each with why: ``"no key"`` (no checksum while a course key is
    given), ``"tampered"`` (the checksum does not verify) or ``"not graded"`` (an exam answer
    of an unknown set or question). The gradebook still shows their students, flagged."""

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
            records, bad = read_results(f, MAX_FILE)  # a log, or a class server's file
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
        add_records(out, records, str(f), key, seen)
    _grade_exams(out)
    out.records.sort(key=lambda r: (r["student"], r["set"], r["mode"], r["question"],
                                    r["time"], r["attempt"]))
    return out


def add_records(out: Collection, records: list[dict], where: str, key: bytes | None,
                seen: set[bytes]) -> None:
    """Check ``records`` read from ``where`` (a file, or a class server's database) and add
    them to ``out``: those that do not verify under ``key`` go to ``out.left_out``, the same
    record met twice (``seen``) counts once."""
    for r in records:
        r = dict(r, file=where)
        if key is not None and r.get("hmac") is None:
            out.left_out.append((r, "no key"))
            out.problems.append((where, _(
                "{record}: the record carries no checksum (the course key was not set in the "
                "student's kernel), left out", record=_where(r))))
        elif key is not None and not verify({k: v for k, v in r.items() if k != "file"}, key):
            out.left_out.append((r, "tampered"))
            out.problems.append((where, _(
                "{record}: the record does not verify under the course key (edited by hand, "
                "or another course's), left out", record=_where(r))))
        else:
            digest = canonical({k: v for k, v in r.items() if k != "file"}) \
                + str(r.get("hmac")).encode()
            if digest not in seen:
                seen.add(digest)
                out.records.append(r)


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
                out.left_out.append((r, "not graded"))
                out.problems.append((r["file"], _(
                    "{record}: the record cannot be graded (unknown exercise set, question or "
                    "answer), left out", record=_where(r))))
                continue
            r = dict(r, status=status, correct=status == "correct", mistake=mistake)
        kept.append(r)
    out.records = kept


__all__ = ["Collection", "add_records", "collect", "grade_reading", "log_files",
           "reading_from_json"]
