"""``bluffkit advise bluff`` for two players: the solved strategy's frequencies and what the
opponent's bids reveal, in text and JSON; bad input is one plain line and exit 2."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from bluffkit.advice.bluff.solved import solved_reading

from .conftest import run

ARGS = ["advise", "bluff", "--held", "5,5", "--me", "1", "--mine", "3,3,*,1,2", "--bid", "5x4",
        "--history", "2x3,3x3,4x4,5x4", "--dice-random"]




def test_text_shows_frequencies_and_the_posterior(capsys):
    code, out, _ = run(capsys, *ARGS)
    assert code == 0
    view = solved_reading((3, 3, 6, 1, 2), (5, 5), ["2x3", "3x3", "4x4", "5x4"])
    assert "Equilibrium frequencies for your 1,2,3,3,*" in out
    for _, p in view.frequencies:
        if p:
            assert f"{p.numerator}/{p.denominator}" in out or str(p) in out
    assert "their 4s or stars  dice random  after their bids" in out
    for p in view.match_pmf(4).values():
        assert f"{float(p):.4f}" in out
    assert "What the bids reveal" in out and "after their 5x4" in out


def test_json_gives_exact_fractions(capsys):
    code, out, _ = run(capsys, *ARGS, "--json")
    assert code == 0
    solved = json.loads(out)["solved"]
    assert sum(Fraction(p) for p in solved["frequencies"].values()) == 1
    assert sum(Fraction(p) for p in solved["posterior"].values()) == 1
    assert [r["bid"] for r in solved["reads"]] == ["3x3", "5x4"]
    assert solved["exact"] == "fractions of the stored strategy"


@pytest.mark.parametrize("argv, words", [
    (["--held", "6,5", "--mine", "1,2,3,4,5"], "0-5 dice per player"),
    (["--held", "5,5", "--mine", "1,2,3,4,5", "--bid", "3x3", "--history", "4x3,3x3"],
     "does not raise"),
    (["--held", "2,2", "--mine", "1,2", "--bid", "5x3", "--history", "5x3"], "in play"),
])
def test_bad_input_is_one_plain_line(capsys, argv, words):
    code, _, err = run(capsys, "advise", "bluff", *argv)
    assert code == 2 and words in err and "Traceback" not in err
