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
    "advise bluff, 1 v 1 solved": ["advise", "bluff", "--held", "1,1", "--me", "1", "--mine", "3",
                                   "--bid", "1x2", "--history", "1x2"],
    "advise bluff, 5 v 5 shipped": ["advise", "bluff", "--held", "5,5", "--me", "1", "--mine",
                                    "3,3,*,1,2", "--bid", "4x3", "--history", "2x3,3x3,4x3"],
    "solve bluff, shipped": ["solve", "bluff", "--dice", "5,5"],
    "solve bluff, 1 v 1": ["solve", "bluff", "--dice", "1,1", "--target", "0.01"],
    "odds bluff-you": ["odds", "bluff-you", "--centre", "3,8,11,18", "--announce", "11"],
    "odds bluff-you, a stated model": ["odds", "bluff-you", "--centre", "3,8,11,18", "--announce",
                                       "11", "--q", "2/3"],
    "advise bluff-you": ["advise", "bluff-you", "--roll", "2,4,5"],
    "advise bluff-you, guesser": ["advise", "bluff-you", "--announce", "gain 11 to P1",
                                  "--bluffer", "0"],
    "solve bluff-you": ["solve", "bluff-you", "--centre", "8,11"],
    "odds poker-dice": ["odds", "poker-dice"],
    "odds poker-dice, equity": ["odds", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10",
                                "--opponents", "2"],
    "advise poker-dice": ["advise", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10",
                          "--pot", "12", "--to-call", "3"],
    "advise jungle-bluff": ["advise", "jungle-bluff", "--players", "3", "--strength", "7",
                            "--centre", "4", "--held", "1:9"],
    "solve jungle-bluff": ["solve", "jungle-bluff", "--hands", "1o,9", "5,10", "--centre", "4",
                           "--special", "optimistic"],
    "odds bungee": ["odds", "bungee", "--hand", "1,3,B", "--discard", "4,7,9", "--lucky", "8"],
    "advise bungee": ["advise", "bungee", "--hand", "1,3,B", "--discard", "4,7,9", "--lucky",
                      "8"],
}
BEST = ["conseil", "meilleur"] + ["meilleur"] * 400
PLAYS = {  # the command, the lines typed, words the game must show
    "play bluff": (["play", "bluff", "--bots", "2", "--seed", "1"],
                   ["conseil", "9x9", "meilleur"] + ["meilleur"] * 400,
                   ["Partie terminée", "Interdit", "Haut les gobelets"]),
    "play bluff-you": (["play", "bluff-you", "--seed", "2"], BEST + ["quitter"],
                       ["Bluffeur", "Devin"]),
    "play poker-dice": (["play", "poker-dice", "--bots", "1", "--seed", "2"],
                        ["conseil", "parier"] + ["meilleur"] * 30 + ["quitter"],
                        ["Manche", "Points"]),
    "play jungle-bluff": (["play", "jungle-bluff", "--bots", "2", "--seed", "3"], BEST,
                          ["Partie terminée", "Tu prends"]),
    "play bungee": (["play", "bungee", "--bots", "2", "--seed", "3", "--rounds", "1"], BEST,
                    ["Bungee"]),
}
ERRORS = {
    "odds bluff": ["odds", "bluff", "--bid", "7x3"],
    "advise bluff": ["advise", "bluff", "--players", "9", "--mine", "3", "--bid", "2x3"],
    "advise bluff-you": ["advise", "bluff-you", "--centre", "3,8,11,18", "--roll", "2,4,5"],
    "odds poker-dice": ["odds", "poker-dice", "--opponents", "2"],
    "advise jungle-bluff": ["advise", "jungle-bluff", "--players", "3", "--centre", "4"],
    "play jungle-bluff": ["play", "jungle-bluff", "--bots", "9"],
    "advise bluff, a history that does not end with the bid": [
        "advise", "bluff", "--players", "2", "--mine", "3", "--bid", "2x3", "--history", "1x3"],
    "advise jungle-bluff, a special card not in play": [
        "advise", "jungle-bluff", "--players", "3", "--strength", "9n", "--centre", "4"],
    "results collect, a folder that does not exist": [
        "results", "collect", "/nonexistent/x", "--csv", "/nonexistent/g.csv"],
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


DECIMAL_POINT = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
"""A number written with a decimal point (« 7.75 bits »): in French it takes a comma."""


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_writes_french_numbers(name, capsys, monkeypatch):
    """Issue 26: ``odds bluff-you --q 2/3`` wrote « surprise 7.75 bits » and « 4.43-5.17 »."""
    code, out = run(capsys, monkeypatch, COMMANDS[name])
    assert code == 0 and not DECIMAL_POINT.findall(out), DECIMAL_POINT.findall(out)[:5]


@pytest.mark.parametrize("name", PLAYS)
def test_a_game_in_the_terminal_speaks_french(name, capsys, monkeypatch):
    argv, lines, words = PLAYS[name]
    code, out = run(capsys, monkeypatch, argv, lines)
    assert code == 0 and all(w in out for w in words), [w for w in words if w not in out]
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


HELPS = [["odds", "bluff"], ["advise", "bluff"], ["play", "bluff"], ["solve", "bluff"],
         ["odds", "bluff-you"], ["advise", "bluff-you"], ["solve", "bluff-you"],
         ["play", "bluff-you"], ["odds", "poker-dice"], ["advise", "poker-dice"],
         ["play", "poker-dice"], ["advise", "jungle-bluff"], ["solve", "jungle-bluff"],
         ["play", "jungle-bluff"], ["odds", "bungee"], ["advise", "bungee"], ["play", "bungee"],
         ["serve"], ["results", "collect"], ["handout"], ["notebooks"], ["review"], []]


@pytest.mark.parametrize("command", HELPS, ids=lambda c: " ".join(c) or "bluffkit")
def test_every_help_in_french(command, capsys, monkeypatch):
    """``bluffkit --lang fr COMMAND --help``: argparse's words and every option's help in French
    (option names, metavars and the commands' own names stay as typed)."""
    code, out = run(capsys, monkeypatch, [*command, "--help"])
    assert code == 0 and "utilisation" in out
    words = re.sub(r"--?[\w-]+|\b[A-Z][A-Z_]+\b|\{[^}]*\}|'[^']*'|\b(bluff|play|solve|advise|"
                   r"odds|serve|results|collect|handout|notebooks|lab|json|csv)\b", " ", out)
    assert not _english(words), _english(words)[:5]
