"""Every notebook in ``notebooks/`` and ``exercises/`` runs top to bottom as committed, in a kernel
of this very interpreter (the project venv, checked), and no committed notebook holds outputs.

The exercise notebooks are also run with every answer filled in: the right answer must be
accepted, and each likely mistake must be named. Notebooks run with nbclient (one kernel per
notebook), which works under ``pytest -n 2``.
"""

from __future__ import annotations

import copy
import re
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import bluffkit
from bluffkit.core import Distribution
from bluffkit.exercises import exercise_sets, load
from bluffkit.exercises.notebook import exercise_module, notebook_path, student_notebook
from bluffkit.i18n import _, language

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb"),
                    *ROOT.glob("notebooks/fr/*.ipynb"), *ROOT.glob("exercises/fr/*.ipynb")])
FRENCH = [p for p in NOTEBOOKS if p.parent.name == "fr"]
EXERCISE_NOTEBOOKS = sorted([*ROOT.glob("exercises/*.ipynb"), *ROOT.glob("exercises/fr/*.ipynb")])
CELL_TIMEOUT = 300

pytestmark = pytest.mark.notebook

KERNEL_CHECK = ("import sys, bluffkit\n"
                "print(sys.prefix)\n"
                "print(bluffkit.__file__)")


def execute(nb, path: Path):
    """Run ``nb`` (as if it were the file at ``path``) and return it with outputs.

    A first cell checks that the kernel imports the bluffkit under test from this interpreter's
    environment (jupyter_client starts a kernelspec's ``python`` as ``sys.executable``).
    """
    original = nb
    for attempt in range(3):
        nb = copy.deepcopy(original)
        nb.cells.insert(0, nbformat.v4.new_code_cell(KERNEL_CHECK))
        client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        try:
            client.execute()
            break
        except RuntimeError as e:  # jupyter_client picks free ports, then the kernel binds them:
            # another process can take one in between ("Address already in use"), and the
            # kernel dies before running any cell. Start it again; anything else fails.
            if "Kernel died before replying to kernel_info" not in str(e) or attempt == 2:
                raise
    prefix, module = _text(nb.cells[0]).split()
    assert prefix == sys.prefix, f"the kernel runs {prefix}, not this environment {sys.prefix}"
    assert Path(module) == Path(bluffkit.__file__), f"the kernel imports bluffkit from {module}"
    del nb.cells[0]
    return nb


