"""The solved two-player Bluff strategies for every size up to 5 dice against 5, read fast.

They ship with bluffkit (``bluffkit/advice/bluff/data/bluff-abstract.npz``, one byte per frequency;
``benchmarks/bluff_abstract.py`` computes them again): for each round, opener ``x`` dice against
``y`` (1-5 each), an approximate equilibrium of the round in which **a player remembers their
dice, both dice counts, whether they opened, and only the last k bids** (``k`` by size, stored
with each round), found by fixed-strategy iteration CFR (``bluffkit.solvers.bluff.recall``),
the round's payoffs being the chances of winning the match from the dice left.

``load_strategy(opener_dice, other_dice)`` gives a ``RoundStrategy``; ``policy(roll, counts,
history)`` answers "what does the equilibrium do holding ``roll`` with ``counts = (my dice,
your dice)`` after ``history``" for the player to move. This module reads the file with numpy
when it imports (no solver, no scipy), else with ``core.npy`` (the same numbers, in lists).

>>> s = load_strategy(1, 1)
>>> s.dice, s.k, len(s.bids)
((1, 1), 4, 12)
>>> freq = policy((6,), (1, 1), [])
>>> round(sum(freq.values()), 6), "challenge" in freq
(1.0, False)
"""

from __future__ import annotations

import math
import zipfile
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from ...core import InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _, _n
from ...core.npy import NpzFile, numpy_or_none
from ...games.bluff import Bid, parse_dice, raises_of, roll_outcomes
from ...solvers.bluff.recall_states import block_layout, block_of

DATA = Path(__file__).resolve().parent / "data" / "bluff-abstract.npz"
"""The shipped strategies."""


@dataclass(frozen=True)
class RoundFigures:
    """What a stored round is and how good it is.

    Attributes:
        k: bids remembered.
        iterations: FSICFR iterations.
        value: the round's value to the opener (+1 win, -1 loss) when both play it.
        abstract_exploitability: what a responder remembering the same gains (a lower bound
            on the best such responder; mean of the two players, OpenSpiel's convention).
        exploitability: in the real game (perfect recall, exact best response), measured for
            rounds with at most 4 dice in play; ``None`` elsewhere.
        seconds: solving time.
    """

    k: int
    iterations: int
    value: float
    abstract_exploitability: float
    exploitability: float | None
    seconds: float

    concept = ("approximate Nash equilibrium of the round with imperfect recall (the last k "
               "bids), by fixed-strategy iteration CFR")

    @property
    def measured(self) -> str:
        if self.exploitability is None:
            return ("within the abstraction only (the real round has too many bid histories "
                    "to enumerate)")
        return "exact best response in the real round (every bid history)"


