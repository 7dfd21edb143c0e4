"""``GameInfo.replay``: every step of a game from its start, played again from what a state
keeps (a review reads a game's decisions from it). For every game and rules variant, seeded
random games are stopped at several moments: the replay's steps chain through ``apply`` from
``new_game(rules)`` to exactly that state, and the players' moves are the moves played, in
order (chance's too, but the rolls for the first opener or leader, which a state does not keep
and the replay draws again to the same effect; a game still rolling for them has no steps)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bluffkit.core import CHANCE, InvalidState, random_playthrough
from bluffkit.games import GAMES

CASES = [(name, rules) for name, info in sorted(GAMES.items())
         for rules in (info.rules_type(), *info.variants)]


def _start_roll(action) -> bool:
    return type(action).__name__ == "StartRoll"


@pytest.mark.parametrize("name,rules", CASES, ids=lambda v: str(v)[:40])
def test_the_replay_plays_the_game_again_move_for_move(name, rules):
    info = GAMES[name]
    for seed in (1, 2):
        start = info.new_game(rules)
        final, trajectory = random_playthrough(start, seed=seed)
        stops = sorted({len(trajectory) // 3, len(trajectory) * 2 // 3, len(trajectory)})
        for stop in stops:
            state = start
            for _p, a in trajectory[:stop]:
                state = state.apply(a)
            steps = info.replay(state)
            if getattr(state, "phase", None) == "start":  # still rolling for the first opener
                assert steps == []
                continue
            assert steps[0][0] == start
            for (before, action), (after, _a) in zip(steps, steps[1:]):
                assert before.apply(action) == after
            assert steps[-1][0].apply(steps[-1][1]) == state
            played = [(p, a) for p, a in trajectory[:stop] if not _start_roll(a)]
            replayed = [(s.current_player(), a) for s, a in steps if not _start_roll(a)]
            assert replayed == played
        assert [p for p, _a in played if p != CHANCE], "no move to compare"


def test_a_state_the_engine_cannot_reach_has_no_replay():
    info = GAMES["bluff"]
    state, _t = random_playthrough(info.new_game(info.rules_type(players=3)), seed=4)
    with pytest.raises(InvalidState):
        info.replay(replace(state, round=state.round + 1))
