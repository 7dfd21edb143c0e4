"""Where this bluffkit was installed from: the wheel a hub or an autograder installs again.

bluffkit is on no package index: a class's other environments (the students' environment of
The Littlest JupyterHub, an otter-grader autograder, a Kubernetes image) install the very wheel
the teacher installed. pip keeps where it came from in ``direct_url.json``.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse


def version() -> str:
    """bluffkit's version, as installed."""
    return metadata.version("bluffkit")


def wheel_file() -> Path | None:
    """The wheel file this bluffkit was installed from, when pip says so and it is still there
    (``None`` for an install from a source folder, or a moved or deleted wheel)."""
    try:
        text = metadata.distribution("bluffkit").read_text("direct_url.json") or "{}"
        url = json.loads(text).get("url", "")
    except (ValueError, metadata.PackageNotFoundError):
        return None
    if not isinstance(url, str) or not url.startswith("file:"):
        return None
    path = Path(unquote(urlparse(url).path))
    return path if path.suffix == ".whl" and path.is_file() else None


def requirement() -> str:
    """A pip requirement for this very bluffkit: its wheel file, else ``bluffkit==VERSION``."""
    wheel = wheel_file()
    return str(wheel) if wheel else f"bluffkit=={version()}"


__all__ = ["requirement", "version", "wheel_file"]
