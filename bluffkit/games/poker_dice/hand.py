"""Poker dice faces, colours and hands: the printed ranking and the best 5 of 6 dice.

Faces are 9 < 10 < J < Q < K < A, stored as the integers 9-14 and written ``9, 10, J, Q, K, A``.
The ranking, low to high, is the one printed in the rulebook (``poker-dice.fr.txt``): nothing,
pair, two pairs, three of a kind, full house, four of a kind, large straight (9-K or 10-A), large
flush (5 dice of one colour), five of a kind. Straights and flushes rank above four of a kind as
printed, although four of a kind is rarer (see ``bluffkit.odds.poker_dice``). A hand that is two
things at once counts as the higher one: with the default colours the full house A,A,A,9,9 is all
black, so it is a large flush.

**Decisions** (``shared/rules/README.md`` section 3), both rules options of ``PokerDiceRules``:

- colours: 9 black, 10 red, J blue, Q green, K red, A black (the common poker-dice set);
- ties within a category: ``tie_break="faces"`` compares the faces that make the combination,
  then the remaining dice, highest first (a flush and a straight are made of all five dice,
  compared highest first); ``tie_break="categories"`` compares categories only.

>>> hand_category(parse_dice("9,10,J,Q,K"))
<Category.LARGE_STRAIGHT: 6>
>>> str(best_hand(parse_dice("A,A,K,K,Q,9")))
'two pairs A,A,K,K,Q'
>>> str(hand_category(parse_dice("A,A,A,9,9")))
'large flush'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations

from ...core import ParseError
from ...core.i18n import _, _l

FACES = (9, 10, 11, 12, 13, 14)
"""The six faces of a poker die, low to high: 9, 10, J, Q, K, A."""
FACE_NAMES = {9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_FACE_BY_NAME = {"9": 9, "10": 10, "t": 10, "j": 11, "q": 12, "k": 13, "a": 14,
                 "11": 11, "12": 12, "13": 13, "14": 14}
DEFAULT_COLOURS = ("black", "red", "blue", "green", "red", "black")
"""Colours of 9, 10, J, Q, K, A (**decision**: the common poker-dice set)."""
TIE_BREAKS = ("faces", "categories")


class Category(IntEnum):
    """Hand categories in the printed order, low to high. ``str`` gives the plain name."""

    NOTHING = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    LARGE_STRAIGHT = 6
    LARGE_FLUSH = 7
    FIVE_OF_A_KIND = 8

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")

    @property
    def words(self) -> str:
        """The category's name in the current language (``label`` stays the engine's)."""
        return str(_CATEGORY_WORDS[self])

    def __str__(self) -> str:
        return self.label


_CATEGORY_WORDS = {
    Category.NOTHING: _l("nothing"), Category.PAIR: _l("pair"), Category.TWO_PAIRS: _l("two pairs"),
    Category.THREE_OF_A_KIND: _l("three of a kind"), Category.FULL_HOUSE: _l("full house"),
    Category.FOUR_OF_A_KIND: _l("four of a kind"), Category.LARGE_STRAIGHT: _l("large straight"),
    Category.LARGE_FLUSH: _l("large flush"), Category.FIVE_OF_A_KIND: _l("five of a kind")}


def face_text(face: int) -> str:
    """``"J"`` for 11, ``"10"`` for 10."""
    return FACE_NAMES[face]


def parse_face(text: str) -> int:
    """Read a face: ``9``, ``10`` (or ``T``), ``J``, ``Q``, ``K``, ``A`` (any case).

    >>> parse_face("q"), parse_face("10")
    (12, 10)
    """
    face = _FACE_BY_NAME.get(str(text).strip().lower())
    if face is None:
        raise ParseError(_("{text} is not a poker-dice face: use 9, 10, J, Q, K or A",
                           text=repr(text)))
    return face


def parse_dice(text: str | Iterable) -> tuple[int, ...]:
    """Read dice like ``"9,K,K"`` (or an iterable of faces or names) into a sorted tuple.

    >>> parse_dice("A, 10 ,9")
    (9, 10, 14)
    >>> parse_dice([13, "K"])
    (13, 13)
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    elif hasattr(text, "__iter__"):
        parts = [str(p) for p in text]
    else:
        raise ParseError(_("{text} is not dice: write them like '9,K,K' (or a list of faces)",
                           text=repr(text)))
    return tuple(sorted(parse_face(p) for p in parts))


def dice_text(dice: Iterable[int]) -> str:
    """``"9,K,K"``."""
    return ",".join(face_text(f) for f in dice)


