"""A class at play (issue 16): 60 clients on 15 tables play to the end through ``bluffkit serve``.

Run: ``.venv/bin/python benchmarks/classroom_load.py [--tables 15] [--think 0] [--seed 1]
[--sync normal] [--non-reader]``
(``--quick``: 2 tables; a test runs it so the script cannot rot). Loopback only.

The server is the real command (``bluffkit serve`` in its own process, a fresh SQLite file). The
teacher opens the tables (three of each game, four seats each) and one client per seat plays
random legal moves as soon as it is its turn (after ``--think`` seconds). For every move the
script measures the time from sending it to the moment *every* seat of the table has received a
view that includes it (move → every view updated), and reports p50, p99 and worst. At the end
the teacher's export is compared with the moves the clients saw acknowledged: each exactly
once, in its place, and no other player move (zero lost, zero duplicated). The server's memory
(resident set size) is sampled throughout.

``--non-reader`` adds a teacher who never reads (issue 26 item 14): a plain socket with a
small receive buffer that watches every table and asks for the JSON export ten times a second
(connecting again whenever the server cuts it off), to see what it costs the server's memory
and the other tables' latency.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bluffkit.classroom.client import AsyncClient  # noqa: E402

TOKEN = "load-benchmark-teacher"
GAMES = [("bluff", {"players": 4, "dice_per_player": 3}), ("bluff-you", {"players": 4}),
         ("poker-dice", {"players": 4, "starting_points": 6}), ("jungle-bluff", {"players": 4}),
         ("bungee", {"players": 4, "rounds": 1})]


def start_server(db: str, sync: str = "normal") -> tuple[subprocess.Popen, str]:
    script = Path(sys.executable).with_name("bluffkit")
    cmd = [str(script)] if script.exists() else [
        sys.executable, "-c", "import sys; from bluffkit.cli import main; sys.exit(main())"]
    proc = subprocess.Popen([*cmd, "serve", "--host", "127.0.0.1", "--port", "0", "--db", db,
                             "--teacher-token", TOKEN, "--bot-after", "3600", "--sync", sync],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    if "ws://" not in line:
        raise SystemExit(f"the server did not start: {line}")
    return proc, line.split()[4]


class Table:
    """One room: its clients, the moves waiting for every view, the latencies measured."""

    def __init__(self, code: str, clients: list[AsyncClient]):
        self.code, self.clients = code, clients
        self.waiting: list[tuple[int, float, set]] = []  # (moves before, sent at, seats left)
        self.latencies: list[float] = []
        self.acked: list[tuple[int, str, int]] = []
        for c in clients:
            c.on_view = self.seen

    def sent(self, at: int) -> None:
        self.waiting.append((at, time.perf_counter(), {c.seat for c in self.clients}))

    def seen(self, view: dict) -> None:
        now = time.perf_counter()
        for item in list(self.waiting):
            at, t0, left = item
            if view["moves"] > at:
                left.discard(view["seat"])
                if not left:
                    self.latencies.append(now - t0)
                    self.waiting.remove(item)


async def play_seat(table: Table, c: AsyncClient, rng: random.Random, think: float,
                    limit: float) -> None:
    n = 0
    while True:  # a player out of the game (no dice, no points) waits for its end
        v = await c.wait_view(lambda v, n=n: v["moves"] >= n and (v["over"] or bool(v["legal"])),
                              timeout=limit)
        if v["over"]:
            return
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        action = rng.choice(v["legal"])
        table.sent(v["moves"])
        ack = await c.move(action, at=v["moves"])
        table.acked.append((c.seat, action, ack["move"]))
        n = ack["moves"]


async def sample_memory(pid: int, out: list, stop: asyncio.Event) -> None:
    p = psutil.Process(pid)
    while not stop.is_set():
        out.append(p.memory_info().rss)
        try:
            await asyncio.wait_for(stop.wait(), 0.25)
        except TimeoutError:
            pass


async def run(url: str, pid: int, tables: int, think: float, seed: int, limit: float) -> dict:
    teacher = await AsyncClient.connect(url)
    await teacher.teacher(TOKEN)
    memory: list[int] = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(pid, memory, stop))
    rooms = []
    for i in range(tables):
        game, rules = GAMES[i % len(GAMES)]
        code = (await teacher.open_room(game, rules, seed=seed + i))["code"]
        clients = [await AsyncClient.connect(url) for _ in range(rules["players"])]
        for k, c in enumerate(clients):
            await c.join(code, f"Student {i * 4 + k + 1}")
        rooms.append((game, Table(code, clients)))
    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(
        play_seat(t, c, random.Random(seed * 1000 + i * 10 + c.seat), think, limit)
        for i, (_g, t) in enumerate(rooms) for c in t.clients)), limit)
    took = time.perf_counter() - start
    export = json.loads(await teacher.export("json"))
    stop.set()
    await sampler
    logs = {r["code"]: r for r in export["rooms"]}
    lost = duplicated = 0
    for _g, t in rooms:
        log = logs[t.code]["log"]
        assert logs[t.code]["over"], t.code
        players = [(i, m[0], m[1]) for i, m in enumerate(log) if m[2] == "player"]
        acked = sorted((index, seat, action) for seat, action, index in t.acked)
        lost += len(set(acked) - set(players))
        duplicated += len(players) - len(set(players) & set(acked)) + len(acked) - len(
            set(acked))
    for _g, t in rooms:
        for c in t.clients:
            await c.close()
    await teacher.close()
    latencies = sorted(x for _g, t in rooms for x in t.latencies)
    return {"tables": tables, "clients": sum(len(t.clients) for _g, t in rooms),
            "moves": len(latencies), "log": sum(len(r["log"]) for r in export["rooms"]),
            "took": took, "latencies": latencies, "lost": lost, "duplicated": duplicated,
            "memory": memory, "games": sorted({g for g, _t in rooms})}


def frame(text: str) -> bytes:
    """One masked text frame from a client."""
    data, mask = text.encode(), os.urandom(4)
    n = len(data)
    size = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def raw_socket(host: str, port: int) -> socket.socket:
    """A WebSocket client by hand on a plain socket with a small receive buffer: after the
    handshake it reads only when told to (a client that does not read)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect((host, port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    if b" 101 " not in head:
        raise ConnectionError(head.decode(errors="replace"))
    return s


def non_reader(url: str, stop: threading.Event, cuts: list) -> None:
    """A teacher who watches and asks for exports, and never reads (see the docstring)."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    while not stop.is_set():
        s = raw_socket(host, int(port))
        try:
            s.sendall(frame(json.dumps({"type": "teacher", "token": TOKEN})))
            s.sendall(frame(json.dumps({"type": "watch"})))
            while not stop.wait(0.1):
                s.sendall(frame(json.dumps({"type": "export", "format": "json"})))
        except OSError:  # cut off by the server: come again
            cuts.append(time.monotonic())
        finally:
            s.close()


def percentile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=15)
    p.add_argument("--think", type=float, default=0.0,
                   help="mean seconds a student thinks before a move (0: at once)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--limit", type=float, default=600, help="give up after this many seconds")
    p.add_argument("--sync", choices=("normal", "full"), default="normal",
                   help="the server's --sync (full: the disk is flushed after every move)")
    p.add_argument("--quick", action="store_true", help="2 tables (a smoke test)")
    p.add_argument("--non-reader", action="store_true",
                   help="add a teacher who watches, asks for exports and never reads")
    args = p.parse_args(argv)
    tables = 2 if args.quick else args.tables
    stop, cuts = threading.Event(), []
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(str(Path(tmp) / "class.sqlite"), args.sync)
        hostile = threading.Thread(target=non_reader, args=(url, stop, cuts), daemon=True)
        if args.non_reader:
            hostile.start()
        try:
            r = asyncio.run(run(url, proc.pid, tables, args.think, args.seed, args.limit))
        finally:
            stop.set()
            proc.terminate()
            proc.wait(10)
            if args.non_reader:
                hostile.join(10)
    lat = r["latencies"]
    ms = 1000
    print(f"classroom load: {r['clients']} clients on {r['tables']} tables "
          f"({', '.join(r['games'])}), think {args.think:g} s, sync {args.sync}, loopback, "
          f"seed {args.seed}")
    print(f"  played to the end: {r['moves']} player moves ({r['log']} in the logs with chance), "
          f"{r['took']:.1f} s, {r['moves'] / r['took']:.0f} moves/s")
    print(f"  move -> every view updated: p50 {statistics.median(lat) * ms:.1f} ms, "
          f"p99 {percentile(lat, 0.99) * ms:.1f} ms, worst {lat[-1] * ms:.1f} ms "
          f"(target p99 < 50 ms: {'yes' if percentile(lat, 0.99) < 0.05 else 'NO'})")
    print(f"  lost moves: {r['lost']}, duplicated moves: {r['duplicated']}")
    if args.non_reader:
        print(f"  a teacher who never reads (watch + 10 exports a second): cut off "
              f"{len(cuts)} times by the server")
    mem = r["memory"]
    print(f"  server memory (RSS): {mem[0] / 2**20:.1f} MB at the start, "
          f"{max(mem) / 2**20:.1f} MB at most, {mem[-1] / 2**20:.1f} MB at the end")
    return 0 if r["lost"] == r["duplicated"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
