"""Exam mode leaks no answer: not in the question objects, not in their outputs, not in the
namespace of a kernel that ran the exam notebook; each answer is recorded, never judged."""

from __future__ import annotations

import gc
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from bluffkit.core import Distribution, InvalidQuestion
from bluffkit.exercises import Question, exercise_sets, load
from bluffkit.exercises.core import plain, tex
from bluffkit.exercises.exam import ExamQuestion
from bluffkit.exercises.otter import master_notebook
from bluffkit.exercises.results import answer_as_typed, file_name, read_log
from bluffkit.teacher.exam import exam_notebook


def secrets_of(question) -> set[str]:
    """Texts that would give a practice question's answer away: the exact answer written in
    the usual ways, its decimals, the mistakes' values, and lines of the worked solution."""
    out = set()
    values = [question.expected(), *(m.value for m in question.likely_mistakes())]
    for v in values:
        if isinstance(v, Distribution):
            v = v.pmf()
        for x in (v.values() if isinstance(v, dict) else [v]):
            if isinstance(x, Fraction) and x.denominator > 1 and x.denominator not in (2, 3, 6):
                out |= {f"{x.numerator}/{x.denominator}", tex(x), f"{float(x):.4f}",
                        f"Fraction({x.numerator}, {x.denominator})"}
    worked = plain(question.explain())
    out |= {line.strip() for line in worked.splitlines() if len(line.strip()) > 30}
    out |= {m.message[:40] for m in question.likely_mistakes()}
    out |= {plain(h)[:40] for h in question.hints() if len(h) > 20}
    return out


def everything_held_by(obj, seen=None) -> list[str]:
    """The text of every value reachable from ``obj``'s attributes (slots and __dict__)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return []
    seen.add(id(obj))
    texts = [repr(obj)]
    attrs = [getattr(obj, s) for s in getattr(type(obj), "__slots__", ()) if hasattr(obj, s)]
    attrs += list(getattr(obj, "__dict__", {}).values())
    for a in attrs:
        if isinstance(a, str | int | float | Fraction):
            texts.append(str(a))
        elif isinstance(a, list | tuple | dict):
            texts += [repr(a), *(t for x in (a.values() if isinstance(a, dict) else a)
                                 for t in everything_held_by(x, seen))]
        elif not callable(a) or hasattr(a, "__dict__") or hasattr(type(a), "__slots__"):
            texts += everything_held_by(a, seen)
    return texts


@pytest.mark.parametrize("game", exercise_sets())
def test_exam_objects_and_outputs_hold_no_answer(game, tmp_path):
    def alive():
        gc.collect()
        return sum(isinstance(o, Question) for o in gc.get_objects())

    before = alive()
    exam = load(game, seed=21, student="ada", mode="exam", folder=tmp_path)
    assert alive() == before                       # the questions that drew the numbers are gone
    practice = load(game, seed=21)
    assert all(type(q) is ExamQuestion for q in exam)
    for e, p in zip(exam, practice):
        assert e.statement() == p.statement() and e.title == p.title
        for name in ("expected", "explain", "mistakes", "likely_mistakes", "hints"):
            assert not hasattr(e, name)
        shown = [e.hint().markdown(), e.hint(1).markdown(), e.solution().markdown(),
                 e._repr_markdown_(), repr(e),
                 e.check("0.5").markdown(), e.check("banana").markdown()]
        e.check(p.expected())  # (its feedback quotes the answer typed: not searched)
        held = everything_held_by(e) + everything_held_by(exam)
        for secret in secrets_of(p):
            if secret in p.statement():
                continue  # a number of the statement itself (e.g. a bid's count)
            assert not any(secret in text for text in shown + held), (e.name, secret)
    records, problems = read_log(tmp_path / file_name("ada"))
    assert problems == [] and records and all(r["correct"] is None for r in records
                                              if r["status"] == "recorded")
    assert {r["status"] for r in records} == {"recorded", "unreadable"}
    assert all(r["mistake"] is None for r in records)


def test_exam_feedback_says_only_recorded(tmp_path):
    exam = load("bluff", seed=5, student="ada", mode="exam", folder=tmp_path)
    practice = load("bluff", seed=5)
    right = exam.q5.check(practice.q5.expected())
    wrong = exam.q5.check("0.001")
    assert right.title == wrong.title == "Recorded" and right.status == "recorded"
    typed = answer_as_typed(practice.q5.expected())
    assert right.message.replace(typed, "X") == wrong.message.replace("0.001", "X")
    assert exam.q5.check(...).status == "unanswered"
    assert "hint" not in exam.q5.check(...).message


def test_an_exam_needs_a_student(tmp_path):
    with pytest.raises(InvalidQuestion, match="an exam records every answer under your name"):
        load("bluff", seed=5, mode="exam", folder=tmp_path)


def test_otter_exam_mode_hides_tests_and_offers_no_hints():
    nb = master_notebook("bluff", seed=5, mode="exam")
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert "load(" not in code[0] and "hint" not in code[0]
    tests = [c for c in code if "grade(" in c]
    assert len(tests) == 12 and all(t.startswith('""" # BEGIN TEST CONFIG\nhidden: true')
                                    for t in tests)
    practice = master_notebook("bluff", seed=5)
    assert not any("hidden: true" in c.source for c in practice.cells)
    with pytest.raises(InvalidQuestion, match="mode must be"):
        master_notebook("bluff", seed=5, mode="quiz")


@pytest.mark.notebook
def test_an_executed_exam_notebook_leaks_no_answer(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "notebook_runner", Path(__file__).parents[1] / "test_notebooks.py")
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    game, seed = "bluff", 33
    nb = exam_notebook(game)
    practice = load(game, seed=seed)
    nb.cells[1].source = (nb.cells[1].source.replace("STUDENT = ...", 'STUDENT = "ada"')
                          .replace("SEED = ...", f"SEED = {seed}"))
    for cell in nb.cells:
        for q in practice:
            if cell.source.startswith(f"answer{q.number} = ..."):
                wrong = {"Count": "999", "DistributionAnswer": "[1]", "Choice": repr(
                    next(iter(getattr(q.kind, "options", [""]))))}
                cell.source = cell.source.replace(
                    "...", wrong.get(type(q.kind).__name__, '"1/1000"'), 1)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import gc\nfrom bluffkit.exercises import Question\n"
        "print('questions alive:', sum(isinstance(o, Question) for o in gc.get_objects()))\n"
        "print('namespace:', {k: repr(v) for k, v in list(globals().items())\n"
        "                     if not k.startswith('_') and k not in ('In', 'Out')})"))
    ran = runner.execute(nb, tmp_path / "exam.ipynb")
    outputs = []
    for cell in ran.cells:
        for o in cell.get("outputs", []):
            assert o.get("output_type") != "error", o
            outputs.append(o.get("text", ""))
            outputs += [str(v) for v in o.get("data", {}).values()]
    text = "\n".join(outputs)
    assert "questions alive: 0" in text
    assert text.count("📝 **Recorded**") == len(practice)
    for q in practice:
        for secret in secrets_of(q):
            if secret not in q.statement():
                assert secret not in text, (q.name, secret)
    records, problems = read_log(Path(tmp_path) / file_name("ada"))
    assert problems == [] and len(records) == len(practice)
