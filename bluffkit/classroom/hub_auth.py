"""Who a student is, asked of JupyterHub: the table server as a hub service.

Inside a JupyterHub every student's server (and so their kernel) holds a token of their own,
``JUPYTERHUB_API_TOKEN``. ``join`` sends that token instead of a typed name; the table server
asks the hub whose token it is (``GET {hub api}/user``, the hub's own REST API) and seats the
student under their hub name. A name the client sends is ignored, so nobody can sit as someone
else, and a student who joins again (a second notebook, a restarted kernel) gets their own seat
back rather than a second one. The teacher is any hub admin or member of the teachers' group
(``--hub-teachers``, default ``teachers``). ``bluffkit hub-config`` writes
the hub's configuration (``bluffkit.deploy``).
"""

from __future__ import annotations

import asyncio
import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass

from ..core.i18n import _
from .protocol import ProtocolError

TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
"""The variable holding the student's own hub token, in their kernel."""
API_VARIABLE = "JUPYTERHUB_API_URL"
"""The hub's REST API, e.g. ``http://127.0.0.1:8081/hub/api`` (set by JupyterHub for its
services and for every student's server)."""
URL_VARIABLE = "BLUFFKIT_CLASSROOM_URL"
"""The table server's address, set for every student's server by the hub's configuration."""


@dataclass(frozen=True)
class HubUser:
    """A hub user as the hub describes them."""

    name: str
    admin: bool
    groups: tuple[str, ...]

    def is_teacher(self, group: str) -> bool:
        return self.admin or group in self.groups


def ask_hub(api_url: str, token: str, timeout: float = 5.0) -> HubUser:
    """The hub user owning ``token`` (the hub's ``GET /user``).

    Raises:
        ProtocolError: ``bad_token`` when the hub does not know the token; ``hub_error`` when
            the hub cannot be reached or answers something else.
    """
    request = urllib.request.Request(api_url.rstrip("/") + "/user",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            model = json.loads(answer.read().decode())
    except urllib.error.HTTPError as e:
        if e.code in (401, 403, 404):
            raise ProtocolError("bad_token", _(
                "the class hub does not know this token: join from a notebook started by the "
                "class's JupyterHub")) from None
        raise ProtocolError("hub_error", _("the class hub answered with error {code}; try again in"
                                           " a moment", code=e.code)) from None
    except (OSError, ValueError):
        raise ProtocolError("hub_error", _("the table server cannot reach the class hub to check "
                                           "who you are; try again in a moment")) from None
    if not isinstance(model, dict) or not isinstance(model.get("name"), str):
        raise ProtocolError("bad_token", _("this token does not belong to a student of the hub"))
    groups = model.get("groups") or []
    return HubUser(model["name"], model.get("admin") is True,
                   tuple(g for g in groups if isinstance(g, str)))


async def identify(api_url: str, token: str) -> HubUser:
    """:func:`ask_hub` on a thread, so that the server's loop keeps serving the tables."""
    return await asyncio.to_thread(ask_hub, api_url, token)


def hub_token() -> str | None:
    """The student's own hub token when this kernel runs inside a JupyterHub."""
    return os.environ.get(TOKEN_VARIABLE) or None


def classroom_url() -> str | None:
    """The table server's address set by the hub's configuration, if any."""
    return os.environ.get(URL_VARIABLE) or None
