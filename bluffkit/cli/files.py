"""``bluffkit notebooks DEST`` and ``bluffkit lab [DIR]``: the notebooks a wheel carries."""

from __future__ import annotations

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


def _lab(args) -> int:
    folder = Path(args.dir).expanduser()
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder; get the notebooks with: bluffkit notebooks DEST")
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", *args.extra]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # JupyterLab refuses root without it
        cmd.append("--allow-root")
    return subprocess.call(cmd)


def add_file_commands(sub) -> None:
    p = sub.add_parser("notebooks", help="copy the notebooks and exercises into a folder")
    p.add_argument("dest", help="folder to copy notebooks/ and exercises/ into")
    p.add_argument("--force", action="store_true", help="overwrite existing copies")
    p.set_defaults(handler=_notebooks)
    p = sub.add_parser("lab", help="open JupyterLab on a folder of notebooks")
    p.add_argument("dir", nargs="?", default=".", help="folder to open (default: here)")
    p.add_argument("extra", nargs="*", help="further JupyterLab options")
    p.set_defaults(handler=_lab)
