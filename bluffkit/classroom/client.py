"""A client of the classroom server: :class:`AsyncClient` (asyncio) and :class:`Client`
(the same, run by a background thread, for a Jupyter kernel whose own loop is busy).

>>> from bluffkit.classroom.server import start_in_thread
>>> srv = start_in_thread(":memory:", teacher_token="t0ken", bot_after=0)
>>> teacher = Client(srv.url); teacher.teacher("t0ken")["type"]
'teacher'
>>> code = teacher.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=1)["code"]
>>> ana = Client(srv.url); ana.join(code, "Ana")["seat"]
0
>>> n = 0  # Ana plays her first legal move each turn; the empty seat is played by a bot
>>> while not (v := ana.wait_view(lambda v: v["moves"] >= n and (v["over"] or v["legal"])))[
...         "over"]:
...     n = ana.move(v["legal"][0])["moves"]
>>> len(ana.view["returns"])
2
>>> ana.close(); teacher.close(); srv.stop()

Every request returns the server's reply as a dict, or raises :class:`ClassroomError` with the
server's ``error`` code and message (see :mod:`bluffkit.classroom.protocol`).

The connection is :func:`bluffkit.core.sockets.open_socket`'s: ``websockets`` in CPython, the
browser's WebSocket in Pyodide (JupyterLite), where :class:`AsyncClient` runs on the kernel's
own event loop (no threads there: :class:`Client` is for CPython).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections.abc import Callable
from typing import Any

from ..core import BluffkitError
from ..core.i18n import _
from ..core.sockets import IN_BROWSER, SocketError, closed_errors, open_socket
from ..core.text import shorten

RETRIES = 5
"""How many times a request refused by the rate limit is sent again (after 0.1, 0.2 ... s)."""


class ClassroomError(BluffkitError, ValueError):
    """The server refused a request: ``error`` is its code, the text its message."""

    def __init__(self, error: str, message: str):
        super().__init__(message)
        self.error = error


def _who(value: str | None, field: str) -> dict:
    """``{field: value}``, or this kernel's JupyterHub token when no value is given."""
    if value is not None:
        return {field: value}
    from .hub_auth import hub_token

    token = hub_token()
    if token is None:
        what = _("your name") if field == "name" else _("the teacher's token")
        raise ClassroomError("bad_message", _("give {what}: this notebook is not running inside a "
                                              "JupyterHub, so the hub cannot say who you are",
                                              what=what))
    return {"hub_token": token}


