"""Exercises on the full two-player game of Bluff: why it needs an abstraction, what the solved
strategy does, and what its bids reveal. Easiest first.

The numbers of each student (seed) are their own: dice counts, a roll, a bid. Every expected
answer and likely mistake is computed when the student checks: counts of bid histories by
``math.comb`` (pinned in the tests to an enumeration), and the strategy's numbers from the
strategy shipped with bluffkit (``bluffkit.advice.bluff_solved.solved_reading(...,
shipped=True)``): exact fractions of its stored weights, so each answer is checked exactly
(decimals within the usual tolerance).

>>> q = WhatTheBidReveals(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..games.bluff import STAR, Bid, count_matching, dice_text, raises_of
from ..games.bluff.state import roll_outcomes
from .answers import Count
from .core import Mistake, Question, tex

NOTEBOOK = "09_full_game.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

FACES = (1, 2, 3, 4, 5, STAR)


def _view(roll, counts, history=()):
    from ..advice.bluff_solved import solved_reading

    return solved_reading(roll, counts, list(history), shipped=True)


def _frac(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _roll(rng, n: int) -> tuple[int, ...]:
    return tuple(sorted(int(f) for f in rng.integers(1, 7, size=n)))


def _face(face: int) -> str:
    return "stars" if face == STAR else f"{face}s or stars"


HOW_TO_READ = ("In Python: `from bluffkit.advice.bluff_solved import solved_reading`, then "
               "`solved_reading(\"3,*\", (2, 4), [], shipped=True).frequencies` lists what the "
               "shipped strategy does holding 3 and a star with 2 dice against 4, opening the "
               "round (`.frequency(\"2x3\")` for one bid). `bluffkit.advice.bluff_strategy."
               "policy` gives the same numbers as decimals.")


# -- 1-2. why an abstraction ----------------------------------------------------------------------
class _Ladder(Question):
    kind = Count()

    def setup(self, rng):
        self.dice = (int(rng.integers(1, 6)), int(rng.integers(1, 6)))
        self.k = int(rng.integers(1, 4))

    @property
    def ladder(self) -> int:
        return len(raises_of(None, sum(self.dice)))

    def context(self) -> str:
        x, y = self.dice
        top = sum(self.dice)
        return (f"A two-player round with {_dice(x)} against {_dice(y)}: {top} dice in play, so "
                f"the bid ladder has L = {self.ladder} bids, from 1x1 up to {top}x*. Each bid "
                "must climb the ladder, so a round's bid history is a sequence of bids in "
                "ladder order (until someone challenges).")


class Histories(_Ladder):
    title = "How many bid histories?"

    def statement(self):
        return (self.context() + "\n\nHow many different bid histories can a round have, the "
                "empty one (nobody has bid yet) included?")

    def expected(self):
        return 2 ** self.ladder

    def mistakes(self):
        n = self.ladder
        return [Mistake("empty history forgotten", 2**n - 1,
                        "The empty history counts too: nobody has bid yet."),
                Mistake("orders counted", sum(math.perm(n, j) for j in range(n + 1)),
                        "Bids in a history always climb the ladder: a set of bids can be bid "
                        "in one order only."),
                Mistake("one bid per step", n + 1, "A history can hold any number of bids.")]

    def hints(self):
        return ["A history is fixed by which bids it contains: the order is the ladder's.",
                "Each of the L bids is either in the history or not."]

    def explain(self):
        return (f"A history is a subset of the ladder (its order is the ladder's), so there are "
                f"$2^{{{self.ladder}}} = {self.expected()}$ of them. A player's decision depends "
                "on the whole history: that is why the real game is too big to solve with a "
                "table per history beyond a few dice.")


class Memories(_Ladder):
    title = "Remembering only the last bids"

    def statement(self):
        k = self.k
        return (self.context() + f"\n\nbluffkit's solved strategies let a player remember only "
                f"the last {'bid' if k == 1 else f'{k} bids'} of the round (plus their own dice, "
                f"both dice counts and who opened). How many different sequences of at most {k} "
                "bids in ladder order can a player remember, the empty one (nobody has bid yet) "
                "included?")

    def expected(self):
        return sum(math.comb(self.ladder, j) for j in range(self.k + 1))

    def mistakes(self):
        n, k = self.ladder, self.k
        return [Mistake("exactly k bids", math.comb(n, k),
                        f"Early in a round fewer than {k} bids have been made: count the "
                        "shorter sequences too."),
                Mistake("empty memory forgotten", self.expected() - 1,
                        "Nothing remembered (no bid yet) is one memory too."),
                Mistake("orders counted", sum(n**j for j in range(k + 1)),
                        "The remembered bids climb the ladder: choose which, not in what "
                        "order.")]

    def hints(self):
        return ["A memory is a set of at most k bids: choose j of the L bids, j = 0 .. k.",
                "Add the binomial coefficients C(L, j) for j = 0 .. k."]

    def explain(self):
        n, k = self.ladder, self.k
        terms = " + ".join(f"\\binom{{{n}}}{{{j}}}" for j in range(k + 1))
        return (f"${terms} = {self.expected()}$ memories, against $2^{{{n}}} = {2**n}$ "
                "histories: the strategy is a table over memories, small enough to solve. The "
                "price: a player cannot tell apart histories that end the same way, and an "
                "opponent who remembers everything can exploit that (the exploitability table "
                "in the notebook measures how much).")


# -- 3-4. what the equilibrium does --------------------------------------------------------------
class _Opening(Question):
    """Opening a round with a drawn roll: the shipped strategy's opening bids."""

    def setup(self, rng):
        for _ in range(100):  # a roll where the strategy mixes bluffs and true bids
            self.dice = (int(rng.integers(1, 6)), int(rng.integers(1, 6)))
            self.roll = _roll(rng, self.dice[0])
            played = [a for a, p in self.view().frequencies if p]
            bluffs = sum(a.count > count_matching(self.roll, a.face) for a in played)
            if 0 < bluffs < len(played):
                break
        self.bid = played[int(rng.integers(len(played)))]

    def view(self):
        return _view(self.roll, self.dice)

    def context(self) -> str:
        x, y = self.dice
        return (f"You hold **{dice_text(self.roll)}** ({_dice(x)}; ★ is a star, wild for "
                f"digits) against an opponent's {_dice(y)}, and you open the round. "
                + HOW_TO_READ)


