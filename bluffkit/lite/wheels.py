"""The wheels bluffkit needs in Pyodide, and the Pyodide lock file that serves them locally.

Pyodide loads a package named in its lock file (``pyodide-lock.json``) from the file the lock
names, checked against its SHA-256. The lock of npm's ``pyodide`` package names wheels that
live only on Pyodide's CDN, which a school may not reach; ``write_lock`` writes a lock naming
only wheels put beside it, so everything a lesson imports loads from the site (or, under
Node, from a folder).

Which wheels: bluffkit's own, its dependencies as the browser reads them (markers evaluated
for Pyodide, so JupyterLab, ipykernel and websockets stay out), without ``NOT_IN_BROWSER``,
and the Python packages the Pyodide kernel loads for itself (``KERNEL``). All are pure Python
(``py3-none-any``), downloaded from PyPI by pip.
"""

from __future__ import annotations

import csv
import email.parser
import hashlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from ..core.i18n import _

PYODIDE_VERSION = "314.0.6"
"""npm's ``pyodide`` package the site and the tests run on (jupyterlite-pyodide-kernel 0.8.6 is
written for it)."""

PYTHON_VERSION = "3.14"
"""The Python of that Pyodide (its lock's ``info.python`` is 3.14.2)."""

BROWSER = {"sys_platform": "emscripten", "platform_system": "Emscripten",
           "platform_machine": "wasm32", "python_version": PYTHON_VERSION,
           "python_full_version": PYTHON_VERSION + ".2", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "os_name": "posix", "extra": ""}
"""The environment markers of Pyodide, for reading ``Requires-Dist``."""

NOT_IN_BROWSER = frozenset({"numpy", "scipy", "jupyterlab-widgets", "widgetsnbextension"})
"""Left out of the site. numpy and scipy: accelerators and solvers (a lesson's path runs
without them), whose WebAssembly builds exist only on Pyodide's CDN. jupyterlab-widgets and
widgetsnbextension: the browser halves of ipywidgets, which the site carries as JupyterLab
extensions (the Pyodide kernel ships its own stand-in for widgetsnbextension)."""

SERVER_ONLY = frozenset({"jupyterlab", "ipykernel", "websockets"})
"""Never in the browser, marked so in bluffkit's requirements (``sys_platform != "emscripten"``)
and left out here too, for a wheel built before they were."""

KERNEL = ("ipython", "jedi", "comm", "micropip", "packaging")
"""What the Pyodide kernel installs for itself when it starts (jupyterlite-pyodide-kernel's
worker: micropip, then ipykernel, comm, pyodide-kernel, jedi, ipython; ipykernel and
pyodide-kernel come with the kernel's JupyterLab extension)."""


def browser_requirements(requires: list[str]) -> list[str]:
    """The requirements among ``requires`` (``Requires-Dist`` lines) that Pyodide needs.

    >>> browser_requirements(["numpy>=1.26", "sympy>=1.12",
    ...                       'jupyterlab<5,>=4.1; sys_platform != "emscripten"'])
    ['sympy>=1.12']
    """
    kept = []
    for line in requires:
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate(BROWSER):
            continue
        if canonicalize_name(req.name) not in NOT_IN_BROWSER | SERVER_ONLY:
            kept.append(f"{req.name}{req.specifier}")
    return kept


def download(requirements: list[str], dest: Path) -> list[Path]:
    """Download pure-Python wheels for ``requirements`` and their dependencies into ``dest``
    (pip, from PyPI; pip's cache makes a second time quick). Returns the wheels in ``dest``.

    Raises:
        RuntimeError: pip failed (no network, or a requirement has no pure-Python wheel).
    """
    dest.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--dest", str(dest), "--only-binary=:all:", "--python-version", PYTHON_VERSION,
               "--platform", "any", "--implementation", "py", "--abi", "none", *requirements]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(_("pip could not download the wheels the browser needs:\n{reason}",
                             reason=_errors(done.stderr)))
    return sorted(dest.glob("*.whl"))


