"""A results record: what one ``check()`` of a student leaves, in their log file
(``exercises.results``), on the class server (``classroom.answers``) and in the teacher's
gradebook (``teacher.collect``): one JSON object with the fields of :data:`FIELDS` (plus
``reading``, ``correct``, ``mistake`` and ``hmac``).

The ``hmac`` is an HMAC-SHA256 of every other field (:func:`canonical`), keyed with the course
key; without a key it is ``null``.

>>> r = {"format": FORMAT, "student": "ada", "set": "bluff", "seed": 7, "mode": "practice",
...      "question": 1, "title": "One die", "attempt": 1, "answer": "1/3", "status": "correct",
...      "correct": True, "mistake": None, "time": "2026-11-27T20:00:00.000+00:00"}
>>> r["hmac"] = sign(r, b"key")
>>> is_record(r), verify(r, b"key"), verify(dict(r, answer="1/2"), b"key")
(True, True, False)
>>> len(record_id(r))
64
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

FORMAT = "bluffkit-results/1"
"""The ``format`` field of every record (collect skips lines without it as foreign)."""

MODES = ("practice", "exam")

FIELDS = {"format": str, "student": str, "set": str, "seed": int, "mode": str, "question": int,
          "title": str, "attempt": int, "answer": str, "status": str, "time": str}


ANSWERS_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (id TEXT PRIMARY KEY, student TEXT NOT NULL,
    hub_user TEXT, received REAL NOT NULL, record TEXT NOT NULL);
"""
"""The class server's table of records (in its ``--db`` file, beside the rooms): ``record`` as
the student's kernel sent it (JSON), ``hub_user`` the hub account that sent it (on a hub)."""


def canonical(record: dict) -> bytes:
    """The bytes the HMAC covers: every field but ``hmac``, keys sorted, no spaces."""
    body = {k: v for k, v in record.items() if k != "hmac"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sign(record: dict, key: bytes | None) -> str | None:
    return None if key is None else hmac.new(key, canonical(record), hashlib.sha256).hexdigest()


def verify(record: dict, key: bytes) -> bool:
    """Whether ``record`` carries a valid HMAC under ``key``."""
    mac = record.get("hmac")
    return isinstance(mac, str) and hmac.compare_digest(mac, sign(record, key))


def record_id(record: dict) -> str:
    """A record's identity: the same record (its fields and checksum), sent or copied twice,
    has one id."""
    return hashlib.sha256(canonical(record) + str(record.get("hmac")).encode()).hexdigest()


def is_record(record: Any) -> bool:
    """Whether ``record`` has every field of a results record, with the right types."""
    return (isinstance(record, dict) and record.get("format") == FORMAT
            and all(isinstance(record.get(k), t) and not isinstance(record.get(k), bool)
                    for k, t in FIELDS.items())
            and record["mode"] in MODES and isinstance(record.get("correct"), bool | None)
            and isinstance(record.get("hmac"), str | None))


__all__ = ["ANSWERS_SCHEMA", "FIELDS", "FORMAT", "MODES", "canonical", "is_record", "record_id",
           "sign", "verify"]
