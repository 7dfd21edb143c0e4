"""The equilibrium view of Bluff advice: what an (approximate) equilibrium of the round does.

It applies when exactly two players hold dice, without the expansion, in the bid phase, when
the round's bids so far are known (``Position.history``) and the round is solved:

- **1 die against 1** (board rules, or ``resolution="openspiel"``): shipped with bluffkit
  (``bluffkit.advice.bluff.rounds``: discounted CFR to exploitability ``TARGET``, stored as
  package data), so the first advice of a process answers in milliseconds. A round saved by
  ``bluffkit solve bluff`` at ``$BLUFFKIT_CACHE`` or ``~/.cache/bluffkit`` is used instead when
  it is tighter (smaller exploitability). Were the shipped file missing, the round would be
  solved on demand (a second or two) and saved there.
- **2 dice against 1 and 1 against 2** (board rules): only when ``bluffkit solve bluff --dice
  2,1`` (or ``1,2``) has saved the round there (15 and 11 MB: too big to ship); solving takes
  minutes, never done on demand.

The view reads the strategy tables directly (``RoundTable``), without the solver's tree or scipy;
``solved_round`` gives the solver's ``SolvedRound`` (for notebooks and exercises).

Otherwise ``equilibrium_view`` returns ``None`` after a few cheap checks, so the advice stays
fast. **Model** (stated in the explanation): unlike the probability view, the equilibrium reads
the opponent's bids as information and assumes the opponent plays the equilibrium too; a round
is worth the chance of winning the match (the round's payoff is ``2 V - 1`` with ``V`` the match
values of the dice left; with one die each the round decides the match). The numbers come from
CFR, so they are floats within the stated exploitability, and an equilibrium need not be unique:
this is one approximate equilibrium.

>>> from bluffkit.advice.bluff import Position
>>> equilibrium_view(Position("3,3,*,1,2", (5, 5), bid="4x3")) is None  # 10 dice: not solved
True
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...core import Action, BluffkitError
from ...core.i18n import _, _n, num
from ...games.bluff import Bid, Challenge, dice_text
from .rounds import (
    RoundSeat,
    RoundTable,
    bid_label,
    cache_path,
    label_action,
    round_matches,
    round_table_from,
    shipped_path,
    two_player_round,
)
from .words import after_bids, and_list, dice_count, holding, percent

if TYPE_CHECKING:
    from ...solvers.bluff.tree import SolvedRound
    from .position import Position

TARGET = 1e-3
"""Exploitability an on-demand 1-vs-1 solve reaches."""

SOLVED_ON_DEMAND = {(1, 1)}
"""Rounds (opener dice, other dice) solved when missing (shipped, so only if the package data
is missing); others need a saved file."""

SOLVABLE = {(1, 1), (2, 1), (1, 2)}
"""Rounds the equilibrium view looks for."""

UNREACHED = 1e-3
"""Below this reach probability a history counts as one the equilibrium never plays."""

_ROUNDS: dict[tuple, tuple[float | None, SolvedRound]] = {}
_TABLES: dict[tuple, tuple[float | None, RoundTable]] = {}


@dataclass(frozen=True)
class EquilibriumView(RoundSeat):
    """What the equilibrium of the round does in one position.

    Attributes:
        dice, ruleset, opener, history, roll: the position (:class:`RoundSeat`).
        frequencies: every legal action with its equilibrium probability (ladder order, then
            challenge).
        exploitability: of the whole solved round (OpenSpiel's convention: the mean of what each
            player's best response gains, in round payoff units where winning is +1).
        iterations: CFR iterations behind it.
        round_value: the round's equilibrium value to the opener before the rolls (``2 V - 1``).
        my_reach: probability that my own equilibrium play, holding ``roll``, makes my bids in
            ``history`` (1 when I made none).
        their_reach: probability that the opponent's equilibrium play makes their bids in
            ``history`` (averaged over their rolls).
        posterior: the opponent's possible rolls with their probability given my roll and
            their bids, read as the equilibrium reads them (empty if unreached).
        p_bid_stands: the current bid's chance to stand given that posterior (``None`` when
            there is no bid, or the history is unreached).
        file: the file the strategy was read from (shipped with bluffkit, or saved by
            ``bluffkit solve bluff``).
    """

    exploitability: float
    iterations: int
    round_value: float
    my_reach: float
    their_reach: float
    posterior: tuple[tuple[tuple[int, ...], float], ...]
    p_bid_stands: float | None
    file: str | None

    @property
    def reached(self) -> bool:
        """False when the equilibrium never plays this history (its frequencies here are then
        not meaningful: CFR leaves unreached decisions unrefined)."""
        return self.my_reach >= UNREACHED and self.their_reach >= UNREACHED

    def bluff_frequency(self) -> float:
        """How often the equilibrium bids more than my own dice make true (a bluff)."""
        return sum(p for a, p in self.frequencies
                   if isinstance(a, Bid) and a.count > _matches(self.roll, a.face, self.ruleset))

    def to_json(self) -> dict:
        return {"dice": list(self.dice), "ruleset": self.ruleset, "opener": self.opener,
                "history": list(self.history), "roll": dice_text(self.roll),
                "frequencies": {str(a): round(p, 6) for a, p in self.frequencies},
                "approximate": True, "exploitability": self.exploitability,
                "iterations": self.iterations, "round_value": self.round_value,
                "reached": self.reached, "bluff_frequency": round(self.bluff_frequency(), 6),
                "posterior": {dice_text(r): round(p, 6) for r, p in self.posterior},
                "p_bid_stands": self.p_bid_stands, "file": self.file}


# -- which positions, which round -----------------------------------------------------------------
def round_of(pos: Position) -> tuple[tuple[int, int], str] | None:
    """``((opener dice, other dice), ruleset)`` of a position the equilibrium view covers, or
    ``None`` (more than two players with dice, the expansion, unknown history, too many dice).

    >>> from bluffkit.advice.bluff import Position
    >>> round_of(Position("3", (1, 2), me=0, bid="1x4", history="1x2 1x4"))
    ((1, 2), 'bluff')
    >>> round_of(Position("3", (1, 2), me=0, bid="1x4")) is None  # history unknown
    True
    """
    found = two_player_round(pos)
    if found is None:
        return None
    dice, ruleset = found
    if dice not in SOLVABLE or (ruleset == "openspiel" and dice != (1, 1)):
        return None
    return dice, ruleset


def solved_round(x: int, y: int, ruleset: str = "bluff") -> SolvedRound | None:
    """The solved round as the solver's ``SolvedRound``: from memory, from the file saved at
    ``default_path`` or the shipped one (the tighter of the two), or (1 v 1, only if neither is
    there or good enough) solved now and saved.

    Returns ``None`` for a round that is neither saved, shipped nor solved on demand.
    """
    key = (x, y, ruleset)
    stamp = _stamp(cache_path(x, y, ruleset))
    held = _ROUNDS.get(key)
    if held is not None and held[0] == stamp:
        return held[1]
    shipped = shipped_path(x, y, ruleset)
    candidates = [_load(p, x, y, ruleset) for p in (cache_path(x, y, ruleset), shipped)
                  if p is not None and p.exists()]
    solved = min((c for c in candidates if c is not None), default=None,
                 key=lambda c: c.exploitability)
    if (x, y) in SOLVED_ON_DEMAND and (solved is None or solved.exploitability > 2 * TARGET):
        from ...solvers.bluff.tree import default_path, solve_round

        solved = solve_round(x, y, ruleset=ruleset, target=TARGET)
        stamp = _save(solved, default_path(x, y, ruleset))
    if solved is None:
        return None
    _ROUNDS[key] = (stamp, solved)
    return solved


def round_table(x: int, y: int, ruleset: str = "bluff") -> RoundTable | None:
    """The strategy tables the view reads: the tighter of the saved and the shipped round
    (read without the solver: milliseconds), kept in memory until the saved file changes."""
    key = (x, y, ruleset)
    saved = cache_path(x, y, ruleset)
    stamp = _stamp(saved)
    held = _TABLES.get(key)
    if held is not None and held[0] == stamp:
        return held[1]
    tables = []
    for path in (saved, shipped_path(x, y, ruleset)):
        if path is not None and path.exists():
            try:
                table = round_table_from(path)
            except BluffkitError:
                continue
            if table.dice == (x, y) and table.ruleset == ruleset:
                tables.append(table)
    if not tables and (x, y) in SOLVED_ON_DEMAND and solved_round(x, y, ruleset) is not None:
        return round_table(x, y, ruleset)  # solved and saved just now
    if not tables:
        return None
    table = min(tables, key=lambda t: t.exploitability)
    _TABLES[key] = (stamp, table)
    return table


def _stamp(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def _load(path: Path, x: int, y: int, ruleset: str) -> SolvedRound | None:
    from ...solvers.bluff.tree import load_round

    try:
        solved = load_round(path)
    except (BluffkitError, OSError, KeyError, ValueError):
        return None
    if solved.info.dice != (x, y) or solved.info.ruleset != ruleset:
        return None
    return solved


def _save(solved: SolvedRound, path: Path) -> float | None:
    """Save atomically (a temporary file renamed), best effort; the file's time or None."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=".npz", dir=path.parent)
        os.close(fd)
        solved.save(tmp)
        os.replace(tmp, path)
        return path.stat().st_mtime
    except OSError:
        return None


