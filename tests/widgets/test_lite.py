"""``bluffkit.widgets.lite``: in JupyterLite's Pyodide kernel a widget trait set to ``None``
reached the page as ``undefined`` and was ignored (Explain's panel stayed hidden; seen in
chromium, ``tests/lite/test_site_notebooks.py`` drives it there). Here the kernel's comm class
is stood in for: what it publishes carries the given ``null`` for every ``None``."""

from __future__ import annotations

from bluffkit.widgets.lite import send_none_as_null


class KernelComm:
    """What the Pyodide kernel's ``Comm`` does with a message: hands its data on."""

    sent: list = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        self.sent.append((msg_type, data, metadata, buffers, keys))


NULL = object()


def test_every_none_of_a_message_is_sent_as_null_once_patched():
    assert send_none_as_null() is False  # not in Pyodide: nothing changes
    assert send_none_as_null(KernelComm, NULL) and send_none_as_null(KernelComm, NULL)
    comm = KernelComm()
    comm.publish_msg("comm_msg", {"method": "update", "state": {"display": None, "width": "5em",
                                                                "children": [None, "x"]},
                                  "buffer_paths": []}, {"version": "2.1.0"}, None, target="t")
    comm.publish_msg("comm_close")
    assert comm.sent == [
        ("comm_msg", {"method": "update", "state": {"display": NULL, "width": "5em",
                                                    "children": [NULL, "x"]},
                      "buffer_paths": []}, {"version": "2.1.0"}, None, {"target": "t"}),
        ("comm_close", None, None, None, {})]

