"""What the widgets need in JupyterLite's Pyodide kernel (the site of ``bluffkit lite``).

A widget trait set to ``None`` never reached the page there: the kernel hands each comm message
to JavaScript with Pyodide's ``toJs()``, which turns ``None`` into ``undefined`` (not ``null``,
pyodide/pyodide#3968), and ipywidgets' front end ignores an ``undefined`` value. Every
``layout.display = None`` (show again) was lost: Explain's panel stayed hidden with the advice
inside it, and the tables' move rows and error areas did not come back. Seen in chromium on
the site, issue 30. :func:`send_none_as_null` makes the kernel's comm messages carry Pyodide's
``jsnull`` instead (which ``toJs()`` turns into ``null``), as Panel does for the same reason
(holoviz/panel#5191).
"""

from __future__ import annotations

import functools
import sys
from typing import Any


def with_nulls(value: Any, null: Any) -> Any:
    """``value`` with every ``None`` inside dicts, lists and tuples replaced by ``null``.

    >>> with_nulls({"display": None, "children": ["IPY_MODEL_1", None], "n": 0}, "null")
    {'display': 'null', 'children': ['IPY_MODEL_1', 'null'], 'n': 0}
    """
    if value is None:
        return null
    if isinstance(value, dict):
        return {k: with_nulls(v, null) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_nulls(v, null) for v in value]
    return value


def send_none_as_null(comm_class: type | None = None, null: Any = None) -> bool:
    """Make ``comm_class`` (the Pyodide kernel's ``Comm``) send ``None`` as ``null``: the data
    of every message it publishes goes through :func:`with_nulls` (once, however often this is
    called). Returns whether it applies: only in Pyodide with its kernel, unless a class and
    its ``null`` are given (the tests).
    """
    if comm_class is None:
        if sys.platform != "emscripten":
            return False
        try:
            from pyodide.ffi import jsnull
            from pyodide_kernel.comm import Comm
        except ImportError:
            return False
        comm_class, null = Comm, jsnull
    publish = comm_class.publish_msg
    if getattr(publish, "bluffkit_nulls", False):
        return True

    @functools.wraps(publish)
    def publish_msg(self, msg_type, data=None, *args, **kwargs):
        return publish(self, msg_type, None if data is None else with_nulls(data, null),
                       *args, **kwargs)

    publish_msg.bluffkit_nulls = True
    comm_class.publish_msg = publish_msg
    return True
