"""Exercises on reading Bluff bids: the Bayes step, easiest first.

The model is bluffkit's (``bluffkit.odds.bluff_model``): each player bids as the dice-random advice
would for their own dice, except that with probability ε they pick any of the L legal choices at
random. Every expected answer and likely mistake is computed when the student checks, by
``bluffkit.odds.bluff_beliefs`` (the prior of a hand, the likelihoods, the posterior) and
``bluffkit.odds.bluff_model`` (which hands the advice makes a bid with).

>>> q = BayesStep(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

from fractions import Fraction

from ..games.bluff import STAR, Bid, dice_text
from ..odds.bluff import matches, p_at_least
from ..odds.bluff_beliefs import odds_after_bids, read_bids
from ..odds.bluff_model import BidModel, decision_table, hands
from .core import Mistake, Question, tex

NOTEBOOK = "07_reading_bids.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

EPSILONS = (Fraction(1, 10), Fraction(1, 20), Fraction(1, 5))


def _frac(x: Fraction) -> str:
    """``2/9`` as plain text (a number a statement gives the student)."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _face_words(face: int) -> str:
    return "stars" if face == STAR else f"dice counting for {face} ({face}s or stars)"


class _Opening(Question):
    """A two-player round: the opponent (2 dice) opens with the advice's bid for some hand."""

    def setup(self, rng):
        self.eps = EPSILONS[int(rng.integers(0, len(EPSILONS)))]
        self.mine = int(rng.integers(1, 4))
        self.held = (self.mine, 2)
        top = sum(self.held)
        table = decision_table(None, 2, top)
        bids = sorted({a for a in table.actions if isinstance(a, Bid) and table.makes(a).any()},
                      key=lambda b: (b.box, b.face))  # the bids some hand opens with
        self.bid = bids[int(rng.integers(0, len(bids)))]

    @property
    def table(self):
        return decision_table(None, 2, sum(self.held))

    def q(self) -> Fraction:
        """P(the opponent's hand is one the advice opens ``bid`` with), dice random."""
        h = hands(2)
        makes = self.table.makes(self.bid).tolist()
        return Fraction(sum(w for w, m in zip(h.ways, makes) if m), h.total)

    def like(self) -> tuple[Fraction, Fraction]:
        e, n = self.eps, self.table.legal
        return (1 - e) + e / n, e / n

    def context(self) -> str:
        e = self.eps
        return (f"Two players: you hold {self.mine} {'die' if self.mine == 1 else 'dice'}, your "
                f"opponent 2. The model: a player bids as the dice-random advice would for their "
                f"dice, except that with probability ε = {e.numerator}/{e.denominator} they pick "
                f"any of their legal choices at random. Opening the round, your opponent has "
                f"L = {self.table.legal} legal choices, and opens **{self.bid}**.")


# -- 1. the likelihood ----------------------------------------------------------------------------
class Likelihood(_Opening):
    title = "The likelihood of a bid"

    def statement(self):
        return (self.context() + "\n\nSuppose the advice, for your opponent's hand, is exactly "
                f"{self.bid}. What is the probability that they bid {self.bid}?")

    def expected(self):
        return self.like()[0]

    def mistakes(self):
        e, n = self.eps, self.table.legal
        return [Mistake("random choice forgotten", 1 - e,
                        "A player who picks at random may pick the advice's bid too: add "
                        "ε × 1/L."),
                Mistake("other hands", e / n,
                        "That is the chance for a hand whose advice is **another** bid: only "
                        "the random choice can give this bid then."),
                Mistake("no ε", Fraction(1),
                        "With probability ε the player ignores the advice.")]

    def hints(self):
        return ["Two ways to bid it: follow the advice (probability 1 - ε), or pick at random "
                "(probability ε) and land on it (1 chance in L)."]

    def explain(self):
        e, n = self.eps, self.table.legal
        return (f"$P = (1 - ε) + ε \\cdot \\frac{{1}}{{L}} = {tex(1 - e)} + {tex(e)} \\cdot "
                f"\\frac{{1}}{{{n}}} = {tex(self.expected())}$.")


