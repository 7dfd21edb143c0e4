"""A class's JupyterHub on one machine, with bluffkit's table server as a hub service.

``bluffkit hub-config DIR`` writes ``DIR/jupyterhub_config.py`` (:func:`config_file`), which
calls :func:`one_machine` when JupyterHub reads it. Its settings are environment variables of the
hub, listed in :data:`SETTINGS` (all optional but who may log in). JupyterHub 5 lets nobody in
unless it is told who may (``allowed_users``, ``allowed_groups`` or ``allow_all``): without one of
those settings, :func:`one_machine` stops the hub with a message saying so instead of starting a
hub nobody can use.

>>> from traitlets.config import Config
>>> c = Config()
>>> settings = one_machine(c, {"BLUFFKIT_STUDENTS": "ana, bob", "BLUFFKIT_TEACHERS": "mme_m",
...                            "BLUFFKIT_COURSE_KEY": "k"}, folder="/srv/class")
>>> sorted(c.Authenticator.allowed_users), c.JupyterHub.authenticator_class
(['ana', 'bob', 'mme_m'], 'pam')
>>> c.Spawner.environment["BLUFFKIT_CLASSROOM_URL"]
'ws://127.0.0.1:8000/services/bluffkit/'
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..classroom.hub_auth import URL_VARIABLE
from ..core import BluffkitError
from ..core.i18n import _, _l
from ..exercises.results import KEY_VARIABLE

SERVICE = "bluffkit"
"""The table server's service name: the hub's proxy routes ``/services/bluffkit/`` to it."""
TEACHERS_GROUP = "teachers"
KEY_FILE = "bluffkit-course-key"
AUTHENTICATORS = {"pam": "pam", "native": "nativeauthenticator.NativeAuthenticator",
                  "dummy": "dummy"}
"""Short names of :data:`BLUFFKIT_HUB_AUTH`; anything else is passed to JupyterHub as it is."""


SETTINGS = _l("""\
Settings (environment variables of the hub; all optional but who may log in):
  BLUFFKIT_HUB_AUTH        the authenticator: pam (default: this machine's accounts), native
                           (accounts made on the hub's sign-up page), dummy (any name, no
                           password: to try it alone), or a JupyterHub authenticator's name or
                           class (github, ldapauthenticator.LDAPAuthenticator, ...)
  BLUFFKIT_STUDENTS        who may log in: user names separated by commas
  BLUFFKIT_STUDENTS_FILE   ... or a file of user names, one a line (# starts a comment)
  BLUFFKIT_ALLOWED_GROUPS  ... or groups of the authenticator (Unix groups with pam)
  BLUFFKIT_ALLOW_ALL       1: anyone the authenticator knows (e.g. your school's login)
  BLUFFKIT_TEACHERS        teachers' user names (the group "teachers"; they may log in)
  BLUFFKIT_HUB_DATA        folder for the hub's databases and the course key (default: the
                           configuration's folder)
  BLUFFKIT_HUB_PORT        the hub's public port (default 8000)
  BLUFFKIT_HUB_HOST        the address students' kernels reach the hub at (default 127.0.0.1)
  BLUFFKIT_TABLES_PORT     the table server's own port, on 127.0.0.1 (default 8765)
  BLUFFKIT_COURSE_KEY      the key that signs students' results (default: made once and kept
                           in BLUFFKIT_HUB_DATA/bluffkit-course-key)""")


class InvalidSetting(BluffkitError, ValueError):
    """A hub setting that cannot work, with what to set instead."""


def names(text: str | None) -> list[str]:
    """User names separated by commas or new lines, without blanks or comments.

    >>> names(" ana, bob ,,\\n# the teacher\\nmme_m ")
    ['ana', 'bob', 'mme_m']
    """
    out = []
    for line in (text or "").splitlines():
        line = line.split("#", 1)[0]
        out += [n.strip() for n in line.split(",") if n.strip()]
    return out


def students(environ: Mapping[str, str]) -> list[str]:
    """``BLUFFKIT_STUDENTS`` and the names in ``BLUFFKIT_STUDENTS_FILE``.

    Raises:
        InvalidSetting: the file cannot be read.
    """
    found = names(environ.get("BLUFFKIT_STUDENTS"))
    if path := environ.get("BLUFFKIT_STUDENTS_FILE"):
        try:
            found += names(Path(path).expanduser().read_text(encoding="utf-8"))
        except (OSError, UnicodeError) as e:
            raise InvalidSetting(_("BLUFFKIT_STUDENTS_FILE: cannot read {path} ({reason})",
                                   path=path, reason=getattr(e, "strerror", None) or e)) from None
    return found


def course_key(environ: Mapping[str, str], data: Path) -> str:
    """The course key for students' kernels: ``BLUFFKIT_COURSE_KEY``, else the one kept in
    ``data/bluffkit-course-key`` (made the first time, readable by its owner only)."""
    if key := (environ.get(KEY_VARIABLE) or "").strip():
        return key
    path = data / KEY_FILE
    if not path.exists():
        data.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(secrets.token_urlsafe(32) + "\n")
    return path.read_text(encoding="utf-8").strip()


def bluffkit_command() -> list[str]:
    """How the hub starts the table server: this Python's ``bluffkit`` command."""
    script = shutil.which("bluffkit", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "bluffkit.cli"]


def one_machine(c: Any, environ: Mapping[str, str] | None = None,
                folder: Path | str | None = None) -> dict[str, Any]:
    """Fill JupyterHub's configuration ``c`` for a class on one machine.

    Args:
        c: the configuration JupyterHub gives its configuration file (``get_config()``).
        environ: the settings (default: this process's environment).
        folder: the default of ``BLUFFKIT_HUB_DATA`` (the configuration file's folder).

    Returns:
        The settings used (the authenticator, who may log in, the folders and ports).

    Raises:
        InvalidSetting: nobody could log in, or a setting is not a number.
    """
    env = os.environ if environ is None else environ
    data = Path(env.get("BLUFFKIT_HUB_DATA") or folder or Path.cwd()).expanduser().resolve()
    try:
        port = int(env.get("BLUFFKIT_HUB_PORT", "8000"))
        tables = int(env.get("BLUFFKIT_TABLES_PORT", "8765"))
    except ValueError:
        raise InvalidSetting(_("BLUFFKIT_HUB_PORT and BLUFFKIT_TABLES_PORT must be port numbers"
                               )) from None
    host = env.get("BLUFFKIT_HUB_HOST", "127.0.0.1")
    auth = (env.get("BLUFFKIT_HUB_AUTH") or "pam").strip()
    if env.get("BLUFFKIT_HUB_DUMMY") == "1":
        auth = "dummy"
    teachers, allowed = names(env.get("BLUFFKIT_TEACHERS")), students(env)
    groups = names(env.get("BLUFFKIT_ALLOWED_GROUPS"))
    allow_all = env.get("BLUFFKIT_ALLOW_ALL") == "1" or (auth == "dummy" and not allowed
                                                         and not groups)
    if not (allowed or groups or allow_all):
        raise InvalidSetting(_(
            "nobody could log in to this hub: JupyterHub lets in only the users it is told "
            "about. Set BLUFFKIT_STUDENTS (user names separated by commas), "
            "BLUFFKIT_STUDENTS_FILE (a file of user names, one a line), BLUFFKIT_ALLOWED_GROUPS "
            "(groups of your authenticator) or BLUFFKIT_ALLOW_ALL=1 (anyone your authenticator "
            "knows)"))

    c.JupyterHub.bind_url = f"http://{host}:{port}"
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.db_url = f"sqlite:///{data / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(data / "jupyterhub_cookie_secret")
    c.ConfigurableHTTPProxy.pid_file = str(data / "jupyterhub-proxy.pid")
    c.JupyterHub.authenticator_class = AUTHENTICATORS.get(auth, auth)
    if allowed or teachers:
        c.Authenticator.allowed_users = set(allowed) | set(teachers)
    if groups:
        c.Authenticator.allowed_groups = set(groups)
    if allow_all:
        c.Authenticator.allow_all = True

    # the table server, started and watched by the hub; JupyterHub gives it JUPYTERHUB_API_URL
    c.JupyterHub.services = [{
        "name": SERVICE, "url": f"http://127.0.0.1:{tables}",
        "command": [*bluffkit_command(), "serve", "--hub", "--host", "127.0.0.1", "--port",
                    str(tables), "--db", str(data / "bluffkit-classroom.sqlite")]}]
    # teachers: the hub's admins and the group "teachers" (bluffkit serve --hub-teachers)
    c.JupyterHub.load_groups = {TEACHERS_GROUP: {"users": teachers}}
    c.Spawner.environment = {URL_VARIABLE: f"ws://{host}:{port}/services/{SERVICE}/",
                             KEY_VARIABLE: course_key(env, data)}
    return {"authenticator": c.JupyterHub.authenticator_class, "students": allowed,
            "groups": groups, "allow_all": allow_all, "teachers": teachers, "data": data,
            "url": f"http://{host}:{port}", "key_file": data / KEY_FILE}


def config_file() -> str:
    """The text of ``jupyterhub_config.py`` for one machine (``bluffkit hub-config DIR``)."""
    doc = _("""bluffkit's table server in a class's JupyterHub, on one machine (written by
bluffkit hub-config). Start the hub from this folder, saying who may log in, e.g.

    BLUFFKIT_STUDENTS_FILE=students.txt BLUFFKIT_TEACHERS=mme_martin jupyterhub

Students log in with their account on this machine; a student writes join(code="K7QPM") and a
teacher dashboard().""")
    return (f'"""{doc}\n\n{SETTINGS}\n"""\n\nimport sys\nfrom pathlib import Path\n\n'
            "from bluffkit.deploy.hub import InvalidSetting, one_machine\n\ntry:\n"
            "    one_machine(get_config(), folder=Path(__file__).parent)  # noqa: F821\n"
            "except InvalidSetting as e:\n    sys.exit(f\"bluffkit: {e}\")\n")


__all__ = ["AUTHENTICATORS", "InvalidSetting", "KEY_FILE", "SERVICE", "SETTINGS", "TEACHERS_GROUP",
           "config_file", "course_key", "names", "one_machine", "students"]
