"""Faults: the server killed (SIGKILL) mid-game and started again, clients that drop and come
back, a client that does not read."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bluffkit.classroom.client import AsyncClient, ClassroomError
from bluffkit.classroom.rooms import Hub
from bluffkit.classroom.server import start_in_thread

from .conftest import TEACHER, play_room, raw_client, replay, run, seat_loop, teacher, text_frame

ROOMS = [("bluff", {"players": 3, "dice_per_player": 2}), ("bluff-you", {"players": 3}),
         ("poker-dice", {"players": 3, "starting_points": 6}), ("jungle-bluff", {"players": 3}),
         ("bungee", {"players": 3, "rounds": 1})]


def serve(db: Path, bot_after: float = 60, port: int = 0,
          token: str | None = TEACHER) -> tuple[subprocess.Popen, str]:
    """``bluffkit serve`` in its own process on ``port`` (0: a free one), with the teacher
    ``token`` (``None``: as the server chooses); returns it and its URL."""
    script = Path(sys.executable).with_name("bluffkit")
    cmd = [str(script)] if script.exists() else [
        sys.executable, "-c", "import sys; from bluffkit.cli import main; sys.exit(main())"]
    given = ["--teacher-token", token] if token is not None else []
    proc = subprocess.Popen([*cmd, "serve", "--port", str(port), "--db", str(db), *given,
                             "--bot-after", str(bot_after)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    if "ws://" not in line:
        proc.kill()
        raise AssertionError(f"the server did not start: {line}{proc.stdout.read()}")
    return proc, line.split()[4]


def printed(proc: subprocess.Popen, seconds: float = 3) -> list[str]:
    """The lines ``proc`` prints within ``seconds``."""
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")),
                     daemon=True).start()
    time.sleep(seconds)
    return list(lines)


async def open_every_room(url: str):
    """A teacher on ``url`` and the join codes of the rooms it opens: one per entry of ``ROOMS``,
    seeded with its index."""
    t = await teacher(url)
    return t, [(await t.open_room(g, r, seed=i))["code"] for i, (g, r) in enumerate(ROOMS)]


def test_a_restarted_server_prints_the_join_codes_of_its_rooms(tmp_path):
    """Issue 26 item 5: started again on its file, the server printed no join code, so a
    teacher who had lost them could not tell the class. It prints each open game's code."""
    db = tmp_path / "class.sqlite"
    proc, url = serve(db)
    try:
        async def before():
            t, codes = await open_every_room(url)
            closed = codes.pop()
            await t.close_room(closed)
            return codes, closed
        codes, closed = run(before())
    finally:
        kill(proc)
    proc, _url = serve(db)
    try:
        lines = "".join(printed(proc))
    finally:
        kill(proc)
    for code in codes:
        assert f"Room {code}: " in lines and "going on" in lines, lines
    assert closed not in lines


