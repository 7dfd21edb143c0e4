"""Where a state's row is, found without listing the states, pinned against the listing."""

from itertools import combinations

import pytest

from bluffkit.solvers.bluff.full import default_k, positions
from bluffkit.solvers.bluff.recall_states import abstract_states, block_layout, block_of

SHIPPED = sorted({(6 * (x + y), default_k(x, y)) for x, y in positions(5)})


@pytest.mark.parametrize("nb, k", sorted({*SHIPPED, (6, 1), (12, 1), (18, 1), (12, 3),
                                          (18, 3), (12, 2)}))
def test_every_history_finds_the_row_the_listing_gives_it(nb, k):
    """Every bid history of up to k + 2 bids (they reach every state listed) lands in the block
    and row where ``abstract_states`` puts its state, and the blocks come in its order with its
    mover, last bid, number of states and the sizes of the blocks before them."""
    states, index, blocks = abstract_states(nb, k)
    layout = block_layout(nb, k)
    listed, before = [], [0, 0]
    for mover, last, parents, children, challenge in blocks:
        listed.append((mover, last, len(parents), *before))
        before[mover] += len(parents) * (len(children) + challenge)
    assert [(m, last, n, b0, b1) for m, _seen, last, n, b0, b1 in layout.blocks] == listed
    assert layout.total == tuple(before)
    where = {s: (g, row) for g, b in enumerate(blocks) for row, s in enumerate(b[2])}
    found = layout.index
    assert len(found) == len(layout.blocks)
    reached = set()
    for n in range(min(nb, k + 2) + 1):
        for history in combinations(range(nb), n):
            state = index[(n % 2, history[-k:] if history else ())]
            block, row = block_of(list(history), k)
            assert where[state] == (found[block], row), (history, block, row)
            reached.add(state)
    assert len(reached) == len(states)


def test_the_shipped_rounds_are_all_pinned():
    assert (60, 2) in SHIPPED and (24, 4) in SHIPPED and len(SHIPPED) == 10
