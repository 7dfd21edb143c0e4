"""A look ahead for Bluff advice: play the rest of the round many times under the bid model.

For each choice I have, the rest of the round is played out ``samples`` times (a sampled search,
deterministic under a seed):

1. the other players' hidden dice are drawn from their posteriors after the round's bids
   (``bluffkit.odds.bluff.beliefs``; the same draws for every choice, so the choices are compared
   on the same deals);
2. after my choice, each following player decides by the bid model
   (``bluffkit.odds.bluff.model``: the advice's choice for their dice), raising or challenging;
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

from ...core import Action, InvalidQuestion, make_rng
from ...core.checks import is_whole
from ...core.i18n import _
from ...core.npy import numpy_or_none, pairwise_sum
from ...games.bluff import Bid
from ...odds.bluff.beliefs import DEFAULT_MODEL, RoundReading, read_bids
from ...odds.bluff.model import (
    BidModel,
    action_code,
    code_bid,
    decision_table,
    hands,
    match_counts,
)

SAMPLES = 96
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

    The playouts of every choice are run together, one decision at a time (nobody passes, so
    the k-th decision is the same player's in every playout): all the playouts at the same bid
    are decided at once (numpy), so the cost grows with the number of different bids met, not
    with the number of samples.

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
        raise InvalidQuestion(_("the look ahead is for bids without exposed dice"))
    if not is_whole(samples, 1, 100_000):
        raise InvalidQuestion(_("samples must be a whole number 1-100000, got {samples}",
                                samples=repr(samples)))
    held = pos.dice_held
    if reading is None:
        reading = read_bids(held, pos.me, pos.history or (), pos.bidder, model)
    rng = make_rng(_seed(pos, seed))
    active = [p for p in range(len(held)) if held[p]]
    np = numpy_or_none()
    deal = _Deal(pos, reading, active, samples, rng, np) if np else _PureDeal(
        pos, reading, active, samples, rng)
    choices = list(dict.fromkeys(choices))
    return {choice: AheadValue(Fraction(mine, samples), Fraction(others, samples),
                               Fraction(next_ch, samples), samples)
            for choice, (mine, others, next_ch) in zip(choices, deal.play_all(choices))}


class _Deal:
    """The sampled hands, and the playouts of every choice run in step.

    Nobody passes in Bluff, so the k-th decision after mine is always the same player's, in
    every playout: the playouts of all the choices advance together, one decision at a time,
    each playout holding its current bid; the playouts at the same bid are decided at once
    (numpy) through the decision table of that bid, whatever the path that led there.
    """

    def __init__(self, pos, reading, active, samples, rng, np):
        self.pos, self.held, self.top = pos, pos.dice_held, sum(pos.dice_held)
        self.turns, self.active, self.samples = _turns(pos.me, active), len(active), samples
        self.hand = {}
        total = np.zeros((samples, 6), dtype=np.int64)
        for p in active:
            if p == pos.me:
                continue
            w = np.array([float(x) for x in reading.beliefs[p].weights])
            self.hand[p] = rng.choice(len(w), size=samples, p=w / w.sum())
            total += hands(self.held[p]).counts[self.hand[p]]
        self.total = (total + np.array(match_counts(pos.my_dice), dtype=np.int64)).T.copy()
        self.mine = match_counts(pos.my_dice)
        self.np = np

    def play_all(self, choices) -> list[tuple[int, int, int]]:
        """For each choice: dice I lose and dice the others lose, summed over the samples, and
        how many times the next player challenged it."""
        pos, n, k, np = self.pos, self.samples, len(choices), self.np
        self.my_lost = np.zeros(k * n, dtype=np.int64)
        self.others_lost = np.zeros(k * n, dtype=np.int64)
        rows = np.arange(k * n)
        sample = rows % n
        current = np.array([action_code(c) for c in choices], dtype=np.int64).repeat(n)
        challenge = current < 0
        if challenge.any():  # my challenge: the round ends at once
            self._resolve(pos.bid, pos.bidder, pos.me, rows[challenge], sample[challenge])
        live = ~challenge
        next_ch = np.zeros(k, dtype=np.int64)
        bidder = pos.me
        for step, turn in enumerate(self.turns, start=1):
            idx = rows[live]
            if not len(idx):
                break
            held = self.held[turn]
            nxt = np.empty(len(idx), dtype=np.int64)
            now = current[idx]
            for c in np.unique(now).tolist():
                at = now == c
                table = decision_table(code_bid(c), held, self.top)
                if turn == pos.me:
                    nxt[at] = table.action_codes[table.choice_rank(self.mine)]
                else:
                    nxt[at] = table.codes()[table.choices()[self.hand[turn][sample[idx[at]]]]]
            called = nxt == -1
            if called.any():
                ch_rows = idx[called]
                for c in np.unique(now[called]).tolist():
                    sub = ch_rows[now[called] == c]
                    self._resolve(code_bid(c), bidder, turn, sub, sample[sub])
                if step == 1:
                    next_ch += np.bincount(ch_rows // n, minlength=k)
                live[ch_rows] = False
            current[idx] = nxt
            bidder = turn
        mine = self.my_lost.reshape(k, n).sum(axis=1).tolist()
        others = self.others_lost.reshape(k, n).sum(axis=1).tolist()
        return list(zip(mine, others, next_ch.tolist()))

    def _resolve(self, bid: Bid, bidder: int, challenger: int, rows, samples) -> None:
        np = self.np
        a = self.total[5 if bid.is_star else bid.face - 1][samples]
        held, me = self.held, self.pos.me
        over = a - bid.count
        ch = np.where(over > 0, np.minimum(over, held[challenger]), 0)
        bi = np.where(over < 0, np.minimum(-over, held[bidder]), 0)
        exact = (over == 0).astype(np.int64)
        mine = (ch if me == challenger else 0) + (bi if me == bidder else exact)
        self.my_lost[rows] += mine
        self.others_lost[rows] += ch + bi + exact * (self.active - 1) - mine


def _turns(me: int, active: list[int]) -> list[int]:
    """Who decides at each step of the lap after me: each other player, me, the next."""
    after = {p: active[(active.index(p) + 1) % len(active)] for p in active}
    turns = [after[me]]
    for _i in range(len(active)):
        turns.append(after[turns[-1]])
    return turns


class _PureDeal:
    """``_Deal`` without numpy: the same draws (numpy's generator in pure Python, the weights
    summed as numpy sums them) and the same playouts, one at a time."""

    def __init__(self, pos, reading, active, samples, rng):
        self.pos, self.held, self.top = pos, pos.dice_held, sum(pos.dice_held)
        self.turns, self.active, self.samples = _turns(pos.me, active), len(active), samples
        self.mine = match_counts(pos.my_dice)
        self.tables: dict[tuple[int, int], tuple] = {}  # (bid code, turn) -> its decision
        self.hand, self.total = {}, [list(self.mine) for _s in range(samples)]
        for p in active:
            if p == pos.me:
                continue
            w = [float(x) for x in reading.beliefs[p].weights]
            total = pairwise_sum(w)
            self.hand[p] = rng.choice(len(w), size=samples, p=[x / total for x in w])
            counts = hands(self.held[p]).counts
            for t, h in zip(self.total, self.hand[p]):
                for j, c in enumerate(counts[h]):
                    t[j] += c

    def play_all(self, choices) -> list[tuple[int, int, int]]:
        out = []
        for choice in choices:
            code, sums = action_code(choice), [0, 0, 0]
            for s in range(self.samples):
                for i, v in enumerate(self._playout(code, s)):
                    sums[i] += v
            out.append(tuple(sums))
        return out

    def _playout(self, code: int, s: int) -> tuple[int, int, int]:
        """Dice I lose, dice the others lose, and whether the next player challenged."""
        pos = self.pos
        if code < 0:  # my challenge: the round ends at once
            return (*self._loss(pos.bid, pos.bidder, pos.me, s), 0)
        bidder = pos.me
        for step, turn in enumerate(self.turns, start=1):
            nxt = self._next(code, turn, s)
            if nxt == -1:
                return (*self._loss(code_bid(code), bidder, turn, s), int(step == 1))
            code, bidder = nxt, turn
        return 0, 0, 0

    def _next(self, code: int, turn: int, s: int) -> int:
        """The code of what ``turn`` does after the bid ``code`` in playout ``s``."""
        found = self.tables.get((code, turn))
        if found is None:
            table = decision_table(code_bid(code), self.held[turn], self.top)
            mine = table.action_codes[table.choice_rank(self.mine)] if turn == self.pos.me \
                else None
            found = self.tables[code, turn] = (table, table.codes(), mine)
        table, codes, mine = found
        return mine if mine is not None else int(codes[table.hand_rank(self.hand[turn][s])])

    def _loss(self, bid: Bid, bidder: int, challenger: int, s: int) -> tuple[int, int]:
        over = self.total[s][5 if bid.is_star else bid.face - 1] - bid.count
        held, me = self.held, self.pos.me
        ch = min(over, held[challenger]) if over > 0 else 0
        bi = min(-over, held[bidder]) if over < 0 else 0
        exact = int(over == 0)
        mine = (ch if me == challenger else 0) + (bi if me == bidder else exact)
        return mine, ch + bi + exact * (self.active - 1) - mine


__all__ = ["AheadValue", "SAMPLES", "look_ahead"]
