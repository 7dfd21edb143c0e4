"""Reading actions typed by a person and describing a state in words."""

from __future__ import annotations

from ...core import Action
from .actions import parse_action_text
from .state import BluffYouState
from .tokens import POINTS, dice_text, points_text, total_points


def parse_action(state: BluffYouState, text: str) -> Action:
    """Read ``gain 11 to P1``, ``steal 5 from P2``, ``doublet 8,13 for 4``, ``ok``,
    ``bluff you`` or ``give 7`` (legality is checked by ``state.apply``).

    >>> str(parse_action(BluffYouState.new(), "Bluff you!"))
    'bluff you'
    """
    return parse_action_text(text)


def describe(s: BluffYouState) -> str:
    """A few lines a person can read (the roll is not shown: it is the bluffer's secret)."""
    lines = [f"Bluff You, turn {s.turn + 1}; centre: "
             + (", ".join(f"{t}({POINTS[t]})" for t in s.centre) or "empty")]
    for p, h in enumerate(s.held):
        lines.append(f"P{p}: {', '.join(map(str, h)) or '-'} ({points_text(total_points(h))})")
    if s.last:
        lines.append(f"Last turn: {s.last.describe()}")
    if s.phase == "over":
        lines.append("Game over: winner(s) " + ", ".join(f"P{p}" for p in s.winners()))
    elif s.phase == "give":
        lines.append(f"P{s.pending.guesser} was right (dice {dice_text(s.roll)}): P{s.bluffer} "
                     "gives one of their tokens")
    elif s.phase == "call":
        lines.append(f"P{s.bluffer} announces: {s.pending}; P{s.pending.guesser} to answer")
    else:
        lines.append(f"P{s.bluffer} is the bluffer ({s.phase})")
    return "\n".join(lines)
