"""Exercises on reading Bluff bids: the Bayes step, easiest first.

The model is bluffkit's (``bluffkit.odds.bluff.model``): each player bids as the dice-random advice
would for their own dice, except that with probability ε they pick any of the L legal choices at
random. Every expected answer and likely mistake is computed when the student checks, by
``bluffkit.odds.bluff.beliefs`` (the prior of a hand, the likelihoods, the posterior) and
``bluffkit.odds.bluff.model`` (which hands the advice makes a bid with).

>>> q = BayesStep(seed=3)
>>> q.check("73/81").correct
True
>>> q.check("73/90").mistake
'inverted conditional'
"""

from __future__ import annotations

from fractions import Fraction

from ..core.i18n import _, _l, _n
from ..core.rng import as_list
from ..games.bluff import STAR, Bid, dice_text
from ..odds.bluff.beliefs import odds_after_bids, read_bids
from ..odds.bluff.counts import matches, p_at_least
from ..odds.bluff.model import BidModel, decision_table, hands
from .core import Mistake, Question, tex
from .ranged import KeptApart

NOTEBOOK = "07_reading_bids.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

EPSILONS = (Fraction(1, 10), Fraction(1, 20), Fraction(1, 5))


def _frac(x: Fraction) -> str:
    """``2/9`` as plain text (a number a statement gives the student)."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _face_words(face: int) -> str:
    return _("stars") if face == STAR else _("dice counting for {face} ({face}s or stars)",
                                             face=face)


class _Opening(KeptApart, Question):
    """A two-player round: the opponent (2 dice) opens with the advice's bid for some hand."""

    def setup(self, rng):
        self.eps = EPSILONS[int(rng.integers(0, len(EPSILONS)))]
        self.mine = int(rng.integers(1, 4))
        self.held = (self.mine, 2)
        top = sum(self.held)
        table = decision_table(None, 2, top)
        bids = sorted({a for a in table.actions if isinstance(a, Bid) and any(table.makes(a))},
                      key=lambda b: (b.box, b.face))  # the bids some hand opens with
        self.bid = bids[int(rng.integers(0, len(bids)))]

    @property
    def table(self):
        return decision_table(None, 2, sum(self.held))

    def q(self) -> Fraction:
        """P(the opponent's hand is one the advice opens ``bid`` with), dice random."""
        h = hands(2)
        makes = as_list(self.table.makes(self.bid))
        return Fraction(sum(w for w, m in zip(h.ways, makes) if m), h.total)

    def like(self) -> tuple[Fraction, Fraction]:
        e, n = self.eps, self.table.legal
        return (1 - e) + e / n, e / n

    def posterior(self) -> Fraction:
        """P(the opponent's hand is one the advice opens ``bid`` with | the bid): Bayes' rule."""
        q = self.q()
        a, b = self.like()
        return q * a / (q * a + (1 - q) * b)

    def context(self) -> str:
        e = self.eps
        return _n("Two players: you hold {n} die, your opponent 2. The model: a player bids as "
                  "the **dice-random advice** would for their dice (bluffkit's advice when it "
                  "treats every die it cannot see as a fresh random roll: it picks the choice "
                  "that costs the fewest dice if the next player challenges), except that with "
                  "probability {eps} they pick any of their legal choices at random. Opening the "
                  "round, your opponent has {legal} legal choices, and opens **{bid}**.",
                  "Two players: you hold {n} dice, your opponent 2. The model: a player bids as "
                  "the **dice-random advice** would for their dice (bluffkit's advice when it "
                  "treats every die it cannot see as a fresh random roll: it picks the choice "
                  "that costs the fewest dice if the next player challenges), except that with "
                  "probability {eps} they pick any of their legal choices at random. Opening the "
                  "round, your opponent has {legal} legal choices, and opens **{bid}**.",
                  self.mine, eps=f"ε = {e.numerator}/{e.denominator}",
                  legal=f"L = {self.table.legal}",
                  bid=self.bid)


# -- 1. the likelihood ----------------------------------------------------------------------------
class Likelihood(_Opening):
    title = _l("The likelihood of a bid")

    def statement(self):
        return self.context() + "\n\n" + _(
            "Suppose the advice, for your opponent's hand, is exactly {bid}. What is the "
            "probability that they bid {bid}?", bid=self.bid)

    def expected(self):
        return self.like()[0]

    def mistakes(self):
        e, n = self.eps, self.table.legal
        return [Mistake("random choice forgotten", 1 - e,
                        _("A player who picks at random may pick the advice's bid too: add "
                          "ε × 1/L.")),
                Mistake("other hands", e / n,
                        _("That is the chance for a hand whose advice is **another** bid: only "
                          "the random choice can give this bid then.")),
                Mistake("no ε", Fraction(1),
                        _("With probability ε the player ignores the advice."))]

    def hints(self):
        return [_("Two ways to bid it: follow the advice (probability 1 - ε), or pick at random "
                  "(probability ε) and land on it (1 chance in L).")]

    def explain(self):
        e, n = self.eps, self.table.legal
        return (f"$P = (1 - ε) + ε \\cdot \\frac{{1}}{{L}} = {tex(1 - e)} + {tex(e)} \\cdot "
                f"\\frac{{1}}{{{n}}} = {tex(self.expected())}$.")


