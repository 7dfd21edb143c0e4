"""``bluffkit advise|solve|play jungle-bluff``: tables, exact JSON, one-line errors (status 2)."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction

import pytest

from .conftest import run


def test_advise_many_players_with_a_belief(capsys):
    code, out, _ = run(capsys, "advise", "jungle-bluff", "--players", "4", "--me", "2",
                       "--strength", "8", "--centre", "2,4", "--held", "0:10", "--held", "1:6",
                       "--belief", "0:3,5,9", "--json")
    data = json.loads(out)
    assert code == 0 and data["recommended"] == "challenge 0"
    values = {o["action"]: Fraction(o["value"]) for o in data["options"]}
    # 8 beats 3 and 5 (2 of 3) for the 10; against player 1 (any card 1-10) 8 of 10 for the 6
    assert values == {"take 2": 2, "take 4": 4, "challenge 0": Fraction(20, 3),
                      "challenge 1": Fraction(24, 5)}
    code, out, _ = run(capsys, "advise", "jungle-bluff", "--players", "4", "--me", "2",
                       "--strength", "8", "--centre", "2,4", "--held", "0:10")
    assert "Best: challenge 0" in out and "Model:" in out


def test_advise_two_players_uses_the_equilibrium(capsys):
    code, out, _ = run(capsys, "advise", "jungle-bluff", "--players", "2", "--hand", "1o,9",
                       "--opponent-hand", "5,10", "--centre", "4", "--special", "optimistic",
                       "--json")
    data = json.loads(out)
    freq = {o["action"]: Fraction(o["frequency"]) for o in data["options"]}
    assert freq == {"play 1o": Fraction(1, 2), "play 9": Fraction(1, 2)}
    assert "two-player round" in data["model"]


def test_solve_prints_the_verified_equilibrium(capsys):
    code, out, _ = run(capsys, "solve", "jungle-bluff", "--hands", "1o,9", "5,10", "--centre",
                       "4", "--special", "optimistic", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == "0"
    assert data["strength"] == [{"1o": "1/2", "9": "1/2"}, {"5": "1/2", "10": "1/2"}]
    assert data["verified"] == {"best_response_player0": "0", "best_response_player1": "0"}
    code, out, _ = run(capsys, "solve", "jungle-bluff", "--hands", "3,8", "5,9", "--centre",
                       "4,7")
    assert "Value of the round for player 0" in out and "Verified by brute force" in out


def test_bad_arguments_give_one_line_errors(capsys):
    code, _, err = run(capsys, "advise", "jungle-bluff", "--hand", "2,x", "--centre", "1")
    assert code == 2 and "--hand" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "advise", "jungle-bluff", "--centre", "1")
    assert code == 2 and "--hand" in err
    code, _, err = run(capsys, "advise", "jungle-bluff", "--players", "3", "--hand", "2",
                       "--centre", "1", "--special", "lucky")
    assert code == 2 and "--special" in err
    code, _, err = run(capsys, "play", "jungle-bluff", "--bots", "9")
    assert code == 2 and "--bots" in err


def test_play_a_game_from_piped_input(capsys, monkeypatch):
    moves = "\n".join(["best"] * 40)
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves + "\n"))
    code, out, _ = run(capsys, "play", "jungle-bluff", "--bots", "1", "--seed", "3",
                       "--cards", "4")
    assert code == 0 and "Game over. Scores:" in out
    assert "End of round 4" in out and "End of the final round" in out  # not "round 5"
    assert "End of round 5" not in out and "Final round" in out


def test_final_round_challenge_is_won_by_the_higher_card(capsys):
    """Issue 11: the opponent's card is a 1 or a 2, so my 4 wins the challenge for sure."""
    code, out, _ = run(capsys, "advise", "jungle-bluff", "--players", "2", "--me", "1",
                       "--first", "0", "--final", "--hand", "1,4", "--strength", "4",
                       "--opponent-hand", "1,2", "--centre", "5", "--held", "0:3", "--json")
    options = {o["action"]: o for o in json.loads(out)["options"]}
    assert code == 0 and options["challenge 0"]["p_win"] == "1"
    assert Fraction(options["challenge 0"]["value"]) == Fraction(1, 6)
    assert Fraction(options["take 5"]["value"]) == Fraction(-5, 6)


BASE4 = ["advise", "jungle-bluff", "--players", "4", "--me", "2", "--strength", "8",
         "--centre", "2,4"]


