"""``bluffkit notebooks DEST`` and ``bluffkit lab [DIR]``: the notebooks a wheel carries."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..core.i18n import LANGUAGES, SOURCE_LANGUAGE, _, _l, _n, get_language
from ..core.text import shorten
from .common import CliError

FOLDERS = ("notebooks", "exercises")
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
"""Each folder keeps its translated notebooks in a subfolder per language (``notebooks/fr/``)
with the same file names; ``bluffkit notebooks DEST --lang fr`` puts them in place of the
English ones."""


def data_dir() -> Path:
    """Where the notebooks are: inside the installed wheel, or the source checkout."""
    package = Path(__file__).resolve().parent.parent
    for base in (package / "_data", package.parent):
        if all((base / f).is_dir() for f in FOLDERS):
            return base
    raise CliError(_("the notebooks are missing from this installation of bluffkit"))


def copy_notebooks(dest: Path, force: bool = False, lang: str = SOURCE_LANGUAGE) -> list[Path]:
    """Copy ``notebooks/`` and ``exercises/`` into ``dest``, in ``lang`` where a translation
    exists (in English otherwise, see :func:`untranslated`); returns the copied files.

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
            raise CliError(_("{path} is a file, not a folder: pick a folder to copy the "
                             "notebooks into (nothing was copied)", path=_shown(dest)))
        taken = [dest / f for f in FOLDERS if (dest / f).exists()]
        if taken and not force:
            if len(taken) > 1:
                raise CliError(_("{path} already exists (so does {other}): pick another folder "
                                 "or pass --force (nothing was copied)", path=_shown(taken[0]),
                                 other=_shown(taken[1])))
            raise CliError(_("{path} already exists: pick another folder or pass --force "
                             "(nothing was copied)", path=_shown(taken[0])))
        created = next((p for p in [dest, *dest.parents] if p.exists()), None)
        dest.mkdir(parents=True, exist_ok=True)
        return _copy_all(src, dest, lang)
    except OSError as e:
        if created is not None and created != dest:  # remove the folders made for the copy
            top = next(p for p in [dest, *dest.parents] if p.parent == created)
            shutil.rmtree(top, ignore_errors=True)
        raise CliError(_("cannot copy the notebooks into {path}: {reason} (nothing was copied)",
                         path=_shown(dest), reason=e.strerror or shorten(str(e), 80))) from None


def untranslated(lang: str) -> list[str]:
    """The notebooks (``folder/name``) with no version in ``lang`` yet."""
    if lang == SOURCE_LANGUAGE:
        return []
    src = data_dir()
    return [f"{folder}/{p.name}" for folder in FOLDERS for p in sorted((src / folder).glob(
        "*.ipynb")) if not (src / folder / lang / p.name).exists()]


def _copy_all(src: Path, dest: Path, lang: str) -> list[Path]:
    staging = Path(tempfile.mkdtemp(prefix=".bluffkit-copy-", dir=dest))
    try:
        for folder in FOLDERS:
            shutil.copytree(src / folder, staging / folder,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__",
                                                          *TRANSLATED))
            if lang != SOURCE_LANGUAGE and (src / folder / lang).is_dir():
                shutil.copytree(src / folder / lang, staging / folder, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
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
        raise CliError(_("DEST must name a folder, e.g. bluffkit notebooks ~/bluffkit-class"))
    dest = Path(args.dest).expanduser()
    lang = get_language()
    files = copy_notebooks(dest, args.force, lang)
    print(_n("Copied {n} notebook to {dest}. Open it with: bluffkit lab {dest}",
             "Copied {n} notebooks to {dest}. Open them with: bluffkit lab {dest}",
             len(files), dest=dest))
    if missing := untranslated(lang):
        print(_n("{n} notebook is not translated yet and stays in English: {names}",
                 "{n} notebooks are not translated yet and stay in English: {names}",
                 len(missing), names=", ".join(missing)))
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
        raise CliError(_("{path} is not a folder; get the notebooks with: bluffkit notebooks DEST",
                         path=root))
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


LAB_HELP = _l("""\
Open JupyterLab on a folder of notebooks (default: here), on its start notebook
(notebooks/00_start_here.ipynb). Words after the folder go to JupyterLab as they are, e.g.

  bluffkit lab mine --no-browser --port 8899
  bluffkit lab mine -- --ServerApp.token=secret""")


def add_file_commands(sub) -> None:
    p = sub.add_parser("notebooks", help=_("copy the notebooks and exercises into a folder "
                                           "(in French with --lang fr)"))
    p.add_argument("dest", help=_("folder to copy notebooks/ and exercises/ into"))
    p.add_argument("--force", action="store_true", help=_("overwrite existing copies"))
    p.set_defaults(handler=_notebooks)
    p = sub.add_parser("lab", help=_("open JupyterLab on a folder of notebooks"),
                       description=str(LAB_HELP),
                       usage=_("bluffkit lab [DIR] [JupyterLab options ...]"),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("words", nargs=argparse.REMAINDER, metavar=_("DIR [options]"),
                   help=_("the folder, then JupyterLab options"))
    p.set_defaults(handler=_lab, passes_options_on=True)