# -- 2. the likelihood ratio ----------------------------------------------------------------------
class LikelihoodRatio(_Opening):
    title = _l("How many times as often")

    def statement(self):
        return self.context() + "\n\n" + _(
            "How many times as often do hands whose advice is {bid} make that bid as hands whose "
            "advice is something else?", bid=self.bid)

    def expected(self):
        a, b = self.like()
        return a / b

    def mistakes(self):
        e, n = self.eps, self.table.legal
        a, b = self.like()
        return [Mistake("odds of following", (1 - e) / e,
                        _("You compared following the advice with picking at random; compare "
                          "the two **likelihoods** of this very bid.")),
                Mistake("inverted", b / a, _("That is the ratio the other way round.")),
                Mistake("random part forgotten", (1 - e) / (e / n),
                        _("A hand whose advice is this bid may also land on it at random: its "
                          "likelihood is (1 - ε) + ε/L."))]

    def hints(self):
        return [_("Divide P(bid | the advice is this bid) by P(bid | the advice is another bid)."),
                _("The second one is ε/L: only a random pick gives the bid.")]

    def explain(self):
        a, b = self.like()
        return _("{ratio}: this bid is strong evidence, because a random pick rarely lands on "
                 "it.", ratio=f"$\\frac{{(1 - ε) + ε/L}}{{ε/L}} = "
                 f"\\frac{{{tex(a)}}}{{{tex(b)}}} = {tex(a / b)}$")


# -- 3. posterior odds ---------------------------------------------------------------------------
class PosteriorOdds(_Opening):
    title = _l("Odds times the ratio")

    def statement(self):
        q = self.q()
        return self.context() + "\n\n" + _(
            "Before the bid, the chance that your opponent's hand is one the advice opens {bid} "
            "with is {q}. Give the **odds** P(such a hand | the bid) / P(another hand | the bid) "
            "after the bid.", bid=self.bid, q=_frac(q))

    def expected(self):
        q = self.q()
        a, b = self.like()
        return q / (1 - q) * (a / b)

    def mistakes(self):
        q = self.q()
        a, b = self.like()
        return [Mistake("prior odds", q / (1 - q), _("Those are the odds **before** the bid: "
                          "multiply them by the likelihood ratio.")),
                Mistake("ratio alone", a / b, _("That is the likelihood ratio alone: multiply "
                          "it by the odds before the bid.")),
                Mistake("probability, not odds", self.posterior(),
                        _("That is the posterior probability; odds are p / (1 - p)."))]

    def hints(self):
        return [_("Bayes' rule in odds form: posterior odds = prior odds × likelihood ratio."),
                _("Prior odds q / (1 - q); ratio ((1 - ε) + ε/L) / (ε/L).")]

    def explain(self):
        q = self.q()
        a, b = self.like()
        return (f"$\\frac{{{tex(q)}}}{{{tex(1 - q)}}} \\cdot \\frac{{{tex(a)}}}{{{tex(b)}}} = "
                f"{tex(self.expected())}$.")


# -- 4. the Bayes step ----------------------------------------------------------------------------
class BayesStep(_Opening):
    title = _l("The Bayes step")

    def statement(self):
        q = self.q()
        return self.context() + "\n\n" + _(
            "Before the bid, the chance that your opponent's hand is one the advice opens {bid} "
            "with is {q} (bluffkit counted the hands of 2 dice for you). After the bid {bid}, "
            "what is that chance?", bid=self.bid, q=_frac(q))

    def expected(self):
        return self.posterior()

    def mistakes(self):
        q = self.q()
        a, b = self.like()
        e = self.eps
        return [Mistake("no update", q, _("That is the chance **before** the bid.")),
                Mistake("inverted conditional", a,
                        _("That is P(bid | hand), the likelihood; the question asks P(hand | bid): "
                          "use Bayes' rule.")),
                Mistake("random choice forgotten", q * (1 - e) / (q * (1 - e) + (1 - q) * b),
                        _("The hands whose advice is this bid may also land on it at random: "
                          "their likelihood is (1 - ε) + ε/L, not 1 - ε."))]

    def hints(self):
        return [_("Bayes' rule: P(H | bid) = P(bid | H) P(H) / P(bid)."),
                _("P(bid) = P(bid | H) P(H) + P(bid | not H) P(not H), with P(bid | H) = "
                  "(1 - ε) + ε/L and P(bid | not H) = ε/L.")]

    def explain(self):
        q = self.q()
        a, b = self.like()
        post = self.expected()
        return (f"$P(H \\mid {self.bid}) = \\frac{{{tex(a)} \\cdot {tex(q)}}}{{{tex(a)} \\cdot "
                f"{tex(q)} + {tex(b)} \\cdot {tex(1 - q)}}} = {tex(post)}$"
                + _(": from {q} before the bid.", q=f"${tex(q)}$"))


