"""The exact counting behind :mod:`bluffkit.odds.jungle_bluff`: how many hidden histories are
consistent with what one player saw, and how many of them give each player each card.

A *history* hands out the hidden strength cards: for every past round, who played which of the
round's public cards, and this round's face-down cards. It is **consistent** when each player
plays each of their cards at most once, the cards the observer saw are where they saw them, and
every public challenge result comes out as it did. If every player picks their strength card
uniformly at random among the cards in their hand, every full history has the same probability
(all hands have the same size each round), so the posterior is uniform over the consistent
histories: a card's probability is the share of consistent histories that give it.

**The structure.** The only link between rounds is "each player plays each card once". So the
past rounds are a dynamic programme over rounds whose state is the tuple of cards each player has
used so far (one bit per player and value, 60 bits at most: a ``uint64``), weighted by the number
of consistent histories reaching it. A round's transition is the same for every state: its
*arrangements* (who played which of its public cards, consistent with its challenges and the
cards seen) are listed once, and an arrangement extends a state when they share no bit. Rounds
go most constrained first (any order gives the same counts), the layers run as array operations
(numpy) on exact integers (``int64`` while the counts are provably small, Python integers
beyond), and the result is cached for the questions asked during the same round. Without numpy
(``worlds_plain``) the same counts are made with dictionaries, state by state. This
round's face-down cards are then counted state by state as a small constraint network (players
linked by this round's challenges) by variable elimination over all states at once. Everything
is exact integer counting: tests compare it with a brute force over every hidden history of
play.

>>> total, hand, strength = history_counts(2, 3, (((1, 3), ((0, 1),), (), (True, True)),), 0,
...                                        0b110, 0, (), (), (False, False), (False,) * 3)
>>> total, hand[1], strength[1]
(1, (1, 1, 0), (0, 0, 0))
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core import InvalidQuestion
from ...core.i18n import _
from ...core.npy import numpy_or_none
from ...games.jungle_bluff import Card, duel_winner
from .worlds_plain import PlainCounts, pairwise_counts, past_states

if TYPE_CHECKING:
    import numpy as np


class Inconsistent(InvalidQuestion):
    """No history of play is consistent with the observation."""


SMALL = 1 << 62
"""Counts below this bound are added as ``int64``; beyond, as Python integers."""


def _winners(top: int, specials) -> dict:
    card = {v: Card(v, specials[v - 1]) for v in range(1, top + 1)}
    return {(a, b): duel_winner(card[a], card[b]) for a in card for b in card}


def _arrangements(n, top, played, known, duels, seated, win) -> list[int]:
    """The bits (player ``p``, value ``v`` at ``p * top + v - 1``) of every consistent way to
    hand out a past round's public cards."""
    known = dict(known)
    rest = Counter(played)
    for v in known.values():
        rest[v] -= 1
    if any(c < 0 for c in rest.values()):
        return []
    unknown = [p for p in range(n) if seated[p] and p not in known]
    if sum(rest.values()) != len(unknown):
        return []
    out = []
    values = dict(known)

    def place(i: int, bits: int) -> None:
        if i == len(unknown):
            if all(win[values[ch], values[de]] == result for ch, de, result in duels):
                out.append(bits)
            return
        p = unknown[i]
        for v in sorted(rest):
            if rest[v]:
                rest[v] -= 1
                values[p] = v
                place(i + 1, bits | 1 << (p * top + v - 1))
                rest[v] += 1
        values.pop(p, None)

    base = 0
    for p, v in known.items():
        base |= 1 << (p * top + v - 1)
    place(0, base)
    return out


def _layer(states: np.ndarray, weights: np.ndarray, arrangements: list[int]):
    """States and weights after one more round (states sharing no bit with an arrangement)."""
    import numpy as np

    moves = np.array(arrangements, dtype=np.uint64)
    fits = (states[:, None] & moves[None, :]) == 0
    si, mi = np.nonzero(fits)
    new = states[si] | moves[mi]
    w = weights[si]
    if w.dtype != object and int(weights.sum()) * len(arrangements) >= SMALL:
        w = w.astype(object)
    order = np.argsort(new, kind="stable")
    new, w = new[order], w[order]
    if not len(new):
        return new, w
    starts = np.flatnonzero(np.concatenate(([True], new[1:] != new[:-1])))
    return new[starts], np.add.reduceat(w, starts)


