"""The harness of the real-browser tests: one JupyterLab server and one headless Debian chromium
(driven by Playwright) for the whole session; a fresh page, JupyterLab workspace and kernel for
each test.

The server runs on loopback with a token, in a temporary folder holding a copy of
``notebooks/`` and the widget tour (``tour.ipynb``, see ``test_widgets.py``); every process it
started is killed at the end, and each test's kernels are shut down after it.

Every page emulates the machine on which the blank figures of issue 11 were seen: there, the
browser took 7 to 11 s to import plotly's 5 MB widget module, while anywidget gives a widget's
module 2 s before it drops the widget's messages. Here each JavaScript module of more than
1 MB costs 2.5 s of busy main thread when the browser creates it (``SLOW_MODULE_MS``), so a
figure that depends on such a module loading in time is blank in every run, not once in a
while.

Skipped only when ``/usr/bin/chromium`` is missing (``scripts/test`` installs it).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
RUN_ALL_TIMEOUT_MS = 240_000
SLOW_MODULE_MS = 2500

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="/usr/bin/chromium is missing (scripts/test installs it: apt-get install chromium)")

# Run before any script of the page: the slow-module emulation (see the module docstring) and a
# trace of the kernel's websocket, switched on by the latency measurement (``__bkTrace.on``).
PAGE_SCRIPT = """
(() => {
  const slowMs = SLOW_MODULE_MS;
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = function (blob) {
    if (blob && blob.size > 1e6 && /javascript/.test(blob.type || '')) {
      const until = performance.now() + slowMs;
      while (performance.now() < until) { /* a busy machine */ }
    }
    return createObjectURL.apply(this, arguments);
  };
  const trace = window.__bkTrace = {on: false, events: []};
  const decoder = new TextDecoder();
  const text = (data) => typeof data === 'string' ? data
      : data instanceof ArrayBuffer ? decoder.decode(new Uint8Array(data, 0,
                                                     Math.min(data.byteLength, 8192))) : '';
  const size = (data) => typeof data === 'string' ? data.length : (data.byteLength || 0);
  const kind = (t) => (/"bk"\\s*:\\s*"update"/.test(t) ? 'figure'
      : /"_py2js_\\w+"\\s*:\\s*\\{/.test(t) ? 'figure'
      : /"comm_msg"/.test(t) ? 'comm_msg' : 'other');
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (trace.on) {
          trace.events.push([performance.now(), 'recv', size(e.data), kind(text(e.data))]);
        }
      });
    }
    send(data) {
      if (trace.on) trace.events.push([performance.now(), 'send', size(data), kind(text(data))]);
      return super.send(data);
    }
  };
})();
""".replace("SLOW_MODULE_MS", str(SLOW_MODULE_MS))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_settings(folder: Path) -> None:
    """User settings of the test's own JupyterLab: no news pop-up, no update check, the
    notebook's kernel started without asking."""
    for plugin, values in (("apputils-extension/notification",
                            {"fetchNews": "false", "checkForUpdates": False}),
                           ("notebook-extension/tracker", {"autoStartDefaultKernel": True})):
        target = folder / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))


def stop(process: subprocess.Popen) -> None:
    """End the server, its kernels (own sessions) and anything else it started."""
    try:
        family = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        family = []
    for signum, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        for pid in [process.pid, *(p.pid for p in family)]:
            try:
                os.killpg(os.getpgid(pid), signum)
            except (ProcessLookupError, PermissionError):
                pass
        gone, alive = psutil.wait_procs([p for p in family if p.is_running()], timeout=wait)
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        if not alive:
            return


