"""A student's answers reach the class server (issue 28 item 2): with ``BLUFFKIT_CLASSROOM_URL``
set, each ``check()`` is on the server's disk when it returns; offline it stays queued in the
log and goes when the server is back, also from a kernel started later; a kernel whose event
loop runs (Jupyter) sends without asyncio; inside a hub the record is under the hub name; a
server that does not answer holds a check up for ``WAIT`` seconds at most."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
import time

import pytest

from bluffkit.classroom.server import start_in_thread
from bluffkit.exercises import load
from bluffkit.exercises.outbox import WAIT
from bluffkit.exercises.results import file_name, read_log, verify
from tests.classroom.test_answers import FakeHub, hub_server  # noqa: F401 (a fixture)
from tests.conftest import run_async

KEY = b"course key for the tests"


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("BLUFFKIT_COURSE_KEY", KEY.decode())
    for v in ("BLUFFKIT_COURSE_KEY_FILE", "BLUFFKIT_RESULTS_DIR", "JUPYTERHUB_USER",
              "JUPYTERHUB_API_TOKEN"):
        monkeypatch.delenv(v, raising=False)


def on_server(db) -> list[dict]:
    try:
        with sqlite3.connect(db) as c:
            return [json.loads(r) for (r,) in c.execute("SELECT record FROM answers")]
    except sqlite3.OperationalError:  # no table yet: nothing arrived
        return []


def until(condition, seconds=20.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.05)


def test_each_check_is_on_the_server_when_it_returns(server, tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", server.url)
    db = str(tmp_path / "class.sqlite")
    ws = load("bluff", seed=5, student="ada", folder=tmp_path / "home")
    for n, answer in enumerate(["1/2", ws.q1.expected(), "banana"], 1):
        feedback = ws.q1.check(answer)
        assert "⚠️" not in feedback.message
        assert len(on_server(db)) == n
    local, _problems = read_log(tmp_path / "home" / file_name("ada"))
    assert on_server(db) == local and all(verify(r, KEY) for r in local)
    assert [r["status"] for r in local] == ["incorrect", "correct", "unreadable"]


def test_offline_answers_wait_in_the_log_and_go_when_the_server_is_back(tmp_path, monkeypatch):
    db = str(tmp_path / "class.sqlite")
    srv = start_in_thread(db)
    port = srv.server.port
    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", srv.url)
    ws = load("bluff", seed=5, student="bo", folder=tmp_path)
    ws.q1.check("1/2")
    srv.stop()                                             # the server restarts ...
    offline = [ws.q2.check(str(n)) for n in range(3)]      # ... while bo answers
    assert all("class server cannot be reached" in f.message for f in offline)
    assert len(on_server(db)) == 1
    srv = start_in_thread(db, port=port)
    try:
        until(lambda: len(on_server(db)) == 4)             # sent without another check
        ws.q3.check([0, 1])
        assert len(on_server(db)) == 5
        log = tmp_path / file_name("bo")
        assert on_server(db) == read_log(log)[0]           # every answer once, in order
        assert int(log.with_name(log.name + ".sent").read_text()) == log.stat().st_size
    finally:
        srv.stop()


QUEUED = """
import os, sys
os.environ["BLUFFKIT_CLASSROOM_URL"] = sys.argv[2]
from bluffkit.exercises import load
ws = load("bluff", seed=8, student="cy", folder=sys.argv[1])
for n in range(4):
    assert "cannot be reached" in ws.q1.check(f"{n}/9").message
"""


def test_answers_left_queued_by_a_stopped_kernel_go_when_the_set_is_loaded_again(
        tmp_path, monkeypatch):
    with socket.socket() as s:  # a port with no server
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"ws://127.0.0.1:{port}"
    subprocess.run([sys.executable, "-c", QUEUED, str(tmp_path), url], check=True, timeout=120)
    db = str(tmp_path / "class.sqlite")
    srv = start_in_thread(db, port=port)
    try:
        monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", url)
        load("bluff", seed=8, student="cy", folder=tmp_path)   # no check: loading sends them
        until(lambda: len(on_server(db)) == 4)
    finally:
        srv.stop()


IN_A_RUNNING_LOOP = """
import asyncio, os, sys
os.environ["BLUFFKIT_CLASSROOM_URL"] = sys.argv[2]
from bluffkit.exercises import load

