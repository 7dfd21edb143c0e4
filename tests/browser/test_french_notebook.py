"""A French notebook in a real browser (``notebooks/fr/05_bungee.ipynb``): it runs top to
bottom in JupyterLab, what a student reads in its outputs (printed text, the advice, the
figures' titles, the explorer and the table) is French, and the table's language switch turns
it to English and back. A screenshot goes to ``test-artifacts/``."""

from __future__ import annotations

import re

NOTEBOOK = "notebooks/fr/05_bungee.ipynb"
TABLE = ".bk-bungee-table"
ENGLISH = re.compile(r"\b(the|your|you|with|and|which|when|this|worth|hand|round|wins?|unseen|"
                     r"cards?|games?|lucky|draw|discard|play|seed|bots?|player|expected|"
                     r"new|turn|explain)\b", re.IGNORECASE)
"""English words none of which is a French word (``Bungee`` and card names are left out)."""

SHOWN_JS = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .map(o => { const c = o.cloneNode(true);
                c.querySelectorAll('code, .modebar-container').forEach(e => e.remove());
                return c.textContent; })
    .join(' \\n ')"""
"""Every output's text as a reader meets it, the figures' SVG text included (code spans and
plotly's toolbar tooltips left out)."""


def test_a_french_notebook_runs_and_shows_french_in_jupyterlab(jl):
    jl.open(NOTEBOOK)
    jl.run_all()
    jl.page.wait_for_function(  # the lesson's figures are drawn
        "() => document.querySelectorAll('.jp-OutputArea .js-plotly-plot').length >= 2",
        timeout=60_000)
    # the explorer's figure: plotly's toolbar in French (its locale ships with bluffkit)
    jl.page.wait_for_function(
        "() => document.querySelectorAll('.bk-live-figure .modebar-btn').length > 0",
        timeout=60_000)
    tips = jl.page.evaluate("() => Array.from(document.querySelectorAll("
                            "'.bk-live-figure .modebar-btn')).map(b => b.dataset.title)")
    assert "Télécharger le graphique en fichier PNG" in tips, tips
    assert "Download plot as a PNG" not in tips and "Autoscale" not in tips, tips
    table = jl.show(TABLE)
    jl.wait_for_text(f"{TABLE} .bk-status", "Manche")
    shown = jl.page.evaluate(SHOWN_JS)
    assert "Manche" in shown and "main" in shown and "pioche" in shown, shown[:400]
    english = sorted({shown[max(0, m.start() - 60):m.end() + 30] for m in ENGLISH.finditer(shown)})
    assert not english, english
    switch = table.locator(".bk-language button", has_text="English")
    switch.click()
    jl.wait_for_text(f"{TABLE} .bk-status", "Round")
    assert "Play" in table.inner_text() or "Take" in table.inner_text()
    table.locator(".bk-language button", has_text="Français").click()
    jl.wait_for_text(f"{TABLE} .bk-status", "Manche")
    assert not ENGLISH.findall(table.inner_text().replace("Bungee", "")), table.inner_text()
    jl.screenshot(TABLE, "jupyterlab_french_bungee_table")
    assert not jl.errors, jl.errors
