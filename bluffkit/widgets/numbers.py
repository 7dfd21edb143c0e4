"""Exact numbers as the widgets show them: LaTeX for fractions, decimals in the language, math in
HTML, and plain HTML tables.

>>> probability_tex(Fraction(7, 27))
'\\\\frac{7}{27} \\\\approx 0.259'
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.i18n import _, num


# -- exact numbers as math ------------------------------------------------------------------------
def fraction_tex(value: Fraction | int) -> str:
    """LaTeX for an exact number: ``\\frac{7}{27}``, ``-\\frac{1}{2}``, ``3``.

    >>> fraction_tex(Fraction(-1, 2)), fraction_tex(Fraction(3))
    ('-\\\\frac{1}{2}', '3')
    """
    q = Fraction(value)
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    return f"{sign}\\frac{{{abs(q.numerator)}}}{{{q.denominator}}}"


def decimal_text(value: Fraction | int, places: int = 3) -> str:
    """A rounded decimal for display only (``0.259``; ``0,259`` in French).

    >>> decimal_text(Fraction(1, 3))
    '0.333'
    """
    return num(float(value), f".{places}f")


def probability_tex(value: Fraction | int, places: int = 3) -> str:
    """``\\frac{7}{27} \\approx 0.259``; an exact decimal is written with ``=`` (in French the
    decimal comma is written ``0{,}259``: TeX would put a space after a bare comma).

    >>> probability_tex(Fraction(1, 2)), probability_tex(Fraction(1))
    ('\\\\frac{1}{2} = 0.500', '1')
    """
    q = Fraction(value)
    if q.denominator == 1:
        return str(q.numerator)
    rel = "=" if Fraction(f"{float(q):.{places}f}") == q else "\\approx"
    return f"{fraction_tex(q)} {rel} {decimal_text(q, places).replace(',', '{,}')}"


LONG_DIGITS = 5
"""A fraction with more digits than this in its numerator or denominator is shown as a short
decimal, the exact fraction in its tooltip (issue 26: 26-digit fractions in Explain)."""

_FRACTION = re.compile(r"(?P<eq>= )?(?<![\w./])(?P<n>-?\d+)/(?P<d>\d+)(?![\w/])"
                       r"(?: (?P<rel>≈|=) (?P<short>[-+−]?\d+(?:[.,]\d+)?(?:\s?%)?))?")


def is_long(value: Fraction) -> bool:
    """More than :data:`LONG_DIGITS` digits above or below the line.

    >>> is_long(Fraction(211, 243)), is_long(Fraction(32768, 14348907))
    (False, True)
    """
    return max(len(str(abs(value.numerator))), len(str(value.denominator))) > LONG_DIGITS


def short_decimal(value: Fraction | int) -> str:
    """Three decimals, or two significant digits for a small value that is not zero (a
    student reads 0.00000053, not 0.000).

    >>> short_decimal(Fraction(211, 243)), short_decimal(Fraction(8, 15176959))
    ('0.868', '0.00000053')
    """
    x = float(value)
    places = 3 if x == 0 or abs(x) >= 0.001 else 1 - math.floor(math.log10(abs(x)))
    return num(x, f".{places}f")


def approx_html(value: Fraction, shown: str | None = None) -> str:
    """A rounded value (``shown``, else :func:`short_decimal` after ≈) with its exact fraction
    in a tooltip (point at it to read it).

    >>> approx_html(Fraction(32768, 14348907))
    '<span class="bk-exact" title="32768/14348907">≈&nbsp;0.002</span>'
    """
    q = Fraction(value)
    return (f'<span class="bk-exact" title="{q.numerator}/{q.denominator}">'
            f"{shown or '≈&nbsp;' + short_decimal(q)}</span>")


def math_html(text: str) -> str:
    """Escape plain text for HTML and typeset the fractions in it (``7/27`` -> ``$\\frac{7}{27}$``).

    For an ``ipywidgets.HTMLMath``; text between ``$`` signs is left as math. A long fraction
    (:func:`is_long`), with the ``=`` before it and the rounded value after it, becomes a
    rounded value whose tooltip holds the fraction.

    >>> math_html("P = 7/27 < 1/2; 15/3 = 5")
    'P = $\\\\frac{7}{27}$ &lt; $\\\\frac{1}{2}$; $\\\\frac{15}{3}$ = 5'
    >>> math_html("P(true) = 31364282393/31381059609 ≈ 0.999.")
    'P(true) <span class="bk-exact" title="31364282393/31381059609">≈&nbsp;0.999</span>.'
    >>> math_html("equity 13924507/30233088 = 46.1%")
    'equity <span class="bk-exact" title="13924507/30233088">46.1%</span>'
    """
    parts = str(text).split("$")
    out = []
    for i, part in enumerate(parts):
        if i % 2:  # already math
            out.append(f"${part}$")
            continue
        escaped = html.escape(part, quote=False)
        out.append(_FRACTION.sub(_written_fraction, escaped))
    return "".join(out)


def _written_fraction(m: re.Match) -> str:
    """A fraction as written (``15/3`` stays 15 over 3: the text may be showing the sum);
    a long one as the rounded value the text gives after it (``= 46.1%``, ``≈ 0.868``), else
    as :func:`short_decimal`, the fraction in the tooltip."""
    n, d, rel, short = m["n"], m["d"], m["rel"], m["short"]
    if int(d) and is_long(Fraction(int(n), int(d))):
        shown = None
        if short:
            shown = f"≈&nbsp;{short}" if rel == "≈" else f"{m['eq'] or ''}{short}"
        return approx_html(Fraction(int(n), int(d)), shown)
    sign = "-" if n.startswith("-") else ""
    after = f" {rel} {short}" if short else ""
    return f"{m['eq'] or ''}${sign}\\frac{{{n.lstrip('-')}}}{{{d}}}${after}"


NOT_APPLICABLE = "–"
"""What a table cell shows for a value that does not apply to its row (``None``)."""


def count_text(n: int, one: str, many: str) -> str:
    """``n`` and the noun in the right number: ``1 die``, ``2 dice``, ``0 dice``.

    >>> count_text(1, "die", "dice"), count_text(3, "matching die", "matching dice")
    ('1 die', '3 matching dice')
    """
    return f"{n} {one if n == 1 else many}"


def value_tex(value: Any) -> str:
    """Math for a table cell: Fractions as fractions with their decimal, ``None`` (not
    applicable) as a dash, other values as escaped text.

    >>> value_tex(None), value_tex(True), value_tex(Fraction(1, 4))
    ('–', 'yes', '$\\\\frac{1}{4}$ <small>≈&nbsp;0.250</small>')
    >>> value_tex(Detail(2, "two dice"))
    '<span title="two dice">2</span>'
    """
    if isinstance(value, Detail):
        return f'<span title="{html.escape(str(value.tip))}">{value_tex(value.value)}</span>'
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        if is_long(value):
            return approx_html(value)
        return f"${fraction_tex(value)}$ <small>≈&nbsp;{decimal_text(value)}</small>"
    if value is None:  # not applicable here: a dash, never Python's None
        return NOT_APPLICABLE
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return num(value, ".3f")
    return math_html(str(value))


@dataclass(frozen=True)
class Detail:
    """A table cell's value with more to read in its tooltip."""

    value: Any
    tip: Any


