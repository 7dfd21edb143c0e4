"""A student's seat at a classroom table: the connection, its messages, and reconnecting.

:class:`Seat` joins a room of a ``bluffkit serve`` server through
:class:`~bluffkit.classroom.client.Client` and hands every view the server pushes to
``on_view``. Nothing of the game is computed here: the server holds the dice, cards and seed,
and sends this seat its own observation only. When the connection drops, :class:`Seat` comes
back to the same seat with its seat token (a few tries, then a Reconnect button does it).

Every failure is one sentence for a student (:func:`plain_error`): the server cannot be
reached, the code is wrong, the room is full or closed, the connection dropped. Every remote
table shows the same rows above it (:func:`seat_rows`: which table and seat, the connection).

In a browser kernel (JupyterLite's Pyodide) there are no threads and nothing may wait: there
:class:`BrowserSeat`, the same seat, runs every network step as a task of the kernel's event
loop over the browser's WebSocket (:mod:`bluffkit.core.sockets`), and tells how the join went
and what the server refused through callbacks.
"""

from __future__ import annotations

import asyncio
import html
import threading
import time
from collections.abc import Callable

import ipywidgets as widgets

from ..classroom.client import AsyncClient, ClassroomError, Client
from ..core import BluffkitError
from ..core.i18n import _, _l
from .common import html_area

RETRY_EVERY = 1.0
"""Seconds between two tries to come back after the connection dropped..."""
RETRIES = 10
"""... and how many tries before waiting for the Reconnect button."""

MESSAGES = {
    "unreachable": _l("The class server at {url} cannot be reached. Check the address your "
                      "teacher gave you, and that the server is running."),
    "no_room": _l("There is no table with the code {code}. Check the code on the board."),
    "room_full": _l("Every seat at table {code} is taken. Ask your teacher for another table."),
    "room_closed": _l("Table {code} is closed. Ask your teacher for another table."),
    "bad_token": _l("The server no longer knows your seat. Join again with the table's code."),
    "closed": _l("The connection to the class server was lost."),
}
RECONNECT = _l("Reconnect")
"""The Reconnect button's label; a connection message naming it shows the button."""


def plain_error(error: Exception, url: str = "", code: str = "") -> str:
    """One sentence for a student about a failed connection or request.

    >>> plain_error(ClassroomError("no_room", "there is no room ABCDE"), code="ABCDE")
    'There is no table with the code ABCDE. Check the code on the board.'
    >>> plain_error(ConnectionRefusedError(111, "refused"), url="ws://127.0.0.1:1")[:49]
    'The class server at ws://127.0.0.1:1 cannot be re'
    """
    kind = getattr(error, "error", None)
    if kind is None:
        kind = "unreachable" if isinstance(error, OSError | TimeoutError) else None
    if kind is None and isinstance(error, BluffkitError):
        return str(error)
    if kind == "bad_message":
        return str(error)
    if kind in MESSAGES:
        return MESSAGES[kind].format(url=url, code=code)
    if isinstance(error, ClassroomError):
        return str(error)
    return MESSAGES["unreachable"].format(url=url, code=code)


def pause(k: int) -> float:
    """Seconds to wait after the ``k``-th try (from 0) to come back: 1, 2, 3, 3 ..."""
    return RETRY_EVERY * min(k + 1, 3)


def gave_up() -> str:
    """What a seat says when its tries to come back ran out."""
    return _("{lost} Press {button} when the server is back.", lost=MESSAGES["closed"],
             button=RECONNECT)


def not_played(move: str, error: Exception, url: str) -> str:
    """What a seat says when a move held while the connection was down is refused once back."""
    return _("Your move {move} was not played: {reason}", move=move,
             reason=plain_error(error, url))


