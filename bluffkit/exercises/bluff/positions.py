"""Bluff questions 6-12, a player's position: own dice, star bids, the rule of thumb, what a
challenge costs, challenge or raise, the expansion's re-roll, and a simulation."""

from __future__ import annotations

from fractions import Fraction

from ...advice.bluff.decision import Position, advise, smallest_raise
from ...core.i18n import _, _l, _n, num
from ...core.rng import as_list, make_rng
from ...games.bluff import DIGITS, STAR, Bid
from ...odds.bluff.counts import bid_odds, count_distribution, matches, reroll_odds
from ..answers import Estimate, standard_error
from ..core import SEEDED_DRAWS, Mistake, Question, fmt, tex
from .common import (
    LOSS_RULE,
    MODEL,
    STARS_ONLY,
    STARS_RULE,
    BidStands,
    at_least_tex,
    bid_text,
    dice,
    draw_bid,
    roll,
)


# -- 6. with my dice ------------------------------------------------------------------------------
class BidWithMyDice(BidStands):
    title = _l("Counting your own dice")

    face: int | None = None  # None: a digit drawn per seed (StarBid sets the star)

    def setup(self, rng):
        for _attempt in range(200):
            self.n, self.mine, self.bid = draw_bid(rng, (8, 26), (3, 6), (-1, 2),
                                                   face=type(self).face)
            self.face = self.bid.face
            stars_matter = self.face == STAR or STAR in self.mine  # so the slip can show
            if (self.bid.count <= self.n and stars_matter
                    and Fraction(1, 10) < self.odds().p_true < Fraction(9, 10)):
                return

    def statement(self):
        bid = f"**{bid_text(self.bid)}**"
        if self.face == STAR:
            bid = _("{bid} (at least {stars})", bid=bid,
                    stars=_n("{n} star", "{n} stars", self.bid.count))
        return _("**{n}** dice are in play. Your dice are **{mine}**. The bid is {bid}. {stars} "
                 "{model} What is the probability that it stands?", n=self.n,
                 mine=dice(self.mine), bid=bid, stars=STARS_RULE, model=MODEL)

    def mistakes(self):
        o, m = self.odds(), len(self.mine)
        digits_only = sum(1 for f in self.mine if f == self.face)
        need_digits = max(0, self.bid.count - digits_only)
        return [Mistake("own dice forgotten", bid_odds(self.bid, self.n).p_true,
                        _("You treated all {n} dice as unknown; you can see your own {m}. Count "
                          "your matches, then only {unknown} dice are unknown.", n=self.n, m=m,
                          unknown=self.n - m)),
                Mistake("own dice counted twice",
                        count_distribution(self.face, self.n).at_least(
                            self.bid.count - o.known_matches),
                        _("You subtracted your matches but still counted your {m} dice among "
                          "the unknown ones: only {unknown} dice are unknown.", m=m,
                          unknown=self.n - m)),
                Mistake("own stars forgotten",
                        count_distribution(self.face, self.n - m).at_least(need_digits),
                        _("Your stars count as {face}s too (stars are wild for a digit bid).",
                          face=self.face)),
                Mistake("exactly", o.p_exact,
                        _("You computed P(exactly) instead of P(at least)."))]

    def hints(self):
        return [_("How many of your dice count for {face}s? Stars count.", face=self.face),
                _("The bid needs (bid − your matches) more among the dice you cannot see."),
                _("That is P(Binomial(unknown dice, 1/3) ≥ needed).")]

    def explain(self):
        o = self.odds()
        held = (_n("{n} star", "{n} stars", o.known_matches) if self.face == STAR
                else _n("{n} matching die", "{n} matching dice", o.known_matches))
        return _("You hold {held} ({mine}), so the bid needs {needed} more among the {unknown} "
                 "dice you cannot see, each matching with probability {p}: {sum}.", held=held,
                 mine=dice(self.mine), needed=o.needed, unknown=o.unknown,
                 p=o.match_probability,
                 sum=f"$P = {at_least_tex(o.needed, o.unknown, o.match_probability)} = "
                 f"{tex(o.p_true)}$")


# -- 7. a star bid --------------------------------------------------------------------------------
class StarBid(BidWithMyDice):
    title = _l("A star bid")
    face = STAR

    def mistakes(self):
        o, m = self.odds(), len(self.mine)
        return [Mistake("stars wild", count_distribution(1, o.unknown).at_least(o.needed),
                        STARS_ONLY + " " + _("You used 1/3 per die.")),
                Mistake("own dice forgotten", bid_odds(self.bid, self.n).p_true,
                        _("You treated all {n} dice as unknown; you can see your own {m}.",
                          n=self.n, m=m)),
                Mistake("exactly", o.p_exact, _("You computed P(exactly) instead of P(at least)."))]

    def hints(self):
        return [_("How many stars do you hold? Those are certain."),
                _("Each die you cannot see is a star with probability 1/6.")]


