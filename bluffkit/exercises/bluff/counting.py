"""Bluff questions 1-5: counting matching dice among dice you cannot see."""

from __future__ import annotations

from fractions import Fraction

from ...games.bluff import STAR, Bid
from ...odds.bluff import bid_odds, count_distribution, match_probability, matches
from ..answers import Count, DistributionAnswer
from ..core import Mistake, Question, tex
from .common import (
    STARS_ONLY,
    STARS_WILD,
    at_least_tex,
    bid_text,
    dice,
    die,
    many,
    mode,
    pick_face,
    roll,
    unique_mode,
    unit,
)


# -- 1. one die -----------------------------------------------------------------------------------
class OneDie(Question):
    title = "One die"

    def setup(self, rng):
        self.face = pick_face(rng, 0.3)

    def statement(self):
        kind = ("a star bid (such as 3 × ★)" if self.face == STAR else
                 f"a digit bid on **{self.face}** (such as 6 × {self.face})")
        return (f"A player makes {kind}. What is the probability that one die you cannot see "
                "counts for this bid?")

    def expected(self):
        return count_distribution(self.face, 1).at_least(1)

    def mistakes(self):
        other = 1 if self.face == STAR else STAR
        msg = (STARS_ONLY + " You counted the star as wild." if self.face == STAR
               else "You counted one face of six (only the digit, or only the stars). "
               + STARS_WILD)
        return [Mistake("stars" if self.face == STAR else "digit only",
                        count_distribution(other, 1).at_least(1), msg),
                Mistake("complement", count_distribution(self.face, 1).exactly(0),
                        "That is the chance the die does **not** count.")]

    def hints(self):
        return ["A Bluff die has six faces: 1, 2, 3, 4, 5 and a star ★ in place of the 6.",
                "Which faces count for this bid? Remember the rule for stars."]

    def explain(self):
        p = self.expected()
        why = STARS_ONLY if self.face == STAR else STARS_WILD
        return f"{why} So $P = {tex(p)}$."


# -- 2. expected matches --------------------------------------------------------------------------
class ExpectedMatches(Question):
    title = "How many to expect"

    def setup(self, rng):
        self.face = pick_face(rng, 0.35)
        self.n = int(rng.integers(6, 25))

    def statement(self):
        return (f"There are **{self.n}** dice you cannot see. On average, how many of them count "
                f"for a bid on **{die(self.face)}** ({unit(self.face)})?")

    def expected(self):
        return count_distribution(self.face, self.n).mean()

    def mistakes(self):
        other = 1 if self.face == STAR else STAR
        d = count_distribution(self.face, self.n)
        return [Mistake("wrong chance per die", count_distribution(other, self.n).mean(),
                        STARS_ONLY if self.face == STAR else STARS_WILD),
                Mistake("at least one", d.at_least(1),
                        "You computed the chance that at least one die counts; the question "
                        "asks how many dice count on average."),
                Mistake("one die", match_probability(self.face),
                        f"That is the chance for one die; there are {self.n} of them.")]

    def hints(self):
        return ["Each die counts or not: the number that count is a sum of 0/1 variables.",
                "The expectation of a sum is the sum of expectations: n × (chance per die). "
                "This is the rulebook's rule of thumb n/3 (n/6 for stars)."]

    def explain(self):
        p = match_probability(self.face)
        return (f"Each of the {self.n} dice counts with probability ${tex(p)}$, so the expected "
                f"number is $n p = {self.n} \\cdot {tex(p)} = {tex(self.expected())}$: the "
                "rulebook's rule of thumb.")


# -- 3. the whole distribution --------------------------------------------------------------------
class CountDistribution(Question):
    title = "The whole distribution"
    kind = DistributionAnswer()

    def setup(self, rng):
        self.face = int(rng.integers(1, 6))
        self.n = int(rng.integers(3, 5))

    def statement(self):
        return (f"You cannot see **{self.n}** dice. Give the distribution of the number that show "
                f"**{self.face}** or ★: the probabilities of 0, 1, ..., {self.n} matching dice, "
                f"as a list `[P(0), P(1), ...]` or a dict `{{count: probability}}`.")

    def expected(self):
        return count_distribution(self.face, self.n)

    def mistakes(self):
        p = match_probability(self.face)
        no_ways = {k: p**k * (1 - p) ** (self.n - k) for k in range(self.n + 1)}
        return [Mistake("digit only", count_distribution(STAR, self.n), STARS_WILD),
                Mistake("ways forgotten", no_ways,
                        "You gave the chance of one particular arrangement. Several "
                        "arrangements give k matches: multiply by C(n, k), the number of ways "
                        "to choose which dice match (your numbers do not add up to 1).")]

    def hints(self):
        return ["Each die matches with probability 1/3, independently: a binomial distribution.",
                "P(k) = C(n, k) (1/3)^k (2/3)^(n-k). Check that your numbers add up to 1."]

    def explain(self):
        rows = ", ".join(f"$P({k}) = \\binom{{{self.n}}}{{{k}}} ({tex(Fraction(1, 3))})^{k} "
                         f"({tex(Fraction(2, 3))})^{{{self.n - k}}} = {tex(p)}$"
                         for k, p in self.expected().pmf().items())
        return f"The count is Binomial({self.n}, 1/3): {rows}."


