"""Sizes and magnitudes an answer may have, checked *before* any work on it.

A student can hand ``check()`` anything: ``Decimal("1e999999999")`` (turning it into a fraction
would build a billion-digit integer), ``np.zeros(10**6)``, ``itertools.count()``, a sympy tower
``10**(10**(10**10))``. Every answer of this toolkit is a probability, a count or an expected
value, so a number is refused at once when it is larger than ``10**MAX_POWER`` or needs more
than ``MAX_DIGITS`` digits; a list when it has more than ``MAX_ENTRIES`` entries; a sympy
expression when it has more than ``MAX_NODES`` parts, a function this reader does not know, or a
power or function argument larger than ``MAX_ARGUMENT``. Only then is it evaluated.

>>> fraction_in_bounds(Fraction(7, 27), "7/27")
Fraction(7, 27)
>>> decimal_in_bounds(Decimal("1e999999999"), "1e999999999")
Traceback (most recent call last):
...
bluffkit.exercises.bounds.AnswerError: could not read '1e999999999' as a number: it is far \
larger than any answer here (at most 10^100)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sized
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..core import ParseError
from ..core.i18n import _
from ..core.text import shorten


class AnswerError(ParseError):
    """An answer could not be read; the message says kindly what to write instead."""


MAX_POWER = 100
"""No answer is larger than 10**MAX_POWER (in absolute value)."""

MAX_DIGITS = 400
"""Digits of a denominator: enough for any float (5e-324 is a 2**-1074), no more."""

MAX_ENTRIES = 1000
"""Entries of a distribution (the largest has 31: counts 0 to 30)."""

MAX_NODES = 60
"""Parts of a sympy expression (``binomial(5, 2) * Rational(1, 3)**2`` has 8)."""

MAX_ARGUMENT = 10_000
"""Largest exponent, or argument of ``exp``, ``factorial``..., in a sympy expression."""

_MAX_NUM_BITS = int(MAX_POWER * 3.33) + 1
_MAX_DEN_BITS = int(MAX_DIGITS * 3.33) + 1


def too_large(text: str) -> AnswerError:
    return AnswerError(_("could not read {text} as a number: it is far larger than any answer "
                         "here (at most 10^{power})", text=shorten(text), power=MAX_POWER))


def too_precise(text: str) -> AnswerError:
    return AnswerError(_("could not read {text} as a number: it has more than {digits} digits "
                         "after the decimal point; round it, or give a fraction",
                         text=shorten(text), digits=MAX_DIGITS))


def int_in_bounds(n: int, text: str | None = None) -> int:
    """``n`` if it is at most 10**MAX_POWER in absolute value (checked on its bit length, so
    that even a million-digit integer is refused at once)."""
    if n.bit_length() > _MAX_NUM_BITS or abs(n) > 10**MAX_POWER:
        raise too_large(text if text is not None else _(
            "a whole number of about {digits} digits", digits=int(n.bit_length() * 0.30103)))
    return n


def fraction_in_bounds(x: Fraction, text: str) -> Fraction:
    """``x`` if its size and its denominator are within bounds."""
    num, den = x.numerator, x.denominator
    if den.bit_length() > _MAX_DEN_BITS:
        raise too_precise(text)
    if num.bit_length() - den.bit_length() > _MAX_NUM_BITS or abs(x) > 10**MAX_POWER:
        raise too_large(text)
    return x


def decimal_in_bounds(d: Decimal, text: str) -> Fraction:
    """A finite ``Decimal`` as a fraction, its exponent checked before it is expanded."""
    if not d.is_finite():
        raise AnswerError(_("could not read {text} as a number: it is not a finite number",
                            text=shorten(text)))
    if d.is_zero():
        return Fraction(0)
    if d.adjusted() > MAX_POWER:
        raise too_large(text)
    if d.as_tuple().exponent < -MAX_DIGITS:
        raise too_precise(text)
    return fraction_in_bounds(Fraction(d), text)


def bounded_items(answer: Any) -> list:
    """The entries of a list, tuple, array, dict or iterable, refused when there are more than
    ``MAX_ENTRIES`` (an endless iterator is never exhausted)."""
    if isinstance(answer, Sized):
        try:
            n = len(answer)
        except TypeError:  # a 0-d numpy array has __len__ but no length
            n = None
        if n is None:
            raise AnswerError(_("could not read this as a distribution: it is a single number; "
                                "give a list of probabilities for 0, 1, 2, ... matching dice"))
        if n > MAX_ENTRIES:
            raise AnswerError(_("could not read this as a distribution: it has {n} entries; a "
                                "distribution here has at most {most} (one per count)", n=n,
                                most=MAX_ENTRIES))
    if hasattr(answer, "items") and callable(answer.items):
        items = answer.items()
    elif isinstance(answer, Iterable):
        items = enumerate(answer)
    else:
        raise AnswerError(not_a_distribution())
    out = list(itertools.islice(items, MAX_ENTRIES + 1))
    if len(out) > MAX_ENTRIES:
        raise AnswerError(_("could not read this as a distribution: it has more than {most} "
                            "entries (one per count is enough)", most=MAX_ENTRIES))
    return out


# -- sympy ----------------------------------------------------------------------------------------
def _known(sympy) -> tuple:
    f = sympy.functions
    return (sympy.Add, sympy.Mul, sympy.Pow, f.exp, f.log, f.Abs, f.factorial, f.binomial,
            f.floor, f.ceiling, f.Min, f.Max, f.sqrt.__class__)


def sympy_in_bounds(expr: Any) -> str:
    """Check a sympy expression part by part; returns its text for feedback.

    Refused (``AnswerError``): more than ``MAX_NODES`` parts, an integer or fraction out of
    bounds, a float whose exponent is out of bounds, a function other than + - * / powers,
    exp, log, abs, factorial, binomial, floor, ceiling, min and max, or a power or function
    argument larger than ``MAX_ARGUMENT``: all before anything is evaluated in full.
    """
    import sympy

    nodes = list(itertools.islice(sympy.postorder_traversal(expr), MAX_NODES + 1))
    if len(nodes) > MAX_NODES:
        raise AnswerError(_("could not read this sympy expression as a number: it has more "
                            "than {most} parts; simplify it, or give its value", most=MAX_NODES))
    known = _known(sympy)
    for node in nodes:  # children before their parents
        if node.is_Integer or node.is_Rational:
            fraction_in_bounds(Fraction(int(node.p), int(node.q)), _("your sympy number"))
        elif node.is_Float:
            _float_in_bounds(node)
        elif node.is_Atom:
            continue  # pi, E, I, oo, nan, symbols: judged by the caller
        elif not isinstance(node, known):
            raise AnswerError(_("could not read this sympy expression as a number: it uses "
                                "{name}; evaluate it first (for example with .doit() or "
                                ".evalf()), or give its value", name=type(node).__name__))
        else:
            arguments = node.args[1:] if node.is_Pow else node.args
            for arg in arguments:
                _argument_in_bounds(arg)
    return str(expr)


def _float_in_bounds(node) -> None:
    sign, mantissa, exponent, bits = node._mpf_
    if mantissa and (exponent + bits > _MAX_NUM_BITS or exponent < -_MAX_DEN_BITS):
        what = _("your sympy Float")
        raise too_large(what) if exponent > 0 else too_precise(what)


def _argument_in_bounds(arg) -> None:
    if arg.free_symbols or not arg.is_number:
        return  # symbols are refused by the caller, with their names
    value = arg.evalf(15)  # its own parts are already checked: this is quick
    if not value.is_Number or not value.is_finite or abs(value) > MAX_ARGUMENT:
        raise AnswerError(_("could not read this sympy expression as a number: a power or a "
                            "function argument in it is larger than {most}, so its value is far "
                            "outside any answer here", most=MAX_ARGUMENT))


def sympy_value(expr: Any, text: str) -> Fraction:
    """The value of a checked, real, finite sympy number as a fraction (30 digits)."""
    import sympy

    value = expr.evalf(30)
    if not value.is_Float:
        if value.is_Rational:
            return fraction_in_bounds(Fraction(int(value.p), int(value.q)), text)
        raise AnswerError(_("could not read {text} as a number: it is not a finite real number",
                            text=shorten(text)))
    _float_in_bounds(value)
    rational = sympy.Rational(value)
    return fraction_in_bounds(Fraction(int(rational.p), int(rational.q)), text)


__all__ = ["MAX_ARGUMENT", "AnswerError", "MAX_DIGITS", "MAX_ENTRIES", "MAX_NODES", "MAX_POWER",
           "bounded_items", "decimal_in_bounds", "fraction_in_bounds", "int_in_bounds",
           "sympy_in_bounds", "sympy_value"]


def dict_form() -> str:
    """``{count: probability}``, in the student's language."""
    return "{" + _("count") + ": " + _("probability") + "}"


def not_a_distribution() -> str:
    return _("could not read this as a distribution: give a list of probabilities for 0, 1, 2, "
             "... matching dice, or a dict {example}", example=dict_form())
