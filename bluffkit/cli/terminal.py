"""Playing at the terminal: the prompt, the words a player types, the move loop."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..core import BluffkitError, sample
from ..core.i18n import _, _n
from .common import CliError


def check_bots(bots: int, most: int) -> None:
    """``--bots``: 1 to ``most`` bots play beside you (the game is for 2 to ``most + 1``)."""
    if not 1 <= bots <= most:
        raise CliError(_("--bots must be 1-{most} (the game is for 2-{players} players), got "
                         "{bots}", most=most, players=most + 1, bots=bots))


def prompt(text: str) -> str:
    """Read a line from the terminal; end of input stops the game cleanly."""
    print(text, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise CliError(_("end of input: game stopped"))
    return line.strip()


def echo_text(text: str, limit: int = 80) -> str:
    """A typed line as echoed in a transcript: cut, with its length, when it is very long.

    >>> echo_text("7x3"), echo_text("1" * 5000)[-19:]
    ('7x3', '… (5000 characters)')
    """
    return text if len(text) <= limit else f"{text[:limit]}… " + _n(
        "({n} character)", "({n} characters)", len(text))


QUIT_WORDS = frozenset({"quit", "q", "exit", "quitter", "fin"})
ADVICE_WORDS = frozenset({"help", "advice", "?", "h", "best", "b", "aide", "conseil", "meilleur"})
BEST_WORDS = frozenset({"best", "b", "meilleur"})
"""The words a player types at a game's prompt, in English and in French."""


def help_and_advice(help_text: str, advice: Any, advice_table: Callable[[Any], str],
                    say: Callable = print) -> None:
    """What typing ``advice`` shows while playing: the help, the options table, the reasons."""
    say(help_text)
    say(advice_table(advice))
    say(advice.explanation)


def prompt_echo(question: str) -> Callable[[], str]:
    """A reader for :func:`ask_move`: :func:`prompt` with ``question``, echoing piped input so
    the transcript reads like a game."""

    def read() -> str:
        text = prompt(question)
        if not sys.stdin.isatty():
            print(echo_text(text))
        return text

    return read


def ask_move(state, read: Callable[[], str | None], best: Callable[[], Any],
             explain: Callable[[], None], say: Callable = print,
             advice_words: frozenset = ADVICE_WORDS, best_words: frozenset = BEST_WORDS,
             on_illegal: Callable[[], None] | None = None):
    """Read lines until the human types a legal move for ``state``; ``None`` when they quit.

    Args:
        read: returns the next line typed (``None``: end of input, which stops the game).
        best: the move the advice recommends (typed ``best``).
        explain: shows the help and the advice's numbers (typed ``advice``, ``help`` ...).
        say: where "Not allowed: <the rule>" is written.
        advice_words: the words that ask for advice; ``best_words`` among them play it.
        on_illegal: called after "Not allowed" (e.g. to list the legal moves).
    """
    while True:
        text = read()
        if text is None:
            return None
        word = text.lower()
        if word in QUIT_WORDS:
            return None
        if word in advice_words:
            if word in best_words:
                return best()
            explain()
            continue
        try:
            action = state.parse_action(text)
            state.apply(action)  # raises the error that names the rule if illegal
            return action
        except BluffkitError as e:
            say(_("Not allowed: {reason}", reason=e))
            if on_illegal is not None:
                on_illegal()


def play_loop(state, bots: Sequence, rng, human: int | None, ask: Callable,
              on_move: Callable | None = None, chance: Callable | None = None):
    """Play ``state`` to its end: chance by exact sampling (or ``chance(state, rng)``), seat
    ``human`` by ``ask(state)`` (``None``: they stopped), the others by ``bots[p]``.

    Args:
        on_move: called as ``on_move(before, player, action, after)`` after each move
            (``player`` is -1 for chance), to print what the table sees.

    Returns:
        The last state and whether the human stopped the game.
    """
    while not state.is_terminal():
        if state.is_chance_node():
            player = -1
            action = sample(state.chance_outcomes(), rng) if chance is None else chance(state, rng)
        else:
            player = state.current_player()
            if player == human:
                action = ask(state)
                if action is None:
                    return state, True
            else:
                action = bots[player].choose(state.observation(player), state.legal_actions(),
                                             rng)
        before, state = state, state.apply(action)
        if on_move is not None:
            on_move(before, player, action, state)
    return state, False
