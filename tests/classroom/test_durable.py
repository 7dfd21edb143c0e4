"""Moves are written to disk in a thread: a slow disk (``--sync full`` flushes it for every
move) holds up only the move being written, never the other tables; and a move is still on
disk before it is acknowledged."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from bluffkit.classroom.client import Client
from bluffkit.classroom.rooms import Hub
from bluffkit.classroom.server import start_in_thread

from .conftest import TEACHER

SLOW = 0.6
"""Seconds a write takes on the slowed disk."""


def test_a_slow_write_does_not_hold_up_the_other_tables(tmp_path, monkeypatch):
    running = start_in_thread(str(tmp_path / "class.sqlite"), teacher_token=TEACHER,
                              bot_after=600)
    teacher, ana = Client(running.url), Client(running.url)
    try:
        teacher.teacher(TEACHER)
        code = teacher.open_room("bluff", {"players": 2, "dice_per_player": 2}, seed=1)["code"]
        ana.join(code, "Ana")
        ben = Client(running.url)
        ben.join(code, "Ben")
        mover = ana if ana.wait_view()["legal"] else ben
        real = Hub._write

        def slow_write(self, *statements):
            time.sleep(SLOW)  # a disk flush that takes its time
            real(self, *statements)

        monkeypatch.setattr(Hub, "_write", slow_write)
        done = {}
        move = threading.Thread(target=lambda: done.setdefault(
            "ack", mover.move(mover.view["legal"][0])))
        move.start()
        time.sleep(0.1)  # the move is being written now
        start = time.monotonic()
        tables = teacher.tables()  # another request, answered by the same loop
        waited = time.monotonic() - start
        move.join(10)
        assert done["ack"]["type"] == "ack"
        assert len(tables) == 1
        assert waited < SLOW / 2, f"the loop waited {waited:.2f} s for the disk"
        ben.close()
    finally:
        teacher.close()
        ana.close()
        running.stop()


def test_every_move_is_on_disk_before_its_ack(tmp_path):
    db = tmp_path / "class.sqlite"
    running = start_in_thread(str(db), teacher_token=TEACHER, bot_after=600)
    clients = [Client(running.url) for _ in range(3)]
    teacher, *seats = clients
    try:
        teacher.teacher(TEACHER)
        code = teacher.open_room("bluff-you", {"players": 2}, seed=4)["code"]
        for i, c in enumerate(seats):
            c.join(code, f"S{i}")
        reader = sqlite3.connect(db)
        acks = n = 0
        while True:
            views = [c.wait_view(lambda v, n=n: v["moves"] >= n) for c in seats]
            if views[0]["over"]:
                break
            mover = next(c for c, v in zip(seats, views) if v["legal"])
            ack = mover.move(mover.view["legal"][0])
            # another connection to the file sees the move as soon as it is acknowledged
            row = reader.execute("SELECT seat, action FROM moves WHERE code = ? AND idx = ?",
                                 (code, ack["move"])).fetchone()
            assert row is not None and row[0] == mover.seat, ack
            logged = reader.execute("SELECT COUNT(*) FROM moves WHERE code = ?",
                                    (code,)).fetchone()[0]
            assert logged == ack["moves"]  # the chance moves after it too
            acks, n = acks + 1, ack["moves"]
        assert acks >= 10
        reader.close()
    finally:
        for c in clients:
            c.close()
        running.stop()


def test_the_group_writer_writes_what_waits_in_one_transaction_and_a_bad_write_alone():
    from bluffkit.classroom.rooms import GroupWriter

    hub = Hub(":memory:")
    room = hub.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=2)
    calls = []
    gate = threading.Event()
    real = Hub._write

    def counted(self, *statements):
        gate.wait(5)  # the first write holds the thread while the others queue up
        calls.append(len(statements))
        real(self, *statements)

    Hub._write = counted
    try:
        writer = GroupWriter(hub)
        base = len(room.moves)

        def move(i):
            return [("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)",
                     (room.code, base + i, 0, "1x1", "player", 0.0))]

        first = writer.submit(move(0))
        time.sleep(0.1)
        waiting = [writer.submit(move(i)) for i in (1, 2, 3)]
        bad = writer.submit(move(1))  # the same place in the log again: refused by SQLite
        gate.set()
        first.result(5)
        for f in waiting:
            assert f.result(5) is None
        with pytest.raises(sqlite3.IntegrityError):
            bad.result(5)
        writer.stop()
    finally:
        Hub._write = real
    assert calls[:2] == [1, 4]  # the first alone, then the four waiting in one transaction
    rows = hub.db.execute("SELECT COUNT(*) FROM moves WHERE code = ? AND idx >= ?",
                          (room.code, base)).fetchone()[0]
    assert rows == 4


def test_joining_opening_and_closing_write_off_the_event_loop(tmp_path):
    """Issue 26 item 17: a seat taken, a room opened or closed was written to SQLite on the
    event loop, so a slow disk stopped every table. Another program holds the database's write
    lock for a second (a real lock on the real file): while a join, an open and a close wait
    for it, the server still answers another request at once, and each is done once the disk
    is free."""
    db = str(tmp_path / "class.sqlite")
    running = start_in_thread(db, teacher_token=TEACHER, bot_after=600)
    teacher, other = Client(running.url), Client(running.url)
    clients = [teacher, other]
    try:
        teacher.teacher(TEACHER)
        other.teacher(TEACHER)
        code = teacher.open_room("bluff", {"players": 3}, seed=1)["code"]

        def join():
            ana = Client(running.url)
            clients.append(ana)
            return ana.join(code, "Ana")["seat"]

        for name, request, done in (
                ("join", join, lambda out: out == 0),
                ("open", lambda: teacher.open_room("bungee", {"players": 2})["code"],
                 lambda out: out in running.server.hub.rooms),
                ("close", lambda: teacher.close_room(code)["type"],
                 lambda out: running.server.hub.rooms[code].closed is not None)):
            blocker = sqlite3.connect(db, isolation_level=None)
            blocker.execute("BEGIN IMMEDIATE")  # the disk is busy: writes wait for it
            box = {}
            asked = threading.Thread(target=lambda request=request, box=box: box.setdefault(
                "out", request()))
            asked.start()
            time.sleep(0.3)  # the request waits for the disk now
            start = time.monotonic()
            tables = other.tables()  # another request, answered by the same loop
            waited = time.monotonic() - start
            time.sleep(0.5)
            blocker.execute("COMMIT")
            blocker.close()
            asked.join(10)
            assert waited < 0.2, f"{name}: the loop waited {waited:.2f} s for the disk"
            assert "out" in box and done(box["out"]), name
            assert tables
    finally:
        for c in clients:
            c.close()
        running.stop()


def test_the_teacher_token_is_kept_in_the_file_for_the_next_start(tmp_path):
    """Issue 26 item 5: a server started again without --teacher-token made a new token, so the
    teacher's dashboard could not come back by itself (the students' seats could: their tokens
    are kept). The file keeps the teacher token's hash (never the token itself); a token given
    at a start replaces it."""
    from bluffkit.classroom.client import ClassroomError

    db = str(tmp_path / "class.sqlite")

    def takes(running, token: str) -> bool:
        c = Client(running.url)
        try:
            c.teacher(token)
            return True
        except ClassroomError as e:
            assert e.error == "not_teacher"
            return False
        finally:
            c.close()

    first = start_in_thread(db)
    token = first.teacher_token
    first.stop()
    with sqlite3.connect(db) as kept:
        assert token not in str(kept.execute("SELECT * FROM settings").fetchall())
    for given, printed, good, bad in ((None, None, token, "another-token"),
                                      (TEACHER, TEACHER, TEACHER, token),
                                      (None, None, TEACHER, token)):
        running = start_in_thread(db, teacher_token=given)
        try:
            assert running.teacher_token == printed
            assert takes(running, good) and not takes(running, bad)
        finally:
            running.stop()