# -- 2. the likelihood ratio ----------------------------------------------------------------------
class LikelihoodRatio(_Opening):
    title = "How many times as often"

    def statement(self):
        return (self.context() + f"\n\nHow many times as often do hands whose advice is "
                f"{self.bid} make that bid as hands whose advice is something else?")

    def expected(self):
        a, b = self.like()
        return a / b

    def mistakes(self):
        e, n = self.eps, self.table.legal
        a, b = self.like()
        return [Mistake("odds of following", (1 - e) / e,
                        "You compared following the advice with picking at random; compare "
                        "the two **likelihoods** of this very bid."),
                Mistake("inverted", b / a, "That is the ratio the other way round."),
                Mistake("random part forgotten", (1 - e) / (e / n),
                        "A hand whose advice is this bid may also land on it at random: its "
                        "likelihood is (1 - ε) + ε/L.")]

    def hints(self):
        return ["Divide P(bid | the advice is this bid) by P(bid | the advice is another bid).",
                "The second one is ε/L: only a random pick gives the bid."]

    def explain(self):
        a, b = self.like()
        return (f"$\\frac{{(1 - ε) + ε/L}}{{ε/L}} = \\frac{{{tex(a)}}}{{{tex(b)}}} = "
                f"{tex(a / b)}$: this bid is strong evidence, because a random pick rarely lands "
                "on it.")


# -- 3. posterior odds ---------------------------------------------------------------------------
class PosteriorOdds(_Opening):
    title = "Odds times the ratio"

    def statement(self):
        q = self.q()
        return (self.context() + f"\n\nBefore the bid, the chance that your opponent's hand is "
                f"one the advice opens {self.bid} with is {_frac(q)}. Give the **odds** "
                "P(such a hand | the bid) / P(another hand | the bid) after the bid.")

    def expected(self):
        q = self.q()
        a, b = self.like()
        return q / (1 - q) * (a / b)

    def mistakes(self):
        q = self.q()
        a, b = self.like()
        return [Mistake("prior odds", q / (1 - q), "Those are the odds **before** the bid: "
                        "multiply them by the likelihood ratio."),
                Mistake("ratio alone", a / b, "That is the likelihood ratio alone: multiply "
                        "it by the odds before the bid."),
                Mistake("probability, not odds", q * a / (q * a + (1 - q) * b),
                        "That is the posterior probability; odds are p / (1 - p).")]

    def hints(self):
        return ["Bayes' rule in odds form: posterior odds = prior odds × likelihood ratio.",
                "Prior odds q / (1 - q); ratio ((1 - ε) + ε/L) / (ε/L)."]

    def explain(self):
        q = self.q()
        a, b = self.like()
        return (f"$\\frac{{{tex(q)}}}{{{tex(1 - q)}}} \\cdot \\frac{{{tex(a)}}}{{{tex(b)}}} = "
                f"{tex(self.expected())}$.")


# -- 4. the Bayes step ----------------------------------------------------------------------------
class BayesStep(_Opening):
    title = "The Bayes step"

    def statement(self):
        q = self.q()
        return (self.context() + f"\n\nBefore the bid, the chance that your opponent's hand is "
                f"one the advice opens {self.bid} with is {_frac(q)} (bluffkit counted the "
                f"hands of 2 dice for you). After the bid {self.bid}, what is that chance?")

    def expected(self):
        q = self.q()
        a, b = self.like()
        return q * a / (q * a + (1 - q) * b)

    def mistakes(self):
        q = self.q()
        a, b = self.like()
        e = self.eps
        return [Mistake("no update", q, "That is the chance **before** the bid."),
                Mistake("inverted conditional", a,
                        "That is P(bid | hand), the likelihood; the question asks P(hand | bid): "
                        "use Bayes' rule."),
                Mistake("random choice forgotten", q * (1 - e) / (q * (1 - e) + (1 - q) * b),
                        "The hands whose advice is this bid may also land on it at random: "
                        "their likelihood is (1 - ε) + ε/L, not 1 - ε.")]

    def hints(self):
        return ["Bayes' rule: P(H | bid) = P(bid | H) P(H) / P(bid).",
                "P(bid) = P(bid | H) P(H) + P(bid | not H) P(not H), with P(bid | H) = "
                "(1 - ε) + ε/L and P(bid | not H) = ε/L."]

    def explain(self):
        q = self.q()
        a, b = self.like()
        post = self.expected()
        return (f"$P(H \\mid {self.bid}) = \\frac{{{tex(a)} \\cdot {tex(q)}}}{{{tex(a)} \\cdot "
                f"{tex(q)} + {tex(b)} \\cdot {tex(1 - q)}}} = {tex(post)}$: from ${tex(q)}$ "
                "before the bid.")