@dataclass(frozen=True)
class MatchRow:
    """One starting position of the two-player match (board rules).

    Attributes:
        dice: (opener's dice, other's dice).
        p_opener_wins: the opener's equilibrium chance of winning the match from there.
        exploitability: of that round's strategy.
        command: the command that solves the round with perfect recall and saves it.
        memory: ``None`` for a round solved with perfect recall (shipped 1 v 1, or saved by
            ``command``); else the bids the shipped strategy remembers (``bluff-abstract.npz``,
            the strategies notebook 09 and the 5 v 5 advice read).
    """

    dice: tuple[int, int]
    p_opener_wins: float | None
    exploitability: float | None
    command: str
    memory: int | None = None

    @property
    def strategy(self) -> str:
        """Which strategy the row's numbers come from, in words."""
        if self.memory is None:
            return _("solved with perfect recall")
        return _n("shipped, remembers the last bid ({command} solves it with perfect recall)",
                  "shipped, remembers the last {n} bids ({command} solves it with perfect "
                  "recall)", self.memory, command=self.command)


def match_table(positions=((1, 1), (2, 1), (1, 2))) -> list[MatchRow]:
    """The match-win table: each round solved with perfect recall where it is (1 v 1 shipped,
    the others saved by ``bluffkit solve bluff --dice X,Y``), else the shipped strategy that
    remembers the last few bids (``bluffkit.advice.bluff.strategy``, the numbers notebook 09
    shows).

    >>> [row.dice for row in match_table()][:1], match_table()[0].p_opener_wins < 0.5
    ([(1, 1)], True)
    """
    from .strategy import load_strategy
    from .strategy import match_table as shipped

    rows = []
    for x, y in positions:
        command = f"bluffkit solve bluff --dice {x},{y}"
        solved = round_table(x, y) if (x, y) in SOLVABLE else None
        if solved is not None:
            rows.append(MatchRow((x, y), (solved.value + 1) / 2, solved.exploitability, command))
            continue
        figures = load_strategy(x, y).figures
        rows.append(MatchRow((x, y), shipped()[x, y], figures.exploitability
                             if figures.exploitability is not None
                             else figures.abstract_exploitability, command, figures.k))
    return rows


