"""numpy is an accelerator, not a requirement (issue 30 item 1b).

What a lesson, a table's Explain and an exercise use is computed twice: here, with numpy, and in
a fresh interpreter where ``import numpy`` and ``import scipy`` fail (``sys.modules[...] = None``,
as in Pyodide without its CDN). The two must give the same text and values, item for item.
This module imports no numpy at its top, so the subprocess can run its ``probe``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SEEDS = (1, 2)


def exercise_answers(name: str, seeds=SEEDS) -> dict:
    """Every question's statement, exact answer, mistakes, feedback and solution."""
    from bluffkit.exercises import load

    out = {}
    for seed in seeds:
        for i, q in enumerate(load(name, seed=seed), 1):
            expected = q.expected()
            out[f"{seed}/{i}"] = [q.statement(), repr(expected),
                                  [(m.name, repr(m.value)) for m in q.likely_mistakes()],
                                  q.check(expected).markdown(), q.check("0").markdown(),
                                  q.solution().markdown()]
    return out


def shipped_strategies(sizes: str) -> dict:
    """The shipped two-player strategies: figures, weights and frequencies after a few bids."""
    from bluffkit.advice.bluff.strategy import load_strategy, match_table
    from bluffkit.core.rng import as_list

    out = {"match": sorted((f"{a}v{b}", p) for (a, b), p in match_table().items())}
    for size in sizes.split(","):
        s = load_strategy(*map(int, size.split("v")))
        out[size] = [repr(s.figures)]
        for history in ([], s.bids[:1], s.bids[1:4:2], s.bids[2:5], s.bids[1:12:2]):
            labels, weights = s.weights_table(history)
            out[size] += [labels, as_list(weights), as_list(s.strategy_table(history)[1])]
    return out


def bid_reading(_arg: str) -> dict:
    """The bid reading: every posterior (weights per hand, per face) after seeded rounds."""
    from bluffkit.core import make_rng
    from bluffkit.games.bluff import FACES
    from bluffkit.odds.bluff.beliefs import read_bids
    from bluffkit.odds.bluff.model import legal_choices

    out = {}
    for seed in range(12):
        rng = make_rng(seed)
        held = [int(rng.integers(1, 6)) for _p in range(int(rng.integers(2, 5)))]
        history, previous = [], None
        for _turn in range(int(rng.integers(1, 6))):
            raises = legal_choices(previous, sum(held))[:-1] if previous else legal_choices(
                None, sum(held))
            if not raises:
                break
            previous = raises[int(rng.integers(min(len(raises), 6)))]
            history.append(str(previous))
        me = len(history) % len(held)
        reading = read_bids(held, me, history)
        out[f"{seed} {held} {history}"] = [
            None if b is None else [list(b.weights), [list(b.match_weights(f)) for f in FACES]]
            for b in reading.beliefs]
    return out


def explain(what: str, seeds=range(3)) -> dict:
    """What each table's Explain shows at seat 0's turns along seeded random games: the advice
    the table calls, as text (its numbers in words and exact fractions). ``what``: the game,
    then ``:`` and its rules' options (``bluff:players=2:dice_per_player=1``; 3 players) or
    the seeds (``bluff:seeds=9,52``)."""
    from bluffkit.core import random_playthrough
    from bluffkit.games import find_game

    game, *options = what.split(":")
    settings = dict(o.split("=") for o in options)
    seeds = [int(s) for s in settings.pop("seeds").split(",")] if "seeds" in settings else seeds
    rules = {"players": 3} | {k: int(v) for k, v in settings.items()}
    info, out = find_game(game), {}
    for seed in seeds:
        state, moves = info.new_game(info.rules_type(**rules)), []
        _end, trajectory = random_playthrough(state, seed)
        for player, action in trajectory[:60]:
            if player == 0 and not state.is_terminal():
                out[f"{seed}/{len(moves)}"] = ADVICE[game](state)
            state = state.apply(action)
            moves.append(str(action))
    return out


def _bluff(state) -> str:
    from bluffkit.advice.bluff import Position, advise

    advice = advise(Position.from_state(state, 0))  # the JSON has the reading and solved view
    return repr(advice) + json.dumps(advice.to_json(), sort_keys=True, default=str)


def _bluff_you(state) -> str:
    from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice

    if state.phase == "act":
        return repr(bluffer_advice(state))
    return repr(guesser_advice(state.observation(0))) if state.phase == "call" else ""


def _poker_dice(state) -> str:
    from bluffkit.advice.poker_dice import advise_observation

    return repr(advise_observation(state.observation(0)))


def _jungle_bluff(state) -> str:
    from bluffkit.advice.jungle_bluff import advise

    return repr(advise(state.observation(0)).to_json())


def _bungee(state) -> str:
    from bluffkit.advice.bungee import advise

    return repr(advise(state.observation(0), 20, 1))


ADVICE = {"bluff": _bluff, "bluff-you": _bluff_you, "jungle-bluff": _jungle_bluff,
          "poker-dice": _poker_dice, "bungee": _bungee}


