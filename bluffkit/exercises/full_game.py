"""Exercises on the full two-player game of Bluff: why it needs an abstraction, what the solved
strategy does, and what its bids reveal. Easiest first.

The numbers of each student (seed) are their own: dice counts, a roll, a bid. Every expected
answer and likely mistake is computed when the student checks: counts of bid histories by
``math.comb`` (pinned in the tests to an enumeration), and the strategy's numbers from the
strategy shipped with bluffkit (``bluffkit.advice.bluff.solved.solved_reading(...,
shipped=True)``): exact fractions of its stored weights, so each answer is checked exactly
(decimals by the usual rounding rule).

>>> Histories(seed=3).expected() == 2**36
True
>>> Histories(seed=3).check(2**36 - 1).mistake
'empty history forgotten'
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

from ..core import choice
from ..core.i18n import _, _l, _n, num
from ..games.bluff import STAR, Bid, count_matching, dice_text, raises_of
from ..games.bluff.actions import roll_outcomes
from .answers import Count
from .core import Mistake, Question, tex
from .ranged import KeptApart

NOTEBOOK = "09_full_game.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

FACES = (1, 2, 3, 4, 5, STAR)


def _view(roll, counts, history=()):
    return _shipped_view(tuple(roll), tuple(counts), tuple(history))


@functools.lru_cache(maxsize=8192)
def _shipped_view(roll: tuple, counts: tuple, history: tuple):
    from ..advice.bluff.solved import solved_reading

    return solved_reading(roll, counts, list(history), shipped=True)


@functools.cache
def _ladder(top: int) -> int:
    """How many bids the ladder has with ``top`` dice in play."""
    return len(raises_of(None, top))


@functools.cache
def _opened(mine: int) -> tuple[Bid, ...]:
    """The bids the shipped strategy opens with some roll of 2 dice against ``mine``."""
    opened = set()
    for r, _p in roll_outcomes(2):
        opened |= {a for a, p in _view(r.dice, (2, mine)).frequencies if p}
    return tuple(sorted(opened, key=lambda b: b.sort_key()))


def _frac(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _dice(n: int) -> str:
    return _n("{n} die", "{n} dice", n)


def _move(action) -> str:
    """A stored action (the challenge, a bid) in the language."""
    return _("challenge") if not isinstance(action, Bid) else str(action)


def _roll(rng, n: int) -> tuple[int, ...]:
    return tuple(sorted(int(f) for f in rng.integers(1, 7, size=n)))


def _face(face: int) -> str:
    return _("stars") if face == STAR else _("{face}s or stars", face=face)


HOW_TO_READ = _l("In Python: `from bluffkit.advice.bluff.solved import solved_reading`, then "
                 "`solved_reading(\"3,*\", (2, 4), [], shipped=True).frequencies` lists what "
                 "the shipped strategy does holding 3 and a star with 2 dice against 4, opening "
                 "the round (`.frequency(\"2x3\")` for one bid). `bluffkit.advice.bluff.strategy."
                 "policy` gives the same numbers as decimals.")


# -- 1-2. why an abstraction ----------------------------------------------------------------------
class _Ladder(KeptApart, Question):
    kind = Count()

    def setup(self, rng):
        self.dice = (int(rng.integers(1, 6)), int(rng.integers(1, 6)))

    @property
    def k(self) -> int:
        """Bids remembered by the strategy bluffkit ships for this round."""
        from ..advice.bluff.strategy import load_strategy

        return load_strategy(*self.dice).k

    @property
    def ladder(self) -> int:
        return _ladder(sum(self.dice))

    def context(self) -> str:
        x, y = self.dice
        top = sum(self.dice)
        return _("A two-player round with {x} against {y}: {top} dice in play, so the bid ladder "
                 "has {ladder} bids, from 1x1 up to {last}. Each bid must climb the ladder, so a "
                 "round's bid history is a sequence of bids in ladder order (until someone "
                 "challenges).", x=_dice(x), y=_dice(y), top=top, ladder=f"L = {self.ladder}",
                 last=f"{top}x*")


class Histories(_Ladder):
    title = _l("How many bid histories?")

    def statement(self):
        return self.context() + "\n\n" + _(
            "How many different bid histories can a round have, the empty one (nobody has bid yet) "
            "included?")

    def expected(self):
        return 2 ** self.ladder

    def mistakes(self):
        n = self.ladder
        return [Mistake("empty history forgotten", 2**n - 1,
                        _("The empty history counts too: nobody has bid yet.")),
                Mistake("orders counted", sum(math.perm(n, j) for j in range(n + 1)),
                        _("Bids in a history always climb the ladder: a set of bids can be bid "
                          "in one order only.")),
                Mistake("one bid per step", n + 1, _("A history can hold any number of bids."))]

    def hints(self):
        return [_("A history is fixed by which bids it contains: the order is the ladder's."),
                _("Each of the L bids is either in the history or not.")]

    def explain(self):
        return _("A history is a subset of the ladder (its order is the ladder's), so there are "
                 "{count} of them. A player's decision depends on the whole history: that is why "
                 "the real game is too big to solve with a table per history beyond a few dice.",
                 count=f"$2^{{{self.ladder}}} = {self.expected()}$")


class Memories(_Ladder):
    title = _l("Remembering only the last bids")

    def statement(self):
        k = self.k
        x, y = self.dice
        return self.context() + "\n\n" + _n(
            "The strategy bluffkit ships for this round ({x} against {y}) lets a player remember "
            "only the last bid of the round (plus their own dice, both dice counts and who "
            "opened). How many different sequences of at most {n} bid in ladder order can a "
            "player remember, the empty one (nobody has bid yet) included?",
            "The strategy bluffkit ships for this round ({x} against {y}) lets a player remember "
            "only the last {n} bids of the round (plus their own dice, both dice counts and who "
            "opened). How many different sequences of at most {n} bids in ladder order can a "
            "player remember, the empty one (nobody has bid yet) included?", k, x=_dice(x),
            y=_dice(y))

    def expected(self):
        return sum(math.comb(self.ladder, j) for j in range(self.k + 1))

    def mistakes(self):
        n, k = self.ladder, self.k
        return [Mistake("exactly k bids", math.comb(n, k),
                        _("Early in a round fewer than {k} bids have been made: count the "
                          "shorter sequences too.", k=k)),
                Mistake("empty memory forgotten", self.expected() - 1,
                        _("Nothing remembered (no bid yet) is one memory too.")),
                Mistake("orders counted", sum(n**j for j in range(k + 1)),
                        _("The remembered bids climb the ladder: choose which, not in what "
                          "order."))]

    def hints(self):
        return [_("A memory is a set of at most k bids: choose j of the L bids, j = 0 .. k."),
                _("Add the binomial coefficients C(L, j) for j = 0 .. k.")]

    def explain(self):
        n, k = self.ladder, self.k
        terms = " + ".join(f"\\binom{{{n}}}{{{j}}}" for j in range(k + 1))
        return _("{memories} memories, against {histories} histories: the strategy is a table "
                 "over memories, small enough to solve. The price: a player cannot tell apart "
                 "histories that end the same way, and an opponent who remembers everything can "
                 "exploit that (the exploitability table in the notebook measures how much).",
                 memories=f"${terms} = {self.expected()}$", histories=f"$2^{{{n}}} = {2**n}$")


# -- 3-4. what the equilibrium does --------------------------------------------------------------
class _Opening(KeptApart, Question):
    """Opening a round with a drawn roll: the shipped strategy's opening bids."""

    def setup(self, rng):
        for _attempt in range(100):  # a roll where the strategy mixes bluffs and true bids
            self.dice = (int(rng.integers(1, 6)), int(rng.integers(1, 6)))
            self.roll = _roll(rng, self.dice[0])
            played = [a for a, p in self.view().frequencies if p]
            bluffs = sum(a.count > count_matching(self.roll, a.face) for a in played)
            if 0 < bluffs < len(played):
                break
        self.bid = choice(played, rng)

    def view(self):
        return _view(self.roll, self.dice)

    def context(self) -> str:
        x, y = self.dice
        return _("You hold **{roll}** ({x}; ★ is a star, wild for digits) against an opponent's "
                 "{y}, and you open the round.", roll=dice_text(self.roll), x=_dice(x),
                 y=_dice(y)) + f" {HOW_TO_READ}"