# -- the view -------------------------------------------------------------------------------------
def equilibrium_view(pos: Position) -> EquilibriumView | None:
    """The equilibrium's choices for ``pos``, or ``None`` where no solved equilibrium applies.

    >>> from bluffkit.advice.bluff import Position
    >>> v = equilibrium_view(Position("3", (1, 1), me=1, bid="1x2", history=["1x2"]))
    >>> v.dice, round(sum(p for _, p in v.frequencies), 6), v.reached
    ((1, 1), 1.0, True)
    """
    found = round_of(pos)
    if found is None:
        return None
    (x, y), ruleset = found
    table = round_table(x, y, ruleset)
    if table is None:
        return None
    history = [bid_label(Bid.parse(b), ruleset) for b in pos.history]
    me = len(history) % 2  # 0: I am the round's opener
    my_rolls, their_rolls = table.rolls[me], table.rolls[1 - me]
    row = my_rolls.index(tuple(sorted(pos.my_dice)))
    my_reach, their_reach = 1.0, list(table.chance[1 - me])
    for depth, bid in enumerate(history):
        labels, strategy = table.strategy_table(history[:depth])
        column = labels.index(bid)
        if depth % 2 == me:
            my_reach *= float(strategy[row][column])
        else:
            their_reach = [r * float(s[column]) for r, s in zip(their_reach, strategy)]
    labels, strategy = table.strategy_table(history)
    frequencies = tuple((label_action(label), float(p)) for label, p in zip(labels, strategy[row]))
    total = sum(their_reach)
    posterior: tuple = ()
    stands = None
    if total >= UNREACHED and my_reach >= UNREACHED:
        posterior = tuple((r, w / total) for r, w in zip(their_rolls, their_reach))
        if pos.bid is not None:
            stands = sum(p for r, p in posterior
                         if _matches(pos.my_dice + r, pos.bid.face, ruleset) >= pos.bid.count)
    return EquilibriumView(
        (x, y), ruleset, me == 0, tuple(pos.history), tuple(sorted(pos.my_dice)), frequencies,
        table.exploitability, table.iterations, table.value, my_reach, total, posterior,
        stands, str(table.path))