@lru_cache(maxsize=256)
def _past_plain(n: int, top: int, specials: tuple, rounds: tuple, start: int) -> dict[int, int]:
    """``_past`` without numpy: {state: number of consistent histories} (cached)."""
    return past_states(past_moves(n, top, specials, rounds), start)


def past_moves(n: int, top: int, specials: tuple, rounds: tuple) -> list[list[int]]:
    """Each past round's arrangements, the most constrained round first."""
    win = _winners(top, specials)
    return sorted((_arrangements(n, top, *r, win) for r in rounds), key=len)


@lru_cache(maxsize=256)
def _past(n: int, top: int, specials: tuple, rounds: tuple, start: int):
    """States after the past ``rounds`` and their numbers of consistent histories (cached).

    The rounds may be taken in any order (only "each card once" links them): the most
    constrained first (fewest arrangements) keeps the number of states small; measured on 300
    random six-player positions, the largest layer drops from 126,220 states in the order of
    play to 26,650.
    """
    import numpy as np

    moves = past_moves(n, top, specials, rounds)
    states, weights = np.array([start], dtype=np.uint64), np.array([1], dtype=np.int64)
    for m in moves:
        if not m or not len(states):
            return states[:0], weights[:0]
        states, weights = _layer(states, weights, m)
    return states, weights


