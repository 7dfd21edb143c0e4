"""The results log: one record per check, append-only, safe under concurrent checks (threads and
processes) and after a kernel killed mid-write; records signed with the course key."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest

from bluffkit.core import InvalidQuestion
from bluffkit.exercises import load
from bluffkit.exercises.results import (
    FORMAT,
    ResultsLog,
    answer_as_typed,
    course_key,
    file_name,
    read_log,
    verify,
)

KEY = b"course key for the tests"


@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY.decode())
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY_FILE", raising=False)
    monkeypatch.delenv("BLUFFKIT_RESULTS_DIR", raising=False)


def lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_every_check_appends_one_signed_record(tmp_path):
    ws = load("bluff", seed=11, student="ada", folder=tmp_path)
    q = ws.q1
    mistake = q.likely_mistakes()[0]
    assert q.check(...).status == "unanswered"            # not an answer: not recorded
    assert q.check(mistake.value).mistake == mistake.name
    assert q.check("banana").status == "unreadable"
    assert q.check(q.expected()).correct
    path = tmp_path / "bluffkit-results-ada.jsonl"
    records, problems = read_log(path)
    assert problems == [] and len(records) == 3 == len(lines(path))
    first, second, third = records
    assert [r["attempt"] for r in records] == [1, 2, 3]
    assert first["answer"] == repr(mistake.value) if not isinstance(mistake.value, str) else True
    assert (first["status"], first["correct"], first["mistake"]) == ("mistake", False,
                                                                     mistake.name)
    assert (second["answer"], second["status"], second["reading"]) == ("banana", "unreadable",
                                                                        None)
    assert third["correct"] is True and Fraction(third["reading"]["value"]) == q.expected()
    for r in records:
        assert (r["format"], r["student"], r["set"], r["seed"], r["mode"], r["question"]) == (
            FORMAT, "ada", "bluff", 11, "practice", 1)
        assert r["title"] == q.title and r["time"].endswith("+00:00")
        assert verify(r, KEY) and not verify(r, b"another key")
        assert not verify(dict(r, correct=not r["correct"]), KEY)   # an edit breaks the HMAC


def test_attempts_continue_in_a_new_kernel_and_are_counted_per_question(tmp_path):
    load("bluff", seed=1, student="bo", folder=tmp_path).q2.check("3")
    ws = load("bluff", seed=1, student="bo", folder=tmp_path)   # as after a restart
    ws.q2.check("4")
    ws.q3.check([0, 1])
    ws.q2.check("5")
    records, _ = read_log(tmp_path / file_name("bo"))
    assert [(r["question"], r["attempt"]) for r in records] == [(2, 1), (2, 2), (3, 1), (2, 3)]


def test_without_a_student_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ws = load("bluff", seed=1)
    ws.q1.check("1/3")
    assert list(tmp_path.iterdir()) == []


def test_the_folder_defaults_to_the_environment_then_here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load("bluff", seed=1, student="cy").q1.check("1/3")
    assert (tmp_path / file_name("cy")).exists()
    monkeypatch.setenv("BLUFFKIT_RESULTS_DIR", str(tmp_path / "results"))
    load("bluff", seed=1, student="cy").q1.check("1/3")
    assert (tmp_path / "results" / file_name("cy")).exists()


def test_bad_students_and_modes_are_refused_clearly(tmp_path):
    for student in ("", "  ", "a\nb", "x" * 101, 1.5, True, [1]):
        with pytest.raises(InvalidQuestion, match="student must be"):
            load("bluff", seed=1, student=student, folder=tmp_path)
    with pytest.raises(InvalidQuestion, match="mode must be 'practice' or 'exam'"):
        load("bluff", seed=1, student="ada", mode="test", folder=tmp_path)
    assert list(tmp_path.iterdir()) == []
    assert load("bluff", seed=1, student=12345, folder=tmp_path).q1.check("1/3")
    assert file_name("ada") != file_name("ad/a") and "/" not in file_name("../../etc/passwd")


def test_an_unwritable_folder_is_said_in_the_feedback_not_raised(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    ws = load("bluff", seed=1, student="ada", folder=blocker)
    feedback = ws.q1.check("1/3")
    assert feedback.status in ("mistake", "correct", "incorrect")
    assert "could not be saved" in feedback.message and "tell your teacher" in feedback.message


def test_answers_are_kept_as_typed_and_cut_when_huge():
    assert answer_as_typed(" 7 / 27 ") == " 7 / 27 " and answer_as_typed(Fraction(1, 3)) == (
        "Fraction(1, 3)")
    assert len(answer_as_typed("1" * 100_000)) < 1100
    assert answer_as_typed(10 ** 5000) == "<a int>"   # Python refuses to print it

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert answer_as_typed(Hostile()) == "<a Hostile>"


def test_the_course_key_comes_from_the_environment_or_a_file(tmp_path, monkeypatch):
    assert course_key() == KEY
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY")
    assert course_key() is None
    f = tmp_path / "key"
    f.write_text("  secret\n")
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY_FILE", str(f))
    assert course_key() == b"secret" == course_key(f)
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY_FILE", str(tmp_path / "missing"))
    with pytest.raises(InvalidQuestion, match="cannot read the course key file"):
        course_key()
    log = ResultsLog("ada", "bluff", 1, folder=tmp_path, key=None)
    assert log.append(1, "One die", "1/3", None, "incorrect", None)["hmac"] is None


# -- concurrency and crashes ----------------------------------------------------------------------
def check_attempts(path, n, key=KEY):
    records, problems = read_log(path)
    assert problems == [] and len(records) == n == len(lines(path))
    assert sorted(r["attempt"] for r in records) == list(range(1, n + 1))
    assert all(verify(r, key) for r in records)


def test_threads_checking_at_once_lose_nothing_and_number_attempts_once(tmp_path):
    logs = [ResultsLog("ada", "bluff", 3, folder=tmp_path) for _ in range(2)]  # two worksheets
    ws = load("bluff", seed=3, student="ada", folder=tmp_path)
    barrier = threading.Barrier(8)

    def work(i):
        barrier.wait()
        for j in range(25):
            if i % 2:
                ws.q1.check(f"{j}/7")
            else:
                logs[i % 4 // 2].append(1, "One die", f"{j}/7", None, "incorrect", None)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check_attempts(tmp_path / file_name("ada"), 200)


def _process_checks(folder, n):
    os.environ["BLUFFKIT_COURSE_KEY"] = KEY.decode()
    ws = load("bluff", seed=3, student="ada", folder=folder)
    for j in range(n):
        ws.q1.check(f"{j}/7")


def test_processes_checking_at_once_lose_nothing_and_number_attempts_once(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_process_checks, args=(str(tmp_path), 30)) for _ in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    check_attempts(tmp_path / file_name("ada"), 120)


def test_a_torn_last_line_is_skipped_and_the_next_record_starts_on_its_own_line(tmp_path):
    ws = load("bluff", seed=3, student="ada", folder=tmp_path)
    ws.q1.check("1/3")
    path = tmp_path / file_name("ada")
    with open(path, "ab") as f:                           # a kernel killed mid-write
        f.write(path.read_bytes()[:57])
    records, problems = read_log(path)
    assert len(records) == 1 and problems == [
        "line 2: an unfinished last line (the kernel stopped while writing it)"]
    ws.q1.check("1/6")
    records, problems = read_log(path)
    assert [r["attempt"] for r in records] == [1, 2] and problems == [
        "line 2: damaged, not a record"]
    assert all(verify(r, KEY) for r in records)


KILLED = """
import os, sys
os.environ["BLUFFKIT_COURSE_KEY"] = "k"
from bluffkit.exercises import load
ws = load("bluff", seed=3, student="ada", folder=sys.argv[1])
print("ready", flush=True)
while True:
    ws.q1.check("1/7")
