"""A student's table where nothing may wait (the browser's kernel, issue 30): ``join_later``
returns at once saying it connects, takes the seat from the event loop, sends moves without
waiting, says each failure in one plain sentence (English and French) and comes back to the
seat after the server restarts. Run here in CPython on a real class server (127.0.0.1, started
by bluffkit's own code) over ``websockets``; in the browser the same code runs over the
browser's WebSocket (tests/lite/test_site_notebooks.py)."""

from __future__ import annotations

import asyncio
import time

from bluffkit.classroom.client import Client
from bluffkit.classroom.server import start_in_thread
from bluffkit.i18n import language
from bluffkit.widgets.classroom import JoinFailed, Joining, join, join_later
from bluffkit.widgets.remote import RemoteBluffTable
from tests.conftest import TEACHER, run_async
from tests.widgets.test_classroom import my_turn, open_room, restart


async def until(condition, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        await asyncio.sleep(0.02)


def log_of(url: str, code: str) -> list:
    """The room's moves as the teacher reads them: ``[seat, action, by]``."""
    teacher = Client(url)
    try:
        teacher.teacher(TEACHER)
        return teacher.table(code)["log"]
    finally:
        teacher.close()


async def seated(box: Joining) -> RemoteBluffTable:
    await until(lambda: box.table is not None and box.table.view is not None)
    return box.table


def test_the_table_comes_at_once_and_plays_on_the_server(server):
    code = open_room(server.url, "bluff", {"players": 2, "dice_per_player": 2}, seed=5,
                     bot_after=0)

    async def main():
        box = join_later(server.url, code, "Ana")
        assert box.table is None and "Connecting to the class server at" in \
            box.children[0].value
        table = await seated(box)
        assert isinstance(table, RemoteBluffTable) and box.children == (table,)
        await until(lambda: my_turn(table))
        table.explain.toggle.value = True  # Explain, from the seat's own observation
        assert "Traceback" not in table.explain.body.value and \
            len(table.explain.body.value) > 200, table.explain.body.value
        sent = []
        while not table.view["over"] and len(sent) < 4:
            await until(lambda: my_turn(table) or table.view["over"])
            if table.view["over"]:
                break
            n = table.view["moves"]
            action = table.view["legal"][0]
            table.play(action)  # returns at once; the view comes back from the server
            sent.append(action)
            await until(lambda n=n: table.view["moves"] > n)
        log = log_of(server.url, code)  # the bot played Ana's seat before she sat
        ours = [a for seat, a, by in log if seat == table.seat and by != "bot"]
        assert sent and ours == sent
        table.link.close()

    run_async(main())


def test_every_failure_is_one_plain_sentence_in_english_and_french(server):
    code = open_room(server.url, "bluff", {"players": 2, "dice_per_player": 1})

    async def failed(url, room, lang="en") -> str:
        with language(lang):
            box = join_later(url, room, "Cy")
            await until(lambda: box.message is not None)
            assert isinstance(box.children[0], JoinFailed)
            return box.message

    async def main():
        ana, ben = join_later(server.url, code, "Ana"), join_later(server.url, code, "Ben")
        tables = [await seated(ana), await seated(ben)]
        assert await failed(server.url, code) == (
            f"Every seat at table {code} is taken. Ask your teacher for another table.")
        assert await failed(server.url, "ZZZZZ") == (
            "There is no table with the code ZZZZZ. Check the code on the board.")
        assert await failed(server.url, "ZZZZZ", "fr") == (
            "Il n'y a pas de table avec le code ZZZZZ. Vérifie le code au tableau.")
        assert "cannot be reached" in await failed("ws://127.0.0.1:9", code)
        assert "est injoignable" in await failed("ws://127.0.0.1:9", code, "fr")
        assert "must start with ws://" in await failed("http://127.0.0.1:9", code)
        waiting = next(t for t in tables if not my_turn(t))
        waiting.link.move(waiting.view["legal"][0] if waiting.view["legal"] else "1x2")
        await until(lambda: waiting.errors.value != "")  # the server's refusal, said
        assert "turn" in waiting.errors.value and "Traceback" not in waiting.errors.value
        for t in tables:
            t.link.close()

    run_async(main())


def test_the_seat_comes_back_after_a_restart_and_a_move_made_meanwhile_goes(tmp_path):
    db = str(tmp_path / "class.sqlite")
    first = start_in_thread(db, teacher_token=TEACHER, bot_after=60)
    port = first.server.port
    code = open_room(first.url, "bluff", {"players": 2, "dice_per_player": 2}, seed=7)
    servers = [first]

    async def main():
        ana = await seated(join_later(first.url, code, "Ana"))
        ben = join(first.url, code, "Ben")  # a CPython seat beside it
        await until(lambda: ben.view is not None)
        if my_turn(ben):
            n = ben.view["moves"]
            ben.play(ben.view["legal"][0])
            await until(lambda: ana.view["moves"] > n)
        await until(lambda: my_turn(ana))
        servers.remove(first)
        first.stop()  # the server goes away mid-game
        await until(lambda: "lost" in ana.connection.value)
        assert ana.reconnect_button.layout.display is None  # the button shows
        move = ana.view["legal"][0]
        n = ana.view["moves"]
        ana.play(move)  # held while the server is down, said at once
        assert f"Your move {move} will be sent" in ana.connection.value
        servers.append(restart(db, port, (ana, ben)))
        await until(lambda: ana.connection.value == "" and ana.view["moves"] > n, timeout=30)
        assert ana.link.client is not None and ana.reconnect_button.layout.display == "none"
        assert log_of(servers[-1].url, code)[n][:2] == [ana.seat, move]
        for t in (ana, ben):
            t.link.close()

    try:
        run_async(main())
    finally:
        for s in servers:
            s.stop()
