"""Bluff questions 6-12, a player's position: own dice, star bids, the rule of thumb, what a
challenge costs, challenge or raise, the expansion's re-roll, and a simulation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...advice.bluff import Position, advise, smallest_raise
from ...games.bluff import DIGITS, STAR, Bid
from ...odds.bluff import bid_odds, count_distribution, matches, reroll_odds
from ..answers import Estimate
from ..core import Mistake, Question, fmt, tex
from .common import (
    STARS_ONLY,
    at_least_tex,
    bid_text,
    dice,
    draw_bid,
    many,
    roll,
)


# -- 6. with my dice ------------------------------------------------------------------------------
class BidWithMyDice(Question):
    title = "Counting your own dice"

    face: int | None = None  # None: a digit drawn per seed (StarBid sets the star)

    def setup(self, rng):
        for _ in range(200):
            self.n, self.mine, self.bid = draw_bid(rng, (8, 26), (3, 6), (-1, 2),
                                                   face=type(self).face)
            self.face = self.bid.face
            stars_matter = self.face == STAR or STAR in self.mine  # so the slip can show
            if (self.bid.count <= self.n and stars_matter
                    and Fraction(1, 10) < self.odds().p_true < Fraction(9, 10)):
                return

    def statement(self):
        claim = (f" (at least {many(self.bid.count, 'star', 'stars')})" if self.face == STAR
                 else "")
        return (f"**{self.n}** dice are in play. Your dice are **{dice(self.mine)}**. The bid is "
                f"**{bid_text(self.bid)}**{claim}. What is the probability that it stands?")

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
        held = (many(o.known_matches, "star", "stars") if self.face == STAR
                else many(o.known_matches, "matching die", "matching dice"))
        return (f"You hold {held} ({dice(self.mine)}), so the bid needs {o.needed} more among "
                f"the {o.unknown} dice you cannot see, each matching with probability "
                f"{o.match_probability}: $P = "
                f"{at_least_tex(o.needed, o.unknown, o.match_probability)} = {tex(o.p_true)}$.")


# -- 7. a star bid --------------------------------------------------------------------------------
class StarBid(BidWithMyDice):
    title = "A star bid"
    face = STAR

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
        free = bid_odds(self.bid, self.n, mine=self.mine, challenger_held=None)
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
                + (f"die, the {dice(self.shown)}," if len(self.shown) == 1
                   else f"dice, {dice(self.shown)},")
                + f" and re-roll the other {left} under your cup. Before "
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
    kind = Estimate()
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