def _errors(stderr: str) -> str:
    """pip's output without its warnings (an index folder missing, a newer pip)."""
    return "\n".join(line for line in stderr.strip().splitlines()
                     if not line.startswith("WARNING:"))


def build_wheel(dest: Path, source: Path | None = None) -> Path:
    """bluffkit's own wheel, built by pip from the source checkout ``source`` (default: the one
    this bluffkit runs from) into ``dest``.

    Raises:
        RuntimeError: no source checkout, or the build failed.
    """
    source = source or Path(__file__).resolve().parents[2]
    if not (source / "pyproject.toml").is_file() or not (source / "bluffkit").is_dir():
        raise RuntimeError(_("no bluffkit source code at {path} to build its wheel: give a "
                             "built wheel with --wheel FILE", path=str(source)))
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("bluffkit-*.whl"):
        old.unlink()
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--no-build-isolation", "--wheel-dir", str(dest), str(source)]
    done = subprocess.run(command, capture_output=True, text=True)
    built = sorted(dest.glob("bluffkit-*.whl"))
    if done.returncode or not built:
        raise RuntimeError(_("pip could not build bluffkit's wheel:\n{reason}",
                             reason=_errors(done.stderr)))
    return built[0]


def wheel_metadata(wheel: Path) -> tuple[dict, list[str]]:
    """A wheel's ``METADATA`` headers (name, version, ``Requires-Dist`` list) and its top-level
    importable names (from ``RECORD``)."""
    with zipfile.ZipFile(wheel) as z:
        info = next(n.split("/")[0] for n in z.namelist()
                    if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        headers = email.parser.Parser().parsestr(z.read(f"{info}/METADATA").decode("utf-8"))
        record = z.read(f"{info}/RECORD").decode("utf-8")
    tops = set()
    for row in csv.reader(io.StringIO(record)):
        first = row[0].split("/")[0] if row else ""
        if first.endswith((".dist-info", ".data")) or not first:
            continue
        if "/" in row[0] or first.endswith(".py"):
            name = first.removesuffix(".py")
            if name.isidentifier():
                tops.add(name)
    meta = {"name": headers["Name"], "version": headers["Version"],
            "requires": headers.get_all("Requires-Dist") or []}
    return meta, sorted(tops)


def lock_entry(wheel: Path, present: set[str]) -> dict:
    """The Pyodide lock entry of ``wheel``: its dependencies as Pyodide reads them, among the
    packages ``present`` in the same lock."""
    meta, imports = wheel_metadata(wheel)
    depends = []
    for line in meta["requires"]:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        if (req.marker is None or req.marker.evaluate(BROWSER)) and name in present:
            depends.append(name)
    return {"name": canonicalize_name(meta["name"]), "version": meta["version"],
            "file_name": wheel.name, "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "imports": imports, "depends": sorted(set(depends)), "unvendored_tests": False}


def write_lock(wheels: list[Path], folder: Path, pyodide: Path) -> Path:
    """Copy ``wheels`` into ``folder`` and write ``folder/pyodide-lock.json`` naming exactly
    them (with ``info`` from the lock of the Pyodide distribution ``pyodide``). Returns the
    lock's path. A wheel whose package is in ``NOT_IN_BROWSER`` is left out.
    """
    folder.mkdir(parents=True, exist_ok=True)
    info = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    kept = [w for w in wheels if canonicalize_name(wheel_metadata(w)[0]["name"])
            not in NOT_IN_BROWSER]
    present = {canonicalize_name(wheel_metadata(w)[0]["name"]) for w in kept}
    packages = {}
    for wheel in kept:
        if wheel.parent.resolve() != folder.resolve():
            shutil.copy2(wheel, folder / wheel.name)
        entry = lock_entry(wheel, present)
        packages[entry["name"]] = entry
    lock = folder / "pyodide-lock.json"
    lock.write_text(json.dumps({"info": info, "packages": dict(sorted(packages.items()))},
                               indent=1), encoding="utf-8")
    return lock
