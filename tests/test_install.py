"""A teacher with no repository: the wheel built by ``scripts/wheel`` installs in a fresh virtual
environment (nothing of this one) with the ``grading`` extra, and there ``bluffkit --help``,
``bluffkit notebooks DIR`` and one copied notebook run, the copied notebooks point to no folder
of the repository, and ``bluffkit hub-config`` finds the wheel it came from.

The same fresh environment is an otter autograder's: it installs exactly the pip requirements of
the ``environment.yml`` that ``otter assign`` wrote for a per-student export (otter-grader at its
version, and the bluffkit wheel from the autograder zip), then ``otter run`` grades a student's
notebook there with full marks. Times and the wheel's size go to
``test-artifacts/install_timing.json``. Needs the package index (pip's cache helps) and
otter-grader in this environment (test extra)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
import yaml

from bluffkit.exercises.otter import AUTOGRADER_SOURCE, export

ROOT = Path(__file__).resolve().parents[1]
REPOSITORY_FOLDERS = ("benchmarks/", "scripts/", "deploy/")
pytestmark = [pytest.mark.notebook, pytest.mark.xdist_group("install")]


def run(cmd, timeout=600, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout,
                          **kwargs)
    assert done.returncode == 0, f"{cmd}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def helpers():
    path = ROOT / "tests" / "exercises" / "test_otter_students.py"
    spec = importlib.util.spec_from_file_location("otter_students", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_clean_environment_from_the_wheel(tmp_path):
    otter = helpers()
    exe = otter.otter()   # skips without otter-grader
    times = {}
    start = time.monotonic()
    run(["bash", ROOT / "scripts" / "wheel", tmp_path / "dist"],
        env={**os.environ, "PYTHON": sys.executable})
    wheel = next((tmp_path / "dist").glob("bluffkit-*-py3-none-any.whl"))
    times["build_wheel_s"] = round(time.monotonic() - start, 1)

    # the autograder: otter assign on a per-student export shipping this wheel
    master = export("bluff", tmp_path / "otter" / "bluff.ipynb", seed=otter.CLASS_SEED,
                    per_student=True, wheel=wheel)
    run([exe, "assign", master, tmp_path / "assigned"], cwd=master.parent)
    autograder = next((tmp_path / "assigned" / "autograder").glob("*.zip"))
    source = tmp_path / "autograder" / "source"
    with zipfile.ZipFile(autograder) as z:
        z.extractall(source)
    pip = yaml.safe_load((source / "environment.yml").read_text())["dependencies"][-1]["pip"]
    shipped = f"{AUTOGRADER_SOURCE}/{wheel.name}"
    assert shipped in pip and (source / "files" / wheel.name).read_bytes() == wheel.read_bytes()
    requirements = [f"{source / 'files' / wheel.name}[grading]" if r == shipped else r
                    for r in pip]

    venv = tmp_path / "venv"
    start = time.monotonic()
    run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", venv])
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check",
         *requirements], timeout=1200)
    times["clean_venv_install_s"] = round(time.monotonic() - start, 1)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
           "BLUFFKIT_LANG": "en"}
    env.pop("PYTHONPATH", None)
    where = run([venv / "bin" / "python", "-c", "import bluffkit; print(bluffkit.__file__)"],
                env=env, cwd=tmp_path).stdout
    assert where.startswith(str(venv))   # not this checkout

    start = time.monotonic()
    assert "hub-config" in run([venv / "bin" / "bluffkit", "--help"], env=env).stdout
    run([venv / "bin" / "bluffkit", "notebooks", tmp_path / "class"], env=env)
    copied = sorted((tmp_path / "class").rglob("*.ipynb"))
    assert len(copied) >= 18
    for path in copied:
        text = path.read_text(encoding="utf-8")
        assert not [f for f in REPOSITORY_FOLDERS if f in text], path.name
    notebook = tmp_path / "class" / "notebooks" / "00_start_here.ipynb"
    run([venv / "bin" / "jupyter", "execute", "--inplace", notebook], env=env,
        cwd=notebook.parent)
    outputs = [o for c in json.loads(notebook.read_text())["cells"] for o in c.get("outputs", [])]
    assert outputs and not [o for o in outputs if o["output_type"] == "error"]
    run([venv / "bin" / "bluffkit", "hub-config", tmp_path / "hub", "--for", "kubernetes"],
        env=env)
    assert (tmp_path / "hub" / wheel.name).read_bytes() == wheel.read_bytes()
    times["smoke_s"] = round(time.monotonic() - start, 1)

    # the autograder's environment grades a student's notebook
    start = time.monotonic()
    student = tmp_path / "assigned" / "student" / "bluff.ipynb"
    handed = otter.fill(student, "ana", "ana", tmp_path / "ana.ipynb")
    run([venv / "bin" / "otter", "run", "-a", autograder, "-o", tmp_path, handed], env=env)
    assert otter.points(tmp_path / "results.json") == (12, 12)
    times["otter_run_s"] = round(time.monotonic() - start, 1)

    times["wheel_bytes"] = wheel.stat().st_size
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    (ROOT / "test-artifacts" / "install_timing.json").write_text(json.dumps(times, indent=1))
