"""Reading actions typed by a person and describing a state in words."""

from __future__ import annotations

from ...core import Action
from ...core.i18n import _
from .actions import action_text, parse_action_text
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
    centre = ", ".join(f"{t}({POINTS[t]})" for t in s.centre) or _("empty")
    lines = [_("Bluff You, turn {turn}; centre: {tokens}", turn=s.turn + 1, tokens=centre)]
    for p, h in enumerate(s.held):
        lines.append(f"P{p}: {', '.join(map(str, h)) or '-'} ({points_text(total_points(h))})")
    if s.last:
        lines.append(_("Last turn: {turn}", turn=s.last.describe()))
    if s.phase == "over":
        lines.append(_("Game over: winner(s) {players}",
                       players=", ".join(f"P{p}" for p in s.winners())))
    elif s.phase == "give":
        lines.append(_("P{guesser} was right (dice {dice}): P{bluffer} gives one of their tokens",
                       guesser=s.pending.guesser, dice=dice_text(s.roll), bluffer=s.bluffer))
    elif s.phase == "call":
        lines.append(_("P{bluffer} announces: {move}; P{guesser} to answer", bluffer=s.bluffer,
                       move=action_text(s.pending), guesser=s.pending.guesser))
    else:
        phase = _("rolling") if s.phase == "roll" else _("choosing a move")
        lines.append(_("P{bluffer} is the bluffer ({phase})", bluffer=s.bluffer, phase=phase))
    return "\n".join(lines)


__all__ = ["describe", "parse_action"]
