"""The exact search behind :func:`bluffkit.odds.jungle_bluff.possible_cards`.

A *world* is one way to hand out the hidden strength cards: for every past round, who played
which of the round's public cards, and this round's face-down cards. It is **consistent** when
each player plays each of their cards at most once, the cards I saw are where I saw them, and
every public challenge result comes out as it did. A card is possible for a player when some
consistent world gives it to them.

When the consistent histories are few (most positions with up to four players) they are simply
enumerated round by round, with a memo of the cards each player has used. When that takes more than
``ENUMERATION_BUDGET`` steps (their number explodes with six players), the search collects
*witnesses* instead: each consistent world found shows some cards possible ("``o`` still holds
``v``", "``o`` put ``v`` down"). A first world comes from a depth-first search (most constrained
hidden card first, public results checked as soon as both cards are placed, pruned by three
matching arguments: each round's remaining cards to its players, each value's remaining copies to
different players, each player's open rounds to different cards), or, past ``NODE_BUDGET`` nodes,
from a 0-1 programme. Cheap repairs of known worlds (one card moved, two swapped) then witness most
other cards. What is left goes to the 0-1 programme (scipy's ``milp``, HiGHS), asked each time for
a consistent world covering as many unwitnessed facts as possible, until it proves that none covers
any: those facts are impossible. Every world is checked exactly in Python before it counts; the
impossibility of the rest is HiGHS's optimality proof (the one step not re-checked in rational
arithmetic). Tests compare the result with a brute force over every hidden history and the three
methods with one another.

>>> hand, strength = consistent_cards(2, 3, (((1, 3), ((0, 1),), (), (True, True)),), 0,
...                                   0b110, 0, (), (), (False, False), (False,) * 3)
>>> bin(hand[1]), strength[1]
('0b11', 0)
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from contextlib import contextmanager
from functools import lru_cache
from itertools import product

from ..core import InvalidQuestion
from ..games.jungle_bluff import Card, duel_winner


class Inconsistent(InvalidQuestion):
    """No history of play is consistent with the observation."""


class _OutOfBudget(Exception):
    """The depth-first search gave up: the question goes to the integer programme."""


NODE_BUDGET = 60
"""Search nodes per question before handing it to the integer programme (HiGHS)."""
ENUMERATION_BUDGET = 3000
"""Steps of the plain enumeration before switching to the witness search."""


@contextmanager
def _quiet():
    """Send file descriptor 1 to /dev/null for the duration (restored even on error)."""
    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (OSError, ValueError, AttributeError):  # no real stdout: nothing to silence
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


def _bit(v: int) -> int:
    return 1 << (v - 1)


def _match(left: list[int], top: int) -> bool:
    """Whether every left node (a mask of acceptable right nodes 0..top-1) gets its own right
    node (Kuhn's augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        mask = left[i]
        while mask:
            low = mask & -mask
            j = low.bit_length() - 1
            mask ^= low
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(left)))


