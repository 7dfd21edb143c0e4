"""Classroom tables: a student's game table driven by the class server's views.

``join(url, code, name)`` takes a seat in a room of ``bluffkit serve`` and returns the table.
The table sends the student's moves to the server and redraws from each view the server pushes;
the student's kernel never holds the dice, cards or seed of anyone else (only the seat's own
observation, which is all the server sends).

Every game is shown with the very table of local play, "Explain" included, whose advice is
computed from the seat's own observation: the tables of :mod:`bluffkit.widgets.remote`
(:class:`~bluffkit.widgets.remote.RemoteBluffTable` and the others), each seat drawn where the
server seats it.

In a browser kernel (JupyterLite's Pyodide: no threads, the browser's WebSocket) ``join``
returns a :class:`Joining` box at once, saying it is connecting; the table takes its place once
the seat is taken (:func:`join_later`).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..core.i18n import _
from ..core.sockets import IN_BROWSER
from .remote import REMOTE_TABLES, RemoteBluffTable
from .seat import BrowserSeat, Seat, plain_error, seat_names


class JoinFailed(widgets.HTML):
    """What :func:`join` shows when it could not take a seat: ``message``, in plain words."""

    def __init__(self, message: str):
        super().__init__(f'<div style="color:#b00"><b>{html.escape(message)}</b></div>')
        self.add_class("bk-join-failed")
        self.message = message


class TableNews:
    """Hands a seat's news to its table, once there is one (``table``)."""

    def __init__(self):
        self.table = None

    def view(self, view: dict) -> None:
        if self.table is not None:
            self.table.errors.guard(self.table.show_view)(view)

    def event(self, frame: dict) -> None:
        if self.table is not None:
            self.table.errors.guard(self.table.show_event)(frame)

    def status(self, text: str) -> None:
        if self.table is not None:
            self.table.show_connection(text)

    def refused(self, text: str) -> None:
        if self.table is not None:
            self.table.errors.show(text)

    def seated(self, link: Seat, joined: dict):
        """The table of the seat ``joined`` (drawn from the seat's newest view, if any)."""
        self.table = REMOTE_TABLES[joined["game"]](link, joined)
        if link.view is not None:
            self.table.show_view(link.view)
        return self.table


class Joining(widgets.VBox):
    """What :func:`join_later` returns: "Connecting..." at once; then the table (``table``)
    once the seat is taken, or a :class:`JoinFailed` saying why (``message``)."""

    def __init__(self, url: str, code: str, name: str | None):
        note = widgets.HTML("<div>" + html.escape(_("Connecting to the class server at {url}...",
                                                    url=url)) + "</div>")
        note.add_class("bk-joining")
        super().__init__([note])
        self.add_class("bk-join")
        self.news = TableNews()
        self.table = self.message = None
        self.link = BrowserSeat(url, self.news.view, self.news.event, self.news.status,
                                self._seated, self._failed, self.news.refused)
        self.link.join(code, name)

    def _seated(self, joined: dict) -> None:
        self.table = self.news.seated(self.link, joined)
        self.children = [self.table]

    def _failed(self, message: str) -> None:
        self.message = message
        self.children = [JoinFailed(message)]


def join_later(url: str, code: str, name: str | None = None) -> Joining:
    """:func:`join` for a kernel where nothing may wait (the browser's): returns at once, the
    seat taken by the kernel's event loop (which must be running: it is, in a notebook)."""
    return Joining(url, code, name)


def join(url: str | None = None, code: str = "", name: str | None = None):
    """Take a seat at table ``code`` of the class server at ``url`` as ``name``; returns the
    table widget (show it as a cell's last line). Inside the class's JupyterHub both ``url``
    and ``name`` may be left out: ``join(code="K7QPM")`` (the hub gives the server's address
    and says who you are). When no seat can be taken (the server cannot
    be reached, the code is wrong, the table is full) it returns a :class:`JoinFailed` saying
    why in plain words. In a browser (JupyterLite) it returns at once (:func:`join_later`)."""
    from ..classroom.client import ClassroomError
    from ..classroom.hub_auth import classroom_url

    url = url or classroom_url()
    if not url:
        return JoinFailed(_("Give the table server's address (the teacher has it), e.g. "
                            "{example}.", example='join("ws://…", "K7QPM", "Ana")'))
    if IN_BROWSER:
        return join_later(url, code, name)
    news = TableNews()
    link = Seat(url, news.view, news.event, news.status)
    try:
        joined = link.join(code, name)
    except ClassroomError as e:
        return JoinFailed(plain_error(e, url, code))
    return news.seated(link, joined)


__all__ = ["JoinFailed", "Joining", "RemoteBluffTable", "TableNews", "join", "join_later",
           "seat_names"]