class OpeningFrequency(_Opening):
    title = "How often the equilibrium opens with a bid"

    def statement(self):
        return (self.context() + f"\n\nWith what probability does the shipped strategy open "
                f"with **{self.bid}** holding your dice?")

    def expected(self):
        return dict(self.view().frequencies)[self.bid]

    def mistakes(self):
        average = sum((p * dict(_view(r.dice, self.dice).frequencies)[self.bid]
                       for r, p in roll_outcomes(self.dice[0])), Fraction(0))
        freq = self.view().frequencies
        return [Mistake("uniform", Fraction(1, len(freq)),
                        "That is a uniform choice among the opening bids; the strategy's "
                        "frequencies depend on your dice."),
                Mistake("averaged over rolls", average,
                        "That is how often the opener bids it with random dice; the question "
                        "is about your roll.")]

    def hints(self):
        return ["Read the strategy for your roll and the empty history (you open).",
                "Look your bid up among the frequencies for your roll (the statement says how, "
                "in Python)."]

    def explain(self):
        top = ", ".join(f"{a} {float(p):.1%}" for a, p in self.view().played()[:5])
        return (f"The strategy's row for your dice: {top} (likeliest first). For {self.bid}: "
                f"${tex(self.expected())}$ (the stored weight over the row's total).")


