"""Exam notebooks for the teacher: ``exam_notebook(game, seed)``, one answer cell a question and
no hint cell. The exam form of the questions (what the student's kernel runs) is
``bluffkit.exercises.exam``, reached through ``load(game, seed, student=..., mode="exam")``.
"""

from __future__ import annotations

from ..core.i18n import SOURCE_LANGUAGE, _, get_language
from ..exercises.notebook import exercise_module
from ..exercises.worksheets import catalogue


def exam_notebook(game: str, seed: int | None = None):
    """The exam notebook of ``game``: the student writes their name (and the seed the teacher
    gives, unless ``seed`` is fixed here); each question has an answer cell and no hint cell."""
    import nbformat.v4 as nbf

    module = exercise_module(game)
    classes = catalogue(game)
    names = ", ".join(f"q{i}" for i in range(1, len(classes) + 1))
    seed_line = (f"SEED = {seed}  # " + _("the exam's seed") if seed is not None
                 else "SEED = ...  # " + _("the seed your teacher gives you"))
    intro = str(module.INTRO).strip().splitlines()[0].replace(_("Exercises"), _("Exam"))
    translated = get_language() != SOURCE_LANGUAGE
    language_lines = (f"from bluffkit import set_language\n\nset_language({get_language()!r})\n"
                      .replace("'", '"') if translated else "")
    cells = [
        nbf.new_markdown_cell(f"{intro}\n\n" + _(
            "**Exam.** Write your name and your seed in the first cell and run it. Each answer "
            "cell saves your answer when you run it and says only *Recorded*: no hints and no "
            "solutions during the exam. You may run a cell again with a new answer; the last one "
            "you check counts. Exact answers ({exact}) or decimals ({decimal}).",
            exact='`"7/27"`', decimal="`0.2593`")),
        nbf.new_code_cell(
            "from fractions import Fraction\n\nfrom bluffkit.exercises import load\n"
            + language_lines + "\n"
            "STUDENT = ...  # " + _('your name or student number, e.g. "ada"') + "\n"
            f"{seed_line}\n"
            f"q = load({game!r}, seed=SEED, student=STUDENT, mode=\"exam\")\n"
            f"{names} = q\nq"),
    ]
    for i, cls in enumerate(classes, 1):
        cells += [nbf.new_markdown_cell(f"## {i}. {cls.title}"),
                  nbf.new_code_cell(f"q{i}  # " + _("your numbers")),
                  nbf.new_code_cell(f"answer{i} = ...  # {cls.kind.form()}\n"
                                    f"q{i}.check(answer{i})")]
    cells.append(nbf.new_markdown_cell(_("That's all: your answers are saved in your folder.")))
    nb = nbf.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb



__all__ = ["exam_notebook"]
