"""A simulated class of 30 students through the real server path (issue 28, tests and figures):
a real ``bluffkit serve`` process with its ``--db`` file on loopback, each student's kernel
sending every ``check()`` as a kernel does (``exercises.outbox``); mixed seeds, practice and
exam, French and English, one student without the course key, one who edits a record, one who
changes seed, and a third of the class answering while the server is killed (SIGKILL) and
started again; the roster has one absent student and one whose name the student typed with an
accent the roster lacks. Every answer sent is on the server and accounted for by ``bluffkit
results collect class.sqlite``, whose gradebook (``teacher.gradebook``) has every student with
the right status, the same as from the students' own log files.

The figure (answers sent, stored, collected, flagged) is written to
``test-artifacts/class_simulation.json``:
``.venv/bin/python -m pytest -q tests/teacher/test_class_simulation.py``."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bluffkit.core.i18n import set_language
from bluffkit.exercises import load
from bluffkit.exercises.results import file_name, read_log
from bluffkit.teacher.collect import collect
from bluffkit.teacher.gradebook import build
from bluffkit.teacher.roster import Student

ROOT = Path(__file__).resolve().parents[2]
KEY = "course key of the simulated class"
NAMES = ["Ada", "Bruno", "Chloé", "Dmitri", "Élodie", "François", "Grace", "Hugo", "Inès",
         "Jules", "Kenji", "Léa", "Mateo", "Noémie", "Oscar", "Paulo", "Quentin", "Rosa",
         "Sacha", "Théo", "Uma", "Valentin", "Wanda", "Xavier", "Yasmine", "Zoé", "Ana",
         "Björn", "Céline", "Dario"]
NO_KEY, TAMPERS, NEW_SEED, RENAMED = 5, 16, 9, 11
ROSTER = [Student("Lea" if i == RENAMED else name, f"lms-{i:03d}", on_roster=True)
          for i, name in enumerate(NAMES)] + [Student("Absent Student", "lms-999",
                                                      on_roster=True)]
DOWN = range(15, 23)
"""The students who answer while the server is down."""
pytestmark = pytest.mark.xdist_group("class_simulation")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(db: Path, port: int) -> subprocess.Popen:
    script = Path(sys.executable).with_name("bluffkit")
    cmd = [str(script)] if script.exists() else [
        sys.executable, "-c", "import sys; from bluffkit.cli import main; sys.exit(main())"]
    proc = subprocess.Popen([*cmd, "serve", "--port", str(port), "--db", str(db),
                             "--teacher-token", "teacher-token-of-the-class"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    if "ws://" not in line:
        proc.kill()
        raise AssertionError(f"the server did not start: {line}{proc.stdout.read()}")
    return proc


def stored(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT count(*) FROM answers").fetchone()[0]


def key_answers(exercise_set: str, seed: int, n: int) -> list:
    """The right answers (from a practice worksheet: the teacher's key) and a wrong one each."""
    ws = load(exercise_set, seed=seed)
    out = []
    for q in list(ws)[:n]:
        wrong = [m.value for m in q.likely_mistakes()][:1] or ["0"]
        out.append((wrong[0], q.expected()))
    return out


def assessment_of(i: int) -> tuple[str, str]:
    return "bluff" if i % 3 else "poker-dice", "exam" if i % 4 == 3 else "practice"


def student(i: int, homes: Path, monkeypatch) -> None:
    """Student ``i``'s session: load their worksheet, answer 3 questions (a wrong answer, then
    the right one for every other student), in their language and mode."""
    set_language("fr" if i % 2 else "en")
    exercise_set, mode = assessment_of(i)
    folder = homes / f"student{i:02d}"
    seeds = [1000 + i, 2000 + i] if i == NEW_SEED else [1000 + i]
    if i == NO_KEY:
        monkeypatch.delenv("BLUFFKIT_COURSE_KEY")
    for seed in seeds:
        ws = load(exercise_set, seed=seed, student=NAMES[i], mode=mode, folder=folder)
        for n, (wrong, right) in enumerate(key_answers(exercise_set, seed, 3), 1):
            q = getattr(ws, f"q{n}")
            q.check(wrong)
            if (i + n) % 2:
                q.check(right)
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY)


