"""The review's values: each option of a decision, the decision with its cost and grade, a
round's luck, and the whole review with its accuracy (the package docstring says how each
number is computed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""A judged decision's grade, from no cost to the largest."""
NOT_JUDGED = "not judged"
"""The grade of a decision the advice gives no value to compare (its reason is its ``note``)."""

THRESHOLDS: dict[str, tuple[Fraction, Fraction, Fraction]] = {
    "bluff": (Fraction(1, 20), Fraction(3, 20), Fraction(2, 5)),
    "bluff-you": (Fraction(1, 10), Fraction(1, 2), Fraction(3, 2)),
    "poker-dice": (Fraction(1, 4), Fraction(1), Fraction(3)),
    "jungle-bluff": (Fraction(1, 4), Fraction(1), Fraction(5, 2)),
    "bungee": (Fraction(1, 2), Fraction(3, 2), Fraction(4)),
}
"""Per game, the largest cost (in the game's unit) of a ``good``, an ``inaccuracy`` and a
``mistake``; above the last, a ``blunder``; a cost of 0 is ``best``."""


def grade(game: str, cost: Fraction | None) -> str:
    """The grade of a decision that cost ``cost`` in ``game`` (``None``: not judged).

    >>> grade("bluff", Fraction(0)), grade("bluff", Fraction(1, 10)), grade("bluff", Fraction(1))
    ('best', 'inaccuracy', 'blunder')
    """
    if cost is None:
        return NOT_JUDGED
    if cost <= 0:
        return "best"
    for name, limit in zip(GRADES[1:], THRESHOLDS[game]):
        if cost <= limit:
            return name
    return GRADES[-1]


def plain(v: Any) -> Any:
    """A number for JSON: a fraction as ``"n/d"`` text (whole numbers stay ints)."""
    if isinstance(v, Fraction):
        return v.numerator if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    if isinstance(v, Mapping):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


