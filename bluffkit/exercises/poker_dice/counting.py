"""Poker dice questions 1-5: counting hands of five and six dice."""

from __future__ import annotations

from fractions import Fraction

from ...core import choice
from ...core.i18n import _, _l, _n, num
from ...games.poker_dice import FACES, Category, dice_text
from ...odds.poker_dice import category_counts
from ..answers import Count
from ..core import Mistake, Question, tex
from .common import COLOURS, NO_COLOURS, multiset_share, p_category, ranking


# -- 1. five of a kind ------------------------------------------------------------------------
class FiveOfAKind(Question):
    title = _l("Five of a kind")

    def setup(self, rng):
        self.face = int(choice(FACES, rng)) if rng.random() < 0.5 else None

    def statement(self):
        what = (_("five of a kind (all five dice the same, any face)") if self.face is None
                else _("five **{face}**s", face=dice_text((self.face,))))
        return _("Five poker dice are rolled at once. What is the probability of {what}?",
                 what=what)

    def expected(self):
        any_face = p_category(5, Category.FIVE_OF_A_KIND)
        return any_face if self.face is None else any_face / 6

    def mistakes(self):
        any_face = p_category(5, Category.FIVE_OF_A_KIND)
        if self.face is not None:
            return [Mistake("any face", any_face, _("That is five of a kind of **any** face; the "
                              "question names one face: all five dice must show it."))]
        return [Mistake("one face", any_face / 6, _("That is five of one **given** face; any of "
                          "the six faces will do.")),
                Mistake("too few dice", any_face * 6, _("The first die can be anything, but the "
                          "other **four** must match it: (1/6)^4, not (1/6)^3."))]

    def hints(self):
        return [_("There are 6^5 = 7,776 equally likely ordered rolls of five dice."),
                _("How many of them show the same face five times?")]

    def explain(self):
        n = 6 if self.face is None else 1
        reduced = f" = {tex(self.expected())}" if n != 1 else ""
        return _n("{n} of the {rolls} ordered rolls qualifies: {p}.",
                  "{n} of the {rolls} ordered rolls qualify: {p}.", n, rolls="$6^5 = 7776$",
                  p=f"$P = \\frac{{{n}}}{{7776}}{reduced}$")


# -- 2. counting straights --------------------------------------------------------------------
class StraightCount(Question):
    title = _l("Counting straights")
    kind = Count()

    def setup(self, rng):
        self.both = bool(rng.random() < 0.5)

    def statement(self):
        which = (_("a large straight (9-10-J-Q-K or 10-J-Q-K-A)") if self.both else
                 _("the straight 9-10-J-Q-K (in any order)"))
        return _("How many of the {rolls} ordered rolls of five dice show {which}?",
                 rolls=num(7776, ","), which=which)

    def expected(self):
        both = category_counts(dice=5)[Category.LARGE_STRAIGHT]
        return both if self.both else both // 2

    def mistakes(self):
        return [Mistake("sorted results", 2 if self.both else 1,
                        _("You counted sorted results; each one comes from 5! = 120 orders of "
                          "the dice, and every order is a different roll.")),
                Mistake("one straight", 120, _("There are **two** large straights: 9-K and "
                          "10-A.")) if self.both else
                Mistake("both straights", 240, _("The question asks for 9-10-J-Q-K only."))]

    def hints(self):
        return [_("Five different faces, in any order."),
                _("Five different faces can be ordered in 5! ways.")]

    def explain(self):
        k = 2 if self.both else 1
        return _n("{n} set of five faces, each in {orders} orders: {total}.",
                  "{n} sets of five faces, each in {orders} orders: {total}.", k,
                  orders="$5! = 120$", total=f"${k} \\times 120 = {self.expected()}$")


