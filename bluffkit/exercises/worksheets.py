"""The catalogue of exercises per game (or topic) and ``load``, which builds one student's
``Worksheet``: in practice mode with instant feedback, with a results log when a student is named
(``results``), and in exam mode without the answers (``exam``).

>>> ws = load("bluff", seed=7)
>>> ws.q1.check(...).status
'unanswered'
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from typing import Any

from ..core import InvalidQuestion, make_rng
from ..core.i18n import _, _l, _n
from .core import Question, fresh_seed, plain


# -- the catalogue ---------------------------------------------------------------------------------
class Worksheet(tuple):
    """The questions of one game for one seed: ``ws.q1``, ``ws[0]``, ``q1, q2, ... = ws``."""

    game: str
    seed: int
    title: str

    def __getattr__(self, name: str):
        m = re.fullmatch(r"q(\d+)", name)
        if m and 1 <= int(m.group(1)) <= len(self):
            return self[int(m.group(1)) - 1]
        raise AttributeError(name)

    def _repr_markdown_(self) -> str:
        rows = "\n".join(f"{i}. {q.title}" for i, q in enumerate(self, 1))
        return _n("**{n} exercise on {title}**, seed {seed} (keep your seed to get the same "
                  "numbers again):", "**{n} exercises on {title}**, seed {seed} (keep your seed "
                  "to get the same numbers again):", len(self), title=self.title,
                  seed=self.seed) + f"\n\n{rows}"

    def __repr__(self) -> str:
        return plain(self._repr_markdown_())


def module_name(game: str) -> str:
    """The module of a game's (or a topic's) exercises: ``bluff-you`` -> ``bluff_you``."""
    return game.replace("-", "_")


def catalogue(game: str) -> list[type[Question]]:
    """The question classes of a game, easiest first.

    Raises:
        InvalidQuestion: naming the games that have exercises.

    >>> [q.__name__ for q in catalogue("bluff")][:2]
    ['OneDie', 'ExpectedMatches']
    """
    if not isinstance(game, str) or not re.fullmatch(r"[a-z][a-z0-9-]*", game):
        raise InvalidQuestion(_("game must be a game name such as 'bluff', got {game}",
                                game=repr(game)))
    try:
        module = importlib.import_module(f"{__package__}.{module_name(game)}")
    except ModuleNotFoundError as e:
        if e.name != f"{__package__}.{module_name(game)}":
            raise
        module = None
    if not hasattr(module, "QUESTIONS"):
        raise InvalidQuestion(_("no exercises for game {game}; games with exercises: {join}",
                                game=repr(game), join=', '.join(exercise_sets())))
    return list(module.QUESTIONS)


def games_with_exercises() -> list[str]:
    """Registered games that have an exercise module."""
    from ..games import GAMES

    names = GAMES if isinstance(GAMES, dict) else {g.name: g for g in GAMES}
    return [g for g in names if importlib.util.find_spec(
        f"{__package__}.{module_name(g)}") is not None]


TOPICS = {"optimal-bluffing": _l("optimal bluffing (equilibria)"),
          "reading-bids": _l("reading the bids (Bayes' rule)"),
          "full-game": _l("the full two-player game (solved strategies)")}
"""Exercise sets about an idea rather than one game, with their titles
(``bluffkit/exercises/optimal_bluffing/``, ``bluffkit/exercises/reading_bids.py``,
``bluffkit/exercises/full_game.py``)."""


def set_title(exercise_set: str) -> str:
    """An exercise set's title in the current language (a name bluffkit does not know is kept).

    >>> set_title("bluff-you"), set_title("reading-bids")
    ('Bluff You', "reading the bids (Bayes' rule)")
    """
    from ..games import GAMES

    return str(GAMES[exercise_set].title if exercise_set in GAMES else
               TOPICS.get(exercise_set, exercise_set))


def exercise_sets() -> list[str]:
    """Every name ``load`` accepts: the games with exercises, then the topics.

    >>> "bluff" in exercise_sets() and "optimal-bluffing" in exercise_sets()
    True
    """
    return games_with_exercises() + list(TOPICS)


def load(game: str, seed: int | None = None, student: str | int | None = None,
         mode: str = "practice", folder: Any = None) -> Worksheet:
    """All questions of ``game`` for one student's ``seed`` (``None``: a fresh seed, shown).

    Args:
        game: an exercise set, e.g. ``"bluff"`` (``exercise_sets()`` lists them).
        seed: the student's seed, a whole number >= 0 (``None``: a fresh one).
        student: the student's name or number: each check is then saved in their results log
            (``bluffkit.exercises.results``; the teacher collects the logs into a gradebook),
            and sent to the class server when one is set (``bluffkit.exercises.outbox``; in a
            JupyterHub the hub account is the name).
        mode: ``"practice"`` (feedback, hints, solutions) or ``"exam"`` (each answer is only
            recorded; no hints or solutions, not even computed: ``bluffkit.exercises.exam``).
        folder: where the results log goes (default ``$BLUFFKIT_RESULTS_DIR``, else the
            current folder).

    >>> ws = load("bluff", seed=1)
    >>> ws.q1.seed, ws.q1.number, ws.game
    (1, 1, 'bluff')
    """
    classes = catalogue(game)
    seed = fresh_seed() if seed is None else seed
    make_rng(seed)  # validates the seed with a clear message
    if mode not in ("practice", "exam"):
        raise InvalidQuestion(_("mode must be 'practice' or 'exam', got {mode}", mode=repr(mode)))
    log = None
    from .outbox import hub_student

    student = hub_student(student)  # in a hub with a class server: the hub account
    if student is not None or mode == "exam":
        from .results import Recorder, ResultsLog

        if student is None:
            raise InvalidQuestion(_("an exam records every answer under your name: give it, e.g. "
                                    'load({game}, seed={seed}, student="ada", mode="exam")',
                                    game=repr(game), seed=seed))
        log = ResultsLog(student, game, seed, mode=mode, folder=folder)
    questions = [cls(seed=seed, number=i) for i, cls in enumerate(classes, 1)]
    if mode == "exam":
        from .exam import exam_questions

        questions = exam_questions(questions, log)
    elif log is not None:
        for q in questions:
            q.recorder = Recorder(log)
    ws = Worksheet(questions)
    from ..games import GAMES

    ws.game, ws.seed = game, seed
    ws.title = GAMES[game].title if game in GAMES else TOPICS.get(game, game)
    return ws


__all__ = ["TOPICS", "Worksheet", "catalogue", "exercise_sets", "games_with_exercises", "load",
           "module_name", "set_title"]
