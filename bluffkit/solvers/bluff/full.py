"""Two-player Bluff at every size up to 5 dice against 5: rounds with imperfect recall, the match
by backward induction, and the solved strategies in one compact file.

Each round (opener ``x`` dice against ``y``) is solved in the abstraction of
``bluffkit.solvers.bluff.recall`` (a player remembers the last ``k`` bids) with the match values
of the positions a challenge can leave as payoffs, from the fewest dice up, as
``bluffkit.solvers.bluff.tree.solve_match`` does with perfect recall. ``V(x, y)``, the
probability that the opener of an ``x`` against ``y`` round wins the match, is then
``(value + 1) / 2`` with ``value`` the round's value when both play the solved strategies.

``save_match`` writes every round's average strategy quantised to bytes (``round(255 p)``, or
``round(15 p)`` from 7 dice in play; renormalised when read) in one LZMA-compressed ``.npz``,
in pieces of ``CHUNK`` bytes each compressed apart, with the figures of each round *as stored*:
the quantised strategy's value and exploitability are measured again after quantising.
"""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...core import InvalidQuestion
from .recall import RecallGame, RecallSolution, RecallSolver, abstract_exploitability


def real_measurable(x: int, y: int) -> bool:
    """Whether the real round's exploitability is measured: at most 4 dice in play and at most
    2 dice a side (1 v 3 has 56 rolls a side: 3.8 GB an array, too much beside a solve)."""
    return x + y <= 4 and max(x, y) <= 2

DEFAULT_K = {2: 4, 3: 4, 4: 3, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}
"""Bids remembered by dice in play, for the shipped strategies (``benchmarks/bluff_abstract.py``
measures the cost: all 25 rounds in about 12 minutes on a 2-core machine). Remembering a single
bid from 7 dice on lost 5 v 5 matches to the advice bot (42%); two bids win 62-65%."""


def default_k(x: int, y: int) -> int:
    """Bids remembered in the round ``x`` v ``y``: 4 where the real round is measured (2 v 2
    remembering 3 bids is exploitable by 0.024, by 0.008 with 4), else ``DEFAULT_K`` (1 v 3 and
    3 v 1 stay at 3: with 56 rolls a side, 4 bids would add 2 MB to the package)."""
    return 4 if real_measurable(x, y) else DEFAULT_K[x + y]


def positions(max_dice: int = 5) -> list[tuple[int, int]]:
    """Every (opener dice, other dice) up to ``max_dice`` each, fewest dice in play first."""
    return sorted(((x, y) for x in range(1, max_dice + 1) for y in range(1, max_dice + 1)),
                  key=lambda p: (p[0] + p[1], p))


@dataclass
class FullMatch:
    """Solved rounds and ``win[(x, y)]``: P(the opener of an x-against-y round wins the match)."""

    win: dict[tuple[int, int], float]
    rounds: dict[tuple[int, int], RecallSolution]
    seconds: float

    def p_win(self, mine: int, yours: int, opener: bool) -> float:
        """P(I win the match) holding ``mine`` dice against ``yours``, opening or not."""
        return self.win[(mine, yours)] if opener else 1 - self.win[(yours, mine)]


