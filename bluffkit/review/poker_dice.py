"""The review of a poker dice game: each ante and bet of one seat, and each hand's points.

**Values** (points, higher is better): ``bluffkit.advice.poker_dice``'s average gain of each
option against folding (or passing), exact under its model (the others' dice random, their bets
not read; what I put in matched, nobody betting again). A bet or raise of another size than the
advice lists is valued by the same formula: each extra point, matched by the ``k`` opponents,
gains ``(k + 1) x equity - 1``.

**Luck**: a hand's result is the points the seat won minus the points it put in. Expected: at a
showdown, each pot the seat may win times its equity in it (its expected share against the other
players who may win that pot, their dice random, ties split equally, as the advice counts
equity), minus what it put in; a hand that ends without a showdown (folds, passes) has no hidden
dice to decide it: expected and actual are the same. Exact.
"""

from __future__ import annotations

from fractions import Fraction

from ..advice.poker_dice import advise_observation
from ..games.poker_dice import Bet, Raise, say_move
from ..odds.poker_dice import equity
from .judge import Settings, judge, round_ends
from .model import Choice, Decision, RoundLuck

UNIT = "points"
LOWER_IS_BETTER = False


def decision(move: int, obs, action, settings: Settings) -> Decision:
    """The review of the seat's ``action`` at ``obs``: ``advise_observation`` on it, every
    option's average gain, the chosen one's and its cost."""
    advice = advise_observation(obs)
    options = [Choice(str(o.action), o.value, None, o.to_json()) for o in advice.options]
    chosen = next((o.value for o in advice.options if o.action == action), None)
    if chosen is None:
        chosen = value_of(advice, action)
        options.append(Choice(str(action), chosen))
    best = next(o.value for o in advice.options if o.action == advice.action)
    return judge("poker-dice", move, obs.round, obs, options, action, chosen, advice.action,
                 best, lower_is_better=False, explanation=advice.explanation, advice=advice)


def value_of(advice, action) -> Fraction:
    """The average gain the advice's formula gives a bet or raise of any size."""
    p = advice.position
    per_point = (p.opponents + 1) * advice.equity.equity - 1
    if isinstance(action, Raise):
        call = next(o.value for o in advice.options if str(o.action) == "call")
        return call + action.by * per_point
    if isinstance(action, Bet):
        return advice.equity.equity * p.pot + action.amount * per_point
    raise KeyError(str(action))


def say(action) -> str:
    """An action in the current language (``bet 3``, ``fold``)."""
    return say_move(str(action))


# -- luck -----------------------------------------------------------------------------------------
def rounds(steps, seat: int, settings: Settings) -> list[RoundLuck]:
    """Each hand the seat anted in: its points won minus put in, expected and actual."""
    out = []
    for before, _action, after in round_ends(steps):
        result = after.last
        if (result is None or result.kind in ("no ante", "one ante") or not result.committed
                or not result.committed[seat]):
            continue
        put = result.committed[seat]
        actual = Fraction(result.payouts[seat] - put)
        expected = actual
        if result.kind == "showdown" and result.shown[seat]:
            mine = before.observation(seat).my_dice  # the seat's own dice, no one else's
            expected = sum((pot.amount * _share(mine, result.common, len(pot.eligible) - 1,
                                                before.rules)
                            for pot in result.pots if seat in pot.eligible),
                           Fraction(0)) - put
        out.append(RoundLuck(before.round, expected, actual))
    return out


def _share(mine, common, opponents: int, rules) -> Fraction:
    """My expected share of a pot against ``opponents`` random hands (ties split equally)."""
    return equity(mine, common, opponents, rules).equity if opponents else Fraction(1)


__all__ = ["LOWER_IS_BETTER", "UNIT", "decision", "rounds", "say", "value_of"]
