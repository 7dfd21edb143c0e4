"""``bluffkit notebooks DEST`` and ``bluffkit lab [DIR]``: the notebooks a wheel carries."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..core.text import shorten
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
    """Copy ``notebooks/`` and ``exercises/`` into ``dest``; returns the copied files.

    All or nothing: every check (``dest`` a folder that can be written, neither folder there
    already unless ``force``) comes first, and the copy is made in a hidden folder inside
    ``dest`` then moved into place, so a failure leaves nothing half-copied.

    Raises:
        CliError: saying what is wrong with ``dest``; nothing was copied.
    """
    src = data_dir()
    created = None
    try:
        if dest.exists() and not dest.is_dir():
            raise CliError(f"{_shown(dest)} is a file, not a folder: pick a folder to copy the "
                           "notebooks into (nothing was copied)")
        taken = [dest / f for f in FOLDERS if (dest / f).exists()]
        if taken and not force:
            also = f" (so does {_shown(taken[1])})" if len(taken) > 1 else ""
            raise CliError(f"{_shown(taken[0])} already exists{also}: pick another folder or "
                           "pass --force (nothing was copied)")
        created = next((p for p in [dest, *dest.parents] if p.exists()), None)
        dest.mkdir(parents=True, exist_ok=True)
        return _copy_all(src, dest)
    except OSError as e:
        if created is not None and created != dest:  # remove the folders made for the copy
            top = next(p for p in [dest, *dest.parents] if p.parent == created)
            shutil.rmtree(top, ignore_errors=True)
        raise CliError(f"cannot copy the notebooks into {_shown(dest)}: "
                       f"{e.strerror or shorten(str(e), 80)} (nothing was copied)") from None


def _copy_all(src: Path, dest: Path) -> list[Path]:
    staging = Path(tempfile.mkdtemp(prefix=".bluffkit-copy-", dir=dest))
    try:
        for folder in FOLDERS:
            shutil.copytree(src / folder, staging / folder,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        copied = []
        for folder in FOLDERS:
            target = dest / folder
            if target.exists():  # --force: the new copies over the old ones
                shutil.copytree(staging / folder, target, dirs_exist_ok=True)
            else:
                (staging / folder).rename(target)
            copied += sorted(target.rglob("*.ipynb"))
        return copied
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _shown(path: Path) -> str:
    return shorten(str(path), 200)


def _notebooks(args) -> int:
    if not args.dest.strip():
        raise CliError("DEST must name a folder, e.g. bluffkit notebooks ~/bluffkit-class")
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
