"""Helpers shared by the games' commands: JSON with exact fractions, tables, prompts."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..core import BluffkitError


class CliError(BluffkitError, ValueError):
    """A bad command-line argument (printed on one line, exit status 2)."""


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


def fraction_text(p: Fraction) -> str:
    """``7/27 (0.2593)``."""
    return f"{p.numerator}/{p.denominator} ({float(p):.4f})" if p.denominator != 1 else str(p)


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
        raise CliError(f"{name} takes whole numbers separated by commas, got {text!r}") from None


def prompt(text: str) -> str:
    """Read a line from the terminal; end of input stops the game cleanly."""
    print(text, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise CliError("end of input: game stopped")
    return line.strip()
