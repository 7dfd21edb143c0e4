"""Driving the site of ``bluffkit lite`` in chromium: the site's static server and the refusing
proxy (every host but loopback), and what a student does in JupyterLite's pages: open a
notebook, run every cell, add a cell and run it, play a table and press Explain.

Shared by the browser tests of ``tests/lite`` (their fixtures are in ``conftest.py``) and by
``benchmarks/lite_site.py``.
"""

from __future__ import annotations

import functools
import http.server
import re
import socketserver
import threading
import time
import urllib.parse
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
CHROMIUM_SERVICES = {"accounts.google.com", "update.googleapis.com", "clients2.google.com",
                     "content-autofill.googleapis.com", "optimizationguide-pa.googleapis.com"}
"""Hosts Chromium asks by itself (seen here with only about:blank open), whatever the page."""
KERNEL_TIMEOUT_MS = 240_000
RUN_ALL_TIMEOUT_MS = 300_000

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
"""The notebook shown (the site opens one notebook per page)."""
PROMPTS_JS = f"""() => Array.from(document.querySelectorAll(
    '{PANEL} .jp-CodeCell .jp-InputArea-prompt')).map(p => p.textContent.trim())"""
ERRORS = f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
IDLE_JS = ("() => /\\| *(Idle|Inactif)/.test(document.querySelector('#jp-main-statusbar')"
           "?.textContent || '')")
"""The status bar says "Python (Pyodide) | Idle", « Inactif » on the French site. (The
notebook toolbar's indicator is no substitute: it reads idle 3.6 s after the page opens, while
the kernel is still starting; the status bar says Idle at 15.1 s, measured here.)"""

TABLES = {
    "BluffTable": (".bk-bluff-table", "button.bk-bid"),
    "BluffYouTable": (".bk-bluff-you-table", ".bk-play, .bk-ok"),
    "PokerDiceTable": (".bk-poker-dice-table", ".bk-ante, .bk-call, .bk-pass"),
    "JungleTable": (".bk-jungle-table", ".bk-play"),
    "BungeeTable": (".bk-bungee-table", ".bk-play"),
}
"""Each game's table: its root, and its move buttons (the first one shown is pressed)."""


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


def serve_site(site: Path):
    """A static file server for ``site`` on loopback; its address is ``url_of(server)``."""
    return serve(functools.partial(Quiet, directory=str(site)))