class Lab:
    """The running server: its address, token and folder, and its REST API."""

    def __init__(self, base: str, token: str, work: Path, log: Path):
        self.base, self.token, self.work, self.log = base, token, work, log

    def url(self, notebook: str, workspace: str) -> str:
        """A notebook opened in a fresh workspace (no tab of an earlier test comes back)."""
        return f"{self.base}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={self.token}"

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(f"{self.base}/api/{path}?token={self.token}",
                                         method=method)
        with urllib.request.urlopen(request, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def wait_for_kernel(self, notebook: str, timeout: float = 90) -> None:
        """Until the notebook's kernel is started and idle."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(s.get("path", "").endswith(notebook) and s.get("kernel")
                   and s["kernel"].get("execution_state") == "idle"
                   for s in self.api("sessions")):
                return
            time.sleep(0.3)
        pytest.fail(f"the kernel of {notebook} did not start in {timeout} s")

    def shut_down_kernels(self) -> None:
        for session in self.api("sessions"):
            try:
                self.api(f"sessions/{session['id']}", method="DELETE")
            except OSError:
                pass


LITE_ONLY = {"Shared module @jupyterlite/services doesn't exist in shared scope default"}
"""Page errors that are not bluffkit's: JupyterLite's kernel package (the [lite] extra, which
builds bluffkit's browser site, installed beside JupyterLab for the tests) ships a JupyterLab
extension that only loads inside JupyterLite; a full JupyterLab logs this once, harmless, even
with the extension disabled (jupyterlite/pyodide-kernel#32)."""


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """One JupyterLab server for every browser test (loopback, token, a copy of the
    notebooks and the widget tour)."""
    tmp = tmp_path_factory.mktemp("jupyterlab")
    work = tmp / "work"
    shutil.copytree(ROOT / "notebooks", work / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    write_tour(work / "notebooks" / "tour.ipynb")
    write_settings(tmp / "settings")
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ,
           "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"),
           "JUPYTER_CONFIG_DIR": str(tmp / "config")}
    log_path = tmp / "jupyterlab.log"
    log = log_path.open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.allow_root=True",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}"],
        cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if server.poll() is not None:
                pytest.fail("JupyterLab exited:\n" + log_path.read_text())
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start in 90 s:\n" + log_path.read_text())
                time.sleep(0.3)
        yield Lab(base, token, work, log_path)
    finally:
        stop(server)
        log.close()


@pytest.fixture(scope="session")
def browser_context(lab, tmp_path_factory, playwright_driver):
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")), executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS, headless=True, viewport={"width": 1400, "height": 1000})
    context.add_init_script(PAGE_SCRIPT)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def jl(browser_context, lab, request):
    """A fresh page driving the session's JupyterLab (a :class:`Driver`). On failure a
    screenshot and the server log go to ``test-artifacts/``; the test's kernels are shut down
    after it."""
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_context.new_page()
    yield Driver(page, lab)
    if getattr(request.node, "bk_failed", False):
        name = re.sub(r"\W+", "_", request.node.name)
        page.screenshot(path=str(ARTIFACTS / f"failure_{name}.png"))
        shutil.copy(lab.log, ARTIFACTS / f"failure_{name}_jupyterlab.log")
    page.close()
    lab.shut_down_kernels()


def pytest_collection_modifyitems(items):
    """Every test here is a browser test, needs chromium, and runs in the one pytest-xdist
    worker that holds the JupyterLab server (``--dist loadgroup``)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))
            item.add_marker(needs_chromium)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        item.bk_failed = True


# -- the widget tour -------------------------------------------------------------------------------
WIDGET_CALL = re.compile(r"\b([A-Z]\w*(?:Table|Explorer))\(")
TOUR_FROM = ("02_bluff_you", "03_poker_dice", "04_jungle_bluff", "05_bungee")


def widget_cells(notebook: Path) -> list[tuple[str, str]]:
    """The cells of ``notebook`` that make a table or an explorer: (class name, source)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    out = []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and (m := WIDGET_CALL.search(source)):
            out.append((m[1], source))
    return out


def write_tour(path: Path) -> list[str]:
    """A notebook showing the tables and explorers of notebooks 02-05 as they do (their import
    cell, then each widget cell as committed), without their long computations. Returns the
    widget classes in the order shown."""
    cells, shown = [], []
    for name in TOUR_FROM:
        nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        imports = next(c for c in nb["cells"] if c["cell_type"] == "code")
        cells.append("".join(imports["source"]))
        for cls, source in widget_cells(ROOT / "notebooks" / f"{name}.ipynb"):
            cells.append(source)
            shown.append(cls)
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                     "outputs": [], "source": src, "id": f"tour-{i}"}
                    for i, src in enumerate(cells)],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return shown


