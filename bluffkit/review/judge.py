"""What every game's review shares: the settings of the advice it replays, and the cost and
grade of one decision from its values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.i18n import _
from .model import Choice, Decision, grade

SUPPORT = 0.005
"""An approximate (CFR) equilibrium plays an action when its frequency is at least this: the
threshold Explain's own tables of played actions use. Exact equilibria count any frequency
above 0."""


@dataclass(frozen=True)
class Settings:
    """How the advice is asked at each decision (the same as Explain asks it by default).

    Attributes:
        names: what to call each seat in the advice's words (``None``: "player 1" ...).
        q: Bluff You: the guesser's model, P(the bluffer tells the truth when they can)
            (1/2, as at the table).
        samples, seed: Bungee: simulated endings of the round per choice and their seed when
            calling Bungee is compared with playing on (``None``: the advice's default, 100).
    """

    names: tuple[str, ...] | None = None
    q: Fraction = Fraction(1, 2)
    samples: int | None = None
    seed: int = 0


def judge(game: str, move: int, round_: int, observation: Any, options: Sequence[Choice],
          chosen: Any, chosen_value: Fraction | None, best: Any, best_value: Fraction | None,
          *, lower_is_better: bool, in_support: bool = False, exact: bool = True,
          explanation: str = "", advice: Any = None, note: str = "") -> Decision:
    """The decision with its cost: how much worse the chosen option's value is than the
    recommendation's (never below 0), or 0 when the chosen action is in the support of the
    equilibrium that applies; not judged (``None``) when a value is missing. ``chosen`` and
    ``best`` are actions (kept, and written as their text)."""
    cost = None
    if in_support:
        cost = Fraction(0)
        note = note or _("the equilibrium plays this action here, so it costs nothing")
    elif chosen_value is not None and best_value is not None:
        gap = chosen_value - best_value if lower_is_better else best_value - chosen_value
        cost = max(Fraction(0), Fraction(gap))
        if gap < 0 and not note:
            note = _("the advice's model values this choice above its recommendation, so it "
                     "costs nothing")
    return Decision(move, round_, observation, tuple(options), str(chosen), str(best),
                    chosen_value, best_value, cost, grade(game, cost), exact, in_support, note,
                    explanation, advice, chosen, best)


def transitions(steps):
    """Each step of a game as ``(state before, action, state after)``."""
    for i, (before, action) in enumerate(steps):
        after = steps[i + 1][0] if i + 1 < len(steps) else before.apply(action)
        yield before, action, after


def round_ends(steps):
    """The steps that end a round (or the game): ``(state before, action, state after)``, the
    state after holding the round's result in ``last``."""
    for before, action, after in transitions(steps):
        if after.round != before.round or after.is_terminal():
            yield before, action, after


__all__ = ["SUPPORT", "Settings", "judge", "round_ends", "transitions"]
