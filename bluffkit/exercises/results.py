"""The results log: every ``check()`` of a student appends one record to a file in their folder.

The file is JSON Lines, one record a line, **append-only**: each record is one ``os.write`` of a
whole line on a file opened with ``O_APPEND``, then ``fsync``; nothing is ever rewritten. A
kernel killed in the middle of a write can leave at most a torn last line (no newline): the next
record starts on a new line (the newline goes in the same write), and ``read_log`` reports the
torn line and skips it. Attempt numbers are counted from the file under an advisory lock
(``core.files.locked``: ``flock``, or ``msvcrt.locking`` on Windows, which has no ``fcntl``), so
two kernels, or two threads, checking at once number their attempts 1, 2, 3, ...

Each record carries an HMAC-SHA256 of its other fields, keyed with the course key that the
teacher sets (``BLUFFKIT_COURSE_KEY``, or a file named by ``BLUFFKIT_COURSE_KEY_FILE``); without
a key the field is ``null``. ``bluffkit results collect`` flags records that do not verify. The
key must be readable by the student's kernel to sign, so it stops a student editing the file by
hand, not one who reads the key from their own environment.

This module imports nothing of bluffkit but ``core`` (``exercises.load`` uses it).

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> log = ResultsLog("Ada Lovelace", "bluff", 7, folder=folder, key=b"course key")
>>> log.path.name
'bluffkit-results-Ada_Lovelace-767402.jsonl'
>>> log.append(question=1, title="One die", answer="1/3", reading={"value": "1/3",
...            "exact": True}, status="correct", mistake=None)["attempt"]
1
>>> records, problems = read_log(log.path)
>>> verify(records[0], b"course key"), verify(records[0], b"another key"), problems
(True, False, [])
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core import InvalidQuestion
from ..core.files import locked, read_at, read_limited
from ..core.i18n import _
from ..core.records import FORMAT, MODES, canonical, is_record, sign, verify
from ..core.text import shorten

KEY_VARIABLE = "BLUFFKIT_COURSE_KEY"
KEY_FILE_VARIABLE = "BLUFFKIT_COURSE_KEY_FILE"
RESULTS_VARIABLE = "BLUFFKIT_RESULTS_DIR"
"""Where logs go when ``load`` is given no folder (else the current folder)."""

MAX_ANSWER = 1000
"""An answer is kept as typed up to this many characters (then cut, with its length)."""

MAX_KEY = 4096
"""The most bytes a course key file may hold (a key is one line: ``/dev/zero`` is refused)."""

MAX_LOG = 50_000_000
"""A results log larger than this (50 MB, ~150,000 checks) is not a student's: not read."""

BINARY = getattr(os, "O_BINARY", 0)
"""Windows' ``os.open`` would write a newline as CR LF without it (0 elsewhere)."""

_LOCAL = threading.Lock()  # locked() excludes other processes; this, other threads of this one


def course_key(key_file: Path | str | None = None) -> bytes | None:
    """The course key set by the teacher: the content of ``key_file`` if given, else
    ``$BLUFFKIT_COURSE_KEY``, else the content of the file ``$BLUFFKIT_COURSE_KEY_FILE``
    (surrounding white space ignored), else ``None``.

    Raises:
        InvalidQuestion: the key file cannot be read, or the key is empty.
    """
    given = bool(key_file)
    text = None if given else os.environ.get(KEY_VARIABLE)
    key_file = key_file or os.environ.get(KEY_FILE_VARIABLE)
    if text is None and key_file:
        path = Path(key_file).expanduser()
        try:
            text = read_limited(path, MAX_KEY).decode("utf-8")
        except (OSError, UnicodeError) as e:
            value = getattr(e, "strerror", None) or e
            if given:  # the teacher's own file (results collect, the dashboard)
                raise InvalidQuestion(_("cannot read the course key file {path} ({value})",
                                        path=path, value=value)) from None
            raise InvalidQuestion(_("cannot read the course key file {path} ({value}): ask your "
                                    "teacher", path=path, value=value)) from None
    if text is None:
        return None
    if not text.strip():
        raise InvalidQuestion(_("the course key is empty: set {key_variable} to the key your "
                                "teacher gives, or unset it", key_variable=KEY_VARIABLE))
    return text.strip().encode("utf-8")


