"""One WebSocket connection to the class server, the same to its user in CPython and in a browser.

:func:`open_socket` returns a connection with ``await send(text)``, ``await recv()``,
``async for text in connection`` (it ends when the connection closes) and ``await close()``.
In CPython it is ``websockets``' asyncio client (imported when first used). In Pyodide
(JupyterLite, Capytale's Basthon: ``sys.platform == "emscripten"``) there are no sockets: it is
:class:`BrowserSocket`, the browser's own ``WebSocket`` (``js.WebSocket``) seen through the
kernel's event loop. The class client (``classroom.client``) and the sender of exercise
results (``exercises.outbox``) talk to the server through it, the same frames either way.

A page opened over ``https://`` may not open a ``ws://`` connection to another machine (the
browser blocks it as *mixed content*): :func:`mixed_content` tells, and the refusal is said in
plain words (:class:`SocketError` of kind ``insecure``).
"""

from __future__ import annotations

import asyncio
import sys
import urllib.parse

from .i18n import _

IN_BROWSER = sys.platform == "emscripten"
"""Pyodide: no sockets, no threads; the browser's WebSocket and the kernel's event loop."""

LOOPBACK = ("127.0.0.1", "localhost", "::1")


class SocketError(ConnectionError):
    """The connection could not be opened: ``kind`` is ``unreachable`` (no server there, a
    wrong address) or ``insecure`` (a ``ws://`` address from an ``https://`` page); the text
    says why."""

    def __init__(self, kind: str, why: str):
        super().__init__(why)
        self.kind = kind


class SocketClosed(ConnectionError):
    """:class:`BrowserSocket`: the connection is closed (``websockets`` raises its own
    ``ConnectionClosed``; :func:`closed_errors` names both)."""


def closed_errors() -> tuple[type[BaseException], ...]:
    """The exceptions a closed connection raises on this platform."""
    if IN_BROWSER:
        return (SocketClosed,)
    from websockets.exceptions import ConnectionClosed

    return (SocketClosed, ConnectionClosed)


def mixed_content(page: str, url: str) -> bool:
    """Whether a page at ``page`` is refused a connection to ``url`` by the browser: a page
    opened over https may not open ``ws://`` (unencrypted) connections, except to this machine.

    >>> mixed_content("https://school.example/lab/", "ws://10.0.0.5:8765")
    True
    >>> mixed_content("http://127.0.0.1:8000/lab/", "ws://10.0.0.5:8765")
    False
    >>> mixed_content("https://school.example/", "wss://class.example"), \\
    ...     mixed_content("https://school.example/", "ws://127.0.0.1:8765")
    (False, False)
    """
    target = urllib.parse.urlsplit(url)
    return (urllib.parse.urlsplit(page).scheme == "https" and target.scheme == "ws"
            and target.hostname not in LOOPBACK)


def insecure_message(url: str) -> str:
    """What a student reads when the browser refuses ``url`` as mixed content."""
    return _("This page was opened with https://, and the browser does not let it reach the "
             "class server at {url} (an unencrypted ws:// address). Ask your teacher for the "
             "server's wss:// address, or for the course site's http:// address.", url=url)


async def open_socket(url: str, timeout: float = 10, max_size: int = 2**24,
                      close_timeout: float = 10):
    """A connection to ``url`` (``ws://`` or ``wss://``), open (``max_size`` and
    ``close_timeout``: ``websockets``' own, for CPython; a browser has its own limits).

    Raises:
        SocketError: it could not be opened within ``timeout`` seconds, saying why.
    """
    if IN_BROWSER:
        return await BrowserSocket.open(url, timeout)
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidHandshake, InvalidURI

    try:
        return await connect(url, open_timeout=timeout, max_size=max_size,
                             close_timeout=close_timeout)
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake) as e:
        raise SocketError("unreachable", getattr(e, "strerror", None) or str(e)
                          or _("no answer")) from None


class BrowserSocket:
    """The browser's ``WebSocket`` behind the interface of ``websockets``' client: its events
    (open, message, close) fill futures and a queue of the kernel's event loop. Made by
    :meth:`open`, in Pyodide only."""

    def __init__(self, ws):
        from pyodide.ffi import create_proxy

        self.ws = ws
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future = loop.create_future()
        self.ended: asyncio.Future = loop.create_future()
        self.incoming: asyncio.Queue = asyncio.Queue()
        self.proxies = {event: create_proxy(getattr(self, f"_on_{event}"))
                        for event in ("open", "message", "close")}
        for event, proxy in self.proxies.items():
            ws.addEventListener(event, proxy)

    @classmethod
    async def open(cls, url: str, timeout: float = 10) -> BrowserSocket:
        """Open ``url``; raises :class:`SocketError` (``insecure`` for mixed content)."""
        import js

        page = str(getattr(getattr(js, "location", None), "href", ""))
        if mixed_content(page, url):
            raise SocketError("insecure", insecure_message(url))
        try:
            ws = js.WebSocket.new(url)
        except Exception as e:  # pyodide.ffi.JsException: SyntaxError, SecurityError
            name = getattr(e, "name", "")
            if name == "SecurityError" or "insecure" in str(e).lower():
                raise SocketError("insecure", insecure_message(url)) from None
            raise SocketError("unreachable", str(e) or _("no answer")) from None
        sock = cls(ws)
        try:
            await asyncio.wait_for(asyncio.shield(sock.opened), timeout)
        except TimeoutError:
            sock.opened.cancel()  # a close event after this has nobody to tell
            sock.ws.close()
            raise SocketError("unreachable", _("no answer")) from None
        return sock

    def _on_open(self, _event) -> None:
        if not self.opened.done():
            self.opened.set_result(None)

    def _on_message(self, event) -> None:
        self.incoming.put_nowait(str(event.data))

    def _on_close(self, event) -> None:
        if not self.opened.done():  # never opened: the browser says no more than this
            self.opened.set_exception(SocketError("unreachable", _("no answer")))
        self.incoming.put_nowait(None)
        if not self.ended.done():
            self.ended.set_result(int(getattr(event, "code", 1006)))
        for event_name, proxy in self.proxies.items():
            self.ws.removeEventListener(event_name, proxy)
            proxy.destroy()
        self.proxies = {}

    async def send(self, text: str) -> None:
        if self.ended.done() or self.ws.readyState != 1:  # 1: OPEN
            raise SocketClosed(_("the connection to the server was closed"))
        self.ws.send(text)

    async def recv(self) -> str:
        text = await self.incoming.get()
        if text is None:
            self.incoming.put_nowait(None)  # every later recv() sees the end too
            raise SocketClosed(_("the connection to the server was closed"))
        return text

    def __aiter__(self) -> BrowserSocket:
        return self

    async def __anext__(self) -> str:
        try:
            return await self.recv()
        except SocketClosed:
            raise StopAsyncIteration from None

    async def close(self) -> None:
        """Close, and wait (a second at most) for the browser to say it is closed."""
        if not self.ended.done():
            self.ws.close()
            try:
                await asyncio.wait_for(asyncio.shield(self.ended), 1)
            except TimeoutError:
                pass


__all__ = ["IN_BROWSER", "BrowserSocket", "SocketClosed", "SocketError", "closed_errors",
           "insecure_message", "mixed_content", "open_socket"]
