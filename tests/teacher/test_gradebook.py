"""The gradebook that loses nothing (issue 28 item 3): roster, status, merges, points, seed
changes, unreadable answers, the teacher's language, mistakes in words, in both languages."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from bluffkit.cli import main
from bluffkit.exercises import load
from bluffkit.exercises.worksheets import catalogue
from bluffkit.i18n import language
from bluffkit.teacher.collect import collect
from bluffkit.teacher.gradebook import build
from bluffkit.teacher.roster import RosterError, read_roster

KEY = "course key for the gradebook tests"


def read(path, delimiter=","):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return list(csv.DictReader(f, delimiter=delimiter))


def collect_cli(tmp_path, capsys, *extra, lang="en"):
    key_file = tmp_path / "course.key"
    key_file.write_text(KEY)
    out = tmp_path / "out" / "grades.csv"
    code = main(["--lang", lang, "results", "collect", str(tmp_path / "class"), "--csv", str(out),
                 "--key-file", str(key_file), *map(str, extra)])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    return out, printed


@pytest.fixture
def keyed(monkeypatch):
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY)
    return monkeypatch


def answer(name, seed, answers, tmp_path, mode="practice", folder=None):
    ws = load("bluff", seed=seed, student=name, mode=mode,
              folder=tmp_path / "class" / (folder or name.replace(" ", "_")))
    practice = load("bluff", seed=seed)
    for n, what in answers.items():
        q = practice[n - 1]
        value = {"right": q.expected(), "mistake": (q.likely_mistakes() or [None])[0]}.get(what)
        value = value.value if hasattr(value, "value") else value
        ws[n - 1].check(what if value is None else value)
    return practice


def test_every_roster_student_and_every_record_appears_with_a_status(tmp_path, keyed, capsys):
    roster = tmp_path / "roster.csv"
    roster.write_text("name,LMS id,email,other names\nAda Lovelace,1001,ada@uni.org,\n"
                      "François Dupont,1002,,\nAbsent Student,1003,,\nRobert Smith,1004,,Bob\n",
                      encoding="utf-8")
    answer("ada lovelace", 1, {1: "right"}, tmp_path)
    answer("ADA LOVELACE", 1, {2: "right"}, tmp_path, folder="ada2")
    answer("Francois  Dupont", 2, {1: "right"}, tmp_path)
    answer("bob", 3, {1: "right", 2: "right"}, tmp_path)
    answer("1001", 1, {3: "right"}, tmp_path, folder="ada3")   # the LMS id as the name
    answer("Walk In", 4, {1: "right"}, tmp_path)               # not on the roster
    answer("Seed Changer", 5, {1: "right"}, tmp_path)
    answer("Seed Changer", 6, {2: "right"}, tmp_path, folder="sc2")
    keyed.delenv("BLUFFKIT_COURSE_KEY")
    answer("No Key", 7, {1: "right"}, tmp_path)
    keyed.setenv("BLUFFKIT_COURSE_KEY", KEY)
    tampered = tmp_path / "class" / "Tamper"
    answer("Tamper", 8, {1: "right", 2: "wrong answer 7/9"}, tmp_path)
    log = next(tampered.glob("*.jsonl"))
    lines = log.read_text().splitlines()
    log.write_text(lines[0] + "\n" + lines[1].replace('"correct":false', '"correct":true') + "\n")

    out, printed = collect_cli(tmp_path, capsys, "--roster", roster)
    rows = {r["student"]: r for r in read(out.with_name("grades-bluff-practice.csv"))}
    assert list(rows) == ["Ada Lovelace", "François Dupont", "Absent Student", "Robert Smith",
                          "No Key", "Seed Changer", "Tamper", "Walk In"]
    status = {name: r["status"] for name, r in rows.items()}
    assert status == {"Ada Lovelace": "ok", "François Dupont": "ok",
                      "Absent Student": "not started", "Robert Smith": "ok", "No Key": "no key",
                      "Seed Changer": "seed changed", "Tamper": "tampered", "Walk In": "ok"}
    assert rows["Ada Lovelace"]["points"] == "3" and rows["Ada Lovelace"]["LMS id"] == "1001"
    assert rows["Robert Smith"]["points"] == "2"
    assert rows["Seed Changer"]["points"] == "2" and rows["Seed Changer"]["seeds"] == "5 6"
    assert rows["Tamper"]["points"] == "1" and rows["Tamper"]["q2: flags"] == "tampered"
    assert rows["No Key"]["points"] == "0" and rows["No Key"]["q1: flags"] == "no key"
    # the merges are reported, and who is not on the roster
    out_text = printed.out
    assert "Counted as Ada Lovelace: “1001”, “ADA LOVELACE”, “ada lovelace”" in out_text
    assert "Counted as François Dupont: “Francois  Dupont”" in out_text
    assert "Counted as Robert Smith: “bob”" in out_text
    assert "Not on the roster: No Key, Seed Changer, Tamper, Walk In." in out_text
    assert "2 problems, listed above." in out_text
    summary = {r["student"]: r for r in read(out)}
    assert set(summary) == set(rows)
    assert summary["Absent Student"]["Bluff (liar's dice with stars): practice: status"] == \
        "not started"


def test_no_problem_says_none_and_a_clean_class_is_all_ok(tmp_path, keyed, capsys):
    answer("Ada", 1, {1: "right"}, tmp_path)
    out, printed = collect_cli(tmp_path, capsys)
    assert "problems" not in printed.out and "listed above" not in printed.out
    assert "Answers counted: 1; students: 1; files read: 1." in printed.out


def test_a_seed_change_keeps_the_earlier_answers(tmp_path, keyed):
    """The old gradebook graded only the last seed: Ada's right q1 under seed 3 was lost."""
    answer("Ada", 3, {1: "right", 2: "right"}, tmp_path)
    answer("Ada", 4, {2: "nonsense", 3: "right"}, tmp_path, folder="again")
    book = build(collect([tmp_path / "class"], KEY.encode()))
    g = book.grade(book.students[0], book.assessments[0])
    assert g.status == ["seed changed"] and g.seeds == [3, 4]
    assert g.total == 3                           # q1, q2 (its last readable answer), q3
    assert g.cells[2].attempts == 2 and g.cells[2].flags == ["seed changed", "unreadable"]
    assert g.cells[1].flags == [] and g.cells[4].points is None


