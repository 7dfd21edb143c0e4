"""Reading students' answers safely: no ``eval``, no sympy ``parse_expr`` (the answer kinds that
compare them are in ``answers``).

An answer is read into an exact value plus a flag saying whether the student wrote it exactly:

- **exact forms** (compared with ``==``): ``int``, ``Fraction``, numpy integers, sympy
  ``Rational``/``Integer``, and text such as ``"7/27"``, ``" 7 / 27 "``, ``"-3"`` or the mixed
  number ``"1 1/2"`` (a whole number, a space, a proper fraction: read as 3/2, a **decision**);
- **rounded forms** (right when they are the exact answer rounded to the digits written, with
  at least 3 significant digits unless a question says otherwise; never of the wrong sign, never
  0 for a non-zero answer: ``rounding``): ``float``, ``Decimal``, numpy floats, sympy ``Float``
  (and other real sympy numbers such as ``sqrt(2)``), and text such as ``"0.259"``,
  ``"25.9%"``, ``"1e-3"`` or ``"0,259"``, ``"25,9 %"``, ``",5"``, ``"1,5e-3"`` (a decimal comma,
  as written in French, in either language: **decision**; unquoted, ``0,259`` is a pair of
  numbers for Python, and the message says to write it in quotes).

Text is read by a few regular expressions; anything else (code, names, ``"__import__('os')"``)
is rejected with a message saying what to write, without being evaluated.

Beside numbers, a question may ask for a whole count (``read_count``) or a distribution
(``read_distribution``: a dict, a list indexed from 0, a ``Distribution``).

>>> r = read_number(" 7 / 27 ")
>>> r.value, r.exact, r.text
(Fraction(7, 27), True, '7 / 27')
>>> r = read_number("25.9%")
>>> r.value, r.exact, r.decimals, r.digits
(Fraction(259, 1000), False, 3, 3)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

from ..core import Distribution
from ..core.i18n import _
from ..core.text import shorten
from .bounds import (
    MAX_ENTRIES,
    AnswerError,
    bounded_items,
    decimal_in_bounds,
    fraction_in_bounds,
    int_in_bounds,
    not_a_distribution,
    sympy_in_bounds,
    sympy_value,
)
from .rounding import MACHINE, decimal_example

MAX_TEXT = 200
"""Longer text is not a number a student typed: it is rejected before any parsing."""



def how() -> str:
    """What to write instead, in every refusal (a decimal comma in quotes)."""
    return _("write a fraction like 7/27, a decimal like {decimal}, a percentage like {percent}, "
             "or a number such as Fraction(7, 27)", decimal=decimal_example("0.259"),
             percent=f'"{decimal_example("25.9").strip(chr(34))}%"')


@dataclass(frozen=True)
class Reading:
    """A number read from an answer.

    Attributes:
        value: the exact value of what was written (a float's shortest decimal: 0.1 is 1/10).
        exact: True for exact forms (compared with ``==``), False for rounded forms
            (``rounding.rounds_to``).
        text: the answer as it will be quoted back in feedback.
        decimals: for a rounded form, the decimals written (``"25.9%"``: 3; ``"1.2e-4"``: 5),
            None when no digits were written (``sqrt(2)``).
        digits: the significant digits written (``"0.0129"``: 3).
        slack: the relative error allowed to a number computed by the machine (0: none).
    """

    value: Fraction
    exact: bool
    text: str
    decimals: int | None = None
    digits: int = 0
    slack: Fraction = Fraction(0)


def decimal_reading(d: Decimal, text: str, percent: bool = False,
                    slack: Fraction = MACHINE) -> Reading:
    """A rounded reading of a finite decimal as written (its digits count).

    >>> r = decimal_reading(Decimal("0.0129"), "1.29%", percent=True)
    >>> r.value, r.decimals, r.digits
    (Fraction(129, 1000000), 6, 3)
    """
    value = decimal_in_bounds(d, text)
    sign, digits, exponent = d.as_tuple()
    significant = len("".join(map(str, digits)).lstrip("0"))
    decimals = -exponent + (2 if percent else 0)
    return Reading(value / 100 if percent else value, False, text, decimals, significant, slack)


# -- numbers from text ----------------------------------------------------------------------------
_DEC = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?"
_RE_FRACTION = re.compile(r"([+-]?\d+)\s*/\s*([+-]?\d+)")
_RE_MIXED = re.compile(r"([+-]?)(\d+)\s+(\d+)\s*/\s*(\d+)")
_RE_DECIMAL = re.compile(rf"({_DEC})\s*(%?)")
_RE_COMMA = re.compile(r"([+-]?\d*),(\d+)([eE][+-]?\d{1,4})?\s*(%?)")
_TRANSLATE = str.maketrans({"\u2212": "-", "\u2044": "/", "\u00f7": "/", "\u2009": " ",
                            "\u00a0": " ", "\u202f": " "})


def _clean_text(text: str) -> str:
    return " ".join(text.translate(_TRANSLATE).split())


def read_text_number(text: str) -> Reading:
    """Read a number written as text, by regular expressions only (never evaluated).

    Raises:
        AnswerError: with a message saying what to write.

    >>> read_text_number("1 1/2").value, read_text_number("1e-3").exact
    (Fraction(3, 2), False)
    >>> read_text_number("__import__('os')")
    Traceback (most recent call last):
    ...
    bluffkit.exercises.bounds.AnswerError: could not read "__import__('os')" as a number: \
write a fraction like 7/27, a decimal like 0.259, a percentage like "25.9%", or a number such as \
Fraction(7, 27)
    """
    if len(text) > MAX_TEXT:
        raise AnswerError(_("could not read {text} as a number: it is {n} characters long; "
                            "{how}", text=shorten(text), n=len(text), how=how()))
    t = _clean_text(text)
    if not t:
        raise AnswerError(_("the answer is empty; {how}", how=how()))
    if m := _RE_FRACTION.fullmatch(t):
        num, den = int(m.group(1)), int(m.group(2))
        if den == 0:
            raise AnswerError(_("{text} divides by zero; the denominator must not be 0",
                                text=repr(t)))
        return Reading(fraction_in_bounds(Fraction(num, den), t), True, t)
    if m := _RE_MIXED.fullmatch(t):
        sign, whole, num, den = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
        if den == 0 or num >= den:
            raise AnswerError(_("{text} is not a mixed number (the fraction part must be "
                                "proper, like 1 1/2); {how}", text=repr(t), how=how()))
        value = fraction_in_bounds(whole + Fraction(num, den), t)
        return Reading(-value if sign == "-" else value, True, t)
    m = _RE_DECIMAL.fullmatch(t)
    if m is None and (c := _RE_COMMA.fullmatch(t)):
        m = _RE_DECIMAL.fullmatch(f"{c.group(1)}.{c.group(2)}{c.group(3) or ''}{c.group(4)}")
    if m is None:
        raise AnswerError(_("could not read {text} as a number: {how}", text=shorten(t),
                            how=how()))
    number, percent = m.group(1), m.group(2)
    if not percent and re.fullmatch(r"[+-]?\d+", number):
        return Reading(decimal_in_bounds(Decimal(number), t), True, t)
    return decimal_reading(Decimal(number), t, bool(percent))


# -- numbers from Python objects ------------------------------------------------------------------
def _from_sympy(answer: Any) -> Reading:
    import sympy  # only when the answer already is a sympy object

    if not isinstance(answer, sympy.Basic):
        raise AnswerError(_("a {kind} is not a number; {how}", kind=type(answer).__name__,
                            how=how()))
    text = sympy_in_bounds(answer)  # sizes checked part by part before any evaluation
    if answer.free_symbols:
        names = shorten(", ".join(sorted(str(s) for s in answer.free_symbols)))
        raise AnswerError(_("your answer {text} still contains the symbol(s) {names}; give a "
                            "number (substitute the values, or call sympy's .subs)",
                            text=shorten(text), names=names))
    if answer.is_Rational:
        return Reading(Fraction(int(answer.p), int(answer.q)), True, text)
    if answer.is_Float and answer._prec <= 53:  # a double's precision: its shortest decimal
        return decimal_reading(Decimal(repr(float(answer))), text)
    return Reading(sympy_value(answer, text), False, text, slack=MACHINE)


def read_number(answer: Any) -> Reading:
    """Read a number from any accepted form (see the module docstring), refusing at once
    numbers too large or too precise for any answer here (``bounds``).

    Raises:
        AnswerError: for anything else (booleans, NaN, lists, code...).

    >>> read_number(Fraction(7, 27)).exact, read_number(0.259).exact
    (True, False)
    >>> read_number(True)
    Traceback (most recent call last):
    ...
    bluffkit.exercises.bounds.AnswerError: True is a yes/no value, not a number; \
write a fraction like 7/27, a decimal like 0.259, a percentage like "25.9%", or a number such as \
Fraction(7, 27)
    """
    try:
        return _read_number(answer)
    except AnswerError:
        raise
    except Exception:  # an object whose conversion fails in its own code
        raise AnswerError(_("could not read this {kind} as a number; {how}",
                            kind=type(answer).__name__, how=how())) from None


def _read_number(answer: Any) -> Reading:
    module = type(answer).__module__ or ""
    if module.startswith("numpy"):
        if getattr(answer, "ndim", 0) != 0 or not hasattr(answer, "item"):
            raise AnswerError(_("a numpy array is not a number; {how}", how=how()))
        if _is_numpy_float(answer):
            return _numpy_float(answer)
        answer = answer.item()
        module = type(answer).__module__ or ""
    if isinstance(answer, tuple) and len(answer) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in answer):
        raise AnswerError(comma_pair(*answer))
    if isinstance(answer, bool):
        raise AnswerError(_("{value} is a yes/no value, not a number; {how}", value=answer,
                            how=how()))
    if isinstance(answer, Fraction):
        text = fraction_text(answer) if answer.denominator.bit_length() < 2000 else "a fraction"
        return Reading(fraction_in_bounds(answer, text), True, text)
    if module.startswith("sympy"):
        return _from_sympy(answer)
    if isinstance(answer, Integral):
        n = int_in_bounds(int(answer))
        return Reading(Fraction(n), True, str(n))
    if isinstance(answer, Rational):
        num, den = int(answer.numerator), int(answer.denominator)
        int_in_bounds(num, "its numerator")
        value = fraction_in_bounds(Fraction(num, den), "a fraction")
        return Reading(value, True, fraction_text(value))
    if isinstance(answer, float):
        if not math.isfinite(answer):
            raise AnswerError(_("{value} is not a finite number; {how}", value=answer,
                                how=how()))
        return decimal_reading(Decimal(repr(answer)), repr(answer))
    if isinstance(answer, Decimal):
        text = str(answer)
        if not answer.is_finite():
            decimal_in_bounds(answer, text)  # says it is not a finite number
        return decimal_reading(answer, text)
    if isinstance(answer, str):
        return read_text_number(answer)
    if isinstance(answer, Real) and not isinstance(answer, complex):
        value = float(answer)
        if math.isfinite(value):
            return decimal_reading(Decimal(repr(value)), repr(value))
    raise AnswerError(_("a {kind} is not a number; {how}", kind=type(answer).__name__,
                        how=how()))


def _is_numpy_float(answer: Any) -> bool:
    import numpy as np  # the answer is a numpy object: numpy is there

    return isinstance(answer, np.floating)


def _numpy_float(answer: Any) -> Reading:
    """A numpy float as its own shortest decimal (``np.float32(0.2593)`` is 0.2593), with the
    slack of its precision: float32 arithmetic keeps about 7 digits, float16 about 3 (none)."""
    import numpy as np

    text = str(answer)
    if not np.isfinite(answer):
        raise AnswerError(_("{value} is not a finite number; {how}", value=text, how=how()))
    eps = float(np.finfo(answer.dtype).eps)
    slack = MACHINE if eps < 1e-15 else Fraction(1, 10**5) if eps < 1e-6 else Fraction(0)
    return decimal_reading(Decimal(text), text, slack=slack)


def comma_pair(whole: int, decimals: int) -> str:
    """The message for ``0,1667`` typed without quotes: Python reads it as the pair (0, 1667).

    >>> comma_pair(0, 1667)
    'without quotes, 0,1667 is a pair of numbers for Python (0 and 1667), not a decimal: write a \
decimal comma in quotes, "0,1667", or use a decimal point, 0.1667'
    """
    return _("without quotes, {whole},{decimals} is a pair of numbers for Python ({whole} and "
             "{decimals}), not a decimal: write a decimal comma in quotes, \"{whole},{decimals}\", "
             "or use a decimal point, {whole}.{decimals}", whole=whole, decimals=decimals)


def fraction_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def read_count(answer: Any) -> int:
    """Read a whole number of dice (``3``, ``"3"``, ``3.0``, ``np.int64(3)``, sympy ``3``).

    Raises:
        AnswerError: for a fraction, a non-whole decimal or anything that is not a number.

    >>> read_count("4"), read_count(4.0)
    (4, 4)
    """
    r = read_number(answer)
    if r.value.denominator != 1:
        raise AnswerError(_("{text} is not a whole number; a count of dice is 0, 1, 2, ...",
                            text=r.text))
    return int(r.value)


def read_distribution(answer: Any) -> dict[int, Reading]:
    """Read a distribution over counts: a dict ``{count: probability}``, a list of probabilities
    for counts 0, 1, 2, ... (a tuple or numpy array too), a ``Distribution``, or text
    ``"8/27, 12/27, 6/27, 1/27"`` (separated by commas, or by semicolons, and then a comma is
    a decimal comma: ``"0,5; 0,5"``).

    Raises:
        AnswerError: naming the entry that could not be read.

    >>> {k: r.value for k, r in read_distribution([Fraction(1, 2), "1/2"]).items()}
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    >>> {k: r.value for k, r in read_distribution("0,25; 0,75").items()}
    {0: Fraction(1, 4), 1: Fraction(3, 4)}
    """
    if isinstance(answer, Distribution):
        return {k: Reading(p, True, fraction_text(p)) for k, p in answer.pmf().items()}
    if isinstance(answer, str):
        if len(answer) > 20 * MAX_TEXT:
            raise AnswerError(_("could not read this as a distribution: it is {answer} characters "
                                "long, too long to be a list of probabilities",
                                answer=len(answer)))
        answer = [p for p in answer.split(";" if ";" in answer else ",") if p.strip()]
    if isinstance(answer, bytes | bytearray):
        raise AnswerError(_("could not read bytes as a distribution: give a list of probabilities "
                            "for 0, 1, 2, ... matching dice"))
    try:
        items = bounded_items(answer)
    except AnswerError:
        raise
    except Exception:  # an iterable whose own code fails
        raise AnswerError(not_a_distribution()) from None
    if items and all(isinstance(v, int) and not isinstance(v, bool) for _k, v in items) and any(
            v > 1 for _k, v in items):
        raise AnswerError(_("a probability is at most 1, but these are whole numbers above 1: "
                            "without quotes, a decimal comma such as 0,25 makes two numbers for "
                            "Python; write each probability in quotes, \"0,25\", or with a "
                            "decimal point, 0.25"))
    out: dict[int, Reading] = {}
    for key, value in items:
        try:
            k = read_count(key)
        except AnswerError:
            k = -1
        if not 0 <= k <= MAX_ENTRIES:
            raise AnswerError(_("{shown} is not a count of dice (keys are 0, 1, 2, ...)",
                                shown=_shown(key)))
        try:
            out[k] = read_number(value)
        except AnswerError as e:
            raise AnswerError(_("the probability for {k}: {e}", k=k, e=e)) from None
    if not out:
        raise AnswerError(_("the distribution is empty; list a probability for each count"))
    return out


def _shown(obj: Any) -> str:
    """A short quotation of any object for a message (never a 5,000-digit conversion)."""
    if isinstance(obj, int) and obj.bit_length() > 1000:
        return f"a whole number of about {int(obj.bit_length() * 0.30103)} digits"
    try:
        return shorten(obj if isinstance(obj, str) else repr(obj))
    except Exception:
        return f"a {type(obj).__name__}"


__all__ = ["MAX_TEXT", "AnswerError", "Reading", "comma_pair", "decimal_reading", "fraction_text",
           "how", "read_count", "read_distribution", "read_number", "read_text_number"]
