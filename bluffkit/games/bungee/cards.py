"""Bungee's cards: the deck, card text, and what a hand is worth.

Cards are the numbers 1-10 and the Bungee card, stored as ``BUNGEE`` (11) and written ``B``.
The deck holds 56 cards: 1-9 five times each, 10 eight times, 3 Bungee cards.

Two ways to count a hand (``shared/rules/README.md`` section 5):

- its **value** decides whether one may call Bungee and who wins among the callers: cards of the
  lucky value count 0 and Bungee cards count 0;
- its **score** is what a player who did not win the round writes down: cards of the lucky value
  count 0 and each Bungee card counts 10. **Reading** of "cards of that value count 0 this round":
  when a Bungee card stays the lucky card, Bungee cards count 0 in the score too.

Counts of cards (a draw pile, the unseen cards) are tuples of 11 integers, index ``c - 1`` for
card ``c``.

>>> parse_cards("1, 2, 8, B")
(1, 2, 8, 11)
>>> cards_text((1, 2, 8, 11))
'1,2,8,B'
>>> hand_value((1, 2, 8, 11), lucky=8), hand_score((1, 2, 8, 11), lucky=8)
(3, 13)
>>> sum(DECK)
56
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...core import ParseError
from ...core.i18n import _

BUNGEE = 11
"""The Bungee card (worth 0 for calling and for the round's winner, 10 for everybody else)."""
CARDS = tuple(range(1, 11)) + (BUNGEE,)
"""Every kind of card, in sorting order (Bungee last)."""
DECK = (5,) * 9 + (8, 3)
"""How many cards of each kind the box holds: ``DECK[c - 1]`` cards ``c``."""
HAND_SIZE = 5
"""Cards dealt to each player; a hand never holds more."""
CALL_LIMIT = 5
"""A hand worth this or less may call Bungee."""
BUNGEE_PENALTY = 10
"""What a Bungee card costs a player who did not win the round."""
WIN_SCORE = -10
"""The round winner's score."""

Counts = tuple[int, ...]


def card_text(card: int) -> str:
    """``"7"`` for a number, ``"B"`` for the Bungee card."""
    return "B" if card == BUNGEE else str(card)


def parse_card(text: str) -> int:
    """Read one card: ``1``-``10``, or ``B``/``bungee`` for the Bungee card.

    The Bungee card is stored as 11 but written ``B``: ``"11"`` is refused (there is no card 11).

    >>> parse_card("10"), parse_card("b")
    (10, 11)
    """
    t = str(text).strip().lower()
    if t in {"b", "bungee"}:
        return BUNGEE
    if t.isascii() and t.isdigit() and len(t) <= 5 and 1 <= int(t) <= 10:
        return int(t)
    raise ParseError(_("{text} is not a Bungee card: the numbers go from 1 to 10; write B for "
                       "a Bungee card", text=repr(str(text)[:20])))


def parse_cards(text: str | Iterable) -> tuple[int, ...]:
    """Read cards like ``"7,7,B"`` (or an iterable of cards) into a sorted tuple.

    >>> parse_cards(""), parse_cards([10, "b", 3])
    ((), (3, 10, 11))
    """
    return tuple(sorted(parse_card(p) for p in _parts(text)))


def parse_pile(text: str | Iterable) -> tuple[int, ...]:
    """Read a discard pile, bottom card first and top card last (order kept).

    >>> parse_pile("10, 5")
    (10, 5)
    """
    return tuple(parse_card(p) for p in _parts(text))


def _parts(text: str | Iterable) -> list[str]:
    if isinstance(text, str):
        return [p for p in re.split(r"[,\s]+", text.strip()) if p]
    try:
        return [str(p) for p in text]
    except TypeError:
        raise ParseError(_("{text} is not a list of cards: write cards like '1,2,8,B'",
                           text=repr(text))) from None


def cards_text(cards: Iterable[int]) -> str:
    return ",".join(card_text(c) for c in cards)


def card_value(card: int, lucky: int | None) -> int:
    """A card's worth for calling and for the round's winner (lucky and Bungee count 0)."""
    return 0 if card in (lucky, BUNGEE) else card


def card_score(card: int, lucky: int | None) -> int:
    """A card's worth in the score of a player who did not win (lucky 0, Bungee 10)."""
    if card == lucky:
        return 0
    return BUNGEE_PENALTY if card == BUNGEE else card


def hand_value(hand: Iterable[int], lucky: int | None) -> int:
    """What a hand is worth for calling Bungee and for winning the round."""
    return sum(card_value(c, lucky) for c in hand)


def hand_score(hand: Iterable[int], lucky: int | None) -> int:
    """What a hand costs a player who did not win the round."""
    return sum(card_score(c, lucky) for c in hand)


def can_call(hand: Iterable[int], lucky: int | None) -> bool:
    """True when the hand is worth 5 or less."""
    return hand_value(hand, lucky) <= CALL_LIMIT


# -- counts of cards ------------------------------------------------------------------------------
def counts_of(cards: Iterable[int]) -> Counts:
    """The 11 counts of a collection of cards.

    >>> counts_of((1, 1, 11))[:2], counts_of((1, 1, 11))[10]
    ((2, 0), 1)
    """
    out = [0] * len(CARDS)
    for c in cards:
        out[c - 1] += 1
    return tuple(out)


def cards_of(counts: Counts) -> tuple[int, ...]:
    """The sorted cards of a tuple of counts."""
    return tuple(c for c, k in zip(CARDS, counts) for _i in range(k))


def add_counts(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def sub_counts(a: Counts, b: Counts) -> Counts:
    """``a - b``; may hold negative numbers (callers check)."""
    return tuple(x - y for x, y in zip(a, b))


def remove_cards(hand: tuple[int, ...], card: int, count: int) -> tuple[int, ...]:
    """The hand without ``count`` cards ``card`` (the caller checks it holds them)."""
    out = list(hand)
    for _i in range(count):
        out.remove(card)
    return tuple(out)


__all__ = [
    "BUNGEE", "BUNGEE_PENALTY", "CALL_LIMIT", "CARDS", "DECK", "HAND_SIZE", "WIN_SCORE",
    "add_counts", "can_call", "card_score", "card_text", "card_value", "cards_of", "cards_text",
    "counts_of", "hand_score", "hand_value", "parse_card", "parse_cards", "parse_pile",
    "remove_cards", "sub_counts",
]