def test_points_come_from_the_exercise_set_and_can_be_overridden(tmp_path, keyed, capsys,
                                                                 monkeypatch):
    answer("Ada", 1, {1: "right", 2: "right", 3: "mistake"}, tmp_path)
    first = catalogue("bluff")[0]
    monkeypatch.setattr(first, "points", 3)
    out, _ = collect_cli(tmp_path, capsys, "--points", "bluff:2=1.5", "--points", "bluff:12=0")
    row = read(out.with_name("grades-bluff-practice.csv"))[0]
    assert row["points"] == "4.5" and row["out of"] == str(float(3 + Fraction(3, 2) + 9))
    assert row["q1 One die: points (of 3)"] == "3" and row["q3: attempts"] == "1"
    assert row["q2 How many to expect: points (of 1.5)"] == "1.5"
    assert main(["results", "collect", str(tmp_path / "class"), "--csv",
                 str(tmp_path / "g.csv"), "--points", "bluff:x=2"]) == 2
    assert "--points: points are written SET:QUESTION=POINTS" in capsys.readouterr().err


def test_practice_and_exam_are_separate_assessments(tmp_path, keyed, capsys):
    answer("Ada", 1, {1: "right", 2: "right"}, tmp_path)
    answer("Ada", 2, {1: "right"}, tmp_path, mode="exam", folder="exam")
    answer("Ben", 3, {1: "mistake"}, tmp_path, mode="exam")
    out, _ = collect_cli(tmp_path, capsys)
    row = {r["student"]: r for r in read(out)}
    practice, exam = "Bluff (liar's dice with stars): practice", \
        "Bluff (liar's dice with stars): exam"
    assert (row["Ada"][f"{practice}: points"], row["Ada"][f"{exam}: points"]) == ("2", "1")
    assert (row["Ben"][f"{practice}: status"], row["Ben"][f"{exam}: points"]) == \
        ("not started", "0")
    assert out.with_name("grades-bluff-exam.csv").exists()


def test_titles_and_mistakes_in_the_teachers_language(tmp_path, keyed, capsys):
    """Students worked in English and French; a French teacher reads every title in French and
    the mistake in words, never its internal name."""
    answer("Ada", 1, {1: "mistake"}, tmp_path)
    with language("fr"):
        answer("Zoé", 2, {1: "mistake"}, tmp_path)
    out, printed = collect_cli(tmp_path, capsys, "--excel", lang="fr")
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    long = read(out.with_name("grades-long.csv"), delimiter=";")
    assert {r["titre"] for r in long} == {"Un seul dé"}
    mistakes = {r["erreur"] for r in long}
    assert all(m and m not in {"digit only", "stars", "chiffre seul", "étoiles"}
               for m in mistakes), mistakes
    assert any("étoile" in m for m in mistakes)
    assert "Un seul dé" in printed.out and "digit only" not in printed.out
    with language("en"):
        out2, printed2 = collect_cli(tmp_path, capsys)
    assert {r["title"] for r in read(out2.with_name("grades-long.csv"))} == {"One die"}
    assert "digit only" not in printed2.out and "You counted" in printed2.out