def _text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        data = out.get("data", {})
        parts.append(data.get("text/markdown", "") or data.get("text/plain", ""))
    return "".join(parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_runs_top_to_bottom(path):
    nb = execute(nbformat.read(path, as_version=4), path)
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    stray = stray_outputs(nb)
    assert not stray, f"cells show a value nobody asked for: {stray}"
    if path in FRENCH:
        english = english_outputs(nb) + [w for text in widget_texts(nb)
                                         for w in english_words(text)]
        assert not english, f"a French notebook shows English: {english}"
        points = [i for i, f in enumerate(figures(nb))
                  if not str(f.get("layout", {}).get("separators", "")).startswith(",")]
        assert not points, f"French figures writing a decimal point: {points}"


# -- French notebooks: no English in what they show --------------------------------------------
ENGLISH_MARKERS = re.compile(
    r"\b(the|your|you|with|and|which|when|this|worth|hand|round|rounds|wins?|unseen|cards?|"
    r"games?|lucky|draw|discard|call|calls|play|seed|bots?|player|score if|expected|estimated|"
    r"simulated|endings|choice|exact count|probability)\b", re.IGNORECASE)
"""English words a French notebook's outputs must not show (none of them is a French word)."""
SHOWN = ("text/html", "text/markdown", "text/plain")
VIEWS = ("application/vnd.jupyter.widget-view+json", "application/vnd.plotly.v1+json")


def figure_texts(figure: dict) -> list[str]:
    """What a reader of a plotly figure (its JSON) reads: titles (of the figure, its axes,
    legend and colour bars), trace names, category labels and the texts on the marks."""
    texts = []

    def walk(node, key=""):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("text", "name", "x", "y", "labels",
                                               "ticktext", "title"):
            texts.append(node)

    walk(figure.get("layout", {}))
    walk(figure.get("data", []))
    return texts


def english_outputs(nb) -> list[str]:
    """The English marker words in what the executed ``nb`` shows: printed text, and each
    result in its richest form (HTML, else Markdown, else plain text; a widget's plain-text
    repr is not what a reader sees: the widgets are checked in tests/widgets), and the texts
    of each plotly figure."""
    found = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            texts = [out.get("text", "")]
            data = out.get("data", {})
            if not any(v in data for v in VIEWS):  # the richest form is what a reader sees
                texts.append(next((data[m] for m in SHOWN if m in data), ""))
            texts += figure_texts(data.get("application/vnd.plotly.v1+json", {}))
            for text in texts:
                found += english_words("".join(text))
    return found


def figures(nb) -> list[dict]:
    """The plotly figures ``nb`` shows, as outputs or in its widgets' state."""
    out = [o["data"]["application/vnd.plotly.v1+json"] for c in nb.cells
           for o in c.get("outputs", []) if "application/vnd.plotly.v1+json" in o.get("data", {})]
    models = nb.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return out + [{"layout": m["state"]["_widget_layout"]} for m in models.values()
                  if "_widget_layout" in m.get("state", {})]


def widget_texts(nb) -> list[str]:
    """What the executed ``nb``'s widgets show, from the state the kernel sent them (nbclient
    keeps it in the notebook's metadata): texts and HTML (with its tooltips), labels, tooltips,
    placeholders, the options of lists, and each figure's texts (issue 26: the widgets of the
    French notebooks were not scanned)."""
    models = nb.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    out = []
    for model in models.values():
        state = model.get("state", {})
        for key in ("value", "description", "tooltip", "placeholder"):
            if isinstance(state.get(key), str):
                out.append(state[key])
                out += re.findall(r'title="([^"]*)"', state[key])
        out += [str(x) for x in state.get("_options_labels", [])]
        if "_widget_layout" in state:
            out += figure_texts({"data": state.get("_widget_data", []),
                                 "layout": state["_widget_layout"]})
    return out


def english_words(text: str) -> list[str]:
    """The English marker words in ``text`` (HTML tags, math and code left out), each with its
    context."""
    text = re.sub(r"<[^>]+>|\$[^$]*\$|`[^`]*`|\b[Bb]luff [Yy]ou\b", " ",
                  text)  # « Bluff you ! » is the rulebook's own word
    return [f"{m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}"
            for m in ENGLISH_MARKERS.finditer(text)]


def test_the_english_check_sees_an_english_sentence():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(...)")])
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout",
                                                  text="Ta main vaut 5.\n")]
    assert english_outputs(nb) == []
    nb.cells[0].outputs.append(nbformat.v4.new_output(
        "execute_result", data={"text/markdown": "Your hand is worth 5."}))
    assert len(english_outputs(nb)) == 3  # your, hand, worth
    figure = {"data": [{"type": "bar", "x": ["joue 9", "take, play 1"], "y": [1, 2],
                        "hovertemplate": "%{x}"}], "layout": {"title": {"text": "Valeur"}}}
    nb.cells[0].outputs = [nbformat.v4.new_output(
        "display_data", data={"application/vnd.plotly.v1+json": figure, "text/plain": "Figure"})]
    assert len(english_outputs(nb)) == 1  # play: a figure's category labels are read


def test_the_english_check_reads_the_widgets_state():
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {
        "a": {"state": {"description": "Jouer", "value": '<b title="your hand">ta main</b>'}},
        "b": {"state": {"_options_labels": ["random", "équilibre"]}},
        "c": {"state": {"_widget_data": [{"type": "bar", "name": "worth"}],
                        "_widget_layout": {"title": {"text": "Valeur"}}}}}}}
    found = [w for text in widget_texts(nb) for w in english_words(text)]
    assert [w.split()[0] for w in found] == ["'your'", "'hand'", "'worth'"]  # a tooltip too


def test_every_french_notebook_has_an_english_twin_and_speaks_french():
    assert FRENCH, "no French notebook"
    for path in FRENCH:
        twin = path.parent.parent / path.name
        assert twin.exists(), f"{path} has no English twin {twin}"
        source = "".join(c.source for c in nbformat.read(path, as_version=4).cells
                         if c.cell_type == "code")
        assert 'set_language("fr")' in source, f"{path} does not call set_language(\"fr\")"