class RoundStrategy:
    """One solved round: the equilibrium's frequencies by roll and bid history."""

    def __init__(self, x: int, y: int, data: StoredPieces, figures, path: Path):
        """``data``: the stored bytes, read piece by piece."""
        k, its, value, abstract, real, seconds = figures
        self.dice, self.path = (x, y), path
        self.figures = RoundFigures(int(k), int(its), float(value), float(abstract),
                                    None if math.isnan(real) else float(real), float(seconds))
        self.k = int(k)
        self.bids = [str(b) for b in raises_of(None, x + y)]
        self.rolls = tuple([r.dice for r, _p in roll_outcomes(n)] for n in (x, y))
        self.chance = tuple([float(p) for _r, p in roll_outcomes(n)] for n in (x, y))
        self._layout = block_layout(len(self.bids), self.k)
        self._data = data
        self._tables: dict = {}  # numpy: the frequencies, by block, once asked for
        size = sum(t * len(r) for t, r in zip(self._layout.total, self.rolls))
        if not data.holds(size):
            raise InvalidQuestion(_("{path}: the stored strategy of {x} v {y} does not fit its "
                                    "states", path=path, x=x, y=y))

    def _stored(self, g: int) -> tuple[int, tuple[int, int, int]]:
        """Where block ``g``'s weights start, and their shape (parent states, actions, rolls)."""
        mover, _seen, last, parents, before0, before1 = self._layout.blocks[g]
        nb, rolls = len(self.bids), [len(r) for r in self.rolls]
        shape = (parents, nb - last - 1 + (last >= 0), rolls[mover])
        return before0 * rolls[0] + before1 * rolls[1], shape

    def _weights(self, g: int, row: int):
        """The stored weights of block ``g``'s parent state ``row``: one row per roll (numpy's
        array, or lists without numpy)."""
        offset, (_parents, actions, rolls) = self._stored(g)
        start = offset + row * actions * rolls
        block = self._data[start:start + actions * rolls]
        if isinstance(block, bytes):
            return [list(block[r::rolls]) for r in range(rolls)]
        return block.reshape(actions, rolls).T

    def _table(self, g: int):
        """Block ``g``'s frequencies with numpy, normalised when first asked for (all of 5 v 5
        at once would be 18 million numbers, most never read by one piece of advice)."""
        if g not in self._tables:
            np = numpy_or_none()
            offset, shape = self._stored(g)
            w = self._data[offset:offset + math.prod(shape)].reshape(shape).astype(np.float64)
            total = w.sum(axis=1, keepdims=True)
            self._tables[g] = np.where(total > 0, w / np.where(total > 0, total, 1),
                                       1 / w.shape[1])
        return self._tables[g]

    def _history(self, history) -> list[int]:
        out, last = [], -1
        for text in history:
            try:
                bid = self.bids.index(str(Bid.parse(str(text))))
            except ValueError:
                raise InvalidQuestion(_("{text} is not a bid with {n} dice in play", text=text,
                                        n=sum(self.dice))) from None
            if bid <= last:
                raise InvalidQuestion(_("{text} does not raise {bid}", text=text,
                                        bid=self.bids[last]))
            out.append(bid)
            last = bid
        return out

    def _row(self, bids: list[int]) -> tuple[int, int]:
        """The block and row of the state a history of bid indices reaches."""
        block, row = block_of(bids, self.k)
        return self._layout.index[block], row

    def strategy_table(self, history) -> tuple[list[str], Any]:
        """The actions after ``history`` (bids, then ``"challenge"`` once there is a bid) and
        their frequencies: one row per roll of the player to move (``rolls[player]`` order; a
        numpy array, or lists of floats without numpy)."""
        bids = self._history(history)
        g, row = self._row(bids)
        labels = self.bids[self._layout.blocks[g][2] + 1:] + (["challenge"] if bids else [])
        if self._data.numpy:
            return labels, self._table(g)[row].T
        return labels, [_shares(r) for r in self._weights(g, row)]

    def weights_table(self, history) -> tuple[list[str], Any]:
        """The stored whole-number weights behind ``strategy_table``: one row per roll of the
        player to move, each frequency being its weight over the row's total (a row stored
        all zero, a state the solver never reached, counts as uniform: all ones; a numpy array,
        or lists without numpy). Exact
        fractions of the stored numbers come from these."""
        bids = self._history(history)
        g, row = self._row(bids)
        labels = self.bids[self._layout.blocks[g][2] + 1:] + (["challenge"] if bids else [])
        rows = self._weights(g, row)
        if isinstance(rows, list):
            return labels, [r if any(r) else [1] * len(r) for r in rows]
        rows = rows.astype("int64")
        rows[rows.sum(axis=1) == 0] = 1
        return labels, rows

    def frequencies(self, roll, history) -> dict[str, float]:
        """The equilibrium frequency of each action for the player to move after ``history``
        holding ``roll`` (faces 1-5, star 6 or ``*``)."""
        player = len(history) % 2
        dice = parse_dice(roll) if isinstance(roll, str) else tuple(sorted(roll))
        if dice not in self.rolls[player]:
            raise InvalidQuestion(_n("the player to move holds {n} die, not {got}",
                                     "the player to move holds {n} dice, not {got}",
                                     self.dice[player], got=len(dice)))
        labels, table = self.strategy_table(history)
        return dict(zip(labels, map(float, table[self.rolls[player].index(dice)])))