@dataclass(frozen=True)
class Choice:
    """One option of a decision.

    Attributes:
        action: the action's text, as the engine writes it (``"8x3"``, ``"challenge"``).
        value: the number the advice ranks this option by, in the game's unit (``None``: the
            advice did not value this option).
        frequency: its probability in the equilibrium, where a solved equilibrium applies.
        numbers: the advice's own row for this option (its ``to_json`` numbers).
    """

    action: str
    value: Fraction | None
    frequency: Fraction | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict:
        return {"action": self.action, "value": plain(self.value),
                "frequency": plain(self.frequency), "numbers": plain(dict(self.numbers))}


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    Attributes:
        move: its place in the game's steps (chance included), counted from 0.
        round: the round (Bluff You: the turn) it belongs to, counted from 1.
        observation: what the seat saw then (the engine's observation, nothing else).
        options: every option the advice lists, with its value (and the chosen one, valued the
            same way, when the advice does not list it).
        chosen: the action taken; ``best``: the advice's recommendation.
        chosen_value, best_value: their values (``None`` when not valued).
        cost: what the choice cost against the recommendation in the game's unit (>= 0), or
            ``None`` when not judged.
        grade: ``best``, ``good``, ``inaccuracy``, ``mistake``, ``blunder`` or ``not judged``.
        exact: ``False`` when the values are estimates (the advice's simulations or playouts).
        in_support: the chosen action is played by the equilibrium that applies here.
        note: why the cost is what it is, in words (empty when plain).
        explanation: the advice's explanation, as Explain said it for that position.
        advice: the advice itself (for views).
        chosen_action, best_action: the chosen and recommended actions themselves (for views,
            which say them in the current language).
    """

    move: int
    round: int
    observation: Any = field(compare=False, repr=False)
    options: tuple[Choice, ...]
    chosen: str
    best: str
    chosen_value: Fraction | None
    best_value: Fraction | None
    cost: Fraction | None
    grade: str
    exact: bool = True
    in_support: bool = False
    note: str = ""
    explanation: str = field(default="", compare=False, repr=False)
    advice: Any = field(default=None, compare=False, repr=False)
    chosen_action: Any = field(default=None, compare=False, repr=False)
    best_action: Any = field(default=None, compare=False, repr=False)

    @property
    def judged(self) -> bool:
        return self.cost is not None

    def to_json(self) -> dict:
        obs = self.observation
        return {"move": self.move, "round": self.round, "chosen": self.chosen,
                "best": self.best, "chosen_value": plain(self.chosen_value),
                "best_value": plain(self.best_value), "cost": plain(self.cost),
                "grade": self.grade, "exact": self.exact, "in_support": self.in_support,
                "note": self.note, "options": [o.to_json() for o in self.options],
                "observation": obs.to_json() if hasattr(obs, "to_json") else None,
                "explanation": self.explanation}


@dataclass(frozen=True)
class RoundLuck:
    """One round of the reviewed seat: the result its decisions were expected to give and the
    result that happened (``luck = actual - expected``), in the game's unit.

    Attributes:
        round: counted from 1 (Bluff You: the turn).
        expected: the mean result over what the seat could not see (package docstring).
        actual: the result that happened.
        exact: ``False`` when ``expected`` is an estimate.
    """

    round: int
    expected: Fraction
    actual: Fraction
    exact: bool = True

    @property
    def luck(self) -> Fraction:
        return self.actual - self.expected

    def to_json(self) -> dict:
        return {"round": self.round, "expected": plain(self.expected),
                "actual": plain(self.actual), "luck": plain(self.luck), "exact": self.exact}


@dataclass(frozen=True)
class Review:
    """The review of one seat's game: every decision, every round's luck, and the totals.

    Attributes:
        game: the game's name (``"bluff"``).
        seat: the seat reviewed, counted from 0.
        players: the number of seats.
        names: what to call each seat in the words.
        unit: ``"dice"``, ``"points"`` or ``"score"`` (what costs and results count).
        lower_is_better: ``True`` when a smaller result is better (dice lost, Bungee score).
        decisions: the seat's decisions, in order.
        rounds: each round the seat took part in, with its luck.
        over: ``True`` when the game is finished.
    """

    game: str
    seat: int
    players: int
    names: tuple[str, ...]
    unit: str
    lower_is_better: bool
    decisions: tuple[Decision, ...]
    rounds: tuple[RoundLuck, ...]
    over: bool

    @property
    def judged(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.judged)

    @property
    def total_cost(self) -> Fraction:
        return sum((d.cost for d in self.judged), Fraction(0))

    @property
    def mean_cost(self) -> Fraction | None:
        """The average cost of a judged decision."""
        judged = self.judged
        return self.total_cost / len(judged) if judged else None

    @property
    def accuracy(self) -> Fraction | None:
        """The share of judged decisions graded ``best`` or ``good`` (``None``: none judged)."""
        judged = self.judged
        if not judged:
            return None
        return Fraction(sum(1 for d in judged if d.grade in GRADES[:2]), len(judged))

    def grades(self) -> dict[str, int]:
        """How many decisions got each grade (``not judged`` included)."""
        out = {g: 0 for g in (*GRADES, NOT_JUDGED)}
        for d in self.decisions:
            out[d.grade] += 1
        return out

    def costliest(self, k: int = 3) -> tuple[Decision, ...]:
        """The ``k`` decisions that cost most (cost > 0 only), costliest first."""
        costly = [d for d in self.judged if d.cost > 0]
        return tuple(sorted(costly, key=lambda d: (-d.cost, d.move))[:k])

    @property
    def expected(self) -> Fraction:
        return sum((r.expected for r in self.rounds), Fraction(0))

    @property
    def actual(self) -> Fraction:
        return sum((r.actual for r in self.rounds), Fraction(0))

    @property
    def luck(self) -> Fraction:
        """What happened minus what the decisions were expected to give, over every round."""
        return self.actual - self.expected

    def to_json(self) -> dict:
        return {"game": self.game, "seat": self.seat, "players": self.players,
                "names": list(self.names), "unit": self.unit,
                "lower_is_better": self.lower_is_better, "over": self.over,
                "accuracy": plain(self.accuracy), "mean_cost": plain(self.mean_cost),
                "total_cost": plain(self.total_cost), "grades": self.grades(),
                "costliest": [d.move for d in self.costliest()],
                "expected": plain(self.expected), "actual": plain(self.actual),
                "luck": plain(self.luck),
                "decisions": [d.to_json() for d in self.decisions],
                "rounds": [r.to_json() for r in self.rounds]}


__all__ = ["GRADES", "NOT_JUDGED", "THRESHOLDS", "Choice", "Decision", "Review", "RoundLuck",
           "grade", "plain"]
