"""The Bluff You notebook in a real browser (JupyterLab + headless chromium, via Playwright).

Reuses the harness of ``test_jupyterlab.py`` (server on loopback with a token, chromium profile,
every process killed at the end), loaded as a separate module whose ``NOTEBOOK`` is
``notebooks/02_bluff_you.ipynb``. Runs every cell, plays a move and opens "Explain" in the
``BluffYouTable``, and changes the announced number in the ``SumExplorer``: the figure and
Bayes' rule follow. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import importlib.util
import shutil
import time
from pathlib import Path

import pytest

HARNESS = Path(__file__).with_name("test_jupyterlab.py")
NOTEBOOK = "notebooks/02_bluff_you.ipynb"


if not HARNESS.exists():  # pragma: no cover - the harness is test_jupyterlab.py, beside this file
    pytest.skip("the browser harness tests/browser/test_jupyterlab.py is missing",
                allow_module_level=True)


def _harness():
    spec = importlib.util.spec_from_file_location("_bluffkit_browser_harness_02", HARNESS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.NOTEBOOK = NOTEBOOK  # the fixtures read it when they run
    return module


_h = _harness()
lab, page = _h.lab, _h.page  # the harness's fixtures, serving this notebook
pytestmark = _h.pytestmark

BARS = ("() => Array.from(document.querySelectorAll('.bk-sum-explorer .js-plotly-plot "
        ".bars .point path')).map(p => p.style.fill).join('|')")


def test_bluff_you_notebook_in_jupyterlab(page, lab):
    _h.ARTIFACTS.mkdir(exist_ok=True)
    try:
        check_notebook(page, lab)
    except BaseException:
        page.screenshot(path=str(_h.ARTIFACTS / "jupyterlab_02_failure.png"))
        shutil.copy(lab["tmp"] / "jupyterlab.log", _h.ARTIFACTS / "jupyterlab_02_failure.log")
        raise


def check_notebook(page, lab):
    started = time.monotonic()
    page.goto(lab["url"])
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
    _h.wait_for_kernel(lab)
    page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    table = page.locator(".bk-bluff-you-table")
    explorer = page.locator(".bk-sum-explorer")
    table.wait_for(state="attached", timeout=120_000)
    explorer.wait_for(state="attached", timeout=120_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type="
                          "'application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()

    # -- BluffYouTable: it is my turn as bluffer; play the preselected move, then Explain ------
    table.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('.bk-bluff-you-table .bk-history')"
                           ".innerText.includes('you roll')", timeout=30_000)
    assert table.locator(".bk-board .bk-token").count() == 16
    history = table.locator(".bk-history")
    before = history.inner_text()
    table.locator("button.bk-play").click()
    page.wait_for_function(
        "(b) => document.querySelector('.bk-bluff-you-table .bk-history').innerText !== b",
        arg=before, timeout=30_000)
    assert "You announce" in history.inner_text()
    table.locator("button.bk-explain").click()
    page.wait_for_function(
        "() => { const t = document.querySelector('.bk-bluff-you-table .bk-explain-body')"
        ".innerText; return t.includes('Recommended') || t.includes('Advice appears'); }",
        timeout=60_000)
    table.screenshot(path=str(_h.ARTIFACTS / "jupyterlab_bluff_you_table.png"))

    # -- SumExplorer: announce another number; the bars and Bayes' rule follow -----------------
    explorer.scroll_into_view_if_needed()
    bars = explorer.locator(".js-plotly-plot .bars .point path").first
    try:
        bars.wait_for(timeout=30_000)
    except Exception:  # plotly may draw an empty plot in a container sized late: resize it
        page.set_viewport_size({"width": 1420, "height": 1000})
        bars.wait_for(timeout=30_000)
    bayes = explorer.locator(".bk-bayes")
    assert "P(true | announced 17)" in bayes.inner_text()
    bars_before = page.evaluate(BARS)
    explorer.locator(".bk-announced select").select_option("3")
    page.wait_for_function("() => document.querySelector('.bk-sum-explorer .bk-bayes')"
                           ".innerText.includes('P(true | announced 3)')", timeout=30_000)
    page.wait_for_function(f"(b) => ({BARS})() !== b", arg=bars_before, timeout=30_000)
    explorer.screenshot(path=str(_h.ARTIFACTS / "jupyterlab_sum_explorer.png"))
    print(f"\nbrowser test 02_bluff_you: {time.monotonic() - started:.1f} s")
