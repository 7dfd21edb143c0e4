"""``bluffkit solve bluff``: JSON, the saved strategy, progress, and bad arguments."""

import json
from pathlib import Path

import pytest

from bluffkit.cli import main
from bluffkit.solvers.bluff.tree import load_round


def solved_json(out: Path, capsys, *argv: str) -> tuple[dict, str]:
    """``bluffkit solve bluff *argv --json --out out``, which succeeds: its JSON and stderr."""
    assert main(["solve", "bluff", *argv, "--json", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def test_solve_1v1_json_and_saved_strategy(tmp_path, capsys):
    out = tmp_path / "r.npz"
    data, err = solved_json(out, capsys, "--dice", "1,1", "--target", "0.01")
    assert data["approximate"] is True and data["exploitability"] <= 0.01
    assert abs(data["value_to_opener"] - (-7 / 258)) <= 2 * data["exploitability"]
    assert data["match"][0]["opener_dice"] == 1
    assert "exploitability" in err  # the progress line
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
    (["--dice", "6,1"], "--dice"),
    (["--dice", "a,b"], "--dice"),
    (["--target", "2"], "--target"),
    (["--ruleset", "openspiel", "--dice", "2,1"], "1,1 only"),
])
def test_bad_arguments_exit_2_with_one_line(argv, message, capsys):
    assert main(["solve", "bluff", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_unreachable_target_is_refused_at_once(capsys):
    """`--target 1e-300` ran forever: CFR in floating point cannot certify it."""
    for target in ("1e-300", "0", "nan", "inf", "-1"):
        assert main(["solve", "bluff", "--target", target]) == 2
        err = capsys.readouterr().err.strip()
        assert "--target must be an exploitability from 1e-09" in err and "\n" not in err


def test_time_limit_stops_and_says_what_was_reached(tmp_path, capsys):
    out = tmp_path / "r.npz"
    data, err = solved_json(out, capsys, "--target", "1e-7", "--max-seconds", "0.5")
    assert data["target_reached"] is False and data["exploitability"] > 1e-7
    assert data["seconds"] < 5 and data["iterations"] >= 10
    assert "can take from minutes to hours" in err
    assert load_round(out).exploitability == pytest.approx(data["exploitability"])
    assert main(["solve", "bluff", "--target", "1e-7", "--max-seconds", "0.3",
                 "--out", str(out)]) == 0
    assert "Stopped at the time limit of 0.3 s" in capsys.readouterr().out


def test_printed_path_is_the_file_written(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "bluff", "--target", "0.5", "--out", "x"]) == 0
    assert "Strategy saved to x.npz." in capsys.readouterr().out
    assert (tmp_path / "x.npz").is_file() and not (tmp_path / "x").exists()


@pytest.mark.parametrize("where", ["afile/x", "/proc/nope/x", "", "adir", "y" * 300])
def test_unwritable_out_is_a_clear_error_before_solving(where, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    (tmp_path / "adir.npz").mkdir()
    assert main(["solve", "bluff", "--target", "0.5", "--out", where]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith(("bluffkit: error: --out", "bluffkit: error: bluffkit solve bluff: "
                           "argument --out: no value in ''")) and "\n" not in err
    assert "exploitability" not in err and captured.out == ""  # nothing was solved


def test_full_size_match_table_from_the_shipped_strategies(capsys):
    assert main(["solve", "bluff", "--dice", "5,5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["approximate"] and "last k bids" in data["note"]
    assert len(data["match"]) == 25 and len(data["rounds"]) == 25
    assert Path(data["file"]).exists() and data["file_bytes"] < 5_000_000
    by = {(m["my_dice"], m["your_dice"]): m for m in data["match"]}
    for (a, b), m in by.items():
        assert 0 < m["p_win_opening"] < 1
        # my chance opening with a against b, and yours as second with b against a, add to 1
        assert m["p_win_opening"] + by[(b, a)]["p_win_second"] == pytest.approx(1)
    rounds = {(r["opener_dice"], r["other_dice"]): r for r in data["rounds"]}
    assert rounds[(1, 1)]["exploitability"] is not None
    assert rounds[(5, 5)]["exploitability"] is None
    assert rounds[(5, 5)]["abstract_exploitability"] >= 0
    assert by[(5, 1)]["p_win_opening"] > 0.9 > 0.1 > by[(1, 5)]["p_win_opening"]


def test_full_size_text_says_where_the_strategy_is(capsys):
    assert main(["solve", "bluff", "--dice", "3,2"]) == 0
    text = capsys.readouterr().out
    assert "bluff-abstract.npz" in text and "P(win) opening" in text and "None" not in text