class OpeningFrequency(_Opening):
    title = _l("How often the equilibrium opens with a bid")

    def statement(self):
        return self.context() + "\n\n" + _(
            "With what probability does the shipped strategy open with **{bid}** holding your "
            "dice?", bid=self.bid)

    def expected(self):
        return dict(self.view().frequencies)[self.bid]

    def mistakes(self):
        from ..advice.bluff.strategy import load_strategy

        strategy = load_strategy(*self.dice)
        labels, rows = strategy.weights_table([])
        chance = {r.dice: p for r, p in roll_outcomes(self.dice[0])}
        column = labels.index(str(self.bid))
        average = sum((chance[roll] * Fraction(int(row[column]), int(sum(row)))
                       for roll, row in zip(strategy.rolls[0], rows)), Fraction(0))
        freq = self.view().frequencies
        return [Mistake("uniform", Fraction(1, len(freq)),
                        _("That is a uniform choice among the opening bids; the strategy's "
                          "frequencies depend on your dice.")),
                Mistake("averaged over rolls", average,
                        _("That is how often the opener bids it with random dice; the question "
                          "is about your roll."))]

    def hints(self):
        return [_("Read the strategy for your roll and the empty history (you open)."),
                _("Look your bid up among the frequencies for your roll (the statement says how, "
                  "in Python).")]

    def explain(self):
        top = ", ".join(f"{_move(a)} {num(float(p), '.1%')}" for a, p in self.view().played()[:5])
        return _("The strategy's row for your dice: {top} (likeliest first). For {bid}: {p} (the "
                 "stored weight over the row's total).", top=top, bid=self.bid,
                 p=f"${tex(self.expected())}$")