def retry(attempt: Callable[[], bool | None], tries: int, say: Callable[[str], None],
          lock: threading.Lock | None = None, wait: bool = False) -> bool:
    """Call ``attempt()`` up to ``tries`` times, a second or more apart, until it decides:
    ``True`` back, ``False`` no use trying (it said why), ``None`` try again. Out of tries,
    ``say`` so, naming the Reconnect button; returns whether it is back.

    With ``lock``, one caller tries at a time: a caller that ``wait``s (the thread that comes
    back by itself) takes its turn after the try under way (a click on Reconnect), so it is
    never lost; one that does not returns ``False`` at once."""
    if lock is not None and not lock.acquire(blocking=wait):
        return False  # already trying
    try:
        for k in range(tries):
            verdict = attempt()
            if verdict is not None:
                return verdict
            if k + 1 < tries:
                time.sleep(pause(k))
        say(gave_up())
        return False
    finally:
        if lock is not None:
            lock.release()


def check_url(url) -> None:
    """Raises a :class:`ClassroomError` (``bad_message``) unless ``url`` is a WebSocket address."""
    if not isinstance(url, str) or not url.startswith(("ws://", "wss://")):
        raise ClassroomError("bad_message", _("the server address must start with ws:// or "
                                              "wss://, such as ws://127.0.0.1:8765; got {url}",
                                              url=repr(url)))


def connect(url: str, timeout: float = 10) -> Client:
    """A :class:`Client` connected to ``url``; a failure is a :class:`ClassroomError` with a
    plain message (``unreachable``)."""
    check_url(url)
    try:
        return Client(url, timeout)
    except ClassroomError:
        raise
    except Exception as e:  # OSError, TimeoutError, InvalidURI, InvalidHandshake ...
        raise ClassroomError("unreachable", plain_error(e, url)) from None


class Seat:
    """A seat at a room: ``join`` once, then ``move``; views go to ``on_view(view)``, other
    frames (``closed``, ``revealed``) to ``on_event(frame)``, and connection news (a sentence,
    or ``""`` once back) to ``on_status(text)``. Callbacks run in the client's thread."""

    def __init__(self, url: str, on_view: Callable[[dict], None],
                 on_event: Callable[[dict], None], on_status: Callable[[str], None]):
        self.url = url
        self.on_view, self.on_event, self.on_status = on_view, on_event, on_status
        self.client: Client | None = None
        self.joined: dict | None = None
        self.token: str | None = None
        self.view: dict | None = None
        self.pending: tuple[str, int | None] | None = None
        """A move made while the connection was down, sent once back."""
        self.stopped = False
        self._lock = threading.Lock()

    def _wire(self, client: Client) -> None:
        client.on_view = self._view
        client.on_event = self.on_event
        client.on_close = lambda: self._dropped(client)

    def _view(self, view: dict) -> None:
        self.view = view
        self.on_view(view)

    def join(self, code: str, name: str | None = None) -> dict:
        """Take a seat; returns the ``joined`` frame. Raises ClassroomError (plain message)."""
        client = connect(self.url)
        self._wire(client)
        try:
            self.joined = client.join(code, name)
        except ClassroomError as e:
            client.close()
            raise ClassroomError(e.error, plain_error(e, self.url, code)) from None
        self.client, self.token = client, self.joined["token"]
        return self.joined

    def move(self, action: str) -> dict | None:
        """Send a move (answering the newest view). While the connection is down the move
        waits, said at once in the connection line, and goes as soon as the seat is back (the
        server refuses it then only if the game moved on meanwhile, which is said too): a move
        is never dropped in silence. Returns the server's ack, or ``None`` for a move waiting.
        """
        at = self.view["moves"] if self.view else None
        client = self.client
        if client is not None:
            try:
                return client.move(str(action), at)
            except ClassroomError as e:
                if e.error != "closed":
                    raise
        self._hold(str(action), at)
        return None

    def _hold(self, action: str, at: int | None) -> None:
        """Keep a move made while the connection is down, say so, and come back."""
        self.pending = (action, at)
        self.on_status(_("{lost} Your move {move} will be sent as soon as you are back at your "
                         "seat...", lost=MESSAGES["closed"], move=action))
        self._come_back()

    def _come_back(self) -> None:
        """Try to come back to the seat, after a try under way if any."""
        threading.Thread(target=self.reconnect, kwargs={"wait": True}, daemon=True,
                         name="bluffkit-seat-reconnect").start()

    def _send_pending(self, client: Client) -> None:
        pending, self.pending = self.pending, None
        if pending is None:
            return
        action, at = pending
        try:
            client.move(action, at)
        except ClassroomError as e:
            self.on_status(not_played(action, e, self.url))

    def _dropped(self, client: Client) -> None:
        if self.stopped or client is not self.client:
            return
        self.client = None
        self.on_status(_("{lost} Trying to come back to your seat...",
                         lost=MESSAGES["closed"]))
        self._come_back()

    def reconnect(self, tries: int = RETRIES, wait: bool = False) -> bool:
        """Come back to the seat with its token; True once back (``wait``: see :func:`retry`).
        """
        return retry(self._rejoin, tries, self.on_status, self._lock, wait)

    def _rejoin(self) -> bool | None:
        """One try (see :func:`retry`)."""
        if self.stopped or self.client is not None:
            return self.client is not None
        try:
            client = connect(self.url)
            self._wire(client)
            self.client = client
            client.rejoin(self.token)  # the server then sends the current view
        except ClassroomError as e:
            if self.client is not None:
                old, self.client = self.client, None
                old.close()
            if e.error == "bad_token":
                self.on_status(plain_error(e))
                return False
            return None
        except Exception:  # noqa: BLE001 - any failure: try again a little later
            self.client = None
            return None
        self.on_status("")
        self._send_pending(client)
        return True

    def close(self) -> None:
        self.stopped = True
        if self.client is not None:
            client, self.client = self.client, None
            client.close()


