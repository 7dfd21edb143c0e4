"""otter-grader with a seed per student, for real: ``otter assign`` on the exported notebook, two
students (ana and bob) fill in their notebooks, ``otter run`` grades each with the autograder zip.
Each scores full marks with their own numbers; bob handing in ana's answers does not (the
hidden tests derive bob's seed from the name in his notebook). Needs otter-grader (test extra)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from bluffkit.core.install import version
from bluffkit.exercises import load
from bluffkit.exercises.otter import export, solution_literal, statement, student_seed

CLASS_SEED = 2026
GAME = "bluff"
pytestmark = pytest.mark.xdist_group("otter")


def otter() -> Path:
    exe = Path(sys.executable).parent / "otter"
    if not exe.exists():
        pytest.skip("otter-grader is not installed (test extra)")
    return exe


def fill(student_nb: Path, who: str, answers_of: str, out: Path) -> Path:
    """A student's notebook as handed in: their name, and the right answers for ``answers_of``."""
    nb = nbformat.read(student_nb, as_version=4)
    worksheet = load(GAME, seed=student_seed(answers_of, CLASS_SEED))
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.source = re.sub(r"^STUDENT = \.\.\.$", f"STUDENT = {who!r}", cell.source, flags=re.M)
        for q in worksheet:
            cell.source = re.sub(rf"^answer{q.number} = \.\.\.$",
                                 f"answer{q.number} = {solution_literal(q.expected())}",
                                 cell.source, flags=re.M)
    nbformat.write(nb, out)
    return out


def score(autograder: Path, submission: Path, out: Path) -> tuple[float, float]:
    out.mkdir()
    done = subprocess.run([str(otter()), "run", "-a", str(autograder), "-o", str(out),
                           str(submission)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return points(out / "results.json")


def points(results: Path) -> tuple[float, float]:
    """Points scored and possible in otter's results.json (one entry per question)."""
    tests = [t for t in json.loads(results.read_text())["tests"] if "max_score" in t]
    return sum(t["score"] for t in tests), sum(t["max_score"] for t in tests)


def test_each_student_is_graded_with_their_own_numbers(tmp_path):
    exe = otter()
    ana, bob = student_seed("ana", CLASS_SEED), student_seed("bob", CLASS_SEED)
    assert ana != bob
    differ = [q.number for q, o in zip(load(GAME, seed=ana), load(GAME, seed=bob))
              if q.expected() != o.expected()]
    assert len(differ) >= 6   # the two students really have other numbers

    master = export(GAME, tmp_path / "master" / "bluff.ipynb", seed=CLASS_SEED, per_student=True,
                    mode="exam")
    done = subprocess.run([str(exe), "assign", str(master), str(tmp_path / "dist")],
                          capture_output=True, text=True, timeout=600, cwd=master.parent)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    student = tmp_path / "dist" / "student" / "bluff.ipynb"
    text = "\n".join(c.source for c in nbformat.read(student, as_version=4).cells)
    assert "STUDENT = ...\n" in text and "teacher@example.org" not in text
    assert "expected()" not in text and "load(" not in text   # exam: no solutions, no hints
    assert "statement('bluff', 1, SEED)" in text
    autograder = next((tmp_path / "dist" / "autograder").glob("*.zip"))
    with zipfile.ZipFile(autograder) as z:
        environment = z.read("environment.yml").decode()
        tests = [z.read(n).decode() for n in z.namelist() if re.fullmatch(r"tests/q\d+\.py", n)]
    assert f"bluffkit=={version()}" in environment   # the autograder installs this bluffkit
    assert all("'hidden': True" in t and "student_seed(STUDENT, 2026)" in t for t in tests)

    n = len(load(GAME, seed=ana))
    for who in ("ana", "bob"):
        handed = fill(student, who, who, tmp_path / f"{who}.ipynb")
        assert score(autograder, handed, tmp_path / f"out-{who}") == (n, n), who
    copied = fill(student, "bob", "ana", tmp_path / "bob-copied.ipynb")
    got, most = score(autograder, copied, tmp_path / "out-copied")
    assert most == n and got <= n - len(differ)


def test_student_seed_needs_a_name():
    from bluffkit.core import InvalidQuestion

    for nobody in (..., "", "   ", None, 17):
        with pytest.raises(InvalidQuestion, match="STUDENT ="):
            student_seed(nobody, CLASS_SEED)
    shown = statement(GAME, 1, student_seed("ana", CLASS_SEED))._repr_markdown_()
    assert load(GAME, seed=student_seed("ana", CLASS_SEED)).q1.statement() in shown
