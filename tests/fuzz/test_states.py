"""Hostile JSON states: a mutated state is either refused with ``InvalidState`` or playable.

States come from seeded random play of every registered game, with its standard rules and each
of its variants. Each one is mutated (1-3 seeded mutations: a value replaced by another of a
different type, a neighbour number, a huge number, ``NaN``/``Infinity``, thousands of nested
lists, a field deleted, an element inserted or duplicated, a character of a text changed, two
fields swapped) and loaded. The load must answer within ``SLOW`` seconds and either raise
``InvalidState`` or give a state that keeps every promise of a reachable state (:func:`playable`):
it reads back from its own JSON, every player can observe it, its legal actions and chance
outcomes are well formed, every legal action leads to a state that loads back too, the conserved
quantity (dice, tokens, cards, chips) is the game's, and a random game from it reaches the end.

Run ``pytest tests/fuzz/test_states.py -s`` to see the counts.
"""

from __future__ import annotations

import copy
import json
import math
import sys
import time
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from bluffkit.core import BluffkitError, InvalidState, make_rng, sample
from bluffkit.games import GAMES

MUTATIONS = 1020
"""Mutated states per game (5 games: 5,100 loads)."""
SLOW = 2.0
PLAYOUT = 250
"""Moves of the random game played from an accepted state (every game ends well within)."""


def _deep(levels: int):
    v: list = []
    for _ in range(levels):
        v = [v]
    return v


ODD_VALUES = [None, True, False, 0, 1, -1, 2, 3, 5, 6, 7, 11, 99, -5, 10**6, 2**63, 10**5000,
              1.5, math.nan, math.inf, -math.inf, "", "x", "1", "3,3", "*", "B", "[]", [], {},
              [0], [[0]], {"a": 1}, "\u00e9\u2603" * 3, "9" * 5000]


def states_of(info, rng, per_game: int) -> list:
    """States met in seeded random games of ``info`` (standard rules and each variant)."""
    out = []
    rules_list = (info.rules_type(),) + tuple(info.variants)
    while len(out) < per_game:
        for rules in rules_list:
            s = info.new_game(rules)
            trail = [s]
            for _ in range(4000):
                if s.is_terminal():
                    break
                legal = s.legal_actions()
                a = (sample(s.chance_outcomes(), rng) if s.is_chance_node()
                     else legal[int(rng.integers(len(legal)))])
                s = s.apply(a)
                trail.append(s)
            picks = rng.choice(len(trail), size=min(len(trail), 12), replace=False)
            out += [trail[int(i)] for i in sorted(picks)] + [trail[-1]]
    return out


def phases_of(info) -> tuple[str, ...]:
    """Every phase the game's states go through (its state module's ``PHASES``)."""
    return sys.modules[type(info.new_game(info.rules_type())).__module__].PHASES


def cover_phases(info, rng, sources: list, games: int = 400) -> list:
    """``sources`` and, for each phase of the game they miss, a state in that phase from more
    seeded random games (rare phases: Bungee's dealer deciding about a Bungee lucky card, a
    last-lap call)."""
    missing = set(phases_of(info)) - {s.phase for s in sources}
    rules_list = (info.rules_type(),) + tuple(info.variants)
    for g in range(games):
        if not missing:
            break
        s = info.new_game(rules_list[g % len(rules_list)])
        for _ in range(4000):
            if s.phase in missing:
                missing.discard(s.phase)
                sources.append(s)
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s = s.apply(sample(s.chance_outcomes(), rng) if s.is_chance_node()
                        else legal[int(rng.integers(len(legal)))])
    return sources


def _paths(node, path=()):
    yield path
    if len(path) > 8:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _get(node, path):
    for k in path:
        node = node[k]
    return node


def _set(root, path, value):
    _get(root, path[:-1])[path[-1]] = value


def _odd(rng: np.random.Generator):
    """One of ``ODD_VALUES``, copied: a later mutation may change it in place, and the list is
    shared by every test that mutates states (a 5,000-deep list put inside one of its lists
    made a later test's copy exhaust the stack)."""
    return copy.deepcopy(ODD_VALUES[int(rng.integers(len(ODD_VALUES)))])


