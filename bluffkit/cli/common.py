"""Helpers shared by the games' commands: their options, JSON with exact fractions, tables."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..core import BluffkitError
from ..core.i18n import _, _l, _n, num, translations
from ..core.text import shorten


class CliError(BluffkitError, ValueError):
    """A bad command-line argument (printed on one line, exit status 2)."""


MAX_ARGUMENT = 1000
"""The longest argument read (a path is checked by the file commands instead)."""

MAX_DIGITS = 30
"""The most digits of a number in an argument: no count, seed or amount here needs more."""

PATH_OPTIONS = ("--out", "--csv", "--key-file")
"""Options whose value is a path (any characters the system allows)."""


def check_arguments(argv: Sequence[str]) -> None:
    """Refuse, before anything is converted, an argument longer than ``MAX_ARGUMENT`` or a
    number of more than ``MAX_DIGITS`` digits, naming the option (Python would refuse a
    number of 4,300 digits with a bare ValueError; a 30-digit ``--players`` would build a
    list before its range is checked).

    >>> check_arguments(["odds", "bluff", "--dice", "20", "--bid", "7x3"])
    >>> check_arguments(["play", "bluff", "--bots", "1" * 5000])
    Traceback (most recent call last):
    ...
    bluffkit.cli.common.CliError: --bots: the number '1111111111111111111111111111111111111…' \
(5000 characters) has 5000 digits; no value here has more than 30
    """
    if list(argv[:1]) == ["lab"]:
        return  # a folder, then JupyterLab's own options, which it checks
    files = list(argv[:1]) in (["notebooks"], ["results"])
    for i, arg in enumerate(argv):
        before = argv[i - 1] if i else ""
        if (before in PATH_OPTIONS or arg.split("=", 1)[0] in PATH_OPTIONS
                or (files and not arg.startswith("-"))):
            continue  # a path: the command says what is wrong with it
        name = (arg.split("=", 1)[0] if arg.startswith("--") else
                before if before.startswith("-") else _("argument {text}", text=shorten(arg)))
        longest = max(re.findall(r"\d+", arg[:100_000]), key=len, default="")
        if len(longest) > MAX_DIGITS:
            raise CliError(_("{name}: the number {number} has {digits} digits; no value here "
                             "has more than {limit}", name=name, number=shorten(longest),
                             digits=len(longest), limit=MAX_DIGITS))
        if len(arg) > MAX_ARGUMENT:
            raise CliError(_("{name}: {text} is too long (at most {limit} characters)",
                             name=name, text=shorten(arg), limit=MAX_ARGUMENT))


ARGPARSE_TEXTS = (
    _l("usage: "), _l("positional arguments"), _l("options"),
    _l("show this help message and exit"), _l("the following arguments are required: %s"),
    _l("argument %(argument_name)s: %(message)s"), _l("invalid %(type)s value: %(value)r"),
    _l("invalid choice: %(value)r (choose from %(choices)s)"), _l("expected one argument"),
    _l("expected at least one argument"), _l("expected at most one argument"),
    _l("unrecognized arguments: %s"), _l("ambiguous option: %(option)s could match %(matches)s"),
    _l("not allowed with argument %s"), _l("one of the arguments %s is required"),
    _l("ignored explicit argument %r"),
)
"""argparse's own words (usage, options, its errors), in the catalogue so that
:func:`argparse_in_language` can say them in the user's language (argparse formats them itself
with ``%``)."""
ARGPARSE_PLURALS = (_n("expected %s argument", "expected %s arguments", 2),)
"""argparse's words said with a count (``nargs=2``), for the catalogue too."""


@contextlib.contextmanager
def argparse_in_language():
    """argparse's words through bluffkit's catalogue while the command line runs (argparse
    looks its texts up with ``gettext`` at use; the original lookup is put back after)."""
    before, before_plural = argparse._, argparse.ngettext

    def lookup(message: str) -> str:
        found = translations().gettext(message)
        return found if found != message else before(message)

    def plural(singular: str, plural: str, n: int) -> str:
        found = translations().ngettext(singular, plural, n)
        return found if found not in (singular, plural) else before_plural(singular, plural, n)

    argparse._, argparse.ngettext = lookup, plural
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before, before_plural


def command(commands, group: str, game: str, help: str, description: str
            ) -> argparse.ArgumentParser:
    """The parser of ``bluffkit <group> <game>`` (group: ``odds``, ``advise``, ``solve``,
    ``play``); :func:`run_with` ends its options."""
    return commands[group].add_parser(game, help=help, description=description)


def run_with(parser: argparse.ArgumentParser, handler: Callable[[argparse.Namespace], int],
             json_help: str | None = None, json: bool = True) -> None:
    """The last option of a command, ``--json`` (exact fractions as ``n/d``, or what
    ``json_help`` says), unless ``json`` is false; ``handler`` runs the command."""
    if json:
        parser.add_argument("--json", action="store_true",
                            help=json_help or _("print JSON (fractions as 'n/d')"))
    parser.set_defaults(handler=handler)


def jsonable(obj: Any) -> Any:
    """Fractions become strings like ``"1234/59049"``; dataclasses with ``to_json`` use it.

    >>> jsonable({"p": Fraction(7, 27), "xs": (Fraction(1), 2)})
    {'p': '7/27', 'xs': ['1', 2]}
    """
    if isinstance(obj, Fraction):
        return f"{obj.numerator}/{obj.denominator}" if obj.denominator != 1 else str(obj.numerator)
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [jsonable(v) for v in obj]
    if hasattr(obj, "to_json"):
        return jsonable(obj.to_json())
    return obj


def print_json(obj: Any) -> None:
    print(json.dumps(jsonable(obj), indent=2, ensure_ascii=False))


def print_advice(advice: Any, as_json: bool, advice_table: Callable[[Any], str]) -> int:
    """Print an advice: as JSON, or as its options table then its explanation; exit code 0."""
    if as_json:
        print_json(advice.to_json())
        return 0
    print(advice_table(advice))
    print()
    print(advice.explanation)
    return 0


def fraction_text(p: Fraction) -> str:
    """``7/27 (0.2593)``; the decimal is written for the language (``0,2593`` in French)."""
    return (f"{p.numerator}/{p.denominator} ({num(float(p), '.4f')})" if p.denominator != 1
            else str(p))


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain-text table with aligned columns."""
    cells = [list(map(str, headers))] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def ints(text: str, name: str) -> list[int]:
    """Read ``"5,5,4"`` as integers, or raise a ``CliError`` naming the option."""
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise CliError(_("{name} takes whole numbers separated by commas, got {text}",
                         name=name, text=repr(text))) from None