def test_excel_french_uses_semicolons_and_decimal_commas(tmp_path, keyed, capsys):
    answer("François", 1, {1: "right"}, tmp_path)
    out, _ = collect_cli(tmp_path, capsys, "--excel", "--points", "bluff:1=1.5", lang="fr")
    text = out.read_bytes()
    assert text.startswith(b"\xef\xbb\xbf") and "François".encode() in text
    rows = list(csv.reader(text.decode("utf-8-sig").splitlines(), delimiter=";"))
    assert rows[0][:3] == ["élève", "identifiant LMS", "courriel"]
    assert rows[1][4:6] == ["1,5", "12,5"]
    out, _ = collect_cli(tmp_path, capsys, "--excel", "--points", "bluff:1=1.5")
    rows = list(csv.reader(out.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[1][4:6] == ["1.5", "12.5"]
    out, _ = collect_cli(tmp_path, capsys)                     # no --excel: no BOM
    assert not out.read_bytes().startswith(b"\xef\xbb\xbf")


@pytest.mark.parametrize("text, problem", [
    ("nom;identifiant\nAda;1\nBen;1\n", "already on line 2"),
    ("who,what\nAda,1\n", "needs a header line with a name column"),
    ("name\n,\n", None),
])
def test_roster_errors_name_the_fix(tmp_path, text, problem):
    path = tmp_path / "r.csv"
    path.write_text(text)
    if problem is None:
        assert read_roster(path) == []
        return
    with pytest.raises(RosterError, match=problem):
        read_roster(path)


def test_roster_from_french_excel(tmp_path):
    path = tmp_path / "r.csv"
    path.write_bytes("\ufeffNom;Identifiant;Courriel\nZoé Äbel;42;zoe@x.fr\n".encode())
    [s] = read_roster(path)
    assert (s.name, s.lms_id, s.email) == ("Zoé Äbel", "42", "zoe@x.fr")
    assert main(["results", "collect", str(tmp_path), "--csv", str(tmp_path / "g.csv"),
                 "--roster", str(tmp_path / "missing.csv")]) == 2


def test_a_class_of_30_nothing_lost(tmp_path, keyed, capsys):
    """Issue 28's class: 30 students in English and French, practice and exam, a roster with
    one absent and one renamed student, a tampered record, a missing key, a seed change. Every
    answer sent is in the long file (counted, or left out with why), every student has a row."""
    names = [f"Élève {i:02d}" if i >= 15 else f"Student {i:02d}" for i in range(30)]
    roster = tmp_path / "roster.csv"
    lines = ["name,lms id,email,other names"]
    lines += [f"{n},{1000 + i},,{'Bob' if i == 4 else ''}" for i, n in enumerate(names)]
    roster.write_text("\n".join([*lines, "Away Student,2000,,"]) + "\n", encoding="utf-8")
    sent = 0
    for i, name in enumerate(names):
        typed = "Bob" if i == 4 else name.upper() if i % 7 == 0 else name
        if i == 3:
            keyed.delenv("BLUFFKIT_COURSE_KEY")
        with language("fr" if i >= 15 else "en"):
            seeds = [i, 100 + i] if i == 9 else [i]
            for k, seed in enumerate(seeds):
                answers = {1 + k: "right", 2 + k: "mistake", 3 + k: "oops"}
                answer(typed, seed, answers, tmp_path, folder=f"home{i}-{k}")
                sent += len(answers)
            if i % 5 == 0:
                answer(typed, 500 + i, {1: "right", 4: "right"}, tmp_path, mode="exam",
                       folder=f"exam{i}")
                sent += 2
        keyed.setenv("BLUFFKIT_COURSE_KEY", KEY)
    log = next((tmp_path / "class" / "home7-0").glob("*.jsonl"))
    log.write_text(log.read_text().replace('"answer":"oops"', '"answer":"7/9"'))
    out, printed = collect_cli(tmp_path, capsys, "--roster", roster)
    long = read(out.with_name("grades-long.csv"))
    assert len(long) == sent == 30 * 3 + 3 + 6 * 2
    assert sum(r["status"].startswith("left out") for r in long) == 3 + 1  # no key 3, tampered 1
    practice = {r["student"]: r for r in read(out.with_name("grades-bluff-practice.csv"))}
    assert list(practice) == [*names, "Away Student"]
    status = {n: r["status"] for n, r in practice.items()}
    assert status.pop("Away Student") == "not started"
    assert (status.pop(names[3]), status.pop(names[7]), status.pop(names[9])) == \
        ("no key", "tampered", "seed changed")
    assert set(status.values()) == {"ok"}
    assert practice[names[9]]["points"] == "2"                 # q1 (seed 9), q2 (seed 109)
    assert practice[names[4]]["points"] == "1" and practice[names[0]]["points"] == "1"
    exam = {r["student"]: r for r in read(out.with_name("grades-bluff-exam.csv"))}
    assert [n for n, r in exam.items() if r["status"] != "not started"] == names[::5]
    assert all(exam[n]["points"] == "2" for n in names[::5])
    assert "Counted as Student 04: “Bob”" in printed.out
    assert "Not on the roster" not in printed.out


def test_an_lms_export_reads_as_a_roster(tmp_path, keyed, capsys):
    """Moodle's export (First name, Last name, ID number, Email address) and Canvas's (Student as
    "Last, First", ID, SIS User ID, a Points Possible row) are rosters as they are."""
    moodle = tmp_path / "moodle.csv"
    moodle.write_text("First name,Last name,ID number,Institution,Email address\n"
                      "Ada,Lovelace,A1,,ada@uni.org\nZoé,Äbel,Z2,,\n", encoding="utf-8")
    assert [(s.name, s.lms_id, s.email) for s in read_roster(moodle)] == [
        ("Ada Lovelace", "A1", "ada@uni.org"), ("Zoé Äbel", "Z2", "")]
    french = tmp_path / "moodle-fr.csv"
    french.write_text("Prénom;Nom;Numéro d'identification;Adresse de courriel\n"
                      "Zoé;Äbel;Z2;zoe@uni.fr\n", encoding="utf-8")
    assert [(s.name, s.lms_id, s.email) for s in read_roster(french)] == [
        ("Zoé Äbel", "Z2", "zoe@uni.fr")]
    canvas = tmp_path / "canvas.csv"
    canvas.write_text("Student,ID,SIS User ID,SIS Login ID,Section,Quiz (1)\n"
                      "    Points Possible,,,,,10\nLovelace, Ada,117,A1,ada,S1,\n"
                      "\"Äbel, Zoé\",118,Z2,zoe,S1,\n", encoding="utf-8")
    canvas.write_text(canvas.read_text().replace("Lovelace, Ada", '"Lovelace, Ada"'))
    assert [(s.name, s.lms_id) for s in read_roster(canvas)] == [("Lovelace, Ada", "A1"),
                                                                 ("Äbel, Zoé", "Z2")]
    answer("ada lovelace", 1, {1: "right"}, tmp_path)
    out, printed = collect_cli(tmp_path, capsys, "--roster", canvas, "--lms", "canvas")
    header, possible, *body = list(csv.reader(out.with_name("grades-canvas.csv").open()))
    assert body[0][:3] == ["Lovelace, Ada", "", "A1"] and body[0][5] == "1"
    assert "Counted as Lovelace, Ada: “ada lovelace”" in printed.out


def test_the_report_and_the_statuses_in_french(tmp_path, keyed, capsys):
    roster = tmp_path / "classe.csv"
    roster.write_text("nom;identifiant;courriel\nFrançois Dupont;1002;\nAbsente Élise;1003;\n",
                      encoding="utf-8")
    answer("francois dupont", 1, {1: "right", 2: "oops"}, tmp_path)
    answer("Francois Dupont", 2, {3: "right"}, tmp_path, folder="autre")
    keyed.delenv("BLUFFKIT_COURSE_KEY")
    answer("Sans Clé", 3, {1: "right"}, tmp_path)
    out, printed = collect_cli(tmp_path, capsys, "--roster", roster, "--excel", lang="fr")
    rows = {r["élève"]: r for r in read(out.with_name("grades-bluff-practice.csv"), ";")}
    assert {n: r["état"] for n, r in rows.items()} == {
        "François Dupont": "graine changée", "Absente Élise": "pas commencé",
        "Sans Clé": "sans clé"}
    assert rows["François Dupont"]["q2: signalements"] == "réponses illisibles"
    assert rows["François Dupont"]["q2: essais"] == "1"
    assert "Compté comme François Dupont : “Francois Dupont”, “francois dupont”" in printed.out
    assert "Absents de la liste de classe : Sans Clé." in printed.out
    assert "1 problème, indiqué ci-dessus." in printed.out
    assert "Réponses comptées : 3 ; élèves : 3 ; fichiers lus : 3." in printed.out


@pytest.mark.parametrize("make, problem", [
    (lambda p: p.mkdir(), "cannot read the roster"),
    (lambda p: p.write_bytes(bytes(range(256))), "is not UTF-8 text"),
    (lambda p: p.write_bytes(b"name\n" + b"x" * 5_000_001), "cannot read the roster"),
])
def test_a_hostile_roster_is_refused_in_one_line(tmp_path, capsys, make, problem):
    roster = tmp_path / "roster.csv"
    make(roster)
    assert main(["results", "collect", str(tmp_path), "--csv", str(tmp_path / "g.csv"),
                 "--roster", str(roster)]) == 2
    err = capsys.readouterr().err
    assert problem in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