def student_name(student: Any) -> str:
    """A student's name or number as given, checked: 1-100 characters, no control characters.

    Raises:
        InvalidQuestion: naming what is wrong.
    """
    if isinstance(student, int) and not isinstance(student, bool) and student >= 0:
        student = str(student)
    if not isinstance(student, str) or not student.strip():
        raise InvalidQuestion(_("student must be your name or student number as text, e.g. "
                                'student="ada", got {student}', student=shorten(repr(student))))
    student = student.strip()
    if len(student) > 100 or any(ord(c) < 32 or ord(c) == 127 for c in student):
        raise InvalidQuestion(_("student must be at most 100 characters without line breaks or "
                                "control characters, got {student}", student=shorten(student)))
    return student


def file_name(student: str) -> str:
    """``bluffkit-results-<student>.jsonl``, with characters other than letters, digits, ``-``,
    ``_`` and ``.`` replaced by ``_`` (a short hash keeps two such names apart).

    >>> file_name("ada"), file_name("Ada Lovelace") != file_name("Ada_Lovelace")
    ('bluffkit-results-ada.jsonl', True)
    """
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", student).strip(".") or "_"
    if safe != student:
        safe += "-" + hashlib.sha256(student.encode()).hexdigest()[:6]
    return f"bluffkit-results-{safe}.jsonl"


def answer_as_typed(answer: Any) -> str:
    """The answer as the student typed it: text as it is, anything else as its ``repr`` (cut to
    ``MAX_ANSWER`` characters; an object whose ``repr`` fails is named by its type)."""
    if isinstance(answer, str):
        text = answer
    else:
        try:
            text = repr(answer)
        except Exception:  # a hostile object, or an int too long to print
            text = f"<a {type(answer).__name__}>"
    return text if len(text) <= MAX_ANSWER else shorten(text, MAX_ANSWER)


def reading_json(reading: Any) -> Any:
    """What the checker read, as JSON: ``{"value": "7/27", "exact": true}`` for a number (a
    rounded one also keeps the ``decimals`` and significant ``digits`` written and its
    ``slack``: ``rounding``), an int for a count, a word for a choice, ``{"0": {...}, ...}`` for a
    distribution."""
    if isinstance(reading, bool) or reading is None:
        return None
    if isinstance(reading, int | str):
        return reading
    if isinstance(reading, dict):
        return {str(k): reading_json(v) for k, v in reading.items()}
    value = getattr(reading, "value", None)
    if isinstance(value, Fraction) and reading.exact:
        return {"value": str(value), "exact": True}
    if isinstance(value, Fraction):
        return {"value": str(value), "exact": False, "decimals": reading.decimals,
                "digits": reading.digits, "slack": str(reading.slack)}
    return None


class ResultsLog:
    """One student's log for one exercise set and seed (the file may hold other sets too).

    Args:
        student: name or student number (``student_name`` checks it).
        exercise_set: e.g. ``"bluff"``.
        seed: the worksheet's seed.
        mode: ``"practice"`` or ``"exam"``.
        folder: where the file goes (default ``$BLUFFKIT_RESULTS_DIR``, else the current folder).
        key: the course key (default ``course_key()``).
    """

    def __init__(self, student: Any, exercise_set: str, seed: int, mode: str = "practice",
                 folder: Path | str | None = None, key: bytes | None | str = "environment"):
        if mode not in MODES:
            raise InvalidQuestion(_("mode must be 'practice' or 'exam', got {mode}",
                                    mode=shorten(repr(mode))))
        self.student = student_name(student)
        self.exercise_set, self.seed, self.mode = exercise_set, seed, mode
        folder = folder if folder is not None else os.environ.get(RESULTS_VARIABLE) or "."
        self.path = Path(folder).expanduser() / file_name(self.student)
        self.key = course_key() if key == "environment" else key
        self._seen = 0      # bytes of the file already counted
        self.written = 0
        """Where the last record this log wrote ends in the file (bytes)."""
        self._attempts: dict[tuple, int] = {}

    def _count(self, fd: int) -> bool:
        """Count the attempts in the part of the file not read yet; True if it ends a line."""
        size = os.fstat(fd).st_size
        if size < self._seen:  # the file was replaced: count again from the start
            self._seen, self._attempts = 0, {}
        chunk = read_at(fd, size - self._seen, self._seen) if size > self._seen else b""
        whole = chunk[: chunk.rfind(b"\n") + 1]
        for line in whole.splitlines():
            try:
                r = json.loads(line)
                k = (r["student"], r["set"], r["seed"], r["mode"], r["question"])
                self._attempts[k] = max(self._attempts.get(k, 0), int(r["attempt"]))
            except (ValueError, KeyError, TypeError, RecursionError):
                continue  # a torn or foreign line: collect reports it
        self._seen += len(whole)
        return size == 0 or self._ends_line(fd, size)

    @staticmethod
    def _ends_line(fd: int, size: int) -> bool:
        return read_at(fd, 1, size - 1) == b"\n"

    def append(self, question: int, title: str, answer: Any, reading: Any, status: str,
               mistake: str | None) -> dict:
        """Append one record and return it (with its attempt number).

        Raises:
            OSError: the file cannot be written (the caller tells the student).
        """
        record = {"format": FORMAT, "student": self.student, "set": self.exercise_set,
                  "seed": self.seed, "mode": self.mode, "question": question, "title": str(title),
                  "attempt": 0, "answer": answer_as_typed(answer),
                  "reading": reading_json(reading), "status": status,
                  "correct": None if status == "recorded" else status == "correct",
                  "mistake": mistake,
                  "time": datetime.now(UTC).isoformat(timespec="milliseconds")}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _LOCAL:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | BINARY, 0o644)
            try:
                with locked(fd):
                    self._write(fd, record, question)
            finally:
                os.close(fd)
        return record

    def _write(self, fd: int, record: dict, question: int) -> None:
        """Number, sign and append ``record`` (the caller holds the file's lock)."""
        ends_line = self._count(fd)
        k = (self.student, self.exercise_set, self.seed, self.mode, question)
        record["attempt"] = self._attempts.get(k, 0) + 1
        record["hmac"] = sign(record, self.key)
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = (b"" if ends_line else b"\n") + line.encode("utf-8")
        if os.write(fd, data) != len(data):
            raise OSError(28, "the disk is full: only part of the answer was saved")
        os.fsync(fd)
        self._attempts[k] = record["attempt"]
        self._seen += len(data)
        self.written = self._seen