@pytest.fixture(scope="session")
def notebook_widgets() -> dict[str, tuple[str, ...]]:
    """Each table or explorer class a notebook shows, and the notebooks showing it
    (``("02_bluff_you",)``; ``BluffTable`` is in 01 and 09)."""
    out: dict[str, tuple[str, ...]] = {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cls, _ in widget_cells(path):
            if path.stem not in out.get(cls, ()):
                out[cls] = (*out.get(cls, ()), path.stem)
    return out


@pytest.fixture(scope="module")
def tour(browser_context, lab):
    """The tour notebook run once, on its own page (a :class:`Driver`)."""
    page = browser_context.new_page()
    driver = Driver(page, lab)
    try:
        driver.open("notebooks/tour.ipynb")
        driver.run_all()
        yield driver
    finally:
        page.close()
        lab.shut_down_kernels()


@pytest.fixture
def on_tour(tour, lab, request):
    """The tour's page for one test; a screenshot goes to ``test-artifacts/`` if it fails."""
    tour.errors.clear()
    yield tour
    if getattr(request.node, "bk_failed", False):
        name = re.sub(r"\W+", "_", request.node.name)
        tour.page.screenshot(path=str(ARTIFACTS / f"failure_{name}.png"))
        shutil.copy(lab.log, ARTIFACTS / f"failure_{name}_jupyterlab.log")


# -- driving JupyterLab ---------------------------------------------------------------------------
PROMPTS_JS = """() => Array.from(document.querySelectorAll(
    '.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')).map(p => p.textContent.trim())"""


class Driver:
    """One page of JupyterLab and what the tests do with it."""

    artifacts = ARTIFACTS

    def __init__(self, page, lab: Lab):
        self.page, self.lab = page, lab
        self.errors: list[str] = []
        page.on("pageerror", lambda e: None if str(e) in LITE_ONLY else self.errors.append(str(e)))

    def open(self, notebook: str) -> None:
        """Open ``notebook`` (a path under the server's folder) in a fresh workspace; return
        when its kernel is idle."""
        self.notebook = notebook
        self.page.goto(self.lab.url(notebook, f"w{secrets.token_hex(4)}"))
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
        self.lab.wait_for_kernel(notebook)

    def run_all(self, restart: bool = False) -> None:
        """Run every cell (from a restarted kernel if ``restart``); wait until all have run
        and check that none wrote an error."""
        page = self.page
        if restart:
            page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text="Kernel").first.click()
            page.locator(".lm-Menu-itemLabel",
                         has_text="Restart Kernel and Run All Cells").first.click()
            page.locator(".jp-Dialog .jp-mod-accept").first.click()
        else:
            page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:  # the cells are queued ([*]) ...
            page.wait_for_function(f"() => ({PROMPTS_JS})().some(p => p.includes('*'))",
                                   timeout=30_000)
        except Exception:  # pragma: no cover - ran faster than we looked
            pass
        # ... and then have all run
        page.wait_for_function(
            f"""() => {{ const p = ({PROMPTS_JS})();
                return p.length > 0 && p.every(x => /\\[\\d+\\]/.test(x)); }}""",
            timeout=RUN_ALL_TIMEOUT_MS)
        errors = page.locator(".jp-OutputArea-output[data-mime-type="
                              "'application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.all_inner_texts()

    def show(self, selector: str):
        """The first element matching ``selector``, scrolled into view."""
        element = self.page.locator(selector).first
        element.wait_for(state="attached", timeout=60_000)
        element.scroll_into_view_if_needed()
        return element

    def bars(self, selector: str) -> int:
        """How many bars plotly has drawn (SVG paths) in the figure inside ``selector``."""
        return self.page.evaluate(
            "(s) => { const r = document.querySelector(s); return r ? r.querySelectorAll("
            "'.js-plotly-plot .bars .point path').length : -1; }", selector)

    def wait_for_bars(self, selector: str, timeout: float = 60_000) -> int:
        """Wait until the figure in ``selector`` has drawn bars; return how many."""
        self.show(selector)
        self.page.wait_for_function(
            "(s) => { const r = document.querySelector(s); return r && r.querySelectorAll("
            "'.js-plotly-plot .bars .point path').length > 0; }", arg=selector, timeout=timeout)
        return self.bars(selector)

    def text(self, selector: str) -> str:
        return self.page.locator(selector).first.inner_text()

    def wait_for_text(self, selector: str, text: str, timeout: float = 30_000) -> str:
        """Wait until the element ``selector`` shows ``text``; return its text."""
        self.page.wait_for_function(
            "([s, t]) => { const e = document.querySelector(s);"
            " return e && e.innerText.includes(t); }", arg=[selector, text], timeout=timeout)
        return self.text(selector)

    def wait_for_change(self, selector: str, before: str, text: str = "",
                        timeout: float = 30_000) -> str:
        """Wait until the text of ``selector`` differs from ``before`` (and holds ``text``);
        return it."""
        self.page.wait_for_function(
            "([s, b, t]) => { const e = document.querySelector(s);"
            " return e && e.innerText !== b && e.innerText.includes(t); }",
            arg=[selector, before, text], timeout=timeout)
        return self.text(selector)

    def type_into(self, selector: str, text: str) -> None:
        """Replace the text of the input ``selector`` and send it (Enter)."""
        box = self.page.locator(selector).first
        box.fill(text)
        box.press("Enter")

    def screenshot(self, selector: str, name: str) -> None:
        self.page.locator(selector).first.screenshot(path=str(ARTIFACTS / f"{name}.png"))
