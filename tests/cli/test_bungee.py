"""``bluffkit odds|advise|play bungee``: tables, exact JSON, one-line errors with status 2."""

from __future__ import annotations

import io
import itertools
import json
import sys
from fractions import Fraction

import pytest

from bluffkit.cli import bungee as cli_bungee
from bluffkit.odds.bungee import Knowledge, action_odds

from .conftest import run


def test_odds_table_and_json(capsys):
    code, out, _ = run(capsys, "odds", "bungee", "--hand", "2,9,9,10", "--discard", "4,7",
                       "--lucky", "8")
    assert code == 0 and "worth 30" in out and "116/7" in out and "take, play 9,9" in out
    code, out, _ = run(capsys, "odds", "bungee", "--hand", "1,2,9", "--lucky", "8", "--draws",
                       "2", "--good", "<=2", "--json")
    data = json.loads(out)
    want = action_odds(Knowledge.parse("1,2,9", lucky=8), "play 9")
    row = next(r for r in data["actions"] if r["action"] == "play 9")
    assert Fraction(row["P_worth_5_or_less"]) == want.p_bungee == Fraction(15, 52)
    assert {int(v): Fraction(p) for v, p in row["value_pmf"].items()} == want.value.pmf()
    assert data["unseen_count"] == 52 and data["draws"]["good"] == "value <= 2"
    assert sum(Fraction(p) for p in data["draws"]["pmf"].values()) == 1


def test_advise_call_or_play_on(capsys):
    argv = ["advise", "bungee", "--hand", "1,4", "--discard", "4,7", "--lucky", "8",
            "--last-lap", "--samples", "20", "--seed", "3"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "<- best" in out and "standard error" in out
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["comparison"]["samples"] == 20 and data["options"][0]["action"] == "bungee"
    assert data["recommended"] in {"bungee", data["comparison"]["play"]}
    code, out, _ = run(capsys, "advise", "bungee", "--hand", "1,2,3,9,10", "--lucky", "B",
                       "--dealer", "--players", "3", "--json")
    assert json.loads(out)["recommended"] == "take lucky, discard 10"


@pytest.mark.parametrize("argv, message", [
    (["odds", "bungee", "--hand", "1,12", "--lucky", "8"], "not a Bungee card"),
    (["odds", "bungee", "--hand", "B,B", "--discard", "B,B", "--lucky", "8"], "too many"),
    (["odds", "bungee", "--hand", "1", "--lucky", "8", "--draws", "2", "--good", "x"],
     "--good"),
    (["advise", "bungee", "--hand", "1", "--lucky", "8", "--players", "7"], "2-5 players"),
    (["advise", "bungee", "--hand", "1", "--lucky", "8", "--sizes", "5,x"], "--sizes"),
    (["play", "bungee", "--bots", "5"], "--bots"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", "8", "--seed", "-1"], "seed"),
    (["odds", "bungee", "--hand", "1,2", "--lucky", ""], "--lucky"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", "8", "--first", "--last-lap"],
     "first turn"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", " "], "--lucky"),
    (["odds", "bungee", "--hand", "1,11", "--lucky", "8"], "1 to 10; write B for a Bungee card"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", "11"], "write B for a Bungee card"),
    (["odds", "bungee", "--hand", "1", "--lucky", "8", "--draws", "2", "--good", "<= 2 3"],
     "--good takes one value test"),
    (["odds", "bungee", "--hand", "1", "--lucky", "8", "--draws", "2", "--good", "<=23"],
     "--good takes one value test"),
    (["odds", "bungee", "--hand", "1", "--lucky", "8", "--draws", "2", "--good", "<"],
     "--good takes one value test"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", "8", "--samples", "20001"],
     "--samples must be 0-20000"),
    (["advise", "bungee", "--hand", "1,2", "--lucky", "8", "--samples", "-1"],
     "--samples must be 0-20000"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_play_bots_only_json_is_reproducible(capsys):
    argv = ["play", "bungee", "--bots", "3", "--auto", "--rounds", "2", "--seed", "4", "--json"]
    code, out, err = run(capsys, *argv)
    data = json.loads(out)
    assert code == 0 and len(data["rounds"]) == 2 and "Game over" in err
    assert data["totals"] == [sum(r["scores"][p] for r in data["rounds"]) for p in range(4)]
    assert run(capsys, *argv)[1] == out


def test_play_against_bots_from_stdin(capsys, monkeypatch):
    lines = ["take, play 99", "advice", "best"] + ["best"] * 400
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{x}\n" for x in lines)))
    code, out, _ = run(capsys, "play", "bungee", "--bots", "1", "--rounds", "1", "--seed", "5")
    assert code == 0 and "Game over" in out and "Not allowed" in out
    assert "exact, one step ahead" in out and "You: draw" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "play", "bungee", "--seed", "1")
    assert code == 0 and "Game stopped." in out


def test_play_an_empty_line_is_not_allowed_and_asks_again(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n   \nquit\n"))
    code, out, _ = run(capsys, "play", "bungee", "--bots", "1", "--seed", "5")
    assert code == 0 and out.count("Not allowed: no action typed") == 2
    assert "Game stopped." in out


def test_good_reads_spaces_around_the_comparison(capsys):
    base = ["odds", "bungee", "--hand", "1,2,9", "--lucky", "8", "--draws", "2", "--json"]
    for good in ("<= 2", " <=2 ", "<=2"):
        code, out, _ = run(capsys, *base, "--good", good)
        assert code == 0 and json.loads(out)["draws"]["good"] == "value <= 2"
    code, out, _ = run(capsys, *base, "--good", "2 3")
    assert code == 0 and json.loads(out)["draws"]["good"] == "cards 2,3"


def test_a_long_simulation_shows_its_time_and_a_progress_bar_on_stderr(capsys, monkeypatch):
    """Issue 12: the bar came from 500 samples whatever they cost (499 samples for 5 players
    ran over 2 s without a word). The time the samples take decides: when the work is expected
    to last more than a second, the estimated time at once, then a bar with the time left."""
    ticks = itertools.count()
    monkeypatch.setattr(cli_bungee, "clock", lambda: next(ticks) * 0.1)   # 0.1 s a sample
    argv = ["advise", "bungee", "--hand", "1,4", "--discard", "4,7", "--lucky", "8",
            "--samples", "20", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and json.loads(out)["comparison"]["samples"] == 20   # stdout stays JSON
    lines = err.strip().splitlines()
    assert lines[0] == "Simulating endings: 20 in all, about 2 s (Ctrl+C stops)."
    assert lines[1].startswith("Simulating endings [") and lines[1].endswith("1/20, about 2 s left")
    assert lines[-1].endswith("] 20/20, done") and lines[-1].count("#") == 30
    assert len(lines) <= 12
    monkeypatch.setattr(cli_bungee, "clock", lambda: next(ticks) * 0.001)  # 1 ms a sample
    assert run(capsys, *argv)[2] == ""                                   # short: no bar
