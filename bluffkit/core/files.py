"""Reading a file a person names, never more than a bound.

A path typed by a user may be anything: ``/dev/zero`` (endless), a log of gigabytes, a folder.
:func:`read_limited` reads at most ``most`` bytes and says, as an ``OSError`` whose ``strerror``
is a sentence in the user's language, when the file holds more, so a caller that already
reports ``OSError`` (``cannot read {path} ({e.strerror})``) reports this too.

>>> import tempfile
>>> path = tempfile.mkstemp()[1]
>>> _ = open(path, "w").write("course key")
>>> read_limited(path, 100)
b'course key'
>>> read_limited("/dev/zero", 4096)
Traceback (most recent call last):
...
OSError: [Errno 27] larger than 4096 bytes
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

from .i18n import _


def read_limited(path: Path | str, most: int) -> bytes:
    """The bytes of ``path``, or an ``OSError``: the system's reason, or ``EFBIG`` with the
    sentence "larger than ``most`` bytes" when it holds more (nothing past ``most + 1`` bytes is
    read)."""
    with open(Path(path).expanduser(), "rb") as f:
        data = f.read(most + 1)
    if len(data) > most:
        raise OSError(errno.EFBIG, _("larger than {most} bytes", most=most))
    return data


@contextlib.contextmanager
def locked(fd: int) -> Iterator[None]:
    """Hold an exclusive advisory lock on the open file ``fd`` (other processes' ``locked``
    wait): ``fcntl.flock`` where there is ``fcntl`` (Linux, macOS), else ``msvcrt.locking`` on
    the file's first byte (Windows, which has no ``fcntl``), else no lock between processes
    (threads are the caller's to exclude; Pyodide, whose ``fcntl`` has no ``flock``, runs one
    kernel per browser tab). Imported when first used: importing bluffkit never needs
    ``fcntl``."""
    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is not None and hasattr(fcntl, "flock"):
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
        return
    try:
        import msvcrt
    except ImportError:
        yield
        return
    os.lseek(fd, 0, os.SEEK_SET)  # the lock covers byte 0 (locking past the end is allowed)
    while True:
        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # tries for 10 s, then OSError: try again
            break
        except OSError as e:
            if e.errno != errno.EDEADLK:
                raise
    try:
        yield
    finally:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def read_at(fd: int, size: int, offset: int) -> bytes:
    """``size`` bytes of ``fd`` from ``offset`` (``os.pread`` where it exists; Windows has no
    ``pread``: a seek, then reads; writes to a file opened with ``O_APPEND`` go to its end
    whatever the position)."""
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    chunks = []
    while size > 0:
        chunk = os.read(fd, size)
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


__all__ = ["locked", "read_at", "read_limited"]
