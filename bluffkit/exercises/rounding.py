"""When a decimal answer is right: the exact answer rounded to the digits the student gave.

A fixed tolerance (it was 5e-4) accepts wrong answers for small numbers: ``'0.0'``, ``'-0.0003'``
(a negative probability) and ``0.0004`` were all within it of 1/7776 ≈ 0.0001286. A rounded form
(``Reading.exact`` is False: a decimal, a percentage, a float...) of an exact answer x is right
when:

1. it equals x (``0.5`` for 1/2, ``"25%"`` for 1/4); otherwise
2. it has x's sign, and is 0 only when x is (never a negative probability, never 0 for a
   non-zero answer); and
3. it is x rounded to the decimals written, within half a unit of its last digit (``0.2593`` and
   ``0.259`` for 7/27, not ``0.2592``), with at least ``digits`` significant digits (3 unless
   the question says otherwise: ``0.26`` cannot tell 7/27 from 26/100; ``0.000129`` for 1/7776); or
4. it is a number computed by the machine within ``Reading.slack`` of x, relative (a float's
   arithmetic leaves its last digits wrong: ``1 - 5/6`` is 0.16666666666666663), or the float
   nearest x.

>>> from bluffkit.exercises.answers import read_number
>>> [rounds_to(read_number(t), Fraction(1, 7776)) for t in ("0.000129", "0.0001286", "0.0001")]
[True, True, False]
>>> [rounds_to(read_number(t), Fraction(1, 7776)) for t in ("0.0", "-0.0003", 0.0004)]
[False, False, False]
>>> [rounds_to(read_number(x), Fraction(1, 6)) for x in (1 - 5 / 6, "0.1666", "0.1667")]
[True, False, True]
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.i18n import _, num

DEFAULT_DIGITS = 3
"""Significant digits a rounded answer must have unless a question asks for another number."""

MACHINE = Fraction(1, 10**9)
"""Relative error allowed to a number computed in floating point (a double has 16 digits)."""


def half_unit(decimals: int) -> Fraction:
    """Half a unit of the last of ``decimals`` decimals (``decimals`` may be negative: 1.5e3)."""
    return Fraction(1, 2) * Fraction(10) ** -decimals


def wrong_sign(given: Any, target: Fraction) -> bool:
    """A rounded value of the other sign than ``target``, or 0 for a non-zero ``target``."""
    v = given.value
    return (target > 0 and v <= 0) or (target < 0 and v >= 0)


def correctly_rounded(given: Any, target: Fraction) -> bool:
    """``target`` rounded to the decimals of ``given`` (whatever its number of digits)."""
    return given.decimals is not None and abs(given.value - target) <= half_unit(given.decimals)


def rounds_to(given: Any, target: Fraction, digits: int = DEFAULT_DIGITS) -> bool:
    """Whether a reading (``answers.Reading``) is right for the exact ``target`` (rules above).

    Exact forms (fractions, whole numbers) must equal ``target``.
    """
    if given.value == target:
        return True
    if given.exact or wrong_sign(given, target):
        return False
    if given.slack and (abs(given.value - target) <= given.slack * abs(target)
                        or float(given.value) == float(target)):  # the double nearest target
        return True
    return correctly_rounded(given, target) and given.digits >= digits


def approx(x: Any) -> str:
    """A value written to 4 decimals, or 4 significant digits below 0.01 (so that what is shown
    is itself an accepted rounding: ``0.0001286``, never ``0.0001``).

    >>> approx(Fraction(7, 27)), approx(Fraction(1, 7776)), approx(0)
    ('0.2593', '0.0001286', '0.0000')
    """
    value = float(x)
    return num(value, ".4f") if value == 0 or abs(value) >= 0.01 else num(value, ".4g")


def decimal_example(x: str = "0.2593") -> str:
    """A decimal as a student writes it in this language, in quotes where it has a decimal
    comma (``0,2593`` unquoted is a pair of numbers for Python).

    >>> decimal_example()
    '0.2593'
    """
    shown = num(float(x), f".{len(x.partition('.')[2])}f")
    return f'"{shown}"' if "," in shown else shown


def rounding_note(given: Any, target: Fraction, digits: int = DEFAULT_DIGITS) -> str | None:
    """What to fix in a rounded answer that is close but not accepted, else None."""
    if given.exact or given.value == target:
        return None
    if target != 0 and given.value == 0:
        return _("{given} is 0, but the answer is not: keep more digits (at least {digits} "
                 "significant digits), or give the exact fraction.", given=given.text,
                 digits=digits)
    if wrong_sign(given, target):
        return _("{given} has the wrong sign: the answer is {sign}.", given=given.text,
                 sign=_("positive") if target > 0 else _("negative"))
    if correctly_rounded(given, target):
        return _("{given} is the answer rounded, but with too few digits to tell it from other "
                 "answers: give at least {digits} significant digits, or the exact fraction.",
                 given=given.text, digits=digits)
    if given.decimals is not None and abs(given.value - target) <= 4 * half_unit(given.decimals):
        return _("{given} is close, but it is not the exact answer rounded to {decimals} "
                 "decimals: round the last digit (do not cut the others off), or give the exact "
                 "fraction.", given=given.text, decimals=max(given.decimals, 0))
    return None


def accepted_note(given: Any, target: Fraction) -> str:
    """Why a rounded answer was accepted, for the "Correct!" feedback."""
    if given.value == target:
        return _("Your {given} is exactly the answer.", given=given.text)
    if correctly_rounded(given, target):
        return _("Your {given} is the exact answer rounded to {decimals} decimals.",
                 given=given.text, decimals=max(given.decimals, 0))
    return _("Your {given} agrees with the exact answer as closely as the machine's arithmetic "
             "allows.", given=given.text)


__all__ = ["DEFAULT_DIGITS", "MACHINE", "accepted_note", "approx", "correctly_rounded",
           "decimal_example", "half_unit", "rounding_note", "rounds_to", "wrong_sign"]
