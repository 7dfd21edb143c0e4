"""The words the Bluff advice shares between its views: numbers as a student reads them, seats'
names, the choices, the rolls and the bids said in the current language.

>>> with_decimal(Fraction(1, 3)), short_fraction(Fraction(6175792183007257, 6175800997529625))
('1/3 ≈ 0.333', '≈ 1.000')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...core import InvalidQuestion
from ...core.i18n import _, _n, num
from ...core.text import exact_text
from ...games.bluff import Challenge, Show, dice_text
from ...games.bluff.text import say_show


# -- numbers --------------------------------------------------------------------------------------
def with_decimal(p: Fraction) -> str:
    """A fraction with its decimal, ``1/3 ≈ 0.333`` (a whole number alone)."""
    return f"{exact_text(p)} ≈ {num(float(p), '.3f')}" if p.denominator != 1 else str(p)


def short_fraction(p: Fraction) -> str:
    """``with_decimal`` while the fraction is short enough to read (denominator below a million),
    else the decimal alone (posteriors have long denominators: the exact value is in the JSON)."""
    return with_decimal(p) if p.denominator < 10**6 else f"≈ {num(float(p), '.3f')}"


def expected_dice(x: Fraction) -> str:
    """An expected number of dice: ``1 die``, ``0 dice``, ``2/3 ≈ 0.667 dice``."""
    return _("{x} die", x=with_decimal(x)) if x == 1 else _("{x} dice", x=with_decimal(x))


def dice_count(k: int) -> str:
    """``1 die``, ``3 dice``."""
    return _n("{n} die", "{n} dice", k)


def percent(p: float) -> str:
    """A frequency as a percentage (``under 1%`` for a small one that is not zero)."""
    return _("under 1%") if 0 < p < 0.005 else num(p, ".0%")


# -- seats, choices, rolls, bids ------------------------------------------------------------------
def check_names(names, players: int) -> tuple[str, ...] | None:
    """The seats' names as a tuple (one text per player), or ``None``."""
    if names is None:
        return None
    if (isinstance(names, str) or not isinstance(names, Sequence) or len(names) != players
            or not all(isinstance(n, str) and n for n in names)):
        raise InvalidQuestion(_("names needs one name per player ({players}), e.g. "
                                "['You', 'Bot 1'], got {value}", players=players,
                                value=repr(names)))
    return tuple(names)


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """``"Bot 1"`` from the table's names, else ``"player 1"``."""
    return names[seat] if names else _("player {n}", n=seat)


def say_action(action) -> str:
    """A choice in the current language: a bid as written (``8x3``), the challenge, a show."""
    if isinstance(action, Challenge):
        return _("challenge")
    if isinstance(action, Show):
        return say_show(action)
    return str(action)


def holding(roll: tuple[int, ...]) -> str:
    """What a roll holds: ``a star``, ``a 4``, or the dice (``3,3,★``)."""
    if len(roll) == 1:
        return _("a star") if roll[0] == 6 else _("a {face}", face=roll[0])
    return dice_text(roll)


def after_bids(history) -> str:
    """``after 1x3, 2x3`` (the round's bids), or ``opening the round``."""
    return _("after {bids}", bids=", ".join(history)) if history else _("opening the round")


def and_list(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the language."""
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}", first=", ".join(parts[:-1]), last=parts[-1])


__all__ = ["after_bids", "and_list", "check_names", "dice_count", "expected_dice", "holding",
           "percent", "say_action", "seat_name", "short_fraction", "with_decimal"]
