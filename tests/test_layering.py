"""The folders are the architecture (STYLE.md): dependencies point one way,
widgets -> advice/solvers/odds -> games -> core, and only ``bluffkit.widgets`` imports ipywidgets
or plotly. Checked on the source (every import statement, also inside functions) and on a fresh
interpreter (what importing a package really loads)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import bluffkit

ROOT = Path(bluffkit.__file__).parent
PACKAGES = ["core", "games", "odds", "solvers", "advice", "bots", "exercises", "teacher",
            "classroom", "widgets", "cli"]
MAY_IMPORT = {
    "core": set(),
    "games": {"core"},
    "odds": {"core", "games"},
    "solvers": {"core", "games", "odds"},
    "advice": {"core", "games", "odds", "solvers"},
    "bots": {"core", "games", "odds", "solvers", "advice"},
    "exercises": {"core", "games", "odds", "solvers", "advice", "bots"},
    "teacher": {"core", "games", "odds", "solvers", "advice", "bots", "exercises"},
    "classroom": {"core", "games", "odds", "solvers", "advice", "bots"},
    "widgets": {"core", "games", "odds", "solvers", "advice", "bots", "exercises", "classroom"},
    "cli": {"core", "games", "odds", "solvers", "advice", "bots", "exercises", "teacher",
            "classroom"},
    "": {"core", "games", "odds", "solvers", "advice", "bots", "exercises"},  # bluffkit/*.py
}
"""Which other parts of bluffkit each part may import."""
LAZY_ENTRY_POINTS = {"classroom/__init__.py": {"bluffkit.widgets.classroom",
                                               "bluffkit.widgets.dashboard"}}
"""Another exception: ``from bluffkit.classroom import join, dashboard`` (the notebook's entry
points of issue 16) re-exports widgets lazily, inside the package's ``__getattr__`` only: a
module-level import is still refused, and importing ``bluffkit.classroom`` loads no view
library (checked below on a fresh interpreter)."""
HOOKS = {("exercises", "bluffkit.teacher.log"), ("exercises", "bluffkit.teacher.exam")}
"""A way up: ``exercises.load(..., student=, mode=)`` hands its questions to the results log
and to exam mode, imported inside ``load`` only (``test_hooks_are_imported_lazily``)."""
VIEW_LIBRARIES = {"ipywidgets", "plotly", "anywidget"}
"""Imported by ``bluffkit.widgets`` only."""


def imports_of(path: Path) -> set[str]:
    """Absolute names of every module ``path`` imports."""
    package = ["bluffkit", *path.relative_to(ROOT).parent.parts]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                if node.module:
                    names.add(".".join([*base, node.module]))
                else:
                    names.update(".".join([*base, alias.name]) for alias in node.names)
            else:
                names.add(node.module)
    return names


def imports_of_body(path: Path) -> set[str]:
    """The names ``path`` imports at module level (not inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = ast.Module(body=[n for n in tree.body
                            if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)],
                      type_ignores=[])
    package = ["bluffkit", *path.relative_to(ROOT).parent.parts]
    names = set()
    for node in ast.walk(body):
        if isinstance(node, ast.ImportFrom) and node.level and node.module:
            names.add(".".join([*package[: len(package) - node.level + 1], node.module]))
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def part_of(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    return parts[0] if len(parts) > 1 else ""


SOURCES = sorted(ROOT.rglob("*.py"))


def test_the_import_reader_resolves_relative_imports():
    state = ROOT / "games" / "bluff" / "state.py"
    assert "bluffkit.core" in imports_of(state)
    assert "bluffkit.games.bluff.bids" in imports_of(state)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_dependencies_point_one_way(path):
    part = part_of(path)
    allowed = MAY_IMPORT[part] | {part}
    lazy = LAZY_ENTRY_POINTS.get(path.relative_to(ROOT).as_posix(), set())
    if lazy:
        top_level = imports_of_body(path)
        assert not lazy & top_level, f"{path.name} imports {lazy & top_level} at module level"
    for name in imports_of(path) - lazy:
        top, _, rest = name.partition(".")
        if top == "bluffkit":
            target = rest.split(".")[0] if "." in rest else rest
            target = target if target in PACKAGES else ""  # bluffkit/__init__ and bluffkit/*.py
            assert target in allowed or (part, name) in HOOKS, (
                f"{part or 'bluffkit'} may not import bluffkit.{target}")
        elif top in VIEW_LIBRARIES:
            assert part == "widgets", f"only bluffkit.widgets may import {top}"


def test_hooks_are_imported_lazily():
    """Importing bluffkit.exercises does not import bluffkit.teacher (only ``load`` does, when
    a student or the exam mode is given), and the results log imports only core."""
    code = ("import sys, bluffkit.exercises as e\n"
            "print(any(m.startswith('bluffkit.teacher') for m in sys.modules))\n"
            "import bluffkit.teacher.log\n"
            "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('bluffkit.')}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, _ = out.stdout.splitlines()
    assert first == "False"
    log = imports_of(ROOT / "teacher" / "log.py")
    assert {n for n in log if n.startswith("bluffkit")} <= {
        "bluffkit.core", "bluffkit.core.text", "bluffkit.core.i18n", "bluffkit.core.files"}


def test_core_imports_nothing_else_of_bluffkit():
    for path in (ROOT / "core").rglob("*.py"):
        for name in imports_of(path):
            inside = name.startswith("bluffkit.core")
            assert inside or not name.startswith("bluffkit"), (path, name)


def test_every_part_is_known():
    parts = {p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert parts <= set(PACKAGES), parts - set(PACKAGES)


def test_importing_anything_but_widgets_loads_no_view_library():
    modules = ["bluffkit", "bluffkit.core", "bluffkit.games", "bluffkit.odds", "bluffkit.advice",
               "bluffkit.solvers", "bluffkit.bots", "bluffkit.exercises", "bluffkit.classroom",
               "bluffkit.cli"]
    code = (
        "import importlib, json, sys\n"
        f"found = {{}}\nfor m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        f"    found[m] = sorted(v for v in {sorted(VIEW_LIBRARIES)!r} if v in sys.modules)\n"
        "    if found[m]: break\n"
        "print(json.dumps(found))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    found = json.loads(out.stdout)
    assert {m: v for m, v in found.items() if v} == {}
    assert list(found) == modules


def test_widgets_do_load_the_view_libraries():
    """The check above can see an import when there is one."""
    widgets_modules = [p for p in (ROOT / "widgets").glob("*.py") if p.name != "__init__.py"]
    names = [f"bluffkit.widgets.{p.stem}" for p in widgets_modules]
    code = f"import importlib, sys\nfor m in {names!r}: importlib.import_module(m)\n" \
           "print('ipywidgets' in sys.modules or 'plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