async def cell():  # as in a Jupyter kernel: check() runs while the kernel's loop runs
    ws = load("bluff", seed=2, student=sys.argv[3], folder=sys.argv[1])
    print(ws.q1.check("1/3").message.count("⚠️"), flush=True)

asyncio.run(cell())
"""


def test_a_kernel_whose_event_loop_runs_sends_without_asyncio(server, tmp_path):
    out = subprocess.run([sys.executable, "-c", IN_A_RUNNING_LOOP, str(tmp_path), server.url,
                          "di"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "0\n"
    assert [r["student"] for r in on_server(str(tmp_path / "class.sqlite"))] == ["di"]


def test_inside_a_hub_answers_are_under_the_hub_account(hub_server, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", hub_server.url)
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-ada")
    ws = load("bluff", seed=2, student="Someone Else", folder=tmp_path)
    assert "⚠️" not in ws.q1.check("1/3").message
    load("bluff", seed=2, folder=tmp_path).q2.check("3")   # no name typed: the hub's
    with sqlite3.connect(tmp_path / "hub.sqlite") as c:
        rows = c.execute("SELECT student, hub_user FROM answers").fetchall()
    assert rows == [("ada", "ada"), ("ada", "ada")]
    assert (tmp_path / file_name("ada")).exists()


def test_a_server_that_does_not_answer_holds_a_check_up_at_most_wait_seconds(
        tmp_path, monkeypatch):
    with socket.socket() as hung:   # accepts connections (the kernel's backlog), never answers
        hung.bind(("127.0.0.1", 0))
        hung.listen(8)
        monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", f"ws://127.0.0.1:{hung.getsockname()[1]}")
        ws = load("bluff", seed=2, student="eve", folder=tmp_path)
        start = time.monotonic()
        feedback = ws.q1.check("1/3")
        took = time.monotonic() - start
    assert "cannot be reached" in feedback.message
    assert took < WAIT + 1.0
    assert len(read_log(tmp_path / file_name("eve"))[0]) == 1   # saved all the same


def test_the_browser_sender_never_holds_a_check_up_and_sends_from_the_event_loop(tmp_path):
    """``BrowserOutbox`` (the sender in Pyodide, where a check may not wait and there are no
    threads), run here on asyncio with the real server: a check returns at once, its answer
    reaches the server from the event loop; offline, the next check says the answers wait, and
    they go once the server is back without another check."""
    from bluffkit.exercises.outbox import BrowserOutbox
    from bluffkit.exercises.results import ResultsLog

    db = str(tmp_path / "class.sqlite")
    srv = start_in_thread(db)
    port, url = srv.server.port, srv.url
    log = ResultsLog("fe", "bluff", 3, folder=tmp_path, key=KEY)

    def answer(text: str) -> int:
        log.append(question=1, title="One die", answer=text, reading=None,
                   status="incorrect", mistake=None)
        return log.written

    async def main():
        nonlocal srv
        box = BrowserOutbox(log.path, url, None)
        start = time.monotonic()
        assert box.deliver(answer("1/2")) is None
        assert time.monotonic() - start < WAIT / 4  # the server is not waited for (WAIT: 2 s)
        await until_async(lambda: len(on_server(db)) == 1)
        srv.stop()
        assert box.deliver(answer("1/3")) is None  # not known yet: this try is under way
        await until_async(lambda: box.failure is not None)
        tries = box.finished
        assert "cannot be reached just now" in box.deliver(answer("1/4"))
        await until_async(lambda: box.finished > tries)  # this try failed too
        srv = start_in_thread(db, port=port)
        await until_async(lambda: len(on_server(db)) == 3, seconds=40)  # retried by itself
        assert on_server(db) == read_log(log.path)[0]
        assert box.deliver(answer("1/5")) is None
        await until_async(lambda: len(on_server(db)) == 4)

    try:
        run_async(main())
    finally:
        srv.stop()


async def until_async(condition, seconds=20.0):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "not in time"
        await asyncio.sleep(0.05)
