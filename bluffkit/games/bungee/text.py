"""Reading Bungee actions typed by a person and describing a state in words.

>>> from bluffkit.games.bungee import BungeeState
>>> s = BungeeState.new()
>>> parse_action(s, "take, play 7,7"), parse_action(s, "9"), parse_action(s, "Bungee!")
(TakePlay(card=7, count=2), Play(card=9, count=1), Call())
"""

from __future__ import annotations

import re

from ...core import ParseError
from ...core.i18n import _, _l, _n
from ...core.text import short_text
from .actions import Call, Draw, LeaveLucky, Play, Stand, TakeLucky, TakePlay, say_move
from .cards import card_text, cards_text, hand_value, parse_card, parse_cards
from .state import BungeeState

_HELP = _l("type 'play 7,7' (play cards of one value, then draw), 'take, play 9' (take the "
           "discard pile's top card, then play), 'bungee' (call), 'pass' (do not call), or for "
           "the dealer 'take lucky, discard 9' / 'leave lucky'")

_FRENCH_WORDS = {"joue": "play", "jouer": "play", "prends": "take", "prendre": "take",
                 "passe": "pass", "passer": "pass", "défausse": "discard", "laisse": "leave",
                 "porte-bonheur": "lucky", "pioche": "draw", "puis": "then", "la": "",
                 "le": ""}
"""Moves may be typed in French too (``prends, joue 9``, ``passe``, ``laisse porte-bonheur``):
the words are read as their English twins."""


def parse_action(state: BungeeState | None, text: str):
    """Read ``play 7,7``, ``7,7``, ``take, play 9`` (or ``take 9``), ``bungee``, ``pass``,
    ``take lucky, discard 9``, ``leave lucky`` or ``draw 3``.

    Raises:
        ParseError: naming what could not be read and how to write it.
    """
    t = re.sub(r"\s+", " ", short_text(text, _("a move"), "play 7,7").lower().replace("!", ""))
    t = " ".join(re.sub(r"[\w-]+", lambda m: _FRENCH_WORDS.get(m[0], m[0]), t).split())
    if not t:
        raise ParseError(_("no action typed: {help}", help=_HELP))
    if t in {"bungee", "call", "call bungee"}:
        return Call()
    if t in {"pass", "stand", "no", "no call"}:
        return Stand()
    if t in {"leave lucky", "leave", "leave lucky b"}:
        return LeaveLucky()
    m = re.fullmatch(r"(?:take lucky,? )?discard (\S+)", t)
    if m:
        return TakeLucky(_card(m.group(1), text))
    m = re.fullmatch(r"draw (\S+)", t)
    if m:
        return Draw(_card(m.group(1), text))
    m = re.fullmatch(r"(?:take|t),? ?(?:(?:then )?play )?(.+)", t)
    if m:
        card, count = _group(m.group(1), text)
        return TakePlay(card, count)
    m = re.fullmatch(r"(?:play |p )?(.+)", t)
    card, count = _group(m.group(1), text)
    return Play(card, count)


def _card(part: str, text: str) -> int:
    try:
        return parse_card(part)
    except ParseError as e:
        raise ParseError(_("{text}: {reason}", text=repr(text), reason=e)) from None


def _group(part: str, text: str) -> tuple[int, int]:
    try:
        cards = parse_cards(part)
    except ParseError:
        raise ParseError(_("{text} is not a Bungee action: {help}", text=repr(text),
                           help=_HELP)) from None
    if not cards:
        raise ParseError(_("{text} names no card: {help}", text=repr(text), help=_HELP))
    if len(set(cards)) > 1:
        raise ParseError(_("{text}: one plays one or more cards of ONE value, e.g. 'play 7,7'",
                           text=repr(text)))
    if len(cards) > 5:
        raise ParseError(_("{text}: a hand holds at most 5 cards", text=repr(text)))
    return cards[0], len(cards)


def move_text(before: BungeeState, action) -> str:
    """What everybody sees of ``action`` played in ``before`` (the card taken is named).

    >>> from bluffkit.games.bungee import BungeeRules
    >>> s = BungeeState(BungeeRules(players=2), "turn", 0, ((1, 9), (2, 3)), (5,) * 9 + (8, 3),
    ...                 discard=(4,), lucky=8, opened=True, totals=(0, 0))
    >>> move_text(s, TakePlay(9))
    'take 4, play 9'
    """
    if isinstance(action, TakePlay):
        return f"take {card_text(before.top)}, {str(action).removeprefix('take, ')}"
    return str(action)


SKIPPED = "skipped: each 6 played skips the next player"

def seen_moves(before: BungeeState, action, after: BungeeState,
               viewer: int | None) -> list[tuple[int, str]]:
    """What ``viewer`` sees happen when ``action`` takes ``before`` to ``after``: (player, text)
    pairs, player -1 for the table; the viewer's own drawn card is named, others' are not.
    The deal is not told (a round starts with an empty history, so a round's last move is
    rebuilt from ``before``)."""
    if before.phase == "deal":
        return []
    out = []
    if before.phase == "draw" and before.to_move == viewer:
        out.append((viewer, f"draw {card_text(action.card)}"))
    if after.round == before.round:
        new = after.history[len(before.history):]
    else:
        new = ((before.to_move, "draws a card" if before.phase == "draw"
                else move_text(before, action)),)
    out += [(p, SKIPPED if t == "skipped" else t) for p, t in new
            if not (p == viewer and t == "draws a card")]
    return out


def describe(s: BungeeState) -> str:
    """A few lines a person can read (every hand is shown: this is the referee's view)."""
    n = s.rules.players
    totals = ", ".join(f"P{p}={t}" for p, t in enumerate(s.totals))
    lines = [_("Bungee, round {round} of {rounds}; totals: {totals}", round=s.round,
               rounds=s.rules.rounds, totals=totals)]
    if s.phase == "over":
        won = s.winners()
        who = ", ".join(_("player {p}", p=p) for p in won)
        lines.append(_n("Game over: {who} wins with {total}.",
                        "Game over: {who} win with {total}.", len(won), who=who,
                        total=min(s.totals)))
        return "\n".join(lines)
    if s.phase == "deal":
        lines.append(_("Dealing: player {p} receives a card.", p=s.to_move))
        return "\n".join(lines)
    lucky = card_text(s.lucky) if s.lucky is not None else _("not turned yet")
    lines.append(_("Lucky card: {lucky}; draw pile {pile} cards; discard pile {discard} cards, "
                   "top {top}", lucky=lucky, pile=sum(s.pile), discard=len(s.discard),
                   top=card_text(s.top) if s.discard else "-"))
    for p in range(n):
        worth = hand_value(s.hands[p], s.lucky)
        cards = cards_text(s.hands[p]) or "-"
        if p in s.callers:
            lines.append("  " + _("P{p}: {cards} worth {worth} (called Bungee #{k})", p=p,
                                  cards=cards, worth=worth, k=s.callers.index(p) + 1))
        else:
            lines.append("  " + _("P{p}: {cards} worth {worth}", p=p, cards=cards, worth=worth))
    if s.callers:
        lines.append(_("Last lap: still to act {players}",
                       players=", ".join(f"P{p}" for p in s.to_act) or "-"))
    lines.append(_("Phase {phase}; to move: {player}", phase=s.phase,
                   player=s.current_player()))
    return "\n".join(lines)


__all__ = ["SKIPPED", "describe", "move_text", "parse_action", "say_move",
           "seen_moves"]
