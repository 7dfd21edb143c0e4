"""The dashboard's *Export gradebook*: the gradebook of the answers a class server holds, made
as ``bluffkit results collect`` makes it (``teacher.collect``, then ``teacher.export``'s
``write_gradebook``: the same functions, not a copy), in the teacher's language.

This is the only module of ``bluffkit.widgets`` that uses the teacher's package, and only
inside :func:`make_gradebook`: importing the widgets (a student's notebook) never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core import BluffkitError
from ..core.i18n import _, _n

GRADEBOOK_FORMATS = ("csv", "moodle", "canvas", "excel")
"""What *Export gradebook* writes, as ``bluffkit results collect`` can: its CSV files, plus
Moodle's or Canvas's import file (``--lms``), or its files for Excel (``--excel``)."""


@dataclass
class Made:
    """A gradebook written: the file to open or import (``path``), every file written
    (``files``, the gradebook's own first), how many students it lists and answers it counts,
    and what the teacher should know."""

    path: Path
    files: list[Path]
    students: int
    answers: int
    notes: list[str] = field(default_factory=list)


def unused_name(folder: Path, stem: str) -> Path:
    """``folder/stem.csv``, or ``stem-2.csv``, ``stem-3.csv``... when a gradebook of that name
    is there already (two exports in one second): one export never mixes with another's files."""
    name, n = stem, 1
    while any(folder.glob(f"{name}*.csv")):
        n += 1
        name = f"{stem}-{n}"
    return folder / f"{name}.csv"


def make_gradebook(answers: Path, grades: Path, fmt: str = "csv",
                   roster: Path | None = None, key_file: Path | None = None,
                   points: list[str] = ()) -> Made:
    """The gradebook of the records in ``answers`` (a class server's export) written to
    ``grades`` and beside it, as ``bluffkit results collect ANSWERS --csv GRADES [--roster
    ROSTER] [--key-file KEY_FILE] [--points SET:N=P ...] [--lms moodle|canvas | --excel]``
    writes it; without ``key_file`` the course key is ``$BLUFFKIT_COURSE_KEY``'s, as there.

    Raises:
        BluffkitError: an unknown format, a roster or key file that cannot be read, points
            not written ``SET:N=P``, no answer and no roster, a file that cannot be written.
    """
    from ..exercises.results import course_key
    from ..teacher.collect import collect
    from ..teacher.export import left_out_of_lms, write_gradebook
    from ..teacher.gradebook import read_points
    from ..teacher.roster import read_roster

    if fmt not in GRADEBOOK_FORMATS:
        raise BluffkitError(_("the gradebook's format is one of {formats}, got {fmt}",
                              formats=", ".join(GRADEBOOK_FORMATS), fmt=repr(fmt)))
    students = read_roster(roster) if roster else None
    worth = read_points(list(points))
    key = course_key(key_file)
    found = collect([answers], key)
    if not (found.records or found.left_out or students):
        raise BluffkitError(_("No answer has reached the class server yet: there is no "
                              "gradebook to make (give the roster to list the class anyway)."))
    lms = [fmt] if fmt in ("moodle", "canvas") else []
    try:
        book, written = write_gradebook(found, grades, students, worth, excel=fmt == "excel",
                                         lms=lms)
    except OSError as e:
        raise BluffkitError(_("cannot write {path}: {reason}", path=grades,
                              reason=e.strerror or e)) from None
    made = Made(written[-1] if lms else grades, written, len(book.students), len(found.records))
    if found.left_out:
        made.notes.append(_n(
            "{n} answer is not counted (sent without the course key, or edited): see the "
            "status column.", "{n} answers are not counted (sent without the course key, or "
            "edited): see the status column.", len(found.left_out)))
    if key is None:
        made.notes.append(_("No course key is set (the Course key file field, or "
                            "$BLUFFKIT_COURSE_KEY): the answers' checksums were not verified."))
    if lms and (missing := left_out_of_lms(book, fmt)):
        made.notes.append(_("Not in the {lms} file (no LMS id, or email, in the roster): "
                            "{names}.", lms=fmt.capitalize(), names=", ".join(missing)))
    made.notes.append(_("Beside it: {files}.",
                        files=", ".join(p.name for p in written if p != made.path)))
    return made


__all__ = ["GRADEBOOK_FORMATS", "Made", "make_gradebook", "unused_name"]
