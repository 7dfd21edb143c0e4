"""The otter-grader export: its structure without otter, and ``otter assign`` on it when the
optional ``grading`` extra is installed."""

import re
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from bluffkit.core import InvalidQuestion
from bluffkit.exercises import catalogue, load
from bluffkit.exercises.otter import export, grade, master_notebook, solution_literal

SEED = 5


def blocks(nb):
    """(question name, [cells]) for each BEGIN QUESTION ... END QUESTION block."""
    out, current = [], None
    for cell in nb.cells:
        first = cell.source.splitlines()[0] if cell.source else ""
        if cell.cell_type == "raw" and first == "# BEGIN QUESTION":
            current = (re.search(r"name: (\w+)", cell.source).group(1), [])
        elif cell.cell_type == "raw" and first == "# END QUESTION":
            out.append(current)
            current = None
        elif current is not None:
            current[1].append(cell)
    assert current is None, "a question block is not closed"
    return out


def test_export_writes_an_assign_format_notebook(tmp_path):
    path = export("bluff", tmp_path, seed=SEED)
    assert path == tmp_path / "bluff-otter.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    config = nb.cells[0]
    assert config.cell_type == "raw" and config.source.startswith("# ASSIGNMENT CONFIG")
    assert "init_cell: true" in config.source
    worksheet = load("bluff", seed=SEED)
    qs = blocks(nb)
    assert [name for name, _ in qs] == [f"q{i}" for i in range(1, len(worksheet) + 1)]
    for (_name, cells), q in zip(qs, worksheet):
        kinds = [(c.cell_type, c.source.splitlines()[0]) for c in cells]
        assert kinds[0][0] == "markdown" and q.statement() in cells[0].source
        raws = [src for kind, src in kinds if kind == "raw"]
        assert raws == ["# BEGIN SOLUTION", "# END SOLUTION", "# BEGIN TESTS", "# END TESTS"]
        solution = cells[[k for k, _ in kinds].index("raw") + 1].source
        assert solution.splitlines()[-1] == (
            f"answer{q.number} = {solution_literal(q.expected())}  # SOLUTION")
        assert solution.startswith("# BEGIN SOLUTION NO PROMPT")   # the worked solution is hidden
        test = cells[-2].source
        assert test.endswith(f"grade('bluff', {q.number}, answer{q.number}, seed={SEED})")


def test_solution_literals_pass_the_tests_they_sit_above():
    nb = master_notebook("bluff", seed=SEED)
    env: dict = {}
    exec("from fractions import Fraction", env)   # the test runs our own generated source
    for _, cells in blocks(nb):
        solution = [c for c in cells if c.cell_type == "code"][0].source
        exec(solution, env)
        exec([c for c in cells if c.cell_type == "code"][1].source, env)


def test_grade_is_silent_when_right_and_explains_when_wrong():
    q = load("bluff", seed=SEED).q5
    assert grade("bluff", 5, q.expected(), seed=SEED) is None
    assert grade("bluff", 5, float(q.expected()), seed=SEED) is None
    mistake = q.likely_mistakes()[0]
    with pytest.raises(AssertionError, match=re.escape(mistake.message.split(".")[0])):
        grade("bluff", 5, mistake.value, seed=SEED)
    with pytest.raises(AssertionError, match="Not answered yet"):
        grade("bluff", 5, ..., seed=SEED)
    with pytest.raises(InvalidQuestion, match="questions 1-"):
        grade("bluff", len(catalogue("bluff")) + 1, 1, seed=SEED)


def test_solution_literal_forms():
    assert solution_literal(Fraction(7, 27)) == "Fraction(7, 27)"
    assert solution_literal({1: Fraction(1, 2), 0: Fraction(1, 2)}) == (
        "{0: Fraction(1, 2), 1: Fraction(1, 2)}")
    assert solution_literal(Fraction(4)) == "4" and solution_literal("raise") == "'raise'"


