"""``review(game, seat)``: the advice replayed on each decision of one seat, and each round's luck
(the package docstring says what every number means)."""

from __future__ import annotations

import importlib
from fractions import Fraction
from typing import Any

from ..core import BluffkitError, InvalidQuestion
from ..core.checks import is_whole
from ..core.i18n import _
from ..games import find_game
from .judge import Settings
from .model import Review
from .sources import GameRecord, game_record

MODULES = {"bluff": "bluff", "bluff-you": "bluff_you", "poker-dice": "poker_dice",
           "jungle-bluff": "jungle_bluff", "bungee": "bungee"}
"""Each game's review module in this package (imported when a game of it is reviewed)."""


def reviewer(game: str):
    """The review module of ``game`` (``decision``, ``rounds``, ``UNIT``, ``LOWER_IS_BETTER``)."""
    return importlib.import_module(f"{__package__}.{MODULES[game]}")


def _check_seat(seat: Any, players: int) -> None:
    if not is_whole(seat, 0, players - 1):
        raise InvalidQuestion(_("seat must be 0-{last} (this game has {n} seats), got {seat}",
                                last=players - 1, n=players, seat=repr(seat)))


def _names(names, players: int):
    if names is None:
        return None
    names = tuple(str(n) for n in names)
    if len(names) != players or not all(names):
        raise InvalidQuestion(_("names needs one name per seat ({n}), got {names}",
                                n=players, names=repr(names)))
    return names


def review(game: Any, seat: int, *, room: str | None = None, names=None,
           q: Any = Fraction(1, 2), samples: int | None = None, seed: int = 0) -> Review:
    """Every decision of ``seat`` with the advice's values, its cost and grade, and each round's
    expected and actual result.

    Args:
        game: a state (a finished or running game), a saved game (its JSON as a dict or text,
            or a file), or a class server's export (JSON or CSV, dict, text or file).
        seat: the seat to review, counted from 0 as the engine counts.
        room: the room's code when an export holds several.
        names: what to call the seats in the advice's words (``None``: the export's names,
            else "player 1", ...).
        q, samples, seed: how the advice is asked where it takes settings (:class:`Settings`):
            Bluff You's guesser model, Bungee's simulation.

    Raises:
        InvalidQuestion: an unreadable game or export, a seat not in the game.
    """
    record = game if isinstance(game, GameRecord) else game_record(game, room)
    players = record.players
    _check_seat(seat, players)
    chosen_names = _names(names if names is not None else record.names, players)
    settings = Settings(chosen_names, Fraction(q), samples, seed)
    module = reviewer(record.info.name)
    decisions = []
    for move, (state, action) in enumerate(record.steps):
        if state.is_chance_node() or state.current_player() != seat:
            continue
        if len(state.legal_actions()) < 2:  # nothing to decide
            continue
        decisions.append(module.decision(move, state.observation(seat), action, settings))
    rounds = module.rounds(record.steps, seat, settings)
    names_out = chosen_names or tuple(_("player {n}", n=p) for p in range(players))
    return Review(record.info.name, seat, players, names_out, module.UNIT,
                  module.LOWER_IS_BETTER, tuple(decisions), tuple(rounds),
                  record.final.is_terminal())


def read_action(game: str, observation, text: str):
    """The action ``text`` names where the seat saw ``observation``.

    Raises:
        ParseError: text that is no move of the game.
    """
    read = getattr(reviewer(game), "read_action", None) or find_game(game).parse_action
    return read(observation, text)


def review_seat(game: str, seat: int, players: int, decisions, *, names=None,
                q: Any = Fraction(1, 2), samples: int | None = None, seed: int = 0) -> Review:
    """The decisions of ``seat`` judged from what the seat itself saw, without the rest of the
    game: a classroom seat's own record (the server sends a seat its observation only). Each
    decision is judged exactly as :func:`review` judges it from the whole game; the luck of the
    rounds needs the hidden dice and cards, so ``rounds`` is empty.

    Args:
        game: the game's name (``"bluff"``).
        seat, players: the seat reviewed and the number of seats.
        decisions: ``(move, observation, action)`` per decision of the seat, in order: the
            move's place in the game's log, what the seat saw, the action (or its text).
        names, q, samples, seed: as for :func:`review`.

    Raises:
        InvalidQuestion: an unknown game, a seat not in the game, an action that is not one.
    """
    if game not in MODULES:
        raise InvalidQuestion(_("no review for the game {game}", game=repr(game)))
    _check_seat(seat, players)
    chosen_names = _names(names, players)
    settings = Settings(chosen_names, Fraction(q), samples, seed)
    module = reviewer(game)
    judged = []
    for move, obs, action in decisions:
        if isinstance(action, str):
            try:
                action = read_action(game, obs, action)
            except BluffkitError as e:
                raise InvalidQuestion(_("move {n} ({text}) is not a move of {game}: {e}",
                                        n=move + 1, text=action, game=game, e=e)) from None
        judged.append(module.decision(move, obs, action, settings))
    names_out = chosen_names or tuple(_("player {n}", n=p) for p in range(players))
    return Review(game, seat, players, names_out, module.UNIT, module.LOWER_IS_BETTER,
                  tuple(judged), (), True)


__all__ = ["MODULES", "read_action", "review", "review_seat", "reviewer"]
