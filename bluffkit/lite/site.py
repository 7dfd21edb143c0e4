"""Build the static JupyterLite site of ``bluffkit lite DEST``.

The site is JupyterLab in the browser (jupyterlite-core) with the Pyodide kernel
(jupyterlite-pyodide-kernel), the widget extensions installed here (ipywidgets, anywidget,
plotly), and, under ``static/pyodide/``, npm's Pyodide runtime beside the wheels of
``bluffkit.lite.wheels`` and a lock naming them. ``jupyter-lite.json`` points the kernel at
that runtime (``pyodideUrl``), turns off piplite's fall-back to PyPI and preloads bluffkit, the
kernel's own packages and their dependencies when the kernel starts: nothing is asked of any
other host. The site's first page opens ``notebooks/00_start_here.ipynb``.

JupyterLab's own words (menus, dialogs) are in the site's language: the build copies the
installed JupyterLab language packs to ``api/translations`` (jupyterlab-language-pack-fr-FR
comes with ``bluffkit[lite]``) and ``jupyter-lite.json`` sets the interface's locale (a student
can still change it in Settings > Language).

A folder of files: any static web host serves it, or ``python -m http.server`` from a USB
stick. What a notebook writes (a student's results log) is kept in the browser's storage, in
the file browser, from where it downloads.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..core.i18n import _
from .wheels import KERNEL, PYODIDE_VERSION, browser_requirements, wheel_metadata, write_lock

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
"""What the site needs of npm's pyodide package (its lock is replaced, its CDN-only wheels are
not there to begin with)."""

KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel")
"""Wheels the kernel's JupyterLab extension ships (its ipykernel is a stand-in for Pyodide)."""

PRELOAD = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython")
"""Loaded while Pyodide starts (with their dependencies): what the kernel imports for itself.
bluffkit and its dependencies load when a cell first imports one of them (the kernel reads a
cell's imports and loads what the lock provides), so the kernel is ready sooner."""

START = "notebooks/00_start_here.ipynb"

TRANSLATION_PLUGIN = "@jupyterlab/translation-extension:plugin"
LOCALES = {"en": "en", "fr": "fr_FR"}
"""JupyterLab's locale for each of bluffkit's languages (``fr_FR``: its language pack)."""

ROOT_REDIRECT = "await import('./config-utils.js');"
"""What JupyterLite's root ``index.html`` runs: it sends the browser to the lab, dropping the
query. The site's root opens notebook 00 instead (the page keeps its configuration block, which
the lab's pages read)."""


def kernel_wheels() -> list[Path]:
    """The Python wheels of the installed jupyterlite-pyodide-kernel extension."""
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        folder = Path(base) / KERNEL_EXTENSION / "static" / "pypi"
        found = [w for name in KERNEL_WHEELS
                 for w in sorted(folder.glob(f"{name.replace('-', '_')}-*.whl"))]
        if len(found) == len(KERNEL_WHEELS):
            return found
    raise RuntimeError(_("jupyterlite-pyodide-kernel is not installed: pip install "
                         "'bluffkit[lite]'"))


def settings(lang: str, course_key: str | None = None, server: str | None = None) -> dict:
    """``jupyter-lite.json``: the kernel on the site's own Pyodide, PyPI never asked,
    ``PRELOAD`` loaded at start, bluffkit's language in ``BLUFFKIT_LANG``, the course key,
    if any, in ``BLUFFKIT_COURSE_KEY`` (results logs signed with it) and the class server, if
    any, in ``BLUFFKIT_CLASSROOM_URL`` (answers sent to it, ``join`` without an address);
    JupyterLab's interface in the same language (``LOCALES``)."""
    env = {"BLUFFKIT_LANG": lang, **({"BLUFFKIT_COURSE_KEY": course_key} if course_key else {}),
           **({"BLUFFKIT_CLASSROOM_URL": server} if server else {})}
    options = {"packages": list(PRELOAD), "env": env}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "bluffkit",
                "settingsOverrides": {TRANSLATION_PLUGIN: {"locale": LOCALES[lang]}},
                "litePluginSettings": {KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": options}}}}


def build_site(dest: Path, content: Path, wheels: list[Path], pyodide: Path,
               lang: str = "en", course_key: str | None = None,
               server: str | None = None) -> Path:
    """Build the site into ``dest`` (which must not exist) from the notebooks in ``content``,
    the browser ``wheels`` (bluffkit's first) and the Pyodide runtime folder ``pyodide``;
    ``course_key`` signs the students' results (anyone who opens the site can read it, as a
    student can read a kernel's environment: it stops hand-edited files); ``server`` is the
    class server's address (``ws://HOST:PORT``) the students' answers are sent to. Returns
    ``dest``.

    Raises:
        RuntimeError: the runtime is not the expected Pyodide, or the JupyterLite build failed
            (its output is in the message).
    """
    found = json.loads((pyodide / "package.json").read_text(encoding="utf-8")).get("version")
    if found != PYODIDE_VERSION:
        raise RuntimeError(_("{path} holds pyodide {found}, not {version}: npm install "
                             "pyodide@{version}", path=str(pyodide), found=found,
                             version=PYODIDE_VERSION))
    with tempfile.TemporaryDirectory(prefix="bluffkit-lite-") as work:
        lite = Path(work)
        runtime = lite / "static" / "pyodide"
        runtime.mkdir(parents=True)
        for name in RUNTIME_FILES:
            shutil.copy2(pyodide / name, runtime / name)
        lock = write_lock([*wheels, *kernel_wheels()], runtime, pyodide)
        missing = set(PRELOAD) - set(json.loads(lock.read_text(encoding="utf-8"))["packages"])
        if missing:
            raise RuntimeError(_("the JupyterLite build failed:\n{output}",
                                 output=f"not in the site: {', '.join(sorted(missing))}"))
        config = settings(lang, course_key, server)
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        command = [str(Path(sys.executable).with_name("jupyter-lite")), "build",
                   "--lite-dir", str(lite), "--contents", str(content),
                   "--output-dir", str(dest), "--no-sourcemaps", "--no-libarchive"]
        env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
        done = subprocess.run(command, cwd=lite, capture_output=True, text=True, env=env)
        if done.returncode or not (dest / "jupyter-lite.json").is_file():
            raise RuntimeError(_("the JupyterLite build failed:\n{output}",
                                 output=(done.stdout[-3000:] + done.stderr[-3000:]).strip()))
    pack = dest / "api" / "translations" / f"{LOCALES[lang]}.json"
    if lang != "en" and not pack.is_file():
        raise RuntimeError(_("JupyterLab's language pack {locale} is not installed: pip install "
                             "'bluffkit[lite]'", locale=LOCALES[lang]))
    root = dest / "index.html"
    page = root.read_text(encoding="utf-8")
    if ROOT_REDIRECT not in page:
        raise RuntimeError(_("the JupyterLite build failed:\n{output}",
                             output="index.html: no redirect to the lab"))
    root.write_text(page.replace(ROOT_REDIRECT, f"location.replace('./lab/index.html?path="
                                 f"{START}');"), encoding="utf-8")
    return dest


def requirements_of(bluffkit_wheel: Path) -> list[str]:
    """What to download for ``bluffkit_wheel`` in the browser: its dependencies read with
    Pyodide's markers, and the kernel's own packages."""
    return [*browser_requirements(wheel_metadata(bluffkit_wheel)[0]["requires"]), *KERNEL]


def site_size(dest: Path) -> int:
    """Bytes of every file in the site."""
    return sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