# -- 3. a category of five dice ---------------------------------------------------------------
class FiveDiceCategory(Question):
    title = _l("A hand of five dice")

    def setup(self, rng):
        self.category = choice((Category.PAIR, Category.TWO_PAIRS, Category.THREE_OF_A_KIND,
                                   Category.FULL_HOUSE, Category.FOUR_OF_A_KIND), rng)

    def statement(self):
        return _("Five dice are rolled at once. What is the probability that the hand is "
                 "exactly **{category}** (and nothing higher)? {colours} The ranking: {ranking}.",
                 category=self.category.words, colours=COLOURS, ranking=ranking())

    def expected(self):
        return p_category(5, self.category)

    def mistakes(self):
        # five dice of two faces make a full house or four of a kind: only those lose flushes
        flushes = ([Mistake("flushes left in", p_category(5, self.category, NO_COLOURS),
                            _("Some of these hands are all black (9s and As) or all red (10s "
                              "and Ks): they are large flushes, a higher category. Take them "
                              "out."))]
                   if self.category in (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND) else [])
        return [*flushes,
                Mistake("sorted results", multiset_share(self.category),
                        _("You counted the 252 sorted results as if equally likely; they are not "
                          "(a result with five different faces comes from 120 rolls, five of a "
                          "kind from 1). Count ordered rolls, out of 7,776."))]

    def hints(self):
        return [_("Count ordered rolls: choose the faces, then which positions hold them "
                  "(multinomial coefficients), out of 6^5 = 7,776."),
                _("Then remove the hands that are also large flushes (all dice black or all red).")]

    def explain(self):
        n = category_counts(dice=5)[self.category]
        plain = category_counts(dice=5, rules=NO_COLOURS)[self.category]
        extra = (" " + _("Without colours there would be {plain}; the {flushes} all-black or "
                         "all-red ones are large flushes.", plain=plain, flushes=plain - n)
                 if plain != n else "")
        return _("{n} of the {rolls} ordered rolls are {category}.", n=n, rolls=num(7776, ","),
                 category=self.category.words) + extra + (
            f" $P = \\frac{{{n}}}{{7776}} = {tex(self.expected())}$.")


# -- 4. the best five of six ------------------------------------------------------------------
class BestOfSix(Question):
    title = _l("The best five of six")

    def setup(self, rng):
        self.category = choice((Category.FULL_HOUSE, Category.FOUR_OF_A_KIND,
                                   Category.LARGE_STRAIGHT, Category.LARGE_FLUSH,
                                   Category.FIVE_OF_A_KIND), rng)

    def statement(self):
        return _("In the game, a hand is the best 5 of 6 dice (3 under your peeker, 3 common). "
                 "Before any die is seen, what is the probability that your hand is "
                 "**{category}**? {colours} The ranking: {ranking}.",
                 category=self.category.words, colours=COLOURS, ranking=ranking())

    def expected(self):
        return p_category(6, self.category)

    def mistakes(self):
        out = [Mistake("five dice", p_category(5, self.category),
                       _("That is the chance with five dice; with six you may choose the best "
                         "five, which makes good hands more likely."))]
        if self.category == Category.LARGE_STRAIGHT:
            out.append(Mistake("six different faces only", Fraction(720, 46656),
                               _("Six different faces (720 rolls) always hold a straight, but so "
                                 "do rolls with a pair, like 9-10-J-Q-K-K.")))
        return out

    def hints(self):
        return [_("There are 6^6 = 46,656 equally likely rolls of six dice."),
                _("For each roll take the best of its six choices of five dice; "
                  "`bluffkit.odds.poker_dice.category_counts(dice=6)` lets you check a count.")]

    def explain(self):
        n = category_counts(dice=6)[self.category]
        return _("{n} of the {rolls} rolls of six dice have a best hand of {category}: {p}.",
                 n=n, rolls=num(46656, ","), category=self.category.words,
                 p=f"$P = \\frac{{{n}}}{{46656}} = {tex(self.expected())}$")


# -- 5. never nothing -------------------------------------------------------------------------
class NeverNothing(Question):
    title = _l("Six dice are never nothing")

    def statement(self):
        return _("With five dice, 480 of the 7,776 rolls are *nothing* (no pair, no straight, no "
                 "flush). What is the probability that the best 5 of **6** dice is nothing?")

    def expected(self):
        return p_category(6, Category.NOTHING)

    def mistakes(self):
        return [Mistake("five dice", p_category(5, Category.NOTHING),
                        _("That is the chance for five dice. With six, think about the faces: "
                          "only six faces exist.")),
                Mistake("six different faces", Fraction(720, 46656),
                        _("Six different faces are 9, 10, J, Q, K and A: that roll holds a large "
                          "straight, not nothing."))]

    def hints(self):
        return [_("Six dice, six faces: either two dice share a face, or ..."),
                _("... all six faces appear once. What does 9-10-J-Q-K-A hold?")]

    def explain(self):
        return _("Either two of the six dice show the same face (a pair at least), or all six "
                 "faces appear, and then 10-J-Q-K-A is a large straight. So no roll of six dice "
                 "is nothing: $P = 0$ (pigeonhole principle).")