def solve_full(max_dice: int = 5, k: int | Callable[[int, int], int] | None = None,
               iterations: int | Callable[[int, int], int] = 200,
               progress: Callable | None = None, measure_real: bool = True) -> FullMatch:
    """Solve every round up to ``max_dice`` each, by backward induction.

    Args:
        k: bids remembered, a number or a function of (x, y); default :func:`default_k`.
        iterations: FSICFR iterations per round (a number or a function of (x, y)).
        progress: called as ``progress((x, y), iteration, seconds, exploitability)``.
        measure_real: measure the exploitability in the real game where it can be enumerated.
    """
    if not 1 <= max_dice <= 5:
        raise InvalidQuestion(f"max_dice must be 1-5, got {max_dice}")
    k_of = k if callable(k) else (lambda x, y: k) if k is not None else default_k
    its = iterations if callable(iterations) else (lambda x, y: iterations)
    win: dict[tuple[int, int], float] = {}
    rounds: dict[tuple[int, int], RecallSolution] = {}
    start = time.perf_counter()
    for x, y in positions(max_dice):
        game = RecallGame(x, y, k_of(x, y), _lookup(dict(win)))
        n = its(x, y)
        report = (lambda *a, pos=(x, y): progress(pos, *a)) if progress else None
        solved = RecallSolver(game).solve(n, check_every=max(1, n // 4), progress=report)
        if measure_real and real_measurable(x, y):
            solved.measure_real()
        rounds[(x, y)] = solved
        win[(x, y)] = (solved.value + 1) / 2
    return FullMatch(win, rounds, time.perf_counter() - start)


def _lookup(values: dict) -> Callable[[int, int], float]:
    return lambda a, b: values[(a, b)]


# -- compact storage ------------------------------------------------------------------------------
LEVELS = 255
"""Frequencies are stored as round(255 p) in one byte ..."""
COARSE = 15
"""... or as round(15 p) in the rounds with 7 dice or more in play (their strategies, remembering
2 bids with 126-252 rolls a side, are most of the file: 4.5 MB instead of 12 MB; their strength
against the advice bot, measured with the coarse frequencies, is unchanged)."""


def levels_of(x: int, y: int) -> int:
    """The levels the frequencies of round ``x`` v ``y`` are stored with."""
    return LEVELS if x + y <= 6 else COARSE


def quantise(strategy: list, levels: int = LEVELS) -> np.ndarray:
    """One byte per frequency, ``round(levels p)``, blocks concatenated."""
    return np.concatenate([np.rint(s.ravel() * levels) for s in strategy]).astype(np.uint8)


def dequantise(data: np.ndarray, shapes: list[tuple[int, ...]]) -> list[np.ndarray]:
    """The strategy back from ``quantise`` (each decision renormalised; uniform if all zero)."""
    out, offset = [], 0
    for shape in shapes:
        size = int(np.prod(shape))
        w = data[offset:offset + size].astype(np.float64).reshape(shape)
        total = w.sum(axis=1, keepdims=True)
        out.append(np.where(total > 0, w / np.where(total > 0, total, 1), 1 / shape[1]))
        offset += size
    return out


def save_match(match: FullMatch, path) -> dict:
    """Write the match to ``path`` (``.npz``); returns the stored figures per round, measured
    on the quantised strategies."""
    arrays: dict[str, np.ndarray] = {}
    figures = {}
    for (x, y), solved in sorted(match.rounds.items()):
        game = solved.game
        data = quantise(solved.strategy, levels_of(x, y))
        stored = dequantise(data, [s.shape for s in solved.strategy])
        value, abstract = abstract_exploitability(game, stored)
        real = np.nan
        if real_measurable(x, y) and solved.exploitability is not None:
            from .masks import exploitability_of_recall

            real = exploitability_of_recall(game, stored)
        figures[(x, y)] = {"k": game.k, "iterations": solved.iterations, "value": value,
                           "abstract_exploitability": abstract, "exploitability": real,
                           "seconds": solved.seconds}
        arrays |= chunks(f"strategy_{x}v{y}", data)
        arrays[f"figures_{x}v{y}"] = np.array(
            [game.k, solved.iterations, value, abstract, real, solved.seconds])
    keys = sorted(match.win)
    _save_lzma(path, format=np.array(2), levels=np.array(LEVELS), chunk=np.array(CHUNK),
               win_keys=np.array(keys, dtype=np.int64),
               win=np.array([match.win[key] for key in keys]), **arrays)
    return figures


CHUNK = 1 << 18
"""Bytes of a round's stored strategy per member of the file (``strategy_5v5.000``, ``.001``,
...), each compressed apart: a reader unpacks only the pieces holding the states it is asked
about. Unpacking 5 v 5's 18 MB whole took 0.1 s in CPython and 0.3 s in Pyodide for a piece of
advice that reads a few kB; one piece of 256 kB takes 0.5 ms here, and the file grows from 4.54
to 4.78 MB (64 kB pieces: 5.33 MB)."""


def chunks(name: str, data: np.ndarray) -> dict[str, np.ndarray]:
    """``data`` (one dimension) as the members ``name.000``, ``name.001``, ... of ``CHUNK``
    bytes each (the last one shorter)."""
    return {f"{name}.{i // CHUNK:03d}": data[i:i + CHUNK] for i in range(0, len(data), CHUNK)}


def _save_lzma(path, **arrays: np.ndarray) -> None:
    """``np.savez_compressed`` with LZMA instead of deflate (a third smaller here); ``np.load``
    reads it as any ``.npz``."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_LZMA) as z:
        for name, a in arrays.items():
            buffer = io.BytesIO()
            np.save(buffer, a, allow_pickle=False)
            z.writestr(name + ".npy", buffer.getvalue())


__all__ = ["CHUNK", "COARSE", "DEFAULT_K", "FullMatch", "chunks", "default_k", "dequantise",
           "levels_of", "positions", "quantise", "real_measurable", "save_match", "solve_full"]
