"""``bluffkit odds|advise|play poker-dice``: tables, exact JSON, one-line errors with status 2."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction

from bluffkit.odds.poker_dice import equity

from .conftest import run


def test_odds_of_the_brief_example(capsys):
    code, out, _ = run(capsys, "odds", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10",
                       "--opponents", "2")
    assert code == 0
    assert "three of a kind K,K,K,A,10" in out
    assert "21,609" in out and "7351/15552" in out
    code, out, _ = run(capsys, "odds", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10",
                       "--opponents", "2", "--json")
    data = json.loads(out)
    want = equity("9,K,K", "A,K,10", 2)
    assert Fraction(data["equity"]["equity"]) == want.equity
    assert data["equity"]["win"] == want.win and data["best"].startswith("three of a kind")


def test_odds_tables_of_categories(capsys):
    code, out, _ = run(capsys, "odds", "poker-dice", "--json")
    data = json.loads(out)
    assert data["five_dice"]["total"] == 7776 and data["hand"]["total"] == 46656
    assert data["five_dice"]["categories"]["four of a kind"] == {"count": 130, "p": "65/3888"}
    assert "equity" not in data
    code, out, _ = run(capsys, "odds", "poker-dice", "--mine", "9,K,K", "--tie-break",
                       "categories", "--colours", "red,red,red,black,black,black")
    assert code == 0 and "before the common roll" in out and "46,656" in out


def test_advise_betting_and_ante(capsys):
    code, out, _ = run(capsys, "advise", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10",
                       "--pot", "12", "--to-call", "3", "--stack", "40")
    assert code == 0 and "Calling 3 to win 12 needs 1/5" in out and "<- best" in out
    code, out, _ = run(capsys, "advise", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10",
                       "--pot", "12", "--to-call", "3", "--stack", "40", "--json")
    data = json.loads(out)
    assert data["action"] == "raise 7" and data["needed"] == "1/5" and data["phase"] == "bet"
    code, out, _ = run(capsys, "advise", "poker-dice", "--mine", "9,10,Q", "--opponents", "3",
                       "--json")
    data = json.loads(out)
    assert data["phase"] == "ante" and data["action"] == "pass" and data["needed"] is None


def test_bad_arguments_exit_2_with_one_line(capsys):
    for argv in (["odds", "poker-dice", "--mine", "9,K"],
                 ["odds", "poker-dice", "--mine", "9,K,8"],
                 ["odds", "poker-dice", "--mine", "9,K,K", "--opponents", "4"],
                 ["advise", "poker-dice", "--mine", "9,K,K", "--common", "A,A,A", "--opponents",
                  "0"],
                 ["odds", "poker-dice", "--colours", "red,red"],
                 ["play", "poker-dice", "--bots", "4"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.startswith("bluffkit: error: ") and err.count("\n") == 1, argv


def test_play_bots_only_json_is_reproducible(capsys):
    argv = ("play", "poker-dice", "--auto", "--bots", "2", "--points", "6", "--seed", "3",
            "--json")
    code, out, err = run(capsys, *argv)
    assert code == 0 and "Game over" in err
    data = json.loads(out)
    assert data["chips"][data["winner"]] == 18 and sum(data["chips"]) == 18
    assert any("Common dice" in line for line in data["record"])
    assert run(capsys, *argv)[1] == out


def test_play_against_a_bot_from_stdin(capsys, monkeypatch):
    lines = ["advice", "bet 0", "best"] + ["best"] * 500
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{x}\n" for x in lines)))
    code, out, _ = run(capsys, "play", "poker-dice", "--bot", "equity", "--points", "5",
                       "--seed", "1")
    assert code == 0 and "Game over: player" in out
    assert "Not allowed:" in out and "Averaged over the common rolls" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "play", "poker-dice", "--seed", "1")
    assert code == 0 and "Game stopped." in out


def test_impossible_or_ignored_options_are_refused(capsys):
    """Issue 11: `--pot 1 --to-call 5` was answered, `--pot` at the ante and `--opponents`
    without `--mine` silently ignored."""
    for argv, words in (
            (["advise", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10", "--pot", "1",
              "--to-call", "5"], "pot"),
            (["advise", "poker-dice", "--mine", "9,K,K", "--common", "A,K,10", "--pot", "5",
              "--to-call", "10"], "pot"),
            (["advise", "poker-dice", "--mine", "9,K,K", "--pot", "12"], "--pot"),
            (["odds", "poker-dice", "--opponents", "2"], "--mine")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and words in err and err.count("\n") == 1, argv
    code, out, _ = run(capsys, "odds", "poker-dice", "--common", "A,K,10")
    assert code == 0
