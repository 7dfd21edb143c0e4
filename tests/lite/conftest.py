"""What the Pyodide tests share: npm's Pyodide runtime (installed by scripts/test into
``.cache/pyodide``) and one folder of browser wheels per session (bluffkit's wheel built from
this checkout, its pure-Python dependencies from PyPI, a Pyodide lock naming them).

Skipped without Node or the runtime outside CI; a failure in CI, where scripts/test installs
them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from bluffkit.lite.wheels import (
    KERNEL,
    PYODIDE_VERSION,
    browser_requirements,
    build_wheel,
    download,
    wheel_metadata,
    write_lock,
)

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / ".cache" / "pyodide" / "node_modules" / "pyodide"


def pyodide_runtime() -> Path:
    """npm's pyodide package of the version the site is built for, or skip (fail in CI)."""
    package = PYODIDE / "package.json"
    found = (json.loads(package.read_text())["version"] if package.is_file() else None)
    if shutil.which("node") is None or found != PYODIDE_VERSION:
        why = (f"node or npm's pyodide {PYODIDE_VERSION} missing from .cache/pyodide "
               f"(found {found}); scripts/test installs them")
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return PYODIDE


def lesson_modules() -> list[str]:
    """Every bluffkit module a notebook or an exercise notebook imports (English and French)."""
    found = set()
    for path in sorted([*ROOT.glob("notebooks/**/*.ipynb"), *ROOT.glob("exercises/**/*.ipynb")]):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                found.update(re.findall(r"^\s*(?:from|import)\s+(bluffkit(?:\.\w+)*)", source,
                                        re.M))
    return sorted(found)


@pytest.fixture(scope="session")
def browser_wheels(tmp_path_factory) -> tuple[Path, Path]:
    """(folder of wheels with its pyodide-lock.json, bluffkit's wheel in it), once a session."""
    runtime = pyodide_runtime()
    folder = tmp_path_factory.mktemp("browser-wheels")
    wheel = build_wheel(folder / "built")
    requirements = browser_requirements(wheel_metadata(wheel)[0]["requires"])
    wheels = download([*requirements, *KERNEL], folder / "downloaded")
    write_lock([wheel, *wheels], folder / "lock", runtime)
    return folder / "lock", folder / "lock" / wheel.name
