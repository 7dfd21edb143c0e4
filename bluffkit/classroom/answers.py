"""The students' answers on the class server: every ``check()`` of a kernel configured with the
class server's address arrives as a ``results`` request (:mod:`.protocol`), is written to the
server's SQLite file (table ``answers``, :data:`~bluffkit.core.records.ANSWERS_SCHEMA`) before
it is acknowledged, and counts in the live progress per question the teacher's dashboard shows.

A record is stored as its kernel signed it: the server needs no course key, and
``bluffkit results collect class.sqlite`` checks each record's signature as it checks a log
file's (unsigned and tampered records are flagged there, not dropped here). A record sent twice
(a kernel that lost the server's reply sends it again) is stored once: its id is
:func:`~bluffkit.core.records.record_id`.

>>> import sqlite3
>>> db = sqlite3.connect(":memory:", isolation_level=None)
>>> answers = Answers(db)
>>> r = {"format": "bluffkit-results/1", "student": "ada", "set": "bluff", "seed": 7,
...      "mode": "practice", "question": 1, "title": "One die", "attempt": 1, "answer": "1/3",
...      "status": "correct", "correct": True, "mistake": None, "time": "2026-11-27T20:00Z"}
>>> statements, new = answers.plan([r, r], hub_user=None, now=0.0)
>>> for sql, args in statements:
...     _ = db.execute(sql, args)
>>> answers.add(new); len(new), answers.progress()["questions"][0]["correct"]
(1, 1)
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from typing import Any

from ..core.i18n import _
from ..core.records import ANSWERS_SCHEMA, record_id
from .protocol import ProtocolError, Request, reply
from .rooms import Change


class Answers:
    """The answers stored in one server's file, and per question who answered and how."""

    def __init__(self, db: sqlite3.Connection):
        db.executescript(ANSWERS_SCHEMA)
        self.ids: set[str] = set()
        self.latest: dict[tuple, tuple] = {}
        """(set, mode, question, student) -> (time, correct, title) of the last answer."""
        self.count: dict[tuple, int] = defaultdict(int)
        self.lines: list[str] = []
        """Every record stored, as JSON lines in the order received (the teacher's export)."""
        for rid, text in db.execute("SELECT id, record FROM answers ORDER BY received, rowid"):
            self.add([(rid, json.loads(text))])

    def plan(self, records: list[dict], hub_user: str | None, now: float
             ) -> tuple[list, list[tuple[str, dict]]]:
        """The SQL that stores the records not stored yet, and those records with their ids
        (give them to :meth:`add` once written)."""
        new, statements = [], []
        for r in records:
            rid = record_id(r)
            if rid in self.ids or any(rid == n for n, _r in new):
                continue
            new.append((rid, r))
            statements.append(("INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?, ?)",
                               (rid, r["student"], hub_user, now,
                                json.dumps(r, ensure_ascii=False, separators=(",", ":")))))
        return statements, new

    def add(self, new: list[tuple[str, dict]]) -> None:
        """Count records that are written."""
        for rid, r in new:
            if rid in self.ids:
                continue
            self.ids.add(rid)
            self.lines.append(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
            k = (r["set"], r["mode"], r["question"], r["student"])
            self.count[k[:3]] += 1
            if k not in self.latest or r["time"] >= self.latest[k][0]:
                self.latest[k] = (r["time"], r.get("correct"), r["title"])

    def jsonl(self) -> str:
        """Every record stored, one JSON line each: a file ``bluffkit results collect`` reads
        as a student's log."""
        return "".join(self.lines)

    def progress(self) -> dict:
        """Per exercise set, mode and question: students who answered, those whose last answer
        is right (``None`` in an exam: graded by the teacher's collect), answers in all."""
        rows: dict[tuple, dict] = {}
        for (s, mode, q, _student), (_time, correct, title) in sorted(self.latest.items()):
            row = rows.setdefault((s, mode, q), {"set": s, "mode": mode, "question": q,
                                                 "title": title, "students": 0,
                                                 "correct": None if mode == "exam" else 0,
                                                 "answers": self.count[s, mode, q]})
            row["students"] += 1
            if mode != "exam":
                row["correct"] += correct is True
        return {"questions": list(rows.values()),
                "students": len({k[3] for k in self.latest})}


async def receive(server: Any, conn: Any, r: Request) -> None:
    """Store a ``results`` request's records (written before the ``ack``), then send every
    watching teacher the new progress. On a hub, the hub says whose answers they are."""
    hub_user = None
    if server.hub_api is not None:
        if r["hub_token"] is None:
            raise ProtocolError("bad_token", _("this class server is run by the class's "
                                               "JupyterHub: answers are sent from a notebook "
                                               "started by the hub"))
        from .hub_auth import identify

        hub_user = (await identify(server.hub_api, r["hub_token"])).name
        other = next((x["student"] for x in r["records"] if x["student"] != hub_user), None)
        if other is not None:
            raise ProtocolError("not_yours", _("these answers are under the name {name}, but "
                                               "your hub account is {user}", name=repr(other),
                                               user=repr(hub_user)))
    answers = server.answers
    statements, new = answers.plan(r["records"], hub_user, server.hub.clock())
    await server.change(lambda: Change(statements, lambda: answers.add(new)))
    conn.send(reply("ack", r.id, stored=len(new), received=len(r["records"])))
    if new:
        frame = reply("progress", **answers.progress())
        for c in server.conns:
            if c.watching:
                c.send_update("progress", frame)


__all__ = ["Answers", "receive"]