SPACED_TABLE = ('<table style="border-collapse:separate;border-spacing:12px 2px;'
                'margin-left:-12px">')
"""The opening tag of a table whose columns stay apart ("Bungee #1 | 60", never "#160")."""


def html_table(header: Iterable[str], rows: Iterable[Iterable[Any]], css: str = "bk-table",
               highlight: int | None = None) -> str:
    """A small HTML table; cells go through :func:`value_tex`; row ``highlight`` is bold. A
    header may be a ``(title, tooltip)`` pair: the tooltip says what the column means."""
    head = "".join(_th(*(h if isinstance(h, tuple) else (h, None))) for h in header)
    body = []
    for i, row in enumerate(rows):
        style = ' style="font-weight:bold;background:#eef7f5"' if i == highlight else ""
        body.append(f"<tr{style}>" + "".join(
            f'<td style="padding:0 6px">{value_tex(c)}</td>' for c in row) + "</tr>")
    return (f'<table class="{css}" style="border-collapse:collapse;text-align:right">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def _th(text: Any, tip: Any = None) -> str:
    title = f' title="{html.escape(str(tip))}"' if tip else ""
    return f'<th style="padding:0 6px"{title}>{html.escape(str(text))}</th>'


__all__ = ["Detail", "LONG_DIGITS", "NOT_APPLICABLE", "SPACED_TABLE", "approx_html", "count_text",
           "decimal_text", "fraction_tex", "html_table", "is_long", "math_html", "probability_tex",
           "short_decimal", "value_tex"]
