"""The folders are the architecture (STYLE.md, ARCHITECTURE.md): dependencies point one way,
widgets -> advice/solvers/odds -> games -> core, and only ``bluffkit.widgets`` imports ipywidgets
or plotly; the modules' import graph has no circle; no module takes a private name (``_x``) of
another. Checked on the source (every import statement, also inside functions and under
``TYPE_CHECKING``: an import that runs later, or only for the type checker, is still a
dependency) and on a fresh interpreter (what importing a package really loads)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import bluffkit
from tests.conftest import printed_by_python

ROOT = Path(bluffkit.__file__).parent
PACKAGES = ["core", "games", "odds", "solvers", "advice", "bots", "review", "exercises",
            "teacher", "classroom", "deploy", "widgets", "lite", "cli"]
MAY_IMPORT = {
    "core": set(),
    "games": {"core"},
    "odds": {"core", "games"},
    "solvers": {"core", "games", "odds"},
    "advice": {"core", "games", "odds", "solvers"},
    "bots": {"core", "games", "odds", "solvers", "advice"},
    "review": {"core", "games", "odds", "solvers", "advice", "bots"},
    "exercises": {"core", "games", "odds", "solvers", "advice", "bots", "review"},
    "teacher": {"core", "games", "odds", "solvers", "advice", "bots", "review", "exercises"},
    "classroom": {"core", "games", "odds", "solvers", "advice", "bots"},
    "widgets": {"core", "games", "odds", "solvers", "advice", "bots", "review", "exercises",
                "classroom"},
    "deploy": {"core", "exercises", "teacher", "classroom"},
    "lite": {"core"},
    "cli": {"core", "games", "odds", "solvers", "advice", "bots", "review", "exercises",
            "teacher", "classroom", "deploy", "lite"},
    "": {"core", "games", "odds", "solvers", "advice", "bots", "exercises"},  # bluffkit/*.py
}
"""Which other parts of bluffkit each part may import."""
LAZY_ENTRY_POINTS = {"classroom/__init__.py": {"bluffkit.widgets.classroom",
                                               "bluffkit.widgets.dashboard"},
                     "widgets/gradebook.py": {"bluffkit.teacher.collect",
                                              "bluffkit.teacher.export",
                                              "bluffkit.teacher.gradebook",
                                              "bluffkit.teacher.roster"}}
"""Another exception: ``from bluffkit.classroom import join, dashboard`` (the notebook's entry
points of issue 16) re-exports widgets lazily, inside the package's ``__getattr__`` only: a
module-level import is still refused, and importing ``bluffkit.classroom`` loads no view
library (checked below on a fresh interpreter). Likewise the dashboard's *Export gradebook*
(``widgets/gradebook.py``) calls the teacher's package inside its function only: the gradebook
is made by ``bluffkit results collect``'s own code, and no other widget reaches the teacher's
package."""
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
            assert target in allowed, (
                f"{part or 'bluffkit'} may not import bluffkit.{target}")
        elif top in VIEW_LIBRARIES:
            assert part == "widgets", f"only bluffkit.widgets may import {top}"


def test_a_worksheet_never_loads_the_teacher_package():
    """A student's worksheet, with a results log and in exam mode, runs without
    ``bluffkit.teacher`` (the log and the exam form are ``exercises.results`` and
    ``exercises.exam``; the teacher's package only reads them), and the results log and its
    sender to the class server (``exercises.outbox``) import only core."""
    code = ("import sys, tempfile\nfrom bluffkit.exercises import load\n"
            "load('bluff', seed=1, student='ada', mode='exam', folder=tempfile.mkdtemp())\n"
            "load('bluff', seed=1, student='ada', folder=tempfile.mkdtemp())\n"
            "print(any(m.startswith('bluffkit.teacher') for m in sys.modules))")
    assert printed_by_python(code).split() == ["False"]
    log = imports_of(ROOT / "exercises" / "results.py") | imports_of(
        ROOT / "exercises" / "outbox.py")
    assert {n for n in log if n.startswith("bluffkit")} <= {
        "bluffkit.core", "bluffkit.core.text", "bluffkit.core.i18n", "bluffkit.core.files",
        "bluffkit.core.records", "bluffkit.core.sockets", "bluffkit.exercises.outbox"}


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
               "bluffkit.solvers", "bluffkit.bots", "bluffkit.review", "bluffkit.exercises",
               "bluffkit.classroom", "bluffkit.cli"]
    code = (
        "import importlib, json, sys\n"
        f"found = {{}}\nfor m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        f"    found[m] = sorted(v for v in {sorted(VIEW_LIBRARIES)!r} if v in sys.modules)\n"
        "    if found[m]: break\n"
        "print(json.dumps(found))\n"
    )
    found = json.loads(printed_by_python(code))
    assert {m: v for m, v in found.items() if v} == {}
    assert list(found) == modules


def test_widgets_do_load_the_view_libraries():
    """The check above can see an import when there is one."""
    widgets_modules = [p for p in (ROOT / "widgets").glob("*.py") if p.name != "__init__.py"]
    names = [f"bluffkit.widgets.{p.stem}" for p in widgets_modules]
    code = f"import importlib, sys\nfor m in {names!r}: importlib.import_module(m)\n" \
           "print('ipywidgets' in sys.modules or 'plotly' in sys.modules)"
    assert printed_by_python(code).strip() == "True"


# -- one graph of modules: no circle, no private name taken from another module --------------------
def module_name(path: Path) -> str:
    parts = ["bluffkit", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in SOURCES}
GETTEXT = {"_", "_l", "_n", "_p"}
"""The gettext calls of ``bluffkit.core.i18n``: named ``_`` by the convention that xgettext and
Babel look for, they are its public API, not private names."""


def import_edges(path: Path, modules=MODULES) -> list[tuple[str, str, int]]:
    """``(module, name, line)`` for every bluffkit import of ``path``: at module level, inside
    functions and under ``TYPE_CHECKING`` alike. ``from pkg import mod`` names the module
    ``pkg.mod`` (name ``""``), ``from pkg import x`` the package ``pkg`` and ``x``. Importing
    ``a.b.c`` also runs ``a/__init__`` and ``a/b/__init__``: those implicit parents are no edges
    (a package's ``__init__`` re-exporting its own modules makes no circle)."""
    me = module_name(path).split(".")
    package = me if path.name == "__init__.py" else me[:-1]
    edges = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            edges += [(a.name, "", node.lineno) for a in node.names if a.name in modules]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *[base][:bool(base)]])
            if base.split(".")[0] != "bluffkit":
                continue
            for a in node.names:
                sub = f"{base}.{a.name}"
                edges.append((sub, "", node.lineno) if sub in modules else
                             (base, a.name, node.lineno))
    return edges


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = [stack.pop()]
            while group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}) == [
        ["a", "b", "c"]]
    edges = {(m, n) for m, n, _line in import_edges(ROOT / "advice" / "bluff" / "reading.py")}
    assert ("bluffkit.advice.bluff.options", "Tally") in edges  # relative, one level up
    assert ("bluffkit.advice.bluff.position", "Position") in edges  # under TYPE_CHECKING
    assert ("bluffkit.odds.bluff.beliefs", "belief_after") in edges  # three dots


