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

import errno
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


__all__ = ["read_limited"]