def colour_groups(colours: tuple[str, ...]) -> tuple[frozenset[int], ...]:
    """The faces of each colour, e.g. black {9, A}, red {10, K}, blue {J}, green {Q}."""
    groups: dict[str, set[int]] = {}
    for face, colour in zip(FACES, colours):
        groups.setdefault(colour, set()).add(face)
    return tuple(frozenset(g) for g in groups.values())


def hand_category(dice: tuple[int, ...], colours: tuple[str, ...] = DEFAULT_COLOURS) -> Category:
    """The category of exactly five dice (the highest category that applies).

    >>> hand_category((9, 9, 12, 12, 12))
    <Category.FULL_HOUSE: 4>
    """
    return hand_key(tuple(sorted(dice)), colours)[0]


@cache
def hand_key(dice: tuple[int, ...], colours: tuple[str, ...] = DEFAULT_COLOURS,
             tie_break: str = "faces") -> tuple:
    """Comparable strength of five sorted dice: ``(category, faces...)``; higher is better.

    With ``tie_break="faces"`` the faces follow the category: those that make the combination
    first (more copies first, then higher), then the remaining dice, highest first; a straight
    or a flush lists its five dice highest first. With ``"categories"`` the key is the category
    alone.

    >>> hand_key((9, 11, 11, 14, 14))
    (<Category.TWO_PAIRS: 2>, 14, 14, 11, 11, 9)
    >>> hand_key((9, 11, 11, 14, 14), tie_break="categories")
    (<Category.TWO_PAIRS: 2>,)
    """
    if len(dice) != 5:
        raise ParseError(_("a hand has exactly 5 dice, got {n}", n=len(dice)))
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    high_first = tuple(sorted(dice, reverse=True))
    grouped = tuple(sorted(dice, key=lambda f: (counts[f], f), reverse=True))
    one_colour = any(set(dice) <= group for group in colour_groups(colours))
    if shape[0] == 5:
        category, faces = Category.FIVE_OF_A_KIND, grouped
    elif one_colour:
        category, faces = Category.LARGE_FLUSH, high_first
    elif shape[0] == 1 and high_first[0] - high_first[4] == 4:
        category, faces = Category.LARGE_STRAIGHT, high_first
    else:
        category = {(4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
                    (3, 1): Category.THREE_OF_A_KIND, (2, 2): Category.TWO_PAIRS,
                    (2, 1): Category.PAIR, (1, 1): Category.NOTHING}[tuple(shape[:2])]
        faces = grouped
    return (category,) if tie_break == "categories" else (category, *faces)


@dataclass(frozen=True)
class Hand:
    """A player's best five dice and what they make."""

    category: Category
    dice: tuple[int, ...]
    """The five dice, ordered as they compare (combination first, then kickers)."""
    key: tuple

    def __str__(self) -> str:
        return f"{self.category} {dice_text(self.dice)}"

    @property
    def words(self) -> str:
        """``full house K,K,K,Q,Q`` in the current language."""
        return f"{self.category.words} {dice_text(self.dice)}"

    def to_json(self) -> dict:
        return {"category": str(self.category), "dice": dice_text(self.dice)}


@cache
def best_hand(dice: tuple[int, ...], colours: tuple[str, ...] = DEFAULT_COLOURS,
              tie_break: str = "faces") -> Hand:
    """The best five of the given dice (usually six: three under the peeker, three common).

    >>> best_hand((9, 10, 11, 12, 13, 14)).category
    <Category.LARGE_STRAIGHT: 6>
    >>> str(best_hand((9, 9, 11, 11, 13, 14), tie_break="faces"))
    'two pairs J,J,9,9,A'
    """
    dice = tuple(sorted(dice))
    if len(dice) < 5:
        raise ParseError(_("a hand needs at least 5 dice, got {n}", n=len(dice)))
    best = None
    for five in set(combinations(dice, 5)):
        full = hand_key(five, colours, "faces")
        key = full if tie_break == "faces" else full[:1]
        if best is None or key > best[0] or (key == best[0] and full > best[1]):
            best = (key, full)
    key, full = best
    return Hand(full[0], tuple(full[1:]), key)


__all__ = ["Category", "DEFAULT_COLOURS", "FACES", "FACE_NAMES", "Hand", "TIE_BREAKS",
           "best_hand", "colour_groups", "dice_text", "face_text", "hand_category", "hand_key",
           "parse_dice", "parse_face"]
