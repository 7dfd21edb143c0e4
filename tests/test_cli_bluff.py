"""``bluffkit odds|advise|play bluff``: tables, exact JSON, one-line errors with status 2."""

import io
import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from bluffkit.odds.bluff import bid_odds
from tests.cli.conftest import run


def test_odds_table(capsys):
    code, out, _ = run(capsys, "odds", "bluff", "--dice", "20", "--mine", "3,3,*", "--bid", "7x3")
    assert code == 0
    assert "112297411/129140163" in out  # P(at least 4 of the 17 unknown dice)
    assert "20/3" in out and "26/3" in out  # rule of thumb beside the exact expectation


def test_odds_json_has_exact_fraction_strings(capsys):
    code, out, _ = run(capsys, "odds", "bluff", "--dice", "20", "--mine", "3,3,*", "--bid", "7x3",
                       "--exposed", "2,*", "--json")
    assert code == 0
    data = json.loads(out)
    want = bid_odds("7x3", 20, "3,3,*", "2,*")
    assert Fraction(data["p_true"]) == want.p_true
    assert data["p_exact"] == f"{want.p_exact.numerator}/{want.p_exact.denominator}"
    assert data["known_matches"] == 4 and data["unknown"] == 15


def test_odds_after_a_reroll(capsys):
    code, out, _ = run(capsys, "odds", "bluff", "--dice", "5", "--mine", "3,3,*,1,2",
                       "--bid", "4x3", "--reroll", "3,3,*", "--json")
    assert code == 0 and json.loads(out)["p_true"] == "5/9"  # 1 - (2/3)^2
    code, out, err = run(capsys, "odds", "bluff", "--dice", "5", "--mine", "3,3,*,1,2",
                         "--bid", "4x3", "--reroll", "3,3,*,1,2")
    assert code == 2 and "stay under the cup" in err


def test_advise_table_and_json(capsys):
    argv = ["advise", "bluff", "--players", "4", "--mine", "3,3,*,1,2", "--bid", "7x3"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "challenge" in out and "<- best" in out and "Recommendation: bid 8x3" in out
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["recommended"] == "8x3"
    assert all(Fraction(o["my_loss"]) >= 0 for o in data["options"])
    assert data["position"]["dice_held"] == [5, 5, 5, 5]


def test_advise_with_held_bidder_exposed_and_show(capsys):
    code, out, _ = run(capsys, "advise", "bluff", "--mine", "3,1", "--held", "3,5,4",
                       "--bidder", "2", "--exposed", "0:3", "--exposed", "1:*", "--bid", "4x3",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["position"]["exposed"] == ["3", "*", ""]
    assert data["position"]["bidder"] == 2
    code, out, _ = run(capsys, "advise", "bluff", "--mine", "3,3,*,1,2", "--players", "3",
                       "--bid", "4x3", "--show", "--json")
    data = json.loads(out)
    assert data["recommended"] == "show 3,3,* reroll"


@pytest.mark.parametrize("argv,words", [
    (["odds", "bluff", "--dice", "3", "--mine", "3,3,*,1", "--bid", "2x3"], "more known dice"),
    (["odds", "bluff", "--dice", "x", "--bid", "2x3"], "--dice"),
    (["odds", "bluff", "--dice", "10", "--bid", "2y3"], "not a bid"),
    (["odds", "bluff", "--dice", "10", "--bid", "2x3", "--mine", "7"], "mine"),
    (["advise", "bluff", "--mine", "1,2", "--held", "5,5"], "must make the 5 dice"),
    (["advise", "bluff", "--mine", "1,2", "--held", "2,x"], "--held"),
    (["advise", "bluff", "--mine", "1,2", "--exposed", "3"], "PLAYER:DICE"),
    (["advise", "bluff", "--mine", "1,2", "--players", "9"], "2-6 players"),
    (["advise", "bluff"], "--mine"),
    (["play", "bluff", "--bots", "7"], "--bots"),
])
def test_bad_arguments_one_line_error_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def play(capsys, monkeypatch, lines, *argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{x}\n" for x in lines)))
    return run(capsys, "play", "bluff", *argv)


def test_play_a_whole_game_from_stdin(capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, ["advice", "9x9", "best"] + ["best"] * 400,
                        "--bots", "2", "--seed", "1")
    assert code == 0
    assert "Your dice:" in out and "Cups up!" in out
    assert "Game over: you win!" in out or re.search(r"Game over: player [1-9] wins\.", out)
    assert "Recommendation:" in out  # the advice command
    assert "Not allowed:" in out  # 9x9 is not a bid
    assert "loses" in out


def test_play_is_reproducible_and_supports_the_expansion(capsys, monkeypatch):
    lines = ["best"] * 400
    first = play(capsys, monkeypatch, lines, "--bots", "3", "--seed", "4", "--expansion")
    second = play(capsys, monkeypatch, lines, "--bots", "3", "--seed", "4", "--expansion")
    assert first == second and first[0] == 0
    assert "Show dice?" in first[1]


def test_play_stops_cleanly(capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, ["quit"], "--bots", "1", "--seed", "2")
    assert code == 0 and "Game stopped" in out
    code, out, err = play(capsys, monkeypatch, [], "--bots", "1", "--seed", "2")
    assert code == 2 and "end of input" in err


def test_play_rejects_an_illegal_raise_with_the_rule(capsys, monkeypatch):
    # seed 3: I open, the bot answers 2x4, then my 1x1 breaks the ladder rule
    code, out, _ = play(capsys, monkeypatch, ["1x1", "1x1", "quit"], "--bots", "1",
                        "--seed", "3")
    assert code == 0
    assert "Not allowed: 1x1 does not raise 2x4" in out and "Game stopped" in out


def test_console_script_entry_point():
    code = ("import sys; from bluffkit.cli import main; "
            "sys.exit(main(['odds', 'bluff', '--dice', '6', '--bid', '2x*', '--json']))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0
    assert json.loads(r.stdout)["p_true"] == "12281/46656"