def _otter():
    pytest.importorskip(
        "otter", reason="otter-grader is not installed (optional: pip install -e '.[grading]')")
    exe = Path(sys.executable).parent / "otter"
    if not exe.exists():
        pytest.skip(f"otter-grader is importable but its command is missing at {exe}")
    return exe


def test_otter_assign_accepts_the_export(tmp_path):
    """``otter assign`` builds student and autograder notebooks and grades the solutions with
    bluffkit's checker (it fails unless every solution scores full marks)."""
    exe = _otter()
    master = export("bluff", tmp_path / "bluff.ipynb", seed=SEED)
    done = subprocess.run([str(exe), "assign", str(master), str(tmp_path / "dist")],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    student = nbformat.read(tmp_path / "dist" / "student" / "bluff.ipynb", as_version=4)
    text = "\n".join(c.source for c in student.cells)
    q = load("bluff", seed=SEED)
    assert "answer1 = ..." in text and 'grader.check("q1")' in text
    assert solution_literal(q.q5.expected()) not in text          # solutions are stripped
    assert "BEGIN SOLUTION" not in text and "Σ_{j=" not in text    # nor the worked ones

    # otter's generated test for q5 fails a wrong answer with bluffkit's feedback
    from otter.test_files import OKTestFile

    archive = next((tmp_path / "dist" / "autograder").glob("*.zip"))
    with zipfile.ZipFile(archive) as z:
        z.extract("tests/q5.py", tmp_path)
    test = OKTestFile.from_file(str(tmp_path / "tests" / "q5.py"))
    test.run({"answer5": q.q5.expected()})
    assert test.passed_all
    test = OKTestFile.from_file(str(tmp_path / "tests" / "q5.py"))
    test.run({"answer5": "0.999"})
    assert not test.passed_all and "Not quite" in test.summary()


def test_export_refuses_a_missing_seed_and_overwriting(tmp_path):
    """seed=None drew a new seed at each grading run (31 of 36 of its own solutions failed)."""
    from bluffkit.core import InvalidQuestion

    for seed in (None, -1, 1.5, True, "1"):
        with pytest.raises(InvalidQuestion, match="seed must be a whole number"):
            export("bluff", tmp_path, seed=seed)
    assert not list(tmp_path.iterdir())
    with pytest.raises(InvalidQuestion, match="seed must be a whole number"):
        master_notebook("bluff", seed=None)
    with pytest.raises(InvalidQuestion, match="seed must be a whole number"):
        grade("bluff", 1, "1/3", seed=None)
    path = export("bluff", tmp_path, seed=SEED)
    path.write_text("the instructor's edits")
    with pytest.raises(InvalidQuestion, match="already exists: pass force=True"):
        export("bluff", tmp_path, seed=SEED)
    assert path.read_text() == "the instructor's edits"
    assert export("bluff", tmp_path, seed=SEED, force=True) == path
    assert "ASSIGNMENT CONFIG" in path.read_text()


def test_otter_assign_hides_the_exam_tests(tmp_path):
    """Exam mode: otter marks every test hidden (students see no verdict) and the student
    notebook loads no questions (no hints)."""
    exe = _otter()
    master = export("bluff", tmp_path / "exam.ipynb", seed=SEED, mode="exam")
    done = subprocess.run([str(exe), "assign", str(master), str(tmp_path / "dist")],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    student = nbformat.read(tmp_path / "dist" / "student" / "exam.ipynb", as_version=4)
    text = "\n".join(c.source for c in student.cells)
    assert "load(" not in text and ".hint()" not in text and "answer1 = ..." in text
    archive = next((tmp_path / "dist" / "autograder").glob("*.zip"))
    with zipfile.ZipFile(archive) as z:
        tests = [z.read(n).decode() for n in z.namelist() if re.fullmatch(r"tests/q\d+\.py", n)]
    assert len(tests) == len(catalogue("bluff"))
    assert all("'hidden': True" in t and "'hidden': False" not in t for t in tests)