# -- 4. most likely count -------------------------------------------------------------------------
class MostLikelyCount(Question):
    title = "The most likely count"
    kind = Count()

    def setup(self, rng):
        for _ in range(100):
            self.n = int(rng.integers(10, 26))
            self.mine = roll(rng, 5)
            self.face = int(rng.integers(1, 6))
            if unique_mode(self.expected_dist()):
                return

    def expected_dist(self):
        return count_distribution(self.face, self.n, mine=self.mine)

    def statement(self):
        return (f"**{self.n}** dice are in play; yours are **{dice(self.mine)}**. What is the "
                f"most likely total number of dice showing **{self.face}** or ★ (yours "
                "included)?")

    def expected(self):
        return mode(self.expected_dist())

    def mistakes(self):
        m = len(self.mine)
        known = matches(self.mine, self.face)
        return [Mistake("own dice unknown", mode(count_distribution(self.face, self.n)),
                        "You treated your own dice as unknown. You can see them: count your "
                        "matches, and only the other dice are random."),
                Mistake("own matches not added",
                        mode(count_distribution(self.face, self.n - m)),
                        f"That is the most likely count among the other dice only; add your own "
                        f"{known} matching dice."),
                Mistake("own stars forgotten",
                        sum(1 for f in self.mine if f == self.face)
                        + mode(count_distribution(self.face, self.n - m)),
                        "Your stars count as the digit too (stars are wild for a digit bid).")]

    def hints(self):
        return ["Split the dice into yours (known) and the others (unknown).",
                "Total = your matches + Binomial(others, 1/3). Which value of the binomial has "
                "the largest probability? Compare P(k) with P(k+1)."]

    def explain(self):
        d = self.expected_dist()
        known = matches(self.mine, self.face)
        top = sorted(d.pmf().items(), key=lambda kv: -kv[1])[:3]
        rows = ", ".join(f"$P({k}) = {tex(p)}$ ≈ {float(p):.4f}" for k, p in sorted(top))
        return (f"You hold {many(known, 'matching die', 'matching dice')}; the other "
                f"{self.n - len(self.mine)} dice are unknown. The largest probabilities of the "
                f"total are {rows}.")


# -- 5. at least k --------------------------------------------------------------------------------
class AtLeast(Question):
    title = "At least k"

    def setup(self, rng):
        self.face = pick_face(rng, 0.3)
        self.n = int(rng.integers(6, 16))
        mean = self.n * match_probability(self.face)
        self.k = max(1, int(mean) + int(rng.integers(0, 3)))
        self.bid = Bid(self.k, self.face)

    def statement(self):
        return (f"You are out of the game and watch: **{self.n}** dice are in play and the bid is "
                f"**{bid_text(self.bid)}**. What is the probability that the bid stands (at least "
                f"{self.k} {'star' if self.face == STAR and self.k == 1 else unit(self.face)})?")

    def odds(self):
        return bid_odds(self.bid, self.n)

    def expected(self):
        return self.odds().p_true

    def mistakes(self):
        o = self.odds()
        other = Bid(self.k, 1 if self.face == STAR else STAR)
        return [Mistake("exactly", o.p_exact,
                        f"You computed P(exactly {self.k}). The bid claims **at least** "
                        f"{self.k}: add the chances of {self.k}, {self.k + 1}, ..., {self.n}."),
                Mistake("more than", o.p_true - o.p_exact,
                        f"You computed P(more than {self.k}); 'at least {self.k}' includes "
                        f"exactly {self.k}."),
                Mistake("false", o.p_false, "That is the chance the bid is false."),
                Mistake("wrong chance per die", bid_odds(other, self.n).p_true,
                        STARS_ONLY if self.face == STAR else STARS_WILD)]

    def hints(self):
        return ["The number of matching dice is binomial: n dice, probability 1/3 (1/6 for "
                "stars) each.",
                f"P(at least {self.k}) = 1 - P(at most {self.k - 1}); use whichever sum is "
                "shorter."]

    def explain(self):
        p = match_probability(self.face)
        return (f"$P(A \\geq {self.k}) = {at_least_tex(self.k, self.n, p)} = "
                f"{tex(self.expected())}$.")
