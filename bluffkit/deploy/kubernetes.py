"""Zero to JupyterHub on Kubernetes: Helm values, the table server's own objects, the image.

``bluffkit hub-config DIR --for kubernetes`` writes four files:

- ``Dockerfile``: the students' image (and the table server's): a Jupyter image with the bluffkit
  wheel and nbgitpuller installed;
- ``bluffkit-tables.yaml``: the course key (a Secret), the table server's volume (a
  PersistentVolumeClaim), its Deployment (one replica: one writer of its SQLite file; labelled so
  that the hub's network policy lets it ask the hub who a token belongs to) and its Service;
- ``bluffkit-values.yaml``: the chart's values: the table server as an external hub service (the
  hub's proxy routes ``/services/bluffkit/`` to the Service), who may log in and who teaches, and
  the students' ``BLUFFKIT_CLASSROOM_URL`` and ``BLUFFKIT_COURSE_KEY`` (from the Secret);
- ``nbgitpuller-link.txt``: the link that puts the notebooks into each student's home.

User pods may talk to the proxy (the chart's network policy) but not to other pods, so kernels
reach the tables through the proxy: ``ws://proxy-public/services/bluffkit/``.

>>> import yaml
>>> values = yaml.safe_load(values_yaml("school/bluffkit:0.1.0", ["mme_m"], ["ana"]))
>>> values["hub"]["services"]["bluffkit"]["url"]
'http://bluffkit-tables:8765'
>>> gitpuller_link("https://hub.school.org", "https://git.school.org/me/class.git")
'https://hub.school.org/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgit.school.org%2Fme%2Fclass.git&branch=main&urlpath=lab%2Ftree%2Fclass%2Fnotebooks%2F00_start_here.ipynb'
"""

from __future__ import annotations

import json
import secrets
from urllib.parse import urlencode

from ..core.i18n import _
from .hub import SERVICE, TEACHERS_GROUP

TABLES = "bluffkit-tables"
"""Name of the table server's Deployment, Service and volume."""
PORT = 8765
SECRET, SECRET_KEY = "bluffkit-course", "course-key"
BASE_IMAGE = "quay.io/jupyter/minimal-notebook:python-3.12"
"""The students' image starts from Jupyter's own (it has jupyterhub-singleuser, uid 1000)."""


def _list(items: list[str]) -> str:
    return json.dumps(list(items))  # a YAML flow sequence, each name quoted


def values_yaml(image: str, teachers: list[str], students: list[str],
                authenticator: str = "firstuseauthenticator") -> str:
    """The Zero to JupyterHub chart's values for a bluffkit class."""
    name, _sep, tag = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "")
    anyone = _("anyone your authenticator knows; or list allowed_users")
    allow = (f"      allowed_users: {_list([*students, *teachers])}" if students else
             f"      allow_all: true   # {anyone}")
    title = _("Zero to JupyterHub values for a bluffkit class (written by bluffkit hub-config).")
    login = _("students choose their password at their first login; or your school's login")
    groups = _("teachers: the hub's admins and this group")
    service = _("the table server runs in its own Deployment; the hub's proxy routes to it")
    return f"""\
# {title}
#   kubectl apply -f bluffkit-tables.yaml
#   helm upgrade --install class jupyterhub/jupyterhub --values bluffkit-values.yaml
hub:
  config:
    JupyterHub:
      # {login}
      authenticator_class: {authenticator}
      # {groups}
      load_groups:
        {TEACHERS_GROUP}:
          users: {_list(teachers)}
    Authenticator:
{allow}
  services:
    # {service}
    {SERVICE}:
      url: http://{TABLES}:{PORT}
singleuser:
  image:
    name: {json.dumps(name or image)}
    tag: {json.dumps(tag or "latest")}
  extraEnv:
    BLUFFKIT_CLASSROOM_URL: ws://proxy-public/services/{SERVICE}/
    BLUFFKIT_COURSE_KEY:
      valueFrom:
        secretKeyRef:
          name: {SECRET}
          key: {SECRET_KEY}
"""


def tables_yaml(image: str, key: str | None = None, storage: str = "1Gi") -> str:
    """The table server's Secret (the course key), volume, Deployment and Service."""
    key = key or secrets.token_urlsafe(32)
    title = _("bluffkit's table server for Zero to JupyterHub (written by bluffkit hub-config).")
    private = _("Keep this file private: it holds the course key.")
    one = _("one server writes the games' file at a time")
    hub = _("asks the hub who a token is")
    return f"""\
# {title}
# {private}
apiVersion: v1
kind: Secret
metadata:
  name: {SECRET}
stringData:
  {SECRET_KEY}: {json.dumps(key)}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: {TABLES}
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: {storage}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {TABLES}
  labels:
    app: {TABLES}
spec:
  replicas: 1
  strategy:
    type: Recreate   # {one}
  selector:
    matchLabels:
      app: {TABLES}
  template:
    metadata:
      labels:
        app: {TABLES}
        hub.jupyter.org/network-access-hub: "true"   # {hub}
    spec:
      securityContext:
        runAsUser: 1000
        fsGroup: 100
      containers:
        - name: tables
          image: {json.dumps(image)}
          command: [bluffkit, serve, --hub, --host, 0.0.0.0, --port, "{PORT}", --db,
                    /data/bluffkit-classroom.sqlite]
          env:
            - name: JUPYTERHUB_API_URL
              value: http://hub:8081/hub/api
            - name: BLUFFKIT_COURSE_KEY
              valueFrom:
                secretKeyRef:
                  name: {SECRET}
                  key: {SECRET_KEY}
          ports:
            - name: tables
              containerPort: {PORT}
          readinessProbe:
            tcpSocket:
              port: {PORT}
          volumeMounts:
            - name: data
              mountPath: /data
      volumes:
        - name: data
          persistentVolumeClaim:
            claimName: {TABLES}
---
apiVersion: v1
kind: Service
metadata:
  name: {TABLES}
spec:
  selector:
    app: {TABLES}
  ports:
    - name: tables
      port: {PORT}
      targetPort: {PORT}
"""


def dockerfile(wheel: str) -> str:
    """The image for students and the table server: ``docker build -t IMAGE .`` beside the
    wheel."""
    comment = _("The students' image (and the table server's), with bluffkit and nbgitpuller.")
    return (f"# {comment}\nFROM {BASE_IMAGE}\nCOPY {wheel} /tmp/\n"
            f"RUN pip install --no-cache-dir /tmp/{wheel} nbgitpuller && rm /tmp/{wheel}\n")


def gitpuller_link(hub: str, repo: str, branch: str = "main",
                   start: str = "notebooks/00_start_here.ipynb") -> str:
    """An nbgitpuller link: opening it pulls ``repo`` into the student's home (merging, never
    overwriting their work) and opens ``start`` in JupyterLab."""
    folder = repo.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
    query = urlencode({"repo": repo, "branch": branch, "urlpath": f"lab/tree/{folder}/{start}"})
    return f"{hub.rstrip('/')}/hub/user-redirect/git-pull?{query}"


__all__ = ["BASE_IMAGE", "PORT", "SECRET", "TABLES", "dockerfile", "gitpuller_link",
           "tables_yaml", "values_yaml"]
