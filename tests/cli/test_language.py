"""``bluffkit --lang fr``: the command line's own words, argparse's and the games' in French;
English unchanged; the language and argparse's lookup put back after ``main``."""

from __future__ import annotations

import argparse

import pytest

from bluffkit.cli import main
from bluffkit.core.i18n import get_language


def test_help_in_french(capsys):
    assert main(["--lang", "fr", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation\xa0: bluffkit")
    assert "probabilités exactes d'une situation" in out
    assert "affiche cette aide et quitte" in out


def test_argparse_errors_in_french_and_english(capsys):
    assert main(["odds", "bluff", "--dice", "x", "--lang=fr"]) == 2
    assert capsys.readouterr().err == (
        "bluffkit\xa0: erreur\xa0: bluffkit odds bluff: argument --dice\xa0: 'x' n'est pas un "
        "nombre entier (écris-le en chiffres, par exemple 3)\n")
    assert main(["odds", "bluff", "--dice", "x"]) == 2
    assert capsys.readouterr().err == (
        "bluffkit: error: bluffkit odds bluff: argument --dice: 'x' is not a whole number "
        "(write it in digits, e.g. 3)\n")


def test_the_language_and_argparse_are_put_back(capsys):
    before = argparse._
    main(["--lang", "fr", "odds"])
    assert argparse._ is before
    assert get_language() == "en"
    capsys.readouterr()


@pytest.mark.parametrize("argv", [["--lang", "de", "odds"], ["--lang"]])
def test_a_bad_language_is_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bluffkit: error: --lang")


def test_bungee_advice_in_french(capsys):
    assert main(["--lang", "fr", "advise", "bungee", "--hand", "1,4", "--lucky", "8",
                 "--samples", "0"]) == 0
    out = capsys.readouterr().out
    assert "Ta main 1,4 vaut 5" in out and "Tu peux crier Bungee maintenant" in out
