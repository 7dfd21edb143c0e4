"""The client library: a wrong address is one clear error; the thread-backed client works from
plain (blocking) code such as a Jupyter cell."""

from __future__ import annotations

import socket
import time

import pytest

from bluffkit.classroom.client import ClassroomError, Client

from .conftest import TEACHER


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("url", ["ws://127.0.0.1:{port}", "http://127.0.0.1:{port}", "nonsense",
                                 "ws://"])
def test_a_wrong_address_is_one_clear_error(url):
    with pytest.raises(ClassroomError) as e:
        Client(url.format(port=free_port()), timeout=2)
    assert e.value.error == "unreachable"
    assert "cannot reach the classroom server" in str(e.value)


def test_the_blocking_client_plays_a_game_and_the_teacher_exports_it(server):
    teacher = Client(server.url)
    teacher.teacher(TEACHER)
    code = teacher.open_room("bluff-you", {"players": 2}, seed=3)["code"]
    a, b = Client(server.url), Client(server.url)
    seen = []
    a.on_view = seen.append
    assert (a.join(code, "Ana")["seat"], b.join(code, "Ben")["seat"]) == (0, 1)
    n = 0
    while True:  # every view at move n is sent after chance moved: one seat has moves
        va, vb = (c.wait_view(lambda v, n=n: v["moves"] >= n) for c in (a, b))
        if va["over"]:
            break
        me, v = (a, va) if va["legal"] else (b, vb)
        n = me.move(v["legal"][0])["moves"]
    assert seen and seen[-1]["over"] and vb["over"]
    csv = teacher.export("csv", code)
    assert csv.splitlines()[0].startswith("room,game,seed,move,seat,name,by,action")
    assert csv.count("\n") == teacher.table(code)["moves"] + 2  # header, moves, result
    assert teacher.reveal(code)["type"] == "ack"
    for _ in range(100):
        if any(e["type"] == "revealed" for e in b.events):
            break
        time.sleep(0.02)
    revealed = next(e for e in b.events if e["type"] == "revealed")
    assert len(revealed["log"]) == teacher.table(code)["moves"]
    for c in (a, b, teacher):
        c.close()
