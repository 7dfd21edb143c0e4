"""Bungee's actions and chance outcomes: frozen dataclasses with a text form.

>>> str(Play(7, 2)), str(TakePlay(10)), str(Call()), str(Draw(11))
('play 7,7', 'take, play 10', 'bungee', 'draw B')
>>> sorted([Draw(3), Play(7, 2), Call(), Play(7)])
[Call(), Play(card=7, count=1), Play(card=7, count=2), Draw(card=3)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Action, IllegalAction
from .cards import CARDS, HAND_SIZE, card_text, cards_text


def _check_cards(card, count) -> None:
    if card not in CARDS:
        raise IllegalAction(f"{card!r} is not a Bungee card: cards are 1-10 and B")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= HAND_SIZE:
        raise IllegalAction(f"one plays 1-{HAND_SIZE} cards of one value, not {count!r}")


@dataclass(frozen=True)
class Call(Action):
    """Call "Bungee": lay one's hand (worth 5 or less) face down."""

    def sort_key(self) -> tuple:
        return (0,)

    def __str__(self) -> str:
        return "bungee"


@dataclass(frozen=True)
class Play(Action):
    """Turn (a): play ``count`` cards of value ``card`` onto the discard pile, then draw one."""

    card: int
    count: int = 1

    def __post_init__(self):
        _check_cards(self.card, self.count)

    def sort_key(self) -> tuple:
        return (1, self.card, self.count)

    def __str__(self) -> str:
        return f"play {cards_text((self.card,) * self.count)}"


@dataclass(frozen=True)
class TakePlay(Action):
    """Turn (b): take the discard pile's top card, then play ``count`` cards of value ``card``
    (not the card just taken); no draw."""

    card: int
    count: int = 1

    def __post_init__(self):
        _check_cards(self.card, self.count)

    def sort_key(self) -> tuple:
        return (2, self.card, self.count)

    def __str__(self) -> str:
        return f"take, play {cards_text((self.card,) * self.count)}"


@dataclass(frozen=True)
class Stand(Action):
    """In the last lap, after acting with a hand worth 5 or less: do not call."""

    def sort_key(self) -> tuple:
        return (3,)

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class TakeLucky(Action):
    """The dealer takes the Bungee card turned as lucky card and discards ``discard``."""

    discard: int

    def __post_init__(self):
        if self.discard not in CARDS:
            raise IllegalAction(f"{self.discard!r} is not a Bungee card: cards are 1-10 and B")

    def sort_key(self) -> tuple:
        return (4, self.discard)

    def __str__(self) -> str:
        return f"take lucky, discard {card_text(self.discard)}"


@dataclass(frozen=True)
class LeaveLucky(Action):
    """The dealer leaves the Bungee card as the lucky card (Bungee cards then count 0)."""

    def sort_key(self) -> tuple:
        return (5,)

    def __str__(self) -> str:
        return "leave lucky"


@dataclass(frozen=True)
class Draw(Action):
    """Chance: the card dealt, drawn, or turned as lucky card."""

    card: int

    def __post_init__(self):
        if self.card not in CARDS:
            raise IllegalAction(f"{self.card!r} is not a Bungee card: cards are 1-10 and B")

    def sort_key(self) -> tuple:
        return (6, self.card)

    def __str__(self) -> str:
        return f"draw {card_text(self.card)}"


__all__ = ["Call", "Draw", "LeaveLucky", "Play", "Stand", "TakeLucky", "TakePlay"]
