"""The transport: a WebSocket server over the rooms (``bluffkit serve``).

Built on ``websockets`` (asyncio): one small pure-asyncio dependency that speaks the protocol
the notebook's kernel and a browser both speak, with frame-size limits and back-pressure built
in; the server serves no pages, so no HTTP framework (Starlette, uvicorn) is needed.

Each connection (:mod:`.connection`) has its own writer task and a bounded outbox: a client
that stops reading holds up only its own frames, and costs at most ``MAX_QUEUE_BYTES``.
Empty or dropped seats are played by bots after the room's ``bot_after`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from ..core.i18n import _
from .answers import Answers, receive
from .connection import Connection, written
from .protocol import (
    GUESS_BURST,
    GUESS_RATE,
    MAX_FRAME,
    ProtocolError,
    RateLimit,
    Request,
    error_frame,
    parse_request,
    reply,
    too_many_guesses_message,
    too_many_message,
)
from .room import Room, to_text, token_hash
from .rooms import Change, GroupWriter, Hub

GUESSES = ("no_room", "bad_token", "not_teacher")
"""The refusals of a join, rejoin or teacher request that count as a wrong guess."""
MAX_ADDRESSES = 10_000
"""Addresses whose wrong guesses are remembered before the idle ones are forgotten."""


def address_of(ws) -> str:
    """The address a connection's wrong guesses are counted against: its IP address, an IPv6
    address by its /64 network (one machine may hold a whole /64).

    >>> class Ws:
    ...     remote_address = ("2001:db8::1", 5000, 0, 0)
    >>> address_of(Ws())
    '2001:db8::/64'
    """
    host = (getattr(ws, "remote_address", None) or ("",))[0]
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return str(host)
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(getattr(ip, "ipv4_mapped", None) or ip)


class ClassroomServer:
    """The rooms behind a WebSocket endpoint. ``await start()``, then ``url``."""

    def __init__(self, db: str, host: str = "127.0.0.1", port: int = 8765,
                 teacher_token: str | None = None, bot_after: float = 30.0,
                 sync: str = "normal", hub_api: str | None = None,
                 hub_teachers: str = "teachers", keepalive: float | None = 20.0):
        self.hub = Hub(db, bot_after=bot_after, sync=sync)
        self.keepalive = keepalive
        """Seconds between two pings to a client, and how long its pong may take: a client
        that reads nothing for about twice as long is dropped (``None``: never)."""
        self.writer = GroupWriter(self.hub)
        self.answers = Answers(self.hub.db)
        self.host, self.port = host, port
        self.teacher_token, self.teacher_hash = (  # on a hub, the hub says who teaches
            self.hub.teacher_token(teacher_token) if hub_api is None else (None, ""))
        self.hub_api, self.hub_teachers = hub_api, hub_teachers  # run as a JupyterHub service
        self.conns: set[Connection] = set()
        self.timers: dict[str, asyncio.Task] = {}
        self.bots: set[asyncio.Task] = set()
        self.locks: dict[str, asyncio.Lock] = {}
        self.writes: set[asyncio.Task] = set()
        self.guesses: dict[str, RateLimit] = {}
        """Per address, the bucket of wrong guesses it may still make (see ``GUESS_RATE``)."""
        self.server = None
        self.stopping = False

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    async def start(self) -> None:
        broken = self.hub.recover()
        for code in broken:
            print(_("room {code} cannot be replayed: {why}", code=code,
                    why=self.hub.broken[code]), flush=True)
        self.server = await serve(self.handler, self.host, self.port, max_size=MAX_FRAME,
                                  max_queue=16, write_limit=2**16, close_timeout=1,
                                  ping_interval=self.keepalive, ping_timeout=self.keepalive)
        self.port = self.server.sockets[0].getsockname()[1]
        for room in self.hub.rooms.values():
            self.schedule(room)

    async def stop(self) -> None:
        """Close every connection, then cancel the bots' pending turns and wait for them.

        The order matters: a connection that ends leaves its seat empty, which would schedule
        a bot turn; ``stopping`` stops that, and the bots are cancelled once no connection is
        left to schedule one (none is left pending when the loop closes)."""
        self.stopping = True
        if self.server:
            self.server.close()
            await self.server.wait_closed()
        tasks = set(self.bots) | set(self.timers.values())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, *self.writes, return_exceptions=True)  # writes finish
        self.writer.stop()
        self.hub.close()

    # -- connections ---------------------------------------------------------------------------
    async def handler(self, ws) -> None:
        conn = Connection(ws)
        self.conns.add(conn)
        writer = asyncio.create_task(conn.writer())
        try:
            async for message in ws:
                if not conn.limit.allow(time.monotonic()):
                    conn.send(error_frame("too_many", too_many_message(), _loose_id(message)))
                    continue
                try:
                    request = parse_request(message)
                except ProtocolError as e:
                    conn.send(error_frame(e.error, e.message, _loose_id(message)))
                    continue
                try:
                    await self.dispatch(conn, request)
                except ProtocolError as e:
                    conn.send(error_frame(e.error, e.message, request.id))
                except Exception:  # a bug: say so, keep the connection and the other rooms
                    traceback.print_exc()
                    conn.send(error_frame("server_error", _(
                        "the server could not answer this request (an error on its side, "
                        "reported to the teacher's terminal)"), request.id))
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            writer.cancel()
            self._leave(conn)

    def _leave(self, conn: Connection) -> None:
        if conn.room is not None and conn.seat is not None:
            seat = conn.room.seats[conn.seat]
            seat.online = max(0, seat.online - 1)
            self.changed(conn.room)

    def _sit(self, conn: Connection, room: Room, seat: int) -> None:
        if conn.room is not None:
            self._leave(conn)
        conn.room, conn.seat = room, seat
        room.seats[seat].online += 1

    # -- moves ---------------------------------------------------------------------------------
    async def play(self, room: Room, seat: int, text: str, at: int | None,
                   by: str = "player", acked=None) -> tuple[int, int]:
        """Play a move: checked and played in memory on the loop, written to disk in a thread
        by the group writer (the loop goes on serving the other tables meanwhile: a disk flush
        with ``--sync full`` no longer holds them up, and one flush serves the moves of every
        table waiting for it), then made the room's state, then
        ``acked(index, moves)`` and every seat's new view. Nothing is acknowledged or sent
        before it is written; one move at a time per room. Returns the move's place in the
        log and the log's length.

        A move once written reaches the room and its seats even if its asker is cancelled."""
        task = asyncio.ensure_future(self._play(room, seat, text, at, by, acked))
        self.writes.add(task)
        task.add_done_callback(self.writes.discard)
        task.add_done_callback(written)
        return await asyncio.shield(task)

    async def _play(self, room, seat, text, at, by, acked) -> tuple[int, int]:
        async with self.lock(room):
            if by == "bot" and room.seats[seat].online:
                raise ProtocolError("stale", _("the player came back before the bot moved"))
            pending = self.hub.prepare(room, seat, text, at, by)
            await asyncio.wrap_future(self.writer.submit(pending.statements))
            n = self.hub.commit(room, pending)
        index = n - len(pending.moves)
        if acked is not None:
            acked(index, n)
        self.changed(room)
        return index, n

    def lock(self, room: Room) -> asyncio.Lock:
        """The room's lock: one write (a move, a seat taken, the room closed) at a time."""
        return self.locks.setdefault(room.code, asyncio.Lock())

    async def change(self, plan: Callable[[], Change], room: Room | None = None):
        """Plan a room opened or closed or a seat taken (``plan()``, under the room's lock),
        write it in the group writer's thread as moves are (the loop serves the other tables
        meanwhile), then apply it; returns what it gives. Once written it is applied even if
        the request's task is cancelled meanwhile (its client left)."""
        task = asyncio.ensure_future(self._change(plan, room))
        self.writes.add(task)
        task.add_done_callback(self.writes.discard)
        task.add_done_callback(written)
        return await asyncio.shield(task)

    async def _change(self, plan, room):
        async with self.lock(room) if room is not None else contextlib.nullcontext():
            change = plan()
            if change.statements:
                await asyncio.wrap_future(self.writer.submit(change.statements))
            return change.apply()

    # -- requests ------------------------------------------------------------------------------
    async def dispatch(self, conn: Connection, r: Request) -> None:
        """Answer one request. A join, rejoin or teacher request is first checked against the
        wrong guesses of its address (all its connections together): join codes and tokens
        cannot be tried by the thousand, however many connections try them."""
        if r.type not in ("join", "rejoin", "teacher", "results"):
            return await self.answer(conn, r)
        bucket = self.guess_bucket(address_of(conn.ws))
        if not bucket.ready(time.monotonic()):
            raise ProtocolError("too_many", too_many_guesses_message())
        try:
            await self.answer(conn, r)
        except ProtocolError as e:
            if e.error in GUESSES:
                bucket.allow(time.monotonic())
            raise

    def guess_bucket(self, address: str) -> RateLimit:
        now = time.monotonic()
        if address not in self.guesses and len(self.guesses) >= MAX_ADDRESSES:
            self.guesses = {a: b for a, b in self.guesses.items() if not b.full(now)}
        if address not in self.guesses:
            self.guesses[address] = RateLimit(GUESS_RATE, GUESS_BURST, now)
        return self.guesses[address]

    async def answer(self, conn: Connection, r: Request) -> None:
        hub = self.hub
        if r.type == "join":
            name, room = await self.student_name(r), hub.room(r["code"])
            seat, token = await self.change(lambda: hub.plan_join(
                r["code"], name, known=self.hub_api is not None), room)
            self._joined(conn, room, seat, token, r.id)
        elif r.type == "rejoin":
            room, seat = hub.seat_of(r["token"])
            self._joined(conn, room, seat, r["token"], r.id)
        elif r.type in ("move", "view"):
            if conn.room is None:
                raise ProtocolError("not_joined", _("join a room first (with its code)"))
            if r.type == "view":
                if not self.writing(conn.room):  # else the move being written sends it
                    conn.send_view(conn.room.view_for(conn.seat))
                return
            await self.play(conn.room, conn.seat, r["action"], r["at"], acked=lambda index, n:
                            conn.send(reply("ack", r.id, moves=n, move=index)))
        elif r.type == "results":
            await receive(self, conn, r)
        elif r.type == "teacher":
            if r["hub_token"] is not None:
                await self.hub_teacher(r["hub_token"])
            elif self.hub_api is not None:  # on a hub, only the hub says who teaches
                raise ProtocolError("not_teacher", _(
                    "on the class hub the teacher is who the hub says: connect from your own "
                    "notebook on the hub"))
            elif not hmac.compare_digest(token_hash(r["token"]), self.teacher_hash):
                raise ProtocolError("not_teacher", _("this is not the teacher's token"))
            conn.teacher = True
            conn.send(reply("teacher", r.id, bot_after=self.hub.bot_after))
        else:
            await self.teacher_request(conn, r)

    async def student_name(self, r: Request) -> str:
        """The name a student sits under: typed, or the hub's name for their hub token."""
        if self.hub_api is None:
            if r["hub_token"] is not None:
                raise ProtocolError("bad_message", _("this table server is not run by a "
                                                     "JupyterHub: join with your name"))
            return r["name"]
        if r["hub_token"] is None:
            raise ProtocolError("bad_token", _("this table server is run by the class's "
                                               "JupyterHub: join from a notebook started by the "
                                               "hub (your hub account says who you are)"))
        from .hub_auth import identify

        return (await identify(self.hub_api, r["hub_token"])).name

    async def hub_teacher(self, token: str) -> None:
        if self.hub_api is None:
            raise ProtocolError("not_teacher", _("this table server is not run by a JupyterHub: "
                                                 "use the teacher's token it printed"))
        from .hub_auth import identify

        user = await identify(self.hub_api, token)
        if not user.is_teacher(self.hub_teachers):
            raise ProtocolError("not_teacher", _("{name} is not a teacher on this hub (an admin or"
                                                 " in the group {hub_teachers})",
                                                 name=user.name,
                                                 hub_teachers=repr(self.hub_teachers)))

    def _joined(self, conn, room: Room, seat: int, token: str, rid) -> None:
        self._sit(conn, room, seat)
        conn.send(reply("joined", rid, code=room.code, seat=seat, token=token,
                        game=room.info.name, title=str(room.info.title), players=room.players,
                        rules=room.rules.to_json()))
        self.changed(room)

    async def teacher_request(self, conn: Connection, r: Request) -> None:
        if not conn.teacher:
            raise ProtocolError("not_teacher", _("only the teacher may do this: send the teacher's"
                                                 " token first"))
        hub = self.hub
        if r.type == "open":
            room = await self.change(lambda: hub.plan_open(r["game"], r["rules"], r["seed"],
                                                           r["bot_after"]))
            conn.send(reply("opened", r.id, code=room.code, game=room.info.name,
                            players=room.players))
            self.changed(room)
        elif r.type == "close":
            room = await self.change(lambda: hub.plan_close(r["code"]), hub.room(r["code"]))
            conn.send(reply("ack", r.id, moves=len(room.moves)))
            for c in self.seated(room):
                c.send(reply("closed", code=room.code))
            self.changed(room)
        elif r.type == "tables":
            conn.send(reply("tables", r.id, tables=[m.summary() for m in hub.rooms.values()]))
        elif r.type == "table":
            conn.send(reply("table", r.id, table=hub.room(r["code"]).full()))
        elif r.type == "reveal":
            room = hub.room(r["code"])
            if not room.over() and room.closed is None:
                raise ProtocolError("not_over", _("the game is still being played: its dice and "
                                                  "cards are revealed when it ends"))
            full = room.full()
            frame = reply("revealed", code=room.code, log=full["log"], state=full["state"])
            for c in self.seated(room):
                c.send(frame)
            conn.send(reply("ack", r.id, moves=len(room.moves)))
        elif r.type == "export":
            if conn.exports:  # a teacher who does not read gets one export, not one a request
                raise ProtocolError("busy", _("your last export is still being sent: wait for "
                                              "it, then ask again"))
            # built and written as text in a thread: a big export does not stop the tables
            conn.send_text(await asyncio.to_thread(self.export_frame, r), export=True)
        elif r.type == "watch":
            conn.watching = True
            conn.send(reply("tables", r.id, tables=[m.summary() for m in hub.rooms.values()]))
        elif r.type == "progress":
            conn.send(reply("progress", r.id, **self.answers.progress()))

    def export_frame(self, r: Request) -> str:
        data = (self.answers.jsonl() if r["format"] == "answers"
                else self.hub.export(r["format"], r["code"]))
        return to_text(reply("export", r.id, format=r["format"], data=data))

    # -- after every change --------------------------------------------------------------------
    def seated(self, room: Room):
        return [c for c in self.conns if c.room is room]

    def writing(self, room: Room) -> bool:
        """A move of ``room`` is being written: the views wait for it (it sends them)."""
        lock = self.locks.get(room.code)
        return lock is not None and lock.locked()

    def changed(self, room: Room) -> None:
        """Send every seat its new view and every watching teacher the room's summary, then
        start the bot timer if a bot is to play. While a move of the room is being written,
        the seats' views and the bot timer wait for it: a view sent then would be out of date
        as soon as the move lands (a student joining as a bot moves would answer it)."""
        summary = reply("update", table=room.summary())
        for c in self.conns:
            if c.watching:
                c.send_update(room.code, summary)
        if self.writing(room):
            return
        for c in self.seated(room):
            c.send_view(room.view_for(c.seat))
        self.schedule(room)

    def schedule(self, room: Room) -> None:
        old = self.timers.pop(room.code, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if room.closed is not None or room.over() or self.stopping:
            return
        seat = room.to_move()
        if seat >= 0 and room.seats[seat].online == 0:
            task = asyncio.create_task(self._bot_turn(room, seat, len(room.moves)))
            self.timers[room.code] = task
            self.bots.add(task)
            task.add_done_callback(self.bots.discard)

    async def _bot_turn(self, room: Room, seat: int, at: int) -> None:
        await asyncio.sleep(room.bot_after)
        action = await asyncio.to_thread(room.bot_action, seat)
        if len(room.moves) != at or room.seats[seat].online or room.closed is not None:
            return  # a player came back or moved meanwhile
        try:
            await self.play(room, seat, str(action), at, by="bot")
        except ProtocolError as e:  # a player moved first after all (or a bug: said)
            if e.error != "stale":
                print(_("room {code}: the bot's move was refused: {e}", code=room.code, e=e),
                      flush=True)


def _loose_id(message):
    """The ``id`` of a refused request, when it can be read, so the client can match the error."""
    if isinstance(message, str) and len(message) <= 4096:
        with contextlib.suppress(ValueError, RecursionError):
            d = json.loads(message)
            if isinstance(d, dict) and (isinstance(d.get("id"), int | str)
                                        and not isinstance(d.get("id"), bool)
                                        and len(str(d["id"])) <= 40):
                return d["id"]
    return None


async def run(server: ClassroomServer, ready=None) -> None:
    """Start ``server`` and serve until cancelled (``ready()`` is called once listening)."""
    try:
        await server.start()
    except BaseException:
        server.writer.stop()
        server.hub.close()  # the database is not left open by a server that never listened
        raise
    if ready:
        ready(server)
    try:
        await asyncio.Future()
    finally:
        await server.stop()


@dataclass
class Running:
    """A server running in a background thread (tests, a teacher's own kernel)."""

    server: ClassroomServer
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    task: asyncio.Task | None = None

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def teacher_token(self) -> str:
        return self.server.teacher_token

    def stop(self) -> None:
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)


def start_in_thread(db: str, host: str = "127.0.0.1", port: int = 0, **options) -> Running:
    """Start a server on ``host:port`` (0: any free port) in a daemon thread; returns when it
    listens. ``options``: ``teacher_token``, ``bot_after``, ``sync``, ``keepalive``."""
    server = ClassroomServer(db, host, port, **options)
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box: dict = {}

    def main():
        asyncio.set_event_loop(loop)
        box["task"] = loop.create_task(run(server, lambda _s: ready.set()))
        try:
            loop.run_until_complete(box["task"])
        except asyncio.CancelledError:
            pass
        except Exception as e:  # it could not start (the port is taken ...): said at once
            box["error"] = e
            ready.set()
        finally:
            loop.close()

    thread = threading.Thread(target=main, daemon=True, name="bluffkit-classroom")
    thread.start()
    if not ready.wait(30):
        raise RuntimeError(_("the classroom server did not start within 30 s"))
    if "error" in box:
        thread.join(5)
        raise box["error"]
    return Running(server, loop, thread, box["task"])
