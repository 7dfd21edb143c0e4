"""What every benchmark script's command line shares: its options, each with a default.

>>> args = options("Time the odds.\\n\\nMore.", ["--games", "3", "--quick"], games=200,
...                target=1e-3, kinds="a,b", quick=(False, "a small run"))
>>> args.games, args.target, args.kinds, args.quick
(3, 0.001, 'a,b', True)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def options(doc: str, argv: Sequence[str] | None = None, /, **defaults) -> argparse.Namespace:
    """Read the command line of the script whose docstring is ``doc`` (its first line is the
    description): one ``--name`` per keyword (``no_round`` is ``--no-round``), read as its
    default's type (``int``, ``float``, ``str``); ``False`` makes a flag. A ``(default, help)``
    pair gives the option a help text."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    for name, value in defaults.items():
        default, help = value if isinstance(value, tuple) else (value, None)
        flag = "--" + name.replace("_", "-")
        if default is False:
            parser.add_argument(flag, action="store_true", help=help)
        else:
            parser.add_argument(flag, type=type(default), default=default, help=help)
    return parser.parse_args(argv)
