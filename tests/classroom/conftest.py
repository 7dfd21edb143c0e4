"""A real classroom server on 127.0.0.1 (a free port), started by the project's own code, and
seat clients that play random legal moves through it."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import random
import socket

from benchmarks.classroom_load import raw_socket
from bluffkit.classroom.client import AsyncClient
from bluffkit.classroom.room import Room
from bluffkit.games import find_game
from tests.conftest import TEACHER  # the class server fixture is there too


def run(coro):
    """``asyncio.run`` on a thread of its own: the browser tests' Playwright (sync API) keeps an
    event loop running on the main thread of the pytest worker they share with these tests, and
    ``asyncio.run`` refuses to start beside it."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def teacher(url: str) -> AsyncClient:
    t = await AsyncClient.connect(url)
    await t.teacher(TEACHER)
    return t


async def seat_loop(client: AsyncClient, rng: random.Random, timeout: float = 30) -> None:
    """Play random legal moves whenever it is this seat's turn, until the game ends."""
    n = 0
    while True:
        v = await client.wait_view(lambda v, n=n: v["moves"] >= n and (
            v["over"] or v["closed"] or bool(v["legal"])), timeout)
        if v["over"] or v["closed"]:
            return
        n = (await client.move(rng.choice(v["legal"]), at=v["moves"]))["moves"]


async def play_room(url: str, code: str, seats: int, seed: int, record: bool = True
                    ) -> list[AsyncClient]:
    """``seats`` clients join ``code`` and play it to the end; returns them (still open)."""
    clients = [await AsyncClient.connect(url, record=record) for _ in range(seats)]
    for i, c in enumerate(clients):
        await c.join(code, f"Student {i + 1}")
    await asyncio.gather(*(seat_loop(c, random.Random(seed * 100 + i))
                           for i, c in enumerate(clients)))
    return clients


def replay(room: dict) -> list:
    """The states after 0, 1, 2 ... moves of an exported room, replayed through the engine."""
    info = find_game(room["game"])
    from bluffkit.classroom.rules import make_rules

    state = info.new_game(make_rules(info, room["rules"]))
    helper = Room(room["code"], info, None, 0, 0, 0)
    states = [state]
    for seat, text, _by in room["log"]:
        assert seat == state.current_player()
        state = state.apply(helper.find_action(state, text))
        states.append(state)
    return states


def frames_of(client: AsyncClient) -> list[dict]:
    return [json.loads(t) for t in client.frames]


def raw_client(port: int) -> socket.socket:
    """A WebSocket client by hand on a plain socket with a small receive buffer: after the
    handshake it reads only when told to (a client that does not read)."""
    return raw_socket("127.0.0.1", port)


def text_frame(text: str | bytes, opcode: int = 0x1) -> bytes:
    """One masked client frame (text by default)."""
    data = text.encode() if isinstance(text, str) else text
    mask = os.urandom(4)
    n = len(data)
    size = (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
            if n < 65536 else bytes([0x80 | 127]) + n.to_bytes(8, "big"))
    return bytes([0x80 | opcode]) + size + mask + bytes(b ^ mask[i % 4]
                                                       for i, b in enumerate(data))
