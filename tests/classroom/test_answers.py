"""Answers on the class server (issue 28 item 2): a ``results`` request is written to the
server's SQLite file before its ``ack``, kept once however often it is sent, checked against the
hub's word on a hub, counted in the teacher's live progress, and read back by ``bluffkit results
collect class.sqlite`` as a log file is."""

from __future__ import annotations

import http.server
import json
import sqlite3
import threading

import pytest

from bluffkit.classroom.client import AsyncClient, ClassroomError
from bluffkit.classroom.protocol import MAX_MESSAGE, MAX_RESULTS, ProtocolError, parse_request
from bluffkit.classroom.server import start_in_thread
from bluffkit.core.records import FORMAT, record_id, sign, verify
from bluffkit.teacher.collect import collect
from tests.classroom.conftest import run, teacher

KEY = b"course key"


def record(student="ada", question=1, attempt=1, correct=True, mode="practice", seed=7,
           key=KEY, **extra) -> dict:
    r = {"format": FORMAT, "student": student, "set": "bluff", "seed": seed, "mode": mode,
         "question": question, "title": "One die", "attempt": attempt, "answer": "1/3",
         "reading": {"value": "1/3", "exact": True},
         "status": "recorded" if mode == "exam" else ("correct" if correct else "incorrect"),
         "correct": None if mode == "exam" else correct, "mistake": None,
         "time": f"2026-11-27T20:00:{attempt:02d}.000+00:00", **extra}
    r["hmac"] = sign(r, key)
    return r


def stored(db) -> list[tuple]:
    with sqlite3.connect(db) as c:  # a connection of its own: what is on disk
        return c.execute("SELECT id, student, hub_user, record FROM answers").fetchall()


async def send(url, records, hub_token=None):
    c = await AsyncClient.connect(url)
    try:
        frame = {"type": "results", "records": records}
        if hub_token:
            frame["hub_token"] = hub_token
        return await c.request(frame)
    finally:
        await c.close()


def test_answers_are_on_disk_before_the_ack_and_kept_once(server, tmp_path):
    db = str(tmp_path / "class.sqlite")
    a, b = record(attempt=1, correct=False), record(attempt=2)
    out = run(send(server.url, [a, b]))
    assert (out["type"], out["stored"], out["received"]) == ("ack", 2, 2)
    rows = stored(db)  # read the moment the ack came
    assert sorted(json.loads(r[3])["attempt"] for r in rows) == [1, 2]
    assert {r[0] for r in rows} == {record_id(a), record_id(b)}
    assert all(verify(json.loads(r[3]), KEY) for r in rows)  # kept as signed
    out = run(send(server.url, [b, record(attempt=3), b]))  # sent again: kept once
    assert (out["stored"], out["received"], len(stored(db))) == (1, 3, 3)


def test_what_is_not_a_record_is_refused_and_nothing_is_written(server, tmp_path):
    for bad in ([], [{"format": FORMAT}], [dict(record(), seed="7")], "x",
                [dict(record(), hmac=5)]):
        with pytest.raises(ClassroomError) as e:
            run(send(server.url, bad))
        assert e.value.error == "bad_message"
    assert stored(str(tmp_path / "class.sqlite")) == []
    big = json.dumps({"type": "view", "pad": "x" * MAX_MESSAGE})
    with pytest.raises(ProtocolError, match="at most 4096 characters"):
        parse_request(big)  # only a results request may be longer than MAX_MESSAGE
    many = json.dumps({"type": "results", "records": [record()] * 200})
    assert len(many) > MAX_RESULTS
    with pytest.raises(ProtocolError, match="at most 60000 characters"):
        parse_request(many)
    assert len(parse_request(json.dumps({"type": "results", "records": [record()] * 40}))[
        "records"]) == 40


