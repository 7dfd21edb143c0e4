"""What a solved two-player Bluff round does, in a few numbers: how often each roll bluffs.

A **bluff** is a bid that claims more matching dice than the bidder's own roll shows (for a
digit bid the stars count, as in the rules): ``count > matches(roll, face)``. For the opener we
read the first bid; for the second player, the reply to the opener's first bid, averaged over
the opener's rolls (chance) and the opener's equilibrium bids.

>>> from bluffkit.advice.bluff.equilibrium import solved_round
>>> rates = bluff_rates(solved_round(1, 1), player=0)
>>> rates[(6,)] < 0.01 < rates[(1,)]  # a star supports every one-die bid; a 1 often bluffs
True
"""

from __future__ import annotations

import numpy as np

from ...core import InvalidQuestion
from .tree import SolvedRound, matches, rolls


def _label_parts(label: str, ruleset: str) -> tuple[int, int]:
    if ruleset == "openspiel":
        count, face = label.split("-")
        return int(count), int(face)
    count, face = label.split("x")
    return int(count), 6 if face == "*" else int(face)


def _bluff_mask(labels: list[str], roll: tuple[int, ...], ruleset: str) -> np.ndarray:
    """1 for each bid label that ``roll`` does not support (0 for "challenge")."""
    out = []
    for label in labels:
        if label == "challenge":
            out.append(0.0)
            continue
        count, face = _label_parts(label, ruleset)
        out.append(float(count > matches(roll, face, ruleset)))
    return np.array(out)


def bluff_rates(solved: SolvedRound, player: int = 0) -> dict[tuple[int, ...], float]:
    """For each roll of ``player``, the probability that their first bid is a bluff.

    Args:
        player: 0 for the opener's opening bid, 1 for the second player's reply (a raise that is
            a bluff; challenging is not a bluff).
    """
    if player not in (0, 1):
        raise InvalidQuestion(f"player must be 0 (opener) or 1, got {player!r}")
    ruleset = solved.info.ruleset
    own = solved.info.rolls[player]
    labels, table = solved.strategy_table([])
    if player == 0:
        return {roll: float(table[i] @ _bluff_mask(labels, roll, ruleset))
                for i, roll in enumerate(own)}
    out = {roll: 0.0 for roll in own}
    for p, replies, reply_table in _replies(solved):
        for i, roll in enumerate(own):
            out[roll] += float(p * (reply_table[i] @ _bluff_mask(replies, roll, ruleset)))
    return out


def challenge_rates(solved: SolvedRound) -> dict[tuple[int, ...], float]:
    """For each roll of the second player, the probability of challenging the opening bid
    (averaged over the opener's rolls and equilibrium bids)."""
    out = {roll: 0.0 for roll in solved.info.rolls[1]}
    for p, replies, reply_table in _replies(solved):
        for i, roll in enumerate(out):
            out[roll] += float(p * reply_table[i][replies.index("challenge")])
    return out


def _replies(solved: SolvedRound):
    """``(P(opening bid), reply labels, reply table)`` for each opening bid ever made."""
    _, chance = rolls(len(solved.info.rolls[0][0]))
    labels, table = solved.strategy_table([])
    for bid, p in zip(labels, chance @ table):
        if p > 0:
            yield (p, *solved.strategy_table([bid]))


__all__ = ["bluff_rates", "challenge_rates"]
