"""Exercises on poker dice with peekers, easiest first: counting hands, conditional probability
with the common dice, equity and pot odds.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.poker_dice`` when
the student checks. The model is the calculators' one: the dice you cannot see are unknown and
random; opponents' bets are not read as information; a tie among ``t + 1`` players splits the
pot equally.

>>> q = GivenMyDice(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..core.i18n import _, _l, _n, _p, num
from ..games.poker_dice import FACES, Category, PokerDiceRules, best_hand, dice_text, multisets
from ..odds.poker_dice import category_counts, category_distribution, equity, pot_odds
from .answers import Choice, Count, Estimate
from .core import Mistake, Question, fmt, tex, tex_ratio

NO_COLOURS = PokerDiceRules(colours=("c9", "c10", "cJ", "cQ", "cK", "cA"))
"""Every face its own colour: no large flush (the counts of the usual poker-dice tables)."""
COLOURS = _l("The colours: 9 and A are black, 10 and K red, J blue, Q green; a **large flush** "
             "is five dice of one colour (it ranks above four of a kind).")
TIES = _l("Ties within a category compare the faces, then the other dice, highest first.")
"""The tie rule within a category (a rules option): said wherever hands are compared."""
SPLIT = _l("A tie among the best hands splits the pot equally.")


def ranking() -> str:
    """The categories from lowest to highest, in the current language."""
    return " < ".join(c.words for c in Category)


def hand_rules() -> str:
    """Every rule a comparison of two hands depends on: colours, ranking, ties."""
    return _("{colours} The ranking: {ranking}. {ties}", colours=COLOURS, ranking=ranking(),
             ties=TIES)


def dice(faces) -> str:
    """``"9, K, K"``."""
    return dice_text(sorted(faces)).replace(",", ", ")


def roll(rng: np.random.Generator, k: int = 3) -> tuple[int, ...]:
    return tuple(sorted(int(FACES[i]) for i in rng.integers(0, 6, size=k)))


def pick(rng: np.random.Generator, options):
    return options[int(rng.integers(len(options)))]


def p_category(dice_count: int, category: Category, rules=None) -> Fraction:
    counts = category_counts(dice=dice_count, rules=rules)
    return Fraction(counts[category], sum(counts.values()))


def multiset_share(category: Category) -> Fraction:
    """The wrong answer that treats the 252 sorted results of five dice as equally likely."""
    from ..games.poker_dice import hand_category

    ms = multisets(5)
    return Fraction(sum(1 for d, _n in ms if hand_category(d) == category), len(ms))


# -- 1. five of a kind ------------------------------------------------------------------------
class FiveOfAKind(Question):
    title = _l("Five of a kind")

    def setup(self, rng):
        self.face = int(pick(rng, FACES)) if rng.random() < 0.5 else None

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
        self.category = pick(rng, (Category.PAIR, Category.TWO_PAIRS, Category.THREE_OF_A_KIND,
                                   Category.FULL_HOUSE, Category.FOUR_OF_A_KIND))

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
        self.category = pick(rng, (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND,
                                   Category.LARGE_STRAIGHT, Category.LARGE_FLUSH,
                                   Category.FIVE_OF_A_KIND))

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


# -- 6. given my dice -------------------------------------------------------------------------
class GivenMyDice(Question):
    title = _l("Before the common roll")

    def setup(self, rng):
        for _attempt in range(100):
            self.mine = roll(rng)
            self.category = pick(rng, (Category.THREE_OF_A_KIND, Category.FULL_HOUSE,
                                       Category.FOUR_OF_A_KIND, Category.LARGE_STRAIGHT))
            if 0 < self.expected() < 1:
                return

    def statement(self):
        return _("Your peeker shows **{mine}**. The 3 common dice are not rolled yet. What is "
                 "the probability that your best 5 of 6 is **{category}** or better? {colours} "
                 "The ranking: {ranking}.", mine=dice(self.mine), category=self.category.words,
                 colours=COLOURS, ranking=ranking())

    def expected(self):
        return category_distribution(self.mine).prob(lambda c: c >= self.category)

    def mistakes(self):
        d = category_distribution(self.mine)
        return [Mistake("exactly", d.probability(self.category),
                        _("That is the chance of exactly {category}; the question asks for it "
                          "**or better**.", category=self.category.words)),
                Mistake("my dice ignored",
                        category_distribution().prob(lambda c: c >= self.category),
                        _("That is the chance for a hand of six unknown dice. Yours are known: "
                          "only the 3 common dice are unknown (216 rolls).")),
                Mistake("five dice", Fraction(sum(n for c, n in category_counts(
                    dice=5).items() if c >= self.category), 7776),
                        _("That is for five unknown dice. Three of your six dice are known."))]

    def hints(self):
        return [_("Only the 3 common dice are unknown: 6^3 = 216 equally likely rolls."),
                _("For each roll, find the best 5 of your 6 dice; count the rolls at or above "
                  "the category.")]

    def explain(self):
        n = sum(c for cat, c in category_counts(self.mine, 6).items() if cat >= self.category)
        return _("Of the 216 rolls of the common dice, {n} give {mine} a best hand of "
                 "{category} or better: {p}.", n=n, mine=dice(self.mine),
                 category=self.category.words, p=f"$P = {tex_ratio(n, 216)}$")


# -- 7. beating one opponent ------------------------------------------------------------------
def _position(rng, k: int):
    """My dice and common dice with every outcome possible against ``k`` opponents."""
    for _attempt in range(100):
        mine, common = roll(rng), roll(rng)
        e = equity(mine, common, k)
        if e.win and e.tie and e.lose:
            return mine, common
    return mine, common


class WinOneOpponent(Question):
    title = _l("Beating one opponent")

    def setup(self, rng):
        self.mine, self.common = _position(rng, 1)

    def statement(self):
        return _("Your peeker shows **{mine}**; the common dice are **{common}**. One "
                 "opponent's 3 dice are unknown and random. {rules} What is the probability that "
                 "your hand **beats** theirs (a tie does not count)?", mine=dice(self.mine),
                 common=dice(self.common), rules=hand_rules())

    def odds(self):
        return equity(self.mine, self.common, 1)

    def expected(self):
        return self.odds().p_win

    def mistakes(self):
        e = self.odds()
        return [Mistake("ties counted", e.p_win + e.p_tie,
                        _("You counted the ties as wins; the question asks for beating them.")),
                Mistake("equity", e.equity, _("That is your equity (ties counted half); the "
                          "question asks for a strict win."))]

    def hints(self):
        return [_("The opponent's 3 dice have 216 equally likely rolls; the common dice are "
                  "known."),
                _("For each roll compare their best 5 of 6 with yours (`best_hand(...).key` "
                  "compares hands).")]

    def explain(self):
        e = self.odds()
        return _("Your hand is {hand}. Of the opponent's 216 rolls you beat {win}, tie {tie} "
                 "and lose to {lose}: {p}.", hand=best_hand(self.mine + self.common).words,
                 win=e.win, tie=e.tie, lose=e.lose, p=f"$P = {tex_ratio(e.win, 216)}$")


# -- 8. ties split ----------------------------------------------------------------------------
class SplitTies(Question):
    title = _l("Equity with ties split")

    def setup(self, rng):
        self.mine, self.common = _position(rng, 2)

    def statement(self):
        return _("Your peeker shows **{mine}**; the common dice are **{common}**. **Two** "
                 "opponents' dice are unknown and random. {rules} {split} What is your equity: "
                 "your expected share of the pot (half of it in a tie of two, a third in a tie of "
                 "three)?", mine=dice(self.mine), common=dice(self.common), rules=hand_rules(),
                 split=SPLIT)

    def odds(self):
        return equity(self.mine, self.common, 2)

    def expected(self):
        return self.odds().equity

    def mistakes(self):
        e, one = self.odds(), equity(self.mine, self.common, 1)
        return [Mistake("ties ignored", e.p_win, _("That is the chance to win outright; ties "
                          "bring you a share of the pot too.")),
                Mistake("ties in full", e.p_win + e.p_tie, _("A tie does not win the whole pot: "
                          "it is split among the tied players.")),
                Mistake("one opponent", one.equity, _("That is against one opponent; there are "
                          "two."))]

    def hints(self):
        return [_("Given the common dice the two opponents are independent: for each, count "
                  "the rolls below your hand (L) and equal to it (E), out of 216."),
                _("Equity = [L² + 2·L·E/2 + E²/3] / 216²: win outright, tie with one, tie with "
                  "both.")]

    def explain(self):
        e = self.odds()
        return _("Of the {rolls} rolls of the two opponents you win outright in {win}, tie for "
                 "the best in {tie}. Counting each tie as your share: equity {equity}.",
                 rolls="$216^2 = 46656$", win=e.win, tie=e.tie, equity=f"$= {tex(e.equity)}$")


# -- 9. pot odds ------------------------------------------------------------------------------
class PotOdds(Question):
    title = _l("Pot odds")

    def setup(self, rng):
        self.pot = int(rng.integers(4, 31))
        self.to_call = int(rng.integers(1, 11))

    def statement(self):
        return _("There are **{pot}** points in the middle and calling costs you **{to_call}**. "
                 "What share of the final pot must you win on average for the call to break "
                 "even?", pot=self.pot, to_call=self.to_call)

    def expected(self):
        return pot_odds(self.to_call, self.pot)

    def mistakes(self):
        return [Mistake("pot before the call", Fraction(self.to_call, self.pot),
                        _("Your call goes into the pot too: you risk {to_call} to win a pot "
                          "of {pot} + {to_call}.", pot=self.pot, to_call=self.to_call)),
                Mistake("odds against", Fraction(self.pot, self.pot + self.to_call),
                        _("That is the share the call does **not** need."))]

    def hints(self):
        return [_("Breaking even: equity × (pot + call) = call.")]

    def explain(self):
        share = f"$\\frac{{{self.to_call}}}{{{self.pot + self.to_call}}}" + (
            f" = {tex(self.expected())}$" if self.expected().denominator
            != self.pot + self.to_call else "$")
        return _("Calling {to_call} into {pot} breaks even when equity × ({pot} + {to_call}) = "
                 "{to_call}: {share}.", to_call=self.to_call, pot=self.pot, share=share)


# -- 10. call or fold -------------------------------------------------------------------------
class CallOrFold(Question):
    title = _l("Call or fold?")
    kind = Choice({"call": ("c", "suivre"), "fold": ("f", "se coucher", "passe", "passer")},
                  labels={"call": lambda: _p("answer", "call"),
                          "fold": lambda: _p("answer", "fold")})

    def setup(self, rng):
        for _attempt in range(100):  # never exactly break-even: then both answers are right
            self.mine, self.common = _position(rng, 1)
            self.pot = int(rng.integers(4, 21))
            self.to_call = int(rng.integers(1, 16))
            if len(set(self.numbers())) == 2:
                return

    def statement(self):
        return _("Your peeker shows **{mine}**; the common dice are **{common}**. One opponent "
                 "is left; there are **{pot}** points in the middle and calling costs "
                 "**{to_call}**. {rules} {split} Treating the opponent's dice as unknown and "
                 "random (their bet is not read) and counting only this call (nobody bets "
                 "after it), should you {call} or {fold}?", mine=dice(self.mine),
                 common=dice(self.common), pot=self.pot, to_call=self.to_call,
                 rules=hand_rules(), split=SPLIT, call=f"`{self.kind.show('call')}`",
                 fold=f"`{self.kind.show('fold')}`")

    def numbers(self):
        return equity(self.mine, self.common, 1).equity, pot_odds(self.to_call, self.pot)

    def expected(self):
        eq, needed = self.numbers()
        return "call" if eq >= needed else "fold"

    def mistakes(self):
        eq, needed = self.numbers()
        other = "fold" if self.expected() == "call" else "call"
        return [Mistake("pot odds", other, _("Compare your equity {equity} with the share the "
                                             "call needs, {needed}.", equity=fmt(eq),
                                             needed=fmt(needed)))]

    def hints(self):
        return [_("Compute your equity against one unknown hand (ties split)."),
                _("The call needs to_call / (pot + to_call) of the final pot.")]

    def explain(self):
        eq, needed = self.numbers()
        sign = "\\ge" if eq >= needed else "<"
        return _("Equity {equity} {sign} pot odds {needed}: **{answer}**.",
                 equity=f"${tex(eq)} \\approx {num(float(eq), '.3f')}$", sign=f"${sign}$",
                 needed=f"$\\frac{{{self.to_call}}}{{{self.pot + self.to_call}}} \\approx "
                 f"{num(float(needed), '.3f')}$", answer=self.kind.word(self.expected()))


# -- 11. simulation ---------------------------------------------------------------------------
class Simulation(Question):
    title = _l("Simulate it")
    kind = Estimate()
    deals = 20_000

    def setup(self, rng):
        self.mine = roll(rng)

    def statement(self):
        return _("Estimate by simulation the probability that your peeker **{mine}** beats one "
                 "opponent outright **before** the common roll: deal the 3 common dice and the "
                 "opponent's 3 dice at random {deals} times, and count how often your best 5 of 6 "
                 "beats theirs (a tie does not count). {rules} Your estimate is accepted within "
                 "{tolerance} of the exact value (over four standard errors).",
                 mine=dice(self.mine), deals=num(self.deals, ","), rules=hand_rules(),
                 tolerance=float(self.kind.tolerance))

    def expected(self):
        return equity(self.mine, None, 1).p_win

    def mistakes(self):
        e = equity(self.mine, None, 1)
        return [Mistake("ties counted", e.p_win + e.p_tie, _("Count the deals you **beat** "
                          "the opponent; ties are not wins."))]

    def hints(self):
        return [_("`from bluffkit.games.poker_dice import best_hand`; `best_hand(dice).key` "
                  "compares two hands of six dice."),
                _("`rng.choice([9, 10, 11, 12, 13, 14], 3)` rolls three dice.")]

    def simulate(self, seed: int | None = None) -> float:
        """The simulation the solution shows (a float: an estimate, not an exact value)."""
        rng = np.random.default_rng(self.seed if seed is None else seed)
        rolls = rng.choice(FACES, size=(self.deals, 6))
        wins = 0
        for row in rolls.tolist():
            common, theirs = tuple(row[:3]), tuple(row[3:])
            wins += best_hand(self.mine + common).key > best_hand(theirs + common).key
        return wins / self.deals

    def explain(self):
        p = self.expected()
        sd = (float(p) * (1 - float(p)) / self.deals) ** 0.5
        return (f"```python\nrng = np.random.default_rng({self.seed})\n"
                f"mine = {self.mine}\n"
                f"rolls = rng.choice([9, 10, 11, 12, 13, 14], size=({self.deals}, 6))\n"
                "wins = sum(best_hand(mine + tuple(r[:3])).key > "
                "best_hand(tuple(r[3:]) + tuple(r[:3])).key for r in rolls.tolist())\n"
                f"wins / {self.deals}\n```\n\n"
                + _("gives {estimate}. The exact value, counting all {deals} deals, is {exact}; "
                    "the standard error is about {sd}.", estimate=num(self.simulate(), ".4f"),
                    deals="$6^6$", exact=fmt(p), sd=num(sd, ".4f")))


NOTEBOOK = "03_poker_dice.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: poker dice, counting hands and pot odds

In **poker dice with peekers** each player rolls 3 dice under a peeker cup and sees only their
own; then 3 common dice are rolled for everyone. A hand is the best 5 of your 6 dice, ranked as
printed in the rulebook: nothing, pair, two pairs, three of a kind, full house, four of a kind,
large straight (9-K or 10-A), large flush (five dice of one colour), five of a kind. Players
ante, then fold, bet, call or raise; the best hand takes the pot, ties split it.

These exercises go from counting rolls of five dice to deciding a call. Faces are written 9, 10,
J, Q, K, A. The model is bluffkit's: the dice you cannot see are unknown and random; other
players' bets are not read as information.
""")

OUTRO = _l("""\
## Going further

`notebooks/03_poker_dice.ipynb` shows the same ideas with widgets: the printed ranking against
the probabilities, the hand-odds explorer, and a game against bots with explanations.
""")

QUESTIONS = [FiveOfAKind, StraightCount, FiveDiceCategory, BestOfSix, NeverNothing, GivenMyDice,
             WinOneOpponent, SplitTies, PotOdds, CallOrFold, Simulation]
"""Poker dice questions, easiest first (``bluffkit.exercises.catalogue("poker-dice")``)."""
