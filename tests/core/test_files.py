"""core.files.locked where the platform's fcntl has no flock (Pyodide: seen in the browser as
``AttributeError: module 'fcntl' has no attribute 'flock'`` on a student's first check)."""

from __future__ import annotations

import os
import sys
import types

from bluffkit.core.files import locked


def test_locked_without_flock_holds_no_lock_and_does_not_fail(tmp_path, monkeypatch):
    pyodide_fcntl = types.ModuleType("fcntl")  # Pyodide's fcntl: constants, no flock
    pyodide_fcntl.LOCK_EX, pyodide_fcntl.LOCK_UN = 2, 8
    monkeypatch.setitem(sys.modules, "fcntl", pyodide_fcntl)
    monkeypatch.setitem(sys.modules, "msvcrt", None)  # nor Windows' msvcrt
    fd = os.open(tmp_path / "log", os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        with locked(fd):
            os.write(fd, b"one line\n")
    finally:
        os.close(fd)
    assert (tmp_path / "log").read_bytes() == b"one line\n"
