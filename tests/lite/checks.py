"""What the Pyodide test runs, the same in CPython and in Pyodide: ``run(modules)`` returns a
JSON-ready dict of answers, compared by ``test_pyodide.py``.

This file is read as text and run by Node's Pyodide (``pyodide_run.mjs``) as well as imported
by the test, so it imports bluffkit only inside ``run`` and needs nothing but the standard
library and bluffkit.
"""

from __future__ import annotations

import importlib
import random
import traceback

SEEDS = (1, 2)


class PythonDraws:
    """A seeded source of draws for ``bluffkit.core.rng.sample``/``choice`` built on Python's
    ``random`` (the same stream in CPython and Pyodide), so the games are played without
    bluffkit's own generator."""

    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def integers(self, n: int) -> int:
        return self.random.randrange(n)

    def bytes(self, n: int) -> bytes:
        return self.random.getrandbits(8 * n).to_bytes(n, "big")


def failure(error: BaseException) -> str:
    """An exception as one comparable line: its type, message and the deepest bluffkit frame."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "bluffkit" in f.filename]
    where = frames[-1].filename.rsplit("bluffkit", 1)[-1] if frames else ""
    return f"{type(error).__name__}: {error} [{where}]"


def play(name: str, seed: int) -> dict:
    """One game of ``name`` played to the end from the standard rules, chance and every seat
    drawn from ``PythonDraws(seed)``; at each Bluff decision, the advice in French."""
    from bluffkit import set_language
    from bluffkit.core import RandomBot
    from bluffkit.core.rng import sample
    from bluffkit.games import GAMES

    info = GAMES[name]
    state = info.new_game(info.rules_type())
    draws, bot, moves, advice = PythonDraws(seed), RandomBot(), [], []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), draws)
        else:
            player = state.current_player()
            if name == "bluff":
                from bluffkit.advice.bluff import Position, advise
                from bluffkit.odds.bluff import bid_odds

                pos = Position.from_observation(state.observation(player))
                set_language("fr")
                try:
                    said = advise(pos, equilibrium=False, read_bids=False)
                finally:
                    set_language("en")
                odds = (str(bid_odds(pos.bid, pos.dice_in_play, pos.my_dice,
                                     sum(pos.exposed, ())).p_true)
                        if pos.bid else None)
                advice.append([str(said.recommended.action), said.explanation, odds])
            action = bot.choose(state.observation(player), state.legal_actions(), draws)
        moves.append(str(action))
        state = state.apply(action)
    return {"moves": moves, "returns": [str(r) for r in state.returns()], "advice": advice}


def seeded_game(name: str, seed: int) -> dict:
    """One game of ``name`` played by ``bluffkit.core.play_game`` with bluffkit's own seeded
    generator (``make_rng(seed)``: the numbers every student gets)."""
    from bluffkit.core import RandomBot, play_game
    from bluffkit.games import GAMES

    info = GAMES[name]
    state = info.new_game(info.rules_type())
    end, trajectory = play_game(state, [RandomBot()] * 8, seed)
    return {"moves": [str(a) for _p, a in trajectory], "returns": [str(r) for r in end.returns()]}


def attempt(function, *args) -> dict:
    try:
        return {"ok": function(*args)}
    except Exception as e:  # reported, and compared with CPython's, by the test
        return {"error": failure(e)}


def exercise_answers(name: str, seed: int) -> list:
    """Each question of the exercise set ``name`` for ``seed``: its exact answer, and the
    feedback on that answer and on a wrong one (the results log in a folder of its own)."""
    import tempfile

    from bluffkit.exercises import load
    from bluffkit.i18n import language

    with tempfile.TemporaryDirectory() as folder, language("en"):
        out = []
        for q in load(name, seed=seed, student="pyodide", folder=folder):
            expected = q.expected()
            out.append([repr(expected), q.check(expected).markdown(), q.check("0").markdown()])
        return out


def run(modules: list[str]) -> dict:
    """Import each of ``modules``, then play each game for each of ``SEEDS``, both ways, and
    check every exercise set's answers for each of ``SEEDS``."""
    from bluffkit.exercises.worksheets import exercise_sets
    from bluffkit.games import GAMES

    imported = {m: attempt(lambda m: bool(importlib.import_module(m)), m) for m in modules}
    games = {f"{name}/{seed}": attempt(play, name, seed) for name in sorted(GAMES)
             for seed in SEEDS}
    seeded = {f"{name}/{seed}": attempt(seeded_game, name, seed) for name in sorted(GAMES)
              for seed in SEEDS}
    exercises = {f"{name}/{seed}": attempt(exercise_answers, name, seed)
                 for name in exercise_sets() for seed in SEEDS}
    return {"modules": imported, "games": games, "seeded": seeded, "exercises": exercises}