@pytest.mark.parametrize("argv, option, words", [
    (BASE4 + ["--hand", "3,11"], "--hand", "1-10"),
    (["advise", "jungle-bluff", "--players", "4", "--hand", "3,99", "--centre", "2"], "--hand",
     "1-10"),
    (["advise", "jungle-bluff", "--players", "4", "--strength", "99", "--centre", "2"],
     "--strength", "1-10"),
    (["advise", "jungle-bluff", "--players", "4", "--strength", "8", "--centre", "2,11"],
     "--centre", "1-10"),
    (BASE4 + ["--held", "0:99"], "--held", "1-10"),
    (BASE4 + ["--held", "0:10", "--belief", "0:3,11"], "--belief", "1-10"),
    (["advise", "jungle-bluff", "--players", "2", "--hand", "3,8", "--opponent-hand", "5,99",
      "--centre", "4"], "--opponent-hand", "1-10"),
    (["solve", "jungle-bluff", "--hands", "1,99", "5,10", "--centre", "4"], "--hands", "1-10"),
    # duplicates: a player's deck holds each card once
    (["advise", "jungle-bluff", "--players", "4", "--hand", "3,3,8", "--centre", "2"],
     "--hand", "twice"),
    (["advise", "jungle-bluff", "--players", "2", "--hand", "3,8", "--opponent-hand", "5,5",
      "--centre", "4"], "--opponent-hand", "twice"),
    (["solve", "jungle-bluff", "--hands", "1,1", "5,10", "--centre", "4"], "--hands", "twice"),
    (BASE4 + ["--held", "0:10", "--belief", "0:3,3,9"], "--belief", "twice"),
    # special cards need their rule
    (["advise", "jungle-bluff", "--players", "4", "--hand", "9n,3", "--centre", "2"], "--hand",
     "--special nervous"),
    (["advise", "jungle-bluff", "--players", "4", "--strength", "10a", "--centre", "2"],
     "--strength", "--special alpha"),
    (BASE4 + ["--held", "0:10", "--belief", "0:1o,3"], "--belief", "--special optimistic"),
    (["solve", "jungle-bluff", "--hands", "1o,9", "5,10", "--centre", "4"], "--hands",
     "--special optimistic"),
    (["advise", "jungle-bluff", "--players", "4", "--strength", "8", "--centre", "2,5r"],
     "--centre", "--special reversed"),
    # a round has one score card per player
    (["advise", "jungle-bluff", "--players", "4", "--strength", "8",
      "--centre", "1,2,3,4,5,6,7"], "--centre", "4 players"),
    (BASE4[:-1] + ["2,3,4", "--held", "0:5", "--held", "1:6"], "--centre", "4 players"),
    (BASE4 + ["--held", "0:10", "--later", "0,0,0"], "--later", "once"),
    (BASE4 + ["--held", "0:10", "--later", "7"], "--later", "seat"),
    (BASE4 + ["--held", "0:10", "--belief", "0:"], "--belief", "no card"),
    (BASE4 + ["--held", "0:10", "--later-challenge", "1e999999"], "--later-challenge",
     "probability"),
    (BASE4 + ["--held", "0:10", "--later-challenge", "5"], "--later-challenge", "0 and 1"),
    (["advise", "jungle-bluff", "--players", "2", "--hand", "3,8", "--opponent-hand", "",
      "--centre", "4"], "--opponent-hand", "no value in ''"),
])
def test_cards_that_cannot_exist_are_refused(capsys, argv, option, words):
    """Issue 12: cards 11 or 99, duplicates, special cards without their rule, too many score
    cards: one clear line naming the option and the rule, never a traceback."""
    code, out, err = run(capsys, *argv)
    assert code == 2, out
    assert option in err and words in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_combined_stacks_may_repeat_a_value(capsys):
    code, out, err = run(capsys, "advise", "jungle-bluff", "--players", "4", "--me", "2",
                         "--strength", "8", "--centre", "2", "--held", "0:3+3", "--combined",
                         "--json")
    assert code == 0, err


def test_many_player_table_has_no_empty_equilibrium_column(capsys):
    code, out, _ = run(capsys, "advise", "jungle-bluff", "--players", "4", "--me", "2",
                       "--strength", "8", "--centre", "2,4", "--held", "0:10")
    assert code == 0 and "equilibrium" not in out.splitlines()[0] and "None" not in out