# -- 5. holding the face --------------------------------------------------------------------------
class HoldsTheFace(_Opening):
    title = _l("What the bid says about the face")

    def statement(self):
        face = self.bid.face
        return self.context() + "\n\n" + _(
            "Before the bid, P(your opponent holds at least one of the {what}) is {p}. After "
            "{bid}, what is it? (Use bluffkit: {read_bids} in {module} gives each player's "
            "posterior, or count the 21 hands of 2 dice by hand.)", what=_face_words(face),
            p=_frac(self._belief().prior_p_at_least(face, 1)), bid=self.bid,
            read_bids="`read_bids`", module="`bluffkit.odds.bluff.beliefs`")

    def _belief(self):
        return read_bids(self.held, 0, (self.bid,), 1, BidModel(self.eps)).beliefs[1]

    def expected(self):
        return self._belief().p_at_least(self.bid.face, 1)

    def mistakes(self):
        b = self._belief()
        face = self.bid.face
        return [Mistake("no update", b.prior_p_at_least(face, 1),
                        _("That is the chance **before** the bid.")),
                Mistake("two or more", b.p_at_least(face, 2),
                        _("That is the chance of **two** such dice; the question asks at least "
                          "one."))]

    def hints(self):
        return [_("Weigh each hand of 2 dice by its chance (1/36 for a pair, 2/36 otherwise) times "
                  "the likelihood of the bid for it, then add up the hands holding the face."),
                _("`read_bids((you, 2), 0, (bid,), 1, BidModel(eps)).beliefs[1].p_at_least(face, "
                  "1)` computes it exactly.")]

    def explain(self):
        b = self._belief()
        face = self.bid.face
        return _("Each hand's prior weight times its likelihood, normalised (Bayes' rule over "
                 "the 21 hands): {p}, up from {prior} before the bid.",
                 p=f"$P = {tex(self.expected())}$",
                 prior=f"${tex(b.prior_p_at_least(face, 1))}$")


# -- 6. is the bid true? -------------------------------------------------------------------------
class BidTrueAfterReading(HoldsTheFace):
    title = _l("Is the bid true?")

    def statement(self):
        face = self.bid.face
        return self.context() + "\n\n" + _(
            "Your own dice: **{dice}**. What is P({bid} is true) after reading the bid, that is, "
            "counting your opponent's {what} under their posterior? (Dice random it would be "
            "{p}.)", dice=dice_text(self.my_dice), bid=self.bid, what=_face_words(face),
            p=_frac(self._random()))

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
        out = [Mistake("dice random", self._random(), _("That is the chance with the dice "
                         "random: read the bid first (use the posterior)."))]
        if need >= 1:
            out.append(Mistake("your dice forgotten", b.p_at_least(self.bid.face,
                                                                   self.bid.count),
                               _("Your own matching dice count too: the opponent needs only "
                                 "the rest, {count} minus yours.", count=self.bid.count)))
        return out

    def hints(self):
        return [_("The bid is true when your matching dice plus theirs reach its count."),
                _("So you need P(their matching dice ≥ count - yours) under their posterior.")]

    def explain(self):
        need = max(0, self.bid.count - self._known())
        return _n("You hold {n} matching die; the bid needs {need} more from your opponent: {p} "
                  "after the bid, against {random} with the dice random.",
                  "You hold {n} matching dice; the bid needs {need} more from your opponent: {p} "
                  "after the bid, against {random} with the dice random.", self._known(),
                  need=need, p=f"$P = {tex(self.expected())}$",
                  random=f"${tex(self._random())}$")


INTRO = _l("""\
# Exercises: what a bid tells you (Bayes' rule at the Bluff table)

A bid is evidence. Under a stated model of how players bid (they follow the dice-random advice,
except that with probability ε they pick any legal choice at random), Bayes' rule turns a bid
into beliefs about the bidder's dice. These six exercises walk one Bayes step: the likelihood,
how many times as often, the odds form, the posterior, what it says about the bid's face, and
whether the bid is true.
""")

OUTRO = _l("""\
## Going further

`notebooks/07_reading_bids.ipynb` reads whole rounds, shows how reading the bids changes the
call, and plays the tournament between the bot that reads bids and today's advice bots.
""")

QUESTIONS = [Likelihood, LikelihoodRatio, PosteriorOdds, BayesStep, HoldsTheFace,
             BidTrueAfterReading]
"""The questions, easiest first (``bluffkit.exercises.catalogue("reading-bids")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", *(q.__name__ for q in QUESTIONS)]
