"""bluffkit in Pyodide, run by Node (issue 30, items 3 and 4): npm's pyodide package loaded
from its folder with no network, bluffkit's built wheel installed by micropip from the file
(``pyodide_run.mjs``), then ``checks.run``: import every module a lesson imports, play each
of the five games to the end for two seeds with the Bluff advice (in French) and the bid's
exact odds at every Bluff decision, and the same games through ``play_game`` with bluffkit's
own seeded generator. Every answer must equal CPython's (this process, numpy present).

numpy is absent in Pyodide here (its WebAssembly build is on Pyodide's CDN only): every lesson
module imports and every seeded game plays without it (issue 30 item 1). Solvers may keep numpy:
a solver module failing for numpy alone is no failure; failing for anything else is.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.lite.conftest import lesson_modules, pyodide_runtime

HERE = Path(__file__).parent
pytestmark = pytest.mark.xdist_group("lite")
NO_NUMPY = "ModuleNotFoundError: No module named 'numpy'"
CLASS_MODULES = ["bluffkit.classroom.client", "bluffkit.widgets.classroom",
                 "bluffkit.exercises.outbox", "bluffkit.core.sockets"]
"""Imported too: a lesson's table joins a class server and its answers go to it from the
browser (no ``websockets`` there: the browser's WebSocket)."""


def browser_modules() -> list[str]:
    return sorted({*lesson_modules(), *CLASS_MODULES})


def _checks():
    spec = importlib.util.spec_from_file_location("lite_checks", HERE / "checks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def runs(browser_wheels, tmp_path_factory):
    """(Pyodide's answers, CPython's answers, Pyodide's timings)."""
    folder, wheel = browser_wheels
    modules = tmp_path_factory.mktemp("modules") / "modules.json"
    modules.write_text(json.dumps(browser_modules()))
    done = subprocess.run(["node", str(HERE / "pyodide_run.mjs"), str(pyodide_runtime()),
                           str(folder), str(wheel), str(HERE / "checks.py"), str(modules)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return out["result"], _checks().run(browser_modules()), out["seconds"]


def _needing_numpy(results: dict, cpython: dict) -> list[str]:
    """The keys whose Pyodide result differs from CPython's only by numpy being missing, with
    the module that imported it; fails on any other difference."""
    needing = []
    for key, got in results.items():
        if got == cpython[key]:
            continue
        assert "error" in got and got["error"].startswith(NO_NUMPY), (key, got, cpython[key])
        needing.append(f"{key} ({got['error'].rsplit('[', 1)[-1].rstrip(']')})")
    return needing


def test_the_games_and_the_bluff_advice_are_cpythons(runs):
    pyodide, cpython, _seconds = runs
    assert set(pyodide["games"]) == {f"{g}/{s}" for g in ("bluff", "bluff-you", "bungee",
                                                          "jungle-bluff", "poker-dice")
                                     for s in (1, 2)}
    for key, got in pyodide["games"].items():
        assert "ok" in got, (key, got)
        assert got == cpython["games"][key], key
        assert got["ok"]["returns"] and len(got["ok"]["moves"]) > 5
    advice = [a for k, g in pyodide["games"].items() if k.startswith("bluff/")
              for a in g["ok"]["advice"]]
    assert advice and all(text and "Modèle" in text for _action, text, _odds in advice)
    assert any(odds not in (None, "0", "1") for _action, _text, odds in advice)


def test_every_lesson_module_imports(runs):
    pyodide, cpython, _seconds = runs
    assert all("ok" in r for r in cpython["modules"].values()), cpython["modules"]
    assert pyodide["modules"]["bluffkit"] == {"ok": True}
    assert len(pyodide["modules"]) > 50 and "bluffkit.widgets.bluff.equilibrium" in pyodide[
        "modules"]
    for module in CLASS_MODULES:  # no top-level websockets import in the browser
        assert pyodide["modules"][module] == {"ok": True}, (module, pyodide["modules"][module])
    needing = [m for m in _needing_numpy(pyodide["modules"], cpython["modules"])
               if not m.startswith("bluffkit.solvers.")]  # solvers may keep numpy
    assert needing == [], f"{len(needing)} lesson modules need numpy"


def test_seeded_games_are_cpythons(runs):
    pyodide, cpython, _seconds = runs
    assert all("ok" in r for r in cpython["seeded"].values()), cpython["seeded"]
    assert pyodide["seeded"] == cpython["seeded"]


def test_a_notebook_whose_imports_need_numpy_says_so_for_the_browser(runs):
    """Where a lesson notebook imports a module that fails in Pyodide for numpy alone (the
    solvers may keep numpy), its first cell tells the student the notebook does not run on a
    ``bluffkit lite`` site; no other notebook says so."""
    pyodide, _cpython, _seconds = runs
    failing = {m for m, r in pyodide["modules"].items() if "error" in r}
    root = HERE.parent.parent
    for path in sorted([*root.glob("notebooks/**/*.ipynb"), *root.glob("exercises/**/*.ipynb")]):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        imported = {m for c in cells if c["cell_type"] == "code"
                    for m in re.findall(r"^\s*(?:from|import)\s+(bluffkit(?:\.\w+)*)",
                                        "".join(c["source"]), re.M)}
        says = "bluffkit lite" in "".join(cells[0]["source"])
        assert says == bool(imported & failing), (path.name, sorted(imported & failing))


def test_every_exercise_set_checks_answers_as_cpython_does(runs):
    """Issue 30: every exercise set's questions for two seeds, in Pyodide without numpy: the
    same exact answers as CPython's (with numpy), the right one accepted, and the same feedback
    on it and on a wrong one ("0")."""
    pyodide, cpython, _seconds = runs
    from bluffkit.exercises.worksheets import exercise_sets

    assert set(pyodide["exercises"]) == {f"{n}/{s}" for n in exercise_sets() for s in (1, 2)}
    for key, got in pyodide["exercises"].items():
        assert "ok" in got, (key, got)
        assert got == cpython["exercises"][key], key
        assert got["ok"] and all("Correct" in right for _answer, right, _wrong in got["ok"]), key
