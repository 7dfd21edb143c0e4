"""bluffkit's table server as a JupyterHub service: students play each other from their own
notebooks, and the hub says who they are.

    pip install bluffkit jupyterhub && npm install -g configurable-http-proxy
    BLUFFKIT_TEACHERS=mme_martin jupyterhub -f deploy/jupyterhub_config.py

The hub starts ``bluffkit serve --hub`` beside itself and routes ``/services/bluffkit/`` to it.
Every student's server gets ``BLUFFKIT_CLASSROOM_URL``, so in a notebook::

    from bluffkit.classroom import join, dashboard
    join(code="K7QPM")      # a student: seated under their hub name, no name to type
    dashboard()             # a teacher (a hub admin or in the group "teachers")

The table server asks the hub whose token a join carries (the hub's REST API, ``GET
/hub/api/user``) and never trusts a typed name. Settings (environment variables, all optional):

    BLUFFKIT_TEACHERS      comma-separated hub user names put in the group "teachers"
    BLUFFKIT_HUB_DATA      folder for the hub's and the tables' databases (default: here)
    BLUFFKIT_HUB_PORT      the hub's public port (default 8000)
    BLUFFKIT_HUB_HOST      the address students' kernels reach the hub at (default 127.0.0.1)
    BLUFFKIT_TABLES_PORT   the table server's own port, on 127.0.0.1 (default 8765)
    BLUFFKIT_HUB_DUMMY     1: any user name, no password (to try it on one machine only)

Pick your school's authenticator (OAuth, LDAP...) below for a real class: bluffkit only needs
the hub to know its users.
"""

import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (given by JupyterHub when it reads this file)

DATA = Path(os.environ.get("BLUFFKIT_HUB_DATA", Path(__file__).parent)).resolve()
PORT = int(os.environ.get("BLUFFKIT_HUB_PORT", "8000"))
HOST = os.environ.get("BLUFFKIT_HUB_HOST", "127.0.0.1")
TABLES_PORT = int(os.environ.get("BLUFFKIT_TABLES_PORT", "8765"))
TEACHERS = [n.strip() for n in os.environ.get("BLUFFKIT_TEACHERS", "").split(",") if n.strip()]
BLUFFKIT = shutil.which("bluffkit") or str(Path(sys.executable).with_name("bluffkit"))

c.JupyterHub.bind_url = f"http://{HOST}:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(DATA / "jupyterhub-proxy.pid")

# the table server, started and watched by the hub; JupyterHub gives it JUPYTERHUB_API_URL
c.JupyterHub.services = [{
    "name": "bluffkit",
    "url": f"http://127.0.0.1:{TABLES_PORT}",
    "command": [BLUFFKIT, "serve", "--hub", "--host", "127.0.0.1", "--port", str(TABLES_PORT),
                "--db", str(DATA / "bluffkit-classroom.sqlite")],
}]

# teachers: the hub's admins and the group "teachers" (bluffkit serve --hub-teachers GROUP)
c.JupyterHub.load_groups = {"teachers": {"users": TEACHERS}}

# every student's server (and kernel) knows where the tables are, through the hub's proxy
c.Spawner.environment = {"BLUFFKIT_CLASSROOM_URL": f"ws://{HOST}:{PORT}/services/bluffkit/"}

if os.environ.get("BLUFFKIT_HUB_DUMMY") == "1":  # trying it out on one machine only
    c.JupyterHub.authenticator_class = "dummy"
    c.Authenticator.allow_all = True
