"""Jungle Bluff's cards and the "beats" relation of a challenge.

A card is its face value 1-10, and for the advanced game whether it is one of the four special
cards (rules digest section 4): the **optimistic 1** (``1o``), the **reversed 5** (``5r``), the
**nervous 9** (``9n``) and the **alpha 10** (``10a``). Every card scores its face value. Special
cards only replace the same value in the *players'* decks; the spare deck that deals the first
score cards is always standard, so a score pile may hold both a ``9`` and a ``9n``.

A challenge compares the challenger's strength card with the defender's (:func:`duel_winner`):
the higher wins, ties go to the challenger, and the special cards change that relation:

- optimistic 1 beats any 10 (alpha 10 included), either side; otherwise it is a 1;
- reversed 5 beats any card of value 6 or more, loses to any card of value 4 or less; a tie with
  a 5 (reversed or not) still goes to the challenger;
- alpha 10 against alpha 10: nobody wins, the score card goes back to the centre;
- nervous 9 counts 1 when it is challenged (so as defender it loses to everything but the
  reversed 5); as challenger it is a 9 (beats all but a 10 and the reversed 5).

>>> duel_winner(Card(8), Card(8))
'challenger'
>>> duel_winner(Card(1, True), Card(10, True)), duel_winner(Card(10, True), Card(10, True))
('challenger', 'nobody')
>>> str(Card(9, True)), parse_card("10a")
('9n', Card(value=10, special=True))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ...core import ParseError
from ...core.checks import is_whole
from ...core.i18n import _, _l

SPECIALS: dict[str, int] = {"optimistic": 1, "reversed": 5, "nervous": 9, "alpha": 10}
"""Special card name -> the value it replaces."""
SPECIAL_NAMES = {"optimistic": _l("optimistic 1"), "reversed": _l("reversed 5"),
                 "nervous": _l("nervous 9"), "alpha": _l("alpha 10")}
"""Special card name -> what a player reads (the rulebook's name, in the language)."""
LETTERS: dict[int, str] = {1: "o", 5: "r", 9: "n", 10: "a"}
"""Value -> the letter written after a special card of that value."""
KINDS: dict[int, str] = {v: k for k, v in SPECIALS.items()}

CHALLENGER = "challenger"
DEFENDER = "defender"
NOBODY = "nobody"


@dataclass(frozen=True, order=True)
class Card:
    """One card: face value 1-10; ``special`` for the advanced special card of that value.

    >>> sorted([Card(9, True), Card(10), Card(9)])
    [Card(value=9, special=False), Card(value=9, special=True), Card(value=10, special=False)]
    """

    value: int
    special: bool = False

    def __post_init__(self):
        if not is_whole(self.value, 1, 10):
            raise ParseError(_("a card value is a whole number 1-10, got {value}",
                               value=repr(self.value)))
        if self.special and self.value not in LETTERS:
            raise ParseError(_("there is no special {value}: the special cards are 1o "
                               "(optimistic), 5r (reversed), 9n (nervous), 10a (alpha)",
                               value=self.value))

    @property
    def kind(self) -> str | None:
        """``"optimistic"``, ``"reversed"``, ``"nervous"``, ``"alpha"`` or ``None``."""
        return KINDS[self.value] if self.special else None

    def __str__(self) -> str:
        return f"{self.value}{LETTERS[self.value] if self.special else ''}"


def parse_card(text: str) -> Card:
    """Read ``"7"``, ``"9n"``, ``"10a"``, ``"5r"``, ``"1o"``.

    Raises:
        ParseError: for anything else.

    >>> parse_card(" 5R ")
    Card(value=5, special=True)
    """
    if isinstance(text, Card):
        return text
    m = re.fullmatch(r"\s*(\d{1,2})\s*([a-z]?)\s*", str(text).lower())
    if not m:
        raise ParseError(_("{text} is not a card: write a value like 7, or a special card 1o, 5r, "
                           "9n, 10a", text=repr(text)))
    value, letter = int(m.group(1)), m.group(2)
    if letter and LETTERS.get(value) != letter:
        raise ParseError(_("{text} is not a card: the special cards are 1o, 5r, 9n and 10a",
                           text=repr(text)))
    return Card(value, bool(letter))


def parse_cards(text: str | Iterable) -> tuple[Card, ...]:
    """Read ``"10, 4, 2, 6"`` (or ``"3+3"``, or an iterable of cards/values), sorted.

    >>> [str(c) for c in parse_cards("10, 4 2+6")]
    ['2', '4', '6', '10']
    """
    parts = ([p for p in re.split(r"[,+\s]+", text.strip()) if p] if isinstance(text, str)
             else list(text))
    return tuple(sorted(c if isinstance(c, Card) else parse_card(str(c)) for c in parts))


SPECIAL_HINT = _l("choose the {name} to play with it")
"""How :func:`deck_cards` says to turn a special card on (a command line says its option)."""


def deck_cards(cards: Iterable[Card], deck: Iterable[Card], hint: object = SPECIAL_HINT,
               distinct: bool = True) -> tuple[Card, ...]:
    """Cards of the players' ``deck``, sorted: a bare value names the deck's card of that value
    (``9`` is the nervous ``9n`` when it is in play); with ``distinct`` (the cards of one
    player) each card at most once.

    Raises:
        ParseError: for a value the decks do not have, a special card not in play (``hint``
            says how to choose it, with ``{name}`` for its name in the language and ``{kind}``
            for the name a command line takes) or a card listed twice.

    >>> cards_text(deck_cards(parse_cards("9,2"), deck(10, ["nervous"])))
    '2,9n'
    >>> try:
    ...     deck_cards(parse_cards("9n"), deck(10))
    ... except ParseError as e:
    ...     print(str(e).split(":")[0])
    9n is the nervous 9, a special card not in play
    """
    own = {c.value: c for c in deck}
    out = []
    for c in cards:
        if c.value not in own:
            raise ParseError(_("{c} is not a card of this game: the decks run 1-{max}",
                               c=c, max=max(own)))
        if c.special and own[c.value] != c:
            name = SPECIAL_NAMES[c.kind]
            raise ParseError(_("{c} is the {name}, a special card not in play: {hint}", c=c,
                               name=name, hint=str(hint).format(kind=c.kind, name=name)))
        out.append(own[c.value] if not c.special else c)
    if distinct:
        for c in out:
            if out.count(c) > 1:
                raise ParseError(_("{c} is listed twice, but a player's deck holds each card once",
                                   c=c))
    return tuple(sorted(out))


def score_cards(cards: Iterable[Card], deck: Iterable[Card],
                hint: object = SPECIAL_HINT) -> tuple[Card, ...]:
    """Score cards, sorted: any card of the game (a standard card may come from the spare deck;
    a special card only when it is in play, see :func:`deck_cards`); repeats allowed.

    Raises:
        ParseError: for a special card not in play.
    """
    deck = tuple(deck)
    for c in cards:
        if c.special:
            deck_cards((c,), deck, hint)
    return tuple(sorted(cards))


def cards_text(cards: Iterable[Card], sep: str = ",") -> str:
    """``"2,4,6,10"``."""
    return sep.join(str(c) for c in cards)


def points(cards: Iterable[Card]) -> int:
    """Score of some cards: the sum of face values."""
    return sum(c.value for c in cards)


def duel_winner(challenger: Card, defender: Card) -> str:
    """Who wins a challenge: ``"challenger"``, ``"defender"`` or ``"nobody"`` (alpha vs alpha).

    >>> duel_winner(Card(9, True), Card(5, True)), duel_winner(Card(5, True), Card(9, True))
    ('defender', 'defender')
    """
    if challenger.kind == "alpha" and defender.kind == "alpha":
        return NOBODY
    if challenger.kind == "optimistic" and defender.value == 10:
        return CHALLENGER
    if defender.kind == "optimistic" and challenger.value == 10:
        return DEFENDER
    c = challenger.value
    d = 1 if defender.kind == "nervous" else defender.value
    if challenger.kind == "reversed" and d != 5:
        return CHALLENGER if d >= 6 else DEFENDER
    if defender.kind == "reversed" and c != 5:
        return DEFENDER if c >= 6 else CHALLENGER
    return CHALLENGER if c >= d else DEFENDER


def deck(top: int, specials: Iterable[str] = ()) -> tuple[Card, ...]:
    """A player's deck ``1..top`` with the chosen special cards replacing their values.

    >>> cards_text(deck(10, ["nervous", "alpha"]))
    '1,2,3,4,5,6,7,8,9n,10a'
    """
    special_values = {SPECIALS[k] for k in specials}
    return tuple(Card(v, v in special_values) for v in range(1, top + 1))


__all__ = ["CHALLENGER", "DEFENDER", "LETTERS", "NOBODY", "SPECIALS", "SPECIAL_HINT",
           "SPECIAL_NAMES", "Card",
           "cards_text", "deck", "deck_cards", "duel_winner", "parse_card", "parse_cards", "points",
           "score_cards"]