def stray_outputs(nb) -> list[str]:
    """Code cells that show a value a student did not ask for: the exit status of a command
    line run from Python (``main([...])`` shows ``0`` under its printed table)."""
    stray = []
    for cell in nb.cells:
        lines = cell.source.strip().splitlines() if cell.cell_type == "code" else []
        shows = any(o.get("output_type") == "execute_result" for o in cell.get("outputs", []))
        if shows and lines and re.match(r"(\w+\.)?main\(", lines[-1]):
            stray.append(cell.source)
    return stray


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_notebook_is_stripped(path):
    nb = nbformat.read(path, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
             and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, f"{path.name}: cells {dirty} hold outputs; run nbstripout on it"
    assert "widgets" not in nb.metadata, f"{path.name} holds widget state; run nbstripout"


def test_there_are_notebooks_to_run():
    assert EXERCISE_NOTEBOOKS, "exercises/*.ipynb is missing"


@pytest.mark.parametrize("game", exercise_sets())
def test_exercise_notebook_is_the_generated_one(game):
    """``exercises/NN_game.ipynb`` (and its French twin ``exercises/fr/``, where there is one)
    matches ``bluffkit.exercises.notebook`` (regenerate with
    ``python -m bluffkit.exercises.notebook GAME``)."""
    for lang in ("en", "fr"):
        path = notebook_path(game, ROOT, lang)
        if lang != "en" and not path.exists():
            continue
        committed = nbformat.read(path, as_version=4)
        generated = student_notebook(game, lang=lang)
        assert [(c.cell_type, c.source) for c in committed.cells] == [
            (c.cell_type, c.source) for c in generated.cells], path


# -- filling in the answers ------------------------------------------------------------------------
def literal(value) -> str:
    """Python source a student could type for ``value`` (fractions as text like "7/27")."""
    if isinstance(value, Distribution):
        value = value.pmf()
    if isinstance(value, dict):
        top = max(value)
        return "[" + ", ".join(literal(Fraction(value.get(k, 0))) for k in range(top + 1)) + "]"
    if isinstance(value, Fraction):
        return (str(value.numerator) if value.denominator == 1
                else f'"{value.numerator}/{value.denominator}"')
    return repr(value)


def _seed(nb) -> int:
    m = re.search(r"^SEED = (\d+)", nb.cells[1].source, flags=re.M)
    assert m, "the setup cell should set SEED = <number>"
    return int(m.group(1))


@pytest.mark.parametrize("path", EXERCISE_NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_exercise_notebook_accepts_right_answers_and_names_mistakes(path):
    nb = nbformat.read(path, as_version=4)
    game = next(g for g in exercise_sets() if path.name == exercise_module(g).NOTEBOOK)
    with language("fr" if path.parent.name == "fr" else "en"):  # the messages it must show
        _check_answers(nb, path, load(game, seed=_seed(nb)), _("Correct!"))


def _check_answers(nb, path, worksheet, correct: str):
    expectations: list[tuple[int, str]] = []   # (cell index, text its output must contain)
    cells = []
    for cell in nb.cells:
        m = re.match(r"answer(\d+) = \.\.\.", cell.source)
        if cell.cell_type != "code" or not m:
            cells.append(cell)
            continue
        q = worksheet[int(m.group(1)) - 1]
        source = re.sub(r"= \.\.\..*", f"= {literal(q.expected())}", cell.source, count=1)
        cells.append(nbformat.v4.new_code_cell(source))
        expectations.append((len(cells) - 1, correct))
        for mistake in q.likely_mistakes():
            cells.append(nbformat.v4.new_code_cell(
                f"q{q.number}.check({literal(mistake.value)})"))
            expectations.append((len(cells) - 1, mistake.message))
    assert len([e for e in expectations if e[1] == correct]) == len(worksheet)
    nb.cells = cells
    done = execute(nb, path)
    for index, text in expectations:
        out = _text(done.cells[index])
        assert text in out, f"cell {index} ({done.cells[index].source!r}) showed {out!r}"
