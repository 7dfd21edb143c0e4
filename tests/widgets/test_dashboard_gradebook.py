"""The dashboard's *Export gradebook* on a real class server (issue 28 item 2): students' kernels
send their checks to the server on loopback; the gradebook the dashboard writes is the one
``bluffkit results collect class.sqlite`` writes from the server's file (every file, parsed, row
by row), in the dashboard's language, with the roster's absent student; the live progress is
titled in the dashboard's language whatever language the students answered in."""

from __future__ import annotations

import csv
from pathlib import Path

from bluffkit.classroom import dashboard
from bluffkit.cli import main
from bluffkit.core.i18n import set_language
from bluffkit.exercises import load
from tests.conftest import TEACHER
from tests.widgets.test_classroom import wait

ROSTER = """name,LMS id,email
Ada,1001,ada@school.example
Bo,1002,bo@school.example
Chloé,1003,chloe@school.example
Élise,1004,elise@school.example
Dan,1005,dan@school.example
"""


def read(path: Path, excel: bool = False) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8-sig" if excel else "utf-8") as f:
        return list(csv.reader(f, delimiter=";" if excel else ","))


def by_suffix(files: list[Path]) -> dict[str, Path]:
    """A gradebook's files by what follows the gradebook's name (``""`` for itself, first)."""
    return {p.name.removeprefix(files[0].stem).removesuffix(".csv"): p for p in files}


def same_gradebook(board: list[Path], cli: Path, excel: bool = False) -> list[str]:
    """Compare the dashboard's gradebook files with those of ``results collect`` (alone in
    the folder of ``cli``), parsed, row by row (the answers' file: all but the ``file``
    column, which names where each answer was read); returns the files' suffixes."""
    ours = by_suffix(board)
    theirs = by_suffix([cli, *sorted(set(cli.parent.glob("*.csv")) - {cli})])
    assert set(ours) == set(theirs)
    for suffix in ours:
        a, b = read(ours[suffix], excel), read(theirs[suffix], excel)
        if suffix == "-long":
            assert a[0][-1] == b[0][-1] in ("file", "fichier")
            a, b = [r[:-1] for r in a], [r[:-1] for r in b]
        assert a == b, suffix
    return sorted(ours)


