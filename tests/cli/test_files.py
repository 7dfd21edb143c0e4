"""``bluffkit notebooks DEST`` and ``bluffkit lab``: a student with only the wheel gets the
notebooks. The wheel is built here (hatchling, no network, no install) and read as a zip."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from bluffkit.cli import files as cli_files
from bluffkit.cli import main

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix()
                   for p in [*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    (path,) = out.glob("bluffkit-*.whl")
    return path


def test_there_are_notebooks():
    assert "notebooks/00_start_here.ipynb" in NOTEBOOKS
    assert "notebooks/01_bluff.ipynb" in NOTEBOOKS


def test_the_wheel_carries_every_notebook(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"bluffkit/_data/{n}" for n in NOTEBOOKS} <= names
    assert "bluffkit/widgets/bluff.py" in names
    assert not any(".ipynb_checkpoints" in n for n in names)


def test_notebooks_command_copies_from_the_wheel(wheel, tmp_path):
    """Run ``bluffkit notebooks`` from the unpacked wheel (not this checkout)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    dest = tmp_path / "mine"
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import bluffkit.cli as c; "
            "assert c.__file__.startswith(sys.argv[1]), c.__file__; "
            "sys.exit(c.main(['notebooks', sys.argv[2]]))")
    run = subprocess.run([sys.executable, "-c", code, str(site), str(dest)],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert f"Copied {len(NOTEBOOKS)} notebooks to {dest}" in run.stdout
    copied = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.ipynb"))
    assert copied == NOTEBOOKS
    for name in NOTEBOOKS:
        assert (dest / name).read_bytes() == (ROOT / name).read_bytes()


def test_notebooks_command_copies_from_a_checkout(tmp_path, capsys):
    assert main(["notebooks", str(tmp_path)]) == 0
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.ipynb")) == \
        NOTEBOOKS
    assert "bluffkit lab" in capsys.readouterr().out


def test_notebooks_command_will_not_overwrite_without_force(tmp_path, capsys):
    assert main(["notebooks", str(tmp_path)]) == 0
    assert main(["notebooks", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["notebooks", str(tmp_path), "--force"]) == 0


def test_lab_opens_jupyterlab_on_the_folder(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(cli_files.subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    assert main(["lab", str(tmp_path)]) == 0
    (cmd,) = calls
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tmp_path}" in cmd


@pytest.mark.parametrize("uid, allowed", [(0, True), (1000, False)])
def test_lab_as_root_passes_allow_root(tmp_path, monkeypatch, uid, allowed):
    calls = []
    monkeypatch.setattr(cli_files.subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setattr(cli_files.os, "geteuid", lambda: uid)
    assert main(["lab", str(tmp_path)]) == 0
    assert ("--allow-root" in calls[0]) is allowed


def test_lab_on_a_missing_folder_is_a_one_line_error(tmp_path, capsys):
    assert main(["lab", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert "is not a folder" in err and "bluffkit notebooks DEST" in err
