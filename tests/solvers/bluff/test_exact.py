"""The exactly solved 1-vs-1 Bluff round, checked without the code that solved it.

The shipped data (``bluffkit.solvers.bluff.exact``) hold the value, one exact equilibrium, and
for each quantity the exercises ask about its range over all equilibria, each end with a
certificate. Everything is checked here by a best response written from the rules (the bids,
what a die counts for, who loses a challenge), walking the public histories in exact fractions:

- the equilibrium: each side's best response against the other gives -7/258 (OpenSpiel's value);
- each end *attained*: the stored strategy is an exact equilibrium strategy (the opponent's best
  response against it gives exactly the value) whose quantity is the end;
- each end *bounded*: with the stored multiplier and opponent strategy, no equilibrium strategy
  goes beyond the end (the Lagrangian bound, one best response with the quantity as a bonus).
"""

from __future__ import annotations

import functools
from fractions import Fraction as F

import pytest

from bluffkit.solvers.bluff.exact import certificates, exact_round, read_behaviour

LADDER = [(1, f) for f in range(1, 7)] + [(2, f) for f in range(1, 7)]  # 1x1 .. 1x*, 2x1 .. 2x*
NAMES = [f"{n}x{'*' if f == 6 else f}" for n, f in LADDER]
VALUE = F(-7, 258)


def counts(die: int, face: int) -> bool:
    """A star (6) is wild for digit bids; a star bid counts stars only."""
    return die == face or (die == 6 and face != 6)


@functools.cache
def stands(dice: tuple[int, int], bid: str) -> bool:
    n, face = LADDER[NAMES.index(bid)]
    return sum(counts(d, face) for d in dice) >= n


def opener_wins(dice: tuple[int, int], history: tuple[str, ...]) -> bool:
    """The player to move after ``history`` challenges its last bid."""
    bidder = (len(history) - 1) % 2
    return (bidder == 0) == stands(dice, history[-1])


def actions(history: tuple[str, ...]) -> list[str]:
    start = NAMES.index(history[-1]) + 1 if history else 0
    return NAMES[start:] + (["challenge"] if history else [])


def challenge_sum(die: int, player: int, history: tuple, reach: dict) -> F:
    """The opener's expected payoff (+1/-1) when the player to move after ``history``
    challenges, ``player`` holding ``die`` and the other's dice weighted by ``reach``."""
    won = lost = F(0)
    for d, r in reach.items():
        if r:
            if opener_wins((die, d) if player == 0 else (d, die), history):
                won += r
            else:
                lost += r
    return won - lost


def best(player: int, other: dict, bonus: dict, scale: F, pick) -> F:
    """``pick`` (max or min) over ``player``'s pure strategies of: the sum of ``bonus`` over the
    sequences they play, plus ``scale`` times the opener's expected payoff (+1/-1) against the
    behaviour strategy ``other``; by recursion over the public histories, for each of my dice
    at once, the other's dice weighted by chance and their strategy."""
    dice = range(1, 7)

    def node(history: tuple, reach: dict) -> dict:
        """My die -> the best I collect from here on."""
        if not any(reach.values()) and len(history) >= 2:
            return dict.fromkeys(dice, F(0))  # nothing below: the bonus is on the first moves
        if len(history) % 2 == player:
            values = {die: [] for die in dice}
            for a in actions(history):
                below = None if a == "challenge" else node(history + (a,), reach)
                for die in dice:
                    here = F(bonus.get((die, history, a), 0))
                    if below is None:
                        here += scale * challenge_sum(die, player, history, reach)
                    else:
                        here += below[die]
                    values[die].append(here)
            return {die: pick(v) for die, v in values.items()}
        total = dict.fromkeys(dice, F(0))
        for a in actions(history):
            moved = {}
            for d, r in reach.items():
                p = other.get((d, history), {}).get(a, 0) if r else 0
                moved[d] = r * p if p else 0
            if a == "challenge":
                for die in dice:
                    total[die] += scale * challenge_sum(die, player, history, moved)
            elif any(moved.values()) or not history:
                for die, v in node(history + (a,), moved).items():
                    total[die] += v
        return total

    return sum(node((), dict.fromkeys(dice, F(1, 36))).values(), F(0))