def _matches(dice, face: int, ruleset: str) -> int:
    return round_matches(dice, face, ruleset)


# -- words ----------------------------------------------------------------------------------------
def _verb(action: Action) -> str:
    return _("challenge") if isinstance(action, Challenge) else _("bid {bid}", bid=action)


def describe(view: EquilibriumView, pos: Position) -> str:
    """The equilibrium view in plain words (lines appended to the advice's explanation).

    >>> from bluffkit.advice.bluff import Position
    >>> pos = Position("3", (1, 1), me=1, bid="1x2", history=["1x2"])
    >>> text = describe(equilibrium_view(pos), pos)
    >>> "In equilibrium, holding a 3 after 1x2 you" in text, "approximate" in text
    (True, True)
    """
    rules = (_("OpenSpiel's liars_dice rules") if view.ruleset == "openspiel"
             else _("board rules"))
    x, y = view.dice
    payoff = (_("the round's winner wins the game") if view.dice == (1, 1) else
              _("the round is worth your chance of winning the match from the dice left"))
    lines = [_(
        "Equilibrium view (two players, the opener's {dice} against {y}, {rules}): this round is "
        "solved by counterfactual regret minimisation (CFR). The strategy is approximate: its "
        "exploitability is {gain} (a perfect opponent gains at most about that much per round, "
        "where a round is worth +1 to win and -1 to lose; {payoff}). Unlike the probability view "
        "above, it reads your opponent's bids as information and assumes they play the "
        "equilibrium too.", dice=dice_count(x), y=y, rules=rules,
        gain=num(view.exploitability, ".4f"),
        payoff=payoff)]
    after = after_bids(view.history)
    if not view.reached:
        who = (_("your own earlier bids are ones it never makes holding {roll}",
                 roll=holding(view.roll)) if view.my_reach < UNREACHED else
               _("your opponent's bids are ones it never makes with any roll"))
        lines.append(_("Here ({after}) the equilibrium has nothing reliable to say: {who}, so "
                       "CFR never refined this decision. Use the probability view.",
                       after=after, who=who))
        return "\n".join(lines)
    played = view.played()
    parts = [_("{move} {p} of the time", move=_verb(a), p=percent(p)) for a, p in played]
    lines.append(_("In equilibrium, holding {roll} {after} you {choices}; every other choice "
                   "(almost) never.", roll=holding(view.roll), after=after,
                   choices=and_list(parts)))
    if len(played) > 1:
        lines.append(_("This is a mixed strategy: you randomise at these frequencies so that "
                       "your bids do not give your dice away; against an equilibrium opponent "
                       "each choice you mix is (about) equally good, and no other choice is "
                       "better."))
    else:
        lines.append(_("Here the equilibrium makes one choice: no mixing is needed."))
    bluff = view.bluff_frequency()
    lines.append(_("Bluffs (bids your own dice do not already make true) are {p} of your play "
                   "here.", p=percent(bluff)))
    if view.p_bid_stands is not None:
        lines.append(_(
            "Reading the bids as the equilibrium does, the current bid {bid} stands with "
            "probability {p} (the probability view, which ignores the bids, says {blind}).",
            bid=pos.bid, p=num(view.p_bid_stands, ".2f"),
            blind=num(float(_p_stands_blind(pos)), ".2f")))
    you = view.round_value if view.opener else -view.round_value
    value = num(you, "+.3f")
    lines.append(_("Before the dice were rolled, the round was worth {value} to you in "
                   "equilibrium (going first with equal dice is worth {first} to the opener).",
                   value=value, first=num(view.round_value, "+.3f")) if x == y else
                 _("Before the dice were rolled, the round was worth {value} to you in "
                   "equilibrium.", value=value))
    return "\n".join(lines)


def _p_stands_blind(pos: Position):
    from ...odds.bluff.counts import matches, p_at_least

    known = matches(pos.known_dice, pos.bid.face)
    return p_at_least(pos.bid.count, pos.bid.face, known, pos.unknown)


__all__ = ["SOLVABLE", "SOLVED_ON_DEMAND", "TARGET", "EquilibriumView", "MatchRow", "describe",
           "equilibrium_view", "match_table", "round_of", "round_table", "solved_round"]
