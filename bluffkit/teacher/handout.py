"""Printable sheets: one PDF per seed (a student's own numbers, room to answer) and the
teacher's key (answers and worked solutions per seed): ``bluffkit handout bluff --seeds 1-30
--out DIR``.

How: each sheet is a self-contained HTML page (no script, no network), the Markdown of the
statements turned into HTML by mistune and their LaTeX into MathML by latex2mathml, printed by
headless Chromium's ``--print-to-pdf``. Why this tool: Chromium renders MathML natively (no
MathJax, no network, no TeX installation), it is the browser the project's tests already
install from Debian, and its print engine handles page breaks and A4 margins from CSS. (nbconvert's
webpdf exporter would need Playwright's own browser download; WeasyPrint does not render MathML.)

>>> parse_seeds("1-3,7")
[1, 2, 3, 7]
>>> "<mfrac>" in markdown_html("$P = \\\\frac{7}{27}$")
True
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..core import InvalidQuestion
from ..core.i18n import _, _p, get_language
from ..core.text import shorten
from ..exercises.mathml import mathml, with_mathml
from ..exercises.worksheets import load

MAX_SEEDS = 1000
CHROMIUM_VARIABLE = "BLUFFKIT_CHROMIUM"
"""A Chromium (or Chrome) to print with, if not ``chromium`` on the PATH."""


class NoChromium(InvalidQuestion):
    """No Chromium to print with (pip cannot install one): the sheets are written as HTML."""


def parse_seeds(text: str) -> list[int]:
    """Seeds written as ``1-30`` or ``3,5,8-10`` (each a whole number >= 0, at most 1000).

    Raises:
        InvalidQuestion: naming the part that is not a seed or a range.
    """
    seeds: list[int] = []
    for part in str(text).split(","):
        m = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", part)
        if not m or (m.group(2) and int(m.group(2)) < int(m.group(1))):
            raise InvalidQuestion(_("--seeds: {part} is not a seed or a range of seeds; write "
                                    "e.g. 1-30 or 3,5,8-10", part=shorten(part.strip())))
        first = int(m.group(1))
        last = int(m.group(2) or first)
        if last - first >= MAX_SEEDS or len(seeds) + last - first >= MAX_SEEDS:
            raise InvalidQuestion(_("--seeds: at most {most} sheets at a time", most=MAX_SEEDS))
        seeds += [s for s in range(first, last + 1) if s not in seeds]
    return seeds


def markdown_html(markdown: str) -> str:
    """HTML for bluffkit's Markdown: text escaped, ``$...$`` and ``$$...$$`` as MathML."""
    import mistune

    maths: list[str] = []

    def keep(m: re.Match) -> str:
        maths.append(mathml(m))
        return f"MATHZ{len(maths) - 1}Z"

    text = html.unescape(with_mathml(markdown, keep))  # entities from ``escape``: mistune escapes
    out = mistune.create_markdown(escape=True, plugins=["table"])(text)
    return re.sub(r"MATHZ(\d+)Z", lambda m: maths[int(m.group(1))], out)


CSS = """
@page { size: A4; margin: 16mm 16mm 18mm 16mm; }
body { font-family: "DejaVu Serif", "Liberation Serif", serif; font-size: 11pt; line-height: 1.4; }
h1 { font-size: 16pt; margin: 0 0 4pt 0; }
.who { display: flex; justify-content: space-between; border-bottom: 1px solid #444;
       padding-bottom: 6pt; margin-bottom: 10pt; }
.question { break-inside: avoid; margin-bottom: 12pt; }
.question h2 { font-size: 12pt; margin: 0 0 3pt 0; }
.answer { border: 1px solid #888; border-radius: 3pt; height: 30mm; margin-top: 4pt;
          padding: 3pt 6pt; color: #666; font-size: 9pt; }
.seed { break-before: page; }
.seed:first-of-type { break-before: auto; }
table { border-collapse: collapse; margin: 4pt 0; }
td, th { border: 1px solid #999; padding: 2pt 6pt; text-align: left; }
math { font-size: 1.1em; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; }
"""


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{get_language()}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>\n"
            f"<body>\n{body}\n</body></html>\n")


def sheet_html(exercise_set: str, seed: int) -> str:
    """A student's sheet: every question with their numbers and a box to answer in."""
    return _page(_("{set} seed {seed}", set=exercise_set, seed=seed),
                 sheet_body(exercise_set, seed))


def sheets_html(exercise_set: str, seeds: list[int]) -> str:
    """Every student's sheet in one page, each starting on a new sheet of paper when printed."""
    return _page(_("{set}: sheets", set=exercise_set), "\n".join(
        f'<section class="seed">{sheet_body(exercise_set, s)}</section>' for s in seeds))


def sheet_body(exercise_set: str, seed: int) -> str:
    ws = load(exercise_set, seed=seed)
    heading = html.escape(_("{title}: exercises", title=ws.title))
    who = html.escape(_("Seed {seed}", seed=seed)) + " &nbsp; " + html.escape(_("Name:"))
    parts = [f'<div class="who"><h1>{heading}</h1><span>{who} ____________________</span></div>']
    for q in ws:
        parts.append(
            '<div class="question"><h2>'
            + html.escape(_("Question {n}. {title}", n=q.number, title=q.title)) + "</h2>"
            f"{markdown_html(q.statement())}"
            '<div class="answer">' + html.escape(_("Answer:")) + "</div></div>")
    return "\n".join(parts)


