"""``bluffkit odds|advise|solve|play bluff-you``: tables, exact JSON, one-line errors (status 2)."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction

from bluffkit.advice.bluff_you.turn import TurnGame, solve_turn

from .conftest import run


def test_odds_table_and_bayes(capsys):
    code, out, _ = run(capsys, "odds", "bluff-you")
    assert code == 0
    assert "10   27         1/8" in out and "P(at least two equal dice: a doublet) = 4/9" in out
    assert "expected points of a truthful announcement 7/4" in out
    code, out, _ = run(capsys, "odds", "bluff-you", "--centre", "3,4,17,18", "--announce", "17",
                       "--q", "1/2", "--json")
    data = json.loads(out)
    assert data["p_sum_in_centre"] == "1/27" and data["posterior"]["posterior"] == "9/326"
    assert data["sums"][0] == {"token": 3, "ways": 1, "probability": "1/216", "points": 5,
                               "surprisal_bits": 7.7549}


def test_solve_json_is_the_exact_equilibrium(capsys):
    code, out, _ = run(capsys, "solve", "bluff-you", "--centre", "3,4,17,18", "--json")
    assert code == 0
    data = json.loads(out)
    eq = solve_turn(TurnGame(centre=(3, 4, 17, 18)))
    assert Fraction(data["value"]) == eq.value == Fraction(-100, 27)
    assert all(sum(Fraction(p) for p in mix.values()) == 1 for mix in data["bluffer"].values())
    assert {k: Fraction(v) for k, v in data["guesser_ok"].items()} == {
        f"gain {m[1]}": b for m, b in eq.believe.items()}
    code, out, _ = run(capsys, "solve", "bluff-you", "--centre", "9", "--target", "1:3,17",
                       "--give-points", "1")
    assert code == 0 and "steal 17 from P1" in out


def test_advise_bluffer_and_guesser(capsys):
    code, out, _ = run(capsys, "advise", "bluff-you", "--players", "3", "--held", "0:8,13",
                       "--held", "1:5", "--roll", "2,2,5")
    assert code == 0 and "doublet 8,13 for 4" in out and "Best:" in out
    # 'gain to P1' and 'gain to P2' both show P 1: say it is one shared P, not two
    assert "share one P" in out
    code, out, _ = run(capsys, "advise", "bluff-you", "--held", "1:5", "--announce",
                       "gain 11 to P1", "--q", "2/3", "--json")
    data = json.loads(out)
    assert data["model"]["posterior"] == "140/177" and data["vs_model"]["best"] == "ok"
    assert data["vs_equilibrium"]["p_true"] == "1/2"


def test_bad_arguments_are_one_line_errors(capsys):
    code, _, err = run(capsys, "advise", "bluff-you", "--held", "0:19", "--roll", "1,2,3")
    assert code == 2 and "no token 19" in err and err.count("\n") == 1
    code, _, err = run(capsys, "advise", "bluff-you")
    assert code == 2 and "--roll" in err
    code, _, err = run(capsys, "advise", "bluff-you", "--announce", "gain 3 to P0")
    assert code == 2 and "another player" in err
    code, _, err = run(capsys, "odds", "bluff-you", "--announce", "3", "--q", "7/5")
    assert code == 2 and "between 0 and 1" in err
    code, _, err = run(capsys, "solve", "bluff-you", "--target", "1:5")
    assert code == 2 and "--give-points" in err


def test_announcements_to_answer_and_repeated_players_are_one_line_errors(capsys):
    """A doublet was refused because of the made-up roll 1,2,4 the user never gave; a second
    --held or --target for one player silently replaced the first."""
    code, _, err = run(capsys, "advise", "bluff-you", "--held", "0:8,13",
                       "--announce", "doublet 8,13 for 4")
    assert code == 2 and "gain or a steal" in err and "1,2,4" not in err
    assert err.count("\n") == 1
    code, _, err = run(capsys, "advise", "bluff-you", "--held", "0:8", "--held", "0:13",
                       "--roll", "2,2,5")
    assert code == 2 and "player 0 is given twice" in err
    code, _, err = run(capsys, "solve", "bluff-you", "--centre", "3", "--target", "1:5",
                       "--target", "1:6", "--give-points", "1")
    assert code == 2 and "player 1 is given twice" in err


def test_play_a_short_game_with_piped_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("advice\nbest\n" * 60))
    code, out, _ = run(capsys, "play", "bluff-you", "--tokens", "9,10,18", "--seed", "3")
    assert code == 0 and "Game over" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("gain 4 to P1\nquit\n"))
    code, out, _ = run(capsys, "play", "bluff-you", "--seed", "1")
    assert code == 0 and "Not allowed" not in out and "Game stopped." in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("gain 19 to P1\nquit\n"))
    code, out, _ = run(capsys, "play", "bluff-you", "--seed", "1")
    assert "Not allowed: gain 19 to P1: only a token still in the centre" in out


def test_the_guesser_does_not_see_the_roll(capsys):
    """Issue 11: ``advise --announce`` silently ignored ``--roll``."""
    code, _, err = run(capsys, "advise", "bluff-you", "--held", "1:5", "--announce",
                       "gain 11 to P1", "--roll", "5,5,1")
    assert code == 2 and "--roll" in err and "--announce" in err and err.count("\n") == 1


def test_solve_says_never_made_instead_of_none(capsys):
    code, out, _ = run(capsys, "solve", "bluff-you", "--centre", "4,5,6,7,10,15,16",
                       "--target", "1:3,8,9,11,12,14,17,18", "--give-points", "2")
    assert code == 0 and "None" not in out and "never announced" in out
