"""Handouts without Chromium (pip cannot install one): ``bluffkit handout`` says so in words and
writes the sheets as one HTML file (each student's sheet on its own printed page) and the key, to
print from any browser. Chromium is hidden from the command (an empty PATH, no
BLUFFKIT_CHROMIUM); where it exists, the test prints the HTML file with it as a browser would and
reads the pages back."""

from __future__ import annotations

import html
import re
import shutil
import subprocess

import pytest

from bluffkit.cli import main
from bluffkit.exercises import load
from bluffkit.exercises.core import plain
from bluffkit.teacher.handout import NoChromium, chromium, print_pdf


@pytest.fixture
def no_chromium(monkeypatch, tmp_path):
    real = shutil.which("chromium")
    monkeypatch.delenv("BLUFFKIT_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    return real


def flat(markdown: str) -> str:
    return " ".join(plain(markdown).replace("*", "").split())


def text_of(page: str) -> str:
    """The words a browser shows (inline tags joined, block tags apart)."""
    inline = re.sub(r"</?(strong|em|code|span)\b[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def test_without_chromium_the_sheets_are_html_to_print(no_chromium, tmp_path, capsys):
    with pytest.raises(NoChromium, match="apt-get install chromium"):
        chromium()
    out = tmp_path / "sheets"
    assert main(["handout", "bluff", "--seeds", "8-9", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "No PDF was made" in said and "Chromium" in said and "Ctrl+P" in said
    assert "bluff-sheets.html" in said and "bluff-key.html" in said
    assert sorted(p.name for p in out.iterdir()) == ["bluff-key.html", "bluff-sheets.html"]
    sheets = (out / "bluff-sheets.html").read_text(encoding="utf-8")
    assert sheets.count('<section class="seed">') == 2 and "break-before: page" in sheets
    assert "<script" not in sheets and "\\frac" not in sheets
    shown = text_of(sheets)
    for seed in (8, 9):
        assert f"Seed {seed}" in shown
        for q in load("bluff", seed=seed):
            if "$" not in q.statement():
                assert flat(q.statement()) in shown, (seed, q.number)
    key_page = (out / "bluff-key.html").read_text(encoding="utf-8")
    assert "<math" in key_page and "\\frac" not in key_page   # maths drawn by the browser
    key = text_of(key_page)
    for q in load("bluff", seed=9):
        assert " ".join(q.kind.show(q.expected()).split()) in key


def test_the_message_and_names_in_french(no_chromium, tmp_path, capsys):
    assert main(["--lang", "fr", "handout", "bluff", "--seeds", "3", "--out", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert "Aucun PDF" in said and "bluff-feuilles.html" in said
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".html") == [
        "bluff-corrige.html", "bluff-feuilles.html"]
    assert 'lang="fr"' in (tmp_path / "bluff-feuilles.html").read_text(encoding="utf-8")


def test_a_browser_prints_one_student_per_page(no_chromium, tmp_path):
    """The HTML file printed by a browser (Chromium, found before it was hidden): one page or
    more per student, each student's sheet starting on a new page."""
    if no_chromium is None or shutil.which("pdftotext", path="/usr/bin") is None:
        pytest.skip("chromium and pdftotext are missing (./scripts/test installs them)")
    assert main(["handout", "bluff", "--seeds", "4-6", "--out", str(tmp_path)]) == 0
    pdf = tmp_path / "printed.pdf"
    print_pdf(tmp_path / "bluff-sheets.html", pdf, no_chromium)
    text = subprocess.run(["/usr/bin/pdftotext", "-enc", "UTF-8", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")
    starts = [i for i, page in enumerate(pages) if re.search(r"Seed [456]\b", page)]
    assert len(starts) == 3 and starts[0] == 0
    for i, seed in zip(starts, (4, 5, 6)):
        assert f"Seed {seed}" in pages[i] and "Question 1." in pages[i]