def test_no_import_circles():
    graph = {m: {target for target, _name, _line in import_edges(p)} - {m}
             for m, p in MODULES.items()}
    assert circles(graph) == []


def test_the_benchmarks_import_no_circle():
    """The timing scripts import each other as top-level modules (``benchmarks/`` on the path):
    what two of them share is in ``benchmarks/timing.py``."""
    folder = ROOT.parent / "benchmarks"
    scripts = {p.stem: p for p in folder.glob("*.py")}
    graph = {}
    for name, path in scripts.items():
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in scripts}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module in scripts:
                graph[name].add(node.module)
    assert "timing" in graph["frame_budget"]
    assert circles(graph) == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_name_is_taken_from_another_module(path):
    """What two modules share is a named API of the one that defines it: ``from x import _y``
    from another module is refused (the gettext calls excepted), and so is ``x._y`` on an
    imported bluffkit module."""
    me = module_name(path)
    taken = [f"{m}.{name} (line {line})" for m, name, line in import_edges(path)
             if name.startswith("_") and not name.startswith("__") and name not in GETTEXT
             and m != me]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound = {}  # local names of imported bluffkit modules
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update({a.asname: a.name for a in node.names if a.asname and a.name in MODULES})
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                for m, name, _line in import_edges(path):
                    if name == "" and m.endswith("." + a.name):
                        bound[a.asname or a.name] = m
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in bound and node.attr.startswith("_") and \
                not node.attr.startswith("__") and bound[node.value.id] != me:
            taken.append(f"{bound[node.value.id]}.{node.attr} (line {node.lineno})")
    assert taken == [], f"{me} takes private names of other modules"


MAX_LINES = 500


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_are_at_most_500_lines(path):
    """Small modules named for what they hold (STYLE.md example 12): a longer one is split by
    what it holds, not cut at a line number."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"
