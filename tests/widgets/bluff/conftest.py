"""What the Bluff widget tests share."""

import pytest

from bluffkit.widgets.bluff.table import BluffTable


def facing_a_bid(opponents: int) -> BluffTable:
    """The first table (seeds 0-39) whose game opens with a bid for the human to answer."""
    for seed in range(40):
        t = BluffTable(opponents=opponents, seed=seed)
        if t.state.bid is not None and t.state.current_player() == 0:
            return t
    pytest.fail("no seed gives a bid to answer")