def history_counts(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
                   specials):
    """Count the consistent histories, and for each player and value those that leave the value
    in the player's hand and those where it is their face-down strength card this round.

    Args:
        n, top: players and highest card.
        rounds: past standard rounds as ``(played values, known (player, value) pairs,
            duels (challenger, defender, result), seated)``.
        me, my_hand, my_strength: the observer, their hand mask (bit ``v - 1`` for value
            ``v``) and strength value (0: none).
        cur_known, cur_duels: this round's known strength values and public duels.
        placed: who has put a strength card down this round.
        specials: per value 1..top, whether the players' card of that value is special.

    Returns:
        ``(total, hand, strength)``: ``hand[p][v - 1]`` and ``strength[p][v - 1]`` are numbers
        of histories (exact integers); a card is possible iff its number is positive.

    Raises:
        Inconsistent: if no history is consistent with the facts.
    """
    full = (1 << top) - 1
    start = 0
    if not rounds:  # a position set up without its history: only my own cards are known
        start = (full & ~my_hand & ~(1 << (my_strength - 1) if my_strength else 0)) << me * top
    known = dict(cur_known)
    if my_strength:
        known[me] = my_strength
    involved = sorted(set(known) | {p for ch, de, _i in cur_duels for p in (ch, de)})
    free = [p for p in range(n) if placed[p] and p not in involved]
    win = _winners(top, specials)
    if numpy_or_none() is None:
        counts = PlainCounts(_past_plain(n, top, tuple(specials), tuple(rounds), start), n, top,
                             known, cur_duels, involved, win)
    else:
        counts = _ArrayCounts(n, top, tuple(specials), tuple(rounds), start, known, cur_duels,
                              involved, win)
    choices = {p: top - counts.used(p) if counts.any() else 0 for p in free}
    factor = 1
    for c in choices.values():
        factor *= c
    total = counts.total_past * factor
    if not total:
        raise Inconsistent(_("no history of play is consistent with this observation"))
    hand, strength = [], []
    for p in range(n):
        if p == me:
            hand.append(tuple(total if my_hand >> v & 1 else 0 for v in range(top)))
            strength.append(tuple(total if my_strength == v + 1 else 0 for v in range(top)))
            continue
        if p in involved:
            s, h = counts.marginal(p, factor)
        else:
            base = counts.base(p)
            if p in choices:
                s = tuple(x * factor // choices[p] for x in base)
                h = tuple(x * factor // choices[p] * (choices[p] - 1) for x in base)
            else:
                s, h = (0,) * top, tuple(x * factor for x in base)
        hand.append(h)
        strength.append(s)
    return total, tuple(hand), tuple(strength)


class _ArrayCounts:
    """The past rounds' states with their weights, and this round's marginals, in numpy
    arrays (all states at once)."""

    def __init__(self, n, top, specials, rounds, start, known, duels, involved, win):
        import numpy as np

        self.top = top
        self.states, weights = _past(n, top, specials, rounds, start)
        shifts = np.arange(top, dtype=np.uint64)
        self.avail = [((self.states[:, None] >> (shifts + np.uint64(p * top))) & np.uint64(1))
                      == 0 for p in range(n)]
        self.marg = _current(self.states, self.avail, known, duels, involved, win, top)
        g = next(iter(self.marg.values())).sum(axis=1) if self.marg else np.ones(
            len(self.states), np.int64)
        if weights.dtype != object and (int(weights.sum()) * int(g.max(initial=0)) * top
                                        >= SMALL):
            weights = weights.astype(object)
        self.weights, self.g, self.wg = weights, g, weights * g
        self.total_past = int(self.wg.sum())

    def any(self) -> bool:
        return bool(len(self.states))

    def used(self, p: int) -> int:
        """How many cards player ``p`` has played (the same in every state)."""
        return bin(int(self.states[0]) >> p * self.top & (1 << self.top) - 1).count("1")

    def marginal(self, p: int, factor: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Histories (times ``factor``) where ``p``'s face-down card is each value, and where
        each value stays in ``p``'s hand."""
        m = self.marg[p]
        return (_weighted(self.weights, m, factor),
                _weighted(self.weights, self.avail[p] * (self.g[:, None] - m), factor))

    def base(self, p: int) -> tuple[int, ...]:
        """Histories where each value is still ``p``'s (p not in this round's facts)."""
        return _weighted(self.wg, self.avail[p], 1)


def _weighted(weights, table, factor) -> tuple[int, ...]:
    """``factor * sum over states of weights[s] * table[s, v]``, per value, as Python ints."""
    import numpy as np

    if weights.dtype == object:
        sums = (weights[:, None] * table.astype(object)).sum(axis=0)
    else:
        sums = weights @ table.astype(np.int64)
    return tuple(int(x) * factor for x in sums)


def _current(states, avail, known, duels, involved, win, top) -> dict:
    """For each player of ``involved`` (this round's known cards and challenged or
    challenging players): per state and value, the number of ways to choose their face-down
    cards consistent with this round's duels that give the player that value (variable
    elimination over the challenge network, all states at once)."""
    import numpy as np

    m = len(states)
    factors = []
    for p in involved:
        table = avail[p].astype(np.int64)
        if p in known:
            only = np.zeros(top, dtype=np.int64)
            only[known[p] - 1] = 1
            table = table * only
        factors.append(((p,), table, True))
    for ch, de, result in duels:
        table = np.array([[win[a, b] == result for b in range(1, top + 1)]
                          for a in range(1, top + 1)], dtype=np.int64)
        factors.append(((ch, de), table, False))
    letters = {p: "abcdefgh"[i] for i, p in enumerate(involved)}
    out = {}
    for keep in involved:
        fs = list(factors)
        others = [p for p in involved if p != keep]
        while others:
            y = min(others, key=lambda y, fs=fs: len({x for f in fs if y in f[0] for x in f[0]}))
            others.remove(y)
            touching = [f for f in fs if y in f[0]]
            fs = [f for f in fs if y not in f[0]]
            scope = sorted({x for f in touching for x in f[0]} - {y})
            subs = ",".join(("z" if f[2] else "") + "".join(letters[x] for x in f[0])
                            for f in touching)
            table = np.einsum(f"{subs}->z{''.join(letters[x] for x in scope)}",
                              *[f[1] for f in touching])
            fs.append((tuple(scope), table, True))
        result = np.ones((m, top), dtype=np.int64)
        for scope, table, with_states in fs:
            if scope:
                result = result * (table if with_states else table[None, :])
            else:
                result = result * table[:, None]
        out[keep] = result
    return out


__all__ = ["Inconsistent", "history_counts", "pairwise_counts", "past_moves"]
