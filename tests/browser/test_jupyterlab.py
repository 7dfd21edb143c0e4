"""The Bluff notebook in a real browser: JupyterLab on loopback, headless Debian chromium driven
by Playwright.

Runs every cell of ``notebooks/01_bluff.ipynb``, plays a bid and presses "Explain" in the
``BluffTable``, moves the ``CountExplorer``'s bid slider, and checks that the figure and the
text changed. The time from the slider's key press to the redrawn figure is measured in the page
and written, with screenshots, to ``test-artifacts/`` (target: under 100 ms; reported, not
asserted, as CI machines are shared). Every process started here is killed at the end.

Skipped only when ``/usr/bin/chromium`` is missing (``scripts/test`` installs it).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import statistics
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
NOTEBOOK = "notebooks/01_bluff.ipynb"
RUN_ALL_TIMEOUT_MS = 240_000
PRESSES = 6

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="/usr/bin/chromium is missing (scripts/test installs it: "
                              "apt-get install chromium)"),
]


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


def wait_for_kernel(lab: dict, timeout: float = 90) -> None:
    """Until the notebook's kernel is started and idle (read from the server's REST API)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{lab['base']}/api/sessions?token={lab['token']}",
                                    timeout=5) as r:
            sessions = json.load(r)
        if any(s.get("path", "").endswith(NOTEBOOK) and s.get("kernel") and
               s["kernel"].get("execution_state") == "idle" for s in sessions):
            return
        time.sleep(0.3)
    pytest.fail(f"the kernel of {NOTEBOOK} did not start in {timeout} s")


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


@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server on loopback with a token, serving a copy of the notebooks."""
    work = tmp_path / "work"
    shutil.copytree(ROOT / "notebooks", work / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    write_settings(tmp_path / "settings")
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ,
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    log = (tmp_path / "jupyterlab.log").open("w")
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
                pytest.fail("JupyterLab exited:\n" + (tmp_path / "jupyterlab.log").read_text())
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start in 90 s:\n"
                                + (tmp_path / "jupyterlab.log").read_text())
                time.sleep(0.3)
        yield {"url": f"{base}/lab/tree/{NOTEBOOK}?token={token}", "tmp": tmp_path,
               "base": base, "token": token}
    finally:
        stop(server)
        log.close()


@pytest.fixture
def page(lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(lab["tmp"] / "chromium-profile"), executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS, headless=True, viewport={"width": 1400, "height": 1000})
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


# Arms a measurement: from the next key press inside the explorer to the figure's bars or
# highlighted bands (shapes) changing.
ARM_JS = """
(selector) => {
  const root = document.querySelector(selector);
  const plot = root.querySelector('.js-plotly-plot');
  const bars = () => Array.from(plot.querySelectorAll('.bars .point path, .shapelayer path'))
      .map(p => (p.getAttribute('d') || '') + (p.style.fill || '')).join('|');
  const before = bars();
  window.__bkMeasure = new Promise((resolve) => {
    let t0 = null;
    root.addEventListener('keydown', () => { t0 = performance.now(); },
                          {capture: true, once: true});
    const observer = new MutationObserver(() => {
      if (t0 !== null && bars() !== before) {
        observer.disconnect();
        resolve({ms: performance.now() - t0, changed: true});
      }
    });
    observer.observe(plot, {subtree: true, childList: true, attributes: true});
    setTimeout(() => { observer.disconnect(); resolve({ms: null, changed: false}); }, 10000);
  });
}
"""


def test_bluff_notebook_in_jupyterlab(page, lab):
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        check_bluff_notebook(page, lab)
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "jupyterlab_failure.png"))
        shutil.copy(lab["tmp"] / "jupyterlab.log", ARTIFACTS / "jupyterlab_failure.log")
        raise


def check_bluff_notebook(page, lab):
    started = time.monotonic()
    page.goto(lab["url"])
    page.locator(".jp-Notebook").first.wait_for(timeout=90_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    wait_for_kernel(lab)
    run_menu = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text="Run").first
    run_menu.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()

    table = page.locator(".bk-bluff-table")
    explorer = page.locator(".bk-count-explorer")
    explorer.wait_for(state="attached", timeout=RUN_ALL_TIMEOUT_MS)
    table.wait_for(state="attached", timeout=RUN_ALL_TIMEOUT_MS)
    opened = time.monotonic() - started

    # -- every cell ran without an error ------------------------------------------------------
    errors = page.locator(".jp-OutputArea-output[data-mime-type="
                          "'application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()

    # -- BluffTable: bid, then Explain ----------------------------------------------------------
    table.scroll_into_view_if_needed()
    history = table.locator(".bk-history")
    page.wait_for_function("() => document.querySelector('.bk-bluff-table .bk-history')"
                           ".innerText.includes('Round')", timeout=30_000)
    assert table.locator(".bk-players .bk-die-hidden").count() == 15  # 3 bots x 5 dice
    before = history.inner_text()
    table.locator("button.bk-bid").click()
    page.wait_for_function(
        "(b) => document.querySelector('.bk-bluff-table .bk-history').innerText !== b",
        arg=before, timeout=30_000)
    after = history.inner_text()
    assert "You bid" in after and after != before
    table.locator("button.bk-explain").click()
    body = table.locator(".bk-explain-body")
    page.wait_for_function("() => document.querySelector('.bk-bluff-table .bk-explain-body')"
                           ".innerText.includes('Recommended')", timeout=30_000)
    assert "Model:" in body.inner_text()
    body.locator("mjx-container").first.wait_for(timeout=30_000)  # fractions typeset as math
    table.screenshot(path=str(ARTIFACTS / "jupyterlab_bluff_table.png"))

    # -- CountExplorer: move the bid slider; the figure and the text follow -------------------
    explorer.scroll_into_view_if_needed()
    explorer.locator(".js-plotly-plot .bars .point path").first.wait_for(state="attached",
                                                                    timeout=60_000)
    result = explorer.locator(".bk-result")
    text_before = result.inner_text()
    assert "P(7x3 stands)" in text_before
    handle = explorer.locator(".bk-bid-count .noUi-handle")
    timings = []
    for i in range(PRESSES):
        key = "ArrowRight" if i % 2 == 0 else "ArrowLeft"
        page.evaluate(ARM_JS, ".bk-count-explorer")
        handle.press(key)
        got = page.evaluate("() => window.__bkMeasure")
        assert got["changed"], f"the figure did not change after {key}"
        timings.append(got["ms"])
        page.wait_for_function(
            "(want) => document.querySelector('.bk-count-explorer .bk-result')"
            ".innerText.includes(want)", arg="P(8x3 stands)" if key == "ArrowRight"
            else "P(7x3 stands)", timeout=10_000)
    handle.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.bk-count-explorer .bk-result')"
                           ".innerText.includes('P(8x3 stands)')", timeout=10_000)
    assert result.inner_text() != text_before
    explorer.screenshot(path=str(ARTIFACTS / "jupyterlab_count_explorer.png"))
    page.screenshot(path=str(ARTIFACTS / "jupyterlab_01_bluff.png"))

    report = {"notebook": NOTEBOOK, "open_and_run_all_s": round(opened, 1),
              "whole_test_s": round(time.monotonic() - started, 1),
              "slider_to_figure_ms": [round(t, 1) for t in timings],
              "median_ms": round(statistics.median(timings), 1),
              "max_ms": round(max(timings), 1), "target_ms": 100}
    (ARTIFACTS / "browser_timing.json").write_text(json.dumps(report, indent=2) + "\n")
    print("\nbrowser test:", json.dumps(report))
    assert max(timings) < 10_000
