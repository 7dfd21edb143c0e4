"""Printable sheets: each student's PDF holds their own numbers (read back with pdftotext), the
key's answers are the ones ``solution()`` gives, and the maths is MathML, not raw LaTeX."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from bluffkit.cli import main
from bluffkit.core import InvalidQuestion
from bluffkit.exercises import exercise_sets, load
from bluffkit.exercises.core import plain
from bluffkit.teacher.handout import key_html, markdown_html, parse_seeds, sheet_html, sheet_names


def pdf_text(path) -> str:
    exe = shutil.which("pdftotext")
    if exe is None:
        pytest.skip("pdftotext is missing (Debian poppler-utils; ./scripts/test installs it)")
    out = subprocess.run([exe, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                         check=True)
    return " ".join(out.stdout.split())


def flat(markdown: str) -> str:
    return " ".join(plain(markdown).replace("*", "").split())


def test_sheets_and_key_printed_to_pdf(tmp_path, capsys):
    if shutil.which("chromium") is None:
        pytest.skip("chromium is missing (./scripts/test installs it)")
    assert main(["handout", "bluff", "--seeds", "8-9", "--out", str(tmp_path)]) == 0
    assert "Wrote 2 sheets and the key" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "bluff-key.pdf", "bluff-seed-8.pdf", "bluff-seed-9.pdf"]
    sheets = {s: pdf_text(tmp_path / f"bluff-seed-{s}.pdf") for s in (8, 9)}
    key = pdf_text(tmp_path / "bluff-key.pdf")
    differ = 0
    for seed, other in ((8, 9), (9, 8)):
        assert f"Seed {seed}" in sheets[seed] and "Name:" in sheets[seed]
        for q, o in zip(load("bluff", seed=seed), load("bluff", seed=other)):
            assert f"Question {q.number}. {q.title}" in sheets[seed]
            if "$" not in q.statement():
                assert flat(q.statement()) in sheets[seed], (seed, q.name)
                if flat(o.statement()) != flat(q.statement()):
                    differ += 1
                    assert flat(o.statement()) not in sheets[seed]
            # the key: the answer table and the solution's own rounded value
            assert f"Q{q.number} {q.title}" in key
            assert " ".join(q.kind.show(q.expected()).split()) in key, (seed, q.name)
            approx = re.search(r"≈ (\S+)$", q.solution().message)
            if approx:
                assert approx.group(0) in key
    assert differ >= 10   # the two students' numbers really differ
    for text in [*sheets.values(), key]:
        assert "\\frac" not in text and "$" not in text   # no raw LaTeX


def test_math_is_mathml_and_text_is_escaped():
    out = markdown_html(r"Is $P = \frac{7}{27}$? **Yes** &lt;b&gt; \$5 $$\binom{5}{2}$$")
    assert "<mfrac>" in out and "<strong>Yes</strong>" in out
    assert "&lt;b&gt;" in out and "<b>" not in out and "$5" in out
    assert "\\frac" not in out and 'display="block"' in out
    page = sheet_html("bluff", 3)
    assert "<script" not in page and "http" not in page.replace(
        "http://www.w3.org/1998/Math/MathML", "")
    assert "\\frac" not in key_html("bluff", [3]) and "<math" in key_html("bluff", [3])


def test_seeds_are_read_or_refused_clearly():
    assert parse_seeds("1-30") == list(range(1, 31))
    assert parse_seeds(" 3, 5 ,8-10,5") == [3, 5, 8, 9, 10]
    for bad in ("", "a", "5-1", "1-", "-3", "1-100000", "1.5"):
        with pytest.raises(InvalidQuestion, match="--seeds"):
            parse_seeds(bad)


def test_handout_errors_are_one_line(tmp_path, capsys):
    assert main(["handout", "nosuchgame", "--seeds", "1", "--out", str(tmp_path)]) == 2
    assert "no exercises for game 'nosuchgame'" in capsys.readouterr().err
    assert main(["handout", "bluff", "--seeds", "x", "--out", str(tmp_path)]) == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("exercise_set", exercise_sets())
def test_no_raw_latex_left_on_any_sets_pages(exercise_set):
    key = key_html(exercise_set, [1])
    for page in (sheet_html(exercise_set, 1), key):
        text = re.sub(r"<math.*?</math>", "", page, flags=re.S)
        assert not re.search(r"\\[a-zA-Z]+|\$", text), exercise_set
    assert "<math" in key  # every set's worked solutions have maths


def test_file_names_and_statements_in_the_language():
    """Issue 26: a French class got ``bluff-key.pdf`` and a sheet asking for
    ``{count: probability}``."""
    from bluffkit.i18n import language

    assert sheet_names("bluff", [8, 10]) == ["bluff-seed-08", "bluff-seed-10", "bluff-key"]
    with language("fr"):
        assert sheet_names("bluff", [9]) == ["bluff-graine-9", "bluff-corrige"]
        statements = " ".join(q.statement() for q in load("bluff", seed=1))
        assert "{nombre: probabilité}" in statements and "count" not in statements
