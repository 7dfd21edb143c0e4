"""Exercises on Bluff You, easiest first: sums of three dice, rarity and points, Bayes' rule,
mixed strategies.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.bluff_you``,
``bluffkit.advice.bluff_you.turn`` and ``bluffkit.solvers.lp`` when the student checks.

>>> q = SumProbability(seed=3)
>>> q.check("5/108").correct, q.check("1/16").mistake
(True, 'sums equally likely')
"""

from __future__ import annotations

from fractions import Fraction

from ..advice.bluff_you.turn import TurnGame, solve_turn
from ..core import choice
from ..core.i18n import _, _l, _n, num
from ..core.rng import Rng
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


def pick_tokens(rng: Rng, sizes: range) -> tuple[int, ...]:
    """Distinct tokens, sorted; how many is drawn from ``sizes`` (``range(2, 6)``: 2 to 5)."""
    k = int(rng.integers(sizes.start, sizes.stop))
    return tuple(sorted(int(t) for t in rng.choice(TOKENS, size=k, replace=False)))


POINTS_RULE = _l("Points: 3 and 18 → 5; 4 and 17 → 4; 5, 6, 15, 16 → 3; 7, 8, 13, 14 → 2; 9 to "
                 "12 → 1.")
SWAPS_COUNTED = _l("Two swaps differ when they give other tokens or take another centre token "
                   "(one group of tokens that can take two centre tokens makes two swaps).")


# -- 1. one sum -----------------------------------------------------------------------------------
class SumProbability(Question):
    title = _l("One sum")

    def setup(self, rng):
        self.s = int(rng.integers(3, 19))

    def statement(self):
        return _("The bluffer rolls three fair dice. What is the probability that the sum is "
                 "**{s}**?", s=self.s)

    def expected(self):
        return p_sum(self.s)

    def mistakes(self):
        return [Mistake("sums equally likely", Fraction(1, 16),
                        _("The 16 sums are not equally likely: count the 216 ordered rolls.")),
                Mistake("unordered rolls", Fraction(_multisets(self.s), 56),
                        _("You counted the 56 sorted rolls as equally likely; 1,2,3 can come "
                          "in 6 orders but 1,1,1 in only one. Count the 216 ordered rolls."))]

    def hints(self):
        return [_("There are {n} equally likely ordered rolls.", n="$6^3 = 216$"),
                _("Count the ordered triples {triple} with {sum}.", triple="$(a, b, c)$",
                  sum=f"$a + b + c = {self.s}$")]

    def explain(self):
        w = sum_ways()[self.s]
        return _("{w} of the 216 ordered rolls give {s}, so {p}.", w=w, s=self.s,
                 p=f"$P = {tex_ratio(w, 216)}$")


def _multisets(s: int) -> int:
    return sum(1 for a in range(1, 7) for b in range(a, 7) for c in range(b, 7) if a + b + c == s)


# -- 2. doublets ----------------------------------------------------------------------------------
class Doublet(Question):
    title = _l("Doublets and triples")
    ASK = {"doublet": (_l("at least two equal dice (a doublet, which allows the swap)"), p_doublet),
           "pair": (_l("exactly two equal dice (not three)"), p_exact_pair),
           "triple": (_l("three equal dice"), p_triple)}

    def setup(self, rng):
        self.what = ["doublet", "pair", "triple"][int(rng.integers(3))]

    def statement(self):
        return _("Three dice are rolled. What is the probability of **{event}**?",
                 event=self.ASK[self.what][0])

    def expected(self):
        return self.ASK[self.what][1]()

    def mistakes(self):
        return [Mistake("at least two / exactly two", p_exact_pair() if self.what == "doublet"
                        else p_doublet(), _("At least two equal dice includes three equal "
                                            "dice; exactly two does not. Read the question "
                                            "again.")),
                Mistake("two given dice equal", Fraction(1, 6),
                        _("1/6 is the chance that two *given* dice match; with three dice "
                          "there are three pairs of places.")),
                Mistake("ordered triple", Fraction(1, 216),
                        _("1/216 is one particular triple, e.g. 6,6,6; there are six faces."))]

    def hints(self):
        return [_("All three different: {n} ordered rolls out of 216.", n="$6 \\cdot 5 \\cdot 4$"),
                _("Three equal: 6 rolls. Exactly two equal: the rest.")]

    def explain(self):
        return _("All different: {a}; three equal: {b}; exactly two: {c}; at least two: {d}.",
                 a="$\\frac{120}{216}$", b="$\\frac{6}{216}$",
                 c="$\\frac{216 - 120 - 6}{216} = \\frac{90}{216}$",
                 d="$1 - \\frac{120}{216} = \\frac{4}{9}$")