class AsyncClient:
    """One connection. ``await AsyncClient.connect(url)``, then ``join`` (student) or
    ``teacher`` (teacher). ``view`` is the newest view; ``on_view(view)`` and
    ``on_event(frame)`` (closed, revealed, update) are called as frames arrive."""

    def __init__(self, ws, record: bool = False):
        self.ws = ws
        self.frames: list[str] | None = [] if record else None
        """Every frame received, as sent (with ``record=True``: the tests read them all)."""
        self.view: dict | None = None
        self.seat: int | None = None
        self.code: str | None = None
        self.token: str | None = None
        self.events: list[dict] = []
        self.on_view: Callable[[dict], Any] | None = None
        self.on_event: Callable[[dict], Any] | None = None
        self.on_close: Callable[[], Any] | None = None
        """Called once when the connection ends (dropped, or closed by either side)."""
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._changed = asyncio.Condition()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, url: str, timeout: float = 10, record: bool = False) -> AsyncClient:
        """Connect to ``url`` (``ws://host:port``).

        Raises:
            ClassroomError: ``unreachable``, saying why (a wrong address, no server there), or
                ``insecure`` (a browser page opened over https may not open ``ws://``).
        """
        try:
            ws = await open_socket(url, timeout)
        except SocketError as e:
            if e.kind != "unreachable":
                raise ClassroomError(e.kind, str(e)) from None
            raise ClassroomError("unreachable", _("cannot reach the classroom server at {url}: "
                                                  "{why}",
                                                  url=shorten(url, 80), why=e)) from None
        return cls(ws, record)

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                if self.frames is not None:
                    self.frames.append(text)
                frame = json.loads(text)
                rid = frame.get("id")
                if rid in self._waiting:
                    self._waiting.pop(rid).set_result(frame)
                elif frame.get("type") == "view":
                    self.view = frame
                    if self.on_view:
                        self.on_view(frame)
                else:
                    self.events.append(frame)
                    if self.on_event:
                        self.on_event(frame)
                async with self._changed:
                    self._changed.notify_all()
        except closed_errors():
            pass
        finally:
            for f in self._waiting.values():
                if not f.done():
                    f.set_exception(ClassroomError("closed", _("the connection to the server "
                                                               "was closed")))
            async with self._changed:
                self._changed.notify_all()
            if self.on_close:
                self.on_close()

    async def request(self, frame: dict, timeout: float = 10) -> dict:
        """Send ``frame`` with a fresh id and return the reply (errors raise). A request the
        server's rate limit refused (``too_many``) is sent again a little later, a few times."""
        for attempt in range(RETRIES + 1):
            if self._reader.done():
                raise ClassroomError("closed", _("the connection to the server was closed"))
            rid = next(self._ids)
            fut = asyncio.get_running_loop().create_future()
            self._waiting[rid] = fut
            try:
                await self.ws.send(json.dumps({**frame, "id": rid}))
                out = await asyncio.wait_for(fut, timeout)
            except closed_errors():
                raise ClassroomError("closed", _("the connection to the server was closed")) \
                    from None
            finally:
                self._waiting.pop(rid, None)
            if out.get("type") != "error":
                return out
            if out["error"] != "too_many" or attempt == RETRIES:
                raise ClassroomError(out["error"], out["message"])
            await asyncio.sleep(0.1 * 2**attempt)
        raise AssertionError("unreachable")

    async def wait_view(self, until: Callable[[dict], bool] = lambda v: True,
                        timeout: float = 10) -> dict:
        """The newest view once ``until(view)`` holds."""
        async def check():
            async with self._changed:
                while not (self.view is not None and until(self.view)):
                    if self._reader.done():
                        raise ClassroomError("closed", _("the connection to the server was closed"))
                    await self._changed.wait()
            return self.view
        return await asyncio.wait_for(check(), timeout)

    # -- students ------------------------------------------------------------------------------
    async def join(self, code: str, name: str | None = None) -> dict:
        """Take a seat under ``name``; without a name, inside a JupyterHub, the hub token of
        this kernel says who you are (the server asks the hub)."""
        out = await self.request({"type": "join", "code": code, **_who(name, "name")})
        self.seat, self.code, self.token = out["seat"], out["code"], out["token"]
        return out

    async def rejoin(self, token: str) -> dict:
        out = await self.request({"type": "rejoin", "token": token})
        self.seat, self.code, self.token = out["seat"], out["code"], out["token"]
        return out

    async def move(self, action: str, at: int | None = None) -> dict:
        """Play ``action``; ``at`` defaults to the move count of the newest view (a move
        answering an old view is refused, never played twice)."""
        if at is None and self.view is not None:
            at = self.view["moves"]
        return await self.request({"type": "move", "action": str(action), "at": at})

    # -- teacher -------------------------------------------------------------------------------
    async def teacher(self, token: str | None = None) -> dict:
        """Teacher rights with the server's teacher token; without one, inside a JupyterHub,
        with this kernel's hub token (a hub admin or a member of the teachers' group)."""
        return await self.request({"type": "teacher", **_who(token, "token")})

    async def open_room(self, game: str, rules: dict | None = None, seed: int | None = None,
                        bot_after: float | None = None) -> dict:
        return await self.request({"type": "open", "game": game, "rules": rules or {},
                                   "seed": seed, "bot_after": bot_after})

    async def close_room(self, code: str) -> dict:
        return await self.request({"type": "close", "code": code})

    async def tables(self) -> list[dict]:
        return (await self.request({"type": "tables"}))["tables"]

    async def table(self, code: str) -> dict:
        return (await self.request({"type": "table", "code": code}))["table"]

    async def reveal(self, code: str) -> dict:
        return await self.request({"type": "reveal", "code": code})

    async def export(self, fmt: str = "json", code: str | None = None) -> str:
        return (await self.request({"type": "export", "format": fmt, "code": code}))["data"]

    async def progress(self) -> dict:
        """Per question, the students who answered and those right (``progress`` reply)."""
        return await self.request({"type": "progress"})

    async def watch(self) -> list[dict]:
        return (await self.request({"type": "watch"}))["tables"]

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self._reader, return_exceptions=True)


class Client:
    """:class:`AsyncClient` driven by its own event loop in a daemon thread: plain calls that
    block until the server answers, usable from a Jupyter kernel. Callbacks run in that
    thread."""

    def __init__(self, url: str, timeout: float = 10):
        if IN_BROWSER:
            raise ClassroomError("bad_message", _(
                "in the browser a notebook cannot wait for the class server: take a seat with "
                "join(url, code, name), or use AsyncClient with await"))
        self.timeout = timeout
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="bluffkit-classroom-client")
        self._thread.start()
        self._client: AsyncClient = self._call(AsyncClient.connect(url, timeout))

    def _call(self, coro):
        if not self._loop.is_running():  # closed: the coroutine would never be awaited
            coro.close()
            raise ClassroomError("closed", _("the connection to the server was closed"))
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(self.timeout + 5)

    def __getattr__(self, name):
        if name in ("view", "seat", "code", "token", "events", "on_view", "on_event",
                    "on_close"):
            return getattr(self._client, name)
        method = getattr(AsyncClient, name, None)
        if method is None or name.startswith("_") or name == "connect":
            raise AttributeError(name)
        return lambda *a, **k: self._call(getattr(self._client, name)(*a, **k))

    def __setattr__(self, name, value):
        if name in ("on_view", "on_event", "on_close"):
            setattr(self._client, name, value)
        else:
            object.__setattr__(self, name, value)

    def wait_view(self, until=lambda v: True, timeout: float | None = None) -> dict:
        t = self.timeout if timeout is None else timeout
        return asyncio.run_coroutine_threadsafe(self._client.wait_view(until, t),
                                                self._loop).result(t + 5)

    def close(self) -> None:
        """Close the connection and stop the thread; closing again does nothing."""
        if not self._loop.is_running():
            return
        try:
            self._call(self._client.close())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
            if not self._thread.is_alive():
                self._loop.close()
