"""Bounds on what a person types, checked before anything in it is converted.

Python refuses to convert a number of more than 4,300 digits (a bare ``ValueError``), and a
very long line makes every error message that quotes it unreadable. Every reader of typed
text (a move at the table, a command-line option) first calls :func:`short_text`, so a
student who pastes a page of digits gets one clear sentence and the game goes on.

>>> short_text(" 7x3 ", "a move")
'7x3'
>>> short_text("1" * 5000 + "x3", "a move")
Traceback (most recent call last):
...
bluffkit.core.errors.ParseError: what you typed as a move is 5002 characters long; a move is \
a few words (at most 200 characters), e.g. 7x3
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .errors import ParseError
from .i18n import _, _n

MAX_TYPED = 200
"""The longest move or answer a person is expected to type, in characters."""


def short_text(text: Any, what: str, example: str = "7x3", limit: int = MAX_TYPED) -> str:
    """``text`` as a stripped string, or a ``ParseError`` when it is longer than ``limit``.

    Args:
        text: what was typed (anything: it is turned into text first).
        what: what it should be, for the message, e.g. ``_("a move")`` (translated by the
            caller: a noun phrase that reads in the sentence in either language).
        example: a short example of the right form.
    """
    t = text if isinstance(text, str) else str(text)
    if len(t) > limit:
        raise ParseError(_("what you typed as {what} is {n} characters long; {what} is a few "
                           "words (at most {limit} characters), e.g. {example}", what=what,
                           n=len(t), limit=limit, example=example))
    return t.strip()


def shorten(text: Any, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters with its length.

    >>> shorten("1" * 5000)
    "'1111111111111111111111111111111111111…' (5000 characters)"
    >>> shorten("7x3")
    "'7x3'"
    """
    t = text if isinstance(text, str) else str(text)
    if len(t) <= limit:
        return repr(t)
    return f"{t[:limit - 3]!r}"[:-1] + "…' " + _n("({n} character)", "({n} characters)", len(t))


def exact_text(p: Fraction | int) -> str:
    """A probability or a count as written exactly, for JSON and formulas: ``7/27``, ``2``.

    >>> exact_text(Fraction(7, 27)), exact_text(Fraction(4, 2))
    ('7/27', '2')
    """
    return str(Fraction(p))


__all__ = ["MAX_TYPED", "exact_text", "short_text", "shorten"]