# -- 3. can the bluffer tell the truth? -----------------------------------------------------------
class TruthPossible(Question):
    title = _l("Can the truth be told?")

    def setup(self, rng):
        self.centre = pick_tokens(rng, range(2, 6))

    def statement(self):
        return _("Late in the game only the tokens **{tokens}** are in the centre. For a gain "
                 "the bluffer must announce a centre token. What is the probability that the "
                 "bluffer's sum is one of them (so that a true announcement is possible)?",
                 tokens=tokens(self.centre))

    def expected(self):
        return p_sum_in(self.centre)

    def mistakes(self):
        return [Mistake("tokens over 16", Fraction(len(self.centre), 16),
                        _("The sums are not equally likely: add up P(S = t) for each centre "
                          "token."))]

    def hints(self):
        return [_("The events S = t for different t cannot happen together: add their "
                  "probabilities.")]

    def explain(self):
        parts = " + ".join(f"\\frac{{{sum_ways()[t]}}}{{216}}" for t in self.centre)
        return f"$P = {parts} = {tex(self.expected())}$."


# -- 4. expected points of the truth --------------------------------------------------------------
class ExpectedPoints(Question):
    title = _l("Expected points of the truth")

    def setup(self, rng):
        self.centre = pick_tokens(rng, range(3, 8))

    def statement(self):
        return _("The centre holds **{tokens}**. {rule} A bluffer announces their true sum when "
                 "it is a centre token, and counts 0 otherwise. What is the expected number of "
                 "points of the token announced truthfully?", tokens=tokens(self.centre),
                 rule=POINTS_RULE)

    def expected(self):
        return expected_truthful_points(self.centre)

    def mistakes(self):
        return [Mistake("average of the tokens", Fraction(total_points(self.centre),
                                                           len(self.centre)),
                        _("That is the average of the tokens' points, as if each token were "
                          "equally likely and always announceable. Weight each by P(S = t).")),
                Mistake("conditioned on truth", expected_truthful_points(self.centre)
                        / p_sum_in(self.centre),
                        _("You divided by P(the sum is a centre token): the question counts 0 "
                          "points when the truth cannot be told."))]

    def hints(self):
        return [_("{sum} over the centre tokens.",
                  sum="$E = \\sum_t P(S = t)\\, \\text{" + _("points") + "}(t)$")]

    def explain(self):
        parts = " + ".join(f"\\frac{{{sum_ways()[t]}}}{{216}} \\cdot {POINTS[t]}"
                           for t in self.centre)
        return f"$E = {parts} = {tex(self.expected())}$."


# -- 5. Bayes' rule -------------------------------------------------------------------------------
class Posterior(Question):
    title = _l("Bayes' rule: true, given that it was said?")

    def setup(self, rng):
        self.centre = pick_tokens(rng, range(3, 7))
        self.announced = int(choice(self.centre, rng))
        self.q = Fraction(int(rng.integers(1, 4)), 4)

    def statement(self):
        k = len(self.centre)
        true, said = _("true"), _("announced {a}", a=self.announced)
        p = f"$P(\\text{{{true}}} \\mid \\text{{{said}}})$"
        return _("The centre holds **{tokens}**. Model of the bluffer: when the sum is a centre "
                 "token they tell the truth with probability {q}, otherwise they announce one of "
                 "the other {others} centre tokens at random; when the sum is not a centre token "
                 "they announce any of the {k} at random. They announce **{a}**. What is {p}?",
                 tokens=tokens(self.centre), q=f"$q = {tex(self.q)}$", others=k - 1, k=k,
                 a=self.announced, p=p)

    def expected(self):
        return posterior_true(self.announced, self.centre, self.q).posterior

    def mistakes(self):
        post = posterior_true(self.announced, self.centre, self.q)
        return [Mistake("prior", post.prior, _("That is P(S = a) before hearing anything: "
                                                "Bayes' rule weighs it by how likely the "
                                                "announcement is under each case.")),
                Mistake("q", self.q, _("q is P(announce a | S = a), not P(S = a | announce a).")),
                Mistake("joint", post.prior * post.p_announce_if_true,
                        _("That is P(S = a and announce a): divide by P(announce a)."))]

    def hints(self):
        return [_("P(announce a) = P(S = a) q + (the other centre sums) (1 - q)/(k - 1) + "
                  "P(S not in the centre)/k."),
                _("Posterior = P(S = a) q / P(announce a).")]

    def explain(self):
        return posterior_true(self.announced, self.centre, self.q).explain().replace(
            "\n", "\n\n")