"""


def test_a_kernel_killed_while_checking_leaves_only_whole_records(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", KILLED, str(tmp_path)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout.readline() == "ready\n"
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    records, problems = read_log(tmp_path / file_name("ada"))
    assert len(records) > 5
    assert problems in ([], [f"line {len(records) + 1}: an unfinished last line (the kernel "
                             "stopped while writing it)"])
    assert [r["attempt"] for r in records] == list(range(1, len(records) + 1))
    assert all(json.loads(json.dumps(r)) == r and verify(r, b"k") for r in records)


WINDOWS_LIKE = """
import errno, os, sys, types
import fcntl as real_fcntl
if sys.argv[2] == "msvcrt":  # Windows' msvcrt.locking, emulated with a byte-range lock
    msvcrt = types.ModuleType("msvcrt")
    msvcrt.LK_LOCK, msvcrt.LK_UNLCK = 1, 0
    msvcrt.calls = []
    def locking(fd, mode, nbytes):
        where = os.lseek(fd, 0, os.SEEK_CUR)
        msvcrt.calls.append((mode, nbytes, where))
        real_fcntl.lockf(fd, real_fcntl.LOCK_EX if mode else real_fcntl.LOCK_UN, nbytes, where)
    msvcrt.locking = locking
    sys.modules["msvcrt"] = msvcrt
sys.modules["fcntl"] = None   # Windows has no fcntl: importing it raises ImportError
del os.pread                  # nor os.pread
os.environ["BLUFFKIT_COURSE_KEY"] = "k"
from bluffkit.exercises import load
ws = load("bluff", seed=3, student="ada", folder=sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
for j in range(int(sys.argv[3])):
    assert ws.q1.check(f"{j}/7").status in ("incorrect", "mistake", "correct")
assert "fcntl" not in [m for m, v in sys.modules.items() if v is not None]
if sys.argv[2] == "msvcrt":  # every lock released, each on byte 0
    calls = sys.modules["msvcrt"].calls
    assert calls == [(1, 1, 0), (0, 1, 0)] * int(sys.argv[3]), calls[:4]
"""


@pytest.mark.parametrize("locking", ["msvcrt", "none"])
def test_without_fcntl_the_log_works_and_msvcrt_locks_between_processes(tmp_path, locking):
    """Windows (issue 28 item 6): no ``fcntl`` nor ``os.pread``; with ``msvcrt.locking``
    two kernels checking at once number their attempts once; with no lock at all, one kernel
    still writes every record."""
    kernels = 2 if locking == "msvcrt" else 1
    procs = [subprocess.Popen([sys.executable, "-c", WINDOWS_LIKE, str(tmp_path), locking, "40"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for _ in range(kernels)]
    for p in procs:
        assert p.stdout.readline() == "ready\n"
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        assert p.wait(120) == 0
    check_attempts(tmp_path / file_name("ada"), 40 * kernels, b"k")
