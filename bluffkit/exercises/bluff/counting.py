"""Bluff questions 1-5: counting matching dice among dice you cannot see."""

from __future__ import annotations

from fractions import Fraction

from ...core.i18n import _, _l, _n, num
from ...games.bluff import STAR, Bid
from ...odds.bluff.counts import bid_odds, count_distribution, match_probability, matches
from ..answers import Count, DistributionAnswer
from ..bounds import dict_form
from ..core import Mistake, Question, tex
from .common import (
    MODEL,
    STARS_ONLY,
    STARS_RULE,
    STARS_WILD,
    BidStands,
    at_least_tex,
    bid_text,
    dice,
    die,
    mode,
    pick_face,
    roll,
    unique_mode,
    unit,
)


# -- 1. one die -----------------------------------------------------------------------------------
class OneDie(Question):
    title = _l("One die")

    def setup(self, rng):
        self.face = pick_face(rng, 0.3)

    def statement(self):
        kind = (_("a star bid (such as 3 × ★)") if self.face == STAR else
                _("a digit bid on **{face}** (such as 6 × {face})", face=self.face))
        return _("A player makes {kind}. {stars} {model} What is the probability that one die "
                 "you cannot see counts for this bid?", kind=kind, stars=STARS_RULE, model=MODEL)

    def expected(self):
        return count_distribution(self.face, 1).at_least(1)

    def mistakes(self):
        other = 1 if self.face == STAR else STAR
        msg = (STARS_ONLY + " " + _("You counted the star as wild.") if self.face == STAR
               else _("You counted one face of six (only the digit, or only the stars).") + " "
               + STARS_WILD)
        slip = count_distribution(other, 1).at_least(1)
        return [Mistake("stars", slip, msg) if self.face == STAR else
                Mistake("digit only", slip, msg),
                Mistake("complement", count_distribution(self.face, 1).exactly(0),
                        _("That is the chance the die does **not** count."))]

    def hints(self):
        return [_("A Bluff die has six faces: 1, 2, 3, 4, 5 and a star ★ in place of the 6."),
                _("Which faces count for this bid? Remember the rule for stars.")]

    def explain(self):
        p = self.expected()
        why = STARS_ONLY if self.face == STAR else STARS_WILD
        return _("{why} So {p}.", why=why, p=f"$P = {tex(p)}$")


# -- 2. expected matches --------------------------------------------------------------------------
class ExpectedMatches(Question):
    title = _l("How many to expect")

    def setup(self, rng):
        self.face = pick_face(rng, 0.35)
        self.n = int(rng.integers(6, 25))

    def statement(self):
        return _("There are **{n}** dice you cannot see. On average, how many of them count for "
                 "a bid on **{face}** ({unit})?", n=self.n, face=die(self.face),
                 unit=unit(self.face))

    def expected(self):
        return count_distribution(self.face, self.n).mean()

    def mistakes(self):
        other = 1 if self.face == STAR else STAR
        d = count_distribution(self.face, self.n)
        return [Mistake("wrong chance per die", count_distribution(other, self.n).mean(),
                        STARS_ONLY if self.face == STAR else STARS_WILD),
                Mistake("at least one", d.at_least(1),
                        _("You computed the chance that at least one die counts; the question "
                          "asks how many dice count on average.")),
                Mistake("one die", match_probability(self.face),
                        _("That is the chance for one die; there are {n} of them.", n=self.n))]

    def hints(self):
        return [_("Each die counts or not: the number that count is a sum of 0/1 variables."),
                _("The expectation of a sum is the sum of expectations: n × (chance per die). "
                  "This is the rulebook's rule of thumb n/3 (n/6 for stars).")]

    def explain(self):
        p = match_probability(self.face)
        return _("Each of the {n} dice counts with probability {p}, so the expected number is "
                 "{np}: the rulebook's rule of thumb.", n=self.n, p=f"${tex(p)}$",
                 np=f"$n p = {self.n} \\cdot {tex(p)} = {tex(self.expected())}$")


# -- 3. the whole distribution --------------------------------------------------------------------
class CountDistribution(Question):
    title = _l("The whole distribution")
    kind = DistributionAnswer()

    def setup(self, rng):
        self.face = int(rng.integers(1, 6))
        self.n = int(rng.integers(3, 5))

    def statement(self):
        return _("You cannot see **{n}** dice. Give the distribution of the number that show "
                 "**{face}** or ★: the probabilities of 0, 1, ..., {n} matching dice, as a list "
                 "{as_list} or a dict {as_dict}.", n=self.n, face=self.face,
                 as_list="`[P(0), P(1), ...]`", as_dict=f"`{dict_form()}`")

    def expected(self):
        return count_distribution(self.face, self.n)

    def mistakes(self):
        p = match_probability(self.face)
        no_ways = {k: p**k * (1 - p) ** (self.n - k) for k in range(self.n + 1)}
        return [Mistake("digit only", count_distribution(STAR, self.n), STARS_WILD),
                Mistake("ways forgotten", no_ways,
                        _("You gave the chance of one particular arrangement. Several "
                          "arrangements give k matches: multiply by C(n, k), the number of ways "
                          "to choose which dice match (your numbers do not add up to 1)."))]

    def hints(self):
        return [_("Each die matches with probability 1/3, independently: a binomial distribution."),
                _("P(k) = C(n, k) (1/3)^k (2/3)^(n-k). Check that your numbers add up to 1.")]

    def explain(self):
        rows = ", ".join(f"$P({k}) = \\binom{{{self.n}}}{{{k}}} ({tex(Fraction(1, 3))})^{k} "
                         f"({tex(Fraction(2, 3))})^{{{self.n - k}}} = {tex(p)}$"
                         for k, p in self.expected().pmf().items())
        return _("The count is Binomial({n}, 1/3): {rows}.", n=self.n, rows=rows)


