"""A look ahead for Bluff advice: play the rest of the round many times under the bid model.

For each choice I have, the rest of the round is played out ``samples`` times (a sampled search,
deterministic under a seed):

1. the other players' hidden dice are drawn from their posteriors after the round's bids
   (``bluffkit.odds.bluff_beliefs``; the same draws for every choice, so the choices are compared
   on the same deals);
2. after my choice, each following player decides by the bid model
   (``bluffkit.odds.bluff_model``: the advice's choice for their dice), raising or challenging;
   if the turn comes back to me I play the advice's choice for my dice (without reading bids: a
   short, cheap rule). The model's rare random choices (ε) weigh the beliefs the hands are
   drawn from but are left out of the playouts: each would send a playout down its own path,
   and they are rare;
3. at the challenge the cups are lifted and each player loses what the rules say. A playout
   follows the round for one lap: each following player once, me once more, and the next
   player's answer to that; a round still going after that adds nothing (a short horizon keeps
   the search fast: past one lap the playouts split into too many different paths).

A choice is judged by the mean number of dice I lose over the playouts (an exact fraction of
the samples: a sample mean, so an estimate whose error shrinks as 1/sqrt(samples)), with the
dice the others lose as a tie-break. Unlike "if the next player challenges", this counts that
the next player may well raise instead (and then someone else may be caught).

>>> from bluffkit.advice.bluff import Position
>>> from bluffkit.games.bluff import Bid, Challenge
>>> pos = Position("3,3,*,1,2", (5, 5, 5, 5), bid="4x3", history="4x3")
>>> r = look_ahead(pos, [Challenge(), Bid(5, 3)], samples=64, seed=1)
>>> r[Bid(5, 3)].my_loss < r[Challenge()].my_loss
True
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core import Action, InvalidQuestion
from ..games.bluff import Bid, Challenge
from ..odds.bluff_beliefs import DEFAULT_MODEL, RoundReading, read_bids
from ..odds.bluff_model import BidModel, decision_table, hands, match_counts

SAMPLES = 96
SMALL = 12
"""Groups of at most this many samples are decided in plain Python."""
"""Playouts per choice by default (the same deals for every choice)."""



@dataclass(frozen=True)
class AheadValue:
    """What the playouts say about one choice.

    Attributes:
        my_loss: mean dice I lose in the rest of the round (a sample mean, exact fraction).
        others_loss: mean dice the other players lose in total.
        challenged_next: share of playouts in which the next player challenges my raise.
        samples: the number of playouts.
    """

    my_loss: Fraction
    others_loss: Fraction
    challenged_next: Fraction
    samples: int


def _seed(pos, seed: int) -> int:
    text = repr((pos.my_dice, pos.dice_held, pos.me, str(pos.bid), pos.bidder, pos.history,
                 seed)).encode()
    return zlib.crc32(text)


def look_ahead(pos, choices: Sequence[Action], samples: int = SAMPLES, seed: int = 0,
               reading: RoundReading | None = None,
               model: BidModel = DEFAULT_MODEL) -> dict[Action, AheadValue]:
    """Judge each of ``choices`` by ``samples`` playouts of the rest of the round.

    The playouts are run together: all the samples that reach the same bid with the same
    player to move are decided at once (numpy), so the cost grows with the number of
    different situations met, not with the number of samples.

    Args:
        pos: my ``Position`` (bid phase, no exposed dice; the round's ``history`` known).
        choices: my legal choices to judge (``Challenge()`` and raises).
        samples: playouts per choice.
        seed: the search's seed (same position and seed, same answer).
        reading: the round's bids read (``read_bids``); computed when ``None``.
        model: the bid model the other players follow.

    Returns:
        ``{choice: AheadValue}``.

    Raises:
        InvalidQuestion: for a position the look ahead does not cover.
    """
    if pos.phase != "bid" or any(pos.exposed):
        raise InvalidQuestion("the look ahead is for bids without exposed dice")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 100_000:
        raise InvalidQuestion(f"samples must be a whole number 1-100000, got {samples!r}")
    held = pos.dice_held
    if reading is None:
        reading = read_bids(held, pos.me, pos.history or (), pos.bidder, model)
    rng = np.random.default_rng(_seed(pos, seed))
    active = [p for p in range(len(held)) if held[p]]
    deal = _Deal(pos, reading, active, samples, rng)
    out = {}
    for choice in choices:
        mine, others, next_ch = deal.play(choice)
        out[choice] = AheadValue(Fraction(mine, samples), Fraction(others, samples),
                                 Fraction(next_ch, samples), samples)
    return out


class _Deal:
    """The sampled hands and the batched playouts from one position."""

    def __init__(self, pos, reading, active, samples, rng):
        self.pos, self.held = pos, pos.dice_held
        self.top = sum(self.held)
        self.after = {p: active[(active.index(p) + 1) % len(active)] for p in active}
        self.horizon = len(active) + 1
        self.active = len(active)
        self.samples = samples
        self.hand: dict[int, np.ndarray] = {}
        self.hand_list: dict[int, list[int]] = {}
        total = np.zeros((samples, 6), dtype=np.int64)
        for p in active:
            if p == pos.me:
                continue
            w = np.array([float(x) for x in reading.beliefs[p].weights])
            self.hand[p] = rng.choice(len(w), size=samples, p=w / w.sum())
            self.hand_list[p] = self.hand[p].tolist()
            total += hands(self.held[p]).counts[self.hand[p]]
        self.total = (total + np.array(match_counts(pos.my_dice), dtype=np.int64)).T.copy()
        self.mine = match_counts(pos.my_dice)

    def play(self, choice) -> tuple[int, int, int]:
        """Dice I lose and dice the others lose, summed over the samples, and how many times
        the next player challenged ``choice``."""
        pos = self.pos
        everyone = np.arange(self.samples)
        self.my_lost = self.others_lost = 0
        if isinstance(choice, Challenge):
            self._resolve(pos.bid, pos.bidder, pos.me, everyone)
            return self.my_lost, self.others_lost, 0
        next_ch = 0
        stack = [(choice, pos.me, self.after[pos.me], everyone, 1)]
        while stack:
            bid, bidder, turn, idx, step = stack.pop()
            for action, sub in self._decide(bid, turn, idx):
                if isinstance(action, Challenge):
                    self._resolve(bid, bidder, turn, sub)
                    if step == 1:
                        next_ch += len(sub)
                elif step < self.horizon:
                    stack.append((action, turn, self.after[turn], sub, step + 1))
        return self.my_lost, self.others_lost, next_ch

    def _decide(self, bid, turn, idx):
        table = decision_table(bid, self.held[turn], self.top)
        if turn == self.pos.me:
            return [(table.choice(self.mine), idx)]
        if len(idx) <= SMALL:  # a few samples: plain Python is quicker than numpy
            choices = table.choices_list()
            hand = self.hand_list[turn]
            groups: dict[int, list[int]] = {}
            for i in idx.tolist():
                groups.setdefault(choices[hand[i]], []).append(i)
            return [(table.actions[c], np.array(g)) for c, g in groups.items()]
        codes = table.choices()[self.hand[turn][idx]]
        first = int(codes[0])
        if (codes == first).all():
            return [(table.actions[first], idx)]
        return [(table.actions[code], idx[codes == code]) for code in np.unique(codes).tolist()]

    def _resolve(self, bid: Bid, bidder: int, challenger: int, idx) -> None:
        a = self.total[5 if bid.is_star else bid.face - 1][idx]
        b = bid.count
        held, me = self.held, self.pos.me
        over = a - b
        ch = int(np.minimum(over[over > 0], held[challenger]).sum())
        bi = int(np.minimum(-over[over < 0], held[bidder]).sum())
        exact = int((over == 0).sum())
        mine = (ch if me == challenger else 0) + (bi if me == bidder else exact)
        self.my_lost += mine
        self.others_lost += ch + bi + exact * (self.active - 1) - mine


__all__ = ["AheadValue", "SAMPLES", "look_ahead"]
