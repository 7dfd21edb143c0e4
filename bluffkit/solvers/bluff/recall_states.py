"""The states of a Bluff round when players remember only the last ``k`` bids.

Shared by the solver (``bluffkit.solvers.bluff.recall``) and the reader of solved strategies
(``bluffkit.advice.bluff.strategy``); it imports nothing else, so reading a strategy stays fast.

A state is (who moves, the last ``k`` bids as indices of the ladder); a raise ``b`` leads from
``(p, (b1, ..., bk))`` to ``(1 - p, (b2, ..., bk, b))``. States sharing who moves and their last
``k - 1`` bids (and, with ``k = 1``, their last bid) share their successors: a *block*.

>>> states, index, blocks = abstract_states(12, 2)
>>> len(states), states[0], blocks[0][:2]
(134, (0, ()), (0, -1))
"""

from __future__ import annotations


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
