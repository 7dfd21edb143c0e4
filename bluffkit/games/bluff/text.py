"""Reading actions typed by a person, building a position from text, describing a state."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ...core import ParseError
from ...core.i18n import _
from ...core.text import short_text
from .actions import Challenge, Roll, Show
from .bids import Bid, dice_text, parse_dice
from .state import BluffRules, BluffState


def parse_action(state: BluffState, text: str):
    """Read ``7x3``, ``5x*``, ``challenge`` (or ``c``, ``doubt``), ``keep``,
    ``show 3,3`` or ``show 3,3 reroll`` / ``reroll``."""
    t = short_text(text, _("a move"), "7x3").lower()
    t = t.replace("!", "").strip()
    if t in {"challenge", "c", "doubt", "haut les gobelets", "liar", "défi", "defi", "conteste",
             "doute", "je doute", "mettre en doute"}:
        return Challenge()
    if t in {"keep", "k", "none", "no", "garde", "garder", "non"}:
        return Show()
    m = re.fullmatch(r"(?:show|expose|montre)\s+(.*?)\s*(reroll|relance)?", t)
    if m:
        return Show(parse_dice(m.group(1)), bool(m.group(2)))
    if t in {"reroll", "relance"}:
        return Show((), True)
    try:
        return Bid.parse(t)
    except ParseError:
        raise ParseError(_(
            "{text} is not an action: type a bid like 7x3 or 5x*, 'challenge', or after your "
            "bid with the expansion, 'keep', 'show 3,3' or 'show 3,3 reroll'",
            text=repr(text))) from None


def position(hands: Sequence[str | Iterable], moves: Iterable[str] = (), *, opener: int = 0,
             **options) -> BluffState:
    """The round after rolling ``hands`` (one per player) and playing ``moves``, all as text.

    Each player starts with the dice of their hand (``starting_dice``, unless given); ``options``
    are further ``BluffRules`` fields. For examples, exercises and tests.

    Raises:
        ParseError, InvalidRules, IllegalAction: naming the bad hand, option or move.

    >>> s = position(["2,2,*", "1,4,5"], ["3x2"])
    >>> s.current_player(), s.bid, s.dice_in_play()
    (1, Bid(count=3, face=2), 6)
    """
    dice = [parse_dice(h) for h in hands]
    counts = tuple(len(d) for d in dice)
    if len(set(counts)) == 1 and "starting_dice" not in options:
        options.setdefault("dice_per_player", counts[0])
    else:
        options.setdefault("starting_dice", counts)
    s = BluffState.new(BluffRules(players=len(dice), opener=opener, **options))
    while s.phase == "roll":
        s = s.apply(Roll(dice[s.to_move]))
    for text in moves:
        s = s.apply(parse_action(s, text))
    return s


def describe(s: BluffState) -> str:
    """A few lines a person can read."""
    lines = [_("Bluff, round {round}, {n} dice in play (held: {held})", round=s.round,
               n=s.dice_in_play(), held=", ".join(f"P{p}={d}" for p, d in enumerate(s.dice)))]
    if s.phase == "over":
        lines.append(_("Game over: player {player} wins.", player=s.winner()))
        return "\n".join(lines)
    if s.bid:
        lines.append(_("Current bid: {bid} by player {player}", bid=s.bid, player=s.bidder))
    for p, e in enumerate(s.exposed):
        if e:
            lines.append(_("Player {player} shows {dice}", player=p, dice=dice_text(e)))
    lines.append(_("Phase {phase}; to move: {player}", phase=s.phase,
                   player=s.current_player()))
    return "\n".join(lines)


def say_show(show: Show) -> str:
    """A Montre-moi ton jeu move as the engine writes it (``show 3,3 reroll``, ``keep``), in
    the current language."""
    if not show.expose and not show.reroll:
        return _("keep")
    if not show.expose:
        return _("reroll")
    if show.reroll:
        return _("show {dice} reroll", dice=dice_text(show.expose))
    return _("show {dice}", dice=dice_text(show.expose))


__all__ = ["describe", "parse_action", "position", "say_show"]
