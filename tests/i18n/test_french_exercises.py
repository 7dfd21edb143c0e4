"""Exercise feedback in French: the verdicts, the hints' and solutions' frames, the reading
errors, answers with a decimal comma; the numbers per seed unchanged."""

from __future__ import annotations

from bluffkit.exercises.core import load
from bluffkit.i18n import language


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
    assert close.correct and "est dans la tolérance" in close.message
    assert wrong.title == "Je n'ai pas pu lire cette réponse"
    assert "écris une fraction comme 7/27, un décimal comme 0,259" in wrong.message
    assert empty.title == "Pas encore de réponse" and "`q1.hint()` donne un indice" in empty.message
    assert hint.title == "Cet indice n'existe pas"
    assert q.check(expected).title == "Correct!"  # English unchanged
    assert load("bluff", seed=7).q1.expected() == expected  # numbers per seed unchanged
