"""The class server's connection, the same in CPython and in the browser (issue 30): what a page
opened over https may not reach, said in plain words in both languages, and the CPython side of
``open_socket`` (a dead address is one ``SocketError``; a closed connection's exceptions)."""

from __future__ import annotations

import socket

import pytest

from bluffkit.core.sockets import (
    SocketClosed,
    SocketError,
    closed_errors,
    insecure_message,
    mixed_content,
    open_socket,
)
from bluffkit.i18n import language
from tests.conftest import run_async


@pytest.mark.parametrize(("page", "url", "refused"), [
    ("https://school.example/lab/index.html", "ws://192.168.1.20:8765", True),
    ("https://school.example/lab/index.html", "wss://192.168.1.20:8765", False),
    ("https://school.example/lab/index.html", "ws://localhost:8765", False),
    ("https://school.example/lab/index.html", "ws://[::1]:8765", False),
    ("http://school.example/lab/index.html", "ws://192.168.1.20:8765", False),
    ("", "ws://192.168.1.20:8765", False),  # no page known (CPython)
])
def test_a_https_page_may_reach_only_wss_or_this_machine(page, url, refused):
    assert mixed_content(page, url) is refused


def test_the_refusal_is_one_sentence_in_english_and_french():
    url = "ws://192.168.1.20:8765"
    english = insecure_message(url)
    with language("fr"):
        french = insecure_message(url)
    for text in (english, french):
        assert url in text and "wss://" in text and text.count(". ") <= 2
    assert english.startswith("This page was opened with https://")
    assert french.startswith("Cette page a été ouverte en https://")


def test_a_dead_address_is_one_socket_error_and_closed_errors_are_known():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(SocketError) as caught:
        run_async(open_socket(f"ws://127.0.0.1:{port}", timeout=5))
    assert caught.value.kind == "unreachable" and str(caught.value)
    from websockets.exceptions import ConnectionClosed

    assert set(closed_errors()) == {SocketClosed, ConnectionClosed}
