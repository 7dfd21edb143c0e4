"""The class server's answers, read for the gradebook: ``bluffkit results collect class.sqlite``.

A class server (``bluffkit serve --db class.sqlite``) keeps every answer its students' kernels
sent in its file (``classroom.answers``), each record as the kernel signed it. This reads them
as :func:`~bluffkit.exercises.results.read_log` reads a log file, so ``collect`` checks,
grades and merges them the same way (a record found both in the file and in a log is counted
once). The file is opened read-only: the server may be running.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ..core.i18n import _
from ..core.records import is_record
from ..exercises.results import MAX_LOG, read_log

SQLITE_HEADER = b"SQLite format 3\x00"


def is_database(path: Path | str) -> bool:
    """Whether ``path`` is a SQLite file (a class server's ``--db``)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def read_database(path: Path | str) -> tuple[list[dict], list[str]]:
    """The records in a class server's file, and the problems found (each a sentence).

    Raises:
        OSError: the file cannot be read as a class server's database.
    """
    uri = Path(path).expanduser().resolve().as_uri() + "?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, timeout=30)
        try:
            rows = db.execute("SELECT id, record FROM answers ORDER BY received, rowid").fetchall()
        finally:
            db.close()
    except sqlite3.Error as e:
        if "no such table" in str(e):
            return [], []  # a class server that got no answers (or before they were kept)
        raise OSError(_("not a class server's file that can be read ({reason})",
                        reason=e)) from None
    records, problems = [], []
    for rid, text in rows:
        try:
            record = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            record = None
        if is_record(record):
            records.append(record)
        else:
            problems.append(_("answer {id}: damaged, not a record", id=str(rid)[:12]))
    return records, problems


def read_results(path: Path | str, most: int = MAX_LOG) -> tuple[list[dict], list[str]]:
    """The records of a log file or of a class server's file (:func:`read_database`)."""
    return read_database(path) if is_database(path) else read_log(path, most)


__all__ = ["is_database", "read_database", "read_results"]
