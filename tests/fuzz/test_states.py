"""Hostile JSON states: a mutated state is either refused with ``InvalidState`` or playable.

States come from seeded random play of every registered game, with its standard rules and each
of its variants. Each one is mutated (1-3 seeded mutations of the :data:`KINDS`: a value replaced
by another of a different type, a neighbour number, a huge number, ``NaN``/``Infinity``,
thousands of nested lists, a field deleted, an element inserted or duplicated, a character of a
text changed, two fields swapped; a whole number written as a float, a bool or a text in other
digits, an item moved or copied to another seat's or container's list, a list or a text emptied,
a rules option so changed) and loaded. The load must answer within ``SLOW`` seconds and either raise
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


HUGE = [2**63, 10**18, 10**15 + 1, 2**53 + 1]
NEAR_NUMBERS = [True, False, 1.0, "1", "١", 2**63, -1, ""]
"""Values that a careless reader takes for a whole number (``True == 1``, ``1.0 == 1``)."""
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _items(v) -> list | None:
    """The items of a list, or of a text listing them (``"1,3,*"``, ``""``); None otherwise."""
    if isinstance(v, list):
        return list(v)
    if isinstance(v, str) and ("," in v or not v):
        return v.split(",") if v else []
    return None


def _like(old, items: list):
    """``items`` written as ``old`` was: a list, or a text with commas."""
    return items if isinstance(old, list) else ",".join(map(str, items))


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


KINDS = ("other value", "neighbour number", "field deleted", "item inserted", "character changed",
         "nested", "fields swapped", "item duplicated", "unknown field",
         "whole number as float", "whole number as bool", "huge number", "whole number as text",
         "item moved to another list", "item copied to another list", "emptied", "rules option")
"""The mutations, by kind: the first nine, and those of issue 26 (whole numbers written as
``3.0``, ``True``, ``2**63`` or ``"٣"``; a die, card or token moved from one seat's or
container's list to another's; a list or text emptied; any of these in the rules)."""
WHOLE_NUMBER_KINDS = KINDS[9:13]
DEEP = "nested 5,000 levels deep"


def mutate(data: dict, rng: np.random.Generator, kinds: list | None = None) -> dict:
    """``data`` changed by 1-3 seeded mutations (their kinds appended to ``kinds``)."""
    data = copy.deepcopy(data)
    for _ in range(int(rng.integers(1, 4))):
        paths = [p for p in _paths(data) if p and p != ("game",)]
        path = paths[int(rng.integers(len(paths)))]
        kind = KINDS[int(rng.integers(len(KINDS)))]
        applied = None
        if kind == "rules option":  # a rules option, as a whole number of another type
            options = [p for p in paths if p[0] == "rules" and len(p) > 1] or paths
            path = options[int(rng.integers(len(options)))]
            if _get(data, path) is None:  # an option left unset, set to a near-number
                _set(data, path, NEAR_NUMBERS[int(rng.integers(len(NEAR_NUMBERS)))])
                applied = kind
            kind = (WHOLE_NUMBER_KINDS[int(rng.integers(4))] if _is_int(_get(data, path))
                    else "emptied")
        old = _get(data, path)
        applied = applied or _apply(kind, data, path, old, paths, rng)
        if kinds is not None:
            kinds.append(applied)
        if applied == DEEP:
            break  # the last mutation: copying 5,000 levels would exhaust the stack
    return data


def _apply(kind: str, data, path, old, paths, rng) -> str:
    """Apply mutation ``kind`` at ``path``; returns the kind applied ("other value" when
    ``kind`` does not fit the value there)."""
    if kind == "neighbour number" and _is_int(old):
        _set(data, path, old + int(rng.choice([-2, -1, 1, 2])))
    elif kind == "field deleted":
        parent = _get(data, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    elif kind == "item inserted" and isinstance(_get(data, path[:-1]), list):
        parent = _get(data, path[:-1])
        parent.insert(int(rng.integers(len(parent) + 1)), copy.deepcopy(old))
    elif kind == "character changed" and isinstance(old, str) and old:
        i = int(rng.integers(len(old)))
        ch = "0123456789*,BxKQJA+ronav-"[int(rng.integers(25))]
        _set(data, path, old[:i] + ch + old[i + 1:])
    elif kind == "nested":
        if rng.integers(2):
            _set(data, path, _deep(5000))
            return DEEP
        _set(data, path, [old])
    elif kind == "fields swapped":
        other = paths[int(rng.integers(len(paths)))]
        if other[:len(path)] != path and path[:len(other)] != other:
            a, b = copy.deepcopy(_get(data, other)), copy.deepcopy(old)
            _set(data, path, a)
            _set(data, other, b)
    elif kind == "item duplicated" and isinstance(old, list) and old:
        old.append(copy.deepcopy(old[int(rng.integers(len(old)))]))
    elif kind == "unknown field" and isinstance(old, dict):
        old[str(rng.integers(3))] = _odd(rng)
    elif kind == "whole number as float" and _is_int(old):
        _set(data, path, float(old))
    elif kind == "whole number as bool" and _is_int(old):
        _set(data, path, bool(old))
    elif kind == "huge number" and _is_int(old):
        _set(data, path, HUGE[int(rng.integers(len(HUGE)))] * (-1 if old < 0 else 1))
    elif kind == "whole number as text" and _is_int(old):
        _set(data, path, str(old).translate(ARABIC if rng.integers(2) else {}))
    elif kind in ("item moved to another list", "item copied to another list") and _items(old):
        others = [p for p in paths if _items(_get(data, p)) is not None
                  and p[:len(path)] != path and path[:len(p)] != p]
        if not others:
            return kind
        other = others[int(rng.integers(len(others)))]
        source, target = _items(old), _items(_get(data, other))
        i = int(rng.integers(len(source)))
        item = source.pop(i) if kind == "item moved to another list" else source[i]
        target.insert(int(rng.integers(len(target) + 1)), copy.deepcopy(item))
        _set(data, other, _like(_get(data, other), target))
        _set(data, path, _like(old, source))
    elif kind == "emptied" and isinstance(old, list | str | dict):
        _set(data, path, type(old)())
    else:
        _set(data, path, _odd(rng))
        return "other value"
    return kind


def _bool_for_number(before, after, path=()) -> str | None:
    """Where ``after`` (a loaded state's JSON) holds true or false in place of the whole number
    or the null of ``before`` (the state mutated): ``True == 1`` in Python, so a loader that
    checks ``x in range(n)`` takes it."""
    if isinstance(after, bool) and not isinstance(before, bool):
        return f"{'/'.join(map(str, path))}: {after!r}"
    if isinstance(before, dict) and isinstance(after, dict):
        items = [(k, before.get(k), v) for k, v in after.items()]
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        items = list(zip(range(len(after)), before, after))
    else:
        return None
    return next((found for k, b, a in items if (found := _bool_for_number(b, a, (*path, k)))),
                None)


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
              "phases": Counter(), "missing": set(phases_of(info)) - {s.phase for s in sources},
              "kinds": Counter(), "kinds_accepted": Counter()}
    for i in range(mutations):
        source = sources[i % len(sources)]
        counts["phases"][source.phase] += 1
        kinds: list[str] = []
        data = mutate(source.to_json(), rng, kinds)
        counts["kinds"].update(set(kinds))
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
        counts["kinds_accepted"].update(set(kinds))
        taken = _bool_for_number(source.to_json(), s.to_json())
        if taken:
            counts["impossible"].append(f"{taken} read as a number <- {_short(data)}")
            continue
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
          f"mutations by phase: {dict(c['phases'])}; loads (accepted) by kind of mutation: "
          + ", ".join(f"{k} {n} ({c['kinds_accepted'][k]})" for k, n in sorted(
              c["kinds"].items())))
    assert not c["missing"], f"no state in phase {c['missing']}"
    assert not c["crashes"], c["crashes"][:5]
    assert not c["impossible"], c["impossible"][:5]
    assert not c["slow"], c["slow"][:5]


def near_numbers(value) -> list:
    """A rules option's value written as what is not quite it: ``3.0``, ``True``, ``"3"``,
    ``"٣"``, huge, or a near-number where it was unset or a list."""
    if _is_int(value):
        return [float(value), bool(value), str(value), str(value).translate(ARABIC), 2**63,
                -value - 1]
    return NEAR_NUMBERS + ([[]] if isinstance(value, list) else [])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rules_options_as_near_numbers_are_refused(name):
    """Every rules option of every variant of a new game, set to a near-number: refused, or
    read as the very whole number (never ``True`` for 1, ``2.0`` for 2)."""
    info = GAMES[name]
    loads = refused = 0
    wrong = []
    for rules in (info.rules_type(), *info.variants):
        data = info.new_game(rules).to_json()
        for option, value in data["rules"].items():
            for near in near_numbers(value):
                mutated = {**data, "rules": {**data["rules"], option: near}}
                loads += 1
                try:
                    s = info.state_from_json(mutated)
                except InvalidState:
                    refused += 1
                    continue
                except Exception as e:  # noqa: BLE001 - a crash is what this test counts
                    wrong.append(f"{option}={near!r}: {type(e).__name__}: {str(e)[:100]}")
                    continue
                taken = _bool_for_number(data, s.to_json())
                if taken or not isinstance(s.to_json()["rules"][option], type(value)):
                    wrong.append(f"{option}={near!r} accepted as {s.to_json()['rules'][option]!r}")
    print(f"\n{name}: {loads} rules options set to near-numbers, {refused} refused, "
          f"{len(wrong)} accepted as something else or crashed")
    assert not wrong, wrong[:5]