class _Search:
    def __init__(self, n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
                 specials):
        self.n, self.top, self.full = n, top, (1 << top) - 1
        self.card = {v: Card(v, specials[v - 1]) for v in range(1, top + 1)}
        self.R = len(rounds)
        self.used = [0] * n
        self.value: dict[tuple[int, int], int] = {}
        self.rem: list[list[int]] = []
        self.vars: list[tuple[int, int]] = []
        self.duels: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
        for r, (played, known, duels, seated) in enumerate(rounds):
            counts = [0] * (top + 1)
            for v in played:
                counts[v] += 1
            known = dict(known)
            for p, v in known.items():
                counts[v] -= 1
                self._fix(r, p, v)
            unknown = [p for p in range(n) if seated[p] and p not in known]
            if min(counts) < 0 or sum(counts) != len(unknown):
                raise Inconsistent("the cards I saw do not fit the public cards of round "
                                   f"{r + 1}")
            self.rem.append(counts)
            self.vars += [(r, p) for p in unknown]
            self._add_duels(r, duels)
        if not rounds:  # a position set up without its history: only my own cards are known
            self.used[me] |= self.full & ~my_hand & ~(_bit(my_strength) if my_strength else 0)
        for p, v in cur_known:
            self._fix(self.R, p, v)
        self.vars += [(self.R, p) for p in range(n) if placed[p] and p not in dict(cur_known)]
        self._add_duels(self.R, cur_duels)
        self.forbid = [0] * n
        self.force: dict[tuple[int, int], int] = {}
        self.budget = NODE_BUDGET

    def _fix(self, r: int, p: int, v: int) -> None:
        if self.used[p] & _bit(v):
            raise Inconsistent(f"player {p} would have played {v} twice")
        self.used[p] |= _bit(v)
        self.value[(r, p)] = v

    def _add_duels(self, r, duels) -> None:
        for ch, de, result in duels:
            for p in (ch, de):
                self.duels.setdefault((r, p), []).append((ch, de, result))

    # -- the search ---------------------------------------------------------------------------
    def domain(self, var) -> int:
        r, p = var
        if var in self.force:
            v = self.force[var]
            return _bit(v) if not self.used[p] & _bit(v) else 0
        mask = self.full & ~self.used[p] & ~self.forbid[p]
        if r < self.R:
            counts = self.rem[r]
            mask &= sum(_bit(v) for v in range(1, self.top + 1) if counts[v])
        for ch, de, result in self.duels.get(var, ()):  # forward checking of public results
            other = self.value.get((r, de if p == ch else ch))
            if other is None:
                continue
            for v in range(1, self.top + 1):
                if mask & _bit(v):
                    a, b = (v, other) if p == ch else (other, v)
                    if duel_winner(self.card[a], self.card[b]) != result:
                        mask &= ~_bit(v)
        return mask

    def duels_ok(self, var) -> bool:
        r, _ = var
        for ch, de, result in self.duels.get(var, ()):
            a, b = self.value.get((r, ch)), self.value.get((r, de))
            if a is not None and b is not None and duel_winner(
                    self.card[a], self.card[b]) != result:
                return False
        return True

    def counts_ok(self, open_vars) -> bool:
        """The matching arguments over the past rounds' unassigned cards: per round (its cards
        to its players), per value (its copies to different players), per player (their rounds
        to different cards)."""
        by_round: dict[int, list[int]] = {}
        for r, p in open_vars:
            if r < self.R:
                by_round.setdefault(r, []).append(p)
        for r, players in by_round.items():
            slots, left = [], []
            for v in range(1, self.top + 1):
                slots += [v] * self.rem[r][v]
            for p in players:
                ok = self.full & ~self.used[p] & ~self.forbid[p]
                left.append(sum(1 << j for j, v in enumerate(slots) if ok & _bit(v)))
            if not _match(left, len(slots)):
                return False
        by_player: dict[int, list[int]] = {}
        for r, players in by_round.items():
            avail = sum(_bit(v) for v in range(1, self.top + 1) if self.rem[r][v])
            for p in players:
                by_player.setdefault(p, []).append(
                    avail & ~self.used[p] & ~self.forbid[p])
        for rounds in by_player.values():  # a player's open rounds need distinct cards
            if len(rounds) > 1 and not _match(rounds, self.top):
                return False
        for v in range(1, self.top + 1):
            occurrences = []
            for r, players in by_round.items():
                ok = sum(1 << p for p in players
                         if not (self.used[p] | self.forbid[p]) & _bit(v))
                occurrences += [ok] * self.rem[r][v]
            if occurrences and not _match(occurrences, self.n):
                return False
        return True

    def solve(self) -> dict | None:
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        open_vars = [x for x in self.vars if x not in self.value]
        if not open_vars:
            return dict(self.value)
        if not self.counts_ok(open_vars):
            return None
        best, best_mask = None, 0
        for var in open_vars:
            mask = self.domain(var)
            if not mask:
                return None
            if best is None or mask.bit_count() < best_mask.bit_count():
                best, best_mask = var, mask
        r, p = best
        mask = best_mask
        while mask:
            low = mask & -mask
            mask ^= low
            v = low.bit_length()
            self.value[best] = v
            self.used[p] |= low
            if r < self.R:
                self.rem[r][v] -= 1
            if self.duels_ok(best):
                world = self.solve()
                if world is not None:
                    self._undo(best, v)
                    return world
            self._undo(best, v)
        return None

    def _undo(self, var, v) -> None:
        r, p = var
        del self.value[var]
        self.used[p] &= ~_bit(v)
        if r < self.R:
            self.rem[r][v] += 1


    # -- the integer programme --------------------------------------------------------------
    def milp(self, facts=()) -> dict | None:
        """A consistent world as a 0-1 programme solved by HiGHS, covering as many of ``facts``
        as possible (``("hand", p, v)``: ``p`` still holds ``v``; ``("strength", p, v)``: ``p``
        put ``v`` down). The world is checked here exactly (:meth:`check`); that none covers
        more is HiGHS's optimality proof."""
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp

        index: dict[tuple[int, int, int], int] = {}
        for var in self.vars:
            if var in self.value:
                continue
            r, p = var
            mask = self.domain(var)
            for v in range(1, self.top + 1):
                if mask & _bit(v):
                    index[(r, p, v)] = len(index)
        by_var: dict[tuple[int, int], list[int]] = {}
        by_round_value: dict[tuple[int, int], list[int]] = {}
        by_player_value: dict[tuple[int, int], list[int]] = {}
        for (r, p, v), i in index.items():
            by_var.setdefault((r, p), []).append(i)
            by_round_value.setdefault((r, v), []).append(i)
            by_player_value.setdefault((p, v), []).append(i)
        rows: list[tuple[list[int], int, int]] = []
        for var in self.vars:
            if var not in self.value:
                rows.append((by_var.get(var, []), 1, 1))
        for r in range(self.R):
            for v in range(1, self.top + 1):
                cols = by_round_value.get((r, v), [])
                if cols or self.rem[r][v]:
                    rows.append((cols, self.rem[r][v], self.rem[r][v]))
        rows += [(cols, 0, 1) for cols in by_player_value.values() if len(cols) > 1]
        done = set()
        for (r, _p), duels in self.duels.items():
            for ch, de, result in duels:
                if (r, ch, de) in done:
                    continue
                done.add((r, ch, de))
                for a in range(1, self.top + 1):
                    i = index.get((r, ch, a))
                    if i is None:
                        continue
                    for b in range(1, self.top + 1):
                        j = index.get((r, de, b))
                        if j is not None and duel_winner(self.card[a],
                                                         self.card[b]) != result:
                            rows.append(([i, j], 0, 1))
        if any(not cols and lo > 0 for cols, lo, _ in rows):
            return None
        rows = [row for row in rows if row[0]]
        if not index:
            return dict(self.value) if self.check(dict(self.value)) else None
        matrix = np.zeros((len(rows), len(index)))
        for k, (cols, _, _) in enumerate(rows):
            matrix[k, cols] = 1
        lower = np.array([lo for _, lo, _ in rows], dtype=float)
        upper = np.array([hi for _, _, hi in rows], dtype=float)
        lb = np.zeros(len(index))
        for (r, p), v in self.force.items():
            if (r, p, v) not in index:
                return None
            lb[index[(r, p, v)]] = 1
        cost = np.zeros(len(index))  # minimised: -1 per fact covered (a hand fact: no x used)
        for kind, p, v in facts:
            cols = [i for i in by_player_value.get((p, v), [])
                    if kind == "hand" or i == index.get((self.R, p, v))]
            cost[cols] += 1 if kind == "hand" else -1
        with _quiet():  # HiGHS's MIP may print a debugging line on the C-level stdout
            res = milp(cost, constraints=[LinearConstraint(matrix, lower, upper)],
                       integrality=np.ones(len(index)), bounds=Bounds(lb, np.ones(len(index))))
        if res.status == 2:  # infeasible
            return None
        if res.status != 0:  # pragma: no cover - HiGHS did not finish
            raise InvalidQuestion(f"the integer programme failed: {res.message}")
        world = dict(self.value)
        for (r, p, v), i in index.items():
            if res.x[i] > 0.5:
                world[(r, p)] = v
        if not self.check(world):  # pragma: no cover - a rounding HiGHS would never make
            raise InvalidQuestion("the integer programme returned an inconsistent world")
        return world

    def check(self, world: dict) -> bool:
        """Exactly: every hidden card placed once, round sets, distinct cards, duels, query."""
        if set(self.vars) - set(world):
            return False
        for r in range(self.R):
            counts = [0] * (self.top + 1)
            for (rr, _), v in world.items():
                if rr == r and (rr, _) in self.vars:
                    counts[v] += 1
            if counts != self.rem[r]:
                return False
        for p in range(self.n):
            mine = [v for (r, q), v in world.items() if q == p]
            if len(set(mine)) != len(mine) or any(self.forbid[p] & _bit(v) for v in mine):
                return False
        if any(world.get(var) != v for var, v in self.force.items()):
            return False
        return all(self.duels_ok_in(world, r) for r in range(self.R + 1))

    def ask(self) -> dict | None:
        """:meth:`solve` within the node budget, else :meth:`milp`."""
        self.budget = NODE_BUDGET
        self.open_at_start = {x for x in self.vars if x not in self.value}
        try:
            return self.solve()
        except _OutOfBudget:
            self._reset()
            return self.milp()

    def _reset(self) -> None:
        """Undo the partial assignment the interrupted search left behind."""
        for var in [x for x in self.value if x in self.open_at_start]:
            self._undo(var, self.value[var])

    # -- cheap answers from a known world ---------------------------------------------------
    def duels_ok_in(self, world, r: int) -> bool:
        for ch, de, result in {d for (rr, _), ds in self.duels.items() if rr == r for d in ds}:
            a, b = world.get((r, ch)), world.get((r, de))
            if a is not None and b is not None and duel_winner(
                    self.card[a], self.card[b]) != result:
                return False
        return True

    def repair(self, world: dict, p: int, v: int, strength: bool) -> dict | None:
        """A consistent world close to ``world`` where ``p`` put ``v`` down this round
        (``strength``) or still holds ``v`` (one card moved or two swapped), if there is one."""
        free = {x for x in self.vars}
        where = {val: var for var, val in world.items() if var[1] == p}
        if strength:
            var = (self.R, p)
            if var not in free:
                return None
            if v in where:  # first move ``v`` out of an earlier round, then put it down
                world = self.repair(world, p, v, False) if where[v] != var else None
                if world is None or world[var] == v:
                    return None
            new = {**world, var: v}
            return new if self.duels_ok_in(new, self.R) else None
        var = where.get(v)
        if var is None or var not in free:
            return None
        r = var[0]
        if r == self.R:  # put another card down instead
            for w in range(1, self.top + 1):
                if w != v and w not in where:
                    new = {**world, var: w}
                    if self.duels_ok_in(new, r):
                        return new
            return None
        for q in range(self.n):
            other = (r, q)
            if q == p or other not in free:
                continue
            w = world[other]
            if w == v or w in where or any(val == v for (rr, qq), val in world.items()
                                           if qq == q and rr != r):
                continue
            new = {**world, var: w, other: v}
            if self.duels_ok_in(new, r):
                return new
        return None


