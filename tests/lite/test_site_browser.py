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
collect`` verifies its signature with the course key.

Timings (page open to the kernel ready, and to the cell's output drawn, with a cold then a warm
browser cache) and the site's size go to ``test-artifacts/lite_timing.json``.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import time
from pathlib import Path

import pytest

from tests.lite.conftest import BLUFFKIT, ROOT
from tests.lite.pages import CHROMIUM, IDLE_JS, KERNEL_TIMEOUT_MS

ARTIFACTS = ROOT / "test-artifacts"
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lite-browser"),
              pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing "
                                 "(scripts/test installs it: apt-get install chromium)")]
RESULTS_CELL = ('from bluffkit.exercises import load\n'
                'sheet = load("bluff", seed=2026, student="ada")\n'
                'sheet.q1.check("1/3")')


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
    page.wait_for_function(IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
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


def test_notebook_00_runs_in_the_browser_with_nothing_from_outside(site, servers, browser):
    (site, _key), (base, _base_fr, refuser) = site, servers
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
    (_site, key), base = site, servers[0]
    handed_in = tmp_path_factory.mktemp("handed-in")
    page = browser.context.new_page()
    open_start_page(page, base)
    saved = save_results(page, handed_in)
    page.close()
    browser.check_nothing_left()
    assert not isinstance(saved, str), saved  # the cell's error
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
