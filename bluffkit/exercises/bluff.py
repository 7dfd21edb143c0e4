"""Exercises on Bluff, easiest first: the binomial distribution through liar's dice with stars.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.bluff`` (and, for
the last decision, ``bluffkit.advice.bluff``) when the student checks. The model is the
calculators' one: the dice you cannot see are unknown and random, each counting for a digit
with probability 1/3 (the digit or a star) and for the star with probability 1/6.

>>> q = BidWithMyDice(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..advice.bluff import Position, advise, smallest_raise
from ..games.bluff import DIGITS, STAR, Bid
from ..odds.bluff import bid_odds, count_distribution, match_probability, matches, reroll_odds
from .answers import Count, DistributionAnswer, Number
from .core import Mistake, Question, fmt, tex


# -- helpers --------------------------------------------------------------------------------------
def die(face: int) -> str:
    """A face for Markdown: ``"3"`` or ``"★"``."""
    return "★" if face == STAR else str(face)


def dice(faces) -> str:
    return ", ".join(die(f) for f in sorted(faces))


def bid_text(bid: Bid) -> str:
    return f"{bid.count} × {die(bid.face)}"


def many(k: int, one: str, more: str) -> str:
    """``"1 die"``, ``"3 dice"``."""
    return f"{k} {one if k == 1 else more}"


def unit(face: int) -> str:
    return "stars" if face == STAR else f"dice showing {face} or ★"


def roll(rng: np.random.Generator, k: int) -> tuple[int, ...]:
    return tuple(sorted(int(f) for f in rng.integers(1, 7, size=k)))


def pick_face(rng: np.random.Generator, star_chance: float = 0.25) -> int:
    return STAR if rng.random() < star_chance else int(rng.integers(1, 6))


def draw_bid(rng: np.random.Generator, n: tuple[int, int], mine: tuple[int, int],
             shift: tuple[int, int], face: int | None = None, min_needed: int = 1):
    """Dice in play, my dice and a bid near the count I expect.

    The bid's count is my matches plus (the unknown dice's expected matches, rounded, plus a
    shift drawn from ``shift``), needing at least ``min_needed`` unknown matches.

    Returns:
        ``(dice_in_play, my_dice, bid)``.
    """
    in_play = int(rng.integers(*n))
    my_dice = roll(rng, int(rng.integers(*mine)))
    face = int(rng.integers(1, 6)) if face is None else face
    expect = round((in_play - len(my_dice)) * match_probability(face))
    needed = max(min_needed, expect + int(rng.integers(*shift)))
    return in_play, my_dice, Bid(max(1, matches(my_dice, face) + needed), face)


def at_least_tex(needed: int, unknown: int, p: Fraction) -> str:
    """``P = sum_{j=needed}^{unknown} C(unknown, j) p^j (1-p)^(unknown-j)`` in LaTeX."""
    return (f"\\sum_{{j={needed}}}^{{{unknown}}} \\binom{{{unknown}}}{{j}} "
            f"\\left({tex(p)}\\right)^j \\left({tex(1 - p)}\\right)^{{{unknown}-j}}")


def mode(dist) -> int:
    best = max(w for _, w in dist.items())
    return min(k for k, w in dist.items() if w == best)


def unique_mode(dist) -> bool:
    best = max(w for _, w in dist.items())
    return sum(1 for _, w in dist.items() if w == best) == 1


STARS_WILD = ("For a digit bid the stars are wild: a ★ counts as the digit, so two faces of six "
              "count, 1/3 per die.")
STARS_ONLY = ("For a star bid only stars count (nothing is wild for it): one face of six, 1/6 "
              "per die.")


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
        rows = ", ".join(f"$P({k}) = {tex(p)}$" for k, p in sorted(top))
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
                f"{self.k} {unit(self.face)})?")

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


# -- 6. with my dice ------------------------------------------------------------------------------
class BidWithMyDice(Question):
    title = "Counting your own dice"

    def setup(self, rng):
        for _ in range(200):
            self.n, self.mine, self.bid = draw_bid(rng, (8, 26), (3, 6), (-1, 2))
            self.face = self.bid.face
            if (self.bid.count <= self.n and any(f == STAR for f in self.mine)
                    and Fraction(1, 10) < self.odds().p_true < Fraction(9, 10)):
                return

    def statement(self):
        return (f"**{self.n}** dice are in play. Your dice are **{dice(self.mine)}**. The bid is "
                f"**{bid_text(self.bid)}**. What is the probability that it stands?")

    def odds(self):
        return bid_odds(self.bid, self.n, mine=self.mine)

    def expected(self):
        return self.odds().p_true

    def mistakes(self):
        o, m = self.odds(), len(self.mine)
        digits_only = sum(1 for f in self.mine if f == self.face)
        need_digits = max(0, self.bid.count - digits_only)
        return [Mistake("own dice forgotten", bid_odds(self.bid, self.n).p_true,
                        f"You treated all {self.n} dice as unknown; you can see your own "
                        f"{m}. Count your matches, then only {self.n - m} dice are unknown."),
                Mistake("own dice counted twice",
                        count_distribution(self.face, self.n).at_least(
                            self.bid.count - o.known_matches),
                        f"You subtracted your matches but still counted your {m} dice among the "
                        f"unknown ones: only {self.n - m} dice are unknown."),
                Mistake("own stars forgotten",
                        count_distribution(self.face, self.n - m).at_least(need_digits),
                        f"Your stars count as {self.face}s too (stars are wild for a digit bid)."),
                Mistake("exactly", o.p_exact,
                        "You computed P(exactly) instead of P(at least).")]

    def hints(self):
        return [f"How many of your dice count for {self.face}s? Stars count.",
                "The bid needs (bid − your matches) more among the dice you cannot see.",
                "That is P(Binomial(unknown dice, 1/3) ≥ needed)."]

    def explain(self):
        o = self.odds()
        return (f"You hold {many(o.known_matches, 'matching die', 'matching dice')} "
                f"({dice(self.mine)}), so the bid needs "
                f"{o.needed} more among the {o.unknown} dice you cannot see: "
                f"$P = {at_least_tex(o.needed, o.unknown, Fraction(1, 3))} = {tex(o.p_true)}$.")


# -- 7. a star bid --------------------------------------------------------------------------------
class StarBid(Question):
    title = "A star bid"

    def setup(self, rng):
        for _ in range(200):
            self.n, self.mine, self.bid = draw_bid(rng, (8, 26), (3, 6), (-1, 2), face=STAR)
            if self.bid.count <= self.n and Fraction(1, 10) < self.odds().p_true < Fraction(9, 10):
                return

    def statement(self):
        return (f"**{self.n}** dice are in play. Your dice are **{dice(self.mine)}**. The bid is "
                f"**{bid_text(self.bid)}** (at least {self.bid.count} stars). What is the "
                "probability that it stands?")

    def odds(self):
        return bid_odds(self.bid, self.n, mine=self.mine)

    def expected(self):
        return self.odds().p_true

    def mistakes(self):
        o, m = self.odds(), len(self.mine)
        return [Mistake("stars wild", count_distribution(1, o.unknown).at_least(o.needed),
                        STARS_ONLY + " You used 1/3 per die."),
                Mistake("own dice forgotten", bid_odds(self.bid, self.n).p_true,
                        f"You treated all {self.n} dice as unknown; you can see your own {m}."),
                Mistake("exactly", o.p_exact, "You computed P(exactly) instead of P(at least).")]

    def hints(self):
        return ["How many stars do you hold? Those are certain.",
                "Each die you cannot see is a star with probability 1/6."]

    def explain(self):
        o = self.odds()
        return (f"You hold {many(o.known_matches, 'star', 'stars')}, so the bid needs "
                f"{o.needed} more among the "
                f"{o.unknown} dice you cannot see: "
                f"$P = {at_least_tex(o.needed, o.unknown, Fraction(1, 6))} = {tex(o.p_true)}$.")


# -- 8. exact versus the rule of thumb ------------------------------------------------------------
class RuleOfThumb(Question):
    title = "Exact versus the rule of thumb"

    def setup(self, rng):
        self.face = int(rng.integers(1, 6))
        self.n = 3 * int(rng.integers(3, 9))
        self.bid = Bid(self.n // 3, self.face)

    def statement(self):
        return (f"**{self.n}** dice are in play, none of them yours. The rulebook's rule of thumb "
                f"says to expect {self.n}/3 = {self.n // 3} dice showing {self.face} or ★, so the "
                f"bid **{bid_text(self.bid)}** looks 'about right'. What is the exact probability "
                "that it stands?")

    def odds(self):
        return bid_odds(self.bid, self.n)

    def expected(self):
        return self.odds().p_true

    def mistakes(self):
        o = self.odds()
        return [Mistake("coin flip", Fraction(1, 2),
                        "A bid at the expected count is not a coin flip: the bid also stands "
                        "when the count equals the bid, so compute P(A ≥ bid) exactly."),
                Mistake("sure", Fraction(1),
                        "The rule of thumb is an average, not a guarantee: the count varies "
                        "around it."),
                Mistake("exactly", o.p_exact,
                        "You computed P(exactly) instead of P(at least)."),
                Mistake("more than", o.p_true - o.p_exact,
                        "'At least' includes the bid's own count.")]

    def hints(self):
        return ["The rule of thumb gives the mean of the count, not a probability.",
                f"Compute P(Binomial({self.n}, 1/3) ≥ {self.n // 3})."]

    def explain(self):
        o = self.odds()
        return (f"The count is Binomial({self.n}, 1/3), whose mean is the rule of thumb "
                f"{tex(o.rule_of_thumb)}. $P(A \\geq {self.bid.count}) = "
                f"{at_least_tex(self.bid.count, self.n, Fraction(1, 3))} = {tex(o.p_true)}$, "
                f"more than 1/2 because the bid also stands when the count equals it "
                f"(P = {fmt(o.p_exact)}).")


# -- 9. expected dice lost by the challenger ------------------------------------------------------
class ChallengerLoss(Question):
    title = "What a challenge costs"

    def setup(self, rng):
        for _ in range(200):
            self.n, self.mine, self.bid = draw_bid(rng, (8, 21), (2, 6), (-2, 1), min_needed=-5)
            self.face = self.bid.face
            if self.bid.count <= self.n and 0 < self.odds().p_true < 1:
                return

    def statement(self):
        m = len(self.mine)
        return (f"**{self.n}** dice are in play. Your {m} dice are **{dice(self.mine)}**. The "
                f"bid is **{bid_text(self.bid)}** and you challenge it. If the true count A is "
                f"above {self.bid.count} you lose A − {self.bid.count} dice (never more than your "
                f"{m}); if A = {self.bid.count} exactly, everybody but the bidder (you too) loses "
                "one die. How many dice do you expect to lose?")

    def odds(self):
        return bid_odds(self.bid, self.n, mine=self.mine, challenger_held=len(self.mine))

    def expected(self):
        return self.odds().challenger_loss

    def mistakes(self):
        o = self.odds()
        free = bid_odds(self.bid, self.n, mine=self.mine)
        return [Mistake("exact case forgotten", o.challenger_loss - o.p_exact,
                        f"When the count is exactly {self.bid.count}, everybody but the bidder "
                        "loses one die, you included: add P(A = bid) × 1."),
                Mistake("no cap", free.challenger_loss,
                        f"You cannot lose more than the {len(self.mine)} dice you hold: cap the "
                        "loss A − bid at your dice."),
                Mistake("probability", o.p_true,
                        "That is the chance you lose something; the question asks how many dice "
                        "on average: weigh each count by the dice it costs."),
                Mistake("bidder's loss", o.bidder_loss,
                        "That is what the bidder expects to lose when the bid is false.")]

    def hints(self):
        return ["Expected loss = Σ over counts A of P(A) × (dice you lose at A).",
                "You lose nothing when A < bid, one die when A = bid, min(A − bid, your dice) "
                "when A > bid."]

    def explain(self):
        o = self.odds()
        return (f"You hold {many(o.known_matches, 'matching die', 'matching dice')}; "
                f"A = {o.known_matches} + "
                f"Binomial({o.unknown}, 1/3). $\\mathbb{{E}}[\\text{{loss}}] = "
                f"P(A = {self.bid.count}) + \\sum_{{a > {self.bid.count}}} P(A = a) "
                f"\\min(a - {self.bid.count}, {len(self.mine)}) = {tex(o.p_exact)} + "
                f"{tex(o.challenger_loss - o.p_exact)} = {tex(o.challenger_loss)}$.")


# -- 10. challenge or raise -----------------------------------------------------------------------
class ChallengeOrRaise(Question):
    title = "Probable is not the same as worth challenging"

    def setup(self, rng):
        # Prefer a position where choosing by probability picks the costlier choice (the point
        # of the question); keep the first valid position in case none turns up.
        fallback = None
        for _ in range(300):
            self.held = tuple(int(h) for h in rng.integers(2, 6, size=int(rng.integers(3, 5))))
            self.mine = roll(rng, self.held[0])
            self.n = sum(self.held)
            face = int(rng.integers(1, 6))
            self.bid = Bid(max(1, round(self.n / 3) + int(rng.integers(-1, 2))), face)
            best = max(DIGITS, key=lambda f: (matches(self.mine, f), f))
            self.raise_to = smallest_raise(self.bid, best, self.n)
            if self.raise_to is None or self.challenge_loss() == self.raise_loss():
                continue
            fallback = fallback or (self.held, self.mine, self.n, self.bid, self.raise_to)
            if self.by_probability() != self.expected():
                return
        self.held, self.mine, self.n, self.bid, self.raise_to = fallback

    def by_probability(self):
        """The expected loss of the choice with the smaller chance of losing any dice."""
        ch = bid_odds(self.bid, self.n, mine=self.mine, challenger_held=len(self.mine))
        rs = bid_odds(self.raise_to, self.n, mine=self.mine, bidder_held=len(self.mine))
        return ch.challenger_loss if ch.p_true < rs.p_false else rs.bidder_loss

    def challenge_loss(self):
        return bid_odds(self.bid, self.n, mine=self.mine,
                        challenger_held=len(self.mine)).challenger_loss

    def raise_loss(self):
        return bid_odds(self.raise_to, self.n, mine=self.mine,
                        bidder_held=len(self.mine)).bidder_loss

    def statement(self):
        return (f"{len(self.held)} players hold {', '.join(map(str, self.held))} dice "
                f"({self.n} in play); you hold **{dice(self.mine)}**. The player before you bid "
                f"**{bid_text(self.bid)}**. You either challenge, or raise to "
                f"**{bid_text(self.raise_to)}** and the next player challenges you. Which choice "
                "costs you fewer dice on average? Give **its expected number of dice lost**.")

    def expected(self):
        return min(self.challenge_loss(), self.raise_loss())

    def mistakes(self):
        ch = bid_odds(self.bid, self.n, mine=self.mine, challenger_held=len(self.mine))
        rs = bid_odds(self.raise_to, self.n, mine=self.mine, bidder_held=len(self.mine))
        return [Mistake("chose by probability", self.by_probability(),
                        "You picked the choice less likely to lose, but a likely small loss can "
                        "beat an unlikely big one: compare expected dice lost, not chances."),
                Mistake("worse choice", max(ch.challenger_loss, rs.bidder_loss),
                        "That is the expected loss of the other, costlier choice."),
                Mistake("exact case forgotten", min(ch.challenger_loss - ch.p_exact,
                                                    rs.bidder_loss),
                        "When you challenge and the count is exactly the bid, you lose one die "
                        "too (everybody but the bidder does)."),
                Mistake("probability", min(ch.p_true, rs.p_false),
                        "You gave a probability; the question asks for a number of dice.")]

    def hints(self):
        return ["Compute two expected losses: challenging the bid, and being challenged on "
                "your raise.",
                "Challenging: P(A = bid) + Σ P(A = a) min(a − bid, your dice) over a > bid. "
                "Raising: Σ P(A = a) min(raise − a, your dice) over a < raise."]

    def explain(self):
        advice = advise(Position(self.mine, self.held, bid=self.bid))
        ch, rs = self.challenge_loss(), self.raise_loss()
        better = "challenging" if ch < rs else f"raising to {bid_text(self.raise_to)}"
        return (f"Challenging costs ${tex(ch)}$ dice on average; raising to "
                f"{bid_text(self.raise_to)} costs ${tex(rs)}$ if challenged. {better.capitalize()}"
                f" is cheaper.\n\nbluffkit's advisor, over all raises: "
                f"{advice.explanation.splitlines()[-1]}")


# -- 11. the expansion's re-roll ------------------------------------------------------------------
class Reroll(Question):
    title = "Show me your dice (expansion)"

    def setup(self, rng):
        for _ in range(200):
            self.n = int(rng.integers(6, 21))
            self.mine = roll(rng, 5)
            self.face = int(rng.integers(1, 6))
            self.shown = tuple(f for f in self.mine if f in (self.face, STAR))
            if not 0 < len(self.shown) < 5:
                continue
            self.bid = Bid(len(self.shown) + max(1, round((self.n - 5) / 3)), self.face)
            if self.bid.count <= self.n and 0 < self.odds().p_true < 1:
                return

    def statement(self):
        left = 5 - len(self.shown)
        return (f"Expansion *Montre-moi ton jeu*. **{self.n}** dice are in play; yours are "
                f"**{dice(self.mine)}**. You bid **{bid_text(self.bid)}**, show your matching "
                f"dice ({dice(self.shown)}) and re-roll the other {left} under your cup. Before "
                "you look, what is the probability that your bid stands?")

    def odds(self):
        return reroll_odds(self.bid, self.n, mine=self.mine, expose=self.shown)

    def expected(self):
        return self.odds().p_true

    def mistakes(self):
        o = self.odds()
        before = bid_odds(self.bid, self.n, mine=self.mine)
        return [Mistake("no re-roll", before.p_true,
                        "That is the chance before the re-roll, with your non-matching dice "
                        "certain misses; after the re-roll they are fresh dice, 1/3 each."),
                Mistake("shown dice forgotten", bid_odds(self.bid, self.n).p_true,
                        "Your shown dice are known matches: count them, then only the "
                        "others are unknown."),
                Mistake("exactly", o.p_exact, "You computed P(exactly) instead of P(at least).")]

    def hints(self):
        return ["After the re-roll, which dice are known? Only the ones you showed.",
                "The re-rolled dice join the unknown dice: each counts with probability 1/3."]

    def explain(self):
        o = self.odds()
        return (f"Known: your {many(len(self.shown), 'shown die', 'shown dice')}. Unknown: the "
                f"other players' {many(self.n - 5, 'die', 'dice')} and your "
                f"{many(5 - len(self.shown), 're-rolled die', 're-rolled dice')}, "
                f"{o.unknown} in all. The bid needs {o.needed} of them: "
                f"$P = {at_least_tex(o.needed, o.unknown, Fraction(1, 3))} = {tex(o.p_true)}$.")


# -- 12. simulation -------------------------------------------------------------------------------
class Simulation(Question):
    title = "Simulate it"
    kind = Number(tolerance=Fraction(15, 1000))
    rounds = 20_000

    def setup(self, rng):
        self.face = int(rng.integers(1, 6))
        self.n = int(rng.integers(10, 21))
        self.bid = Bid(round(self.n / 3) + int(rng.integers(0, 3)), self.face)

    def statement(self):
        return (f"Estimate by simulation, with numpy, the probability that the bid "
                f"**{bid_text(self.bid)}** stands when **{self.n}** dice you cannot see are "
                f"rolled: roll the {self.n} dice {self.rounds:,} times (faces 1-6, with 6 the "
                f"star) and count how often at least {self.bid.count} show {self.face} or 6. "
                f"Your estimate is accepted within {float(self.kind.tolerance)} of the exact "
                "value (over four standard errors for this many rounds).")

    def expected(self):
        return bid_odds(self.bid, self.n).p_true

    def mistakes(self):
        o = bid_odds(self.bid, self.n)
        return [Mistake("stars forgotten",
                        count_distribution(STAR, self.n).at_least(self.bid.count),
                        f"Count the 6s (stars) as {self.face}s too."),
                Mistake("exactly", o.p_exact, "Count rounds with **at least** the bid, not "
                        "exactly.")]

    def hints(self):
        return ["`rolls = rng.integers(1, 7, size=(rounds, n))` gives one row per round.",
                f"`hits = ((rolls == {self.face}) | (rolls == 6)).sum(axis=1)`; the estimate is "
                f"`(hits >= {self.bid.count}).mean()`."]

    def simulate(self, seed: int | None = None) -> float:
        """The simulation the solution shows (a float: an estimate, not an exact value)."""
        rng = np.random.default_rng(self.seed if seed is None else seed)
        rolls = rng.integers(1, 7, size=(self.rounds, self.n))
        hits = ((rolls == self.face) | (rolls == 6)).sum(axis=1)
        return float((hits >= self.bid.count).mean())

    def explain(self):
        p = self.expected()
        sd = (float(p) * (1 - float(p)) / self.rounds) ** 0.5
        return (f"```python\nrng = np.random.default_rng({self.seed})\n"
                f"rolls = rng.integers(1, 7, size=({self.rounds}, {self.n}))\n"
                f"hits = ((rolls == {self.face}) | (rolls == 6)).sum(axis=1)\n"
                f"(hits >= {self.bid.count}).mean()\n```\n\ngives {self.simulate():.4f}. "
                f"The exact value is {fmt(p)}; the standard error for {self.rounds:,} rounds is "
                f"about {sd:.4f}, so estimates land within a few thousandths (law of large "
                "numbers).")


NOTEBOOK = "01_bluff.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = """\
# Exercises: Bluff, the binomial distribution with dice

In **Bluff** every player hides dice under a cup; the faces are 1 to 5 and a star ★ (the 6).
A **digit bid** such as 7 × 3 claims that at least 7 of all the dice in play show a 3, the
stars counting as 3s (they are wild). A **star bid** such as 4 × ★ claims at least 4 stars:
nothing is wild for it. The next player raises or challenges ("Haut les gobelets !"); the
rulebook's rule of thumb is to expect n/3 matches for a digit and n/6 for stars among n dice.

These twelve exercises go from one die to whole decisions. The model is bluffkit's: the dice you
cannot see are unknown and random (each matches a digit with probability 1/3, the star with
probability 1/6); other players' bids are not read as information.
"""

OUTRO = """\
## Going further

`notebooks/01_bluff.ipynb` shows the same ideas with widgets: the count explorer, the advice
for a position, and a game against bots with explanations.
"""

QUESTIONS = [OneDie, ExpectedMatches, CountDistribution, MostLikelyCount, AtLeast, BidWithMyDice,
             StarBid, RuleOfThumb, ChallengerLoss, ChallengeOrRaise, Reroll, Simulation]
"""Bluff's questions, easiest first (``bluffkit.exercises.catalogue("bluff")``)."""
