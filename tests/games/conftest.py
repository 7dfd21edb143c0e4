"""What the games' tests share: checking that a saved state refuses a changed field."""

import pytest

from bluffkit.core import InvalidState
from bluffkit.core.game import game_of


def assert_refused(state, changes: dict, problem: str) -> None:
    """``state``'s JSON reads back to ``state``; with ``changes`` merged in, reading it raises
    :class:`InvalidState` with a message matching ``problem``."""
    read = game_of(state).state_from_json
    assert read(state.to_json()) == state
    with pytest.raises(InvalidState, match=problem):
        read({**state.to_json(), **changes})
