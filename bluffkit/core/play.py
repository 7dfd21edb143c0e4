"""Playing a game to its end with bots and seeded chance.

A bot sees only what its seat may see: the observation for its player and the legal actions.

"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from .errors import InvalidQuestion
from .game import State
from .rng import Seed, choice, make_rng, sample


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
    for _ in range(max_steps):
        if state.is_terminal():
            return state, trajectory
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            player = state.current_player()
            if player >= len(bots):
                raise InvalidQuestion(f"no bot for player {player}: got {len(bots)} bots")
            action = bots[player].choose(state.observation(player), state.legal_actions(), rng)
        trajectory.append((state.current_player(), action))
        state = state.apply(action)
    raise InvalidQuestion(f"the game did not end within {max_steps} steps")


def random_playthrough(state: State, seed: Seed = None, max_steps: int = 100_000):
    """Play to the end with uniformly random legal actions; returns (state, trajectory)."""
    n = getattr(getattr(state, "rules", None), "players", 6)
    return play_game(state, [RandomBot()] * n, seed, max_steps)
