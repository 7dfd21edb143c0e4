"""What is typed into an option, checked as it is read, and the library's errors said with
the options the user typed.

Every option of every command goes through here (``bluffkit.cli._Parser`` registers
:class:`CheckedStore` and :class:`CheckedAppend` as its store and append actions): a value that
gives nothing (``--centre=``, ``--mine ,,,``) or a list with an empty item (``3,,3``) is refused
by name, whole numbers are read by :func:`whole_number` (not ``2.5``, ``True`` or ``1_000``),
seeds by :func:`seed_number`, numbers by :func:`real_number`. An error raised by the library
names its parameter as the code does (``dice_per_player``, ``hand:``); :func:`error_text` says
it with the option that sets it (``--dice``, ``--hand:``), or after the options it is
:func:`about`.
"""

from __future__ import annotations

import argparse
import contextlib
import re
from collections.abc import Sequence

from ..core import BluffkitError
from ..core.i18n import _
from ..core.text import shorten
from .common import PATH_OPTIONS, CliError

NAME_OPTIONS = (*PATH_OPTIONS, "--db", "--host", "--hub-teachers", "--teacher-token")
"""Options whose value is a name (a path, a host, a group): any characters but none at all."""


def value_problem(text: str, required: bool = False, empty: bool = False,
                  name: bool = False) -> str | None:
    """What is wrong with an option's value, or None: nothing but commas and spaces
    (``--mine ,,,``; also empty, ``--centre=``, unless ``empty`` says that an empty value
    means something), or an empty item in a list (``3,,3``, ``3,3,``; not in a ``name``: a
    path may hold any characters). argparse would pass them on, and the command would read
    an empty list without a word.

    >>> value_problem("3,3,*"), value_problem(",,,")
    (None, "no value in ',,,'; write one, or leave the option out")
    >>> value_problem("5,,5")
    "'5,,5' has an empty item (two commas in a row, or a comma at an end)"
    """
    if not text.strip(" ,") and (text.strip() or not empty):
        return (_("no value in {text}; write one", text=shorten(text)) if required else
                _("no value in {text}; write one, or leave the option out", text=shorten(text)))
    if not name and "," in text and not all(item.strip() for item in text.split(",")):
        return _("{text} has an empty item (two commas in a row, or a comma at an end)",
                 text=shorten(text))
    return None


class CheckedValues:
    """Mixed into argparse's store and append actions (``_Parser`` registers them): each value
    given to an option is checked by :func:`value_problem` as it is read (a default never is).
    ``add_argument(..., empty=True)`` says that an empty value means something (``--reroll ""``:
    show no more dice); an option whose default is ``""`` takes ``""`` as that default."""

    def __init__(self, *args, empty: bool | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.empty = self.default == "" if empty is None else empty

    def __call__(self, parser, namespace, values, option_string=None):
        for value in values if isinstance(values, list) else [values]:
            problem = option_string is not None and isinstance(value, str) and value_problem(
                value, self.required, self.empty, option_string in NAME_OPTIONS)
            if problem:
                raise argparse.ArgumentError(self, problem)
        super().__call__(parser, namespace, values, option_string)


class CheckedStore(CheckedValues, argparse._StoreAction):
    pass


class CheckedAppend(CheckedValues, argparse._AppendAction):
    pass


def whole_number(text: str) -> int:
    """An argparse ``type``: a whole number written in digits, e.g. ``3`` or ``-1``; not
    ``2.5``, ``True``, ``1e3``, ``0x10`` or ``1_000`` (``int`` takes the last two).

    >>> whole_number(" 12 "), whole_number("-1")
    (12, -1)
    """
    t = text.strip()
    if not re.fullmatch(r"[+-]?\d+", t):
        raise argparse.ArgumentTypeError(_("{text} is not a whole number (write it in digits, "
                                           "e.g. 3)", text=shorten(text)))
    return int(t)


def seed_number(text: str) -> int:
    """An argparse ``type``: a seed, a whole number from 0 to 2**63 - 1.

    >>> seed_number("7")
    7
    """
    value = whole_number(text)
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(_("a seed is a whole number from 0 to {most}, got {text}",
                                           most=2**63 - 1, text=shorten(text)))
    return value


def real_number(text: str) -> float:
    """An argparse ``type``: a number written in digits, with a decimal point or comma, e.g.
    ``0.001``, ``0,5`` or ``1e-6`` (``nan`` and ``inf`` too: each command says which range it
    takes); not ``1_000`` or ``0x10``.

    >>> real_number("0,5"), real_number("1e-6")
    (0.5, 1e-06)
    """
    t = text.strip().replace(",", ".", 1) if text.count(",") == 1 else text.strip()
    if not re.fullmatch(r"[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|nan|inf|infinity)", t,
                        re.IGNORECASE):
        raise argparse.ArgumentTypeError(_("{text} is not a number (write it in digits, e.g. "
                                           "0.5)", text=shorten(text)))
    return float(t)


PARAMETERS = {"dice_per_player": "--dice", "dice_in_play": "--dice", "top_card": "--cards",
              "my_dice": "--mine", "announced": "--announce", "to_call": "--to-call",
              "starting_points": "--points"}
"""The library's parameters that the command line sets under another name (the others are
``--`` and the name, ``_`` written ``-``)."""


def said_with_options(message: str, options: Sequence[str]) -> str:
    """A library error about a parameter, said about the option that sets it: the message's
    first word and each ``name=value`` when they name an option of the command.

    >>> said_with_options("dice_per_player must be 1-5, got 9", ["--dice", "--bots"])
    '--dice must be 1-5, got 9'
    >>> said_with_options("Bungee is for 2-5 players, got players=0", ["--players"])
    'Bungee is for 2-5 players, got --players 0'
    >>> said_with_options("player 0 made the bid", ["--players"])
    'player 0 made the bid'
    """
    def option(name: str) -> str | None:
        o = PARAMETERS.get(name, "--" + name.replace("_", "-"))
        return o if o in options else None

    first = re.match(r"[a-z][a-z_]*\b", message)
    if first and option(first.group(0)):
        message = option(first.group(0)) + message[first.end():]
    message = re.sub(r"\b([a-z][a-z_]*)=",
                     lambda m: f"{option(m[1])} " if option(m[1]) else m[0], message)
    return re.sub(r"\b[a-z]+_[a-z_]+\b", lambda m: option(m[0]) or m[0], message, count=1)


@contextlib.contextmanager
def about(*options: str):
    """A library error raised inside is about ``options``: :func:`error_text` says it after
    them when it names no option itself."""
    try:
        yield
    except CliError:
        raise
    except BluffkitError as e:
        e.options = options
        raise


def error_text(error: BluffkitError, options: Sequence[str]) -> str:
    """The message of a library ``error`` for the command line: its parameters said as the
    command's ``options`` (:func:`said_with_options`), else put after the options it is
    :func:`about`.

    >>> from bluffkit.core import InvalidQuestion
    >>> try:
    ...     with about("--centre", "--held"):
    ...         raise InvalidQuestion("token 8 is twice")
    ... except InvalidQuestion as e:
    ...     error_text(e, ["--centre", "--held", "--roll"])
    '--centre, --held: token 8 is twice'
    """
    message = said_with_options(str(error), options)
    about_options = getattr(error, "options", ())
    if about_options and not any(o in message for o in options):
        message = _("{options}: {reason}", options=", ".join(about_options), reason=message)
    return message


__all__ = ["CheckedAppend", "CheckedStore", "about", "error_text", "real_number",
           "said_with_options", "seed_number", "value_problem", "whole_number"]