class BluffShare(_Opening):
    title = _l("How often the opening bid is a bluff")

    def statement(self):
        return self.context() + "\n\n" + _(
            "A bid is a **bluff** when your own dice do not already make it true (its count is "
            "more than your dice counting for its face). How often is the shipped strategy's "
            "opening bid a bluff, holding your dice?")

    def _share(self, count) -> Fraction:
        return sum((p for a, p in self.view().frequencies
                    if isinstance(a, Bid) and a.count > count(a)), Fraction(0))

    def expected(self):
        return self._share(lambda a: count_matching(self.roll, a.face))

    def mistakes(self):
        return [Mistake("true bids", 1 - self.expected(),
                        _("That is how often it bids something your dice already make true.")),
                Mistake("exact bids counted as bluffs",
                        self._share(lambda a: count_matching(self.roll, a.face) - 1),
                        _("A bid your dice make exactly true is not a bluff: bluffs need more "
                          "than you hold.")),
                Mistake("stars not wild",
                        self._share(lambda a: self.roll.count(a.face)),
                        _("Stars are wild for digit bids: they count for 1x3, 2x5, ..."))]

    def hints(self):
        return [_("For each bid the strategy plays, compare its count with your dice counting for "
                  "its face (stars count for digits)."),
                _("Add the frequencies of the bids whose count is larger.")]

    def explain(self):
        bluffs = [f"{a} (${tex(p)}$)" for a, p in self.view().frequencies
                  if isinstance(a, Bid) and p and a.count > count_matching(self.roll, a.face)]
        return _("The bluffs it plays: {bluffs}; together {p}. Equilibria bluff on purpose: if "
                 "the opener only bid what they hold, every bid would give their dice away.",
                 bluffs=", ".join(bluffs) or _("none"), p=f"${tex(self.expected())}$")