# -- 4. most likely count -------------------------------------------------------------------------
class MostLikelyCount(Question):
    title = _l("The most likely count")
    kind = Count()

    def setup(self, rng):
        for _attempt in range(100):
            self.n = int(rng.integers(10, 26))
            self.mine = roll(rng, 5)
            self.face = int(rng.integers(1, 6))
            if unique_mode(self.expected_dist()):
                return

    def expected_dist(self):
        return count_distribution(self.face, self.n, mine=self.mine)

    def statement(self):
        return _("**{n}** dice are in play; yours are **{mine}**. What is the most likely total "
                 "number of dice showing **{face}** or ★ (yours included)?", n=self.n,
                 mine=dice(self.mine), face=self.face)

    def expected(self):
        return mode(self.expected_dist())

    def mistakes(self):
        m = len(self.mine)
        known = matches(self.mine, self.face)
        return [Mistake("own dice unknown", mode(count_distribution(self.face, self.n)),
                        _("You treated your own dice as unknown. You can see them: count your "
                          "matches, and only the other dice are random.")),
                Mistake("own matches not added",
                        mode(count_distribution(self.face, self.n - m)),
                        _n("That is the most likely count among the other dice only; add your "
                           "own {n} matching die.", "That is the most likely count among the "
                           "other dice only; add your own {n} matching dice.", known)),
                Mistake("own stars forgotten",
                        sum(1 for f in self.mine if f == self.face)
                        + mode(count_distribution(self.face, self.n - m)),
                        _("Your stars count as the digit too (stars are wild for a digit bid)."))]

    def hints(self):
        return [_("Split the dice into yours (known) and the others (unknown)."),
                _("Total = your matches + Binomial(others, 1/3). Which value of the binomial has "
                  "the largest probability? Compare P(k) with P(k+1).")]

    def explain(self):
        d = self.expected_dist()
        known = matches(self.mine, self.face)
        top = sorted(d.pmf().items(), key=lambda kv: -kv[1])[:3]
        rows = ", ".join(f"$P({k}) = {tex(p)}$ ≈ {num(float(p), '.4f')}" for k, p in sorted(top))
        return _("You hold {held}; the other {others} dice are unknown. The largest "
                 "probabilities of the total are {rows}.",
                 held=_n("{n} matching die", "{n} matching dice", known),
                 others=self.n - len(self.mine), rows=rows)


# -- 5. at least k --------------------------------------------------------------------------------
class AtLeast(BidStands):
    title = _l("At least k")

    def setup(self, rng):
        self.face = pick_face(rng, 0.3)
        self.n = int(rng.integers(6, 16))
        mean = self.n * match_probability(self.face)
        self.k = max(1, int(mean) + int(rng.integers(0, 3)))
        self.bid = Bid(self.k, self.face)

    def statement(self):
        what = (_n("{n} star", "{n} stars", self.k) if self.face == STAR
                else _("{n} {unit}", n=self.k, unit=unit(self.face)))
        return _("You are out of the game and watch: **{n}** dice are in play and the bid is "
                 "**{bid}**. {model} What is the probability that the bid stands (at least "
                 "{what})?", n=self.n, bid=bid_text(self.bid), what=what, model=MODEL)

    def mistakes(self):
        o = self.odds()
        other = Bid(self.k, 1 if self.face == STAR else STAR)
        return [Mistake("exactly", o.p_exact,
                        _("You computed P(exactly {k}). The bid claims **at least** {k}: add "
                          "the chances of {k}, {next}, ..., {n}.", k=self.k, next=self.k + 1,
                          n=self.n)),
                Mistake("more than", o.p_true - o.p_exact,
                        _("You computed P(more than {k}); 'at least {k}' includes exactly "
                          "{k}.", k=self.k)),
                Mistake("false", o.p_false, _("That is the chance the bid is false.")),
                Mistake("wrong chance per die", bid_odds(other, self.n).p_true,
                        STARS_ONLY if self.face == STAR else STARS_WILD)]

    def hints(self):
        return [_("The number of matching dice is binomial: n dice, probability 1/3 (1/6 for "
                  "stars) each."),
                _("P(at least {k}) = 1 - P(at most {below}); use whichever sum is shorter.",
                  k=self.k, below=self.k - 1)]

    def explain(self):
        p = match_probability(self.face)
        return (f"$P(A \\geq {self.k}) = {at_least_tex(self.k, self.n, p)} = "
                f"{tex(self.expected())}$.")
