"""The command line in French (``bluffkit --lang fr ...``): every table, message and error of
each game's commands, scanned for English words; the numbers as in English."""

from __future__ import annotations

import io
import re

import pytest

from bluffkit.cli import main
from bluffkit.i18n import set_language
from tests.test_notebooks import english_words

COMMANDS = {
    "odds bluff": ["odds", "bluff", "--dice", "20", "--mine", "3,3,*", "--bid", "7x3"],
    "odds bluff, held": ["odds", "bluff", "--held", "5,4,3", "--mine", "3,*", "--bid", "5x*"],
    "advise bluff": ["advise", "bluff", "--players", "4", "--mine", "3,3,*,1,2", "--bid", "7x3"],
    "advise bluff, reading": ["advise", "bluff", "--players", "4", "--mine", "1,1,2,4,5",
                              "--bid", "5x3", "--history", "3x3,4x3,5x3"],
}
PLAYS = {
    "play bluff": (["play", "bluff", "--bots", "2", "--seed", "1"],
                   ["conseil", "9x9", "meilleur"] + ["meilleur"] * 400),
}
ERRORS = {
    "odds bluff": ["odds", "bluff", "--bid", "7x3"],
    "advise bluff": ["advise", "bluff", "--players", "9", "--mine", "3", "--bid", "2x3"],
}


def run(capsys, monkeypatch, argv, lines=()) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    try:
        code = main(["--lang", "fr", *argv])
    finally:
        set_language(None)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _english(text: str) -> list[str]:
    # the option names (--held) and the commands typed are the program's own words
    return english_words(re.sub(r"--[\w-]+", " ", text))


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_speaks_french(name, capsys, monkeypatch):
    code, out = run(capsys, monkeypatch, COMMANDS[name])
    assert code == 0 and out.strip()
    assert not _english(out), _english(out)[:5]


@pytest.mark.parametrize("name", PLAYS)
def test_a_game_in_the_terminal_speaks_french(name, capsys, monkeypatch):
    argv, lines = PLAYS[name]
    code, out = run(capsys, monkeypatch, argv, lines)
    assert code == 0 and "Partie terminée" in out and "Interdit" in out
    assert not _english(out), _english(out)[:5]


@pytest.mark.parametrize("name", ERRORS)
def test_an_error_speaks_french(name, capsys, monkeypatch):
    code, out = run(capsys, monkeypatch, ERRORS[name])
    assert code != 0 and out.strip()
    assert not _english(out), _english(out)[:5]


def test_the_numbers_are_the_english_ones(capsys, monkeypatch):
    code, fr = run(capsys, monkeypatch, COMMANDS["odds bluff"])
    assert main(COMMANDS["odds bluff"]) == 0
    en = capsys.readouterr().out
    assert re.findall(r"\d+/\d+", fr) == re.findall(r"\d+/\d+", en)
    assert "0,8696" in fr and "0.8696" in en
