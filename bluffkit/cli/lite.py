"""``bluffkit lite DEST``: the notebooks and exercises as a static website that runs them in the
browser (JupyterLite on Pyodide, see ``bluffkit.lite``): students need only a browser."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..core.i18n import _, get_language
from ..core.text import shorten
from .common import CliError
from .files import copy_notebooks


def _shown(path: Path) -> str:
    return shorten(str(path), 200)


def find_pyodide(given: str | None) -> Path:
    """npm's pyodide package: ``--pyodide``, else ``BLUFFKIT_PYODIDE``, else the source
    checkout's ``.cache/pyodide`` (scripts/test installs it there), else the user's cache,
    installed there by npm when missing.

    Raises:
        CliError: no such folder, or no npm to install it.
    """
    from ..lite.wheels import PYODIDE_VERSION

    checkout = Path(__file__).resolve().parents[2] / ".cache" / "pyodide"
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "bluffkit" / \
        f"pyodide-{PYODIDE_VERSION}"
    chosen = given or os.environ.get("BLUFFKIT_PYODIDE")
    candidates = ([Path(chosen).expanduser()] if chosen else
                  [checkout / "node_modules" / "pyodide", cache / "node_modules" / "pyodide"])
    for folder in candidates:
        package = folder / "package.json"
        if package.is_file() and json.loads(package.read_text()).get("version") == \
                PYODIDE_VERSION:
            return folder
    if chosen:
        raise CliError(_("{path} is not npm's pyodide package {version} (npm install "
                         "pyodide@{version} puts it in node_modules/pyodide)",
                         path=_shown(candidates[0]), version=PYODIDE_VERSION))
    if shutil.which("npm") is None:
        raise CliError(_("the site needs npm's pyodide package {version}: install Node.js "
                         "and npm, or give its folder with --pyodide DIR",
                         version=PYODIDE_VERSION))
    done = subprocess.run(["npm", "install", "--prefix", str(cache), "--no-audit", "--no-fund",
                           f"pyodide@{PYODIDE_VERSION}"], capture_output=True, text=True)
    if done.returncode:
        raise CliError(_("npm could not install pyodide {version}: {reason}",
                         version=PYODIDE_VERSION, reason=done.stderr.strip()[-500:]))
    return cache / "node_modules" / "pyodide"


def _course_key(key_file: str | None) -> str | None:
    """The course key of ``--key-file``; never the teacher's own ``$BLUFFKIT_COURSE_KEY`` (the
    site is public)."""
    if not key_file:
        return None
    from ..core import BluffkitError
    from ..exercises.results import course_key

    try:
        return course_key(key_file).decode("utf-8")
    except BluffkitError as e:
        raise CliError(str(e)) from None


def _lite(args) -> int:
    from ..lite.site import build_site, requirements_of, site_size
    from ..lite.wheels import build_wheel, download

    if not args.dest.strip():
        raise CliError(_("DEST must name a folder, e.g. bluffkit lite ~/bluffkit-site"))
    dest = Path(args.dest).expanduser().absolute()
    if dest.exists() and not args.force:
        raise CliError(_("{path} already exists: pick another folder or pass --force "
                         "(nothing was built)", path=_shown(dest)))
    if args.wheel and not Path(args.wheel).is_file():
        raise CliError(_("--wheel: no file {path}", path=_shown(Path(args.wheel))))
    key = _course_key(args.key_file)
    server = args.server.strip() if args.server else None
    if server is not None and not server.startswith(("ws://", "wss://")):
        raise CliError(_("--server must be the class server's address, starting with ws:// or "
                         "wss://, such as ws://192.168.1.20:8765; got {url}",
                         url=shorten(repr(args.server), 80)))
    pyodide = find_pyodide(args.pyodide)
    lang = get_language()
    staging = dest.with_name(f".{dest.name}.building")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        with tempfile.TemporaryDirectory(prefix="bluffkit-lite-") as work:
            content = Path(work) / "content"
            copy_notebooks(content, lang=lang)
            wheel = Path(args.wheel) if args.wheel else build_wheel(Path(work) / "built")
            wheels = download(requirements_of(wheel), Path(work) / "wheels")
            build_site(staging, content, [wheel, *wheels], pyodide, lang, key, server)
        if dest.exists():
            shutil.rmtree(dest)
        staging.rename(dest)
    except (RuntimeError, OSError) as e:
        raise CliError(_("the site could not be built (nothing was changed in {path}): "
                         "{reason}", path=_shown(dest), reason=e)) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    print(_("Built the site in {path} ({size} MB). Put the folder on any static web host, or "
            "try it here: python -m http.server --directory {path}, then open "
            "http://localhost:8000", path=_shown(dest), size=round(site_size(dest) / 1e6)))
    return 0


def add_lite_command(sub) -> None:
    p = sub.add_parser("lite", help=_("build a website where the notebooks run in the "
                                      "browser, with nothing to install (JupyterLite)"))
    p.add_argument("dest", help=_("folder to build the site in"))
    p.add_argument("--pyodide", metavar="DIR",
                   help=_("folder of npm's pyodide package (default: installed with npm)"))
    p.add_argument("--wheel", metavar="FILE",
                   help=_("bluffkit's wheel to put in the site (default: built from this "
                          "source checkout)"))
    p.add_argument("--key-file", metavar="FILE",
                   help=_("file holding the course key that signs the students' results (anyone "
                          "who opens the site can read it)"))
    p.add_argument("--server", metavar="URL",
                   help=_("the class server (bluffkit serve) the students' answers are sent "
                          "to, and their tables' default address, e.g. ws://192.168.1.20:8765"))
    p.add_argument("--force", action="store_true", help=_("replace DEST if it exists"))
    p.set_defaults(handler=_lite)
