"""Kuhn poker in public-tree form: the standard test game (value -1/18 to player 0).

Three cards J < Q < K, one each; both ante 1. Player 0 checks or bets 1; a bet is called or
folded; after a check, player 1 checks (showdown for 1) or bets, and player 0 calls or folds.

>>> tree = kuhn_tree()
>>> tree.n_private, tree.size
((3, 3), 9)
"""

from __future__ import annotations

import numpy as np

from .cfr import Level, PublicTree

CARDS = ("J", "Q", "K")


def kuhn_tree() -> PublicTree:
    chance = np.array([[0 if i == j else 1 / 6 for j in range(3)] for i in range(3)])
    sign = np.array([[np.sign(i - j) for j in range(3)] for i in range(3)])
    utilities = np.stack([chance * sign,        # 0: check-check showdown
                          chance * 1.0,         # 1: player 1 folds to a bet
                          chance * 2 * sign,    # 2: a called bet
                          chance * -1.0])       # 3: player 0 folds after check-bet
    levels = [
        Level(0, [-1], [-1], ["start"]),
        Level(1, [0, 0], [-1, -1], ["check", "bet"]),
        Level(0, [0, 0, 1, 1], [0, -1, 1, 2], ["check", "bet", "fold", "call"]),
        Level(1, [1, 1], [3, 2], ["fold", "call"]),
    ]
    return PublicTree((3, 3), levels, utilities, (list(CARDS), list(CARDS)))