def read_log(path: Path | str, most: int = MAX_LOG) -> tuple[list[dict], list[str]]:
    """The records of a log file, and the problems found (each a sentence naming the line).

    A line that is not JSON (a torn last line, damage, nesting too deep to read), or JSON that
    is not a bluffkit record, is reported and skipped; the file is never changed.

    Raises:
        OSError: the file cannot be read, or holds more than ``most`` bytes (``EFBIG``).
    """
    records, problems = [], []
    data = read_limited(path, most)
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        torn = number == len(lines)  # no newline after it: the write did not finish
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeError, ValueError, RecursionError):  # 100,000 "[": RecursionError
            problems.append(_("line {number}: an unfinished last line (the kernel stopped "
                              "while writing it)", number=number) if torn else
                            _("line {number}: damaged, not a record", number=number))
            continue
        if not is_record(record):
            problems.append(_("line {number}: not a bluffkit result record", number=number))
            continue
        records.append(record)
    return records, problems


class Recorder:
    """The hook ``load(..., student=...)`` sets on each question: it appends the check to the
    log, sends it to the class server when one is set (``exercises.outbox``), and returns the
    feedback, with a note added when the answer could not be saved or not sent yet."""

    def __init__(self, log: ResultsLog):
        from .outbox import outbox_for

        self.log = log
        self.outbox = outbox_for(log.path)

    def __call__(self, question: Any, answer: Any, feedback: Any) -> Any:
        if feedback.status == "unanswered":
            return feedback
        try:
            reading = question.kind.read(answer) if feedback.status != "unreadable" else None
        except Exception:
            reading = None
        return self.save(question, answer, reading, feedback)

    def save(self, question: Any, answer: Any, reading: Any, feedback: Any) -> Any:
        try:
            self.log.append(question.number, question.title, answer, reading, feedback.status,
                            feedback.mistake)
        except OSError as e:
            return _noted(feedback, _("This answer could not be saved in your results file "
                                      "{path} ({reason}): tell your teacher.", path=self.log.path,
                                      reason=e.strerror or e))
        if self.outbox is not None:
            note = self.outbox.deliver(self.log.written)
            if note is not None:
                return _noted(feedback, note)
        return feedback


def _noted(feedback: Any, note: str) -> Any:
    import dataclasses

    return dataclasses.replace(feedback, message=f"{feedback.message}\n\n⚠️ {note}".strip())


__all__ = ["FORMAT", "KEY_FILE_VARIABLE", "KEY_VARIABLE", "MODES", "RESULTS_VARIABLE", "Recorder",
           "ResultsLog", "answer_as_typed", "canonical", "course_key", "file_name", "is_record",
           "read_log", "reading_json", "sign", "student_name", "verify"]
