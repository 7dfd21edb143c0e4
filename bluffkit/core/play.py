"""Playing a game to its end with bots and seeded chance.

A bot sees only what its seat may see: the observation for its player and the legal actions.

"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .checks import is_whole
from .errors import InvalidQuestion
from .game import State
from .i18n import _
from .rng import Seed, choice, make_rng, sample

if TYPE_CHECKING:
    import numpy as np


class Bot(Protocol):
    """A player: picks one of ``legal`` from what its seat observes."""

    def choose(self, observation: Any, legal: list, rng: np.random.Generator): ...


class RandomBot:
    """Picks uniformly among the legal actions (any game)."""

    name = "random"

    def choose(self, observation, legal, rng):
        return choice(legal, rng)


def play_game(state: State, bots: Sequence[Bot], seed: Seed = None,
              max_steps: int = 100_000) -> tuple[State, list[tuple[int, Any]]]:
    """Play from ``state`` to the end: chance by exact sampling, seat ``i`` by ``bots[i]``.

    Returns:
        The terminal state and the trajectory of ``(player, action)`` pairs
        (``player`` is -1 for chance).

    Raises:
        InvalidQuestion: when there are fewer bots than seats or the game does not end.
    """
    rng = make_rng(seed)
    trajectory: list[tuple[int, Any]] = []
    for _i in range(max_steps):
        if state.is_terminal():
            return state, trajectory
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            player = state.current_player()
            if player >= len(bots):
                raise InvalidQuestion(_("no bot for player {player}: got {bots} bots",
                                        player=player, bots=len(bots)))
            action = bots[player].choose(state.observation(player), state.legal_actions(), rng)
        trajectory.append((state.current_player(), action))
        state = state.apply(action)
    raise InvalidQuestion(_("the game did not end within {max_steps} steps", max_steps=max_steps))


def random_playthrough(state: State, seed: Seed = None, max_steps: int = 100_000):
    """Play to the end with uniformly random legal actions; returns (state, trajectory)."""
    n = getattr(getattr(state, "rules", None), "players", 6)
    return play_game(state, [RandomBot()] * n, seed, max_steps)


def check_match(players: int, bots: Sequence[Bot], games: int) -> None:
    """Reject a match with not exactly one bot per seat or a games count that is not >= 1.

    >>> check_match(2, [RandomBot()], 1)
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidQuestion: need one bot per seat: 2 players, 1 bots
    """
    if len(bots) != players:
        raise InvalidQuestion(_("need one bot per seat: {players} players, {bots} bots",
                                players=players, bots=len(bots)))
    if not is_whole(games, 1):
        raise InvalidQuestion(_("games must be a whole number >= 1, got {games}",
                                games=repr(games)))


def bot_names(bots: Sequence[Bot]) -> tuple[str, ...]:
    """Each bot's ``name`` (its class name when it has none)."""
    return tuple(getattr(b, "name", type(b).__name__) for b in bots)


def bot_label(name: str) -> str:
    """A bot's name in the current language (``advice`` → « conseil »)."""
    from .i18n import _p  # lazily: the game engines import this module without translations

    words = {"advice": _p("bot", "advice"), "bayes": _p("bot", "bayes"),
             "honest": _p("bot", "honest"), "equilibrium": _p("bot", "equilibrium"),
             "naive": _p("bot", "naive"), "belief": _p("bot", "belief"),
             "random": _p("bot", "random"), "equity": _p("bot", "equity"),
             "greedy": _p("bot", "greedy")}
    return words.get(name, name)


def seed_label(seed: Seed) -> int | None:
    """The seed a match result records: the seed when it is a whole number, else None."""
    return seed if isinstance(seed, int) else None


def match_games(new_state: Callable[[], State], bots: Sequence[Bot], games: int,
                seed: Seed = None, players: int | None = None) -> Iterator[State]:
    """The final states of ``games`` games, all played from one seeded generator.

    The checks run at once (not when iterating); games are played one by one as they are asked
    for, so a match runner can fold them into its own totals.

    Args:
        new_state: makes the start state of one game.
        bots: one bot per seat (seat ``i`` played by ``bots[i]``).
        games: how many games, at least 1.
        seed: one seed for the whole match (same seed, same games).
        players: the number of seats, checked against ``bots`` when given.

    Raises:
        InvalidQuestion: wrong number of bots or games.

    >>> from fractions import Fraction
    >>> class Coin:  # a one-move game: chance picks the winner
    ...     def __init__(self, w=None): self.w = w
    ...     def is_terminal(self): return self.w is not None
    ...     def is_chance_node(self): return True
    ...     def chance_outcomes(self): return [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    ...     def current_player(self): return -1
    ...     def apply(self, a): return Coin(a)
    >>> [s.w for s in match_games(Coin, [], 5, seed=1, players=0)] == [
    ...     s.w for s in match_games(Coin, [], 5, seed=1, players=0)]
    True
    """
    check_match(len(bots) if players is None else players, bots, games)
    rng = make_rng(seed)
    return (play_game(new_state(), bots, rng)[0] for _i in range(games))


def advised(action: Any, legal: list) -> Any:
    """The action an advice-following bot plays: ``action``, checked to be in ``legal``.

    >>> advised("call", ["call", "raise"])
    'call'
    >>> advised("fold", ["call"])
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidQuestion: advice recommended fold, which is not legal here
    """
    if action not in legal:
        raise InvalidQuestion(_("advice recommended {action}, which is not legal here",
                                action=action))
    return action