def kill(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


async def partial_game(url: str, code: str, seats: int, seed: int, moves: int):
    """Clients join ``code`` and play until the log has ``moves`` moves; returns the clients,
    the (seat, action, log length) of every move the server acknowledged, and their last views.
    """
    clients = [await AsyncClient.connect(url) for _ in range(seats)]
    for i, c in enumerate(clients):
        await c.join(code, f"S{i}")
    acked = []
    rngs = [random.Random(seed * 10 + i) for i in range(seats)]
    n = max([(await c.wait_view())["moves"] for c in clients])
    while True:
        views = [await c.wait_view(lambda v, n=n: v["moves"] >= n) for c in clients]
        if n >= moves or views[0]["over"]:
            return clients, acked, views
        c = next(c for c, v in zip(clients, views) if v["legal"])
        action = rngs[c.seat].choice(c.view["legal"])
        ack = await c.move(action)
        acked.append((c.seat, action, ack["move"]))
        n = ack["moves"]


def test_sigkill_mid_game_loses_nothing_and_every_game_resumes(tmp_path):
    db = tmp_path / "class.sqlite"
    proc, url = serve(db)
    try:
        async def before():
            t, codes = await open_every_room(url)
            played = [await partial_game(url, code, r["players"], i, 12)
                      for i, (code, (_g, r)) in enumerate(zip(codes, ROOMS))]
            tables = [await t.table(code) for code in codes]
            return codes, played, tables
        codes, played, tables_before = run(before())
    finally:
        kill(proc)  # no clean shutdown: the process dies between two frames
    proc, url = serve(db)
    try:
        async def after():
            t = await teacher(url)
            for code, (clients, acked, views), before in zip(codes, played, tables_before):
                table = await t.table(code)
                assert table["log"][:len(before["log"])] == before["log"]
                for seat, action, index in acked:  # every acknowledged move is in the log
                    assert table["log"][index] == [seat, action, "player"]
                states = replay(table)
                assert json.loads(json.dumps(states[-1].to_json())) == table["state"]
                for c, v in zip(clients, views):  # each seat gets its view back
                    back = await AsyncClient.connect(url)
                    await back.rejoin(c.token)
                    again = await back.wait_view()
                    assert again["moves"] == len(table["log"]) >= v["moves"]
                    if again["moves"] == v["moves"]:
                        assert again["view"] == v["view"] and again["legal"] == v["legal"]
                    await back.close()
            # and every game goes on to its end
            for i, code in enumerate(codes):
                await play_room_rejoined(url, [c.token for c in played[i][0]], i)
                assert (await t.table(code))["over"]
        run(after())
    finally:
        kill(proc)


async def play_room_rejoined(url: str, tokens: list[str], seed: int) -> None:
    clients = [await AsyncClient.connect(url) for _ in tokens]
    for c, token in zip(clients, tokens):
        await c.rejoin(token)
    await asyncio.gather(*(seat_loop(c, random.Random(seed + i)) for i, c in enumerate(clients)))
    for c in clients:
        await c.close()


def bots_only(game: str, rules: dict, seed: int) -> list:
    """The log of a seeded game with bots in every seat, played in one go (no server)."""
    hub = Hub(":memory:")
    room = hub.open_room(game, rules, seed)
    while not room.over():
        seat = room.to_move()
        hub.play(room, seat, str(room.bot_action(seat)), by="bot")
    return [[p, a, by] for p, a, by, _ in room.moves]


def test_a_seeded_game_killed_mid_way_replays_move_for_move(tmp_path):
    """Bots in every seat, a bot move every 50 ms: killed mid-game, started again, the game
    ends exactly as the same seed played in one go."""
    db = tmp_path / "class.sqlite"
    game, rules = "bungee", {"players": 3, "rounds": 3}
    proc, url = serve(db, bot_after=0.05)
    try:
        async def start():
            t = await teacher(url)
            code = (await t.open_room(game, rules, seed=11))["code"]
            while len((table := await t.table(code))["log"]) < 40:
                await asyncio.sleep(0.02)
            return code, table
        code, table = run(start())
    finally:
        kill(proc)
    assert not table["over"] and len(table["log"]) > 10  # killed mid-game
    proc, url = serve(db, bot_after=0.0)
    try:
        async def finish():
            t = await teacher(url)
            for _ in range(600):
                table = await t.table(code)
                if table["over"]:
                    return table
                await asyncio.sleep(0.05)
            raise AssertionError("the resumed game did not end")
        final = run(finish())
    finally:
        kill(proc)
    assert final["log"] == bots_only(game, rules, 11)


def test_a_client_that_drops_gets_its_view_back_and_a_bot_covers_its_turns(server):
    async def main():
        t = await teacher(server.url)
        code = (await t.open_room("bluff", {"players": 2, "dice_per_player": 2}, seed=5,
                                  bot_after=0.1))["code"]
        a, b = AsyncClient.connect(server.url), AsyncClient.connect(server.url)
        a, b = await a, await b
        await a.join(code, "Ana")
        await b.join(code, "Ben")
        va = await a.wait_view()
        await a.close()  # Ana drops
        back = await AsyncClient.connect(server.url)
        await back.rejoin(a.token)
        again = await back.wait_view()
        assert again["seat"] == 0 and again["view"]["my_dice"] == va["view"]["my_dice"]
        with pytest.raises(ClassroomError) as e:
            await (await AsyncClient.connect(server.url)).rejoin("not-a-token")
        assert e.value.error == "bad_token"
        await back.close()  # Ana drops again; Ben plays on; a bot covers Ana's turns
        await seat_loop(b, random.Random(1))
        table = await t.table(code)
        assert table["over"]
        assert any(p == 0 and by == "bot" for p, _a, by in table["log"])
        assert not any(p == 1 and by == "bot" for p, _a, by in table["log"])
    run(main())


def waiting_bytes(server) -> int:
    """What waits in the server for its clients, in bytes (frames are ASCII JSON)."""
    return sum(c.size for c in list(server.server.conns))


def test_a_client_that_does_not_read_holds_up_nobody_and_costs_a_bounded_queue(tmp_path):
    """Issue 26 item 14: a teacher who watches, asks for large exports and never reads grew
    the server to 200 MB (1000 frames a connection, whatever their size). What waits for a
    connection is now bounded in bytes (MAX_QUEUE_BYTES; past it, it is cut off) and a
    connection gets one export at a time: the others are refused (``busy``) unbuilt."""
    from bluffkit.classroom.connection import MAX_QUEUE_BYTES

    db = str(tmp_path / "class.sqlite")
    hub = Hub(db)  # 300 rooms, so that the list of tables and the exports are big
    for seed in range(300):
        hub.open_room("bluff-you", {"players": 6}, seed)
    hub.close()
    server = start_in_thread(db, teacher_token=TEACHER, bot_after=60)
    most, stop = [0], threading.Event()

    def sample():
        while not stop.is_set():
            most[0] = max(most[0], waiting_bytes(server))
            time.sleep(0.005)

    async def main():
        t = await teacher(server.url)
        size = len(json.dumps(await t.tables()))
        export = len(await t.export("json"))
        slow = raw_client(server.server.port)  # exports and lists of tables, reads none
        slow.sendall(text_frame(json.dumps({"type": "teacher", "token": TEACHER})))
        slow.sendall(text_frame(json.dumps({"type": "watch"})))
        for i in range(38):
            kind = "export" if i % 2 else "tables"
            slow.sendall(text_frame(json.dumps({"type": kind})))
        for _burst in range(2):
            await asyncio.sleep(1.1)  # the rate limit lets 20 more through
            try:
                for _i in range(20):
                    slow.sendall(text_frame(json.dumps({"type": "tables"})))
            except OSError:  # cut off by the server (reset)
                break
        await asyncio.sleep(0.5)
        code = (await t.open_room("bluff", {"players": 3, "dice_per_player": 2}, seed=3))["code"]
        start = time.perf_counter()
        clients = await play_room(server.url, code, 3, 3, record=False)
        took = time.perf_counter() - start
        moves = (await t.table(code))["moves"]
        port = slow.getsockname()[1]
        still = [c for c in server.server.conns if c.ws.remote_address[1] == port]
        for c in (*clients, t):
            await c.close()
        slow.close()
        return size, export, took, moves, still
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        size, export, took, moves, still = run(main())
    finally:
        stop.set()
        sampler.join(5)
        server.stop()
    asked = 59 * size + 19 * export
    assert asked > 10 * MAX_QUEUE_BYTES, "the requests ask for far more than the bound"
    assert 0 < most[0] <= MAX_QUEUE_BYTES, (most[0], asked)
    assert not still, "the client past the bound is cut off"
    assert took / moves < 0.2, (took, moves)


def test_recovery_replays_the_log_and_refuses_a_log_the_engine_refuses(tmp_path):
    db = str(tmp_path / "class.sqlite")
    hub = Hub(db)
    good = hub.open_room("poker-dice", {"players": 2, "starting_points": 6}, seed=4)
    bad = hub.open_room("bluff", {"players": 2}, seed=4)
    hub.join(good.code, "Ana")
    for room in (good, bad):
        for _ in range(3):
            seat = room.to_move()
            hub.play(room, seat, str(room.bot_action(seat)))
    state, moves = good.state, list(good.moves)
    hub.db.execute("UPDATE moves SET action = '99x5' WHERE code = ? AND idx = ?",
                   (bad.code, len(bad.moves) - 1))
    hub.close()
    with sqlite3.connect(db) as c:  # a real file, in WAL mode
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again = Hub(db)
    assert again.recover() == [bad.code]
    assert "99x5" in again.broken[bad.code]
    assert again.rooms[good.code].state == state and again.rooms[good.code].moves == moves
    assert again.rooms[good.code].seats[0].name == "Ana"
    assert bad.code not in again.rooms


def test_a_hub_vouched_name_keeps_one_seat_and_a_typed_name_does_not(tmp_path):
    """Joining again under a name the class hub vouched for gives the same seat and a new
    token (the old one stops working), also after the server restarts from its database;
    typed names are not vouched for, so two 'Ana' are two people."""
    from bluffkit.classroom.protocol import ProtocolError

    db = str(tmp_path / "class.sqlite")
    hub = Hub(db)
    room = hub.open_room("bluff", {"players": 3, "dice_per_player": 1}, seed=5)
    seat, first = hub.join(room.code, "ana", known=True)
    again, second = hub.join(room.code, "ana", known=True)
    assert (seat, again) == (0, 0) and first != second
    assert hub.seat_of(second)[1] == 0
    with pytest.raises(ProtocolError) as e:
        hub.seat_of(first)
    assert e.value.error == "bad_token"
    assert hub.join(room.code, "bob", known=True)[0] == 1
    assert [s.name for s in room.seats] == ["ana", "bob", None]
    hub.close()
    restarted = Hub(db)
    restarted.recover()
    assert restarted.seat_of(second)[1] == 0
    with pytest.raises(ProtocolError):
        restarted.seat_of(first)
    assert restarted.join(room.code, "ana")[0] == 2  # typed: a third seat
    restarted.close()