def value_against(player: int, strategy: dict) -> F:
    """What the other player's best response gets against ``player``'s strategy (to the
    opener): exactly the game's value when the strategy is an equilibrium strategy."""
    return best(1 - player, strategy, {}, F(1), max if player == 1 else min)


def bonus_of(name: str) -> tuple[int, dict, dict | None]:
    """The quantity ``name`` of the data as weights on its player's sequences, written again
    from its definition: (player, numerator, denominator)."""
    kind, bid, *die = name.split()
    face = LADDER[NAMES.index(bid)][1]
    true = [d for d in range(1, 7) if counts(d, face)]
    if kind == "opening":
        return 0, {(d, (), bid): F(1, 6) for d in range(1, 7)}, None
    if kind == "likelihood":
        return 0, {(d, (), bid): F(1, len(true)) for d in true}, None
    if kind == "truth":
        return 0, {(d, (), bid): F(1) for d in true}, {(d, (), bid): F(1) for d in range(1, 7)}
    return 1, {(int(die[0]), (bid,), "challenge"): F(1)}, None


def amount(weights: dict, strategy: dict) -> F:
    """A quantity of the first two moves under a behaviour strategy (its realization there)."""
    return sum((w * strategy.get((d, h), {}).get(a, 0) for (d, h, a), w in weights.items()),
               F(0))


@functools.cache
def data() -> tuple:
    return exact_round(), certificates()


def test_the_shipped_equilibrium_is_exact_and_worth_minus_7_258():
    r, _certs = data()
    assert r.value == VALUE and r.opener_wins == F(251, 516)
    for player in (0, 1):
        assert value_against(player, r.equilibrium[player]) == VALUE


def names():
    return sorted(certificates())


@pytest.mark.parametrize("name", names())
def test_each_end_of_each_range_is_attained_and_bounded(name):
    r, certs = data()
    player, num, den = bonus_of(name)
    ends = certs[name]
    kind, bid, *die = name.split()
    shipped = {"opening": r.opening, "likelihood": r.likelihood, "truth": r.truth}.get(kind)
    assert (r.challenge[bid][int(die[0])] if kind == "challenge" else shipped[bid]) == tuple(
        F(e["value"]) for e in ends)
    for high, end in zip((False, True), ends):
        t = F(end["value"])
        attained = read_behaviour(end["attained"])
        assert value_against(player, attained) == VALUE, "not an equilibrium strategy"
        got = amount(num, attained) / (amount(den, attained) if den else 1)
        assert got == t
        # the bound on num - t den (a linear quantity; 0 at the end) over all equilibria
        weights = dict(num)
        for k, w in (den or {}).items():
            weights[k] = weights.get(k, 0) - t * w
        lam, dual = F(end["lam"]), read_behaviour(end["dual"])
        assert lam >= 0
        # player 1 keeps x'.A y <= v and player 0 keeps x.A y' >= v: a Lagrangian term whose
        # sign makes the bound hold on the equilibria
        sign = (-1 if high else 1) * (1 if player == 1 else -1)
        bound = best(player, dual, weights, sign * lam, max if high else min) - sign * lam * VALUE
        assert bound == (t if den is None else 0), (name, high)


def test_every_equilibrium_opens_with_1x3_1x4_or_1x5_only():
    r, _certs = data()
    assert sorted(r.opened) == ["1x3", "1x4", "1x5"]
    assert all(r.opening[b] == (0, 0) for b in NAMES if b not in r.opened)
    assert sum(r.opening[b][0] for b in r.opened) < 1 < sum(r.opening[b][1] for b in r.opened)
