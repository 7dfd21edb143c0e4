"""Jungle Bluff's counting of consistent histories without numpy: the same exact counts as
``worlds``' arrays, made with dictionaries, state by state (and this round's challenge network
solved once per distinct set of cards the players involved can still hold); and the small
constraint networks of one round's hidden cards (``pairwise_counts``), which never needed
numpy.
"""

from __future__ import annotations

from itertools import product


def past_states(moves: list[list[int]], start: int) -> dict[int, int]:
    """The states after the past rounds (cards each player has used, one bit each) and their
    numbers of consistent histories: a round's arrangement extends a state sharing no bit."""
    states = {start: 1}
    for arrangements in moves:
        if not arrangements or not states:
            return {}
        after: dict[int, int] = {}
        for state, w in states.items():
            for a in arrangements:
                if not state & a:
                    after[state | a] = after.get(state | a, 0) + w
        states = after
    return states


class PlainCounts:
    """``worlds._ArrayCounts`` in dictionaries: per state, the ways of this round's face-down
    cards of the players in its facts (known cards, challenges), by variable elimination."""

    def __init__(self, states: dict[int, int], n, top, known, duels, involved, win):
        self.states, self.top, self.n = states, top, n
        full = (1 << top) - 1
        self.free = {s: [~(s >> p * top) & full for p in range(n)] for s in states}
        networks: dict[tuple, tuple] = {}
        self.marg: dict[int, tuple] = {}  # state -> (g, {player: ways per value})
        for s in states:
            key = tuple(self.free[s][p] for p in involved)
            if key not in networks:
                domains = {p: tuple(v for v in range(1, top + 1) if m >> v - 1 & 1
                                    and known.get(p, v) == v) for p, m in zip(involved, key)}
                constraints = [(ch, de, lambda a, b, r=result: win[a, b] == r)
                               for ch, de, result in duels]
                total, marginals = pairwise_counts(domains, constraints)
                networks[key] = (total if involved else 1, {
                    p: tuple(marginals[p].get(v, 0) for v in range(1, top + 1))
                    for p in involved})
            self.marg[s] = networks[key]
        self.total_past = sum(w * self.marg[s][0] for s, w in states.items())

    def any(self) -> bool:
        return bool(self.states)

    def used(self, p: int) -> int:
        return self.top - bin(self.free[min(self.states)][p]).count("1")

    def marginal(self, p: int, factor: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        strength, hand = [0] * self.top, [0] * self.top
        for s, w in self.states.items():
            g, ways = self.marg[s]
            free = self.free[s][p]
            for v in range(self.top):
                strength[v] += w * ways[p][v]
                if free >> v & 1:
                    hand[v] += w * (g - ways[p][v])
        return tuple(x * factor for x in strength), tuple(x * factor for x in hand)

    def base(self, p: int) -> tuple[int, ...]:
        out = [0] * self.top
        for s, w in self.states.items():
            wg, free = w * self.marg[s][0], self.free[s][p]
            for v in range(self.top):
                if free >> v & 1:
                    out[v] += wg
        return tuple(out)


# -- one round's hidden cards as a small constraint network (final round; current round) ---------
def pairwise_counts(domains: dict, constraints) -> tuple[int, dict]:
    """Count the assignments of ``domains`` (variable -> values) that satisfy every constraint
    ``(a, b, ok)`` (``ok(value of a, value of b)``), and for each variable how many of them give
    it each value. Exact, by variable elimination (a round's challenges link few players).

    >>> total, marginals = pairwise_counts({0: (1, 2, 3), 1: (1, 2)}, [(0, 1, lambda a, b: a > b)])
    >>> total, marginals[0]
    (3, {1: 0, 2: 1, 3: 2})
    """
    factors = [((x,), {(v,): 1 for v in values}) for x, values in domains.items()]
    for a, b, ok in constraints:
        factors.append(((a, b), {(u, v): 1 for u in domains[a] for v in domains[b]
                                 if ok(u, v)}))
    marginals = {}
    for x in domains:
        scope, table = _eliminate_all_but(x, factors, domains)
        marginals[x] = {v: table.get((v,), 0) for v in domains[x]}
    total = sum(next(iter(marginals.values())).values()) if marginals else 1
    return total, marginals


def _eliminate_all_but(keep, factors, domains):
    factors = list(factors)
    others = [x for x in domains if x != keep]
    while others:
        y = min(others, key=lambda y, fs=factors: len({z for s, _i in fs if y in s for z in s}))
        others.remove(y)
        touching = [f for f in factors if y in f[0]]
        factors = [f for f in factors if y not in f[0]]
        factors.append(_sum_out(y, touching, domains))
    return _multiply(factors, domains)


def _multiply(factors, domains):
    scope = tuple(sorted({z for s, _i in factors for z in s}))
    table = {}
    for values in product(*(domains[z] for z in scope)):
        at = dict(zip(scope, values))
        w = 1
        for s, t in factors:
            w *= t.get(tuple(at[z] for z in s), 0)
            if not w:
                break
        if w:
            table[values] = w
    return scope, table


def _sum_out(y, factors, domains):
    scope, table = _multiply(factors, domains)
    i = scope.index(y)
    out = {}
    for values, w in table.items():
        key = values[:i] + values[i + 1:]
        out[key] = out.get(key, 0) + w
    return scope[:i] + scope[i + 1:], out


__all__ = ["PlainCounts", "pairwise_counts", "past_states"]