# -- 8. exact versus the rule of thumb ------------------------------------------------------------
class RuleOfThumb(BidStands):
    title = _l("Exact versus the rule of thumb")

    def setup(self, rng):
        self.face = int(rng.integers(1, 6))
        self.n = 3 * int(rng.integers(3, 9))
        self.bid = Bid(self.n // 3, self.face)

    def statement(self):
        return _("**{n}** dice are in play, none of them yours. The rulebook's rule of thumb "
                 "says to expect {n}/3 = {third} dice showing {face} or ★, so the bid **{bid}** "
                 "looks 'about right'. {model} What is the exact probability that it stands?",
                 n=self.n, third=self.n // 3, face=self.face, bid=bid_text(self.bid), model=MODEL)

    def mistakes(self):
        o = self.odds()
        return [Mistake("coin flip", Fraction(1, 2),
                        _("A bid at the expected count is not a coin flip: the bid also stands "
                          "when the count equals the bid, so compute P(A ≥ bid) exactly.")),
                Mistake("sure", Fraction(1),
                        _("The rule of thumb is an average, not a guarantee: the count varies "
                          "around it.")),
                Mistake("exactly", o.p_exact,
                        _("You computed P(exactly) instead of P(at least).")),
                Mistake("more than", o.p_true - o.p_exact,
                        _("'At least' includes the bid's own count."))]

    def hints(self):
        return [_("The rule of thumb gives the mean of the count, not a probability."),
                _("Compute P(Binomial({n}, 1/3) ≥ {third}).", n=self.n, third=self.n // 3)]

    def explain(self):
        o = self.odds()
        return _("The count is Binomial({n}, 1/3), whose mean is the rule of thumb {mean}. {p}, "
                 "more than 1/2 because the bid also stands when the count equals it (P = "
                 "{exact}).", n=self.n, mean=tex(o.rule_of_thumb),
                 p=f"$P(A \\geq {self.bid.count}) = "
                 f"{at_least_tex(self.bid.count, self.n, Fraction(1, 3))} = {tex(o.p_true)}$",
                 exact=fmt(o.p_exact))


# -- 9. expected dice lost by the challenger ------------------------------------------------------
class ChallengerLoss(Question):
    title = _l("What a challenge costs")

    def setup(self, rng):
        for _attempt in range(200):
            self.n, self.mine, self.bid = draw_bid(rng, (8, 21), (2, 6), (-2, 1), min_needed=-5)
            self.face = self.bid.face
            if self.bid.count <= self.n and 0 < self.odds().p_true < 1:
                return

    def statement(self):
        m = len(self.mine)
        return _("**{n}** dice are in play. Your {m} dice are **{mine}**. The bid is **{bid}** "
                 "and you challenge it. {stars} {model} {loss} How many dice do you expect to "
                 "lose?", n=self.n, m=m, mine=dice(self.mine), bid=bid_text(self.bid),
                 stars=STARS_RULE, model=MODEL, loss=LOSS_RULE)

    def odds(self):
        return bid_odds(self.bid, self.n, mine=self.mine, challenger_held=len(self.mine))

    def expected(self):
        return self.odds().challenger_loss

    def mistakes(self):
        o = self.odds()
        free = bid_odds(self.bid, self.n, mine=self.mine, challenger_held=None)
        return [Mistake("exact case forgotten", o.challenger_loss - o.p_exact,
                        _("When the count is exactly {count}, everybody but the bidder loses "
                          "one die, you included: add P(A = bid) × 1.", count=self.bid.count)),
                Mistake("no cap", free.challenger_loss,
                        _("You cannot lose more than the {m} dice you hold: cap the loss "
                          "A − bid at your dice.", m=len(self.mine))),
                Mistake("probability", o.p_true,
                        _("That is the chance you lose something; the question asks how many dice "
                          "on average: weigh each count by the dice it costs.")),
                Mistake("bidder's loss", o.bidder_loss,
                        _("That is what the bidder expects to lose when the bid is false."))]

    def hints(self):
        return [_("Expected loss = Σ over counts A of P(A) × (dice you lose at A)."),
                _("You lose nothing when A < bid, one die when A = bid, min(A − bid, your dice) "
                  "when A > bid.")]

    def explain(self):
        o = self.odds()
        loss = _("loss")
        formula = (f"$\\mathbb{{E}}[\\text{{{loss}}}] = "
                   f"P(A = {self.bid.count}) + \\sum_{{a > {self.bid.count}}} P(A = a) "
                   f"\\min(a - {self.bid.count}, {len(self.mine)}) = {tex(o.p_exact)} + "
                   f"{tex(o.challenger_loss - o.p_exact)} = {tex(o.challenger_loss)}$")
        return _("You hold {held}; A = {known} + Binomial({unknown}, 1/3). {formula}.",
                 held=_n("{n} matching die", "{n} matching dice", o.known_matches),
                 known=o.known_matches, unknown=o.unknown, formula=formula)


# -- 10. challenge or raise -----------------------------------------------------------------------
class ChallengeOrRaise(Question):
    title = _l("Probable is not the same as worth challenging")

    def setup(self, rng):
        # Prefer a position where choosing by probability picks the costlier choice (the point
        # of the question); keep the first valid position in case none turns up.
        fallback = None
        for _attempt in range(300):
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
        return _("{players} players hold {held} dice ({n} in play); you hold **{mine}**. The "
                 "player before you bid **{bid}**. You either challenge, or raise to "
                 "**{raise_to}** and the next player challenges you. {stars} {model} {loss} "
                 "Which choice costs you fewer dice on average? Give **its expected number of "
                 "dice lost**.", players=len(self.held), held=", ".join(map(str, self.held)),
                 n=self.n, mine=dice(self.mine), bid=bid_text(self.bid),
                 raise_to=bid_text(self.raise_to), stars=STARS_RULE, model=MODEL, loss=LOSS_RULE)

    def expected(self):
        return min(self.challenge_loss(), self.raise_loss())

    def mistakes(self):
        ch = bid_odds(self.bid, self.n, mine=self.mine, challenger_held=len(self.mine))
        rs = bid_odds(self.raise_to, self.n, mine=self.mine, bidder_held=len(self.mine))
        return [Mistake("chose by probability", self.by_probability(),
                        _("You picked the choice less likely to lose, but a likely small loss can "
                          "beat an unlikely big one: compare expected dice lost, not chances.")),
                Mistake("worse choice", max(ch.challenger_loss, rs.bidder_loss),
                        _("That is the expected loss of the other, costlier choice.")),
                Mistake("exact case forgotten", min(ch.challenger_loss - ch.p_exact,
                                                    rs.bidder_loss),
                        _("When you challenge and the count is exactly the bid, you lose one die "
                          "too (everybody but the bidder does).")),
                Mistake("probability", min(ch.p_true, rs.p_false),
                        _("You gave a probability; the question asks for a number of dice."))]

    def hints(self):
        return [_("Compute two expected losses: challenging the bid, and being challenged on "
                  "your raise."),
                _("Challenging: P(A = bid) + Σ P(A = a) min(a − bid, your dice) over a > bid. "
                  "Raising: Σ P(A = a) min(raise − a, your dice) over a < raise.")]

    def explain(self):
        advice = advise(Position(self.mine, self.held, bid=self.bid))
        ch, rs = self.challenge_loss(), self.raise_loss()
        better = (_("Challenging is cheaper.") if ch < rs
                  else _("Raising to {bid} is cheaper.", bid=bid_text(self.raise_to)))
        return (_("Challenging costs {ch} dice on average; raising to {bid} costs {rs} if "
                  "challenged.", ch=f"${tex(ch)}$", bid=bid_text(self.raise_to), rs=f"${tex(rs)}$")
                + f" {better}\n\n" + _("bluffkit's advisor, over all raises: {line}",
                                         line=advice.explanation.splitlines()[-1]))


# -- 11. the expansion's re-roll ------------------------------------------------------------------
class Reroll(Question):
    title = _l("Show me your dice (expansion)")

    def setup(self, rng):
        for _attempt in range(200):
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
        reroll = _n("re-roll the other die", "re-roll the other {n} dice", left)
        return _n("Expansion *Montre-moi ton jeu*. **{total}** dice are in play; yours are "
                  "**{mine}**. You bid **{bid}**, show your matching die, the {shown}, and "
                  "{reroll} under your cup. {stars} {model} Before you look, what is the "
                  "probability that your bid stands?", "Expansion *Montre-moi ton jeu*. "
                  "**{total}** dice are in play; yours are **{mine}**. You bid **{bid}**, show "
                  "your matching dice, {shown}, and {reroll} under your cup. {stars} {model} "
                  "Before you look, what is the probability that your bid stands?",
                  len(self.shown), total=self.n, mine=dice(self.mine), bid=bid_text(self.bid),
                  shown=dice(self.shown), reroll=reroll, stars=STARS_RULE, model=MODEL)

    def odds(self):
        return reroll_odds(self.bid, self.n, mine=self.mine, expose=self.shown)

    def expected(self):
        return self.odds().p_true

    def mistakes(self):
        o = self.odds()
        before = bid_odds(self.bid, self.n, mine=self.mine)
        return [Mistake("no re-roll", before.p_true,
                        _("That is the chance before the re-roll, with your non-matching dice "
                          "certain misses; after the re-roll they are fresh dice, 1/3 each.")),
                Mistake("shown dice forgotten", bid_odds(self.bid, self.n).p_true,
                        _("Your shown dice are known matches: count them, then only the "
                          "others are unknown.")),
                Mistake("exactly", o.p_exact, _("You computed P(exactly) instead of P(at least)."))]

    def hints(self):
        return [_("After the re-roll, which dice are known? Only the ones you showed."),
                _("The re-rolled dice join the unknown dice: each counts with probability 1/3.")]

    def explain(self):
        o = self.odds()
        return _("Known: your {shown}. Unknown: the other players' {others} and your {rerolled}, "
                 "{unknown} in all. The bid needs {needed} of them: {p}.",
                 shown=_n("{n} shown die", "{n} shown dice", len(self.shown)),
                 others=_n("{n} die", "{n} dice", self.n - 5),
                 rerolled=_n("{n} re-rolled die", "{n} re-rolled dice", 5 - len(self.shown)),
                 unknown=o.unknown, needed=o.needed,
                 p=f"$P = {at_least_tex(o.needed, o.unknown, Fraction(1, 3))} = {tex(o.p_true)}$")


# -- 12. simulation -------------------------------------------------------------------------------
class Simulation(Question):
    title = _l("Simulate it")
    kind = Estimate()
    rounds = 20_000

    def setup(self, rng):
        self.face = int(rng.integers(1, 6))
        self.n = int(rng.integers(10, 21))
        self.bid = Bid(round(self.n / 3) + int(rng.integers(0, 3)), self.face)

    def statement(self):
        return _("Estimate by simulation the probability that the bid **{bid}** stands when "
                 "**{n}** dice you cannot see are rolled: roll the {n} dice {rounds} times (faces "
                 "1-6, with 6 the star) and count how often at least {count} show {face} or 6. "
                 "{draws} Your estimate is accepted within {tolerance} of the exact value (over "
                 "four standard errors for this many rounds).", bid=bid_text(self.bid),
                 n=self.n, rounds=num(self.rounds, ","), count=self.bid.count, face=self.face,
                 draws=SEEDED_DRAWS, tolerance=float(self.kind.tolerance))

    def expected(self):
        return bid_odds(self.bid, self.n).p_true

    def mistakes(self):
        o = bid_odds(self.bid, self.n)
        return [Mistake("stars forgotten",
                        count_distribution(STAR, self.n).at_least(self.bid.count),
                        _("Count the 6s (stars) as {face}s too.", face=self.face)),
                Mistake("exactly", o.p_exact, _("Count rounds with **at least** the bid, not "
                          "exactly."))]

    def hints(self):
        return [_("{rolls} gives one list of dice per round.",
                  rolls="`rolls = as_list(rng.integers(1, 7, size=(rounds, n)))`"),
                _("{hits}; the estimate is {mean}.",
                  hits=f"`hits = [row.count({self.face}) + row.count(6) for row in rolls]`",
                  mean=f"`sum(h >= {self.bid.count} for h in hits) / rounds`")]

    def simulate(self, seed: int | None = None) -> float:
        """The simulation the solution shows (a float: an estimate, not an exact value)."""
        rng = make_rng(self.seed if seed is None else seed)
        rolls = as_list(rng.integers(1, 7, size=(self.rounds, self.n)))
        hits = [row.count(self.face) + row.count(6) for row in rolls]
        return sum(h >= self.bid.count for h in hits) / self.rounds

    def explain(self):
        p = self.expected()
        sd = standard_error(p, self.rounds)
        return (f"```python\nfrom bluffkit.core import as_list, make_rng\n\n"
                f"rng = make_rng({self.seed})\n"
                f"rolls = as_list(rng.integers(1, 7, size=({self.rounds}, {self.n})))\n"
                f"hits = [row.count({self.face}) + row.count(6) for row in rolls]\n"
                f"sum(h >= {self.bid.count} for h in hits) / {self.rounds}\n```\n\n"
                + _("gives {estimate}. The exact value is {exact}; the standard error for {rounds} "
                    "rounds is about {sd}, so estimates land within a few thousandths (law of "
                    "large numbers).", estimate=num(self.simulate(), ".4f"), exact=fmt(p),
                    rounds=num(self.rounds, ","), sd=num(sd, ".4f")))