def _enumerate(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
               specials, budget: int = ENUMERATION_BUDGET):
    """Union over consistent histories of each player's (hand mask, strength mask), by going
    through the rounds with a memo of the players' used cards: quick while the histories are
    few (most positions with up to four players); raises ``_OutOfBudget`` past ``budget``
    steps, and :func:`consistent_cards` then collects witnesses instead."""
    steps = [budget]
    full = (1 << top) - 1
    card = {v: Card(v, specials[v - 1]) for v in range(1, top + 1)}
    known_now = dict(cur_known)
    mine_used = full & ~my_hand & ~(1 << (my_strength - 1) if my_strength else 0)
    memo: dict = {}

    def ok_duels(duels, values) -> bool:
        for ch, de, result in duels:
            if ch in values and de in values and duel_winner(
                    card[values[ch]], card[values[de]]) != result:
                return False
        return True

    def current(used):
        hand = [0] * n
        strength = [0] * n
        involved = sorted({p for ch, de, _ in cur_duels for p in (ch, de)} - set(known_now))
        free = [p for p in range(n) if p not in involved and p not in known_now]
        # players with a known card this round
        for p, v in known_now.items():
            if used[p] >> (v - 1) & 1:
                return None
            strength[p] = 1 << (v - 1)
            hand[p] = full & ~used[p] & ~strength[p]
        for p in free:
            left = full & ~used[p]
            hand[p] = left
            if placed[p]:
                strength[p] = left
                if left & (left - 1) == 0:  # a single card left: it is down, the hand is empty
                    hand[p] = 0
        if involved:
            found = False

            def assign(i, values):
                nonlocal found
                if i == len(involved):
                    if ok_duels(cur_duels, values):
                        found = True
                        for p in involved:
                            bit = 1 << (values[p] - 1)
                            strength[p] |= bit
                            hand[p] |= full & ~used[p] & ~bit
                    return
                p = involved[i]
                left = full & ~used[p]
                for v in range(1, top + 1):
                    if left >> (v - 1) & 1:
                        values[p] = v
                        assign(i + 1, values)
                del values[p]

            assign(0, dict(known_now))
            if not found:
                return None
        return tuple(hand), tuple(strength)

    def step(r, used):
        key = (r, used)
        if key in memo:
            return memo[key]
        steps[0] -= 1
        if steps[0] < 0:
            raise _OutOfBudget
        if r == len(rounds):
            result = current(used)
        else:
            played, known, duels, seated = rounds[r]
            known = dict(known)
            rest = Counter(played)
            for v in known.values():
                rest[v] -= 1
            if any(c < 0 for c in rest.values()):
                memo[key] = None
                return None
            unknown = [p for p in range(n) if seated[p] and p not in known]
            result = None
            for values in _assignments(unknown, rest, used, dict(known)):
                if any(used[p] >> (v - 1) & 1 for p, v in known.items()):
                    continue
                if not ok_duels(duels, values):
                    continue
                nxt = tuple(u | (1 << (values[p] - 1)) if p in values else u
                            for p, u in enumerate(used))
                sub = step(r + 1, nxt)
                if sub is not None:
                    result = sub if result is None else (
                        tuple(a | b for a, b in zip(result[0], sub[0])),
                        tuple(a | b for a, b in zip(result[1], sub[1])))
        memo[key] = result
        return result

    start = tuple(mine_used if p == me else 0 for p in range(n))
    # my own past cards are known: fix them round by round through ``known`` of each round
    out = step(0, (0,) * n) if rounds else step(0, start)
    if out is None:
        raise Inconsistent("no history of play is consistent with this observation")
    hand, strength = out
    hand = tuple(my_hand if p == me else h for p, h in enumerate(hand))
    strength = tuple((1 << (my_strength - 1) if my_strength else 0) if p == me else s
                     for p, s in enumerate(strength))
    return hand, strength