def _shares(row) -> list[float]:
    """A row of whole-number weights as frequencies (equal ones where every weight is 0)."""
    total = sum(row)
    return [w / total for w in row] if total else [1 / len(row)] * len(row)


@cache
def _file(path: Path):
    np = numpy_or_none()
    try:
        return np.load(path) if np else NpzFile(path)
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise InvalidQuestion(_("{path} is not bluffkit's solved strategies ({e})", path=path,
                                e=e)) from None


class StoredPieces:
    """A round's stored bytes, kept in the file as pieces of ``chunk`` bytes compressed apart
    (``strategy_5v5.000``, ``.001``, ...; ``solvers.bluff.full.chunks``): a slice unpacks only
    the pieces it covers, and the last few pieces read stay unpacked. 5 v 5 is 18 MB, which
    LZMA took 0.1 s (0.3 s in Pyodide) to unpack whole, of which one piece of advice reads a
    few kB. A slice is numpy's array where numpy imports, else ``bytes``."""

    def __init__(self, path: Path, name: str):
        data = _file(path)
        self.path, self.name, self.numpy = path, name, numpy_or_none() is not None
        self.chunk = int(data["chunk"])
        self.count = sum(f.startswith(f"{name}.") for f in data.files)

    def holds(self, size: int) -> bool:
        """Whether the pieces are as many as ``size`` bytes make."""
        return self.count == -(-size // self.chunk)

    def __getitem__(self, where: slice):
        first, last = where.start // self.chunk, (where.stop - 1) // self.chunk
        parts = [_piece(self.path, self.name, i) for i in range(first, last + 1)]
        start, stop = where.start - first * self.chunk, where.stop - first * self.chunk
        if len(parts) == 1:
            return parts[0][start:stop]
        if self.numpy:
            return numpy_or_none().concatenate(parts)[start:stop]
        return b"".join(parts)[start:stop]


@lru_cache(maxsize=32)
def _piece(path: Path, name: str, i: int):
    """Piece ``i`` of the stored array ``name`` (at most 32 kept: 8 MB)."""
    piece = _file(path)[f"{name}.{i:03d}"]
    if not isinstance(piece, bytes):
        piece.flags.writeable = False  # shared by every reader: a view of it stays read-only
    return piece


@cache
def load_strategy(opener_dice: int, other_dice: int, path: Path = DATA) -> RoundStrategy:
    """The solved round where the opener holds ``opener_dice`` and the other ``other_dice``."""
    for n in (opener_dice, other_dice):
        if not is_whole(n, 1, 5):
            raise InvalidQuestion(_("each player holds 1-5 dice for the solved strategies, got "
                                    "{a} and {b}", a=opener_dice, b=other_dice))
    data = _file(Path(path))
    key = f"{opener_dice}v{other_dice}"
    if f"strategy_{key}.000" not in data.files:
        raise InvalidQuestion(_("{path} has no solved round {a} v {b}", path=path,
                                a=opener_dice, b=other_dice))
    return RoundStrategy(opener_dice, other_dice, StoredPieces(Path(path), f"strategy_{key}"),
                         data[f"figures_{key}"], Path(path))


def policy(roll, counts: tuple[int, int], history=()) -> dict[str, float]:
    """What the equilibrium does for the player to move: holding ``roll``, with ``counts`` =
    (my dice, your dice), after the round's bids ``history`` (I opened if it has an even
    length)."""
    mine, yours = counts
    opener = len(history) % 2 == 0
    strategy = load_strategy(mine, yours) if opener else load_strategy(yours, mine)
    return strategy.frequencies(roll, list(history))


def match_table(path: Path = DATA) -> dict[tuple[int, int], float]:
    """P(the opener of an x-against-y round wins the match), for every x, y up to 5."""
    data = _file(Path(path))
    return {(int(a), int(b)): float(w) for (a, b), w in zip(data["win_keys"], data["win"])}


__all__ = ["DATA", "RoundFigures", "RoundStrategy", "StoredPieces", "load_strategy", "match_table",
           "policy"]
