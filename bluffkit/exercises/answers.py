"""Reading and comparing students' answers safely: no ``eval``, no sympy ``parse_expr``.

An answer is read into an exact value plus a flag saying whether the student wrote it exactly:

- **exact forms** (compared with ``==``): ``int``, ``Fraction``, numpy integers, sympy
  ``Rational``/``Integer``, and text such as ``"7/27"``, ``" 7 / 27 "``, ``"-3"`` or the mixed
  number ``"1 1/2"`` (a whole number, a space, a proper fraction: read as 3/2, a **decision**);
- **rounded forms** (compared within a tolerance, absolute 5e-4 unless a question says
  otherwise): ``float``, ``Decimal``, numpy floats, sympy ``Float`` (and other real sympy numbers
  such as ``sqrt(2)``), and text such as ``"0.259"``, ``"25.9%"``, ``"1e-3"`` or ``"0,259"``,
  ``"25,9 %"``, ``",5"``, ``"1,5e-3"`` (a decimal comma, as written in French, in either
  language: **decision**).

Text is read by a few regular expressions; anything else (code, names, ``"__import__('os')"``)
is rejected with a message saying what to write, without being evaluated.

Beside numbers, a question may ask for a whole count (``read_count``), a distribution
(``read_distribution``: a dict, a list indexed from 0, a ``Distribution``) or one of a few
words (``Choice``). Each *answer kind* (``Number``, ``Count``, ``DistributionAnswer``,
``Choice``) reads an answer, compares it with the value bluffkit computed, and states its rule.

>>> read_number(" 7 / 27 ")
Reading(value=Fraction(7, 27), exact=True, text='7 / 27')
>>> read_number("25.9%").value
Fraction(259, 1000)
>>> Number().same(read_number("0.2593"), Fraction(7, 27))
True
>>> Number().same(read_number("26/100"), Fraction(7, 27))
False
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

from ..core import Distribution
from ..core.i18n import _, _l, num
from ..core.text import shorten
from .bounds import (
    MAX_ENTRIES,
    AnswerError,
    bounded_items,
    decimal_in_bounds,
    dict_form,
    fraction_in_bounds,
    int_in_bounds,
    not_a_distribution,
    sympy_in_bounds,
    sympy_value,
)

DEFAULT_TOLERANCE = Fraction(5, 10_000)
"""Rounded answers are accepted within this absolute distance of the exact value."""

MAX_TEXT = 200
"""Longer text is not a number a student typed: it is rejected before any parsing."""

_HOW = _l("write a fraction like 7/27, a decimal like 0.259, a percentage like 25.9%, or a "
          "number such as Fraction(7, 27)")


@dataclass(frozen=True)
class Reading:
    """A number read from an answer.

    Attributes:
        value: the exact value of what was written (a float's exact binary value).
        exact: True for exact forms (compared with ``==``), False for rounded forms
            (compared within a tolerance).
        text: the answer as it will be quoted back in feedback.
    """

    value: Fraction
    exact: bool
    text: str


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
write a fraction like 7/27, a decimal like 0.259, a percentage like 25.9%, or a number such as \
Fraction(7, 27)
    """
    if len(text) > MAX_TEXT:
        raise AnswerError(_("could not read {text} as a number: it is {n} characters long; "
                            "{how}", text=shorten(text), n=len(text), how=_HOW))
    t = _clean_text(text)
    if not t:
        raise AnswerError(_("the answer is empty; {how}", how=_HOW))
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
                                "proper, like 1 1/2); {how}", text=repr(t), how=_HOW))
        value = fraction_in_bounds(whole + Fraction(num, den), t)
        return Reading(-value if sign == "-" else value, True, t)
    m = _RE_DECIMAL.fullmatch(t)
    if m is None and (c := _RE_COMMA.fullmatch(t)):
        m = _RE_DECIMAL.fullmatch(f"{c.group(1)}.{c.group(2)}{c.group(3) or ''}{c.group(4)}")
    if m is None:
        raise AnswerError(_("could not read {text} as a number: {how}", text=shorten(t),
                            how=_HOW))
    number, percent = m.group(1), m.group(2)
    value = decimal_in_bounds(Decimal(number), t)
    if percent:
        return Reading(value / 100, False, t)
    is_integer = re.fullmatch(r"[+-]?\d+", number) is not None
    return Reading(value, is_integer, t)