def test_a_class_of_30_through_a_restarting_server_loses_no_answer(tmp_path, monkeypatch):
    db, homes, port = tmp_path / "class.sqlite", tmp_path / "homes", free_port()
    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", f"ws://127.0.0.1:{port}")
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY)
    for v in ("BLUFFKIT_COURSE_KEY_FILE", "BLUFFKIT_RESULTS_DIR", "JUPYTERHUB_USER",
              "JUPYTERHUB_API_TOKEN"):
        monkeypatch.delenv(v, raising=False)
    proc = serve(db, port)
    try:
        for i in range(30):
            if i == DOWN.start:
                os.kill(proc.pid, signal.SIGKILL)          # the server dies mid-lesson
                proc.wait(10)
            if i == DOWN.stop:
                proc = serve(db, port)                     # and is started again
            student(i, homes, monkeypatch)
            if i == TAMPERS:                               # edits a queued record by hand
                log = homes / f"student{i:02d}" / file_name(NAMES[i])
                lines = log.read_text(encoding="utf-8").splitlines()
                last = json.loads(lines[-1])
                last["answer"] = last["answer"] + "0"
                log.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n",
                               encoding="utf-8")
        logs = sorted(homes.rglob("*.jsonl"))
        sent = sum(len(read_log(f)[0]) for f in logs)
        end = time.monotonic() + 90
        while stored(db) < sent and time.monotonic() < end:
            time.sleep(0.2)                                # the queued answers arrive
        on_server = stored(db)
    finally:
        proc.kill()
        proc.wait(10)
        set_language(None)
    from_server, from_logs = collect([db], KEY.encode()), collect([homes], KEY.encode())
    flagged = [p for _where, p in from_server.problems]
    figure = {"students": 30, "answers sent": sent, "answers stored": on_server,
              "answers collected": len(from_server.records), "answers flagged": len(flagged),
              "answered while the server was down": sum(
                  len(read_log(homes / f"student{i:02d}" / file_name(NAMES[i]))[0])
                  for i in DOWN)}
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    (ROOT / "test-artifacts" / "class_simulation.json").write_text(json.dumps(figure, indent=1))
    print(figure)
    assert len(logs) == 30 and on_server == sent
    assert len(from_server.records) + len(flagged) == sent        # every answer accounted for
    no_key = [p for p in flagged if "carries no checksum" in p]
    edited = [p for p in flagged if "does not verify" in p]
    assert len(no_key) == len(read_log(homes / "student05" / file_name(NAMES[NO_KEY]))[0])
    assert all(p.startswith(NAMES[NO_KEY] + ",") for p in no_key)
    assert len(edited) == 1 and edited[0].startswith(NAMES[TAMPERS] + ",")
    assert {r["student"] for r in from_server.records} == set(NAMES) - {NAMES[NO_KEY]}
    assert {r["seed"] for r in from_server.records if r["student"] == NAMES[NEW_SEED]} == {
        1009, 2009}
    assert {r["mode"] for r in from_server.records} == {"practice", "exam"}
    assert all(r["status"] != "recorded" for r in from_server.records)  # exams graded
    titles = {r["title"] for r in from_server.records}
    assert "One die" in titles and "Un seul dé" in titles               # both languages
    assert sorted(flagged) == sorted(p for _where, p in from_logs.problems)
    book, from_files = build(from_server, ROSTER), build(from_logs, ROSTER)
    assert [s.name for s in book.students] == [s.name for s in ROSTER]   # nobody added or lost
    assert [(s.name, v) for s, v in book.merges()] == [("Lea", ["Léa"])]
    expected = {"no key": NO_KEY, "tampered": TAMPERS, "seed changed": NEW_SEED}
    for s in book.students:
        i = NAMES.index(s.name) if s.name in NAMES else RENAMED if s.name == "Lea" else None
        for a in book.assessments:
            status = book.grade(s, a).status
            if i is None or (a.exercise_set, a.mode) != assessment_of(i):
                assert status == ["not started"], (s.name, a.slug, status)
            else:
                want = [k for k, who in expected.items() if who == i] or ["ok"]
                assert status == want, (s.name, a.slug, status)
            other = from_files.grades[id(from_files.students[book.students.index(s)]), a.slug]
            assert (other.status, other.total) == (status, book.grade(s, a).total)
