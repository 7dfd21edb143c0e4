"""The class roster (``--roster roster.csv``) and matching the names students typed to it.

A roster is a CSV file (comma or semicolon, UTF-8 with or without a BOM, as Excel saves it) with
a header naming at least a **name** column, usually the **LMS id** (the student number Moodle
calls *ID number* and Canvas *SIS User ID*), optionally an **email** column and an **other
names** column (names a student may type instead, separated by ``|``: a nickname, a maiden
name). Headers are read whatever their case or accents, in English or French
(``name``/``nom``, ``lms id``/``id number``/``sis user id``/``identifiant``,
``email``/``courriel``, ``other names``/``autres noms``): a Moodle or Canvas gradebook export
reads as a roster (first and last name joined; "Lovelace, Ada" also matches "Ada Lovelace").

Names are compared without case, accents or extra spaces (``name_key``): ``Ada``, ``ada`` and
``ADA`` are one student, so are ``François`` and ``Francois``. A name a student typed also
matches a roster entry by its LMS id or email (``student="12345"``). Every name that was not
written exactly as the roster (or, without a roster, as its most used spelling) is a **merge**,
reported to the teacher.

>>> name_key("  François   DUPONT ")
'francois dupont'
"""

from __future__ import annotations

import csv
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..core import BluffkitError
from ..core.files import read_limited
from ..core.i18n import _

MAX_ROSTER = 5_000_000
"""A roster larger than this (5 MB, ~50,000 students) is refused."""


class RosterError(BluffkitError, ValueError):
    """The roster cannot be read: the message names the file and what to fix."""


def name_key(name: str) -> str:
    """A name without case, accents or repeated spaces: what two spellings of one student
    share."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


HEADERS = {
    "name": ("name", "full name", "student name", "student", "nom complet", "nom", "etudiant",
             "eleve"),
    "first": ("first name", "given name", "prenom"),
    "last": ("last name", "surname", "family name", "nom de famille"),
    "lms_id": ("lms id", "id number", "idnumber", "sis user id", "student id", "student number",
               "numero d'identification", "identifiant", "numero etudiant", "numero",
               "matricule", "id"),
    "email": ("email", "email address", "e-mail", "mail", "courriel", "adresse e-mail",
              "adresse email", "adresse de courriel"),
    "aliases": ("other names", "aliases", "alias", "autres noms"),
}
"""Which header names each roster column accepts (compared by ``name_key``), the preferred
first: a Canvas export gives ``SIS User ID`` rather than its own ``ID``, a Moodle export
``ID number``, ``First name`` and ``Last name`` (or ``Surname``)."""


def roster_columns(header: list[str]) -> dict[str, int]:
    """Where each kind of column is in ``header`` (the most preferred name of each kind)."""
    keys = [name_key(h) for h in header]
    columns = {what: keys.index(name) for what, names in HEADERS.items()
               for name in reversed(names) if name in keys}
    if {"first", "name"} <= set(columns) and "last" not in columns \
            and keys[columns["name"]] in {"nom", "name"}:  # Moodle in French: Prénom, Nom
        columns["last"] = columns.pop("name")
    return columns


@dataclass
class Student:
    """One student of the gradebook: the name shown (the roster's, else the spelling used most),
    the LMS id and email (empty when unknown), whether the roster lists them, and every
    spelling met in the results with its number of answers."""

    name: str
    lms_id: str = ""
    email: str = ""
    on_roster: bool = False
    aliases: tuple[str, ...] = ()
    spellings: Counter = field(default_factory=Counter)

    def identities(self) -> set[str]:
        return {name_key(v) for v in (self.name, self.lms_id, self.email, *self.aliases) if v}


def read_roster(path: Path | str) -> list[Student]:
    """The students listed in ``path``, in its order.

    Raises:
        RosterError: the file cannot be read, has no name column, or lists a name or LMS id
            twice.
    """
    path = Path(path).expanduser()
    try:
        text = read_limited(path, MAX_ROSTER).decode("utf-8-sig")
    except OSError as e:
        raise RosterError(_("cannot read the roster {path}: {reason}", path=path,
                            reason=e.strerror or e)) from None
    except UnicodeError:
        raise RosterError(_("the roster {path} is not UTF-8 text: save it as \"CSV UTF-8\"",
                            path=path)) from None
    lines = text.splitlines()
    first = lines[0] if lines else ""
    rows = list(csv.reader(lines, delimiter=";" if first.count(";") > first.count(",") else ","))
    columns = roster_columns(rows[0] if rows else [])
    if "name" not in columns and not {"first", "last"} <= set(columns):
        raise RosterError(_("the roster {path} needs a header line with a name column, e.g. "
                            "name,lms id,email", path=path))
    students, seen = [], {}
    for number, row in enumerate(rows[1:], 2):
        cell = {w: row[i].strip() if i < len(row) else "" for w, i in columns.items()}
        if "name" not in cell:
            cell["name"] = " ".join(filter(None, (cell["first"], cell["last"])))
        if not any(cell.values()) or cell["name"] == "Points Possible":  # Canvas's 2nd row
            continue
        if not cell["name"]:
            raise RosterError(_("the roster {path}, line {number}: no name", path=path,
                                number=number))
        aliases = tuple(a.strip() for a in cell.get("aliases", "").split("|") if a.strip())
        if cell["name"].count(",") == 1:  # "Lovelace, Ada" (Canvas): "Ada Lovelace" too
            last, first = cell["name"].split(",")
            aliases += (f"{first.strip()} {last.strip()}",)
        s = Student(cell["name"], cell.get("lms_id", ""), cell.get("email", ""), on_roster=True,
                    aliases=aliases)
        for k in s.identities():
            if k in seen and seen[k][0] is not s:
                raise RosterError(_("the roster {path}, line {number}: {value} is already on "
                                    "line {other}", path=path, number=number, value=k,
                                    other=seen[k][1]))
        for k in s.identities():
            seen[k] = (s, number)
        students.append(s)
    return students


def match_students(names: Counter, roster: list[Student]) -> tuple[dict[str, Student],
                                                                     list[Student]]:
    """Who each name typed in the results is: ``({typed name: student}, students)``.

    ``names`` counts the answers given under each spelling. The students are the roster's,
    in its order, then the others sorted by name.

    >>> ada = Student("Ada Lovelace", "12345", on_roster=True)
    >>> who, students = match_students(Counter({"ada lovelace": 3, "12345": 1, "Bob": 2,
    ...                                         "bob": 5}), [ada])
    >>> who["12345"] is ada, who["Bob"].name, [s.name for s in students]
    (True, 'bob', ['Ada Lovelace', 'bob'])
    """
    by_key: dict[str, Student] = {}
    for s in roster:
        for k in s.identities():
            by_key[k] = s
    others: dict[str, Student] = {}
    who: dict[str, Student] = {}
    for typed, n in sorted(names.items(), key=lambda kv: (-kv[1], kv[0])):
        k = name_key(typed)
        s = by_key.get(k) or others.setdefault(k, Student(typed))
        s.spellings[typed] += n
        who[typed] = s
    return who, [*roster, *sorted(others.values(), key=lambda s: name_key(s.name))]


def merges(students: list[Student]) -> list[tuple[Student, list[str]]]:
    """The students whose answers came under a spelling other than their name, with those
    spellings (what the teacher should check)."""
    return [(s, sorted(t for t in s.spellings if t != s.name)) for s in students
            if any(t != s.name for t in s.spellings)]


__all__ = ["HEADERS", "RosterError", "Student", "match_students", "merges", "name_key",
           "read_roster", "roster_columns"]