def lesson_modules() -> list[str]:
    """The bluffkit modules the notebooks import (both languages), but the solvers, which may
    keep numpy and scipy (issue 30; their figures, ``widgets.bluff.equilibrium``, import
    without)."""
    import re

    found = set()
    for path in (Path(__file__).parents[1] / "notebooks").rglob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                found |= {a or b for a, b in re.findall(
                    r"^\s*(?:from\s+(bluffkit[\w.]*)\s+import|import\s+(bluffkit[\w.]*))",
                    "".join(cell["source"]), re.M)}
    return sorted(m for m in found if not m.startswith(SOLVERS))


SOLVERS = ("bluffkit.solvers",)


def imports(names: str) -> dict:
    """Import each module; what each one exports."""
    import importlib

    return {name: sorted(getattr(importlib.import_module(name), "__all__", ()))
            for name in names.split(",")}


def simulations(_arg: str) -> dict:
    """The lessons' seeded simulations (floats: compared to the last bit)."""
    from bluffkit.odds.poker_dice import approx_equity

    return {f"{args}": list(approx_equity(*args[:2], opponents=args[2], deals=args[3],
                                          seed=args[4]))
            for args in [("9,K,K", None, 3, 20_000, 1), ("A,A,A", None, 3, 5_000, 2),
                         ("9,10,Q", "A,K,10", 1, 3_001, 5), ("J,J,9", "J,Q,Q", 2, 777, 0)]}


def tables(seeds: str) -> dict:
    """Each game's table, dealt from a seed and played by its bots up to my turn: the
    history and what Explain shows (the widgets a lesson opens)."""
    from bluffkit.widgets import BluffTable
    from bluffkit.widgets.bluff_you import BluffYouTable
    from bluffkit.widgets.bungee import BungeeTable
    from bluffkit.widgets.jungle_bluff import JungleTable
    from bluffkit.widgets.poker_dice import PokerDiceTable

    out = {}
    for seed in map(int, seeds.split(",")):
        for cls in (BluffTable, BluffYouTable, PokerDiceTable, JungleTable, BungeeTable):
            table = cls(seed=seed)
            table.explain.toggle.value = True
            if hasattr(table, "wait_for_advice"):
                assert table.wait_for_advice(60)
            out[f"{cls.__name__} {seed}"] = [repr(table.state), table.explain.body.value]
    return out


def probe(what: str, arg: str) -> dict:
    """One probe by name (the subprocess calls it the same way)."""
    return PROBES[what](arg)


PROBES = {"exercises": exercise_answers, "strategies": shipped_strategies,
          "bid reading": bid_reading, "explain": explain, "imports": imports,
          "simulations": simulations, "tables": tables}


def without_numpy(what: str, arg: str) -> dict:
    """``probe(what, arg)`` in a fresh interpreter where numpy and scipy cannot be imported."""
    code = ("import sys, json\n"
            "sys.modules['numpy'] = None; sys.modules['scipy'] = None\n"
            f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
            "from test_without_numpy import probe\n"
            f"print(json.dumps(probe({what!r}, {arg!r})))\n"
            "assert 'numpy' not in [m.split('.')[0] for m, v in sys.modules.items() if v]\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def same(what: str, arg: str) -> None:
    with_numpy = json.loads(json.dumps(probe(what, arg)))
    assert "numpy" in sys.modules
    pure = without_numpy(what, arg)
    assert pure.keys() == with_numpy.keys()
    for key in with_numpy:
        assert pure[key] == with_numpy[key], (what, arg, key)


@pytest.mark.parametrize("name", ["bluff", "bluff-you", "jungle-bluff", "poker-dice", "bungee",
                                  "optimal-bluffing", "reading-bids", "full-game"])
def test_exercise_sets_give_the_same_answers(name):
    same("exercises", name)


def test_the_shipped_strategies_read_the_same():
    same("strategies", "1v1,2v1,3v4,5v5,2v2,1v3")


def test_the_bid_reading_is_the_same():
    same("bid reading", "")


@pytest.mark.parametrize("game", ["bluff", "bluff:players=2:dice_per_player=1",
                                  "bluff:players=2:dice_per_player=2", "bluff:players=2",
                                  # two players left after an elimination (5, 0, 3; 1, 5, 0;
                                  # 2, 5, 0; 5, 0, 5): the slowest advice in Pyodide was there
                                  "bluff:seeds=9,16,32,52", "bluff-you",
                                  "jungle-bluff", "poker-dice", "bungee"])
def test_every_advice_a_table_explains_is_the_same(game):
    same("explain", game)


def test_the_lesson_modules_import_without_numpy():
    modules = lesson_modules()
    assert len(modules) > 30 and "bluffkit.widgets" in modules
    same("imports", ",".join(modules))


def test_the_lessons_simulations_give_the_same_floats():
    same("simulations", "")


def test_the_five_tables_deal_and_explain_the_same():
    same("tables", "4,11")
