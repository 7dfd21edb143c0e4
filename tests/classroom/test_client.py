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


def test_closing_a_client_twice_returns_at_once_and_leaves_no_coroutine(server):
    """The teacher's dashboard closes its client, then ipywidgets closes the widget again: the
    second close used to wait 15 s for a stopped loop and leave ``AsyncClient.close`` never
    awaited."""
    c = Client(server.url)
    c.close()
    start = time.monotonic()
    c.close()
    assert time.monotonic() - start < 1
    with pytest.raises(ClassroomError, match="closed"):
        c.tables()  # a request after close: a plain error, no coroutine left behind


def test_stopping_the_server_leaves_no_bot_turn_pending(tmp_path):
    """A student still seated when the server stops: their seat empties, which used to start a
    bot turn after the bots had been cancelled ("Task was destroyed but it is pending")."""
    import asyncio

    from bluffkit.classroom.server import start_in_thread

    running = start_in_thread(str(tmp_path / "class.sqlite"), teacher_token=TEACHER,
                              bot_after=60)
    teacher, ana = Client(running.url), Client(running.url)
    teacher.teacher(TEACHER)
    code = teacher.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=1)["code"]
    ana.join(code, "Ana")
    ana.wait_view()
    running.stop()
    assert not running.thread.is_alive()
    assert not asyncio.all_tasks(running.loop)
    teacher.close()
    ana.close()
