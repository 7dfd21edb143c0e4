"""Seeded games to review: each game's rules for the tests, a bot that plays exactly what the
advice recommends for its observation (asked as the review and Explain ask it), and the steps of
a played game as a class server's log (seat, action text)."""

from __future__ import annotations

from fractions import Fraction

from bluffkit.core import RandomBot, play_game
from bluffkit.games import find_game

RULES = {
    "bluff": {"players": 3, "dice_per_player": 2},
    "poker-dice": {"players": 3, "starting_points": 6},
    "bluff-you": {"players": 3, "tokens": (3, 4, 8, 10, 13, 17)},
    "jungle-bluff": {"players": 3},
    "bungee": {"players": 3, "rounds": 1},
}
"""Small games (a test plays many), three players each."""


def recommended(game: str, obs):
    """The action the advice recommends at ``obs``, asked exactly as Explain asks it."""
    return advice_values(game, obs)[2]


def advice_values(game: str, obs) -> tuple[list[tuple[str, Fraction | None]], str, object]:
    """Each listed option's value as the advice gives it at ``obs`` (the number its decision
    rule ranks by), its recommendation's text and the recommended action: asked here on the
    observation, independently of the review."""
    if game == "bluff":
        from bluffkit.advice.bluff import Position, advise
        a = advise(Position.from_observation(obs))
        read = a.reading is not None
        values = [(str(o.action), (o.ahead.my_loss if o.ahead else None) if read else o.my_loss)
                  for o in a.options]
        return values, str(a.recommended.action), a.recommended.action
    if game == "poker-dice":
        from bluffkit.advice.poker_dice import advise_observation
        a = advise_observation(obs)
        return [(str(o.action), o.value) for o in a.options], str(a.action), a.action
    if game == "jungle-bluff":
        from bluffkit.advice.jungle_bluff import advise
        a = advise(obs)
        thumb = a.phase == "choose" and a.equilibrium is None
        return ([(str(o.action), None if thumb else o.value) for o in a.options],
                str(a.recommended.action), a.recommended.action)
    if game == "bluff-you":
        return _bluff_you(obs)
    if game == "bungee":
        return _bungee(obs)
    raise KeyError(game)


def _bluff_you(obs):
    from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice
    from bluffkit.games.bluff_you import POINTS, BluffYouState, Call, Gain, Give, Steal
    if obs.phase == "act":
        a = bluffer_advice(BluffYouState(obs.rules, obs.centre, obs.held, obs.bluffer, "act",
                                         obs.roll))
        values = []
        for o in a.options:
            if o.kind == "doublet":
                values.append((str(o.action), o.value))
            else:
                make = Gain if o.kind == "gain" else Steal
                values += [(str(make(o.player, n)), v) for n, v in o.by_number.items()]
        return values, str(a.move), a.move
    if obs.phase == "call":
        g = guesser_advice(obs, q=Fraction(1, 2))
        best = Call(g.vs_model.best != "bluff you")  # "either": both calls are worth the same
        return ([("ok", g.vs_model.ok), ("bluff you", g.vs_model.bluff_you)],
                None if g.vs_model.best == "either" else str(best), best)
    mine = obs.held[obs.bluffer]
    cheapest = Give(min(mine, key=lambda t: (POINTS[t], t)))
    return ([(str(Give(t)), Fraction(-2 * POINTS[t])) for t in sorted(set(mine))],
            str(cheapest), cheapest)


def _bungee(obs):
    from bluffkit.advice.bungee import advise
    a = advise(obs)
    if obs.phase == "call":
        return [], str(a.recommended), a.recommended
    c = a.comparison
    if c is not None:
        values = [("bungee", c.score_call.mean)] + [
            (str(o.action), c.score_play.mean if o.action == c.play else None)
            for o in a.options]
        return values, str(a.recommended), a.recommended
    from bluffkit.games.bungee import CALL_LIMIT
    scores = (a.phase == "turn" and obs.callers and a.knowledge.value > CALL_LIMIT
              and all(o.p_bungee == 0 for o in a.options))  # last lap, no call possible
    key = (lambda o: o.mean_score) if scores else (lambda o: o.mean_value)
    return [(str(o.action), key(o)) for o in a.options], str(a.recommended), a.recommended


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
