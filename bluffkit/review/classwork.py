"""A class's figures from a class server's export: each student's accuracy over the games they
finished, and the class's costliest kinds of decision (the teacher's dashboard shows them; its
export carries them).

Every finished room of the export is reviewed (:func:`~bluffkit.review.review`) for each seat a
student took (a seat a bot played throughout is left out). A student's **accuracy** is the share
of their judged decisions graded best or good, over every game (the accuracy of one game,
summed over games). A **kind of decision** is the game and the kind of action chosen (Bluff:
challenges; Poker dice: calls ...; :func:`~bluffkit.review.position.decision_kind`); its cost
is summed over the class, in the game's unit, so kinds are compared within a game.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .model import GRADES, Review, plain
from .position import decision_kind
from .review import review
from .sources import game_record


@dataclass(frozen=True)
class StudentFigures:
    """One student's figures: ``games`` reviewed, ``judged`` decisions, ``good`` of them best
    or good, ``blunders``."""

    name: str
    games: int
    judged: int
    good: int
    blunders: int

    @property
    def accuracy(self) -> Fraction | None:
        return Fraction(self.good, self.judged) if self.judged else None

    def to_json(self) -> dict:
        return {"name": self.name, "games": self.games, "judged": self.judged,
                "good": self.good, "blunders": self.blunders,
                "accuracy": plain(self.accuracy)}


@dataclass(frozen=True)
class KindFigures:
    """One kind of decision over the class: how many, and their cost in the game's unit."""

    kind: str
    unit: str
    decisions: int
    total_cost: Fraction

    @property
    def game(self) -> str:
        return self.kind.split(":", 1)[0]

    @property
    def mean_cost(self) -> Fraction:
        return self.total_cost / self.decisions

    def to_json(self) -> dict:
        return {"kind": self.kind, "game": self.game, "unit": self.unit,
                "decisions": self.decisions, "total_cost": plain(self.total_cost),
                "mean_cost": plain(self.mean_cost)}


@dataclass(frozen=True)
class ClassFigures:
    """The class's figures: ``students`` (by name), ``kinds`` (costliest first within each
    game, games in alphabetical order) and the ``rooms`` reviewed (their codes)."""

    students: tuple[StudentFigures, ...]
    kinds: tuple[KindFigures, ...]
    rooms: tuple[str, ...]

    def costliest(self, k: int = 3) -> tuple[KindFigures, ...]:
        """The ``k`` costliest kinds of each game (cost above 0 only)."""
        out, seen = [], {}
        for f in self.kinds:
            seen[f.game] = seen.get(f.game, 0) + 1
            if seen[f.game] <= k and f.total_cost > 0:
                out.append(f)
        return tuple(out)

    def to_json(self) -> dict:
        return {"rooms": list(self.rooms), "students": [s.to_json() for s in self.students],
                "kinds": [k.to_json() for k in self.kinds]}


def room_reviews(room: dict, **settings: Any) -> list[tuple[str, Review]]:
    """``(student's name, review)`` for each seat a student took in one finished room of a
    JSON export (``settings`` as for :func:`~bluffkit.review.review`)."""
    record = game_record({"rooms": [room]})
    out = []
    for p, seat in enumerate(room.get("seats", [])):
        if isinstance(seat, dict) and seat.get("student") and seat.get("name"):
            out.append((seat["name"], review(record, p, **settings)))
    return out


def class_figures(reviews: list[tuple[str, Review]], rooms: tuple[str, ...] = ()
                  ) -> ClassFigures:
    """The class's figures from ``(student's name, review)`` pairs (module docstring)."""
    students: dict[str, list[int]] = {}
    kinds: dict[str, list] = {}
    for name, r in reviews:
        row = students.setdefault(name, [0, 0, 0, 0])
        row[0] += 1
        for d in r.judged:
            row[1] += 1
            row[2] += d.grade in GRADES[:2]
            row[3] += d.grade == "blunder"
            k = kinds.setdefault(decision_kind(r.game, d.chosen_action), [r.unit, 0, Fraction(0)])
            k[1] += 1
            k[2] += d.cost
    figures = tuple(StudentFigures(n, *v) for n, v in sorted(students.items()))
    ranked = sorted(kinds.items(), key=lambda kv: (kv[0].split(":")[0], -kv[1][2], kv[0]))
    return ClassFigures(figures, tuple(KindFigures(k, *v) for k, v in ranked), rooms)


def figures_csv(figures: ClassFigures) -> str:
    """The figures as CSV: a row per student (``student``), then per kind of decision
    (``kind``); costs in the game's unit, exact fractions written ``n/d``."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["row", "name", "games", "decisions", "good", "blunders", "accuracy",
                "unit", "total_cost", "mean_cost"])
    for s in figures.students:
        w.writerow(["student", s.name, s.games, s.judged, s.good, s.blunders,
                    plain(s.accuracy), "", "", ""])
    for k in figures.kinds:
        w.writerow(["kind", k.kind, "", k.decisions, "", "", "", k.unit, plain(k.total_cost),
                    plain(k.mean_cost)])
    return out.getvalue()


def review_export(export: dict, reviewed: dict[str, list] | None = None, **settings: Any
                  ) -> ClassFigures:
    """The class's figures over every finished room of a class server's JSON export.

    ``reviewed`` (a dict kept between calls, as the dashboard does) holds each finished room's
    reviews under its JSON text: a room reviewed before is not reviewed again (a finished
    room's record no longer changes).
    """
    rooms = [r for r in export.get("rooms", []) if isinstance(r, dict) and r.get("over")]
    pairs = []
    for r in rooms:
        key = json.dumps([r, settings], sort_keys=True, ensure_ascii=False, default=str)
        found = None if reviewed is None else reviewed.get(key)
        if found is None:
            found = room_reviews(r, **settings)
            if reviewed is not None:
                reviewed[key] = found
        pairs += found
    return class_figures(pairs, tuple(str(r.get("code", "")) for r in rooms))


__all__ = ["ClassFigures", "KindFigures", "StudentFigures", "class_figures", "figures_csv",
           "review_export", "room_reviews"]
