"""bluffkit in a class's JupyterHub: what ``bluffkit hub-config`` writes, shipped in the wheel.

- :mod:`bluffkit.deploy.hub`: one machine (``jupyterhub -f jupyterhub_config.py``), with the
  school's authenticator and the list of who may log in.
- :mod:`bluffkit.deploy.tljh`: a plugin for The Littlest JupyterHub (TLJH).
- :mod:`bluffkit.deploy.kubernetes`: Helm values for Zero to JupyterHub on Kubernetes, with the
  table server's own Deployment and volume.

Each runs the table server (``bluffkit serve --hub``) as a hub service, gives every student's
server ``BLUFFKIT_CLASSROOM_URL`` (where the tables are) and ``BLUFFKIT_COURSE_KEY`` (results
signed with the course key), and lets the hub say who teaches (its admins and the group
``teachers``).
"""