def test_export_gradebook_is_what_results_collect_makes_of_the_server_file(
        server, tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", server.url)
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", "k")
    set_language("en")  # the students answer in English...
    board = dashboard(server.url, TEACHER, folder=tmp_path)
    ada = load("bluff", seed=3, student="Ada", folder=tmp_path / "ada")
    ada.q1.check("0")
    ada.q1.check(ada.q1.expected())
    ada.q2.check(ada.q2.expected())
    bo = load("bluff", seed=4, student="bo", folder=tmp_path / "bo")  # the roster says "Bo"
    bo.q1.check("0")
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY")  # a kernel without the course key
    load("bluff", seed=5, student="Chloé", folder=tmp_path / "chloe").q1.check("1/6")
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", "k")
    wait(lambda: board.progress.get("students") == 3)
    assert "<td>1. One die</td><td>3</td>" in board.progress_view.value
    set_language("fr")  # ...the teacher's dashboard is French, and so is the last student
    elise = load("bluff", seed=6, student="Élise", folder=tmp_path / "elise")
    elise.q1.check(elise.q1.expected())
    elise.q2.check("0")
    titled = ("<td>1. Un seul dé</td><td>4</td><td>2 / 4</td><td>5</td>",
              f"<td>2. {elise.q2.title}</td><td>2</td><td>1 / 2</td><td>2</td>")
    wait(lambda: all(row in board.progress_view.value for row in titled))  # in French
    assert "One die" not in board.progress_view.value
    counted, students = 6, 5  # the answers sent with the key; the roster's students

    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    board.roster.value = "roster.csv"  # beside the dashboard's files
    db, cli, made = tmp_path / "class.sqlite", tmp_path / "cli", {}
    for fmt, options in [("moodle", ["--lms", "moodle"]), ("excel", ["--excel"]),
                         ("csv", [])]:
        board.book_format.value = fmt
        board.gradebook_button.click()
        assert not board.errors.message, board.errors.message
        ours = board.exported
        assert ours.name.endswith("-moodle.csv" if fmt == "moodle" else ".csv")
        news = board.news.value
        assert f"Carnet de notes enregistré\u00a0: <code>{ours}</code>" in news
        assert f"{students} élèves, {counted} réponses." in news
        assert "1 réponse n'est pas comptée" in news
        assert main(["--lang", "fr", "results", "collect", str(db), "--csv",
                     str(cli / fmt / "grades.csv"), "--roster", str(tmp_path / "roster.csv"),
                     *options]) == 0
        made[fmt] = board.gradebook.files
        assert ours == made[fmt][-1 if fmt == "moodle" else 0]
        files = same_gradebook(made[fmt], cli / fmt / "grades.csv", excel=fmt == "excel")
        assert files == ["", "-bluff-practice", "-long", "-mistakes",
                         *(["-moodle"] if fmt == "moodle" else [])]
    grades = made["csv"][0]
    assert grades.read_bytes()[:1] != b"\xef"  # plain CSV: no byte order mark
    rows = {r[0]: r for r in read(grades)[1:]}
    assert list(rows) == ["Ada", "Bo", "Chloé", "Élise", "Dan"]  # the roster's order
    assert rows["Dan"][3] == "pas commencé" and rows["Chloé"][3] == "sans clé"
    assert rows["Bo"][3] == "ok" and rows["Ada"][4] == "2"
    header = read(grades.with_name(grades.stem + "-bluff-practice.csv"))[0]
    assert any(h.startswith("q1 Un seul dé") for h in header), header
    excel = made["excel"][0].read_bytes()  # for French Excel: a BOM, ';' between cells
    assert excel.startswith(b"\xef\xbb\xbf") and excel.splitlines()[0].count(b";") == 5
    moodle = read(made["moodle"][-1])
    assert moodle[0][:3] == ["ID number", "Email address", "Full name"]
    assert [r[0] for r in moodle[1:]] == ["1001", "1002", "1003", "1004", "1005"]
    board.close()


def test_export_gradebook_says_what_is_missing(server, tmp_path, monkeypatch):
    """No answer yet: a sentence, no file; a roster that cannot be read: a sentence naming it;
    with a roster, the whole class, every student "not started"."""
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY", raising=False)
    board = dashboard(server.url, TEACHER, folder=tmp_path)
    board.gradebook_button.click()
    assert "No answer has reached the class server yet" in board.errors.message
    assert board.gradebook is None and not list(tmp_path.glob("gradebook-*"))
    board.roster.value = "nowhere.csv"
    board.gradebook_button.click()
    assert "cannot read the roster" in board.errors.message and "nowhere.csv" in (
        board.errors.message)
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    board.roster.value = str(tmp_path / "roster.csv")
    board.gradebook_button.click()
    assert not board.errors.message, board.errors.message
    assert "5 students, 0 answers." in board.news.value
    assert "No course key is set" in board.news.value
    rows = read(board.exported)
    assert [r[0] for r in rows[1:]] == ["Ada", "Bo", "Chloé", "Élise", "Dan"]
    assert len(rows[0]) == 3  # no assessment yet: who, and nothing else
    board.close()


def test_export_gradebook_takes_the_course_key_file_and_points(server, tmp_path, monkeypatch):
    """The Course key file and Points fields do what ``--key-file`` and ``--points`` do: with
    the key only in a file, the keyed answers count and the keyless one does not; a question's
    points changed (spaces, commas and a decimal comma between them); bad points are one
    sentence naming the form, and no file is written."""
    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", server.url)
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", "k")
    set_language("en")
    board = dashboard(server.url, TEACHER, folder=tmp_path)
    ada = load("bluff", seed=3, student="Ada", folder=tmp_path / "ada")
    ada.q1.check(ada.q1.expected())
    ada.q2.check(ada.q2.expected())
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY")
    load("bluff", seed=5, student="Bo", folder=tmp_path / "bo").q1.check("1/6")
    wait(lambda: board.progress.get("students") == 2)
    (tmp_path / "course.key").write_text("k\n", encoding="utf-8")
    board.points.value = "bluff:1=2,5, bluff:2=3"
    board.gradebook_button.click()  # no key anywhere: nothing verified
    assert "No course key is set" in board.news.value
    board.points.value = "bluff:1=two"
    board.gradebook_button.click()
    assert "points are written SET:QUESTION=POINTS" in board.errors.message
    assert "bluff:1=two" in board.errors.message
    board.key_file.value = "nowhere.key"
    board.points.value = "bluff:1=2,5 bluff:2=3"
    board.gradebook_button.click()
    assert "cannot read the course key file" in board.errors.message
    assert "ask your teacher" not in board.errors.message
    board.key_file.value = "course.key"
    board.points.value = "bluff:1=2,5, bluff:2=3"
    board.gradebook_button.click()
    assert not board.errors.message, board.errors.message
    assert "No course key is set" not in board.news.value
    assert "2 students, 2 answers." in board.news.value
    assert "1 answer is not counted" in board.news.value
    cli = tmp_path / "cli" / "grades.csv"
    assert main(["results", "collect", str(tmp_path / "class.sqlite"), "--csv", str(cli),
                 "--key-file", str(tmp_path / "course.key"), "--points", "bluff:1=2.5",
                 "--points", "bluff:2=3"]) == 0
    same_gradebook(board.gradebook.files, cli)
    rows = {r[0]: r for r in read(board.exported)[1:]}
    assert rows["Ada"][4] == "5.5" and rows["Bo"][3] == "no key"
    board.close()
