"""Start-up: a command imports only what it needs (a structural check on ``sys.modules``, not a
timing; the times are printed by ``benchmarks/frame_budget.py``)."""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys

import pytest

from bluffkit.cli import COMMAND_MODULES, COMMANDS, GAME_MODULES, modules_needed

HEAVY = ("sympy", "scipy", "plotly", "ipywidgets", "IPython")
NEEDS_NUMPY = {"advise jungle-bluff", "advise bungee"}
"""Commands that compute with numpy when it is installed (Jungle's counts of consistent histories;
Bungee's random worlds, drawn by numpy's generator, or the same numbers in pure Python without
it); Bluff's, Bluff You's and poker dice's, and Bungee's odds, do not import it."""

CASES = [
    "odds bluff --dice 20 --mine 3,3,* --bid 7x3",
    "advise bluff --players 4 --mine 3,3,*,1,2 --bid 7x3 --json",
    "odds bluff-you --centre 3,4,17,18 --announce 17 --q 1/2",
    "advise bluff-you --players 3 --held 0:8,13 --held 1:5 --roll 2,2,5",
    "odds poker-dice --mine 9,K,K --common A,K,10 --opponents 2",
    "advise poker-dice --mine 9,K,K --common A,K,10 --opponents 1 --pot 12 --to-call 3",
    "advise jungle-bluff --players 2 --hand 3,8 --opponent-hand 5,9 --centre 4,7",
    "odds bungee --hand 2,9,9,10 --discard 4,7 --lucky 8",
    "advise bungee --hand 1,4 --lucky 8 --last-lap --json",
]

PROBE = """
import contextlib, io, json, sys
from bluffkit.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
print(json.dumps([status, sorted({'.'.join(m.split('.')[:3]) for m in sys.modules})]))
"""


def test_the_table_of_commands_matches_what_the_modules_register():
    registered = {}
    for module in GAME_MODULES:
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        commands = {name: sub.add_parser(name).add_subparsers() for name in COMMANDS}
        importlib.import_module(f"bluffkit.cli.{module}").register(commands)
        for command, games in commands.items():
            registered.update({(command, game): module for game in games.choices})
    assert registered == COMMAND_MODULES


def test_help_and_errors_still_see_every_game():
    assert modules_needed(["--help"]) == modules_needed(["notebooks", "x"]) == []
    assert modules_needed(["odds", "bluff", "--bid", "2x3"]) == ["bluff"]
    assert modules_needed(["solve", "bluff"]) == ["bluff_solve"]
    for argv in (["odds"], ["odds", "--help"], ["odds", "jungle-bluff"], ["odds", "nope"]):
        assert modules_needed(argv) == GAME_MODULES


def test_odds_and_advise_import_no_heavy_module():
    runs = {case: subprocess.Popen([sys.executable, "-c", PROBE, *case.split()],
                                   stdout=subprocess.PIPE, text=True) for case in CASES}
    for case, run in runs.items():
        out, _ = run.communicate(timeout=120)
        status, modules = json.loads(out.splitlines()[-1])
        assert status == 0, case
        modules = {m.split(".")[0] for m in modules} | set(modules)
        assert not set(modules) & set(HEAVY), case
        assert ("numpy" in modules) == (" ".join(case.split()[:2]) in NEEDS_NUMPY), case
        game = case.split()[1].replace("-", "_")
        engines = {m for m in modules if m.startswith("bluffkit.games.")}
        assert engines == {f"bluffkit.games.{game}"}, case  # not the other games' engines


def test_help_imports_neither_numpy_nor_a_game():
    out = subprocess.run([sys.executable, "-c", PROBE, "--help"], capture_output=True,
                         text=True, check=True).stdout
    status, modules = json.loads(out.splitlines()[-1])
    assert status == 0
    assert not {m.split(".")[0] for m in modules} & {"numpy", *HEAVY}
    assert not [m for m in modules if m.startswith(("bluffkit.games.", "bluffkit.advice"))]


@pytest.mark.parametrize("argv", [["--help"], ["odds", "--help"], ["odds", "bluff", "--help"]])
def test_help_is_the_same_with_every_game_registered(argv, capsys):
    from bluffkit.cli import build_parser

    def text(parser):
        with pytest.raises(SystemExit):
            parser.parse_args(argv)
        return capsys.readouterr().out

    assert text(build_parser(argv, every_game=False)) == text(build_parser())
