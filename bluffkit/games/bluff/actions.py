"""Bluff's actions besides the bids (``bids``): the challenge, the expansion's show, and chance's
rolls with their exact probabilities."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...core import (
    Action,
    Distribution,
    IllegalAction,
)
from ...core.i18n import _
from .bids import (
    FACES,
    STAR,
    dice_text,
)


@dataclass(frozen=True)
class Challenge(Action):
    """"Haut les gobelets !": doubt the current bid."""

    def sort_key(self) -> tuple:
        return (1,)

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True)
class Show(Action):
    """Expansion move right after a bid: expose some hidden dice, then maybe re-roll the rest.

    ``Show()`` (written ``keep``) does nothing.
    """

    expose: tuple[int, ...] = ()
    reroll: bool = False

    def __post_init__(self):
        if (not isinstance(self.reroll, bool) or not isinstance(self.expose, tuple | list)
                or not all(f in FACES for f in self.expose)):
            raise IllegalAction(_("a show exposes die faces (1-5, *) and re-rolls or not, got "
                                  "{value}, reroll={reroll}", value=repr(self.expose),
                                  reroll=repr(self.reroll)))
        object.__setattr__(self, "expose", tuple(sorted(self.expose)))  # one way to write it

    def sort_key(self) -> tuple:
        return (2, self.reroll, len(self.expose), self.expose)

    def __str__(self) -> str:
        if not self.expose and not self.reroll:
            return "keep"
        parts = [f"show {dice_text(self.expose)}"] if self.expose else []
        return " ".join(parts + (["reroll"] if self.reroll else []))


@dataclass(frozen=True)
class Roll(Action):
    """Chance: the dice a player finds under the cup (sorted)."""

    dice: tuple[int, ...]

    def sort_key(self) -> tuple:
        return (3, self.dice)

    def __str__(self) -> str:
        return f"roll {dice_text(self.dice)}"


@dataclass(frozen=True)
class StartRoll(Action):
    """Chance: a player's total on the start roll (stars count 6)."""

    total: int

    def sort_key(self) -> tuple:
        return (4, self.total)

    def __str__(self) -> str:
        return f"start total {self.total}"


@cache
def roll_outcomes(k: int) -> tuple[tuple[Roll, Fraction], ...]:
    """The sorted multisets of ``k`` dice with their exact probabilities (multinomial / 6^k)."""
    from itertools import combinations_with_replacement

    out = []
    for dice in combinations_with_replacement(FACES, k):
        ways = math.factorial(k)
        for c in Counter(dice).values():
            ways //= math.factorial(c)
        out.append((Roll(dice), Fraction(ways, 6**k)))
    return tuple(out)


@cache
def start_total_distribution(k: int) -> Distribution:
    """Total of ``k`` dice with stars counting 6."""
    d = Distribution.point(0)
    for _die in range(k):
        d = d + Distribution.uniform(range(1, 7))
    return d


def count_matching(dice, face: int) -> int:
    """Dice matching a bid face: stars are wild for a digit, not for a star bid."""
    return sum(1 for f in dice if f == face or (f == STAR and face != STAR))


__all__ = ["Challenge", "Roll", "Show", "StartRoll", "count_matching", "roll_outcomes",
           "start_total_distribution"]
