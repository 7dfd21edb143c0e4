"""Classroom play: a table server that sends each seat only its own view, with a durable log.

``bluffkit serve`` runs :mod:`.server` (transport) over :mod:`.rooms` (engines + SQLite log);
:mod:`.protocol` documents every message; :mod:`.client` is the client the notebook widgets use.
The client and the server import ``websockets`` when first used, not on ``import bluffkit``.
"""

from __future__ import annotations


def __getattr__(name: str):
    if name in ("AsyncClient", "Client", "ClassroomError"):
        from . import client

        return getattr(client, name)
    if name in ("ClassroomServer", "start_in_thread"):
        from . import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AsyncClient", "ClassroomError", "ClassroomServer", "Client", "start_in_thread"]