# -- 6. the call ----------------------------------------------------------------------------------
class BestCall(Question):
    title = _l("OK or Bluff you?")
    kind = Choice({"ok": ("o", "believe", "yes", "oui", "je te crois", "crois"),
                   "bluff you": ("bluff", "b", "no", "doubt", "non", "doute")})

    def setup(self, rng):
        # Half the students should hear a believable number: drawn freely, 'bluff you' was the
        # answer for 188 of 200 seeds, so always doubting scored almost every time.
        want = "ok" if rng.random() < 0.5 else "bluff you"
        for attempt in range(10_000):
            self.centre = pick_tokens(rng, range(2, 7))
            self.announced = int(choice(self.centre, rng))
            # at P(true) = 1/2 both calls are right and 'ok' was marked wrong
            if self.posterior() != Fraction(1, 2) and (self.expected() == want
                                                       or attempt >= 200):
                break

    def statement(self):
        return _("The centre holds **{tokens}** and the bluffer is **naive**: truthful whenever "
                 "the sum is a centre token ({q}), otherwise announcing any centre token at "
                 "random. They announce **{a}** for a gain (you win the token if you are right, "
                 "they win it if you are wrong). Should you say {ok} or {bluff}?",
                 tokens=tokens(self.centre), q="$q = 1$", a=self.announced, ok="`'ok'`",
                 bluff="`'bluff you'`")

    def posterior(self):
        return posterior_true(self.announced, self.centre, 1).posterior

    def expected(self):
        return "ok" if self.posterior() > Fraction(1, 2) else "bluff you"

    def mistakes(self):
        other = "bluff you" if self.expected() == "ok" else "ok"
        return [Mistake("compare with 1/2", other,
                        _("Believe when P(true | announced) > 1/2: here it is {p}. A naive "
                          "bluffer still lies when the sum is not in the centre.",
                          p=fmt(self.posterior())))]

    def hints(self):
        return [_("The stakes are the same token either way, so say OK exactly when the "
                  "announcement is more likely true than false."),
                _("Use Bayes' rule with q = 1.")]

    def explain(self):
        post = self.posterior()
        true = _("true")
        p = (f"$P(\\text{{{true}}} \\mid {self.announced}) = {tex(post)} \\approx "
             f"{num(float(post), '.3f')}$")
        half = "$\\frac{1}{2}$"
        side = (_("{p}, more than {half}.", p=p, half=half) if post > Fraction(1, 2)
                else _("{p}, less than {half}.", p=p, half=half))
        return _("By Bayes' rule with {q}, {side} The same token is won or lost either way, so "
                 "say OK exactly when the announcement is more likely true than false: the "
                 "answer is {answer}.", q="$q = 1$", side=side, answer=f"'{self.expected()}'")


# -- 7. a mixed strategy --------------------------------------------------------------------------
class MatrixValue(Question):
    title = _l("Mixing: the value of a 2 × 2 game")

    def setup(self, rng):
        while True:
            a, b, c, d = (int(x) for x in rng.integers(-5, 6, size=4))
            if (a - b) * (d - c) > 0 and (a - c) * (d - b) > 0:  # no saddle point: mixing
                break
        self.m = [[a, b], [c, d]]

    def statement(self):
        (a, b), (c, d) = self.m
        truth, lie = _("truth"), _("lie")
        table = (f"| | OK | Bluff you |\n|---|---|---|\n| {truth} | {a} | {b} |\n"
                 f"| {lie} | {c} | {d} |")
        return (_("The row player (the bluffer) picks a row, the column player (the guesser) a "
                  "column, at the same time; the row player gets the number, the column player "
                  "loses it:") + f"\n\n{table}\n\n"
                + _("No pure choice is safe. What is the **value** of the game (what the row "
                    "player guarantees on average with the best mix)?"))

    def expected(self):
        return solve_matrix(self.m).value

    def mistakes(self):
        (a, b), (c, d) = self.m
        return [Mistake("average", Fraction(a + b + c + d, 4),
                        _("The average of the four numbers assumes both players mix 50/50.")),
                Mistake("pure maximin", max(min(a, b), min(c, d)),
                        _("That is the best the row player can guarantee without mixing."))]

    def hints(self):
        return [_("Mix the rows with probability {x} so that the guesser gets the same from "
                  "both columns.", x="$x$"),
                _("{equation}; the value is either side.",
                  equation="$x a + (1 - x) c = x b + (1 - x) d$")]

    def explain(self):
        s = solve_matrix(self.m)
        return _("The row mix {row} makes both columns worth {value}, and the column mix {col} "
                 "makes both rows worth the same: that is the equilibrium.",
                 row=f"$({tex(s.row[0])}, {tex(s.row[1])})$", value=f"${tex(s.value)}$",
                 col=f"$({tex(s.col[0])}, {tex(s.col[1])})$")