def key_html(exercise_set: str, seeds: list[int]) -> str:
    """The teacher's key: per seed, a table of the answers then each worked solution."""
    parts = []
    for seed in seeds:
        ws = load(exercise_set, seed=seed)
        rows = "".join(f"<tr><td>Q{q.number}</td><td>{html.escape(q.title)}</td>"
                       f"<td>{html.escape(q.kind.show(q.expected()))}</td></tr>" for q in ws)
        heading = html.escape(_("{title}: key for seed {seed}", title=ws.title, seed=seed))
        question, answer = html.escape(_("Question")), html.escape(_("Answer"))
        parts.append(f'<section class="seed"><h1>{heading}'
                     f"</h1><table><tr><th></th><th>{question}</th><th>{answer}</th></tr>{rows}"
                     "</table>")
        for q in ws:
            parts.append(f'<div class="question"><h2>Q{q.number}. {html.escape(q.title)}</h2>'
                         f"{markdown_html(q.solution().message)}</div>")
        parts.append("</section>")
    return _page(_("{set} key", set=exercise_set), "\n".join(parts))


def chromium() -> str:
    """The Chromium to print with.

    Raises:
        InvalidQuestion: none found, saying how to install one.
    """
    found = os.environ.get(CHROMIUM_VARIABLE) or next(
        (p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome"))
         if p), None)
    if not found:
        raise NoChromium(_("printing needs Chromium: install it (Debian/Ubuntu: apt-get "
                           "install chromium) or set BLUFFKIT_CHROMIUM to its path"))
    return found


def print_pdf(page: Path, pdf: Path, browser: str) -> None:
    """Print an HTML file to PDF with headless Chromium.

    Raises:
        InvalidQuestion: Chromium failed, with the end of what it said.
    """
    with tempfile.TemporaryDirectory(prefix="bluffkit-chromium-") as profile:
        cmd = [browser, "--headless", "--disable-gpu", "--no-first-run", "--disable-extensions",
               f"--user-data-dir={profile}", "--no-pdf-header-footer",
               f"--print-to-pdf={pdf}", page.resolve().as_uri()]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.insert(1, "--no-sandbox")  # Chromium refuses root without it
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if not pdf.is_file() or pdf.stat().st_size == 0:
        raise InvalidQuestion(_("Chromium could not print {page} (exit status {status}): "
                                "{stderr}", page=page.name, status=done.returncode,
                                stderr=done.stderr.strip()[-300:]))


def sheet_names(exercise_set: str, seeds: list[int]) -> list[str]:
    """The PDFs' names (without ``.pdf``), one per seed and the key last, in the language.

    >>> sheet_names("bluff", [8, 10])
    ['bluff-seed-08', 'bluff-seed-10', 'bluff-key']
    """
    width = len(str(max(seeds)))
    seed, key = _p("file name", "seed"), _p("file name", "key")
    return [*(f"{exercise_set}-{seed}-{s:0{width}d}" for s in seeds), f"{exercise_set}-{key}"]


def write_html(exercise_set: str, seeds: list[int], out: Path) -> list[Path]:
    """Without Chromium: ``<set>-sheets.html`` (every sheet, one per printed page) and
    ``<set>-key.html`` in ``out``, to print from any browser (MathML is drawn by every current
    browser). Returns the two files."""
    load(exercise_set, seed=seeds[0])  # a clear error for an unknown set, before any work
    out.mkdir(parents=True, exist_ok=True)
    key, all_sheets = sheet_names(exercise_set, seeds)[-1], _p("file name", "sheets")
    sheets = out / f"{exercise_set}-{all_sheets}.html"
    sheets.write_text(sheets_html(exercise_set, seeds), encoding="utf-8")
    (out / f"{key}.html").write_text(key_html(exercise_set, seeds), encoding="utf-8")
    return [sheets, out / f"{key}.html"]


def write_handouts(exercise_set: str, seeds: list[int], out: Path, keep_html: bool = False,
                   workers: int = 2) -> tuple[list[Path], float]:
    """Write ``<set>-seed-<N>.pdf`` for each seed and ``<set>-key.pdf`` into ``out`` (in
    French ``<set>-graine-<N>.pdf`` and ``<set>-corrige.pdf``: :func:`sheet_names`).

    Returns:
        The PDFs written (the key last) and the seconds taken.

    Raises:
        NoChromium: no Chromium to print with (nothing written; :func:`write_html` instead).
    """
    start = time.perf_counter()
    load(exercise_set, seed=seeds[0])  # a clear error for an unknown set, before any work
    browser = chromium()
    out.mkdir(parents=True, exist_ok=True)
    names = sheet_names(exercise_set, seeds)
    jobs = [(name, sheet_html(exercise_set, s)) for name, s in zip(names, seeds)]
    jobs.append((names[-1], key_html(exercise_set, seeds)))
    with tempfile.TemporaryDirectory(prefix="bluffkit-handout-") as tmp:
        folder = out if keep_html else Path(tmp)
        pages = []
        for name, page in jobs:
            path = folder / f"{name}.html"
            path.write_text(page, encoding="utf-8")
            pages.append((path, out / f"{name}.pdf"))
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            list(pool.map(lambda job: print_pdf(*job, browser), pages))
    return [pdf for _html, pdf in pages], time.perf_counter() - start


__all__ = ["NoChromium", "chromium", "key_html", "markdown_html", "parse_seeds", "print_pdf",
           "sheet_html", "sheet_names", "sheets_html", "write_handouts", "write_html"]