class BluffShare(_Opening):
    title = "How often the opening bid is a bluff"

    def statement(self):
        return (self.context() + "\n\nA bid is a **bluff** when your own dice do not already "
                "make it true (its count is more than your dice counting for its face). How "
                "often is the shipped strategy's opening bid a bluff, holding your dice?")

    def _share(self, count) -> Fraction:
        return sum((p for a, p in self.view().frequencies
                    if isinstance(a, Bid) and a.count > count(a)), Fraction(0))

    def expected(self):
        return self._share(lambda a: count_matching(self.roll, a.face))

    def mistakes(self):
        return [Mistake("true bids", 1 - self.expected(),
                        "That is how often it bids something your dice already make true."),
                Mistake("exact bids counted as bluffs",
                        self._share(lambda a: count_matching(self.roll, a.face) - 1),
                        "A bid your dice make exactly true is not a bluff: bluffs need more "
                        "than you hold."),
                Mistake("stars not wild",
                        self._share(lambda a: self.roll.count(a.face)),
                        "Stars are wild for digit bids: they count for 1x3, 2x5, ...")]

    def hints(self):
        return ["For each bid the strategy plays, compare its count with your dice counting for "
                "its face (stars count for digits).",
                "Add the frequencies of the bids whose count is larger."]

    def explain(self):
        bluffs = [f"{a} (${tex(p)}$)" for a, p in self.view().frequencies
                  if isinstance(a, Bid) and p and a.count > count_matching(self.roll, a.face)]
        return (f"The bluffs it plays: {', '.join(bluffs) or 'none'}; together "
                f"${tex(self.expected())}$. Equilibria bluff on purpose: if the opener only bid "
                "what they hold, every bid would give their dice away.")


# -- 5-6. what a bid reveals ---------------------------------------------------------------------
class _TheyOpen(Question):
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
        self.bid = good[int(rng.integers(len(good)))]

    def likelihoods(self) -> dict[int, Fraction]:
        """P(the opener bids ``bid`` | their die), from the shipped strategy."""
        return {r: dict(_view((r,), (1, self.mine)).frequencies).get(self.bid, Fraction(0))
                for r in FACES}

    def reading(self):
        return _view(self.my_roll, (self.mine, 1), [str(self.bid)])

    def context(self) -> str:
        rows = ", ".join(f"{'★' if r == STAR else r}: {_frac(p)}"
                         for r, p in self.likelihoods().items())
        return (f"Your opponent holds 1 die, you hold {_dice(self.mine)}. They open the round "
                f"with **{self.bid}**. The shipped strategy opens with {self.bid} with these "
                f"probabilities, by the opener's die: {rows}. Suppose they play it.")


class WhatTheBidReveals(_TheyOpen):
    title = "What an opening bid reveals"

    def statement(self):
        return (self.context() + f"\n\nBefore the bid their die counts for {self.bid} "
                f"({_face(self.bid.face)}) with probability "
                f"{_frac(self._prior())}. After the bid, what is that probability?")

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
        return [Mistake("no update", self._prior(), "That is the chance **before** the bid."),
                Mistake("not normalised", sum(hits, Fraction(0)) / 6,
                        "That is P(their die counts and they bid it): divide by P(they bid "
                        "it), the sum over all six faces."),
                Mistake("inverted conditional", sum(hits, Fraction(0)) / len(hits),
                        "That is P(they bid it | their die counts); the question asks P(their "
                        "die counts | they bid it): use Bayes' rule.")]

    def hints(self):
        return ["Bayes' rule: each face has prior 1/6; multiply by its likelihood (the "
                "strategy's frequency of this bid for that face) and normalise.",
                "P = (sum of the likelihoods of the faces that count) / (sum of all six)."]

    def explain(self):
        like = self.likelihoods()
        hits = [_frac(p) for r, p in like.items() if count_matching((r,), self.bid.face)]
        return (f"The 1/6 cancels: $P = \\frac{{{' + '.join(hits)}}}{{{tex(sum(like.values()))}}}"
                f" = {tex(self.expected())}$, from ${tex(self._prior())}$ before the bid. "
                "bluffkit's advice does the same over every roll of up to 5 dice "
                "(`Advice.solved`).")


