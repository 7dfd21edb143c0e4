"""Two-player Bluff rounds as public trees for CFR, and the match by backward induction.

A round: the opener holds ``x`` dice, the other ``y``; both roll; bids climb the board's ladder
(up to the dice in play), stars wild for digit bids; each player in turn raises or challenges.
With perfect recall, a public node is the sequence of bids so far (an increasing sequence, so a
subset of the ladder) and an information set is (that sequence, my roll).

The round's payoff is taken from the value of what follows: the challenge's three outcomes give
new dice counts and a new opener, worth ``V`` (the probability the opener of that round wins the
match), so a round's payoff to its opener is ``2 V(next) - 1`` (zero-sum). ``solve_match`` solves
the rounds from the fewest dice up.

The ``openspiel`` ruleset is OpenSpiel's ``liars_dice``: bids ordered by quantity then face
(1-1 ... 1-6, 2-1 ...), the six wild, a challenged bid stands when at least its quantity
matches, and the payoff is +1/-1.

>>> tree, info = round_tree(1, 1)
>>> info.bids[:3], len(info.bids), tree.size
(['1x1', '1x2', '1x3'], 12, 8191)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

import numpy as np

from ...core import InvalidQuestion
from ...core.i18n import _
from ...games.bluff import Bid, all_bids, count_matching, face_text
from ..cfr import Level, PublicTree

RULESETS = ("bluff", "openspiel")


@dataclass
class RoundInfo:
    """How to read a round tree: bids in order, private rolls, and each node's history."""

    dice: tuple[int, int]
    ruleset: str
    bids: list[str]
    rolls: tuple[list[tuple[int, ...]], list[tuple[int, ...]]]
    last_bid: list[np.ndarray]  # per level: index of the node's last bid (-1 root/challenge)


