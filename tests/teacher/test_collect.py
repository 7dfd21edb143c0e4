"""Collecting a simulated class of 30 students (practice and exam), with damaged, foreign,
duplicated, unsigned and tampered files, into the gradebook, the long CSV and the mistakes."""

from __future__ import annotations

import csv
import json
from collections import Counter

import numpy as np
import pytest

from bluffkit.cli import main
from bluffkit.exercises import load
from bluffkit.exercises.results import file_name
from bluffkit.teacher.collect import collect
from bluffkit.teacher.gradebook import build, mistakes_summary

KEY = "course key for the tests"
QUESTIONS = 5  # the first five questions of Bluff: quick to check


def simulate(root, monkeypatch, students=30):
    """Each student answers with right answers, named mistakes and wrong numbers drawn from a
    seeded generator. Returns what the gradebook must say, tallied independently:
    {student: {question: [correct or None (unreadable), ...]}} and Counter of (question, mistake)
    -> students."""
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY)
    rng = np.random.default_rng(2026)
    truth, mistakes = {}, Counter()
    for i in range(students):
        name = f"student {i:02d}"
        ws = load("bluff", seed=100 + i, student=name, folder=root / f"home{i:02d}")
        truth[name] = {}
        for q in ws[:QUESTIONS]:
            given, named = [], set()
            for _ in range(int(rng.integers(0, 4))):
                pick = rng.random()
                likely = q.likely_mistakes()
                if pick < 0.4 and likely:
                    m = likely[int(rng.integers(len(likely)))]
                    answer = m.value
                    named.add(m.name)
                elif pick < 0.7:
                    answer = q.expected()
                else:
                    answer = {"Count": 999, "DistributionAnswer": [1]}.get(
                        type(q.kind).__name__, "12345/2")
                feedback = q.check(answer)
                assert feedback.status != "unreadable"
                given.append(feedback.correct)
                if rng.random() < 0.2:
                    q.check("no idea")          # unreadable: logged, an attempt
                    given.append(None)
            if given:
                truth[name][q.number] = given
            for m in named:
                mistakes[q.number, m] += 1
    return truth, mistakes


def drop(truth, records, lost):
    """Take a record that collect must leave out off the tally."""
    q = lost["question"]
    i = sum(1 for r in records if r["question"] == q and r["attempt"] < lost["attempt"])
    answers = truth[lost["student"]][q]
    del answers[i]
    if not answers:
        del truth[lost["student"]][q]


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_a_class_of_30_with_damaged_foreign_and_tampered_files(tmp_path, monkeypatch, capsys):
    truth, mistakes = simulate(tmp_path, monkeypatch)
    home = {i: tmp_path / f"home{i:02d}" / file_name(f"student {i:02d}") for i in range(30)}
    # damage: a torn last line, garbage in the middle, a tampered record, an unsigned student,
    # foreign files, a log copied twice (LMS download beside the home folders)
    with open(home[3], "ab") as f:
        f.write(b'{"format":"bluffkit-results/1","stud')
    data = home[5].read_text().splitlines()
    if len(data) > 2:
        drop(truth, [json.loads(line) for line in data], json.loads(data[1]))
        data[1] = "#$%^ not json"
        home[5].write_text("\n".join(data) + "\n")
    tampered = [json.loads(line) for line in home[7].read_text().splitlines()]
    wrong = next((r for r in tampered if r["correct"] is False and r["status"] != "unreadable"),
                 None)
    if wrong is not None:
        drop(truth, [json.loads(line) for line in home[7].read_text().splitlines()], wrong)
        wrong["correct"], wrong["status"] = True, "correct"
        home[7].write_text("".join(json.dumps(r) + "\n" for r in tampered))
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY")
    load("bluff", seed=999, student="no key", folder=tmp_path / "home99").q1.check("1/3")
    (tmp_path / "home98").mkdir()
    (tmp_path / "home98" / "notes.jsonl").write_text('{"cell": 1}\n{"cell": 2}\n')
    (tmp_path / "home98" / "binary.jsonl").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "lms").mkdir()
    (tmp_path / "lms" / "12345_student_01.jsonl").write_bytes(home[1].read_bytes())

    key_file = tmp_path / "course.key"
    key_file.write_text(KEY + "\n")
    out = tmp_path / "out" / "grades.csv"
    folders = sorted(str(p) for p in tmp_path.iterdir() if p.name.startswith(("home", "lms")))
    assert main(["results", "collect", *folders, "--csv", str(out), "--key-file",
                 str(key_file)]) == 0
    printed = capsys.readouterr()
    problems = printed.err
    assert "home03" in problems and "an unfinished last line" in problems
    assert "notes.jsonl: holds no bluffkit results" in problems
    assert "binary.jsonl: holds no bluffkit results" in problems
    assert "no key" in problems and "carries no checksum" in problems
    if len(data) > 2:
        assert "home05" in problems and "line 2: damaged" in problems
    if wrong is not None:
        assert "home07" in problems and "does not verify under the course key" in problems

    rows = {r["student"]: r for r in read_csv(out.with_name("grades-bluff-practice.csv"))}
    assert sorted(rows) == sorted([*truth, "no key"])     # 30 students and "no key", flagged
    assert rows["no key"]["status"] == "no key" and rows["no key"]["q1: flags"] == "no key"
    if wrong is not None:
        assert rows["student 07"]["status"] == "tampered"
        assert rows["student 07"][f"q{wrong['question']}: flags"] == "tampered"
    for student, answers in truth.items():
        row = rows[student]
        assert row["seeds"] == str(100 + int(student.split()[1]))
        for n in range(1, 13):
            given = answers.get(n, [])
            readable = [g for g in given if g is not None]
            head = next(h for h in row if h.startswith(f"q{n} ") and h.endswith("(of 1)"))
            cells = (row[head], row[f"q{n}: attempts"], row[f"q{n}: first try"])
            expected = (str(int(bool(readable and readable[-1]))) if given else "",
                        str(len(given)), str(int(readable[0])) if readable else "")
            assert cells == expected, (student, n)
            assert ("unreadable answers" in row[f"q{n}: flags"]) == (None in given)
        assert row["points"] == str(sum(bool([g for g in a if g is not None][-1:] == [True])
                                        for a in answers.values()))
        assert row["out of"] == "12"
    long = read_csv(out.with_name("grades-long.csv"))
    kept = [r for r in long if not r["status"].startswith("left out")]
    assert len({(r["name typed"], r["question"], r["attempt"]) for r in kept}) == len(kept)
    assert sum(len(g) for a in truth.values() for g in a.values()) == len(kept)  # unreadable too
    assert {r["status"] for r in long if r["student"] == "no key"} == {"left out: no key"}
    summary = {(int(r["question"]), r["mistake"]): int(r["students"])
               for r in read_csv(out.with_name("grades-mistakes.csv"))}
    if wrong is None or wrong.get("mistake") is None:
        assert sorted(summary.values()) == sorted(mistakes.values())
    assert not any(m in {k for _, k in mistakes} for _, m in summary)   # words, not keys
    top = max(mistakes.values())
    assert f"{top} students" in printed.out and "what to re-teach" in printed.out
    assert "2 problems" not in printed.out or "listed above" in printed.out


