"""Exercises on Bluff You, easiest first: sums of three dice, rarity and points, Bayes' rule,
mixed strategies.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.bluff_you``,
``bluffkit.advice.bluff_you_turn`` and ``bluffkit.solvers.lp`` when the student checks.

>>> q = Posterior(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..advice.bluff_you_turn import TurnGame, solve_turn
from ..games.bluff_you import POINTS, TOKENS, doublet_swaps, total_points
from ..odds.bluff_you import (
    expected_truthful_points,
    p_doublet,
    p_exact_pair,
    p_sum_in,
    p_triple,
    posterior_true,
    sum_ways,
)
from ..solvers.lp import solve_matrix
from .answers import Choice, Count
from .core import Mistake, Question, fmt, tex, tex_ratio


def p_sum(s: int) -> Fraction:
    return Fraction(sum_ways()[s], 216)


def tokens(ts) -> str:
    return ", ".join(map(str, sorted(ts)))


def pick_tokens(rng: np.random.Generator, k: int) -> tuple[int, ...]:
    return tuple(sorted(int(t) for t in rng.choice(TOKENS, size=k, replace=False)))


POINTS_RULE = ("Points: 3 and 18 → 5; 4 and 17 → 4; 5, 6, 15, 16 → 3; 7, 8, 13, 14 → 2; "
               "9 to 12 → 1.")


# -- 1. one sum -----------------------------------------------------------------------------------
class SumProbability(Question):
    title = "One sum"

    def setup(self, rng):
        self.s = int(rng.integers(3, 19))

    def statement(self):
        return (f"The bluffer rolls three fair dice. What is the probability that the sum is "
                f"**{self.s}**?")

    def expected(self):
        return p_sum(self.s)

    def mistakes(self):
        return [Mistake("sums equally likely", Fraction(1, 16),
                        "The 16 sums are not equally likely: count the 216 ordered rolls."),
                Mistake("unordered rolls", Fraction(_multisets(self.s), 56),
                        "You counted the 56 sorted rolls as equally likely; 1,2,3 can come in "
                        "6 orders but 1,1,1 in only one. Count the 216 ordered rolls.")]

    def hints(self):
        return ["There are $6^3 = 216$ equally likely ordered rolls.",
                f"Count the ordered triples $(a, b, c)$ with $a + b + c = {self.s}$."]

    def explain(self):
        w = sum_ways()[self.s]
        return (f"{w} of the 216 ordered rolls give {self.s}, so $P = {tex_ratio(w, 216)}$.")


def _multisets(s: int) -> int:
    return sum(1 for a in range(1, 7) for b in range(a, 7) for c in range(b, 7) if a + b + c == s)


# -- 2. doublets ----------------------------------------------------------------------------------
class Doublet(Question):
    title = "Doublets and triples"
    ASK = {"doublet": ("at least two equal dice (a doublet, which allows the swap)", p_doublet),
           "pair": ("exactly two equal dice (not three)", p_exact_pair),
           "triple": ("three equal dice", p_triple)}

    def setup(self, rng):
        self.what = ["doublet", "pair", "triple"][int(rng.integers(3))]

    def statement(self):
        return f"Three dice are rolled. What is the probability of **{self.ASK[self.what][0]}**?"

    def expected(self):
        return self.ASK[self.what][1]()

    def mistakes(self):
        return [Mistake("at least two / exactly two", p_exact_pair() if self.what == "doublet"
                        else p_doublet(), "At least two equal dice includes three equal dice; "
                        "exactly two does not. Read the question again."),
                Mistake("two given dice equal", Fraction(1, 6),
                        "1/6 is the chance that two *given* dice match; with three dice there "
                        "are three pairs of places."),
                Mistake("ordered triple", Fraction(1, 216),
                        "1/216 is one particular triple, e.g. 6,6,6; there are six faces.")]

    def hints(self):
        return ["All three different: $6 \\cdot 5 \\cdot 4$ ordered rolls out of 216.",
                "Three equal: 6 rolls. Exactly two equal: the rest."]

    def explain(self):
        return ("All different: $\\frac{120}{216}$; three equal: $\\frac{6}{216}$; exactly two: "
                "$\\frac{216 - 120 - 6}{216} = \\frac{90}{216}$; at least two: "
                "$1 - \\frac{120}{216} = \\frac{4}{9}$.")


# -- 3. can the bluffer tell the truth? -----------------------------------------------------------
class TruthPossible(Question):
    title = "Can the truth be told?"

    def setup(self, rng):
        self.centre = pick_tokens(rng, int(rng.integers(2, 6)))

    def statement(self):
        return (f"Late in the game only the tokens **{tokens(self.centre)}** are in the centre. "
                "For a gain the bluffer must announce a centre token. What is the probability "
                "that the bluffer's sum is one of them (so that a true announcement is possible)?")

    def expected(self):
        return p_sum_in(self.centre)

    def mistakes(self):
        return [Mistake("tokens over 16", Fraction(len(self.centre), 16),
                        "The sums are not equally likely: add up P(S = t) for each centre token.")]

    def hints(self):
        return ["The events S = t for different t cannot happen together: add their probabilities."]

    def explain(self):
        parts = " + ".join(f"\\frac{{{sum_ways()[t]}}}{{216}}" for t in self.centre)
        return f"$P = {parts} = {tex(self.expected())}$."


# -- 4. expected points of the truth --------------------------------------------------------------
class ExpectedPoints(Question):
    title = "Expected points of the truth"

    def setup(self, rng):
        self.centre = pick_tokens(rng, int(rng.integers(3, 8)))

    def statement(self):
        return (f"The centre holds **{tokens(self.centre)}**. {POINTS_RULE} A bluffer announces "
                "their true sum when it is a centre token, and counts 0 otherwise. What is the "
                "expected number of points of the token announced truthfully?")

    def expected(self):
        return expected_truthful_points(self.centre)

    def mistakes(self):
        return [Mistake("average of the tokens", Fraction(total_points(self.centre),
                                                           len(self.centre)),
                        "That is the average of the tokens' points, as if each token were "
                        "equally likely and always announceable. Weight each by P(S = t)."),
                Mistake("conditioned on truth", expected_truthful_points(self.centre)
                        / p_sum_in(self.centre),
                        "You divided by P(the sum is a centre token): the question counts 0 "
                        "points when the truth cannot be told.")]

    def hints(self):
        return ["$E = \\sum_t P(S = t)\\, \\text{points}(t)$ over the centre tokens."]

    def explain(self):
        parts = " + ".join(f"\\frac{{{sum_ways()[t]}}}{{216}} \\cdot {POINTS[t]}"
                           for t in self.centre)
        return f"$E = {parts} = {tex(self.expected())}$."


# -- 5. Bayes' rule -------------------------------------------------------------------------------
class Posterior(Question):
    title = "Bayes' rule: true, given that it was said?"

    def setup(self, rng):
        self.centre = pick_tokens(rng, int(rng.integers(3, 7)))
        self.announced = int(self.centre[int(rng.integers(len(self.centre)))])
        self.q = Fraction(int(rng.integers(1, 4)), 4)

    def statement(self):
        k = len(self.centre)
        return (f"The centre holds **{tokens(self.centre)}**. Model of the bluffer: when the sum "
                f"is a centre token they tell the truth with probability $q = {tex(self.q)}$, "
                f"otherwise they announce one of the other {k - 1} centre tokens at random; when "
                f"the sum is not a centre token they announce any of the {k} at random. They "
                f"announce **{self.announced}**. What is $P(\\text{{true}} \\mid "
                f"\\text{{announced {self.announced}}})$?")

    def expected(self):
        return posterior_true(self.announced, self.centre, self.q).posterior

    def mistakes(self):
        post = posterior_true(self.announced, self.centre, self.q)
        return [Mistake("prior", post.prior, "That is P(S = a) before hearing anything: Bayes' "
                        "rule weighs it by how likely the announcement is under each case."),
                Mistake("q", self.q, "q is P(announce a | S = a), not P(S = a | announce a)."),
                Mistake("joint", post.prior * post.p_announce_if_true,
                        "That is P(S = a and announce a): divide by P(announce a).")]

    def hints(self):
        return ["P(announce a) = P(S = a) q + (the other centre sums) (1 - q)/(k - 1) + "
                "P(S not in the centre)/k.",
                "Posterior = P(S = a) q / P(announce a)."]

    def explain(self):
        return posterior_true(self.announced, self.centre, self.q).explain().replace(
            "\n", "\n\n")


# -- 6. the call ----------------------------------------------------------------------------------
class BestCall(Question):
    title = "OK or Bluff you?"
    kind = Choice({"ok": ("o", "believe", "yes"), "bluff you": ("bluff", "b", "no", "doubt")})

    def setup(self, rng):
        # Half the students should hear a believable number: drawn freely, 'bluff you' was the
        # answer for 188 of 200 seeds, so always doubting scored almost every time.
        want = "ok" if rng.random() < 0.5 else "bluff you"
        for attempt in range(10_000):
            self.centre = pick_tokens(rng, int(rng.integers(2, 7)))
            self.announced = int(self.centre[int(rng.integers(len(self.centre)))])
            # at P(true) = 1/2 both calls are right and 'ok' was marked wrong
            if self.posterior() != Fraction(1, 2) and (self.expected() == want
                                                       or attempt >= 200):
                break

    def statement(self):
        return (f"The centre holds **{tokens(self.centre)}** and the bluffer is **naive**: "
                "truthful whenever the sum is a centre token ($q = 1$), otherwise announcing any "
                f"centre token at random. They announce **{self.announced}** for a gain (you "
                "win the token if you are right, they win it if you are wrong). Should you say "
                "`'ok'` or `'bluff you'`?")

    def posterior(self):
        return posterior_true(self.announced, self.centre, 1).posterior

    def expected(self):
        return "ok" if self.posterior() > Fraction(1, 2) else "bluff you"

    def mistakes(self):
        other = "bluff you" if self.expected() == "ok" else "ok"
        return [Mistake("compare with 1/2", other,
                        f"Believe when P(true | announced) > 1/2: here it is "
                        f"{fmt(self.posterior())}. A naive bluffer still lies when the sum is "
                        "not in the centre.")]

    def hints(self):
        return ["The stakes are the same token either way, so say OK exactly when the "
                "announcement is more likely true than false.",
                "Use Bayes' rule with q = 1."]

    def explain(self):
        post = self.posterior()
        side = "more" if post > Fraction(1, 2) else "less"
        return (f"By Bayes' rule with $q = 1$, $P(\\text{{true}} \\mid {self.announced}) = "
                f"{tex(post)} \\approx {float(post):.3f}$, {side} than $\\frac{{1}}{{2}}$. The "
                "same token is won or lost either way, so say OK exactly when the announcement "
                f"is more likely true than false: the answer is '{self.expected()}'.")


# -- 7. a mixed strategy --------------------------------------------------------------------------
class MatrixValue(Question):
    title = "Mixing: the value of a 2 × 2 game"

    def setup(self, rng):
        while True:
            a, b, c, d = (int(x) for x in rng.integers(-5, 6, size=4))
            if (a - b) * (d - c) > 0 and (a - c) * (d - b) > 0:  # no saddle point: mixing
                break
        self.m = [[a, b], [c, d]]

    def statement(self):
        (a, b), (c, d) = self.m
        return ("The row player (the bluffer) picks a row, the column player (the guesser) a "
                "column, at the same time; the row player gets the number, the column player "
                f"loses it:\n\n| | OK | Bluff you |\n|---|---|---|\n| truth | {a} | {b} |\n"
                f"| lie | {c} | {d} |\n\nNo pure choice is safe. What is the **value** of the "
                "game (what the row player guarantees on average with the best mix)?")

    def expected(self):
        return solve_matrix(self.m).value

    def mistakes(self):
        (a, b), (c, d) = self.m
        return [Mistake("average", Fraction(a + b + c + d, 4),
                        "The average of the four numbers assumes both players mix 50/50."),
                Mistake("pure maximin", max(min(a, b), min(c, d)),
                        "That is the best the row player can guarantee without mixing.")]

    def hints(self):
        return ["Mix the rows with probability $x$ so that the guesser gets the same from both "
                "columns.",
                "$x a + (1 - x) c = x b + (1 - x) d$; the value is either side."]

    def explain(self):
        s = solve_matrix(self.m)
        return (f"The row mix $({tex(s.row[0])}, {tex(s.row[1])})$ makes both columns worth "
                f"${tex(s.value)}$, and the column mix $({tex(s.col[0])}, {tex(s.col[1])})$ "
                "makes both rows worth the same: that is the equilibrium.")


# -- 8. the last token ----------------------------------------------------------------------------
class LastToken(Question):
    title = "The last token"

    def setup(self, rng):
        self.token = int(rng.integers(3, 19))

    def statement(self):
        return (f"Only the token **{self.token}** ({POINTS[self.token]} points) is left in the "
                "centre and nobody can steal. The bluffer must announce it. Payoff: the bluffer's "
                "points minus the guesser's, this turn. What does the bluffer expect at "
                "equilibrium?")

    def expected(self):
        return solve_turn(TurnGame(centre=(self.token,))).value

    def mistakes(self):
        p, v = p_sum(self.token), POINTS[self.token]
        return [Mistake("sign", -self.expected(), "Check the sign: the guesser is right unless "
                        "the sum happens to be the token, and then the bluffer loses the points."),
                Mistake("coin flip", Fraction(0), "The guesser is not indifferent: the "
                        "announcement is almost always false."),
                Mistake("only the truth", p * v, "Count the lies too: they cost the bluffer.")]

    def hints(self):
        return ["The announcement is true only when the sum is the token; the guesser knows it.",
                "Against 'Bluff you!' the bluffer wins the points with P(S = t) and loses them "
                "otherwise."]

    def explain(self):
        p, v = p_sum(self.token), POINTS[self.token]
        return (f"P(true) $= {tex(p)} < \\frac{{1}}{{2}}$, so the equilibrium guesser always "
                f"doubts: $E = {tex(p)} \\cdot {v} - {tex(1 - p)} \\cdot {v} = "
                f"{tex(self.expected())}$.")


# -- 9. doublet swaps -----------------------------------------------------------------------------
class DoubletSwaps(Question):
    title = "Doublet swaps"
    kind = Count()

    def setup(self, rng):
        while True:
            picked = pick_tokens(rng, int(rng.integers(6, 12)))
            self.held = tuple(sorted(picked[:int(rng.integers(3, 6))]))
            self.centre = tuple(t for t in TOKENS if t not in picked) + picked[len(self.held):]
            self.centre = tuple(sorted(self.centre))
            if doublet_swaps(self.held, self.centre):
                break

    def statement(self):
        return (f"You rolled a doublet and hold **{tokens(self.held)}**; the centre holds "
                f"**{tokens(self.centre)}**. {POINTS_RULE} A swap gives two or more of your "
                "tokens for one centre token of the same total points. How many different "
                "swaps can you make?")

    def expected(self):
        return len(doublet_swaps(self.held, self.centre))

    def mistakes(self):
        pairs = [s for s in doublet_swaps(self.held, self.centre) if len(s[0]) == 2]
        return [Mistake("pairs only", len(pairs), "Three or more tokens may be given too.")]

    def hints(self):
        return ["List the groups of two or more of your tokens and their total points.",
                "Each group can be swapped for each centre token worth exactly its total."]

    def explain(self):
        swaps = doublet_swaps(self.held, self.centre)
        listed = "; ".join(f"{tokens(g)} → {t}" for g, t in swaps)
        return f"The swaps: {listed}."


NOTEBOOK = "02_bluff_you.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = """\
# Exercises: Bluff You, sums of three dice and Bayes' rule

In **Bluff You** the bluffer rolls three dice secretly and announces a number: a centre token to
gain it, or another player's token to steal it. The guesser answers "OK!" or "Bluff you!"; whoever
is right gets the token. The 16 tokens 3-18 are worth 1 to 5 points, following how rare the sum
is. With a doublet the bluffer may swap tokens of equal total points.

These nine exercises go from counting the 216 rolls to Bayes' rule and mixed strategies.
"""

OUTRO = """\
## Going further

`notebooks/02_bluff_you.ipynb` shows the same ideas with widgets: the sums beside the points,
Bayes' rule explorer, the exact equilibrium of a turn, and a game against bots with explanations.
"""

QUESTIONS = [SumProbability, Doublet, TruthPossible, ExpectedPoints, Posterior, BestCall,
             MatrixValue, LastToken, DoubletSwaps]
"""Bluff You's questions, easiest first (``bluffkit.exercises.catalogue("bluff-you")``)."""
