"""Every game's observation reads back from its JSON exactly (what a classroom client gets).

The class server sends each seat ``observation(seat).to_json()``; the notebook table reads it
back with the game's ``observation_from_json`` and computes Explain from it. Checked on every
position of seeded random games of every registered game and variant, for every seat.
"""

import json

import pytest

from bluffkit.core import make_rng, sample
from bluffkit.games import GAMES


def positions(info, rules, seed):
    rng = make_rng(seed)
    s = info.new_game(rules)
    for _ in range(400):
        yield s
        if s.is_terminal():
            return
        if s.current_player() < 0:
            s = s.apply(sample(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.integers(len(legal)))])


CASES = [(name, rules) for name, info in GAMES.items()
         for rules in (info.rules_type(), *info.variants)]


@pytest.mark.parametrize("name,rules", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_observation_round_trips_through_json(name, rules):
    info = GAMES[name]
    seen = 0
    for seed in range(2):
        for s in positions(info, rules, seed):
            for p in range(rules.players):
                obs = s.observation(p)
                wire = json.loads(json.dumps(obs.to_json()))
                assert info.observation_from_json(wire, rules) == obs
                seen += 1
    assert seen > 20
