"""``bluffkit solve bluff``: JSON, the saved strategy, progress, and bad arguments."""

import json

import pytest

from bluffkit.cli import main
from bluffkit.solvers.bluff_tree import load_round


def test_solve_1v1_json_and_saved_strategy(tmp_path, capsys):
    out = tmp_path / "r.npz"
    assert main(["solve", "bluff", "--dice", "1,1", "--target", "0.01", "--json",
                 "--out", str(out)]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["approximate"] is True and data["exploitability"] <= 0.01
    assert abs(data["value_to_opener"] - (-7 / 258)) <= 2 * data["exploitability"]
    assert data["match"][0]["opener_dice"] == 1
    assert "exploitability" in captured.err  # the progress line
    assert data["smaller_rounds_saved_to"]
    solved = load_round(out)
    assert solved.value == pytest.approx(data["value_to_opener"])
    assert sum(solved.strategy([], (3,)).values()) == pytest.approx(1)


def test_openspiel_ruleset_text_output(tmp_path, capsys):
    assert main(["solve", "bluff", "--ruleset", "openspiel", "--target", "0.02",
                 "--out", str(tmp_path / "o.npz")]) == 0
    text = capsys.readouterr().out
    assert "value to the opener" in text and "1-1" in text


@pytest.mark.parametrize("argv, message", [
    (["--dice", "3,3"], "--dice"),
    (["--dice", "a,b"], "--dice"),
    (["--target", "2"], "--target"),
    (["--ruleset", "openspiel", "--dice", "2,1"], "1,1 only"),
])
def test_bad_arguments_exit_2_with_one_line(argv, message, capsys):
    assert main(["solve", "bluff", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err
