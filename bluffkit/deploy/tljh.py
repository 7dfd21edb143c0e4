"""A plugin for The Littlest JupyterHub (TLJH): bluffkit's table server as a hub service.

TLJH installs its plugins into the hub's own environment (``bootstrap.py --plugin SPEC``), which
holds no bluffkit otherwise; this plugin (entry point ``tljh: bluffkit``) then

- asks TLJH to install the same bluffkit in the students' environment
  (``tljh_extra_user_pip_packages``: the wheel it was installed from, which must stay where it
  is, else ``bluffkit==VERSION``);
- starts ``bluffkit serve --hub`` as a hub service from the hub's environment, its database in
  TLJH's state folder (``tljh_custom_jupyterhub_config``);
- gives every student's server the class URL and the course key, made once into TLJH's config
  folder, readable by root only (``tljh_post_install``).

TLJH's proxy is Traefik: kernels reach the table server directly on 127.0.0.1 (the route Traefik
gets for ``/services/bluffkit/`` may redirect plain http to https). Who may log in and who
teaches (the hub's admins) are TLJH's own settings, ``tljh-config``: :func:`steps` writes the
commands. ``pluggy`` comes with TLJH (and with pytest).
"""

from __future__ import annotations

import os
import secrets
import shlex
import sys
from pathlib import Path
from typing import Any

try:
    import pluggy
except ImportError:  # outside TLJH (bluffkit hub-config --tljh only writes the steps)
    pluggy = None

from ..classroom.hub_auth import URL_VARIABLE
from ..core.i18n import _
from ..core.install import requirement
from ..exercises.results import KEY_VARIABLE
from .hub import KEY_FILE, SERVICE

hookimpl = pluggy.HookimplMarker("tljh") if pluggy else (lambda function: function)
TABLES_PORT = 8765
BOOTSTRAP = "https://tljh.jupyter.org/bootstrap.py"


def prefix() -> Path:
    """TLJH's installation folder (``TLJH_INSTALL_PREFIX``, as TLJH reads it)."""
    return Path(os.environ.get("TLJH_INSTALL_PREFIX", "/opt/tljh"))


@hookimpl
def tljh_extra_user_pip_packages() -> list[str]:
    return [requirement()]


def key_path() -> Path:
    return prefix() / "config" / KEY_FILE


@hookimpl
def tljh_post_install() -> None:
    """Make the course key once (kept across upgrades), readable by root only."""
    path = key_path()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(secrets.token_urlsafe(32) + "\n")


@hookimpl
def tljh_custom_jupyterhub_config(c: Any) -> None:
    tljh_post_install()  # a hub set up before the plugin was added has no key yet
    state = prefix() / "state"
    c.JupyterHub.services = [*c.JupyterHub.get("services", []), {
        "name": SERVICE, "url": f"http://127.0.0.1:{TABLES_PORT}",
        "command": [sys.executable, "-m", "bluffkit.cli", "serve", "--hub", "--host",
                    "127.0.0.1", "--port", str(TABLES_PORT), "--db",
                    str(state / "bluffkit-classroom.sqlite")]}]
    c.Spawner.environment = {
        **c.Spawner.get("environment", {}),
        URL_VARIABLE: f"ws://127.0.0.1:{TABLES_PORT}/services/{SERVICE}/",
        KEY_VARIABLE: key_path().read_text(encoding="utf-8").strip()}


def steps(wheel: str, teachers: list[str], students: list[str]) -> str:
    """The shell commands that set up a TLJH class with this plugin, one per line, commented in
    the language; ``wheel`` is the bluffkit wheel's file name on the server."""
    q = shlex.quote
    first = teachers[0] if teachers else "teacher"
    lines = ["# " + _("1. On a fresh Ubuntu server, with the bluffkit wheel in this folder, "
                      "install TLJH with the plugin (its first teacher is its first admin):"),
             f"curl -L {BOOTSTRAP} | sudo python3 - --admin {q(first)} --plugin "
             f"\"$PWD/{wheel}\"",
             "# " + _("2. Teachers are the hub's admins; JupyterHub 5 lets in only the users "
                      "it is told about:")]
    lines += [f"sudo tljh-config add-item users.admin {q(t)}" for t in teachers[1:]]
    lines += [f"sudo tljh-config add-item users.allowed {q(s)}" for s in students] or [
        "# " + _("(no student list given: sudo tljh-config add-item users.allowed NAME, one "
                 "line per student)")]
    lines += ["sudo tljh-config reload",
              "# " + _("3. The course key, for: bluffkit results collect --key-file FILE"),
              f"sudo cat {key_path()}"]
    return "\n".join(lines) + "\n"


__all__ = ["steps", "tljh_custom_jupyterhub_config",
           "tljh_extra_user_pip_packages", "tljh_post_install"]
