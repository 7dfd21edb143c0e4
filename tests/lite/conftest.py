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
import socket
import subprocess
import sys
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
from tests.lite.pages import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CHROMIUM_SERVICES,
    Refuser,
    host_of,
    loopback,
    serve,
    serve_site,
    stop,
    url_of,
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


# -- the site in chromium (the browser tests) -----------------------------------------------------
BLUFFKIT = str(Path(sys.executable).with_name("bluffkit"))
SITE_SEED = 2026


def build_site(folder: Path, *options: str) -> Path:
    """``bluffkit lite folder/site`` with ``options`` (the wheel built from this checkout, or
    the one ``$BLUFFKIT_LITE_WHEEL`` names, unless ``--wheel`` is given)."""
    wheel = ([] if "--wheel" in options or not os.environ.get("BLUFFKIT_LITE_WHEEL")
             else ["--wheel", os.environ["BLUFFKIT_LITE_WHEEL"]])
    done = subprocess.run([BLUFFKIT, "lite", str(folder / "site"), "--pyodide",
                           str(pyodide_runtime()), *options, *wheel],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "Built the site" in done.stdout or "Site construit" in done.stdout, done.stdout
    return folder / "site"


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """(The English site, its course key file), built once a session by ``bluffkit lite``."""
    folder = tmp_path_factory.mktemp("lite")
    key = folder / "course.key"
    key.write_text("a course key for the lite test\n")
    return build_site(folder, "--key-file", str(key)), key


@pytest.fixture(scope="session")
def class_port() -> int:
    """A free loopback port for the class server of the French site (``--server``)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def site_fr(site, class_port, tmp_path_factory):
    """The French site (``bluffkit --lang fr lite``), with the English site's bluffkit wheel and
    a class server on loopback (``--server ws://127.0.0.1:<class_port>``, started by the test
    that uses it)."""
    wheel = next((site[0] / "static" / "pyodide").glob("bluffkit-*.whl"))
    return build_site(tmp_path_factory.mktemp("lite-fr"), "--lang", "fr", "--wheel", str(wheel),
                      "--server", f"ws://127.0.0.1:{class_port}")


@pytest.fixture(scope="session")
def servers(site, site_fr):
    """(The English site's address, the French site's, the refusing proxy)."""
    web, web_fr = serve_site(site[0]), serve_site(site_fr)
    refuser = serve(Refuser, asked=[])
    yield url_of(web), url_of(web_fr), refuser
    stop(web, web_fr, refuser)


class Browser:
    """The session's chromium: its context, the site's requests refused off loopback (by
    Playwright) and the refusing proxy's record (everything else the browser asked)."""

    def __init__(self, context, refused: list, refuser):
        self.context, self.refused, self.refuser = context, refused, refuser

    def check_nothing_left(self) -> None:
        assert self.refused == []  # the site asked for nothing outside loopback
        assert {host_of(line) for line in self.refuser.asked} <= CHROMIUM_SERVICES, \
            self.refuser.asked


@pytest.fixture(scope="session")
def browser(servers, tmp_path_factory, playwright_driver):
    """One chromium for the session's site tests: every request off loopback refused and
    counted, a proxy refusing (and writing down) whatever else the browser asks."""
    refuser = servers[-1]
    refused = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-lite")), executable_path=str(CHROMIUM),
        headless=True, viewport={"width": 1400, "height": 1000}, accept_downloads=True,
        args=[*CHROMIUM_ARGS, f"--proxy-server={url_of(refuser)}"])
    context.route(lambda url: not loopback(url), refuse)
    try:
        yield Browser(context, refused, refuser)
    finally:
        context.close()