class BrowserSeat(Seat):
    """A :class:`Seat` for a kernel without threads, where nothing may wait (Pyodide): each
    network step is a task of the kernel's event loop. ``join`` starts taking the seat and
    returns at once: ``on_joined(joined)`` follows, or ``on_failed(sentence)``. ``move``
    returns at once too: the server's refusal, if any, goes to ``on_refused(sentence)``. A
    dropped connection comes back with the seat's token, as :class:`Seat` does."""

    def __init__(self, url: str, on_view: Callable[[dict], None],
                 on_event: Callable[[dict], None], on_status: Callable[[str], None],
                 on_joined: Callable[[dict], None], on_failed: Callable[[str], None],
                 on_refused: Callable[[str], None]):
        super().__init__(url, on_view, on_event, on_status)
        self.on_joined, self.on_failed, self.on_refused = on_joined, on_failed, on_refused
        self.tasks: set[asyncio.Task] = set()
        """The tasks under way (the loop keeps only weak references to them)."""
        self.trying: asyncio.Task | None = None

    def _task(self, coro) -> asyncio.Task:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a widget's callback in Pyodide: the kernel's loop is current
            loop = asyncio.get_event_loop()
        task = loop.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _connect(self) -> AsyncClient:
        check_url(self.url)
        client = await AsyncClient.connect(self.url)
        self._wire(client)
        return client

    def join(self, code: str, name: str | None = None) -> None:
        """Start taking a seat (``on_joined`` or ``on_failed`` says how it went)."""
        self._task(self._join(code, name))

    async def _join(self, code: str, name: str | None) -> None:
        client = None
        try:
            client = await self._connect()
            joined = await client.join(code, name)
        except (ClassroomError, TimeoutError) as e:
            if client is not None:
                await client.close()
            self.on_failed(plain_error(e, self.url, code))
            return
        self.client, self.token, self.joined = client, joined["token"], joined
        self.on_joined(joined)

    def move(self, action: str) -> None:
        """Send a move (answering the newest view), or hold it while the connection is down
        (as :meth:`Seat.move`); returns ``None`` at once."""
        at = self.view["moves"] if self.view else None
        if self.client is None:
            self._hold(str(action), at)
        else:
            self._task(self._move(self.client, str(action), at))

    async def _move(self, client: AsyncClient, action: str, at: int | None) -> None:
        try:
            await client.move(action, at)
        except (ClassroomError, TimeoutError) as e:
            if getattr(e, "error", None) == "closed":
                self._hold(action, at)
            else:
                self.on_refused(plain_error(e, self.url))

    def _come_back(self) -> None:
        self.reconnect()

    def reconnect(self, tries: int = RETRIES, wait: bool = False) -> bool:
        """Start coming back to the seat (a try under way carries on); returns whether the
        seat is connected now."""
        if self.trying is None or self.trying.done():
            self.trying = self._task(self._retry(tries))
        return self.client is not None

    async def _retry(self, tries: int) -> bool:
        for k in range(tries):
            verdict = await self._rejoin_once()
            if verdict is not None:
                return verdict
            if k + 1 < tries:
                await asyncio.sleep(pause(k))
        self.on_status(gave_up())
        return False

    async def _rejoin_once(self) -> bool | None:
        """One try (see :func:`retry`)."""
        if self.stopped or self.client is not None:
            return self.client is not None
        try:
            client = await self._connect()
        except (ClassroomError, TimeoutError):
            return None
        self.client = client
        try:
            await client.rejoin(self.token)
        except (ClassroomError, TimeoutError) as e:
            self.client = None
            await client.close()
            if getattr(e, "error", None) == "bad_token":
                self.on_status(plain_error(e))
                return False
            return None
        self.on_status("")
        pending, self.pending = self.pending, None
        if pending is not None:
            try:
                await client.move(*pending)
            except (ClassroomError, TimeoutError) as e:
                self.on_status(not_played(pending[0], e, self.url))
        return True

    def close(self) -> None:
        self.stopped = True
        if self.client is not None:
            client, self.client = self.client, None
            self._task(client.close())