def test_exam_answers_are_graded_at_collect_time_with_the_checker_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY)
    expect = {}
    for i in range(6):
        exam = load("bluff", seed=40 + i, student=f"s{i}", folder=tmp_path, mode="exam")
        practice = load("bluff", seed=40 + i)
        for n in (1, 2, 3, 5, 10):
            p = practice[n - 1]
            answers = [p.expected(), *(m.value for m in p.likely_mistakes()[:1]), "0.123"]
            answer = answers[(i + n) % len(answers)]
            assert exam[n - 1].check(answer).title == "Recorded"
            feedback = p.check(answer)
            expect[f"s{i}", n] = (feedback.correct, feedback.mistake)
    found = collect([tmp_path], KEY.encode())
    assert found.problems == []
    assert {(r["student"], r["question"]): (r["correct"], r["mistake"])
            for r in found.records} == expect
    book = build(found)
    assert [(a.exercise_set, a.mode) for a in book.assessments] == [("bluff", "exam")]
    assert len(book.students) == 6
    assert all(g.total == sum(expect[s.name, n][0] for n in (1, 2, 3, 5, 10))
               for s in book.students for g in [book.grade(s, book.assessments[0])])
    assert all(a == "Bluff (liar's dice with stars): exam"
               for a, *_ in mistakes_summary(book, found.records))


def test_collect_says_when_there_is_nothing(tmp_path, capsys):
    (tmp_path / "x.jsonl").write_text("hello\n")
    assert main(["results", "collect", str(tmp_path), str(tmp_path / "missing"), "--csv",
                 str(tmp_path / "g.csv")]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "no results to collect" in err
    assert not (tmp_path / "g.csv").exists()


@pytest.mark.parametrize("name", ["=HYPERLINK(\"x\")", "+1", "@SUM(A1)"])
def test_spreadsheet_formulas_in_names_and_answers_are_defused(tmp_path, monkeypatch, name):
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY", raising=False)
    load("bluff", seed=1, student=name, folder=tmp_path).q1.check("=1+1")
    assert main(["results", "collect", str(tmp_path), "--csv", str(tmp_path / "g.csv")]) == 0
    for f in ("g.csv", "g-long.csv"):
        with open(tmp_path / f, newline="") as handle:
            cells = [c for row in csv.reader(handle) for c in row]
        assert not any(c[:1] in "=+@" for c in cells if c)