def test_the_teacher_sees_progress_per_question_live(server):
    async def go():
        t = await teacher(server.url)
        assert (await t.request({"type": "progress"}))["questions"] == []
        await t.watch()
        await send(server.url, [record("ada", 1, 1, False), record("ada", 1, 2, True),
                                record("bo", 1, 1, False), record("bo", 2, 1, True),
                                record("cy", 1, 1, mode="exam")])
        for _ in range(50):
            if any(e["type"] == "progress" for e in t.events):
                break
            await __import__("asyncio").sleep(0.05)
        pushed = [e for e in t.events if e["type"] == "progress"][-1]
        asked = await t.request({"type": "progress"})
        await t.close()
        return pushed, asked

    pushed, asked = run(go())
    rows = {(q["mode"], q["question"]): (q["students"], q["correct"], q["answers"])
            for q in asked["questions"]}
    assert rows == {("practice", 1): (2, 1, 3), ("practice", 2): (1, 1, 1),
                    ("exam", 1): (1, None, 1)}
    assert pushed["questions"] == asked["questions"] and asked["students"] == 3


def test_a_student_cannot_read_the_progress(server):
    async def go():
        c = await AsyncClient.connect(server.url)
        try:
            await c.request({"type": "progress"})
        finally:
            await c.close()
    with pytest.raises(ClassroomError) as e:
        run(go())
    assert e.value.error == "not_teacher"


class FakeHub(http.server.BaseHTTPRequestHandler):
    """The hub's ``GET /hub/api/user``: whose token is it."""

    users = {"tok-ada": "ada", "tok-bo": "bo"}

    def do_GET(self):
        name = self.users.get(self.headers.get("Authorization", "").removeprefix("token "))
        body = json.dumps({"name": name, "admin": False, "groups": []}).encode()
        self.send_response(200 if name else 403)
        self.end_headers()
        self.wfile.write(body if name else b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def hub_server(tmp_path):
    hub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    thread = threading.Thread(target=hub.serve_forever, daemon=True)
    thread.start()
    srv = start_in_thread(str(tmp_path / "hub.sqlite"),
                          hub_api=f"http://127.0.0.1:{hub.server_port}/hub/api")
    yield srv
    srv.stop()
    hub.shutdown()
    hub.server_close()


def test_on_a_hub_answers_are_under_the_senders_hub_name_only(hub_server, tmp_path):
    db = str(tmp_path / "hub.sqlite")
    refusals = {}
    for name, records, token in [("no token", [record("ada")], None),
                                 ("unknown token", [record("ada")], "tok-eve"),
                                 ("not hers", [record("ada"), record("bo")], "tok-ada")]:
        with pytest.raises(ClassroomError) as e:
            run(send(hub_server.url, records, token))
        refusals[name] = e.value.error
    assert refusals == {"no token": "bad_token", "unknown token": "bad_token",
                        "not hers": "not_yours"}
    assert stored(db) == []
    assert run(send(hub_server.url, [record("bo")], "tok-bo"))["stored"] == 1
    assert [r[1:3] for r in stored(db)] == [("bo", "bo")]


def test_collect_reads_the_servers_file_as_it_reads_logs(server, tmp_path):
    db = tmp_path / "class.sqlite"
    tampered = dict(record("bo", attempt=2), correct=False)   # edited after signing
    unsigned = record("cy", key=None)
    run(send(server.url, [record("ada"), record("bo"), tampered, unsigned,
                          record("di", mode="exam", seed=4)]))
    log = tmp_path / "homes" / "bluffkit-results-ada.jsonl"  # the same answer in a log too
    log.parent.mkdir()
    log.write_text(json.dumps(record("ada")) + "\n", encoding="utf-8")
    found = collect([db, tmp_path / "homes"], KEY)
    assert [(r["student"], r["attempt"]) for r in found.records] == [("ada", 1), ("bo", 1),
                                                                     ("di", 1)]
    assert found.records[-1]["status"] in ("correct", "incorrect", "mistake")  # exam graded
    problems = " ".join(p for _where, p in found.problems)
    assert "bo, bluff q1 attempt 2: the record does not verify" in problems
    assert "cy, bluff q1 attempt 1: the record carries no checksum" in problems
    assert found.files == 2 and found.records[0]["file"] in (str(db), str(log))
    empty = tmp_path / "new.sqlite"
    sqlite3.connect(empty).execute("CREATE TABLE rooms (code TEXT)").connection.close()
    assert collect([empty], KEY).records == []