class BidTrueInEquilibrium(Question):
    title = "Is their opening bid true?"

    def setup(self, rng):
        self.mine = int(rng.integers(1, 6))
        opened = set()
        for r, _ in roll_outcomes(2):
            opened |= {a for a, p in _view(r.dice, (2, self.mine)).frequencies if p}
        bids = sorted(opened, key=lambda b: b.sort_key())
        for _ in range(100):  # a roll of mine for which the bid hinges on their dice
            self.my_roll = _roll(rng, self.mine)
            hinge = [b for b in bids
                     if 1 <= b.count - count_matching(self.my_roll, b.face) <= 2
                     and 0 < _view(self.my_roll, (self.mine, 2), [str(b)]).p_stands(b) < 1]
            if hinge:
                break
        good = hinge or bids
        self.bid = good[int(rng.integers(len(good)))]

    def reading(self):
        return _view(self.my_roll, (self.mine, 2), [str(self.bid)])

    def statement(self):
        return (f"Your opponent holds 2 dice, you hold **{dice_text(self.my_roll)}** "
                f"({_dice(self.mine)}). They open the round with **{self.bid}**. Suppose they "
                f"play the shipped strategy. What is P({self.bid} is true) given their bid? "
                f"(With their dice random it would be "
                f"{_frac(self.reading().p_stands(self.bid, 0))}.) Use bluffkit: "
                "`solved_reading(your_dice, (your count, 2), [their bid], shipped=True)` gives "
                "the posterior over their 21 possible rolls (`.posterior()`), or its "
                "`.match_pmf(face)`, their dice counting for a face.")

    def expected(self):
        return self.reading().p_stands(self.bid)

    def mistakes(self):
        v = self.reading()
        theirs = v.match_pmf(self.bid.face)
        mine = count_matching(self.my_roll, self.bid.face)
        return [Mistake("dice random", v.p_stands(self.bid, 0),
                        "That is the chance with their dice random: read their bid first."),
                Mistake("your dice forgotten",
                        sum((p for m, p in theirs.items() if m >= self.bid.count), Fraction(0)),
                        "Your own matching dice count too: their dice only need to make up "
                        f"the rest ({self.bid.count} minus your {mine})."),
                Mistake("at least one of theirs",
                        sum((p for m, p in theirs.items() if m >= 1), Fraction(0)),
                        f"The bid needs {max(0, self.bid.count - mine)} of their dice.")]

    def hints(self):
        return ["Count your own dice for the bid's face; the bid is true when theirs make up "
                "the rest.",
                "Under the posterior, add the chances of their rolls holding enough matching "
                "dice."]

    def explain(self):
        v = self.reading()
        mine = count_matching(self.my_roll, self.bid.face)
        need = max(0, self.bid.count - mine)
        pmf = ", ".join(f"{m}: ${tex(p)}$" for m, p in v.match_pmf(self.bid.face).items())
        return (f"You hold {mine} counting for {self.bid}; it needs {need} more from their two "
                f"dice. Their dice counting for it, after the bid: {pmf}. So "
                f"$P = {tex(self.expected())}$ (their dice random: "
                f"${tex(v.p_stands(self.bid, 0))}$).")


INTRO = """\
# Exercises: the full two-player game

bluffkit ships a solved strategy for every two-player round up to 5 dice against 5. These
exercises ask why the full game needs an abstraction (how many bid histories, how many
memories), what the solved strategy does when it opens (how often a bid, how often a bluff),
and what a bid reveals if the opponent plays it (Bayes' rule, then the odds of the bid).
"""

OUTRO = """\
## Going further

`notebooks/09_full_game.ipynb` shows the abstraction's cost (exploitability), the match heat
map, how often the equilibrium bluffs at each size and what a bid reveals. In the BluffTable,
play one bot and turn Explain on: the chart shows your opponent's dice, random and after their
bids in equilibrium.
"""

QUESTIONS = [Histories, Memories, OpeningFrequency, BluffShare, WhatTheBidReveals,
             BidTrueInEquilibrium]
"""The questions, easiest first (``bluffkit.exercises.catalogue("full-game")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", *(q.__name__ for q in QUESTIONS)]
