"""Seeded games to review: each game's rules for the tests, a bot that plays exactly what the
advice recommends for its observation (asked as the review and Explain ask it), and the steps of
a played game as a class server's log (seat, action text)."""

from __future__ import annotations

from fractions import Fraction

from bluffkit.core import RandomBot, play_game
from bluffkit.games import find_game

RULES = {
    "bluff": {"players": 3, "dice_per_player": 2},
}
"""Small games (a test plays many)."""


def recommended(game: str, obs):
    """The action the advice recommends at ``obs``, asked exactly as Explain asks it."""
    if game == "bluff":
        from bluffkit.advice.bluff import Position, advise
        return advise(Position.from_observation(obs)).recommended.action
    raise KeyError(game)


def advice_values(game: str, obs) -> tuple[list[tuple[str, Fraction | None]], str]:
    """Each listed option's value as the advice gives it at ``obs`` (the number its decision
    rule ranks by), and its recommendation: asked here on the observation, independently of
    the review."""
    if game == "bluff":
        from bluffkit.advice.bluff import Position, advise
        a = advise(Position.from_observation(obs))
        read = a.reading is not None
        values = [(str(o.action), (o.ahead.my_loss if o.ahead else None) if read else o.my_loss)
                  for o in a.options]
        return values, str(a.recommended.action)
    raise KeyError(game)


class AdviceBot:
    """Plays the advice's recommendation."""

    def __init__(self, game: str):
        self.game = game

    def choose(self, obs, legal, rng):
        action = recommended(self.game, obs)
        assert action in legal
        return action


def played(game: str, bots, seed: int, **rules):
    """``(final state, trajectory)`` of a seeded game of ``game`` with ``bots``."""
    info = find_game(game)
    options = {**RULES[game], **rules, "players": len(bots)}
    return play_game(info.new_game(info.rules_type(**options)), bots, seed=seed)


def log_of(trajectory) -> list[tuple[int, str]]:
    """A trajectory as a class server writes it: ``(seat, action text)``, -1 for chance."""
    return [(p, str(a)) for p, a in trajectory]


def mixed_bots(game: str, players: int, reviewed: int, bot) -> list:
    """``bot`` at seat ``reviewed``, random bots elsewhere."""
    return [bot if p == reviewed else RandomBot() for p in range(players)]
