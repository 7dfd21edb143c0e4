"""``bluffkit serve``: its options are checked before anything starts, and no other command
imports the WebSocket library."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bluffkit.cli import main


@pytest.mark.parametrize("argv, words", [
    (["--port", "70000"], "--port must be 0-65535"),
    (["--bot-after", "-1"], "--bot-after must be 0-3600"),
    (["--teacher-token", "short"], "--teacher-token must be 8-100"),
    (["--teacher-token", "has space in it"], "--teacher-token must be 8-100"),
    (["--room", "bluff:x"], "write a game"),
    (["--seed", "-3"], "--seed must be"),
    (["--sync", "sometimes"], "invalid choice"),
])
def test_bad_options_are_one_clear_line(capsys, argv, words):
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_other_commands_do_not_import_websockets():
    code = ("import contextlib, io, json, sys\nfrom bluffkit.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['odds', 'bluff', '--dice', '5', '--mine', '3', '--bid', '2x3'])\n"
            "    main(['serve', '--help'])\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('websockets'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout) == []