# -- 5-6. what a bid reveals ---------------------------------------------------------------------
class _TheyOpen(KeptApart, Question):
    """The opponent (1 die) opens; you hold 2-5 dice."""

    def setup(self, rng):
        self.mine = int(rng.integers(2, 6))
        self.my_roll = _roll(rng, self.mine)
        table = {r: _view((r,), (1, self.mine)) for r in FACES}
        bids = sorted({a for v in table.values() for a, p in v.frequencies if p},
                      key=lambda b: b.sort_key())

        def mixed(b):  # some matching roll and some other roll open it
            w = {r: dict(table[r].frequencies).get(b, 0) for r in FACES}
            hit = [w[r] for r in FACES if count_matching((r,), b.face)]
            miss = [w[r] for r in FACES if not count_matching((r,), b.face)]
            return any(hit) and any(miss)

        good = [b for b in bids if mixed(b)] or bids
        self.bid = choice(good, rng)

    def likelihoods(self) -> dict[int, Fraction]:
        """P(the opener bids ``bid`` | their die), from the shipped strategy."""
        return {r: dict(_view((r,), (1, self.mine)).frequencies).get(self.bid, Fraction(0))
                for r in FACES}

    def reading(self):
        return _view(self.my_roll, (self.mine, 1), [str(self.bid)])

    def context(self) -> str:
        rows = ", ".join(_("{face}: {p}", face="★" if r == STAR else r, p=_frac(p))
                         for r, p in self.likelihoods().items())
        return _("Your opponent holds 1 die, you hold {dice}. They open the round with **{bid}**. "
                 "The shipped strategy opens with {bid} with these probabilities, by the opener's "
                 "die: {rows}. Suppose they play it.", dice=_dice(self.mine), bid=self.bid,
                 rows=rows)


class WhatTheBidReveals(_TheyOpen):
    title = _l("What an opening bid reveals")

    def statement(self):
        return self.context() + "\n\n" + _(
            "Before the bid their die counts for {bid} ({what}) with probability {p}. After the "
            "bid, what is that probability?", bid=self.bid, what=_face(self.bid.face),
            p=_frac(self._prior()))

    def _prior(self) -> Fraction:
        return Fraction(sum(1 for r in FACES if count_matching((r,), self.bid.face)), 6)

    def expected(self):
        like = self.likelihoods()
        hit = sum((p for r, p in like.items() if count_matching((r,), self.bid.face)),
                  Fraction(0))
        return hit / sum(like.values())

    def mistakes(self):
        like = self.likelihoods()
        hits = [p for r, p in like.items() if count_matching((r,), self.bid.face)]
        return [Mistake("no update", self._prior(), _("That is the chance **before** the bid.")),
                Mistake("not normalised", sum(hits, Fraction(0)) / 6,
                        _("That is P(their die counts and they bid it): divide by P(they bid "
                          "it), the sum over all six faces.")),
                Mistake("inverted conditional", sum(hits, Fraction(0)) / len(hits),
                        _("That is P(they bid it | their die counts); the question asks P(their "
                          "die counts | they bid it): use Bayes' rule."))]

    def hints(self):
        return [_("Bayes' rule: each face has prior 1/6; multiply by its likelihood (the "
                  "strategy's frequency of this bid for that face) and normalise."),
                _("P = (sum of the likelihoods of the faces that count) / (sum of all six).")]

    def explain(self):
        like = self.likelihoods()
        hits = [_frac(p) for r, p in like.items() if count_matching((r,), self.bid.face)]
        p = (f"$P = \\frac{{{' + '.join(hits)}}}{{{tex(sum(like.values()))}}}"
             f" = {tex(self.expected())}$")
        return _("The 1/6 cancels: {p}, from {prior} before the bid. bluffkit's advice does the "
                 "same over every roll of up to 5 dice ({where}).", p=p,
                 prior=f"${tex(self._prior())}$", where="`Advice.solved`")