def _assignments(players, rest: Counter, used, values):
    """Every way to give each of ``players`` one card of the multiset ``rest`` not yet used."""
    if not players:
        if sum(rest.values()) == 0:
            yield values
        return
    p, others = players[0], players[1:]
    for v in sorted(rest):
        if rest[v] > 0 and not used[p] >> (v - 1) & 1:
            rest[v] -= 1
            values[p] = v
            yield from _assignments(others, rest, used, values)
            del values[p]
            rest[v] += 1


@lru_cache(maxsize=4096)
def consistent_cards(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
                     specials) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each player, the masks (bit ``v - 1`` for value ``v``) of the cards they may still
    hold in hand and may have put down this round, over every consistent world.

    Args:
        n, top: players and highest card.
        rounds: past standard rounds as ``(played values, known (player, value) pairs,
            duels (challenger, defender, result), seated)``.
        me, my_hand, my_strength: the observer, their hand mask and strength value (0: none).
        cur_known, cur_duels: this round's known strength values and public duels.
        placed: who has put a strength card down this round.
        specials: per value 1..top, whether the players' card of that value is special.

    Raises:
        InvalidQuestion: if no world is consistent with the facts.
    """
    try:
        return _enumerate(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels,
                          placed, specials)
    except _OutOfBudget:
        pass
    return _witnesses(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
                      specials)


def _witnesses(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
               specials) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The witness search of the module docstring (for positions with many histories)."""
    search = _Search(n, top, rounds, me, my_hand, my_strength, cur_known, cur_duels, placed,
                     specials)
    base = list(search.used)
    hand = [0] * n
    strength = [0] * n

    def record(world) -> None:
        used = list(base)
        s = [0] * n
        for (r, p), v in world.items():
            used[p] |= _bit(v)
            if r == search.R:
                s[p] = _bit(v)
        for p in range(n):
            hand[p] |= search.full & ~used[p]
            strength[p] |= s[p]

    world = search.ask()
    if world is None:
        raise Inconsistent("no history of play is consistent with this observation")
    record(world)
    worlds = [world]
    current = [p for r, p in search.vars if r == search.R]

    def open_facts() -> list[tuple[str, int, int]]:
        facts = []
        for p in range(n):
            if p == me:
                continue
            for v in range(1, top + 1):
                b = _bit(v)
                if p in current and not strength[p] & b:
                    facts.append(("strength", p, v))
                if not hand[p] & b and not base[p] & b:
                    facts.append(("hand", p, v))
        return facts

    for kind, p, v in open_facts():  # cheap: move one card in a world already found
        for w in reversed(worlds[-16:]):
            new = search.repair(w, p, v, kind == "strength")
            if new is not None:
                worlds.append(new)
                record(new)
                break
    while facts := open_facts():  # the rest: a world covering as many as possible, until none
        new = search.milp(facts)
        before = (tuple(hand), tuple(strength))
        if new is not None:
            record(new)
        if new is None or (tuple(hand), tuple(strength)) == before:
            break
    hand[me] = my_hand
    strength[me] = _bit(my_strength) if my_strength else 0
    return tuple(hand), tuple(strength)


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
        y = min(others, key=lambda y, fs=factors: len({z for s, _ in fs if y in s for z in s}))
        others.remove(y)
        touching = [f for f in factors if y in f[0]]
        factors = [f for f in factors if y not in f[0]]
        factors.append(_sum_out(y, touching, domains))
    return _multiply(factors, domains)


def _multiply(factors, domains):
    scope = tuple(sorted({z for s, _ in factors for z in s}))
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


__all__ = ["Inconsistent", "consistent_cards", "pairwise_counts"]
