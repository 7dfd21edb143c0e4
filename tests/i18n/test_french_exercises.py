"""Exercise feedback in French: the verdicts, the hints' and solutions' frames, the reading
errors, answers with a decimal comma; the numbers per seed unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from bluffkit.exercises.notebook import notebook_path
from bluffkit.exercises.worksheets import exercise_sets, load
from bluffkit.i18n import language
from tests.test_notebooks import english_words

ROOT = Path(__file__).resolve().parents[2]


def test_feedback_in_french_with_a_decimal_comma():
    ws = load("bluff", seed=7)
    q = ws.q1
    expected = q.expected()
    with language("fr"):
        right = q.check(expected)
        close = q.check(f"{float(expected):.4f}".replace(".", ","))  # 0,2593: a decimal comma
        wrong = q.check("hop")
        empty = q.check(...)
        hint = q.hint(99)
    assert right.correct and right.title == "Juste\u00a0!"
    assert right.message.startswith("La réponse exacte est ")
    assert close.correct and "est la réponse exacte arrondie à 4 décimales" in close.message
    assert wrong.title == "Je n'ai pas pu lire cette réponse"
    assert 'écris une fraction comme 7/27, un décimal comme "0,259"' in wrong.message
    assert empty.title == "Pas encore de réponse" and "`q1.hint()` donne un indice" in empty.message
    assert hint.title == "Cet indice n'existe pas"
    assert q.check(expected).title == "Correct!"  # English unchanged
    assert load("bluff", seed=7).q1.expected() == expected  # numbers per seed unchanged


# -- every translated exercise set, read in French --------------------------------------------
FRENCH_SETS = [g for g in exercise_sets() if notebook_path(g, ROOT, "fr").exists()]


def _everything_shown(q) -> list[str]:
    """Every text a student can read of ``q``: the heading, statement, answer form and rule,
    each hint, the worked solution and each likely mistake's message and feedback."""
    texts = [q._repr_markdown_(), q.kind.form(), q.kind.rule(), q.solution().markdown()]
    texts += [q.hint(i).markdown() for i in range(1, len(q.hints()) + 1)]
    texts += [q.check(m.value).markdown() for m in q.likely_mistakes()]
    return texts


@pytest.mark.parametrize("game", FRENCH_SETS)
def test_a_french_exercise_set_shows_no_english(game):
    """Every question of a set with a French notebook, for several seeds, in French: no English
    marker word (the notebook test's list) in anything a student can read; the same numbers
    as in English."""
    for seed in (1, 2026, 31337):
        english = load(game, seed=seed)
        with language("fr"):
            ws = load(game, seed=seed)
            found = [(q.name, word) for q in ws for text in _everything_shown(q)
                     for word in english_words(text)]
            assert ws.q1.check(english.q1.expected()).title == "Juste\u00a0!"
        assert not found, f"{game} seed {seed}: English in French: {found[:5]}"
        assert [q.expected() for q in ws] == [q.expected() for q in english]


def test_french_sets_are_checked():
    assert {"bluff-you", "bungee"} <= set(FRENCH_SETS)


def test_printed_sheets_and_key_in_french():
    """The handout's pages (what Chromium prints) in French: headings, the name line, the
    answer line and the key, with no English word; the page says it is French."""
    from bluffkit.teacher.handout import key_html, sheet_html

    with language("fr"):
        sheet, key = sheet_html("bluff-you", 3), key_html("bluff-you", [3])
    assert '<html lang="fr">' in sheet and "Nom\u00a0:" in sheet and "Réponse\u00a0:" in sheet
    assert "corrigé pour la graine 3" in key
    for page in (sheet, key):
        body = page.split("<body>", 1)[1]
        assert not english_words(body), english_words(body)[:5]
    assert '<html lang="en">' in sheet_html("bluff-you", 3)  # English unchanged


def test_an_exam_in_french(tmp_path):
    """Exam mode in French: what a student reads (the question, « Enregistré », no hint) and
    the exam notebook a teacher writes, with no English word; the record is the same."""
    from bluffkit.teacher.exam import exam_notebook

    with language("fr"):
        ws = load("bungee", seed=5, student="ada", mode="exam", folder=tmp_path)
        shown = [ws.q1._repr_markdown_(), ws.q1.check("12").markdown(),
                 ws.q1.check("douze").markdown(), ws.q1.hint().markdown(),
                 ws.q1.solution().markdown()]
        nb = exam_notebook("bungee")
    assert ws.q1.check("12").title == "Recorded"  # outside the French block: English
    assert shown[1].startswith("📝 **Enregistré**")
    text = "\n".join(shown + [c.source for c in nb.cells if c.cell_type == "markdown"])
    assert not english_words(text), english_words(text)[:5]
    assert 'set_language("fr")' in nb.cells[1].source and "# Examen" in nb.cells[0].source


def test_an_otter_assignment_in_french():
    """The otter-grader master notebook in French: its text cells with no English word, and a
    first code cell that sets the language for the students' kernels and the autograder."""
    from bluffkit.exercises.otter import master_notebook

    with language("fr"):
        nb = master_notebook("bungee", 1)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert not english_words(text), english_words(text)[:5]
    code = next(c.source for c in nb.cells if c.cell_type == "code")
    assert 'set_language("fr")' in code


def test_counts_and_their_words_agree_in_french():
    """Issue 26: « contre les 1 dé d'un adversaire » (a plural article before one die). Every
    statement of every set, over many seeds: no plural article or plural noun with 0 or 1
    (French takes the singular for both)."""
    import re

    wrong = re.compile(r"\bles [01] \w+|(?<![−-] )\b[01] (dés|cartes|jetons|points|robots)\b")
    found = set()
    with language("fr"):
        for name in exercise_sets():
            for seed in range(1, 25):
                for q in load(name, seed=seed):
                    for m in wrong.finditer(q.statement()):
                        found.add((name, m[0]))
    assert not found, sorted(found)