# -- 5. holding the face --------------------------------------------------------------------------
class HoldsTheFace(_Opening):
    title = "What the bid says about the face"

    def statement(self):
        face = self.bid.face
        return (self.context() + f"\n\nBefore the bid, P(your opponent holds at least one of "
                f"the {_face_words(face)}) is "
                f"{_frac(self._belief().prior_p_at_least(face, 1))}. After {self.bid}, what is "
                "it? (Use bluffkit: `read_bids` in `bluffkit.odds.bluff_beliefs` gives each "
                "player's posterior, or count the 21 hands of 2 dice by hand.)")

    def _belief(self):
        return read_bids(self.held, 0, (self.bid,), 1, BidModel(self.eps)).beliefs[1]

    def expected(self):
        return self._belief().p_at_least(self.bid.face, 1)

    def mistakes(self):
        b = self._belief()
        face = self.bid.face
        return [Mistake("no update", b.prior_p_at_least(face, 1),
                        "That is the chance **before** the bid."),
                Mistake("two or more", b.p_at_least(face, 2),
                        "That is the chance of **two** such dice; the question asks at least "
                        "one.")]

    def hints(self):
        return ["Weigh each hand of 2 dice by its chance (1/36 for a pair, 2/36 otherwise) times "
                "the likelihood of the bid for it, then add up the hands holding the face.",
                "`read_bids((you, 2), 0, (bid,), 1, BidModel(eps)).beliefs[1].p_at_least(face, "
                "1)` computes it exactly."]

    def explain(self):
        b = self._belief()
        face = self.bid.face
        return (f"Each hand's prior weight times its likelihood, normalised (Bayes' rule over "
                f"the 21 hands): $P = {tex(self.expected())}$, up from "
                f"${tex(b.prior_p_at_least(face, 1))}$ before the bid.")


# -- 6. is the bid true? -------------------------------------------------------------------------
class BidTrueAfterReading(HoldsTheFace):
    title = "Is the bid true?"

    def statement(self):
        face = self.bid.face
        return (self.context() + f"\n\nYour own dice: **{dice_text(self.my_dice)}**. What is "
                f"P({self.bid} is true) after reading the bid, that is, counting your "
                f"opponent's {_face_words(face)} under their posterior? (Dice random it would be "
                f"{_frac(self._random())}.)")

    @property
    def my_dice(self) -> tuple[int, ...]:
        return tuple(sorted(int(d) for d in self._dice))

    def setup(self, rng):
        super().setup(rng)
        self._dice = rng.integers(1, 7, self.mine)

    def _known(self) -> int:
        return matches(self.my_dice, self.bid.face)

    def _random(self):
        return p_at_least(self.bid.count, self.bid.face, self._known(), 2)

    def expected(self):
        r = read_bids(self.held, 0, (self.bid,), 1, BidModel(self.eps))
        return odds_after_bids(self.bid, sum(self.held), self._known(), r, 2,
                               self.mine).p_true

    def mistakes(self):
        b = self._belief()
        need = max(0, self.bid.count - self._known())
        out = [Mistake("dice random", self._random(), "That is the chance with the dice "
                       "random: read the bid first (use the posterior).")]
        if need >= 1:
            out.append(Mistake("your dice forgotten", b.p_at_least(self.bid.face,
                                                                   self.bid.count),
                               "Your own matching dice count too: the opponent needs only "
                               f"the rest, {self.bid.count} minus yours."))
        return out

    def hints(self):
        return ["The bid is true when your matching dice plus theirs reach its count.",
                "So you need P(their matching dice ≥ count - yours) under their posterior."]

    def explain(self):
        need = max(0, self.bid.count - self._known())
        return (f"You hold {self._known()} matching; the bid needs {need} more from your "
                f"opponent: $P = {tex(self.expected())}$ after the bid, against "
                f"${tex(self._random())}$ with the dice random.")


INTRO = """\
# Exercises: what a bid tells you (Bayes' rule at the Bluff table)

A bid is evidence. Under a stated model of how players bid (they follow the dice-random advice,
except that with probability ε they pick any legal choice at random), Bayes' rule turns a bid
into beliefs about the bidder's dice. These six exercises walk one Bayes step: the likelihood,
how many times as often, the odds form, the posterior, what it says about the bid's face, and
whether the bid is true.
"""

OUTRO = """\
## Going further

`notebooks/07_reading_bids.ipynb` reads whole rounds, shows how reading the bids changes the
call, and plays the tournament between the bot that reads bids and today's advice bots.
"""

QUESTIONS = [Likelihood, LikelihoodRatio, PosteriorOdds, BayesStep, HoldsTheFace,
             BidTrueAfterReading]
"""The questions, easiest first (``bluffkit.exercises.catalogue("reading-bids")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", *(q.__name__ for q in QUESTIONS)]
