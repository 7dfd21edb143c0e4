"""Hostile command lines: huge numbers, endless lengths and ranges that used to be checked
only after the work started (issue 12, items 1 and 3)."""

import io
import time

import pytest

from bluffkit.cli import main


def run(argv, capsys, stdin=""):
    import sys

    old, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        start = time.perf_counter()
        code = main(argv)
        seconds = time.perf_counter() - start
    finally:
        sys.stdin = old
    captured = capsys.readouterr()
    return code, captured.err.strip(), seconds


@pytest.mark.parametrize("argv, message", [
    (["play", "bluff", "--bots", "1" * 5000], "--bots: the number '111"),
    (["odds", "bluff", "--dice", "20", "--bid", "1" * 5000 + "x3"], "--bid: the number"),
    (["odds", "bluff", "--dice=" + "9" * 4400, "--bid", "7x3"], "--dice: the number"),
    (["advise", "bluff", "--mine", "3," * 600, "--bid", "7x3"], "--mine: '3,3,3"),
    (["1" * 5000], "argument '111"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", "8", "--seed", "9" * 31], "31 digits"),
])
def test_huge_numbers_and_lengths_are_refused_before_reading(argv, message, capsys):
    code, err, _ = run(argv, capsys)
    assert code == 2 and message in err
    assert "\n" not in err and len(err) < 300


def test_paths_are_not_read_as_numbers(tmp_path, capsys):
    """A path may hold any digits: the file commands judge it, not the number bound."""
    folder = tmp_path / ("1" * 40)
    code, err, _ = run(["notebooks", str(folder)], capsys)
    assert code == 0, err


def test_players_range_is_checked_before_building_the_table(capsys):
    """`--players 1000000000` built a list of a billion 5s (MemoryError) before validation."""
    code, err, seconds = run(["advise", "bluff", "--players", "1000000000", "--mine", "3"],
                             capsys)
    assert code == 2 and "--players: Bluff is for 2-6 players, got 1000000000" in err
    assert seconds < 1


@pytest.mark.parametrize("points", ["1000000000", "10001", "0", "-5"])
def test_poker_dice_points_are_bounded_before_the_game(points, capsys):
    """`play poker-dice --points 1000000000 --auto` ran forever, memory growing."""
    code, err, seconds = run(["play", "poker-dice", "--points", points, "--auto", "--bots", "3"],
                             capsys)
    assert code == 2 and "--points must be 1-10,000" in err and seconds < 1


def test_poker_dice_largest_points_still_play(capsys):
    code, err, _ = run(["play", "poker-dice", "--points", "10000", "--bots", "1", "--seed",
                        "1"], capsys, stdin="quit\n")
    assert code == 0, err


@pytest.mark.parametrize("argv, option", [
    (["odds", "bluff-you", "--q", "abc"], "--q"),  # ignored without --announce
    (["advise", "bluff-you", "--roll", "2,2,5", "--q", "abc"], "--q"),
    (["odds", "bungee", "--hand", "2,9", "--lucky", "8", "--good", "abc"], "--good"),
    (["odds", "poker-dice", "--mine", ",,,"], "--mine"),  # an empty list
    (["odds", "bluff-you", "--centre="], "--centre"),
    (["solve", "jungle-bluff", "--hands", "1,9", "5,10", "--centre", "4", "--special", ",,,"],
     "--special"),
    (["advise", "bluff", "--mine", "3,,3", "--bid", "7x3"], "--mine"),  # an empty item
    (["advise", "jungle-bluff", "--players", "4", "--strength", "8", "--centre", "2,4",
      "--opponent-hand", "abc"], "--opponent-hand"),  # read with two players only
    (["play", "bluff", "--bots", "2.5"], "--bots"),  # a float, a bool, 1_000 as whole numbers
    (["play", "bluff", "--seed", "True"], "--seed"),
    (["play", "bluff", "--dice", "1_0"], "--dice"),
    (["play", "jungle-bluff", "--cards", "99"], "--cards"),  # the rules' top_card, named
    (["results", "collect", ".", "--csv", ""], "--csv"),  # a traceback before
    (["results", "collect", ".", "--csv", "g.csv", "--key-file", ""], "--key-file"),
])
def test_nonsense_is_refused_naming_the_option(argv, option, capsys, tmp_path, monkeypatch):
    """Issue 26 item 15: nonsense that was silently accepted (or a traceback, or refused with
    the library's own parameter name) is refused in one line naming the option, in French too."""
    monkeypatch.chdir(tmp_path)
    for lang, prefix in (("en", "bluffkit: error: "), ("fr", "bluffkit\xa0: erreur\xa0: ")):
        code, err, _ = run(["--lang", lang, *argv], capsys)
        assert code == 2 and err.startswith(prefix) and option in err and "\n" not in err, err


def test_an_empty_value_that_means_something_is_kept(capsys):
    """``--reroll ""``: show no more dice (some of mine are exposed), re-roll the rest."""
    code, err, _ = run(["odds", "bluff", "--dice", "10", "--mine", "2,3", "--exposed", "*,3",
                        "--my-exposed", "*,3", "--reroll", "", "--bid", "6x3"], capsys)
    assert code == 0, err
