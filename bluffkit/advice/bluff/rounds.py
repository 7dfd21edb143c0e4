"""Solved two-player Bluff rounds, read fast: the rounds shipped with bluffkit and saved files.

The 1-vs-1 rounds (board rules and OpenSpiel's ``liars_dice``) ship with bluffkit as package data,
``bluffkit/advice/bluff/data/bluff-<ruleset>-1v1.npz`` (about 100 KB each), so the first two-player
advice of a process answers in milliseconds instead of solving for a second or more. The files
have the format of ``SolvedRound.save`` (the average strategy per level of the solver's public
tree; shipped in float32, with the value and exploitability of that float32 strategy measured
exactly when it was written) and ``load_round`` reads them. This module reads the same files,
shipped or saved by ``bluffkit solve bluff``, without building the solver's tree: it imports
neither ``bluffkit.solvers`` nor scipy, so the advice stays fast (and numpy only when a round is
read: the Bluff odds and the advice for three or more players do not need it).

>>> table = round_table_from(shipped_path(1, 1, "bluff"))
>>> table.dice, table.bids[:3], len(table.rolls[0])
((1, 1), ['1x1', '1x2', '1x3'], 6)
>>> labels, rows = table.strategy_table(["1x2"])
>>> labels[:2], rows.shape, round(float(rows[2].sum()), 6)
(['1x3', '1x4'], (6, 11), 1.0)
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core import Action, InvalidQuestion
from ...core.i18n import _
from ...core.npy import NpzFile, numpy_or_none
from ...games.bluff import Bid, Challenge, count_matching, raises_of, roll_outcomes

if TYPE_CHECKING:
    import numpy as np

    from .position import Position

DATA = Path(__file__).resolve().parent / "data"
"""Where the shipped rounds are (package data)."""

SHIPPED = {((1, 1), "bluff"), ((1, 1), "openspiel")}
"""Rounds (opener dice, other dice), ruleset shipped with bluffkit."""


def shipped_path(x: int, y: int, ruleset: str = "bluff") -> Path | None:
    """The shipped file of a round, or ``None`` for a round not shipped."""
    return DATA / f"bluff-{ruleset}-{x}v{y}.npz" if ((x, y), ruleset) in SHIPPED else None


def cache_path(x: int, y: int, ruleset: str = "bluff") -> Path:
    """Where ``bluffkit solve bluff`` saves a round (``$BLUFFKIT_CACHE`` or
    ``~/.cache/bluffkit``); the same as ``bluffkit.solvers.bluff.tree.default_path``, which this
    module does not import (it would bring scipy in)."""
    base = Path(os.environ.get("BLUFFKIT_CACHE") or Path.home() / ".cache" / "bluffkit")
    return base / f"bluff-{ruleset}-{x}v{y}.npz"


def round_bids(total: int, ruleset: str) -> list[str]:
    """The bids of a round with ``total`` dice in play, in raising order, as the solver names
    them (``"1x*"``, or OpenSpiel's ``"1-6"``)."""
    if ruleset == "openspiel":
        return [f"{n}-{f}" for n in range(1, total + 1) for f in range(1, 7)]
    return [str(b) for b in raises_of(None, total)]


def bid_label(bid: Bid, ruleset: str) -> str:
    """The solver's name of a bid (OpenSpiel's ``"1-6"`` for ``1x*`` with its ruleset).

    >>> bid_label(Bid(1, 6), "openspiel"), str(label_action("1-6")), str(label_action("2x*"))
    ('1-6', '1x*', '2x*')
    """
    return f"{bid.count}-{bid.face}" if ruleset == "openspiel" else str(bid)


def label_action(label: str) -> Action:
    """The action a solver's label names (``"challenge"``, ``"1-6"``, ``"2x3"``)."""
    if label == "challenge":
        return Challenge()
    if "-" in label:
        count, face = label.split("-")
        return Bid(int(count), int(face))
    return Bid.parse(label)


def round_rolls(k: int) -> tuple[list[tuple[int, ...]], list[float]]:
    """Sorted rolls of ``k`` dice (star = 6) and their probabilities, in the solver's order
    (the engine's ``roll_outcomes``)."""
    outcomes = roll_outcomes(k)
    return [r.dice for r, _i in outcomes], [float(p) for _i, p in outcomes]


def round_matches(dice, face: int, ruleset: str) -> int:
    """Dice counting for ``face``: stars are wild for digits (OpenSpiel: the six is wild for
    every face, itself included, which is the same count)."""
    if ruleset == "openspiel":
        return sum(1 for f in dice if f == face or f == 6)
    return count_matching(tuple(dice), face)


def _starts(nb: int) -> dict[int, int]:
    """For every history (the set of its bids, as a bit mask: a history is increasing), where
    its actions start in the next level's strategy array. The solver's tree orders each level
    by parent, and each parent's children by bid, then the challenge. (Shipped files store it:
    a few milliseconds saved on the first advice.)"""
    starts: dict[int, int] = {}
    level = [(0, -1)]
    while level:
        offset, below = 0, []
        for mask, last in level:
            starts[mask] = offset
            offset += nb - 1 - last + (last >= 0)
            below.extend((mask | 1 << b, b) for b in range(last + 1, nb))
        level = below
    return starts


def two_player_round(pos: Position) -> tuple[tuple[int, int], str] | None:
    """``((opener dice, other dice), ruleset)`` of the two-player round a position is in, or
    ``None`` (more or fewer than two players holding dice, the expansion, the show phase, the
    round's bids unknown).

    >>> from bluffkit.advice.bluff import Position
    >>> two_player_round(Position("3,3,5,*", (4, 2), me=0, bid="1x4", history="1x2 1x4"))
    ((4, 2), 'bluff')
    >>> two_player_round(Position("3", (1, 2), me=0, bid="1x4")) is None  # history unknown
    True
    """
    if pos.phase != "bid" or pos.history is None or pos.rules.show_and_reroll:
        return None
    active = pos.active()
    if len(active) != 2:
        return None
    other = active[0] if active[1] == pos.me else active[1]
    opener, second = (pos.me, other) if len(pos.history) % 2 == 0 else (other, pos.me)
    ruleset = "openspiel" if pos.rules.resolution == "openspiel" else "bluff"
    return (pos.dice_held[opener], pos.dice_held[second]), ruleset


@dataclass(frozen=True)
class RoundSeat:
    """One seat's position in a two-player round and how often a strategy plays each action
    there: what :class:`~bluffkit.advice.bluff.equilibrium.EquilibriumView` (floats from CFR) and
    :class:`~bluffkit.advice.bluff.solved.SolvedView` (exact fractions) share.

    Attributes:
        dice: (opener's dice, other's dice) of the round.
        ruleset: ``"bluff"`` (board rules) or ``"openspiel"``.
        opener: True when I made (or make) the round's first bid.
        history: the round's bids so far.
        roll: my dice (sorted, star = 6).
        frequencies: every legal action (ladder order, then challenge) with its frequency.
    """

    dice: tuple[int, int]
    ruleset: str
    opener: bool
    history: tuple[str, ...]
    roll: tuple[int, ...]
    frequencies: tuple[tuple[Action, float | Fraction], ...]

    def frequency(self, action: Action | str) -> float:
        """The frequency of ``action`` (``Bid``, ``Challenge()`` or its text), a float for views.

        >>> from bluffkit.advice.bluff import Position
        >>> from bluffkit.advice.bluff.equilibrium import equilibrium_view
        >>> v = equilibrium_view(Position("*", (1, 1)))
        >>> v.frequency("1x1") + v.frequency("1x*") <= 1
        True
        """
        text = str(action)
        return float(next((p for a, p in self.frequencies if str(a) == text), 0))

    def played(self, at_least: float = 0.005) -> list[tuple[Action, float | Fraction]]:
        """The actions played at least ``at_least`` of the time, likeliest first (ties in ladder
        order)."""
        kept = [(a, p) for a, p in self.frequencies if p >= at_least]
        return sorted(kept, key=lambda ap: -ap[1])


@dataclass(frozen=True)
class RoundTable:
    """A solved round's strategy, readable by bid history, without the solver's tree.

    Attributes:
        dice: (opener's dice, other's dice).
        ruleset: ``"bluff"`` or ``"openspiel"``.
        bids: the round's bids in raising order.
        rolls: each player's possible rolls (opener first).
        chance: their probabilities.
        value: the round's value to the opener (``2 V - 1``).
        exploitability: of the strategy (OpenSpiel's convention, round payoff units).
        iterations: CFR iterations behind it.
        path: the file it was read from.
    """

    dice: tuple[int, int]
    ruleset: str
    bids: list[str]
    rolls: tuple[list[tuple[int, ...]], list[tuple[int, ...]]]
    chance: tuple[list[float], list[float]]
    value: float
    exploitability: float
    iterations: int
    path: Path
    levels: list
    starts: dict | np.ndarray

    def strategy_table(self, history: list[str]) -> tuple[list[str], Any]:
        """The actions after ``history`` (bids, then ``"challenge"``) and their equilibrium
        probabilities: one row per roll of the player to move (``rolls`` order), as
        ``SolvedRound.strategy_table`` (a numpy array, or lists without numpy)."""
        mask, last = 0, -1
        for text in history:
            if text not in self.bids:
                raise InvalidQuestion(_("{text} is not a bid of this round", text=text))
            b = self.bids.index(text)
            if b <= last:
                raise InvalidQuestion(_("{text} does not raise {bids}",
                                        text=text, bids=self.bids[last]))
            mask, last = mask | 1 << b, b
        depth, start = len(history), int(self.starts[mask])
        labels = self.bids[last + 1:] + (["challenge"] if depth else [])
        rows = self.levels[depth + 1][start:start + len(labels)]
        return labels, [list(r) for r in zip(*rows)] if isinstance(rows, list) else rows.T


def round_table_from(path) -> RoundTable:
    """Read a round saved by ``SolvedRound.save`` or shipped with bluffkit.

    Raises:
        InvalidQuestion: if the file is not such a round.
    """
    np = numpy_or_none()  # here, not at the top: only a two-player round needs it
    try:
        with np.load(path) if np else NpzFile(path) as data:
            x, y = (int(d) for d in data["dice"])
            ruleset = str(data["ruleset"])
            bids = round_bids(x + y, ruleset)
            names = [f"level{i}" for i in range(1, len(bids) + 2)]
            levels = [None] + [data[n] for n in names if n in data.files]
            figures = (float(data["value"]), float(data["exploitability"]),
                       int(data["iterations"]))
            stored = data["starts"] if "starts" in data.files else None
    except (OSError, KeyError, ValueError, TypeError, EOFError, zipfile.BadZipFile) as e:
        raise InvalidQuestion(_("{path} is not a strategy saved by bluffkit ({e})",
                                path=path, e=e)) from None
    (r0, p0), (r1, p1) = round_rolls(x), round_rolls(y)
    starts = _starts(len(bids)) if stored is None else stored
    if len(levels) != len(bids) + 2 or (len(levels[1]), len(levels[1][0])) != (len(bids),
                                                                                 len(r0)):
        raise InvalidQuestion(_("{path} does not hold a whole round of {x} against {y} dice",
                                path=path, x=x, y=y))
    return RoundTable((x, y), ruleset, bids, (r0, r1), (p0, p1), *figures, Path(path), levels,
                      starts)


def write_shipped(solved, path) -> tuple[float, float]:
    """Write a ``SolvedRound`` as a shipped file: its strategy in float32 (half the size), with
    the value and exploitability of that float32 strategy measured again exactly by the solver.
    The file also stores ``starts`` (see ``_starts``), checked against the solver's tree.
    Returns (value, exploitability) as written. Used by ``scripts/ship_bluff_rounds.py``."""
    import numpy as np

    from ...solvers.cfr import CFRSolver

    average = [None] + [a.astype(np.float32) for a in solved.average[1:]]
    value, expl = CFRSolver(solved.tree).evaluate(
        [None] + [a.astype(np.float64) for a in average[1:]])
    keys = sorted(solved.match_values)
    nb = len(solved.info.bids)
    starts = np.full(2**nb, -1, dtype=np.int32)
    for mask, start in _starts(nb).items():
        starts[mask] = start
        history = [solved.info.bids[b] for b in range(nb) if mask >> b & 1]
        labels, table = solved.strategy_table(history)
        assert np.array_equal(average[len(history) + 1][start:start + len(labels)].T,
                              table.astype(np.float32)), history
    np.savez_compressed(
        path, dice=np.array(solved.info.dice), ruleset=solved.info.ruleset, value=value,
        exploitability=expl, iterations=solved.iterations, seconds=solved.seconds,
        match_keys=np.array(keys, dtype=int).reshape(-1, 2),
        match_values=np.array([solved.match_values[k] for k in keys], dtype=float),
        starts=starts, **{f"level{i}": a for i, a in enumerate(average) if i})
    return value, expl


__all__ = ["DATA", "SHIPPED", "RoundSeat", "RoundTable", "cache_path", "round_bids",
           "round_matches", "round_rolls", "round_table_from", "shipped_path", "two_player_round",
           "write_shipped"]
