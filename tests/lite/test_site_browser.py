"""The site of ``bluffkit lite`` in Debian's chromium (issue 30 item 3): built once by the
command, served from loopback by a plain static file server. The first page opens notebook 00;
its first cell (``import bluffkit`` and the list of the five games) runs in the Pyodide kernel.

Nothing leaves loopback, counted twice: every request of the site's pages and workers (its
service worker too) for another host is refused and counted by Playwright (0 expected), and the
browser's proxy, for every host but loopback, is a refuser that writes down what reached it:
only Chromium's own services (update checks, account and autofill services, which it asks
for even on an empty page) may appear there.

Then a student's results stay in the browser's storage and download as the signed file
``bluffkit results collect`` reads: a new cell loads the Bluff exercises for "ada" (the log in the
notebook's folder, the site built with ``--key-file``) and checks an answer; the file browser
lists ``bluffkit-results-ada.jsonl``, its Download gives the file, and ``bluffkit results
collect`` verifies its signature with the course key. Until the exercises import without numpy
(issue 30 item 1) that step is an expected failure naming the cause.

Timings (page open to the kernel ready, and to the cell's output drawn, with a cold then a warm
browser cache) and the site's size go to ``test-artifacts/lite_timing.json``.
"""

from __future__ import annotations

import datetime
import functools
import http.server
import json
import os
import socketserver
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from tests.lite.conftest import ROOT, pyodide_runtime

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
START_TIMEOUT_MS = 240_000
CHROMIUM_SERVICES = {"accounts.google.com", "update.googleapis.com", "clients2.google.com",
                     "content-autofill.googleapis.com", "optimizationguide-pa.googleapis.com"}
"""Hosts Chromium asks by itself (seen here with only about:blank open), whatever the page."""
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lite-browser"),
              pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing "
                                 "(scripts/test installs it: apt-get install chromium)")]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Refuser(socketserver.StreamRequestHandler):
    """The browser's proxy for every host but loopback: writes down what was asked, refuses."""

    def handle(self):
        line = self.rfile.readline(8192).decode("latin-1").strip()
        self.server.asked.append(line)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n"
                         b"Connection: close\r\n\r\n")


def loopback(url: str) -> bool:
    return urllib.parse.urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1")


def host_of(request_line: str) -> str:
    """The host of a proxy request line (``CONNECT host:443 ...`` or ``GET http://host/...``)."""
    target = request_line.split()[1]
    return (urllib.parse.urlsplit(target).hostname if "://" in target
            else target.rsplit(":", 1)[0])


def serve(handler, **attributes):
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    for name, value in attributes.items():
        setattr(server, name, value)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


BLUFFKIT = str(Path(sys.executable).with_name("bluffkit"))
RESULTS_CELL = ('from bluffkit.exercises import load\n'
                'sheet = load("bluff", seed=2026, student="ada")\n'
                'sheet.q1.check("1/3")')


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(The site, its course key file), built once by ``bluffkit lite`` (the wheel built from
    this checkout, or the one ``$BLUFFKIT_LITE_WHEEL`` names)."""
    pyodide = pyodide_runtime()
    folder = tmp_path_factory.mktemp("lite")
    key = folder / "course.key"
    key.write_text("a course key for the lite test\n")
    done = subprocess.run([BLUFFKIT, "lite", str(folder / "site"), "--pyodide", str(pyodide),
                           "--key-file", str(key),
                           *(["--wheel", os.environ["BLUFFKIT_LITE_WHEEL"]]
                             if os.environ.get("BLUFFKIT_LITE_WHEEL") else [])],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "Built the site" in done.stdout
    return folder / "site", key


@pytest.fixture(scope="module")
def servers(site):
    web = serve(functools.partial(Quiet, directory=str(site[0])))
    refuser = serve(Refuser, asked=[])
    yield f"http://127.0.0.1:{web.server_address[1]}", refuser
    for server in (web, refuser):
        server.shutdown()
        server.server_close()


def open_start_page(page, base: str) -> dict:
    """Open the site's first page; run notebook 00's first code cell. Returns the seconds from
    opening to the kernel ready and to the cell's output drawn."""
    start = time.monotonic()
    page.goto(f"{base}/index.html")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=60_000)
    page.wait_for_function(  # the notebook the first page opens is notebook 00
        "() => Array.from(document.querySelectorAll('#jp-main-dock-panel .lm-TabBar-tab."
        "lm-mod-current')).some(t => t.textContent.includes('00_start_here.ipynb'))",
        timeout=30_000)
    page.wait_for_function(  # the status bar says "Python (Pyodide) | Idle"
        "() => /\\| *Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent"
        " || '')", timeout=START_TIMEOUT_MS)
    ready = time.monotonic() - start
    cell = page.locator(".jp-NotebookPanel .jp-CodeCell").first
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    output = cell.locator(".jp-OutputArea-output")
    output.first.wait_for(timeout=120_000)
    page.wait_for_function(
        "() => { const c = document.querySelector('.jp-NotebookPanel .jp-CodeCell'); "
        "return c && /Bungee/.test(c.querySelector('.jp-OutputArea')?.textContent || ''); }",
        timeout=120_000)
    drawn = time.monotonic() - start
    text = cell.locator(".jp-OutputArea").inner_text()
    assert "Traceback" not in text and "Error" not in text, text
    return {"kernel_ready_s": round(ready, 2), "first_output_s": round(drawn, 2),
            "output": text}