# -- numbers from Python objects ------------------------------------------------------------------
def _from_sympy(answer: Any) -> Reading:
    import sympy  # only when the answer already is a sympy object

    if not isinstance(answer, sympy.Basic):
        raise AnswerError(_("a {kind} is not a number; {how}", kind=type(answer).__name__,
                            how=_HOW))
    text = sympy_in_bounds(answer)  # sizes checked part by part before any evaluation
    if answer.free_symbols:
        names = shorten(", ".join(sorted(str(s) for s in answer.free_symbols)))
        raise AnswerError(_("your answer {text} still contains the symbol(s) {names}; give a "
                            "number (substitute the values, or call sympy's .subs)",
                            text=shorten(text), names=names))
    if answer.is_Rational:
        return Reading(Fraction(int(answer.p), int(answer.q)), True, text)
    return Reading(sympy_value(answer, text), False, text)


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
write a fraction like 7/27, a decimal like 0.259, a percentage like 25.9%, or a number such as \
Fraction(7, 27)
    """
    try:
        return _read_number(answer)
    except AnswerError:
        raise
    except Exception:  # an object whose conversion fails in its own code
        raise AnswerError(_("could not read this {kind} as a number; {how}",
                            kind=type(answer).__name__, how=_HOW)) from None


def _read_number(answer: Any) -> Reading:
    module = type(answer).__module__ or ""
    if module.startswith("numpy"):
        if getattr(answer, "ndim", 0) != 0 or not hasattr(answer, "item"):
            raise AnswerError(_("a numpy array is not a number; {how}", how=_HOW))
        answer = answer.item()
        module = type(answer).__module__ or ""
    if isinstance(answer, bool):
        raise AnswerError(_("{value} is a yes/no value, not a number; {how}", value=answer,
                            how=_HOW))
    if isinstance(answer, Fraction):
        text = _fraction_text(answer) if answer.denominator.bit_length() < 2000 else "a fraction"
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
        return Reading(value, True, _fraction_text(value))
    if isinstance(answer, float):
        if not math.isfinite(answer):
            raise AnswerError(_("{value} is not a finite number; {how}", value=answer,
                                how=_HOW))
        return Reading(fraction_in_bounds(Fraction(answer), repr(answer)), False, repr(answer))
    if isinstance(answer, Decimal):
        text = str(answer)
        return Reading(decimal_in_bounds(answer, text), False, text)
    if isinstance(answer, str):
        return read_text_number(answer)
    if isinstance(answer, Real) and not isinstance(answer, complex):
        value = float(answer)
        if math.isfinite(value):
            return Reading(fraction_in_bounds(Fraction(value), repr(value)), False, repr(value))
    raise AnswerError(_("a {kind} is not a number; {how}", kind=type(answer).__name__,
                        how=_HOW))


def _fraction_text(x: Fraction) -> str:
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
    ``"8/27, 12/27, 6/27, 1/27"`` (separated by commas or semicolons).

    Raises:
        AnswerError: naming the entry that could not be read.

    >>> {k: r.value for k, r in read_distribution([Fraction(1, 2), "1/2"]).items()}
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    if isinstance(answer, Distribution):
        return {k: Reading(p, True, _fraction_text(p)) for k, p in answer.pmf().items()}
    if isinstance(answer, str):
        if len(answer) > 20 * MAX_TEXT:
            raise AnswerError(_("could not read this as a distribution: it is {answer} characters "
                                "long, too long to be a list of probabilities",
                                answer=len(answer)))
        answer = [p for p in re.split(r"[;,]", answer) if p.strip()]
    if isinstance(answer, bytes | bytearray):
        raise AnswerError(_("could not read bytes as a distribution: give a list of probabilities "
                            "for 0, 1, 2, ... matching dice"))
    try:
        items = bounded_items(answer)
    except AnswerError:
        raise
    except Exception:  # an iterable whose own code fails
        raise AnswerError(not_a_distribution()) from None
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


# -- answer kinds ---------------------------------------------------------------------------------
def _tolerance_text(tol: Fraction) -> str:
    return num(float(tol), "g")


def close_enough(given: Reading, target: Fraction, tolerance: Fraction) -> bool:
    """Exact forms must equal ``target``; rounded forms may miss it by ``tolerance``.

    >>> close_enough(read_number("0.26"), Fraction(7, 27), Fraction(1, 100))
    True
    >>> close_enough(read_number("26/100"), Fraction(7, 27), Fraction(1, 100))
    False
    """
    if given.exact:
        return given.value == target
    return abs(given.value - target) <= tolerance


@dataclass(frozen=True)
class Number:
    """A number answer: exact forms must be exactly right, rounded ones within ``tolerance``.

    Args:
        tolerance: absolute tolerance for rounded answers (default 5e-4).
    """

    tolerance: Fraction = DEFAULT_TOLERANCE

    def read(self, answer: Any) -> Reading:
        return read_number(answer)

    def form(self) -> str:
        """What to write, for a placeholder comment."""
        return _('a fraction like "7/27", Fraction(7, 27), or a decimal like 0.2593')

    def same(self, given: Reading, target: Any) -> bool:
        return close_enough(given, Fraction(target), self.tolerance)

    def rule(self) -> str:
        return _("Exact answers (like 7/27) must be exactly right; decimals and percentages "
                 "are accepted within {tolerance} of the exact value.",
                 tolerance=_tolerance_text(self.tolerance))

    def near(self, given: Reading, target: Any) -> str | None:
        """A kind note when the answer is close but not accepted, else None."""
        target = Fraction(target)
        gap = abs(given.value - target)
        if gap == 0 or gap > max(10 * self.tolerance, Fraction(1, 100)):
            return None
        if given.exact:
            return _("{given} is close to the answer but not exactly it. An exact fraction "
                     "must be exactly right; if you meant a rounded value, write it as a "
                     "decimal.", given=given.text)
        return _("{given} is close, but more than {tolerance} away: keep more decimals, or give "
                 "the exact fraction.", given=given.text,
                 tolerance=_tolerance_text(self.tolerance))

    def show(self, value: Any) -> str:
        value = Fraction(value)
        if value.denominator == 1:
            return str(value.numerator)
        return f"{_fraction_text(value)} ≈ {num(float(value), '.4f')}"


@dataclass(frozen=True)
class Estimate(Number):
    """A simulated estimate: like ``Number``, with the tolerance of a simulation and a
    placeholder that asks for the estimate.

    >>> Estimate().form()
    'your simulated estimate, a decimal like 0.2593'
    """

    tolerance: Fraction = Fraction(15, 1000)

    def form(self) -> str:
        return _("your simulated estimate, a decimal like 0.2593")


@dataclass(frozen=True)
class Count:
    """A whole-number answer, such as the most likely number of matching dice."""

    def read(self, answer: Any) -> int:
        return read_count(answer)

    def form(self) -> str:
        return _("a whole number")

    def same(self, given: int, target: Any) -> bool:
        return given == int(target)

    def rule(self) -> str:
        return _("The answer is a whole number.")

    def near(self, given: int, target: Any) -> str | None:
        return None

    def show(self, value: Any) -> str:
        return str(int(value))


@dataclass(frozen=True)
class DistributionAnswer:
    """A distribution over counts; each probability follows the ``Number`` rule.

    A count left out counts as probability 0.
    """

    tolerance: Fraction = DEFAULT_TOLERANCE

    def read(self, answer: Any) -> dict[int, Reading]:
        return read_distribution(answer)

    def form(self) -> str:
        return _("a list {example} of fractions, or a dict {dict}", example='["P(0)", "P(1)", ...]',
                 dict=dict_form())

    def _pmf(self, target: Any) -> dict:
        return target.pmf() if isinstance(target, Distribution) else dict(target)

    def same(self, given: dict[int, Reading], target: Any) -> bool:
        pmf = self._pmf(target)
        zero = Reading(Fraction(0), True, "0")
        return all(close_enough(given.get(k, zero), Fraction(pmf.get(k, 0)), self.tolerance)
                   for k in set(pmf) | set(given))

    def rule(self) -> str:
        return _("Give one probability per count; exact values must be exactly right, "
                 "decimals within {tolerance}.", tolerance=_tolerance_text(self.tolerance))

    def near(self, given: dict[int, Reading], target: Any) -> str | None:
        total = sum(r.value for r in given.values())
        if abs(total - 1) > self.tolerance * len(given):
            return _("Your probabilities add up to {total:.4f}, not 1: a distribution lists "
                     "every possible count once.", total=float(total))
        pmf = self._pmf(target)
        wrong = sorted(k for k in set(pmf) | set(given)
                       if not close_enough(given.get(k, Reading(Fraction(0), True, "0")),
                                           Fraction(pmf.get(k, 0)), self.tolerance))
        if wrong:
            return _("Look again at the probability of {counts}.",
                     counts=", ".join(map(str, wrong)))
        return None

    def show(self, value: Any) -> str:
        pmf = self._pmf(value)
        return ", ".join(f"P({k}) = {_fraction_text(Fraction(p))}" for k, p in sorted(pmf.items()))


@dataclass(frozen=True)
class Choice:
    """One of a few words, e.g. ``Choice({"challenge": ("doubt",), "raise": ("bid",)})``.

    Args:
        options: canonical answer -> other words accepted for it (case and spaces ignored).
        labels: canonical answer -> the word shown for it in the student's language (a lazy
            text such as ``_l("doubt")``, or a function such as ``lambda: _p("answer", "call")``:
            « suivre » in French); the shown word is accepted too. Without a label the canonical
            word is shown.
    """

    options: Mapping[str, tuple[str, ...]]
    labels: Mapping[str, Any] | None = None

    def word(self, canonical: str) -> str:
        """The word shown for ``canonical`` in the current language."""
        label = (self.labels or {}).get(canonical, canonical)
        return label() if callable(label) else str(label)

    def read(self, answer: Any) -> str:
        if isinstance(answer, str) and len(answer) <= MAX_TEXT:
            word = " ".join(answer.lower().split()).strip(" .!\"'")
            for canonical, others in self.options.items():
                if word in (canonical, self.word(canonical).lower()) or word in others:
                    return canonical
        raise AnswerError(_("answer with one of: {words}", words=self._words()))

    def _words(self) -> str:
        return ", ".join(repr(self.word(o)) for o in self.options)

    def same(self, given: str, target: Any) -> bool:
        return given == target

    def form(self) -> str:
        return _("one of {words}", words=self._words())

    def rule(self) -> str:
        return _("Answer with one of: {words}.", words=self._words())

    def near(self, given: str, target: Any) -> str | None:
        return None

    def show(self, value: Any) -> str:
        return repr(self.word(value))


__all__ = ["DEFAULT_TOLERANCE", "AnswerError", "Choice", "Count", "DistributionAnswer",
           "Estimate", "Number", "Reading", "close_enough", "read_count", "read_distribution",
           "read_number", "read_text_number"]
