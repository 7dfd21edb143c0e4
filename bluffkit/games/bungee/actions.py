"""Bungee's actions and chance outcomes: frozen dataclasses with a text form.

>>> str(Play(7, 2)), str(TakePlay(10)), str(Call()), str(Draw(11))
('play 7,7', 'take, play 10', 'bungee', 'draw B')
>>> sorted([Draw(3), Play(7, 2), Call(), Play(7)])
[Call(), Play(card=7, count=1), Play(card=7, count=2), Draw(card=3)]
"""

from __future__ import annotations

import re

from ...core import Action, IllegalAction, action
from ...core.checks import is_whole
from ...core.i18n import _
from .cards import CARDS, HAND_SIZE, card_text, cards_text


def _check_cards(card, count) -> None:
    if card not in CARDS:
        raise IllegalAction(_("{card} is not a Bungee card: cards are 1-10 and B",
                              card=repr(card)))
    if not is_whole(count, 1, HAND_SIZE):
        raise IllegalAction(_("one plays 1-{most} cards of one value, not {count}",
                              most=HAND_SIZE, count=repr(count)))


@action(0)
class Call(Action):
    """Call "Bungee": lay one's hand (worth 5 or less) face down."""

    def __str__(self) -> str:
        return "bungee"


@action(1)
class Play(Action):
    """Turn (a): play ``count`` cards of value ``card`` onto the discard pile, then draw one."""

    card: int
    count: int = 1

    def __post_init__(self):
        _check_cards(self.card, self.count)

    def __str__(self) -> str:
        return f"play {cards_text((self.card,) * self.count)}"


@action(2)
class TakePlay(Action):
    """Turn (b): take the discard pile's top card, then play ``count`` cards of value ``card``
    (not the card just taken); no draw."""

    card: int
    count: int = 1

    def __post_init__(self):
        _check_cards(self.card, self.count)

    def __str__(self) -> str:
        return f"take, play {cards_text((self.card,) * self.count)}"


@action(3)
class Stand(Action):
    """In the last lap, after acting with a hand worth 5 or less: do not call."""

    def __str__(self) -> str:
        return "pass"


@action(4)
class TakeLucky(Action):
    """The dealer takes the Bungee card turned as lucky card and discards ``discard``."""

    discard: int

    def __post_init__(self):
        if self.discard not in CARDS:
            raise IllegalAction(_("{card} is not a Bungee card: cards are 1-10 and B",
                                  card=repr(self.discard)))

    def __str__(self) -> str:
        return f"take lucky, discard {card_text(self.discard)}"


@action(5)
class LeaveLucky(Action):
    """The dealer leaves the Bungee card as the lucky card (Bungee cards then count 0)."""

    def __str__(self) -> str:
        return "leave lucky"


@action(6)
class Draw(Action):
    """Chance: the card dealt, drawn, or turned as lucky card."""

    card: int

    def __post_init__(self):
        if self.card not in CARDS:
            raise IllegalAction(_("{card} is not a Bungee card: cards are 1-10 and B",
                                  card=repr(self.card)))

    def __str__(self) -> str:
        return f"draw {card_text(self.card)}"


_SAID = [
    (re.compile(r"take (\w+), play (\S+)"), lambda m: _("take {card}, play {cards}",
                                                          card=m[1], cards=m[2])),
    (re.compile(r"take, play (\S+)"), lambda m: _("take, play {cards}", cards=m[1])),
    (re.compile(r"play (\S+)"), lambda m: _("play {cards}", cards=m[1])),
    (re.compile(r"take lucky, discard (\w+)"),
     lambda m: _("take lucky, discard {card}", card=m[1])),
    (re.compile(r"lucky card (\w+)"), lambda m: _("lucky card {card}", card=m[1])),
    (re.compile(r"draw (\w+)"), lambda m: _("draw {card}", card=m[1])),
    (re.compile(r"leave lucky( B)?"), lambda m: _("leave lucky") + (m[1] or "")),
    (re.compile(r"draws a card"), lambda m: _("draws a card")),
    (re.compile(r"bungee"), lambda m: _("bungee")),
    (re.compile(r"pass"), lambda m: _("pass")),
    (re.compile(r"skipped(: each 6 played skips the next player)?"),
     lambda m: _("skipped: each 6 played skips the next player")),
    (re.compile("the discard pile but its top card is shuffled into a new draw pile"),
     lambda m: _("the discard pile but its top card is shuffled into a new draw pile")),
    (re.compile("a 6 skipped onto the first caller: everybody else acts once more"),
     lambda m: _("a 6 skipped onto the first caller: everybody else acts once more")),
]


def say_move(text: str) -> str:
    """A move or table event as the engine writes it (``"take 4, play 9"``, ``"skipped"``),
    in the current language (the history keeps the engine's text: it is read back).

    >>> say_move("take 4, play 9"), say_move("skipped")
    ('take 4, play 9', 'skipped: each 6 played skips the next player')
    """
    for pattern, said in _SAID:
        if m := pattern.fullmatch(text):
            return said(m)
    return text


__all__ = ["say_move", "Call", "Draw", "LeaveLucky", "Play", "Stand", "TakeLucky", "TakePlay"]
