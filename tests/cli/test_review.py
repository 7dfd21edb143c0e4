"""``bluffkit review FILE --seat N [--json]`` (issue 29 item 3): a saved game of each game and a
class export, reviewed in text and JSON, in English and French; clear errors for a bad file, room
or seat, in both languages."""

from __future__ import annotations

import json

import pytest

from bluffkit.cli import main
from bluffkit.core import RandomBot
from bluffkit.review import review
from tests.i18n.test_french_cli import _english
from tests.i18n.test_french_cli import run as run_in_french
from tests.review.helpers import RULES, played


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A saved game of each game (seat 1 played by a random bot)."""
    folder = tmp_path_factory.mktemp("games")
    paths = {}
    for game in RULES:
        final, _t = played(game, [RandomBot()] * 3, 4)
        paths[game] = folder / f"{game}.json"
        paths[game].write_text(json.dumps(final.to_json()), encoding="utf-8")
    return paths


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_saved_game_is_reviewed_in_text_and_json(game, saved, capsys):
    assert main(["review", str(saved[game]), "--seat", "1"]) == 0
    text = capsys.readouterr().out
    r = review(saved[game], 1)
    assert f"(seat 1): {len(r.decisions)} decision" in text
    assert ("Accuracy:" in text) == (r.accuracy is not None)
    assert "on average" in text
    assert main(["review", str(saved[game]), "--seat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == json.loads(json.dumps(r.to_json()))
    assert data["game"] == game and data["seat"] == 1
    assert len(data["decisions"]) == len(r.decisions)


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_review_speaks_french(game, saved, capsys, monkeypatch):
    code, out = run_in_french(capsys, monkeypatch, ["review", str(saved[game]), "--seat", "1"])
    assert code == 0 and "décision" in out
    assert not _english(out), _english(out)[:5]


def test_a_class_export_is_reviewed_by_room(tmp_path, capsys):
    rooms = []
    for code, seed in (("ABCDE", 1), ("FGHJK", 2)):
        final, trajectory = played("bluff", [RandomBot()] * 3, seed)
        rooms.append({"code": code, "game": "bluff", "rules": final.rules.to_json(),
                      "log": [[p, str(a), "bot"] for p, a in trajectory],
                      "names": ["Ana", "Ben", ""]})
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"rooms": rooms}), encoding="utf-8")
    assert main(["review", str(path), "--seat", "0", "--room", "FGHJK"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ana (seat 0)")
    assert main(["review", str(path), "--seat", "0"]) == 2
    assert "the export holds 2 rooms (ABCDE, FGHJK): say which one" in capsys.readouterr().err


ERRORS = {
    "missing file": (["review", "/nonexistent/partie.json", "--seat", "0"], "cannot read"),
    "a seat not in the game": (["review", "{game}", "--seat", "7"], "seat must be 0-2"),
    "not a game": (["review", "{text}", "--seat", "0"], "neither JSON nor"),
    "no seat": (["review", "{game}"], "--seat"),
}


@pytest.mark.parametrize("name", ERRORS)
def test_bad_files_and_seats_are_said_clearly_in_both_languages(name, saved, tmp_path, capsys,
                                                                 monkeypatch):
    text = tmp_path / "notes.txt"
    text.write_text("hello\nworld\n", encoding="utf-8")
    argv, words = ERRORS[name]
    argv = [a.format(game=saved["bluff"], text=text) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) <= 2
    code, out = run_in_french(capsys, monkeypatch, argv)
    assert code == 2 and "Traceback" not in out
    assert not _english(out), _english(out)[:5]