def url_of(server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


def stop(*servers) -> None:
    for server in servers:
        server.shutdown()
        server.server_close()


FORGET_LAYOUT_JS = """async () => {
    const name = 'JupyterLite Storage - /';
    if (!(await indexedDB.databases()).some(d => d.name === name)) return false;
    const db = await new Promise((ok, ko) => {
        const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = ko; });
    const had = db.objectStoreNames.contains('statedb');
    if (had) await new Promise((ok, ko) => {
        const t = db.transaction('statedb', 'readwrite');
        t.objectStore('statedb').clear(); t.oncomplete = ok; t.onerror = ko; });
    db.close();
    return had; }"""
"""Forget the notebooks JupyterLite reopens when its page loads (its ``statedb``, kept in the
browser): each reopened notebook starts a Pyodide kernel of its own, and a page opened after
five notebooks started six."""


def open_notebook(page, base: str, path: str) -> float:
    """Open ``path`` (``notebooks/01_bluff.ipynb``) in the site at ``base``, alone (the
    notebooks opened before are not reopened); return the seconds until its kernel is idle."""
    page.goto(f"{base}/jupyter-lite.json")  # the site's origin, without JupyterLite running
    page.evaluate(FORGET_LAYOUT_JS)
    start = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={path}")
    page.locator(f"{PANEL} .jp-Cell").first.wait_for(timeout=60_000)
    page.wait_for_function(IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    return time.monotonic() - start


def open_menu(page, menu: str) -> None:
    """Open the main menu whose id is ``menu`` (``jp-mainmenu-run``), in any language: each
    menu of the bar is opened in turn until it is that one."""
    items = page.locator("#jp-MainMenu .lm-MenuBar-item")
    for i in range(items.count()):
        items.nth(i).click()
        if page.locator(f"#{menu}").count():
            return
        page.keyboard.press("Escape")
    raise AssertionError(f"no menu {menu} in the menu bar")


def run_all(page) -> float:
    """Run every cell of the notebook shown (Run > Run All Cells, found by their ids: the
    site's interface may be in French); wait until every code cell has run, failing with the
    error a cell wrote; return the seconds it took."""
    start = time.monotonic()
    open_menu(page, "jp-mainmenu-run")
    page.locator('#jp-mainmenu-run .lm-Menu-item[data-command="runmenu:run-all"]').click()
    page.wait_for_function(  # all have run, or one wrote an error (Run All stops there)
        f"""() => {{ const p = ({PROMPTS_JS})();
            return (p.length > 0 && p.every(x => /\\[\\d+\\]/.test(x)))
                || document.querySelector("{ERRORS}") !== null; }}""",
        timeout=RUN_ALL_TIMEOUT_MS)
    errors = page.locator(ERRORS).evaluate_all("els => els.map(e => e.textContent)")
    assert not errors, errors[0][-3000:]
    page.wait_for_function(IDLE_JS, timeout=60_000)
    return time.monotonic() - start


def run_new_cell(page, code: str, until: str) -> str:
    """Add a cell after the last one, type ``code`` (lines without indentation) and run it;
    return its output once it matches the regular expression ``until`` (or shows an error)."""
    count = page.locator(f"{PANEL} .jp-CodeCell").count()
    page.locator(f"{PANEL} .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type(code)
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        f"""([n, until]) => {{
            const c = document.querySelectorAll("{PANEL} .jp-CodeCell")[n];
            const t = c?.querySelector('.jp-OutputArea')?.textContent || '';
            return new RegExp(until).test(t) || /Error|Traceback/.test(t); }}""",
        arg=[count, until], timeout=120_000)
    text = page.locator(f"{PANEL} .jp-CodeCell").nth(count).locator(".jp-OutputArea").inner_text()
    assert "Traceback" not in text and "Error" not in text, text
    return text


def wait_for_text(page, selector: str, changed_from: str | None = None,
                  timeout: float = 60_000) -> str:
    """The text of ``selector`` once it is shown and not empty (and differs from
    ``changed_from``)."""
    page.wait_for_function(
        """([s, before]) => { const e = document.querySelector(s);
            return e && e.offsetParent !== null && e.innerText.trim().length > 0
                && (before === null || e.innerText !== before); }""",
        arg=[selector, changed_from], timeout=timeout)
    return page.locator(selector).first.inner_text()


def play_and_explain(page, table: str) -> str:
    """In the notebook's ``table`` (a key of ``TABLES``): wait for the deal, make a move (the
    first move button shown), press Explain; return the explanation's text, checked to be one
    a student can read (no traceback, no Python ``None``)."""
    root, moves = TABLES[table]
    page.locator(root).first.scroll_into_view_if_needed()
    before = wait_for_text(page, f"{root} .bk-history")
    page.locator(root).locator(moves).locator("visible=true").first.click()
    wait_for_text(page, f"{root} .bk-history", changed_from=before)
    page.locator(f"{root} button.bk-explain").first.click()
    text = wait_for_text(page, f"{root} .bk-explain-body", timeout=120_000)
    assert "Traceback" not in text and "Something went wrong" not in text, text
    assert not re.search(r"\bNone\b", text), text
    return text


def first_table_drawn(page, base: str, path: str) -> float:
    """Open ``path``, run its first code cell (its imports) and the cell making its table;
    return the seconds from opening the page to the table's buttons drawn."""
    start = time.monotonic()
    open_notebook(page, base, path)
    cells = page.locator(f"{PANEL} .jp-CodeCell")
    table = next(name for name in TABLES
                 if page.locator(f"{PANEL} .jp-CodeCell", has_text=f"{name}(").count())
    for cell in (cells.first, page.locator(f"{PANEL} .jp-CodeCell", has_text=f"{table}(").last):
        cell.locator(".cm-content").click()
        page.keyboard.press("Shift+Enter")
    page.locator(f"{TABLES[table][0]} button.bk-explain").first.wait_for(timeout=180_000)
    return time.monotonic() - start
