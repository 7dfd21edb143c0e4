"""The ``bluffkit`` command line.

``bluffkit COMMAND GAME [options]`` with COMMAND one of odds, advise, solve, play, plus
``bluffkit notebooks DEST``, ``bluffkit lab [DIR]``, ``bluffkit lite DEST`` (a JupyterLite
site), ``bluffkit serve`` (the classroom server) and ``bluffkit review FILE --seat N`` (a played
game's decisions and luck), and for teachers ``bluffkit results collect DIR... --csv FILE``,
``bluffkit handout SET --seeds 1-30 --out DIR`` and ``bluffkit hub-config DIR`` (a class hub's
configuration). ``--lang fr`` (anywhere on the line) speaks French, as does ``BLUFFKIT_LANG=fr``
or a French system locale. Each game adds its own options in
``bluffkit/cli/<game>.py`` (a package, not one ``cli.py``, so five games stay readable). Bad
arguments print a one-line error and exit with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys

from ..core import BluffkitError
from ..core.i18n import _, _l, check_environment, check_language, language
from .common import CliError, argparse_in_language, check_arguments
from .files import add_file_commands
from .hub import add_hub_command
from .lite import add_lite_command
from .options import CheckedAppend, CheckedStore, error_text
from .review import add_review_command
from .serve import add_serve_command
from .teacher import add_teacher_commands

GAME_MODULES: list[str] = ["bluff", "bluff_you", "bluff_solve", "poker_dice", "jungle_bluff",
                           "bungee"]
"""Modules of ``bluffkit.cli`` that each define ``register(commands)``."""

COMMAND_MODULES: dict[tuple[str, str], str] = {
    ("odds", "bluff"): "bluff", ("advise", "bluff"): "bluff", ("play", "bluff"): "bluff",
    ("solve", "bluff"): "bluff_solve",
    **{(c, "bluff-you"): "bluff_you" for c in ("odds", "advise", "solve", "play")},
    **{(c, "poker-dice"): "poker_dice" for c in ("odds", "advise", "play")},
    **{(c, "jungle-bluff"): "jungle_bluff" for c in ("advise", "solve", "play")},
    **{(c, "bungee"): "bungee" for c in ("odds", "advise", "play")},
}
"""The module that registers each ``COMMAND GAME``: with it, ``bluffkit odds bluff`` imports
only what it needs (start-up time; a test checks it matches what the modules register)."""

COMMANDS = {
    "odds": _l("exact odds of a situation"),
    "advise": _l("what to do, with the numbers and the reasons"),
    "solve": _l("equilibrium of a game or a turn"),
    "play": _l("play a game against bots in the terminal"),
}
DESCRIPTION = _l("The bluffkit command line: exact odds, advice, equilibria and games.")


class _Parser(argparse.ArgumentParser):
    """One-line errors, values checked as they are read (:class:`CheckedStore`), and the
    options of each command kept (``option_names``) to name them in the library's errors."""

    def __init__(self, *args, **kwargs):
        self.option_names: list[str] = []
        super().__init__(*args, **kwargs)
        self.register("action", None, CheckedStore)
        self.register("action", "store", CheckedStore)
        self.register("action", "append", CheckedAppend)

    def add_argument(self, *args, **kwargs):
        action = super().add_argument(*args, **kwargs)
        self.option_names += action.option_strings
        return action

    def set_defaults(self, **kwargs):
        super().set_defaults(**kwargs)
        if "handler" in kwargs:  # a command: its parser, to name its options in errors
            super().set_defaults(command_parser=self)

    def error(self, message):  # one line, status 2 (main() prints "bluffkit: error: ")
        raise CliError(message if self.prog == "bluffkit" else f"{self.prog}: {message}")


def split_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """Take ``--lang CODE`` (or ``--lang=CODE``) out of ``argv``, wherever it is.

    >>> split_language(["--lang", "fr", "odds", "bluff"])
    ('fr', ['odds', 'bluff'])
    >>> split_language(["notebooks", "dest", "--lang=en"])
    ('en', ['notebooks', 'dest'])
    """
    code, rest, i = None, [], 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--lang":
            if i + 1 >= len(argv):
                raise CliError(_("--lang needs a language, e.g. --lang fr"))
            code, i = argv[i + 1], i + 2
            continue
        if arg.startswith("--lang="):
            code = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return (None if code is None else check_language(code, "--lang")), rest


def modules_needed(argv: list[str] | None) -> list[str]:
    """The game modules to register for ``argv``: the game's own for ``COMMAND GAME ...``, none
    for ``--help``, ``notebooks``, ``lab``, ``lite``, ``serve``, ``results``, ``handout``,
    ``review`` and ``hub-config``, all otherwise (so help and errors list every game).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help", "notebooks", "lab", "lite", "serve", "results",
                               "handout", "review", "hub-config"):
        return []
    if tuple(argv[:2]) in COMMAND_MODULES:
        return [COMMAND_MODULES[argv[0], argv[1]]]
    return GAME_MODULES


def build_parser(argv: list[str] | None = None, *, every_game: bool = True
                 ) -> argparse.ArgumentParser:
    """The parser; with ``every_game=False`` only the games ``argv`` needs are registered."""
    parser = _Parser(prog="bluffkit", description=str(DESCRIPTION))
    parser.add_argument("--lang", metavar="CODE",
                        help=_("language of the messages: en or fr (default: BLUFFKIT_LANG, "
                               "else the system's)"))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands = {}
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=str(help_text))
        commands[name] = p.add_subparsers(dest="game", required=True, metavar="GAME",
                                          parser_class=_Parser)
    for module in GAME_MODULES if every_game else modules_needed(argv):
        importlib.import_module(f"{__name__}.{module}").register(commands)
    add_file_commands(sub)
    add_lite_command(sub)
    add_serve_command(sub)
    add_review_command(sub)
    add_hub_command(sub)
    add_teacher_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        code, argv = split_language(argv)
        if code is None:
            check_environment()
    except BluffkitError as e:
        print(f"bluffkit: error: {e}", file=sys.stderr)
        return 2
    with language(code) if code is not None else contextlib.nullcontext(), \
            argparse_in_language():
        return _main(argv)


def _main(argv: list[str]) -> int:
    try:
        check_arguments(argv)
        return _run(argv)
    except (CliError, BluffkitError) as e:
        print(_("bluffkit: error: {reason}", reason=e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `bluffkit ... | head`: stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except SystemExit as e:  # --help
        return int(e.code or 0)


def _run(argv: list[str]) -> int:
    parser = build_parser(argv, every_game=False)
    args, unrecognized = parser.parse_known_args(argv)
    if unrecognized and not getattr(args, "passes_options_on", False):
        parser.error(_("unrecognized arguments: {arguments}", arguments=" ".join(unrecognized)))
    args.unrecognized = unrecognized  # `bluffkit lab` passes JupyterLab options on
    try:
        return int(args.handler(args) or 0)
    except CliError:
        raise
    except BluffkitError as e:  # the library names its parameter; the user typed an option
        raise CliError(error_text(e, args.command_parser.option_names)) from None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
