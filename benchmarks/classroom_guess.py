"""How fast join codes can be guessed from one address (issue 26 item 13).

Run: ``.venv/bin/python benchmarks/classroom_guess.py [--connections 100] [--seconds 30]
[--rooms 15]`` (``--quick``: 10 connections, 5 s). Loopback only.

The server is the real command (``bluffkit serve`` in its own process, a fresh SQLite file) with
``--rooms`` rooms open. ``--connections`` connections from 127.0.0.1 send join requests with
random codes, each as fast as its own rate limit allows (``RATE`` a second). The script counts
the guesses the server checked (answered ``no_room``, or a seat taken) and prints the rate, and
how long finding a room would take on average at that rate. Before the limit per address, 100
connections made 2,160 guesses a second (a room found in about 17 minutes with 15 open).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.classroom_load import TOKEN, start_server  # noqa: E402
from bluffkit.classroom.client import AsyncClient  # noqa: E402
from bluffkit.classroom.protocol import CODE_ALPHABET, CODE_LENGTH, RATE  # noqa: E402


async def guess(url: str, seconds: float, rng: random.Random, counts: dict) -> None:
    async with connect(url) as ws:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            await ws.send(json.dumps({"type": "join", "code": code, "name": "guess"}))
            frame = json.loads(await ws.recv())
            kind = frame.get("error", frame["type"])
            counts[kind] = counts.get(kind, 0) + 1
            await asyncio.sleep(1 / RATE)


async def run(url: str, connections: int, seconds: float, rooms: int) -> tuple[dict, float]:
    teacher = await AsyncClient.connect(url)
    await teacher.teacher(TOKEN)
    for i in range(rooms):
        await teacher.open_room("bluff", {"players": 6}, seed=i)
    await teacher.close()
    counts: dict = {}
    start = time.monotonic()
    await asyncio.gather(*(guess(url, seconds, random.Random(k), counts)
                           for k in range(connections)))
    return counts, time.monotonic() - start


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--connections", type=int, default=100)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--rooms", type=int, default=15)
    p.add_argument("--quick", action="store_true", help="10 connections for 5 s")
    args = p.parse_args(argv)
    connections, seconds = (10, 5.0) if args.quick else (args.connections, args.seconds)
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(str(Path(tmp) / "class.sqlite"))
        try:
            counts, took = asyncio.run(run(url, connections, seconds, args.rooms))
        finally:
            proc.terminate()
            proc.wait(10)
    checked = counts.get("no_room", 0) + counts.get("joined", 0) + counts.get("room_full", 0)
    rate = checked / took
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    print(f"join-code guessing: {connections} connections from one address, {took:.1f} s, "
          f"{args.rooms} rooms open, loopback")
    print(f"  requests answered: {sum(counts.values())} ({counts})")
    print(f"  guesses checked: {checked}, {rate:.2f} a second")
    if rate:
        days = codes / args.rooms / rate / 86400
        print(f"  a room found after {days:,.0f} days on average at that rate "
              f"({codes:,} codes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
