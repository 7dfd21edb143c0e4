"""The states of a Bluff round when players remember only the last ``k`` bids.

Shared by the solver (``bluffkit.solvers.bluff.recall``) and the reader of solved strategies
(``bluffkit.advice.bluff.strategy``); it imports nothing else, so reading a strategy stays fast.

A state is (who moves, the last ``k`` bids as indices of the ladder); a raise ``b`` leads from
``(p, (b1, ..., bk))`` to ``(1 - p, (b2, ..., bk, b))``. States sharing who moves and their last
``k - 1`` bids (and, with ``k = 1``, their last bid) share their successors: a *block*.

>>> states, index, blocks = abstract_states(12, 2)
>>> len(states), states[0], blocks[0][:2]
(134, (0, ()), (0, -1))

A reader of a stored strategy needs only where each state's row is: ``block_layout`` and
``block_of`` give it without listing the states (``abstract_states(24, 4)`` lists 26,000 of them).

>>> block_layout(12, 2).blocks[:2]  # the opening, then the second player after 1x1
[(0, (), -1, 1, 0, 0), (1, (0,), 0, 1, 12, 0)]
>>> block_of([3, 5, 8], 2)  # the second player remembers 5 and 8: row 5 of their block
((1, (8,), 8), 5)
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import NamedTuple


def abstract_states(nb: int, k: int):
    """States reachable from the start of a round with ``nb`` bids, and their blocks.

    Returns:
        ``(states, index, blocks)``: the states in discovery order, a dict state -> position,
        and per block ``(mover, last bid, parent states, child states, challenge allowed)``
        sorted by last bid (so each block's children come in later blocks).
    """
    states: list[tuple[int, tuple]] = [(0, ())]
    index = {states[0]: 0}
    blocks: dict[tuple, list] = {}
    i = 0
    while i < len(states):
        mover, seen = states[i]
        # with k = 1 the successors depend on the last bid, which is all that is kept
        suffix = seen[max(0, len(seen) - k + 1):] if k > 1 else ()
        key = (mover, suffix, seen[-1] if seen else -1)
        if key not in blocks:
            last = key[2]
            children = []
            for b in range(last + 1, nb):
                child = (1 - mover, (suffix + (b,))[-k:])
                if child not in index:
                    index[child] = len(states)
                    states.append(child)
                children.append(index[child])
            blocks[key] = [mover, last, [], children, last >= 0]
        blocks[key][2].append(i)
        i += 1
    return states, index, sorted((tuple(b) for b in blocks.values()), key=lambda b: b[1])


def state_of(index: dict, history, k: int) -> int:
    """The state reached by a history of bid indices (``KeyError`` if it is not a history)."""
    seen = tuple(history)[-k:] if history else ()
    return index[(len(history) % 2, seen)]


class Layout(NamedTuple):
    """Where each block of ``abstract_states(nb, k)`` is, from the blocks alone.

    Attributes:
        blocks: per block, in ``abstract_states``' order: (mover, the remembered bids its
            successors depend on, last bid, parent states, and per mover the parent states
            times actions of the blocks before it). A block's stored weights (parents x actions
            x rolls of its mover) start at ``before[0] * rolls[0] + before[1] * rolls[1]``.
        index: (mover, remembered bids, last bid) -> the block's position, as ``block_of``
            names a block.
        total: per mover, the parent states times actions of every block.
    """

    blocks: list[tuple[int, tuple, int, int, int, int]]
    index: dict[tuple[int, tuple, int], int]
    total: tuple[int, int]


@cache
def block_layout(nb: int, k: int) -> Layout:
    """The blocks of ``abstract_states(nb, k)`` in the same order, without listing the states.

    ``abstract_states`` finds the states breadth first, children by rising bid, so a state comes
    before another when its shortest history is shorter or, as long, comes first in the order
    of a dictionary. A state remembering ``k`` bids ``seen`` is reached in ``k`` bids by ``seen``
    itself when its mover is ``k % 2``, else in ``k + 1`` by ``(0,) + seen``; a state remembering
    fewer bids is its whole history. The block of ``k - 1`` bids ``S`` moved by ``(k - 1) % 2``
    holds the state that is the history ``S``, then those of ``(a,) + S`` for ``1 <= a < S[0]``;
    moved by ``k % 2``, those of ``(a,) + S`` for ``0 <= a < S[0]``. A block is made when its
    first state is met, and the blocks are then sorted by last bid: by last bid, the blocks of
    shorter histories first, each kind in the order of a dictionary.
    """
    found = [(0, (), -1, 1)]
    for last in range(nb):
        if k == 1:
            found += [(1, (), last, 1)] + ([(0, (), last, 1)] if last else [])
            continue
        for n in range(1, k - 1):
            found += [(n % 2, c + (last,), last, 1) for c in combinations(range(last), n - 1)]
        ends = [c + (last,) for c in combinations(range(last), k - 2)]
        found += [((k - 1) % 2, s, last, max(1, s[0])) for s in ends]
        found += [(k % 2, s, last, s[0]) for s in ends if s[0]]
    blocks, before = [], [0, 0]
    for mover, suffix, last, parents in found:
        blocks.append((mover, suffix, last, parents, *before))
        before[mover] += parents * (nb - last - 1 + (last >= 0))
    return Layout(blocks, {b[:3]: g for g, b in enumerate(blocks)}, tuple(before))


def block_of(history, k: int) -> tuple[tuple[int, tuple, int], int]:
    """The block (mover, remembered bids its successors depend on, last bid) of the state a
    history of bid indices reaches, and the state's row among the block's parent states (as
    ``abstract_states`` orders them)."""
    seen = tuple(history)[-k:] if history else ()
    suffix = seen[max(0, len(seen) - k + 1):] if k > 1 else ()
    row = seen[0] if len(seen) == k and k > 1 else 0
    return (len(history) % 2, suffix, seen[-1] if seen else -1), row
