"""``bluffkit notebooks DEST`` and ``bluffkit lab [DIR]``: the notebooks a wheel carries."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .common import CliError

FOLDERS = ("notebooks", "exercises")


def data_dir() -> Path:
    """Where the notebooks are: inside the installed wheel, or the source checkout."""
    package = Path(__file__).resolve().parent.parent
    for base in (package / "_data", package.parent):
        if all((base / f).is_dir() for f in FOLDERS):
            return base
    raise CliError("the notebooks are missing from this installation of bluffkit")


def copy_notebooks(dest: Path, force: bool = False) -> list[Path]:
    """Copy ``notebooks/`` and ``exercises/`` into ``dest``; returns the copied files."""
    src = data_dir()
    copied = []
    for folder in FOLDERS:
        target = dest / folder
        if target.exists() and not force:
            raise CliError(f"{target} already exists: pick another folder or pass --force")
        shutil.copytree(src / folder, target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        copied += sorted(target.rglob("*.ipynb"))
    return copied


def _notebooks(args) -> int:
    dest = Path(args.dest).expanduser()
    files = copy_notebooks(dest, args.force)
    print(f"Copied {len(files)} notebooks to {dest}. Open them with: bluffkit lab {dest}")
    return 0


START_NOTEBOOK = "00_start_here.ipynb"
"""The notebook ``bluffkit lab`` opens first (in ``DIR/notebooks/`` or ``DIR/``)."""


def lab_command(words: list[str]) -> list[str]:
    """The command line that ``bluffkit lab WORDS`` runs.

    ``WORDS`` is ``[DIR] [--] [JupyterLab options]``: the first word names the folder unless it
    is an option; a ``--`` before the options is allowed. JupyterLab opens on the start notebook
    when the folder has one (unless the options choose a ``default_url`` themselves).

    Raises:
        CliError: ``DIR`` is not a folder.
    """
    words = list(words)
    folder = "."
    if words and words[0] != "--" and not words[0].startswith("-"):
        folder = words.pop(0)
    if words[:1] == ["--"]:
        words.pop(0)
    root = Path(folder).expanduser()
    if not root.is_dir():
        raise CliError(f"{root} is not a folder; get the notebooks with: bluffkit notebooks DEST")
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}"]
    start = next((f"{sub}{START_NOTEBOOK}" for sub in ("notebooks/", "")
                  if (root / f"{sub}{START_NOTEBOOK}").is_file()), None)
    if start and not any(w.split("=")[0].endswith("default_url") for w in words):
        cmd.append(f"--LabApp.default_url=/lab/tree/{start}")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in words:
        cmd.append("--allow-root")  # JupyterLab refuses root without it
    return cmd + words


def _lab(args) -> int:
    return subprocess.call(lab_command([*args.unrecognized, *args.words]))


LAB_HELP = """\
Open JupyterLab on a folder of notebooks (default: here), on its start notebook
(notebooks/00_start_here.ipynb). Words after the folder go to JupyterLab as they are, e.g.

  bluffkit lab mine --no-browser --port 8899
  bluffkit lab mine -- --ServerApp.token=secret"""


def add_file_commands(sub) -> None:
    p = sub.add_parser("notebooks", help="copy the notebooks and exercises into a folder")
    p.add_argument("dest", help="folder to copy notebooks/ and exercises/ into")
    p.add_argument("--force", action="store_true", help="overwrite existing copies")
    p.set_defaults(handler=_notebooks)
    p = sub.add_parser("lab", help="open JupyterLab on a folder of notebooks",
                       description=LAB_HELP, usage="bluffkit lab [DIR] [JupyterLab options ...]",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("words", nargs=argparse.REMAINDER, metavar="DIR [options]",
                   help="the folder, then JupyterLab options")
    p.set_defaults(handler=_lab, passes_options_on=True)
