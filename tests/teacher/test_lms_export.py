"""The Moodle and Canvas files, checked against what their gradebook imports document.

Moodle (grade/import/csv/classes/load_data.php): one column is mapped to a user field (``id``,
``idnumber``, ``email``, ``username``); a row whose user is not found aborts the whole import;
an empty identifier keeps the previous row's user; a grade is empty/``-`` (no grade) or a number
(``unformat_float``). Canvas (its gradebook export/import format, e.g. Ohio State's "Import a
CSV file to Carmen grades"): ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section``,
then assignment columns; a student is found by name, ID or SIS User ID; ``Points Possible`` is
the row under the header."""

from __future__ import annotations

import csv
import re

import pytest

from bluffkit.cli import main
from bluffkit.exercises import load

KEY = "lms key"
MOODLE_USER_FIELDS = {"ID number": "useridnumber", "Email address": "useremail"}
CANVAS_FIRST = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
GRADE = re.compile(r"\d+(\.\d+)?")


def make_class(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY)
    for name, seed, n in (("Ada Lovelace", 1, 3), ("zoé äbel", 2, 1), ("Walk In", 3, 2)):
        ws = load("bluff", seed=seed, student=name, folder=tmp_path / "class")
        for q in ws[:n]:
            q.check(q.expected())
    exam = load("bluff", seed=4, student="Ada Lovelace", folder=tmp_path / "class", mode="exam")
    exam.q1.check(load("bluff", seed=4).q1.expected())
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY")
    load("bluff", seed=5, student="No Key", folder=tmp_path / "class").q1.check("1/3")
    roster = tmp_path / "roster.csv"
    roster.write_text("name,lms id,email\nAda Lovelace,A1,ada@uni.org\nZoé Äbel,Z2,\n"
                      "Absent One,X3,\nNo Key,N4,\n", encoding="utf-8")
    (tmp_path / "key").write_text(KEY)
    return roster


def run(tmp_path, roster, *extra, lang="en"):
    out = tmp_path / f"out-{lang}" / "grades.csv"
    assert main(["--lang", lang, "results", "collect", str(tmp_path / "class"), "--csv",
                 str(out), "--key-file", str(tmp_path / "key"), "--roster", str(roster),
                 "--lms", "moodle", "--lms", "canvas", *extra]) == 0
    return out


def rows(path):
    raw = path.read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")        # read by a program: plain UTF-8
    return list(csv.reader(raw.decode("utf-8").splitlines()))


@pytest.mark.parametrize("lang, practice, exam", [
    ("en", "Bluff (liar's dice with stars): practice", "Bluff (liar's dice with stars): exam"),
    ("fr", "Bluff (dés menteurs avec étoiles) : entraînement",
     "Bluff (dés menteurs avec étoiles) : examen")])
def test_moodle_file_imports_as_documented(tmp_path, monkeypatch, capsys, lang, practice, exam):
    roster = make_class(tmp_path, monkeypatch)
    out = run(tmp_path, roster, "--excel", lang=lang)   # --excel leaves the LMS files alone
    header, *body = rows(out.with_name("grades-moodle.csv"))
    assert header == ["ID number", "Email address", "Full name", practice, exam]
    assert [h for h in header if h in MOODLE_USER_FIELDS] == ["ID number", "Email address"]
    ids = [r[0] for r in body]
    assert ids == ["A1", "Z2", "X3", "N4"]             # every row has its identifier
    for r in body:
        assert all(v == "" or GRADE.fullmatch(v) for v in r[3:]), r
    grades = {r[0]: r[3:] for r in body}
    assert grades == {"A1": ["3", "1"], "Z2": ["1", "0"], "X3": ["0", "0"], "N4": ["", "0"]}
    printed = capsys.readouterr().out
    assert "Walk In" in printed.split("Moodle")[1].splitlines()[0]   # named, not imported


def test_canvas_file_imports_as_documented(tmp_path, monkeypatch):
    roster = make_class(tmp_path, monkeypatch)
    out = run(tmp_path, roster)
    header, possible, *body = rows(out.with_name("grades-canvas.csv"))
    assert header[:5] == CANVAS_FIRST and len(header) == 7
    assert possible[0].strip() == "Points Possible" and possible[5:] == ["12", "12"]
    assert all(r[2] for r in body)                     # SIS User ID on every row
    assert {r[2]: (r[0], r[5:]) for r in body} == {
        "A1": ("Ada Lovelace", ["3", "1"]), "Z2": ("Zoé Äbel", ["1", "0"]),
        "X3": ("Absent One", ["0", "0"]), "N4": ("No Key", ["", "0"])}


def test_moodle_by_email_when_the_roster_has_no_ids(tmp_path, monkeypatch):
    make_class(tmp_path, monkeypatch)
    roster = tmp_path / "emails.csv"
    roster.write_text("name,email\nAda Lovelace,ada@uni.org\nZoé Äbel,\n", encoding="utf-8")
    out = run(tmp_path, roster)
    header, *body = rows(out.with_name("grades-moodle.csv"))
    assert [r[1] for r in body] == ["ada@uni.org"]
    assert rows(out.with_name("grades-canvas.csv"))[2:] == []