def rolls(k: int) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Sorted rolls of ``k`` dice and their probabilities."""
    out, probs = [], []
    for dice in combinations_with_replacement(range(1, 7), k):
        ways = math.factorial(k)
        for c in Counter(dice).values():
            ways //= math.factorial(c)
        out.append(dice)
        probs.append(ways / 6**k)
    return out, np.array(probs)


def ladder_bids(total: int, ruleset: str) -> list[tuple[int, int]]:
    """(count, face) bids in raising order for ``total`` dice in play."""
    if ruleset == "openspiel":
        return [(n, f) for n in range(1, total + 1) for f in range(1, 7)]
    return [(b.count, b.face) for b in all_bids(total)]


def bid_text(count: int, face: int, ruleset: str) -> str:
    return f"{count}-{face}" if ruleset == "openspiel" else str(Bid(count, face))


def matches(dice: tuple[int, ...], face: int, ruleset: str) -> int:
    if ruleset == "openspiel":
        return sum(1 for f in dice if f == face or f == 6)
    return count_matching(dice, face)


def round_tree(x: int, y: int, value: Callable[[int, int], float] | None = None,
               ruleset: str = "bluff") -> tuple[PublicTree, RoundInfo]:
    """The public tree of one round: opener (player 0) with ``x`` dice against ``y``.

    Args:
        value: ``V(a, b)``, the probability that the opener of a round with ``a`` dice against
            ``b`` wins the match (needed once a round can leave both players with dice).
        ruleset: ``"bluff"`` (the board's ladder, three outcomes, |A-B| dice lost) or
            ``"openspiel"`` (OpenSpiel's liars_dice: +1/-1 payoff).
    """
    if ruleset not in RULESETS:
        raise InvalidQuestion(_("ruleset must be one of {rulesets}, got {ruleset}",
                                rulesets=RULESETS, ruleset=repr(ruleset)))
    if not (1 <= x <= 5 and 1 <= y <= 5):
        raise InvalidQuestion(_("each player needs 1-5 dice, got {x} and {y}", x=x, y=y))
    total = x + y
    if total > 4:
        raise InvalidQuestion(_("{total} dice in play: the perfect-recall tree has 2^(bids) nodes "
                                "and is too large beyond 4 dice", total=total))
    bids, (r0, r1), util = round_utilities(x, y, value, ruleset)
    nb = len(bids)
    levels, last = [Level(0, [-1], [-1])], [np.array([-1])]
    while True:
        prev, prev_last = levels[-1], last[-1]
        dec = prev.decision
        if dec.size == 0:
            break
        lb = prev_last[dec]
        n_raise = nb - 1 - lb
        n_child = n_raise + (lb >= 0)
        parent = np.repeat(dec, n_child)
        within = np.arange(n_child.sum()) - np.repeat(np.cumsum(n_child) - n_child, n_child)
        is_raise = within < np.repeat(n_raise, n_child)
        child_bid = np.where(is_raise, np.repeat(lb, n_child) + 1 + within, -1)
        challenger = prev.player
        kind = np.where(is_raise, -1, 2 * np.repeat(lb, n_child) + challenger)
        levels.append(Level(1 - prev.player, parent, kind))
        last.append(child_bid)
    info = RoundInfo((x, y), ruleset, [bid_text(c, f, ruleset) for c, f in bids], (r0, r1),
                     last)
    return PublicTree((len(r0), len(r1)), levels, util,
                      ([_roll_text(d) for d in r0], [_roll_text(d) for d in r1])), info


def round_utilities(x: int, y: int, value: Callable[[int, int], float] | None = None,
                    ruleset: str = "bluff"):
    """The round's bids ``(count, face)`` in raising order, both players' rolls, and the
    challenge payoffs to the opener: ``util[2 * bid + challenger]`` is a matrix over (opener's
    roll, other's roll), weighted by the chance of the two rolls."""
    bids = ladder_bids(x + y, ruleset)
    r0, p0 = rolls(x)
    r1, p1 = rolls(y)
    util = np.zeros((2 * len(bids), len(r0), len(r1)))
    chance = np.outer(p0, p1)
    for b, (count, face) in enumerate(bids):
        m0 = np.array([matches(d, face, ruleset) for d in r0])
        m1 = np.array([matches(d, face, ruleset) for d in r1])
        a = m0[:, None] + m1[None, :]
        for challenger in (0, 1):
            by_count = np.array([challenge_payoff(n, count, challenger, x, y, value, ruleset)
                                 if n in a else 0.0 for n in range(x + y + 1)])
            util[2 * b + challenger] = chance * by_count[a]
    return bids, (r0, r1), util


def _roll_text(dice) -> str:
    return ",".join(face_text(f) if f != 6 else "*" for f in dice)


def challenge_payoff(a: int, b: int, challenger: int, x: int, y: int, value, ruleset: str) -> float:
    """Payoff to the opener (player 0) when ``challenger`` doubts a bid of ``b`` with ``a``."""
    bidder = 1 - challenger
    if ruleset == "openspiel":
        winner = bidder if a >= b else challenger
        return 1.0 if winner == 0 else -1.0
    lost = [0, 0]
    if b < a:
        lost[challenger] = a - b
    elif b == a:
        lost[challenger] = 1
    else:
        lost[bidder] = b - a
    winner = challenger if b > a else bidder
    left = (max(x - lost[0], 0), max(y - lost[1], 0))
    if left[1] == 0:
        return 1.0
    if left[0] == 0:
        return -1.0
    if value is None:
        raise InvalidQuestion(_("the round can end at {left}: pass value(a, b) for that position",
                                left=left))
    # V is from the next opener's seat; turn it into player 0's chance of winning the match.
    w0 = value(*left) if winner == 0 else 1 - value(left[1], left[0])
    return 2 * w0 - 1


# -- solved rounds and the match -------------------------------------------------------------------
@dataclass
class SolvedRound:
    """An equilibrium (average CFR strategy) of one round, readable by bid history and roll."""

    tree: PublicTree
    info: RoundInfo
    average: list
    value: float  # to the opener, in round payoff units (2 V - 1)
    exploitability: float
    iterations: int
    seconds: float

    def node(self, history: list[str]) -> int:
        """Index, within its level, of the public node reached by the bids ``history``."""
        index, last = 0, -1
        for depth, text in enumerate(history):
            bid = self._bid_index(text)
            if bid <= last:
                raise InvalidQuestion(_("{text} does not raise {bids}",
                                        text=text, bids=self.info.bids[last]))
            level = self.tree.levels[depth]
            starts = self.tree._segments[depth + 1][0]
            slot = np.searchsorted(level.decision, index)
            index, last = int(starts[slot] + bid - (last + 1)), bid
        return index

    def _bid_index(self, text: str) -> int:
        key = text if self.info.ruleset == "openspiel" else str(Bid.parse(text))
        if key not in self.info.bids:
            raise InvalidQuestion(_("{text} is not a bid of this round: {join}",
                                    text=text, join=', '.join(self.info.bids)))
        return self.info.bids.index(key)

    def strategy_table(self, history: list[str]) -> tuple[list[str], np.ndarray]:
        """The actions after ``history`` (bids, then "challenge") and a matrix of their
        equilibrium probabilities: one row per roll of the player to move, in
        ``info.rolls[player]`` order."""
        depth = len(history)
        parent = self.node(history)
        level = self.tree.levels[depth]
        starts, counts = self.tree._segments[depth + 1][:2]
        slot = np.searchsorted(level.decision, parent)
        last = self.info.last_bid[depth][parent]
        labels = self.info.bids[last + 1:] + (["challenge"] if depth else [])
        return labels, self.average[depth + 1][starts[slot]:starts[slot] + counts[slot]].T

    def strategy(self, history: list[str], roll) -> dict[str, float]:
        """Equilibrium probabilities of each action (bids, then "challenge") for the player to
        move after ``history`` holding ``roll`` (a sorted tuple of faces, star = 6)."""
        player = self.tree.levels[len(history)].player
        rolls = self.info.rolls[player]
        roll = tuple(sorted(roll))
        if roll not in rolls:
            raise InvalidQuestion(_("player {player} holds {dice} dice, not {roll}",
                                    player=player, dice=self.info.dice[player], roll=roll))
        labels, table = self.strategy_table(history)
        return dict(zip(labels, map(float, table[rolls.index(roll)])))

    match_values: dict = field(default_factory=dict)
    """V(a, b) of the smaller positions this round's payoffs were taken from."""

    def save(self, path) -> None:
        """Write the strategy and its figures to a ``.npz`` file (see ``load_round``)."""
        keys = sorted(self.match_values)
        np.savez_compressed(
            path, dice=np.array(self.info.dice), ruleset=self.info.ruleset,
            value=self.value, exploitability=self.exploitability, iterations=self.iterations,
            seconds=self.seconds, match_keys=np.array(keys, dtype=int).reshape(-1, 2),
            match_values=np.array([self.match_values[k] for k in keys], dtype=float),
            **{f"level{i}": a for i, a in enumerate(self.average) if i})


def solve_round(x: int, y: int, value=None, ruleset: str = "bluff", target: float = 1e-3,
                iterations: int | None = None, variant: str = "dcfr", progress=None,
                check_every: int = 10, max_seconds: float | None = None) -> SolvedRound:
    """Solve one round to exploitability ``target`` (or for ``iterations``), stopping after
    ``max_seconds`` if given (then the exploitability reached may be above ``target``)."""
    from ..cfr import CFRSolver

    values = dict(value) if isinstance(value, dict) else {}
    if isinstance(value, dict):
        value = _lookup(values)
    elif value is not None:  # remember the values the payoffs used, for saving
        for a in range(1, x + 1):
            for b in range(1, y + 1):
                if a + b < x + y:
                    values[(a, b)] = value(a, b)
                    values[(b, a)] = value(b, a) if (b, a) != (a, b) else values[(a, b)]
    tree, info = round_tree(x, y, value, ruleset)
    result = CFRSolver(tree, variant).solve(iterations, target, check_every=check_every,
                                            max_seconds=max_seconds, progress=progress)
    return SolvedRound(tree, info, result.average, result.value, result.exploitability,
                       result.iterations, result.history[-1][1], values)


def _lookup(values: dict) -> Callable[[int, int], float]:
    """``V(a, b)`` read from a dict keyed by ``(a, b)`` (the form ``round_tree`` calls)."""
    return lambda a, b: values[(a, b)]


def load_round(path) -> SolvedRound:
    """Read a round saved by ``SolvedRound.save`` (rebuilding its tree and payoffs)."""
    try:
        data = np.load(path)
        x, y = (int(d) for d in data["dice"])
        ruleset = str(data["ruleset"])
        values = {tuple(int(v) for v in k): float(w)
                  for k, w in zip(data["match_keys"], data["match_values"])}
    except (OSError, KeyError, ValueError) as e:
        raise InvalidQuestion(_("{path} is not a strategy saved by bluffkit ({e})",
                                path=path, e=e)) from None
    tree, info = round_tree(x, y, _lookup(values) if values else None, ruleset)
    average = [None] + [data[f"level{i}"] for i in range(1, len(tree.levels))]
    return SolvedRound(tree, info, average, float(data["value"]), float(data["exploitability"]),
                       int(data["iterations"]), float(data["seconds"]), values)


def default_path(x: int, y: int, ruleset: str = "bluff"):
    """Where ``bluffkit solve bluff`` saves a round and the advice looks for it:
    ``$BLUFFKIT_CACHE`` or ``~/.cache/bluffkit``."""
    import os
    from pathlib import Path

    base = Path(os.environ.get("BLUFFKIT_CACHE") or Path.home() / ".cache" / "bluffkit")
    return base / f"bluff-{ruleset}-{x}v{y}.npz"


@dataclass
class MatchSolution:
    """Probability that the opener wins the match from each (opener dice, other dice)."""

    win: dict[tuple[int, int], float]
    rounds: dict[tuple[int, int], SolvedRound]

    def table(self) -> list[tuple[int, int, float, float]]:
        """(opener dice, other dice, P(opener wins), exploitability of that round)."""
        return [(x, y, w, self.rounds[(x, y)].exploitability)
                for (x, y), w in sorted(self.win.items())]


def solve_match(max_dice: tuple[int, int] = (2, 1), target: float = 1e-3,
                progress=None, max_seconds: float | None = None) -> MatchSolution:
    """Backward induction over dice counts: every (x, y) with x <= max_dice[0] and
    y <= max_dice[1] or the mirror, solved from the fewest dice up (within ``max_seconds``
    in all, if given: a round started late stops early, above ``target``)."""
    import time

    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    a, b = max_dice
    positions = sorted({(x, y) for x in range(1, max(a, b) + 1) for y in range(1, max(a, b) + 1)
                        if (x <= a and y <= b) or (x <= b and y <= a)}, key=sum)
    win: dict[tuple[int, int], float] = {}
    rounds: dict[tuple[int, int], SolvedRound] = {}
    for x, y in positions:
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        solved = solve_round(x, y, dict(win), "bluff", target,
                             progress=(lambda *a, pos=(x, y): progress(pos, *a)) if progress
                             else None, max_seconds=left)
        rounds[(x, y)] = solved
        win[(x, y)] = (solved.value + 1) / 2
    return MatchSolution(win, rounds)