# -- the rows above a classroom table -------------------------------------------------------------
def seat_names(view: dict, seat: int) -> list[str]:
    """What to call each seat (real seat order): "You" for this one, the others' names, or
    "Empty seat 3" (a bot plays an empty seat).

    >>> seat_names({"seats": [{"name": "Ana"}, {"name": ""}, {"name": "Ben"}]}, 2)
    ['Ana', 'Empty seat 2', 'You']
    """
    return [_("You") if p == seat else (s["name"] or _("Empty seat {n}", n=p + 1))
            for p, s in enumerate(view["seats"])]


def _game_title(joined: dict):
    """The game's title in this notebook's language (the server's is in its own)."""
    from ..games import GAMES

    info = GAMES.get(joined["game"]) if joined.get("game") in GAMES else None
    return info.title if info is not None else joined["title"]


def seat_rows(table, joined: dict) -> list[widgets.Widget]:
    """The rows above a classroom table: which table and seat (``heading``), then the
    connection's news (``connection``) with its Reconnect button (``reconnect_button``)."""
    name = html.escape(_("Table {code}", code=joined["code"]))
    table.heading = widgets.HTML(_(
        "{table}: {title}, {players} players; you are player {seat}.", table=f"<b>{name}</b>",
        title=html.escape(str(_game_title(joined))), players=joined["players"],
        seat=joined["seat"] + 1))
    table.heading.add_class("bk-seat-heading")
    table.connection = html_area("bk-connection", math=False)
    table.reconnect_button = widgets.Button(description=str(RECONNECT), icon="refresh")
    table.reconnect_button.add_class("bk-reconnect")
    table.reconnect_button.layout.display = "none"
    table.reconnect_button.on_click(lambda _b: table.link.reconnect(tries=1))
    return [table.heading, widgets.HBox([table.connection, table.reconnect_button])]


__all__ = ["RECONNECT", "BrowserSeat", "Seat", "check_url", "connect", "gave_up", "not_played",
           "pause", "plain_error", "retry", "seat_names", "seat_rows"]
