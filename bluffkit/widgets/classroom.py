"""Classroom tables: a student's game table driven by the class server's views.

``join(url, code, name)`` takes a seat in a room of ``bluffkit serve`` and returns the table.
The table sends the student's moves to the server and redraws from each view the server pushes;
the student's kernel never holds the dice, cards or seed of anyone else (only the seat's own
observation, which is all the server sends).

Every game is shown with the very table of local play, "Explain" included, whose advice is
computed from the seat's own observation: the tables of :mod:`bluffkit.widgets.remote`
(:class:`~bluffkit.widgets.remote.RemoteBluffTable` and the others), each seat drawn where the
server seats it.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..core.i18n import _
from .remote import REMOTE_TABLES, RemoteBluffTable
from .seat import Seat, plain_error, seat_names


class JoinFailed(widgets.HTML):
    """What :func:`join` shows when it could not take a seat: ``message``, in plain words."""

    def __init__(self, message: str):
        super().__init__(f'<div style="color:#b00"><b>{html.escape(message)}</b></div>')
        self.add_class("bk-join-failed")
        self.message = message


def join(url: str | None = None, code: str = "", name: str | None = None):
    """Take a seat at table ``code`` of the class server at ``url`` as ``name``; returns the
    table widget (show it as a cell's last line). Inside the class's JupyterHub both ``url``
    and ``name`` may be left out: ``join(code="K7QPM")`` (the hub gives the server's address
    and says who you are). When no seat can be taken (the server cannot
    be reached, the code is wrong, the table is full) it returns a :class:`JoinFailed` saying
    why in plain words."""
    from ..classroom.client import ClassroomError

    box: dict = {}

    def on_view(v):
        table = box.get("table")
        if table is not None:
            table.errors.guard(table.show_view)(v)

    def on_event(f):
        table = box.get("table")
        if table is not None:
            table.errors.guard(table.show_event)(f)

    def on_status(text):
        table = box.get("table")
        if table is not None:
            table.show_connection(text)

    from ..classroom.hub_auth import classroom_url

    url = url or classroom_url()
    if not url:
        return JoinFailed(_("Give the table server's address (the teacher has it), e.g. "
                            "{example}.", example='join("ws://…", "K7QPM", "Ana")'))
    link = Seat(url, on_view, on_event, on_status)
    try:
        joined = link.join(code, name)
    except ClassroomError as e:
        return JoinFailed(plain_error(e, url, code))
    table = REMOTE_TABLES[joined["game"]](link, joined)
    box["table"] = table
    if link.view is not None:
        table.show_view(link.view)
    return table


__all__ = ["JoinFailed", "RemoteBluffTable", "join", "seat_names"]