class BidTrueInEquilibrium(KeptApart, Question):
    title = _l("Is their opening bid true?")

    def setup(self, rng):
        self.mine = int(rng.integers(1, 6))
        bids = list(_opened(self.mine))
        for _attempt in range(100):  # a roll of mine for which the bid hinges on their dice
            self.my_roll = _roll(rng, self.mine)
            hinge = [b for b in bids
                     if 1 <= b.count - count_matching(self.my_roll, b.face) <= 2
                     and 0 < _view(self.my_roll, (self.mine, 2), [str(b)]).p_stands(b) < 1]
            if hinge:
                break
        good = hinge or bids
        self.bid = choice(good, rng)

    def reading(self):
        return _view(self.my_roll, (self.mine, 2), [str(self.bid)])

    def statement(self):
        return _("Your opponent holds 2 dice, you hold **{roll}** ({dice}). They open the round "
                 "with **{bid}**. Suppose they play the shipped strategy. What is P({bid} is "
                 "true) given their bid? (With their dice random it would be {random}.) Use "
                 "bluffkit: {code} gives the posterior over their 21 possible rolls ({posterior}), "
                 "or its {pmf}, their dice counting for a face.",
                 roll=dice_text(self.my_roll), dice=_dice(self.mine), bid=self.bid,
                 random=_frac(self.reading().p_stands(self.bid, 0)),
                 code="`solved_reading(your_dice, (your count, 2), [their bid], shipped=True)`",
                 posterior="`.posterior()`", pmf="`.match_pmf(face)`")

    def expected(self):
        return self.reading().p_stands(self.bid)

    def mistakes(self):
        v = self.reading()
        theirs = v.match_pmf(self.bid.face)
        mine = count_matching(self.my_roll, self.bid.face)
        return [Mistake("dice random", v.p_stands(self.bid, 0),
                        _("That is the chance with their dice random: read their bid first.")),
                Mistake("your dice forgotten",
                        sum((p for m, p in theirs.items() if m >= self.bid.count), Fraction(0)),
                        _("Your own matching dice count too: their dice only need to make up "
                          "the rest ({count} minus your {mine}).", count=self.bid.count,
                          mine=mine)),
                Mistake("at least one of theirs",
                        sum((p for m, p in theirs.items() if m >= 1), Fraction(0)),
                        _n("The bid needs {n} of their dice.", "The bid needs {n} of their dice.",
                           max(0, self.bid.count - mine)))]

    def hints(self):
        return [_("Count your own dice for the bid's face; the bid is true when theirs make up "
                  "the rest."),
                _("Under the posterior, add the chances of their rolls holding enough matching "
                  "dice.")]

    def explain(self):
        v = self.reading()
        mine = count_matching(self.my_roll, self.bid.face)
        need = max(0, self.bid.count - mine)
        pmf = ", ".join(f"{m}: ${tex(p)}$" for m, p in v.match_pmf(self.bid.face).items())
        return _n("You hold {n} die counting for {bid}; it needs {need} more from their two "
                  "dice. Their dice counting for it, after the bid: {pmf}. So {p} (their dice "
                  "random: {random}).", "You hold {n} dice counting for {bid}; it needs {need} "
                  "more from their two dice. Their dice counting for it, after the bid: {pmf}. So "
                  "{p} (their dice random: {random}).", mine, bid=self.bid, need=need, pmf=pmf,
                  p=f"$P = {tex(self.expected())}$", random=f"${tex(v.p_stands(self.bid, 0))}$")


INTRO = _l("""\
# Exercises: the full two-player game

bluffkit ships a solved strategy for every two-player round up to 5 dice against 5. These
exercises ask why the full game needs an abstraction (how many bid histories, how many
memories), what the solved strategy does when it opens (how often a bid, how often a bluff),
and what a bid reveals if the opponent plays it (Bayes' rule, then the odds of the bid).
""")

OUTRO = _l("""\
## Going further

`notebooks/09_full_game.ipynb` shows the abstraction's cost (exploitability), the match heat
map, how often the equilibrium bluffs at each size and what a bid reveals. In the BluffTable,
play one bot and turn Explain on: the chart shows your opponent's dice, random and after their
bids in equilibrium.
""")

QUESTIONS = [Histories, Memories, OpeningFrequency, BluffShare, WhatTheBidReveals,
             BidTrueInEquilibrium]
"""The questions, easiest first (``bluffkit.exercises.catalogue("full-game")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", *(q.__name__ for q in QUESTIONS)]
