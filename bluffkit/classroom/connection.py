"""One client of the class server: who it is and the frames waiting to be sent to it.

Each connection has its own writer task: a client that stops reading holds up only its own
frames. What waits for it is bounded in bytes (:data:`MAX_QUEUE_BYTES`; frames are ASCII
JSON, a character a byte): a frame that would go past the bound cuts the connection off and
frees what waited, so a teacher who asks for exports and never reads them costs the server
that much memory at most (one frame always fits an empty queue, however large).

Views are idempotent: a newer view replaces one not yet sent, so a slow reader gets the newest
view, not every one in between, except when that would hide a whole round: the table of a
seat writes its history from the views, and a view carries its own round and the round before
it whole (``previous``; Bluff You the turn before, ``last``), never the one before that. So a
view replaces the last one waiting only if it is at most one round ahead of the view the seat
gets before it (the game's end counts as a round: :func:`view_round`); otherwise both are kept
(one more view per round missed, bounded like everything else). A watching teacher gets
the newest summary of each room the same way.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

from .protocol import RateLimit
from .room import Room, to_text

MAX_QUEUE_BYTES = 2**20
"""Bytes that may wait for one client that does not read before it is cut off (besides the
frame being written: the kernel's send buffer of the socket, a few MB at most, holds it)."""


def view_round(frame: dict) -> int | None:
    """How far the game a view shows has gone: its observation's ``round`` (Bluff You's
    ``turn``), the game's end counting as one more; ``None`` for a view without.

    >>> view_round({"over": True, "view": {"round": 4}}), view_round({"view": {"turn": 2}})
    (5, 2)
    """
    view = frame.get("view")
    if not isinstance(view, dict):
        return None
    r = view.get("round", view.get("turn"))
    if not isinstance(r, int) or isinstance(r, bool):
        return None
    return r + bool(frame.get("over"))


class Connection:
    """One client: who it is (a seat, the teacher) and its outgoing frames.

    ``queue`` holds the frames other than views and updates (``(text, is an export)``, sent
    first, in order), ``views`` the views waiting (``(text, round)``), ``updates`` the newest
    summary of each room for a watching teacher; ``size`` counts the bytes of all three and
    ``exports`` the exports among them (or being sent)."""

    def __init__(self, ws):
        self.ws = ws
        self.queue: deque[tuple[str, bool]] = deque()
        self.views: list[tuple[str, int | None]] = []
        self.updates: dict[str, str] = {}
        self.size = 0
        self.exports = 0
        self.sent_round: int | None = None
        """The round of the last view handed to the socket."""
        self.cut = False
        self.wake = asyncio.Event()
        self.room: Room | None = None
        self.seat: int | None = None
        self.teacher = False
        self.watching = False
        self.limit = RateLimit(now=time.monotonic())
        self.opened = time.monotonic()

    # -- waiting frames -------------------------------------------------------------------------
    def _fits(self, n: int) -> bool:
        if self.cut:
            return False
        if self.size and self.size + n > MAX_QUEUE_BYTES:
            self.cut_off()
            return False
        return True

    def cut_off(self) -> None:
        """Drop what waits and close the connection at once (the client does not read)."""
        self.cut = True
        self.queue.clear()
        self.views.clear()
        self.updates.clear()
        self.size = 0
        if self.ws.transport is not None:
            self.ws.transport.abort()

    def send(self, frame: dict) -> None:
        self.send_text(to_text(frame))

    def send_text(self, text: str, export: bool = False) -> None:
        """Queue a frame already written as text (an export is built in a thread)."""
        if not self._fits(len(text)):
            return
        self.queue.append((text, export))
        self.size += len(text)
        self.exports += export
        self.wake.set()

    def send_view(self, frame: dict) -> None:
        text, rnd = to_text(frame), view_round(frame)
        if self.views:
            before = self.views[-2][1] if len(self.views) > 1 else self.sent_round
            if before is None or rnd is None or rnd - before <= 1:
                old, _round = self.views.pop()
                self.size -= len(old)
        if not self._fits(len(text)):
            return
        self.views.append((text, rnd))
        self.size += len(text)
        self.wake.set()

    def send_update(self, code: str, frame: dict) -> None:
        text = to_text(frame)
        old = self.updates.pop(code, None)
        self.size -= len(old) if old is not None else 0
        if not self._fits(len(text)):
            return
        self.updates[code] = text
        self.size += len(text)
        self.wake.set()

    def _next(self) -> tuple[str, bool]:
        if self.queue:
            return self.queue.popleft()
        if self.views:
            text, rnd = self.views.pop(0)
            if rnd is not None:
                self.sent_round = rnd
            return text, False
        return self.updates.pop(next(iter(self.updates))), False

    async def writer(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while not self.cut and (self.queue or self.views or self.updates):
                text, export = self._next()
                self.size -= len(text)
                try:
                    await self.ws.send(text)
                finally:
                    self.exports -= export


__all__ = ["MAX_QUEUE_BYTES", "Connection", "view_round"]


def written(task) -> None:
    """A write's task is done: a refusal whose asker has left (its request cancelled while the
    shielded write went on) is nobody's error, so it is marked seen (asyncio logged "Task
    exception was never retrieved", and the tests' strict asyncio check failed on it)."""
    if not task.cancelled():
        task.exception()
