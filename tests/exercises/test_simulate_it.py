"""The "Simulate it" questions (Bluff, poker dice) in the browser (issue 30): their statement,
hints and worked solution told students to use numpy, which the browser site does not have.
They now draw with bluffkit's own seeded generator (``make_rng``, ``as_list`` from
``bluffkit.core``), in both languages, and the solution's code, run as shown in an interpreter
where numpy cannot be imported, gives the very estimate the solution states (and that
``simulate()`` computes here, with numpy)."""

from __future__ import annotations

import re

import pytest

from bluffkit.exercises import bluff, poker_dice
from bluffkit.i18n import language
from tests.conftest import printed_by_python

SIMULATIONS = [bluff.Simulation, poker_dice.Simulation]


def texts(q) -> list[str]:
    return [q.statement(), *q.hints(), q.explain()]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("question", SIMULATIONS, ids=lambda c: c.__module__.split(".")[2])
def test_the_texts_say_what_draws_without_numpy(question, lang):
    with language(lang):
        q = question(seed=3)
        shown = texts(q)
    said = " ".join(shown)
    assert "np." not in said and "default_rng" not in said and ".tolist()" not in said, said
    assert "make_rng" in q.explain() and "as_list" in q.explain()
    where = "dans le navigateur" if lang == "fr" else "in the browser"
    assert where in shown[0] and "make_rng(seed)" in shown[0], shown[0]
    if lang == "fr":
        assert "Estime par simulation" in shown[0] and "numpy" not in shown[0].split(":")[0]


@pytest.mark.parametrize("question", SIMULATIONS, ids=lambda c: c.__module__.split(".")[2])
def test_the_solution_runs_without_numpy_and_gives_its_estimate(question):
    q = question(seed=5)
    code = re.search(r"```python\n(.*?)\n```", q.explain(), re.S)[1]
    *body, last = code.splitlines()
    program = "\n".join(['import sys', 'sys.modules["numpy"] = None', *body,
                         f"print(repr({last}))"])
    estimate = float(printed_by_python(program).strip())
    assert estimate == q.simulate()  # the same draws, to the last bit
    assert f"gives {q.simulate():.4f}" in q.explain()
    assert abs(estimate - float(q.expected())) < float(q.kind.tolerance)
