"""``bluffkit serve``: its options are checked before anything starts, and no other command
imports the WebSocket library."""

from __future__ import annotations

import concurrent.futures
import json

import pytest

from bluffkit.cli import main
from tests.conftest import printed_by_python


def refused(tmp_path, capsys, *argv: str) -> tuple[str, str]:
    """``bluffkit serve --port 0 --db TMP/c.sqlite *argv`` refused before starting: exit code 2,
    one line on stderr and no traceback. Returns stdout and stderr."""
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "c.sqlite"), *argv]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err
    return out, err


@pytest.mark.parametrize("argv, words", [
    (["--port", "70000"], "--port must be 0-65535"),
    (["--bot-after", "-1"], "--bot-after must be 0-3600"),
    (["--teacher-token", "short"], "--teacher-token must be 8-100"),
    (["--teacher-token", "has space in it"], "--teacher-token must be 8-100"),
    (["--room", "bluff:x"], "write a game"),
    (["--seed", "-3"], "--seed: a seed is a whole number from 0 to"),
    (["--sync", "sometimes"], "invalid choice"),
])
def test_bad_options_are_one_clear_line(capsys, argv, words):
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.parametrize("db, words", [
    ("notdb.txt", "--db 'notdb.txt' is not a SQLite database; bluffkit does not overwrite it"),
    ("folder", "--db 'folder' is a folder; name a file in it, e.g. 'folder/class.sqlite'"),
    ("/dev/null", "--db '/dev/null' is not a file (a device or a pipe)"),
    ("/proc/nope/x.sqlite", "--db '/proc/nope/x.sqlite': the folder '/proc/nope' does not exist"),
    ("", "bluffkit serve: argument --db: no value in ''; write one"),
    (" ", "bluffkit serve: argument --db: no value in ' '; write one"),
    (":memory:", "--db needs a file name"),
    ("broken.sqlite", "--db 'broken.sqlite' cannot be used: file is not a database"),
    ("foreign.sqlite", "--db 'foreign.sqlite' is not a bluffkit class database (no such column"),
])
def test_a_db_that_cannot_keep_the_games_is_refused_before_serving(db, words, tmp_path,
                                                                   monkeypatch, capsys):
    """A raw sqlite3 traceback before; ``--db ""`` kept nothing while printing "games kept
    in"."""
    import sqlite3

    monkeypatch.chdir(tmp_path)
    (tmp_path / "notdb.txt").write_text("the teacher's notes, not a database\n" * 5)
    (tmp_path / "folder").mkdir()
    (tmp_path / "broken.sqlite").write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    with sqlite3.connect(tmp_path / "foreign.sqlite") as other:
        other.execute("CREATE TABLE rooms (x)")
    assert main(["serve", "--port", "0", "--db", db]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"bluffkit: error: {words}") and err.count("\n") == 1
    assert "games kept in" not in out and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "broken.sqlite", "folder", "foreign.sqlite", "notdb.txt"]
    assert (tmp_path / "notdb.txt").read_text().startswith("the teacher's notes")


@pytest.mark.parametrize("host, words", [
    ("a" * 300, "is not an address or a host name (at most 63 characters between dots"),
    ("", "argument --host: no value in ''; write one, or leave the option out"),
    ("  ", "argument --host: no value in '  '"),
    ("999.1.1.1", "cannot listen on 999.1.1.1:0:"),
])
def test_a_host_that_is_no_address_is_refused(host, words, tmp_path, capsys):
    """A 300-character name gave a UnicodeError traceback; "" listened on every interface."""
    _out, err = refused(tmp_path, capsys, "--host", host)
    assert words in err


def test_serve_checks_the_same_inside_a_running_event_loop(tmp_path, capsys):
    """From a notebook cell (or beside a browser test's Playwright) this thread already runs an
    event loop: asyncio.run refused with a RuntimeError traceback instead of the clear line."""
    import asyncio

    async def in_a_cell():
        return main(["serve", "--port", "0", "--db", str(tmp_path / "c.sqlite"), "--host",
                     "999.1.1.1"])

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a thread of its own: a browser
        code = pool.submit(asyncio.run, in_a_cell()).result()  # test's loop may run on this one
    assert code == 2
    err = capsys.readouterr().err
    assert "cannot listen on 999.1.1.1:0:" in err and "Traceback" not in err


@pytest.mark.parametrize("room, words", [
    ("abc", "--room 'abc': no game called 'abc'; the games are: bluff"),
    ("bluff:9", "--room 'bluff': Bluff is for 2-6 players"),
])
def test_rooms_are_checked_before_the_server_starts(room, words, tmp_path, capsys):
    out, err = refused(tmp_path, capsys, "--room", room)
    assert words in err and not out


def test_other_commands_do_not_import_websockets():
    code = ("import contextlib, io, json, sys\nfrom bluffkit.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['odds', 'bluff', '--dice', '5', '--mine', '3', '--bid', '2x3'])\n"
            "    main(['serve', '--help'])\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('websockets'))))")
    assert json.loads(printed_by_python(code)) == []


@pytest.mark.parametrize("lang, words", [
    ("en", ["exercise notebooks check", "bluffkit results collect", "answer is kept"]),
    ("fr", ["notebooks d'exercices", "bluffkit results collect", "réponse est gardé"]),
])
def test_the_help_says_the_answers_arrive_and_where_they_go(capsys, lang, words):
    assert main(["--lang", lang, "serve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert all(w in text for w in words)