def mutate(data: dict, rng: np.random.Generator) -> dict:
    """``data`` changed by 1-3 seeded mutations."""
    data = copy.deepcopy(data)
    for _ in range(int(rng.integers(1, 4))):
        paths = [p for p in _paths(data) if p and p != ("game",)]
        path = paths[int(rng.integers(len(paths)))]
        old = _get(data, path)
        kind = int(rng.integers(9))
        if kind == 0:
            _set(data, path, _odd(rng))
        elif kind == 1 and isinstance(old, int) and not isinstance(old, bool):
            _set(data, path, old + int(rng.choice([-2, -1, 1, 2])))
        elif kind == 2:
            parent = _get(data, path[:-1])
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
        elif kind == 3 and isinstance(_get(data, path[:-1]), list):
            parent = _get(data, path[:-1])
            parent.insert(int(rng.integers(len(parent) + 1)), copy.deepcopy(old))
        elif kind == 4 and isinstance(old, str) and old:
            i = int(rng.integers(len(old)))
            ch = "0123456789*,BxKQJA+ronav-"[int(rng.integers(25))]
            _set(data, path, old[:i] + ch + old[i + 1:])
        elif kind == 5:
            if rng.integers(2):
                _set(data, path, _deep(5000))
                break  # the last mutation: copying 5,000 levels would exhaust the stack
            _set(data, path, [old])
        elif kind == 6:
            other = paths[int(rng.integers(len(paths)))]
            if other[:len(path)] != path and path[:len(other)] != other:
                a, b = copy.deepcopy(_get(data, other)), copy.deepcopy(old)
                _set(data, path, a)
                _set(data, other, b)
        elif kind == 7 and isinstance(old, list) and old:
            old.append(copy.deepcopy(old[int(rng.integers(len(old)))]))
        elif kind == 8 and isinstance(old, dict):
            old[str(rng.integers(3))] = _odd(rng)
        else:
            _set(data, path, _odd(rng))
    return data


def _round_trip(info, s) -> None:
    data = s.to_json()
    assert info.state_from_json(json.loads(json.dumps(data))) == s, "does not load back"


def playable(info, s, conserved, rng) -> None:
    """Assert that ``s`` behaves as a reachable state (see the module docstring)."""
    _round_trip(info, s)
    players = len(s.returns())
    for p in range(players):
        json.dumps(s.observation(p).to_json())
    if info.conserved is not None:
        assert info.conserved(s) == conserved, "the conserved quantity changed"
    for step in range(PLAYOUT):
        legal = s.legal_actions()
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        if s.is_terminal():
            assert legal == [] and len(s.returns()) == players
            return
        assert legal, "a state that is not over needs legal actions"
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1 and all(
                isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        if step == 0:
            for a in legal[:: max(1, len(legal) // 12)]:
                nxt = s.apply(a)
                _round_trip(info, nxt)
                if info.conserved is not None:
                    assert info.conserved(nxt) == conserved
        a = sample(s.chance_outcomes(), rng) if s.is_chance_node() else legal[
            int(rng.integers(len(legal)))]
        s = s.apply(a)
        if step % 10 == 0:
            _round_trip(info, s)
    # long games (Bungee) may need more moves: reaching here without an error is enough


def fuzz(name: str, mutations: int, seed: int = 2026) -> dict:
    info = GAMES[name]
    rng = make_rng(seed)
    sources = cover_phases(info, rng, states_of(info, rng, 60))
    counts = {"loads": 0, "refused": 0, "accepted": 0, "unchanged": 0, "crashes": [],
              "impossible": [], "slow": [], "slowest": 0.0, "changed": [],
              "phases": Counter(), "missing": set(phases_of(info)) - {s.phase for s in sources}}
    for i in range(mutations):
        source = sources[i % len(sources)]
        counts["phases"][source.phase] += 1
        data = mutate(source.to_json(), rng)
        conserved = info.conserved(source) if info.conserved else None
        start = time.process_time()
        try:
            s = info.state_from_json(data)
        except InvalidState:
            s = None
        except Exception as e:  # noqa: BLE001 - a crash is what this test counts
            counts["crashes"].append(f"{type(e).__name__}: {str(e)[:200]} <- {_short(data)}")
            s = None
        took = time.process_time() - start
        counts["loads"] += 1
        counts["slowest"] = max(counts["slowest"], took)
        if took > SLOW:
            counts["slow"].append(f"{took:.1f} s <- {_short(data)}")
        if s is None:
            counts["refused"] += 1
            continue
        counts["accepted"] += 1
        counts["unchanged"] += s == source
        if s != source:
            before, after = source.to_json(), s.to_json()
            counts["changed"].append({k: (before.get(k), after[k]) for k in after
                                      if before.get(k) != after[k]})
        try:
            playable(info, s, conserved, rng)
        except (AssertionError, BluffkitError, Exception) as e:  # noqa: BLE001
            counts["impossible"].append(f"{type(e).__name__}: {str(e)[:200]} <- {_short(data)}")
    return counts


def _short(data) -> str:
    from bluffkit.core.fields import readable

    return readable(data)[:300]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mutated_states_are_refused_or_playable(name):
    c = fuzz(name, MUTATIONS)
    print(f"\n{name}: {c['loads']} mutated states loaded: {c['refused']} refused, "
          f"{c['accepted']} accepted ({c['unchanged']} equal to the state mutated), "
          f"{len(c['crashes'])} crashes, {len(c['impossible'])} impossible states accepted, "
          f"{len(c['slow'])} loads over {SLOW} s (slowest {c['slowest'] * 1000:.0f} ms); "
          f"mutations by phase: {dict(c['phases'])}")
    assert not c["missing"], f"no state in phase {c['missing']}"
    assert not c["crashes"], c["crashes"][:5]
    assert not c["impossible"], c["impossible"][:5]
    assert not c["slow"], c["slow"][:5]
