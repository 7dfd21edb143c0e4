"""The solved view of two-player Bluff: what the equilibrium does, and what its bids reveal.

For every position where two players hold dice (1-5 each), without the expansion, in the bid
phase, with the round's bids known, this view reads a solved strategy of the round:

- the strategy bluffkit ships for every size up to 5 against 5 (``bluffkit.advice.bluff.strategy``:
  a player remembers their dice, both dice counts, whether they opened and only the last k
  bids), or
- where a perfect-recall round is available (1 die against 1 ships with bluffkit; ``bluffkit
  solve bluff`` may save 2 against 1 and 1 against 2), that round, the tighter strategy.

It gives the equilibrium frequency of each bid and of challenging for my dice after the bids,
and — what a class learns from — **what the opponent's bids say about their dice if they play
this strategy**: Bayes' rule over every roll they may hold, the strategy's frequencies being the
likelihoods. Their dice are independent of mine, and my own bids depend only on my dice and the
bids, so only their bids move the posterior:

    P(their roll r | the bids) ∝ P(r) × ∏ over their bids b of σ(b | r, the bids before b).

**Exact under the stated strategy**: the shipped strategy stores whole-number weights (one byte
per frequency; a frequency is its weight over its row's total), and the perfect-recall rounds
store float32 numbers; this view computes with exact fractions of those stored numbers, so the
posteriors are the exact Bayes posteriors of the stored strategy (not of the true equilibrium,
which the stored strategy approximates within its exploitability).

>>> v = solved_reading((3, 3), (2, 2), ["1x3"])  # I hold 3,3; they opened 1x3
>>> v.dice, v.opener, sum(p for _, p in v.frequencies)
((2, 2), False, Fraction(1, 1))
>>> sum(v.posterior().values())
Fraction(1, 1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from ...core import BluffkitError, InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _, _n, num
from ...core.rng import as_list
from ...core.text import exact_text
from ...games.bluff import STAR, Bid, Challenge, dice_text, why_not_raise
from ...games.bluff.actions import roll_outcomes
from ...games.bluff.state import MAX_DICE
from .equilibrium import round_table
from .rounds import RoundSeat, bid_label, label_action, round_matches, two_player_round
from .words import after_bids, and_list, dice_count, holding, percent, seat_name, short_fraction

if TYPE_CHECKING:
    from .position import Position


@dataclass(frozen=True)
class BidRead:
    """One of the opponent's bids and their dice just after it.

    Attributes:
        index: the bid's place in the round's history (0: the opening bid).
        bid: the bid.
        weights: whole-number weights of their rolls (``SolvedView.their_rolls`` order) after
            this bid and their earlier ones; all zero when the strategy never makes these bids.
    """

    index: int
    bid: Bid
    weights: tuple[int, ...]

    @property
    def reached(self) -> bool:
        return any(self.weights)


@dataclass(frozen=True)
class SolvedView(RoundSeat):
    """What the solved strategy of a two-player round does in one position, exactly.

    Attributes:
        dice, ruleset, opener, history, roll: the position (:class:`RoundSeat`; ``"openspiel"``
            rounds are 1 v 1 only).
        frequencies: each legal action (ladder order, then challenge) with its frequency in the
            strategy for my dice (exact fractions of the stored numbers; they sum to 1).
        their_rolls: the opponent's possible rolls (sorted dice, star = 6).
        prior: their rolls' chances with random dice, as whole-number weights (ordered rolls
            giving each one).
        reads: each of their bids in the history, with the posterior weights after it.
        my_reach: the chance that the strategy, holding my dice, makes my own bids so far.
        source: ``"abstract"`` (the shipped last-k-bids strategy) or ``"perfect recall"``.
        k: bids remembered (``None`` with perfect recall).
        exploitability: what a perfect opponent gains against the strategy per round (+1 a win,
            -1 a loss; mean of both players), measured in the real round; ``None`` if not
            measured (too many bid histories).
        abstract_exploitability: the same for an opponent who remembers as little (a lower
            bound), for the abstract strategy; ``None`` otherwise.
        round_value: the round's value to the opener (``2 P(win the match) - 1``) when both
            play it.
        file: where the strategy was read from.
    """

    their_rolls: tuple[tuple[int, ...], ...]
    prior: tuple[int, ...]
    reads: tuple[BidRead, ...]
    my_reach: Fraction
    source: str
    k: int | None
    exploitability: float | None
    abstract_exploitability: float | None
    round_value: float
    file: str

    # -- frequencies --------------------------------------------------------------------------
    def bluff_frequency(self) -> Fraction:
        """How often the strategy bids more than my own dice make true (a bluff)."""
        return sum((p for a, p in self.frequencies if isinstance(a, Bid)
                    and a.count > round_matches(self.roll, a.face, self.ruleset)), Fraction(0))

    # -- what their bids say ------------------------------------------------------------------
    @property
    def reached(self) -> bool:
        """False when the strategy never makes the opponent's bids with any roll (nothing can be
        read from them under it)."""
        return not self.reads or self.reads[-1].reached

    def _weights(self, after: int | None) -> tuple[int, ...]:
        """Weights after their first ``after`` bids (``None``: all of them; 0: random dice)."""
        reads = self.reads if after is None else self.reads[:after]
        return reads[-1].weights if reads else self.prior

    def posterior(self, after: int | None = None) -> dict[tuple[int, ...], Fraction]:
        """Each of their rolls with its chance after their first ``after`` bids (``None``: all
        of them; 0: the dice random); empty when the strategy never makes those bids."""
        w = self._weights(after)
        total = sum(w)
        return {r: Fraction(x, total) for r, x in zip(self.their_rolls, w) if x} if total else {}

    def match_pmf(self, face: int, after: int | None = None) -> dict[int, Fraction]:
        """P(m of their dice count for ``face``), m = 0 .. their dice, after their first
        ``after`` bids (0: dice random); empty when unreached."""
        w = self._weights(after)
        total = sum(w)
        if not total:
            return {}
        out = [0] * (len(self.their_rolls[0]) + 1)
        for r, x in zip(self.their_rolls, w):
            out[round_matches(r, face, self.ruleset)] += x
        return {m: Fraction(x, total) for m, x in enumerate(out)}

    def mean_matches(self, face: int, after: int | None = None) -> Fraction | None:
        pmf = self.match_pmf(face, after)
        return sum((m * p for m, p in pmf.items()), Fraction(0)) if pmf else None

    def p_stands(self, bid: Bid | str, after: int | None = None) -> Fraction | None:
        """P(``bid`` is true) given my dice and their posterior (0: their dice random)."""
        bid = bid if isinstance(bid, Bid) else Bid.parse(bid)
        mine = round_matches(self.roll, bid.face, self.ruleset)
        pmf = self.match_pmf(bid.face, after)
        if not pmf:
            return None
        return sum((p for m, p in pmf.items() if mine + m >= bid.count), Fraction(0))

    def to_json(self) -> dict:
        face = Bid.parse(self.history[-1]).face if self.history else None
        out = {"dice": list(self.dice), "ruleset": self.ruleset, "opener": self.opener,
               "history": list(self.history), "roll": dice_text(self.roll),
               "source": self.source, "k": self.k, "exploitability": self.exploitability,
               "abstract_exploitability": self.abstract_exploitability,
               "round_value": self.round_value, "file": self.file,
               "exact": "fractions of the stored strategy",
               "frequencies": {str(a): exact_text(p) for a, p in self.frequencies},
               "bluff_frequency": exact_text(self.bluff_frequency()), "reached": self.reached,
               "my_reach": exact_text(self.my_reach),
               "posterior": {dice_text(r): exact_text(p) for r, p in self.posterior().items()},
               "reads": [{"bid": str(r.bid), "index": r.index, "reached": r.reached,
                          "matches": [exact_text(p) for p in
                                      self.match_pmf(r.bid.face, i + 1).values()],
                          "matches_random": [exact_text(p) for p in
                                             self.match_pmf(r.bid.face, 0).values()]}
                         for i, r in enumerate(self.reads)]}
        if face is not None and self.reached:
            out["p_bid_stands"] = exact_text(self.p_stands(self.history[-1]))
            out["p_bid_stands_random"] = exact_text(self.p_stands(self.history[-1], 0))
        return out


# -- building the view ----------------------------------------------------------------------------
def _stored_rows(source, history: list[str]) -> tuple[list[str], list[list[int]]]:
    """The actions after ``history`` and, per roll of the player to move, whole-number weights
    proportional to the stored frequencies (exact)."""
    if hasattr(source, "weights_table"):
        labels, rows = source.weights_table(history)
        return labels, as_list(rows)
    labels, table = source.strategy_table(history)
    out = []
    for row in as_list(table):
        fr = [Fraction(x) for x in row]  # float32 values: exact binary fractions
        d = max(f.denominator for f in fr)
        ints = [f.numerator * (d // f.denominator) for f in fr]
        out.append(ints if any(ints) else [1] * len(ints))
    return labels, out


@cache
def _ways(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    rolls = roll_outcomes(n)
    return tuple(r.dice for r, _w in rolls), tuple(int(p * 6**n) for _r, p in rolls)


def _source(x: int, y: int, ruleset: str):
    """The tighter strategy available: a perfect-recall round if one is shipped or saved, else
    the shipped abstract strategy (board rules only)."""
    table = round_table(x, y, ruleset) if (x, y) in ((1, 1), (2, 1), (1, 2)) else None
    if table is not None:
        return table
    if ruleset != "bluff":
        return None
    from .strategy import load_strategy

    return load_strategy(x, y)


def solved_reading(roll, counts: tuple[int, int], history=(), ruleset: str = "bluff",
                   shipped: bool = False) -> SolvedView:
    """The solved view for the player to move: holding ``roll``, with ``counts`` = (my dice,
    their dice), after the round's bids ``history`` (I opened if it has an even length).
    ``shipped``: always read the shipped abstract strategy (the same numbers on every
    machine, as exercises need), never a perfect-recall round.

    Raises:
        InvalidQuestion: dice counts outside 1-5, a roll that is not my dice count, a history
            that is not a legal sequence of raises with these dice.
    """
    if (isinstance(counts, str) or not hasattr(counts, "__len__") or len(counts) != 2
            or not all(is_whole(n, 1, MAX_DICE)
                       for n in counts)):
        raise InvalidQuestion(_("counts needs (my dice, your dice), each 1-{most}: the solved "
                                "strategies cover up to 5 against 5, got {counts}",
                                most=MAX_DICE, counts=repr(counts)))
    if isinstance(history, str):
        history = history.replace(",", " ").split()
    bids: list[Bid] = []
    for i, text in enumerate(history):
        try:
            bid = text if isinstance(text, Bid) else Bid.parse(str(text))
        except BluffkitError as e:
            raise InvalidQuestion(_("history[{i}]: {reason}", i=i, reason=e)) from None
        reason = why_not_raise(bid, bids[-1]) if bids else None
        if reason:
            raise InvalidQuestion(_("history[{i}]: {reason}", i=i, reason=reason))
        if bid.count > sum(counts):
            raise InvalidQuestion(_("history[{i}]: {bid} claims {n} dice but only {total} are in "
                                    "play", i=i, bid=bid, n=bid.count, total=sum(counts)))
        bids.append(bid)
    from ...odds.bluff.counts import read_dice

    mine = tuple(sorted(read_dice(roll, "roll")))
    if len(mine) != counts[0]:
        raise InvalidQuestion(_("roll: you hold {n} dice, got {roll}", n=counts[0],
                                roll=dice_text(mine) or _("none")))
    me = len(bids) % 2
    x, y = counts if me == 0 else counts[::-1]
    if shipped and ruleset == "bluff":
        from .strategy import load_strategy

        source = load_strategy(x, y)
    else:
        source = _source(x, y, ruleset)
    if source is None:
        raise InvalidQuestion(_("no solved strategy for {x} against {y} dice with these rules",
                                x=x, y=y))
    return _view(source, (x, y), ruleset, me, [str(b) for b in bids], mine)


def _view(source, dice, ruleset, me, history, mine) -> SolvedView:
    labels_hist = [bid_label(Bid.parse(b), ruleset) for b in history]
    their_rolls, prior = _ways(dice[1 - me])
    my_rolls = source.rolls[me]
    if mine not in my_rolls:
        raise InvalidQuestion(_("roll: {roll} is not a roll of {n} dice", roll=dice_text(mine),
                                n=dice[me]))
    row = my_rolls.index(mine)
    weights, reads, my_reach = list(prior), [], Fraction(1)
    for depth, label in enumerate(labels_hist):
        labels, rows = _stored_rows(source, labels_hist[:depth])
        col = labels.index(label)
        if depth % 2 == me:
            my_reach *= Fraction(rows[row][col], sum(rows[row]))
            continue
        totals = [sum(r) for r in rows]
        m = math.lcm(*set(totals))
        weights = [w * r[col] * (m // t) for w, r, t in zip(weights, rows, totals)]
        g = math.gcd(*weights)
        if g > 1:
            weights = [w // g for w in weights]
        reads.append(BidRead(depth, Bid.parse(history[depth]), tuple(weights)))
    labels, rows = _stored_rows(source, labels_hist)
    total = sum(rows[row])
    freqs = tuple((label_action(lab), Fraction(w, total)) for lab, w in zip(labels, rows[row]))
    figures = getattr(source, "figures", None)
    if figures is not None:
        real, abstract, k = figures.exploitability, figures.abstract_exploitability, figures.k
        what, value = "abstract", figures.value
    else:
        real, abstract, k = source.exploitability, None, None
        what, value = "perfect recall", source.value
    return SolvedView(tuple(dice), ruleset, me == 0, tuple(history), mine, freqs, their_rolls,
                      tuple(prior), tuple(reads), my_reach, what, k, real, abstract,
                      float(value), str(source.path))


def solved_view(pos: Position) -> SolvedView | None:
    """The solved view of a position, or ``None`` where none applies (more or fewer than two
    players holding dice, the expansion, the show phase, or the round's bids unknown)."""
    found = two_player_round(pos)
    if found is None:
        return None
    dice, ruleset = found
    me = len(pos.history) % 2
    source = _source(*dice, ruleset)
    if source is None:
        return None
    return _view(source, dice, ruleset, me, list(pos.history), tuple(sorted(pos.my_dice)))


__all__ = ["BidRead", "SolvedView", "solved_reading", "solved_view"]


# -- words ----------------------------------------------------------------------------------------
def _percent_of(p) -> str:
    return percent(float(p))


def _counting(face: int) -> str:
    return _("dice that are stars") if face == STAR else _("dice that are {face}s or stars",
                                                             face=face)


def describe_solved(view: SolvedView, pos: Position, names=None) -> str:
    """The solved view in plain words: the strategy, what it does here, what the bids revealed
    (lines appended to the advice's explanation)."""
    x, y = view.dice
    if view.exploitability is not None:
        measured = _("measured in the real round against a perfect opponent")
        gain = view.exploitability
    else:
        measured = _("measured only against opponents who remember as little; a perfect "
                     "opponent gains more, as the real round has too many bid histories to "
                     "measure it")
        gain = view.abstract_exploitability
    memory = (_("Each player remembers every bid of the round.") if view.k is None else
              _n("To make a round this size solvable, each player remembers their own dice, "
                 "both dice counts, who opened, and only the last bid of the round.",
                 "To make a round this size solvable, each player remembers their own dice, "
                 "both dice counts, who opened, and only the last {n} bids of the round.",
                 view.k))
    lines = [_(
        "Equilibrium view (two players, the opener's {dice} against {y}, board rules): bluffkit "
        "has a solved strategy for this round, an approximate equilibrium found by "
        "counterfactual regret minimisation. {memory} An opponent who knows the strategy gains "
        "about {gain} per round against it ({measured}; a round counts +1 for a sure match win "
        "and -1 for a sure loss: twice your chance of winning the match from the dice left, "
        "minus 1). Unlike the probability view above, it reads your opponent's bids as "
        "information and assumes they play this strategy too.", dice=dice_count(x), y=y,
        memory=memory, gain=num(gain, ".4f"), measured=measured)]
    played = view.played()
    parts = [_("{move} with probability {p}", p=_percent_of(p),
               move=_("challenge") if isinstance(a, Challenge) else _("bid {bid}", bid=a))
             for a, p in played]
    lines.append(_("In equilibrium, holding {roll} {after} you {choices}; every other choice "
                   "(almost) never.", roll=holding(view.roll), after=after_bids(view.history),
                   choices=and_list(parts)))
    if len(played) > 1:
        lines.append(_("This is a mixed strategy: you randomise at these frequencies so that "
                       "your bids do not give your dice away."))
    if view.my_reach == 0:
        lines.append(_("Your own earlier bids are ones this strategy never makes holding {roll}; "
                       "what it plays now is what it plays at this point of the round with your "
                       "dice.", roll=holding(view.roll)))
    lines.append(_("Bluffs (bids your own dice do not already make true) are {p} of your play "
                   "here.", p=_percent_of(view.bluff_frequency())))
    lines.append(reveal_text(view, pos, names))
    you = view.round_value if view.opener else -view.round_value
    lines.append(_("Before the dice were rolled, the round was worth {value} to you in "
                   "equilibrium.", value=num(you, "+.3f")))
    return "\n".join(lines)


def reveal_text(view: SolvedView, pos: Position, names=None) -> str:
    """What the opponent's bids revealed about their dice under the strategy, in plain words."""
    other = next(p for p in pos.active() if p != pos.me)
    who = seat_name(other, names)
    if not view.reads:
        return _n("What the bids reveal: {player} has not bid yet this round, so their die is "
                  "still random.", "What the bids reveal: {player} has not bid yet this round, "
                  "so their {n} dice are still random.", len(view.their_rolls[0]), player=who)
    if not view.reached:
        bids = ", ".join(str(r.bid) for r in view.reads)
        return _("What the bids reveal: this strategy never makes the bids of {player} ({bids}) "
                 "with any roll, so under it they tell nothing; their dice are shown as random.",
                 player=who, bids=bids)
    parts = []
    for i, r in enumerate(view.reads):
        face = r.bid.face
        mean, random = view.mean_matches(face, i + 1), view.mean_matches(face, 0)
        parts.append(_("after their {bid} they hold on average {mean} {what}, where random dice "
                       "give {random}", bid=r.bid, mean=num(float(mean), ".2f"),
                       what=_counting(face), random=num(float(random), ".2f")))
    text = _("What the bids reveal (Bayes' rule, if {player} plays this strategy; exact "
             "fractions of the stored strategy): {parts}.", player=who, parts=_("; ").join(parts))
    if pos.bid is not None:
        text += " " + _("The current bid {bid} stands with probability {p} under this reading; "
                        "with their dice random, {random}.", bid=pos.bid,
                        p=short_fraction(view.p_stands(pos.bid)),
                        random=short_fraction(view.p_stands(pos.bid, 0)))
    return text


__all__ += ["describe_solved", "reveal_text"]