# -- 8. the last token ----------------------------------------------------------------------------
class LastToken(Question):
    title = _l("The last token")

    def setup(self, rng):
        self.token = int(rng.integers(3, 19))

    def statement(self):
        return _("Only the token **{token}** ({points}) is left in the centre and nobody can "
                 "steal. The bluffer must announce it. Payoff: the bluffer's points minus the "
                 "guesser's, this turn. What does the bluffer expect at equilibrium?",
                 token=self.token, points=_n("{n} point", "{n} points", POINTS[self.token]))

    def expected(self):
        return solve_turn(TurnGame(centre=(self.token,))).value

    def mistakes(self):
        p, v = p_sum(self.token), POINTS[self.token]
        return [Mistake("sign", -self.expected(),
                        _("Check the sign: the guesser is right unless the sum happens to be the "
                          "token, and then the bluffer loses the points.")),
                Mistake("coin flip", Fraction(0), _("The guesser is not indifferent: the "
                                                    "announcement is almost always false.")),
                Mistake("only the truth", p * v, _("Count the lies too: they cost the "
                                                   "bluffer."))]

    def hints(self):
        return [_("The announcement is true only when the sum is the token; the guesser knows "
                  "it."),
                _("Against 'Bluff you!' the bluffer wins the points with P(S = t) and loses them "
                  "otherwise.")]

    def explain(self):
        p, v = p_sum(self.token), POINTS[self.token]
        true = _("true")
        return _("{p}, so the equilibrium guesser always doubts: {e}.",
                 p=f"$P(\\text{{{true}}}) = {tex(p)} < \\frac{{1}}{{2}}$",
                 e=f"$E = {tex(p)} \\cdot {v} - {tex(1 - p)} \\cdot {v} = {tex(self.expected())}$")


# -- 9. doublet swaps -----------------------------------------------------------------------------
class DoubletSwaps(Question):
    title = _l("Doublet swaps")
    kind = Count()

    def setup(self, rng):
        while True:
            picked = pick_tokens(rng, range(6, 12))
            self.held = tuple(sorted(picked[:int(rng.integers(3, 6))]))
            self.centre = tuple(t for t in TOKENS if t not in picked) + picked[len(self.held):]
            self.centre = tuple(sorted(self.centre))
            if doublet_swaps(self.held, self.centre):
                break

    def statement(self):
        return _("You rolled a doublet and hold **{held}**; the centre holds **{centre}**. {rule} "
                 "A swap gives two or more of your tokens for one centre token of the same total "
                 "points. {count} How many different swaps can you make?", held=tokens(self.held),
                 centre=tokens(self.centre), rule=POINTS_RULE, count=SWAPS_COUNTED)

    def expected(self):
        return len(doublet_swaps(self.held, self.centre))

    def mistakes(self):
        swaps = doublet_swaps(self.held, self.centre)
        pairs = [s for s in swaps if len(s[0]) == 2]
        groups = {tuple(g) for g, _t in swaps}
        out = [Mistake("pairs only", len(pairs), _("Three or more tokens may be given too."))]
        if len(groups) < len(swaps):  # a group that can take two centre tokens
            out.append(Mistake("groups counted once", len(groups),
                               _("One group of tokens that can take two centre tokens makes two "
                                 "swaps: count each group with each centre token worth its "
                                 "points.")))
        return out

    def hints(self):
        return [_("List the groups of two or more of your tokens and their total points."),
                _("Each group can be swapped for each centre token worth exactly its total.")]

    def explain(self):
        swaps = doublet_swaps(self.held, self.centre)
        listed = _("; ").join(f"{tokens(g)} → {t}" for g, t in swaps)
        return _("The swaps: {listed}.", listed=listed)


NOTEBOOK = "02_bluff_you.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: Bluff You, sums of three dice and Bayes' rule

In **Bluff You** the bluffer rolls three dice secretly and announces a number: a centre token to
gain it, or another player's token to steal it. The guesser answers "OK!" or "Bluff you!"; whoever
is right gets the token. The 16 tokens 3-18 are worth 1 to 5 points, following how rare the sum
is. With a doublet the bluffer may swap tokens of equal total points.

These nine exercises go from counting the 216 rolls to Bayes' rule and mixed strategies.
""")

OUTRO = _l("""\
## Going further

`notebooks/02_bluff_you.ipynb` shows the same ideas with widgets: the sums beside the points,
Bayes' rule explorer, the exact equilibrium of a turn, and a game against bots with explanations.
""")

QUESTIONS = [SumProbability, Doublet, TruthPossible, ExpectedPoints, Posterior, BestCall,
             MatrixValue, LastToken, DoubletSwaps]
"""Bluff You's questions, easiest first (``bluffkit.exercises.catalogue("bluff-you")``)."""
