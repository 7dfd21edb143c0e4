"""Reading actions typed by a person and describing a state in words."""

from __future__ import annotations

import re

from ...core import IllegalAction, ParseError
from .bids import Bid, dice_text, parse_dice
from .state import BluffState, Challenge, Show


def parse_action(state: BluffState, text: str):
    """Read ``7x3``, ``5x*``, ``challenge`` (or ``c``, ``doubt``), ``keep``,
    ``show 3,3`` or ``show 3,3 reroll`` / ``reroll``."""
    t = str(text).strip().lower()
    if t in {"challenge", "c", "doubt", "haut les gobelets", "liar"}:
        return Challenge()
    if t in {"keep", "k", "none", "no"}:
        return Show()
    m = re.fullmatch(r"(?:show|expose)\s+(.*?)\s*(reroll)?", t)
    if m:
        return Show(parse_dice(m.group(1)), bool(m.group(2)))
    if t == "reroll":
        return Show((), True)
    try:
        return Bid.parse(t)
    except ParseError:
        raise ParseError(
            f"{text!r} is not an action: type a bid like 7x3 or 5x*, 'challenge', or after your "
            "bid with the expansion, 'keep', 'show 3,3' or 'show 3,3 reroll'") from None


def describe(s: BluffState) -> str:
    """A few lines a person can read."""
    lines = [f"Bluff, round {s.round}, {s.dice_in_play()} dice in play "
             f"(held: {', '.join(f'P{p}={d}' for p, d in enumerate(s.dice))})"]
    if s.phase == "over":
        lines.append(f"Game over: player {s.winner()} wins.")
        return "\n".join(lines)
    if s.bid:
        lines.append(f"Current bid: {s.bid} by player {s.bidder}")
    for p, e in enumerate(s.exposed):
        if e:
            lines.append(f"Player {p} shows {dice_text(e)}")
    lines.append(f"Phase {s.phase}; to move: {s.current_player()}")
    return "\n".join(lines)


__all__ = ["parse_action", "describe", "IllegalAction"]
