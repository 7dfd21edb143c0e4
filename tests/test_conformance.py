"""One conformance test over every registered game (STYLE.md example 9, after OpenSpiel's
``random_sim_test``).

Hypothesis drives the first moves of a playthrough (indices into the legal actions and the chance
outcomes, so a failure shrinks to a short line of play); a seeded random player, chance sampled
with its exact probabilities, finishes the game. At every state the checks below hold:

- legal actions are sorted and unique; a non-terminal state has some;
- at a chance node the outcomes have ``Fraction`` probabilities > 0 summing to exactly 1, and the
  legal actions are the outcomes; at a decision node there are no chance outcomes;
- ``apply`` never changes its input; an action taken from another state that is not legal here
  raises ``IllegalAction`` and leaves the state unchanged;
- the game's conserved quantity (dice, cards, chips, tokens) never changes;
- JSON round trip ``state_from_json(to_json(s)) == s``, also through ``json.dumps``/``loads``;
- every player's observation is a frozen dataclass whose ``to_json()`` is JSON text;
- actions at decision nodes read back from their text (``parse_action(s, str(a)) == a``);
- the game ends within ``MAX_STEPS`` with one return per player.

The checks that load JSON, observe and parse (the costly ones) run on every state hypothesis
drives and then on every ``STRIDE``-th state, so that a long game stays cheap.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffkit.core import CHANCE, TERMINAL, IllegalAction, make_rng, sample
from bluffkit.games import GAMES

DRIVEN_STEPS = 40
"""Moves chosen by hypothesis; the rest of the game is played by a seeded random player."""
MAX_STEPS = 3000
"""A random game of any registered game ends well within this many moves."""
STRIDE = 8


def _players(state) -> int:
    rules = getattr(state, "rules", None)
    players = getattr(rules, "players", None)
    return players if isinstance(players, int) else len(state.returns())


def _check_state(info, state, players: int, conserved, full: bool):
    """Check ``state``; with ``full``, return it loaded back from its JSON."""
    legal = state.legal_actions()
    assert legal == sorted(legal), f"legal actions not sorted: {legal}"
    assert len(set(legal)) == len(legal), f"legal actions repeat: {legal}"
    outcomes = state.chance_outcomes()
    player = state.current_player()
    if state.is_terminal():
        assert player == TERMINAL
        assert legal == [] and outcomes == []
    elif state.is_chance_node():
        assert player == CHANCE
        assert outcomes, "a chance node needs outcomes"
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), outcomes
        assert sum(p for _, p in outcomes) == 1
        assert legal == [o for o, _ in outcomes]
    else:
        assert player in range(players), player
        assert outcomes == []
        assert legal, "a decision node needs legal actions"
        if full:
            for action in legal:
                assert info.parse_action(state, str(action)) == action, str(action)
    if info.conserved is not None:
        assert info.conserved(state) == conserved
    if not full:
        return None
    data = state.to_json()
    assert info.state_from_json(data) == state
    loaded = info.state_from_json(json.loads(json.dumps(data)))
    assert loaded == state
    for p in range(players):
        obs = state.observation(p)
        assert dataclasses.is_dataclass(obs) and type(obs).__dataclass_params__.frozen
        json.dumps(obs.to_json())
    return loaded


def _check_illegal(info, state, action) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=30)
@given(data=st.data())
def test_random_play_keeps_every_promise_of_the_state_api(name, data):
    info = GAMES[name]
    rules = data.draw(st.sampled_from((info.rules_type(),) + tuple(info.variants)), label="rules")
    rng = make_rng(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    state = info.new_game(rules)
    players = _players(state)
    conserved = info.conserved(state) if info.conserved is not None else None
    seen: list = []  # actions legal in earlier states, to try where they are not legal
    for step in range(MAX_STEPS):
        full = step < DRIVEN_STEPS or step % STRIDE == 0 or state.is_terminal()
        loaded = _check_state(info, state, players, conserved, full)
        legal = state.legal_actions()
        if full:
            others = [a for a in seen if a not in set(legal)]
            if others:
                i = (data.draw(st.integers(0, len(others) - 1), label="illegal")
                     if step < DRIVEN_STEPS else int(rng.integers(len(others))))
                _check_illegal(info, state, others[i])
        if state.is_terminal():
            break
        if full:
            seen.extend(a for a in legal[:: max(1, len(legal) // 4)] if a not in seen)
            del seen[:-30]
        if step < DRIVEN_STEPS:
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        elif state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            action = legal[int(rng.integers(len(legal)))]
        if full:
            before = state.to_json()
            state_after = state.apply(action)
            assert state.to_json() == before and state == loaded, "apply changed its input"
            state = state_after
        else:
            state = state.apply(action)
    else:
        pytest.fail(f"{name} with {rules} did not end within {MAX_STEPS} moves")
    returns = state.returns()
    assert len(returns) == players