def save_results(page, folder: Path) -> Path | str:
    """Run ``RESULTS_CELL`` in a new cell after the first; download the results log from the
    file browser into ``folder``. Returns its path, or the cell's output if it failed."""
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.locator(".cm-content").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below, in edit mode after Enter
    page.keyboard.press("Enter")
    page.keyboard.type(RESULTS_CELL)
    page.keyboard.press("Shift+Enter")
    cell = page.locator(".jp-NotebookPanel .jp-CodeCell").nth(1)
    cell.locator(".jp-OutputArea-output").first.wait_for(timeout=180_000)
    page.wait_for_function(  # the check's feedback, or an error
        "() => { const c = document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell')[1];"
        " return /stars|Error/.test(c?.querySelector('.jp-OutputArea')?.textContent || ''); }",
        timeout=120_000)
    output = cell.locator(".jp-OutputArea").inner_text()
    if "Error" in output:
        return output
    item = page.locator(".jp-DirListing-item", has_text="bluffkit-results-ada.jsonl").first
    item.wait_for(timeout=60_000)  # in the file browser: kept in the browser's storage
    item.click(button="right")
    with page.expect_download() as download:
        page.locator(".lm-Menu-itemLabel", has_text="Download").first.click()
    target = folder / "bluffkit-results-ada.jsonl"
    download.value.save_as(target)
    return target


class Browser:
    """The session's chromium: its context, the site's requests refused off loopback (by
    Playwright) and the refusing proxy's record (everything else the browser asked)."""

    def __init__(self, context, refused: list, refuser):
        self.context, self.refused, self.refuser = context, refused, refuser

    def check_nothing_left(self) -> None:
        assert self.refused == []  # the site asked for nothing outside loopback
        assert {host_of(line) for line in self.refuser.asked} <= CHROMIUM_SERVICES, \
            self.refuser.asked


@pytest.fixture(scope="module")
def browser(servers, tmp_path_factory, playwright_driver):
    _base, refuser = servers
    refused = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-lite")), executable_path=str(CHROMIUM),
        headless=True, viewport={"width": 1400, "height": 1000}, accept_downloads=True,
        args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
              "--disable-background-networking", "--disable-component-update",
              "--disable-sync", f"--proxy-server=http://127.0.0.1:{refuser.server_address[1]}"])
    context.route(lambda url: not loopback(url), refuse)
    try:
        yield Browser(context, refused, refuser)
    finally:
        context.close()


def test_notebook_00_runs_in_the_browser_with_nothing_from_outside(site, servers, browser):
    (site, _key), (base, refuser) = site, servers
    timings = {}
    for run in ("cold", "warm"):
        page = browser.context.new_page()
        failed = []
        page.on("requestfailed", lambda r, failed=failed: failed.append(r.url))
        timings[run] = open_start_page(page, base)
        assert not [u for u in failed if u.startswith(base)], failed
        page.close()
    games = timings["cold"].pop("output")
    timings["warm"].pop("output")
    for title in ("Bluff", "Bluff You", "Poker", "Jungle", "Bungee"):
        assert title in games, games
    browser.check_nothing_left()
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "lite_timing.json").write_text(json.dumps({
        "when": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "site_bytes": size, "site_requests_off_loopback": len(browser.refused),
        "chromium_own_requests_refused": len(refuser.asked), **timings}, indent=1))


def test_results_stay_in_the_browser_and_download_signed(site, servers, browser,
                                                         tmp_path_factory):
    (_site, key), (base, _refuser) = site, servers
    handed_in = tmp_path_factory.mktemp("handed-in")
    page = browser.context.new_page()
    open_start_page(page, base)
    saved = save_results(page, handed_in)
    page.close()
    browser.check_nothing_left()
    if isinstance(saved, str):
        assert "No module named 'numpy'" in saved, saved
        pytest.xfail("issue 30 item 1 not landed: the exercises need numpy in the browser")
    collected = subprocess.run([BLUFFKIT, "results", "collect", str(handed_in), "--key-file",
                                str(key), "--csv", str(handed_in / "grades.csv")],
                               capture_output=True, text=True, timeout=120)
    assert collected.returncode == 0, collected.stderr
    assert "Answers counted: 1; students: 1; files read: 1." in collected.stdout
    assert "problem" not in collected.stdout
    header, ada = (handed_in / "grades.csv").read_text(encoding="utf-8-sig").splitlines()[:2]
    row = dict(zip(header.split(","), ada.split(",")))  # the one answer, "1/3", is wrong
    points = next(h for h in row if h.endswith(": points"))  # "<the set's title>: points"
    assert row["student"] == "ada" and row[points] == "0", (header, ada)
