"""Sending a student's answers to the class server, with their results log as the queue.

When the kernel knows a class server (``BLUFFKIT_CLASSROOM_URL``: ``bluffkit hub-config`` sets it
for every student's server, with ``BLUFFKIT_COURSE_KEY``), every record ``check()`` appends to
the student's log (``exercises.results``, still written: it is the copy on the student's side)
is also sent to the server, which writes it to its SQLite file before it acknowledges it
(``classroom.answers``). In the browser site of ``bluffkit lite`` the variable is set by
``bluffkit lite DEST --server ws://HOST:PORT`` (or by a cell: ``os.environ[...] = ...`` before
``load``). Inside a JupyterHub the kernel's own hub token goes with it and the
server asks the hub whose it is: records are under the student's hub name (``hub_student``).

The log is the queue: ``<log>.sent`` holds how many bytes of the log the server has
acknowledged, and whatever follows is sent next. A sender thread per log sends; ``check()``
wakes it and waits at most ``WAIT`` seconds for its own record, so a student never waits long
for a server that is down or far away: the answer stays queued and the thread tries again
(after 1, 2, 4 ... up to 30 seconds, and at each check). A kernel that stops with answers
queued sends them the next time the worksheet is loaded. The server keeps a record sent twice
once, so nothing is lost or doubled by a restart on either side. The sender thread runs its own
event loop for each try (the kernel's is running), over ``core.sockets``.

In a browser (Pyodide) there are no threads and a check may not wait: :class:`BrowserOutbox`
sends from a task of the kernel's event loop, and ``check()`` returns at once; a failure is said
at the next check (the answers wait in the log, kept in the browser's storage, and go when the
server can be reached: tried again after 1, 2, 4 ... 30 seconds and at each check).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.i18n import _
from ..core.records import is_record

if TYPE_CHECKING:
    import asyncio

URL_VARIABLE = "BLUFFKIT_CLASSROOM_URL"
"""The class server's address (``ws://...``), set by the hub's configuration."""
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
USER_VARIABLE = "JUPYTERHUB_USER"
WAIT = 2.0
"""The longest a ``check()`` waits for the server to acknowledge its answer."""
BATCH_BYTES = 50_000
"""A request holds records up to this many bytes (the server takes up to 60,000)."""
RETRY_MOST = 30.0
PERMANENT = {"bad_message", "bad_json", "too_long", "not_yours", "unknown_type"}
"""Refusals that sending again would not change (the record stays in the log file)."""


def class_server() -> tuple[str, str | None] | None:
    """The class server's address and this kernel's hub token (``None`` outside a hub), or
    ``None`` when no class server is set."""
    url = os.environ.get(URL_VARIABLE, "").strip()
    return (url, os.environ.get(TOKEN_VARIABLE) or None) if url else None


def hub_student(student: Any) -> Any:
    """Inside a JupyterHub with a class server, the student is their hub account (the server
    checks it with the hub), whatever name was typed; elsewhere ``student`` as given."""
    user = os.environ.get(USER_VARIABLE, "").strip()
    return user if user and class_server() and os.environ.get(TOKEN_VARIABLE) else student


class Refused(Exception):
    """The server refused a request: ``error`` its code."""

    def __init__(self, error: str, message: str):
        super().__init__(message)
        self.error = error


class Outbox:
    """The sender of one results log (one per log file and process: :func:`outbox_for`)."""

    def __init__(self, log_path: Path, url: str, hub_token: str | None):
        self.log_path, self.url, self.hub_token = Path(log_path), url, hub_token
        self.mark = self.log_path.with_name(self.log_path.name + ".sent")
        self.acked = self._read_mark()
        self.failure: str | None = None
        """Why the last try failed (``None``: it worked)."""
        self.blocked: str | None = None
        """The browser's refusal of the server's address, in words (mixed content)."""
        self.refused: list[str] = []
        """The server's reasons for records it will never take (kept in the log file)."""
        self.tries = 0
        self.started = self.finished = 0
        """Tries of the sender begun and ended."""
        self.done = threading.Condition()
        self._start()

    def _start(self) -> None:
        self.wake = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True,
                                       name="bluffkit-results-sender")
        self.wake.set()  # answers a stopped kernel left queued go at once
        self.thread.start()

    # -- the queue -----------------------------------------------------------------------------
    def _read_mark(self) -> int:
        try:
            return int(self.mark.read_text(encoding="ascii").strip() or 0)
        except (OSError, ValueError):
            return 0

    def _write_mark(self, offset: int) -> None:
        self.acked = offset
        tmp = self.mark.with_name(f"{self.mark.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(str(offset), encoding="ascii")
            os.replace(tmp, self.mark)
        except OSError:
            pass  # sent again next time: the server keeps it once

    def pending(self) -> list[tuple[dict, int]]:
        """The records after the acknowledged part of the log, each with the offset of its
        end (whole lines only: a line being written waits for the next try)."""
        try:
            with open(self.log_path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                start = self.acked if self.acked <= size else 0  # a new file: from the start
                f.seek(start)
                data = f.read(size - start)
        except OSError:
            return []
        out, at = [], start
        for line in data[: data.rfind(b"\n") + 1].splitlines(keepends=True):
            at += len(line)
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):
                continue  # a torn line: the teacher's collect reports it
            if is_record(record):
                out.append((record, at))
        if not out and at > self.acked:
            self._write_mark(at)
        return out

    # -- sending -------------------------------------------------------------------------------
    async def _send_all(self) -> None:
        """Send every pending record, a batch a request, marking each batch once acknowledged.

        Raises:
            Refused, SocketError, TimeoutError, a closed connection: the server cannot take
            them now.
        """
        from ..core.sockets import SocketError, open_socket

        records = self.pending()
        if not records:
            return
        try:
            ws = await open_socket(self.url, WAIT, max_size=2**20, close_timeout=1)
        except SocketError as e:
            self.blocked = str(e) if e.kind == "insecure" else None
            raise
        self.blocked = None
        try:
            for batch in _batches(records):
                try:
                    await self._request(ws, [r for r, _end in batch])
                except Refused as e:
                    if e.error not in PERMANENT:
                        raise
                    for record, _end in (batch if len(batch) > 1 else []):
                        try:  # one at a time: only the refused one is left out
                            await self._request(ws, [record])
                        except Refused as one:
                            if one.error not in PERMANENT:
                                raise
                            self.refused.append(str(one))
                    if len(batch) == 1:
                        self.refused.append(str(e))
                self._write_mark(batch[-1][1])
        finally:
            await ws.close()

    async def _request(self, ws, records: list[dict]) -> None:
        import asyncio

        self.tries += 1
        frame = {"type": "results", "id": self.tries, "records": records}
        if self.hub_token:
            frame["hub_token"] = self.hub_token
        await ws.send(json.dumps(frame, ensure_ascii=False, separators=(",", ":")))
        while True:
            reply = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            if reply.get("id") == self.tries:
                break
        if reply.get("type") == "error":
            raise Refused(str(reply.get("error")), str(reply.get("message")))

    def _run(self) -> None:
        import asyncio  # here, not at the top: a worksheet without a class server never needs it

        delay: float | None = None
        while True:
            self.wake.wait(delay)
            with self.done:
                self.wake.clear()
                self.started += 1
            try:
                asyncio.run(self._send_all())
                failure, delay = None, None
            except Exception as e:  # unreachable, dropped, refused for now: try again later
                failure = str(e) or type(e).__name__
                delay = min(RETRY_MOST, 2 * delay if delay else 1.0)
            with self.done:
                self.failure = failure
                self.finished += 1
                self.done.notify_all()

    def deliver(self, upto: int, wait: float = WAIT) -> str | None:
        """Wake the sender and wait (at most ``wait`` seconds) until the log is acknowledged up
        to byte ``upto``. Returns ``None`` when it is, else a sentence for the student."""
        with self.done:
            mine = self.started + 1  # the first try to begin after this wake sends ``upto``
            self.wake.set()
            self.done.wait_for(lambda: self.acked >= upto or self.finished >= mine, wait)
            return self._note(self.acked >= upto)

    def _note(self, sent: bool) -> str | None:
        """``None`` when the answers were sent (``sent``) and none refused, else a sentence for
        the student."""
        if sent and not self.refused:
            return None
        if self.refused:
            reason, self.refused = self.refused[-1], []
            return _("The class server refused this answer ({reason}); it is kept in your "
                     "results file: tell your teacher.", reason=reason)
        if self.blocked:
            return _("Saved in your results file; it cannot be sent to the class server: "
                     "{why}", why=self.blocked)
        return _("Saved in your results file; the class server cannot be reached just now, so "
                 "the answer will be sent to it as soon as it can.")


class BrowserOutbox(Outbox):
    """The sender in a browser kernel (Pyodide): no thread, and ``check()`` may not wait. Each
    try is a task of the kernel's event loop; :meth:`deliver` starts one and returns at once,
    with a sentence when the try before failed (the answers wait in the log)."""

    def _start(self) -> None:
        self.task: asyncio.Task | None = None
        self.wanted = 0
        """The log's length the last check asked to be sent."""
        self.delay: float | None = None
        self.later: asyncio.TimerHandle | None = None
        self._kick()  # answers a stopped kernel left queued go at once

    def _kick(self) -> None:
        import asyncio

        if self.task is None or self.task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # in Pyodide the kernel's loop is current, not running here
                loop = asyncio.get_event_loop()
            self.task = loop.create_task(self._try())

    async def _try(self) -> None:
        import asyncio

        self.started += 1
        if self.later is not None:
            self.later.cancel()
            self.later = None
        try:
            for _again in range(3):  # what was checked while a try was under way goes too
                await self._send_all()
                if self.acked >= self.wanted:
                    break
            self.failure, self.delay = None, None
        except Exception as e:  # unreachable, dropped, refused for now: try again later
            self.failure = str(e) or type(e).__name__
            self.delay = min(RETRY_MOST, 2 * self.delay if self.delay else 1.0)
            self.later = asyncio.get_running_loop().call_later(self.delay, self._kick)
        self.finished += 1

    def deliver(self, upto: int, wait: float = WAIT) -> str | None:
        """Start sending the log up to byte ``upto`` and return at once: ``None``, or a
        sentence when the answers could not be sent before (``wait`` is not used: nothing may
        wait in a browser)."""
        self.wanted = max(self.wanted, upto)
        failed = self.failure is not None or bool(self.refused)
        self._kick()
        return self._note(not failed)


def _batches(records: list[tuple[dict, int]]) -> list[list[tuple[dict, int]]]:
    out, size = [[]], 0
    for record, end in records:
        n = len(json.dumps(record, ensure_ascii=False).encode()) + 1
        if out[-1] and size + n > BATCH_BYTES:
            out.append([])
            size = 0
        out[-1].append((record, end))
        size += n
    return out


_OUTBOXES: dict[tuple, Outbox] = {}
_LOCK = threading.Lock()


def outbox_for(log_path: Path) -> Outbox | None:
    """This process's sender for ``log_path``, or ``None`` when no class server is set."""
    server = class_server()
    if server is None:
        return None
    key = (str(Path(log_path).resolve()), *server)
    with _LOCK:
        if key not in _OUTBOXES:
            from ..core.sockets import IN_BROWSER

            _OUTBOXES[key] = (BrowserOutbox if IN_BROWSER else Outbox)(Path(log_path), *server)
        return _OUTBOXES[key]


__all__ = ["URL_VARIABLE", "WAIT", "BrowserOutbox", "Outbox", "class_server", "hub_student",
           "outbox_for"]
