"""``bluffkit results collect`` pointed at hostile files (issue 26, item 15): an endless key
file, a log line nested 100,000 levels deep, a log larger than the bound, a device or a pipe
named as a log. A clear report or a one-line error, never a traceback or a read without end."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bluffkit.cli import main
from bluffkit.core import InvalidQuestion
from bluffkit.exercises.results import ResultsLog, course_key, read_log
from bluffkit.teacher import collect as collect_module

KEY = b"course key"


@pytest.fixture
def logs(tmp_path, monkeypatch):
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY", raising=False)
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY_FILE", raising=False)
    folder = tmp_path / "logs"
    folder.mkdir()
    log = ResultsLog("Ada", "bluff", 7, folder=folder, key=KEY)
    log.append(
        question=1, title="One die", answer="1/3", reading={"value": "1/3", "exact": True},
        status="correct", mistake=None)
    return log.path


def test_an_endless_key_file_is_refused_after_a_few_kilobytes(logs, tmp_path, capsys):
    """``--key-file /dev/zero`` read until the machine ran out of memory; run in a process
    whose address space is capped at 1 GB (a MemoryError traceback before), it must answer at
    once."""
    run = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30)); "
           "from bluffkit.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", run, "results", "collect", str(logs.parent),
                           "--csv",
                           str(tmp_path / "g.csv"), "--key-file", "/dev/zero"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(
        "bluffkit: error: --key-file: cannot read the course key file /dev/zero")
    assert "larger than 4096 bytes" in done.stderr and "Traceback" not in done.stderr


def test_a_folder_as_key_file_is_refused(logs, tmp_path):
    with pytest.raises(InvalidQuestion, match="cannot read the course key file .*folder"):
        course_key(tmp_path / "folder")


def test_a_log_line_nested_100000_deep_is_reported_not_a_traceback(logs, tmp_path, capsys):
    with open(logs, "ab") as f:
        f.write(b"[" * 100_000 + b"\n")
    records, problems = read_log(logs)
    assert len(records) == 1 and problems == ["line 2: damaged, not a record"]
    assert main(["results", "collect", str(logs.parent), "--csv", str(tmp_path / "g.csv")]) == 0
    out = capsys.readouterr()
    assert "line 2: damaged, not a record, skipped" in out.err
    assert "Answers counted: 1; students: 1" in out.out


def test_a_log_larger_than_the_bound_is_skipped_unread(logs, tmp_path, monkeypatch, capsys):
    big = logs.parent / "bluffkit-results-Big.jsonl"
    big.write_bytes(b"x" * 1_000_001)
    monkeypatch.setattr(collect_module, "MAX_FILE", 1_000_000)
    assert main(["results", "collect", str(logs.parent), "--csv", str(tmp_path / "g.csv")]) == 0
    err = capsys.readouterr().err
    assert f"skipped: {big}: larger than 1 MB: not a results log, skipped" in err


def test_a_device_or_a_pipe_named_as_a_log_is_said_so(logs, tmp_path, capsys):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    assert main(["results", "collect", str(logs.parent), "/dev/zero", str(fifo), "--csv",
                 str(tmp_path / "g.csv")]) == 0
    err = capsys.readouterr().err
    assert "skipped: /dev/zero: not a file or a folder" in err
    assert f"skipped: {fifo}: not a file or a folder" in err
