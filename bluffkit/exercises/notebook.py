"""Build a game's exercise notebook from its catalogue (the file in ``exercises/`` is generated).

The notebook is the same for every student: the setup cell holds a ``SEED`` the student sets,
and each question displays its own numbers when its cell runs. Each exercise has a heading,
a cell showing the question, an answer cell with a ``...`` placeholder and ``qN.check(answerN)``,
and a cell with ``# qN.hint()`` and ``# qN.solution()`` commented out. As committed (with the
placeholders) the notebook runs top to bottom without error.

Each notebook exists in every language with a translation of its game's questions: the French
one (``exercises/fr/``, the same file name) has the same cells in French and calls
``set_language("fr")`` in its setup cell. Regenerate after changing a game's questions (writes
and strips the notebook in every language)::

    .venv/bin/python -m bluffkit.exercises.notebook bluff           # --lang fr: the first time

>>> nb = student_notebook("bluff")
>>> nb.cells[1].source.splitlines()[-2]
'q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12 = q'
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

from ..core.i18n import LANGUAGES, SOURCE_LANGUAGE, _, _l, check_language, language
from .worksheets import catalogue, module_name

DEFAULT_SEED = 2026
"""The seed written in the committed notebook's setup cell (students change it)."""

HOW_TO = _l("""\
**How it works.** Run the setup cell first. Each exercise shows *your* numbers (they depend on
`SEED`: put your student number there and every exercise changes). Replace the `...` with your
answer and run the cell: the check answers at once, and when your answer matches a typical slip
it says which one. Answers can be exact (`"7/27"`, `Fraction(7, 27)`, a sympy `Rational`) or
rounded (`0.2593`, `"25.93%"`): exact answers must be exactly right; a rounded answer must be the
exact answer rounded to the digits you give, with at least 3 significant digits (for 7/27:
`0.259` or `0.2593`, not `0.2592` or `0.26`; for 1/7776: `0.000129`, not `0.0001`). A simulated
estimate is accepted within the tolerance its question states. Stuck? Uncomment `qN.hint()`
(call it again for the next hint) or, as a last resort, `qN.solution()`. Nothing you type is
ever executed as code by the checker.
""")


def exercise_module(game: str):
    """The module holding a game's ``QUESTIONS``, ``INTRO`` and ``NOTEBOOK``."""
    catalogue(game)  # validates the name with a clear error
    return importlib.import_module(f"{__package__}.{module_name(game)}")


def setup_source(game: str, seed: int = DEFAULT_SEED, lang: str = SOURCE_LANGUAGE) -> str:
    n = len(catalogue(game))
    names = ", ".join(f"q{i}" for i in range(1, n + 1))
    with language(lang):
        exact = _('exact answers: Fraction(7, 27) or "7/27"')
        yours = _("put your student number here: each seed has its own numbers")
    translated = lang != SOURCE_LANGUAGE
    return (f"from fractions import Fraction  # {exact}\n"
            "\n"
            + ("from bluffkit import set_language\n" if translated else "")
            + "from bluffkit.exercises import load\n"
            "\n"
            + (f"set_language({lang!r})\n".replace("'", '"') if translated else "")
            + f"SEED = {seed}  # {yours}\n"
            f"q = load({game!r}, seed=SEED)\n"
            f"{names} = q\n"
            "q")


def student_notebook(game: str, seed: int = DEFAULT_SEED, lang: str = SOURCE_LANGUAGE):
    """The exercise notebook of ``game`` in ``lang`` as an ``nbformat`` notebook (no outputs)."""
    import nbformat.v4 as nbf

    check_language(lang)
    module = exercise_module(game)
    classes = catalogue(game)
    with language(lang):
        cells = [nbf.new_markdown_cell(f"{str(module.INTRO).strip()}\n\n{str(HOW_TO).strip()}"),
                 nbf.new_code_cell(setup_source(game, seed, lang))]
        for i, cls in enumerate(classes, 1):
            cells.append(nbf.new_markdown_cell(f"## {i}. {cls.title}"))
            cells.append(nbf.new_code_cell(f"q{i}  # " + _("your numbers")))
            cells.append(nbf.new_code_cell(
                f"answer{i} = ...  # {cls.kind.form()}\nq{i}.check(answer{i})"))
            cells.append(nbf.new_code_cell(f"# q{i}.hint()\n# q{i}.solution()"))
        cells.append(nbf.new_markdown_cell(str(getattr(module, "OUTRO", "")).strip()
                                           or _("That's all: well done!")))
    nb = nbf.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def notebook_path(game: str, root: Path | str = ".", lang: str = SOURCE_LANGUAGE) -> Path:
    """``exercises/<NOTEBOOK>`` (``exercises/fr/<NOTEBOOK>`` in French)."""
    folder = Path(root) / "exercises"
    return (folder if lang == SOURCE_LANGUAGE else folder / lang) / exercise_module(game).NOTEBOOK


def write(game: str, root: Path | str = ".", lang: str = SOURCE_LANGUAGE) -> Path:
    """Write ``exercises/[lang/]<NOTEBOOK>`` under ``root`` and strip it with nbstripout."""
    import nbformat

    path = notebook_path(game, root, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(student_notebook(game, lang=lang), path)
    subprocess.run([sys.executable, "-m", "nbstripout", str(path)], check=True)
    return path


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a maintenance command
    import argparse

    parser = argparse.ArgumentParser(description="Regenerate exercise notebooks: in English and "
                                     "in each language that already has the file.")
    parser.add_argument("games", nargs="*", default=["bluff"])
    parser.add_argument("--lang", action="append", default=[], choices=list(LANGUAGES),
                        help="also write this language's notebook (the first time)")
    args = parser.parse_args(argv)
    for name in args.games:
        for lang in LANGUAGES:
            if (lang == SOURCE_LANGUAGE or lang in args.lang
                    or notebook_path(name, lang=lang).exists()):
                print(write(name, lang=lang))


if __name__ == "__main__":  # pragma: no cover
    main()
