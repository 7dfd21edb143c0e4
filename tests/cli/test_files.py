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
    assert "bluffkit/widgets/bluff/explorer.py" in names
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


def test_the_wheel_carries_compiled_catalogues_and_speaks_french(wheel, tmp_path):
    """Every .po becomes a .mo in the wheel (hatch_build.py); the .po sources stay out; the
    unpacked wheel speaks French from the .mo alone, without Babel's catalogue reader."""
    names = set(zipfile.ZipFile(wheel).namelist())
    pos = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("bluffkit/locale/*/*/*.po"))
    assert pos and {p[:-3] + ".mo" for p in pos} <= names
    assert not [n for n in names if n.endswith(".po")]
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from bluffkit.cli import main; "
            "main(['play', 'bluff', '--bots', 'x']); "
            "print('babel.messages.pofile' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code, str(site)], capture_output=True,
                         text=True, timeout=60, cwd=tmp_path, env={"BLUFFKIT_LANG": "fr"})
    assert run.stderr.startswith("bluffkit\xa0: erreur\xa0:"), run.stderr
    assert run.stdout.strip() == "False"


def test_notebooks_in_french_replace_the_english_ones(tmp_path, capsys):
    assert main(["notebooks", str(tmp_path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    copied = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.ipynb"))
    assert copied == NOTEBOOKS  # the same names, no fr/ folder
    french = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("*/fr/*.ipynb"))
    for name in french:
        folder, _fr, file = name.split("/")
        assert (tmp_path / folder / file).read_bytes() == (ROOT / name).read_bytes()
    english = [n for n in NOTEBOOKS if f"{n.split('/')[0]}/fr/{n.split('/')[1]}" not in french]
    for name in english:
        assert (tmp_path / name).read_bytes() == (ROOT / name).read_bytes()
    assert out.startswith(f"{len(NOTEBOOKS)} notebooks copiés dans {tmp_path}.")
    if english:
        assert "pas encore traduit" in out and english[0] in out


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


@pytest.fixture
def lab_calls(monkeypatch):
    calls = []
    monkeypatch.setattr(cli_files.subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setattr(cli_files.os, "geteuid", lambda: 1000)
    return calls


START = "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb"


@pytest.mark.parametrize("words", [["--no-browser", "--port", "8899"],
                                   ["--", "--no-browser", "--port", "8899"]])
def test_lab_passes_jupyterlab_options_on_and_opens_the_start_notebook(tmp_path, lab_calls,
                                                                      words):
    assert main(["notebooks", str(tmp_path)]) == 0
    assert main(["lab", str(tmp_path), *words]) == 0
    (cmd,) = lab_calls
    assert cmd == [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={tmp_path}", START,
                   "--no-browser", "--port", "8899"]


@pytest.mark.parametrize("words", [["--no-browser"], ["--", "--no-browser"]])
def test_lab_without_a_folder_opens_here(tmp_path, lab_calls, monkeypatch, words):
    assert main(["notebooks", str(tmp_path)]) == 0
    monkeypatch.chdir(tmp_path)
    assert main(["lab", *words]) == 0
    assert lab_calls[0][3:] == ["--ServerApp.root_dir=.", START, "--no-browser"]


def test_lab_on_the_notebooks_folder_itself_opens_the_start_notebook(tmp_path, lab_calls):
    assert main(["notebooks", str(tmp_path)]) == 0
    assert main(["lab", str(tmp_path / "notebooks")]) == 0
    assert "--LabApp.default_url=/lab/tree/00_start_here.ipynb" in lab_calls[0]


def test_lab_keeps_a_default_url_chosen_by_the_user(tmp_path, lab_calls):
    assert main(["notebooks", str(tmp_path)]) == 0
    assert main(["lab", str(tmp_path), "--LabApp.default_url=/lab/tree/exercises"]) == 0
    assert [w for w in lab_calls[0] if w.startswith("--LabApp.default_url")] == [
        "--LabApp.default_url=/lab/tree/exercises"]


def test_lab_on_a_folder_without_notebooks_opens_lab(tmp_path, lab_calls):
    assert main(["lab", str(tmp_path)]) == 0
    assert not any(w.startswith("--LabApp.default_url") for w in lab_calls[0])


def test_other_commands_still_refuse_unknown_options(capsys):
    assert main(["odds", "bluff", "--dice", "4", "--bid", "2x3", "--bogus"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "bluffkit: error: unrecognized arguments: --bogus"


def test_help_is_plain_text(capsys):
    """No reStructuredText markup (``bluffkit``) in any help page."""
    import argparse

    from bluffkit.cli import build_parser

    def pages(parser):
        yield parser.format_help()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from pages(sub)

    assert main(["--help"]) == 0
    assert "The bluffkit command line" in capsys.readouterr().out
    assert all("``" not in page for page in pages(build_parser()))
    assert main(["lab", "--help"]) == 0
    out = capsys.readouterr().out
    assert "bluffkit lab [DIR] [JupyterLab options ...]" in out and "--no-browser" in out
