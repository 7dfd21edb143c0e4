"""The games of a class server as files a teacher reads (``{"type": "export"}``, the
dashboard's Export buttons).

CSV, a row per move: ``room, game, seed, move, seat, name, by, action, time``. Moves and seats
count from 1, as the tables do ("you are player 1"); a chance move (a roll, a deal) has no
seat; ``by`` is ``player``, ``bot`` (a bot played an empty or dropped seat) or ``chance``;
``time`` is ISO 8601 in the server's time zone (``2026-03-02T10:15:03.250+01:00``). After a
finished game's moves, a ``result`` row: each seat's name and result.

JSON, ``{"rooms": [...]}``, a room each: its code, game, title, players, rules, seed,
``opened`` and ``closed`` (ISO 8601), ``over``, ``returns``, ``seats`` (per seat: ``player``
counted from 1, ``name``, ``student``: someone joined it, ``moves`` and ``bot_moves``: how
many of its moves a student and a bot made), ``log`` (every move as ``[seat, action, by]``,
the seat counted from 0 as in the protocol, -1 for chance), ``times`` (each move's, ISO 8601)
and the final ``state`` (every hand).

>>> from bluffkit.classroom.rooms import Hub
>>> hub = Hub(":memory:", clock=lambda: 0.0)
>>> room = hub.open_room("bluff", {"players": 2, "dice_per_player": 1}, seed=3)
>>> _seat, _token = hub.join(room.code, "Ana")
>>> rows = export_csv([room]).splitlines()
>>> rows[0], rows[1].split(",")[3:8]
('room,game,seed,move,seat,name,by,action,time', ['1', '', '', 'chance', 'start total 5'])
>>> export_json([room])["rooms"][0]["seats"][0]
{'player': 1, 'name': 'Ana', 'student': True, 'moves': 0, 'bot_moves': 0}
"""

from __future__ import annotations

import csv
import io
from datetime import datetime

from ..core.i18n import _
from .room import Room, jsonable


def iso(t: float | None) -> str | None:
    """A time (seconds since 1970) as ISO 8601 in this machine's time zone, to the
    millisecond."""
    if t is None:
        return None
    return datetime.fromtimestamp(t).astimezone().isoformat(timespec="milliseconds")


def seat_names(room: Room) -> list[str]:
    """Each seat's student, or "seat 2" for a seat nobody took (the tables' numbering)."""
    return [s.name or _("seat {n}", n=p + 1) for p, s in enumerate(room.seats)]


def export_csv(rooms: list[Room]) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["room", "game", "seed", "move", "seat", "name", "by", "action", "time"])
    for r in rooms:
        names = seat_names(r)
        for i, (p, text, by, at) in enumerate(list(r.moves)):
            seat, name = (p + 1, r.seats[p].name or "") if p >= 0 else ("", "")
            w.writerow([r.code, r.info.name, r.seed, i + 1, seat, name, by, text, iso(at)])
        if r.over():
            result = "; ".join(f"{n} {x}" for n, x in zip(names, jsonable(r.state.returns())))
            w.writerow([r.code, r.info.name, r.seed, "", "", "", "result", result, ""])
    return out.getvalue()


def room_json(r: Room) -> dict:
    moves = list(r.moves)
    seats = [{"player": p + 1, "name": s.name or "", "student": s.token_hash is not None,
              "moves": sum(1 for q, _a, by, _t in moves if q == p and by == "player"),
              "bot_moves": sum(1 for q, _a, by, _t in moves if q == p and by == "bot")}
             for p, s in enumerate(r.seats)]
    return {"code": r.code, "game": r.info.name, "title": str(r.info.title),
            "players": r.players, "rules": jsonable(r.rules.to_json()), "seed": r.seed,
            "opened": iso(r.opened), "closed": iso(r.closed), "over": r.over(),
            "returns": jsonable(r.state.returns()) if r.over() else None, "seats": seats,
            "log": [[p, a, by] for p, a, by, _t in moves], "times": [iso(t) for *_m, t in moves],
            "state": jsonable(r.state.to_json())}


def export_json(rooms: list[Room]) -> dict:
    return {"rooms": [room_json(r) for r in rooms]}


__all__ = ["export_csv", "export_json", "iso"]
