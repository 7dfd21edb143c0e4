"""Jungle Bluff questions 1-6: one challenge, cards already seen, deduction, take or challenge,
and reading a challenge between others."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ...core import Distribution, choice, sample
from ...core.i18n import _, _l, _n, _p, num
from ...games.jungle_bluff import CHALLENGER, Card, JungleRules, JungleState, duel_winner
from ...odds.jungle_bluff.beliefs import possible_cards, turn_options, win_probability
from ..answers import Choice, Count
from ..core import Mistake, Question, tex
from .common import STANDARD, TIES, cards, strict_probability, subset


# -- 1. one challenge -----------------------------------------------------------------------------
class BeatOne(Question):
    title = _l("One challenge")

    def setup(self, rng):
        self.mine = Card(int(rng.integers(3, 10)))

    def statement(self):
        return _("You challenge a player with your strength card **{mine}**. Their strength card "
                 "is equally likely to be any card 1-10 of a standard deck. {ties} What is the "
                 "probability that you win the challenge?", ties=TIES, mine=self.mine)

    def belief(self):
        return Distribution.uniform(STANDARD)

    def expected(self):
        return win_probability(self.mine, self.belief(), challenger=True)

    def mistakes(self):
        v = self.mine.value
        return [Mistake("ties lost", strict_probability(self.mine, self.belief()),
                        _("A tie goes to the **challenger**: their card equal to yours counts as "
                          "a win for you.")),
                Mistake("own card removed", Fraction(v - 1, 9),
                        _("The opponent has their own deck: your card does not leave theirs, so "
                          "all 10 cards are still possible."))]

    def hints(self):
        return [_("Count the cards 1-10 that your card beats or ties."),
                _("Those are 1, 2, ..., {mine}.", mine=self.mine)]

    def explain(self):
        return _("You win against {n} of the 10 equally likely cards (ties included): {p}.",
                 n=self.mine.value, p=f"$P = {tex(self.expected())}$")


# -- 2. sampling without replacement --------------------------------------------------------------
class WithoutReplacement(Question):
    title = _l("Cards already seen")

    def setup(self, rng):
        self.seen = subset(rng, STANDARD, int(rng.integers(2, 5)))
        self.mine = Card(int(rng.integers(4, 8)))

    def left(self):
        return tuple(c for c in STANDARD if c not in self.seen)

    def statement(self):
        return _("An opponent started with cards 1-10. You saw them play **{seen}** in earlier "
                 "rounds (a card is played once). Their strength card this round is equally "
                 "likely to be any card they still hold. You defend with **{mine}**: they "
                 "challenge you. {ties} What is the probability that you keep the score card?",
                 seen=cards(self.seen), mine=self.mine, ties=TIES)

    def expected(self):
        return win_probability(self.mine, Distribution.uniform(self.left()), challenger=False)

    def mistakes(self):
        return [Mistake("with replacement",
                        win_probability(self.mine, Distribution.uniform(STANDARD), False),
                        _("Cards are drawn **without replacement**: the cards they played are gone "
                          "from their hand, so only the cards they still hold are possible.")),
                Mistake("ties kept", Distribution.uniform(self.left()).prob(
                    lambda c: c.value <= self.mine.value),
                        _("When they challenge you, a tie goes to **them**, the challenger."))]

    def hints(self):
        return [_("Which cards can they still hold? Remove the ones you saw."),
                _("As defender you keep the card only against strictly lower cards.")]

    def explain(self):
        left = self.left()
        low = [c for c in left if c.value < self.mine.value]
        return _n("They hold {cards} ({count} cards); {n} of them is lower than {mine}: {p}.",
                  "They hold {cards} ({count} cards); {n} of them are lower than {mine}: {p}.",
                  len(low), cards=cards(left), count=len(left), mine=self.mine,
                  p=f"$P = {tex(self.expected())}$")


# -- 3. two players: deduction --------------------------------------------------------------------
class Deduction(Question):
    title = _l("What the opponent still holds")
    kind = Count()

    def setup(self, rng):
        rules = JungleRules(players=2)
        s = JungleState.new(rules)
        stop = int(rng.integers(3, 7))
        while not (s.round == stop and s.phase == "choose"):
            s = s.apply(sample(s.chance_outcomes(), rng) if s.is_chance_node()
                        else choice(s.legal_actions(), rng))
        self.state = s
        self.threshold = int(rng.integers(5, 9))

    def statement(self):
        obs = self.state.observation(0)
        lines = ["- " + _("round {n}: you played **{mine}**; the two strength cards were "
                          "{played}", n=r.number, mine=r.strength[0], played=cards(r.played))
                 for r in obs.history]
        return (_("Two players, decks 1-10. After each round the two strength cards become the "
                  "next score cards, so everyone sees them (not who played which).") + "\n\n"
                + "\n".join(lines) + "\n\n"
                + _("How many cards **higher than {threshold}** does your opponent still hold?",
                    threshold=self.threshold))

    def opponent(self):
        return possible_cards(self.state.observation(0)).hand[1]

    def expected(self):
        return sum(1 for c in self.opponent() if c.value > self.threshold)

    def mistakes(self):
        obs = self.state.observation(0)
        mine = {r.strength[0] for r in obs.history}
        naive = sum(1 for c in STANDARD if c.value > self.threshold and c not in mine)
        full = sum(1 for c in STANDARD if c.value > self.threshold)
        return [Mistake("removed your own cards", naive,
                        _("Your own cards came out of **your** deck, not theirs. Remove what "
                          "**they** played: each round's pair minus your card.")),
                Mistake("nothing removed", full,
                        _("Each round they played one card, which left their hand for good."))]

    def hints(self):
        return [_("In each round, the pair of strength cards minus your own card is theirs."),
                _("Remove all their played cards from 1-10, then count the high ones.")]

    def explain(self):
        n = self.expected()
        return _n("Their cards played are the pairs minus yours; they still hold {cards}, of "
                  "which {n} is higher than {threshold}.", "Their cards played are the pairs "
                  "minus yours; they still hold {cards}, of which {n} are higher than "
                  "{threshold}.", n, cards=cards(self.opponent()), threshold=self.threshold)


# -- 4. expected value of a challenge -------------------------------------------------------------
class ChallengeValue(Question):
    title = _l("Expected points of a challenge")

    def setup(self, rng):
        # a challenge that can go either way (P(win) = 0 or 1 is no question)
        for _attempt in range(100):
            self.mine = Card(int(rng.integers(4, 9)))
            self.theirs = subset(rng, STANDARD, int(rng.integers(3, 6)))
            wins = sum(duel_winner(self.mine, c) == CHALLENGER for c in self.theirs)
            if 0 < wins < len(self.theirs):
                break
        self.stack = Card(int(rng.integers(6, 11)))

    def statement(self):
        return _("A player holds the score card **{stack}**. You may challenge them with your "
                 "strength card **{mine}**; their strength card is equally likely to be any of "
                 "{theirs}. {ties} If you win you get the score card (its value in points), if "
                 "you lose nothing. What is the expected number of points the challenge gets "
                 "you?", stack=self.stack, mine=self.mine, theirs=cards(self.theirs), ties=TIES)

    def belief(self):
        return Distribution.uniform(self.theirs)

    def expected(self):
        return win_probability(self.mine, self.belief(), True) * self.stack.value

    def mistakes(self):
        return [Mistake("probability only", win_probability(self.mine, self.belief(), True),
                        _("That is the chance to win; the expected points multiply it by the "
                          "score card's value, {value}.", value=self.stack.value)),
                Mistake("ties lost", strict_probability(self.mine, self.belief())
                        * self.stack.value,
                        _("Ties go to the challenger: an equal card is a win for you."))]

    def hints(self):
        points, win, value = _("points"), _("win"), _("value")
        return [_("{formula} (losing gives 0).", formula=f"$E[\\text{{{points}}}] = "
                  f"P(\\text{{{win}}}) \\times \\text{{{value}}}$")]

    def explain(self):
        p = win_probability(self.mine, self.belief(), True)
        win = _("win")
        return _("{p}, so {e}.", p=f"$P(\\text{{{win}}}) = {tex(p)}$",
                 e=f"$E = {tex(p)} \\times {self.stack.value} = {tex(self.expected())}$")


# -- 5. take or challenge -------------------------------------------------------------------------
class TakeOrChallenge(Question):
    title = _l("Take or challenge?")
    kind = Choice({"take": ("t", "prendre", "prends"),
                   "challenge": ("c", "defy", "défier", "défie")},
                  labels={"take": lambda: _p("answer", "take"),
                          "challenge": lambda: _p("answer", "challenge")})

    def setup(self, rng):
        for _attempt in range(100):
            self.mine = Card(int(rng.integers(3, 10)))
            self.centre = Card(int(rng.integers(1, 8)))
            self.stack = Card(int(rng.integers(6, 11)))
            self.theirs = subset(rng, STANDARD, int(rng.integers(3, 6)))
            values = self.values()
            if values[0] != values[1]:
                return

    def values(self):
        opts = turn_options(self.mine, (self.centre,), [(self.stack,), ()],
                            {0: Distribution.uniform(self.theirs)}, me=1)
        return [o.expected for o in opts]

    def statement(self):
        return _("Your strength card is **{mine}**. The centre has the score card **{centre}**; "
                 "a player holds **{stack}** and their strength card is equally likely to be any "
                 "of {theirs}. {ties} Counting only the points this move gets you on average "
                 "(taking gets the centre card for sure, a won challenge the held card), should "
                 "you {take} or {challenge}?", mine=self.mine, centre=self.centre,
                 stack=self.stack, theirs=cards(self.theirs), ties=TIES,
                 take=f"`{self.kind.word('take')}`", challenge=f"`{self.kind.word('challenge')}`")

    def expected(self):
        take, challenge = self.values()
        return "take" if take > challenge else "challenge"

    def mistakes(self):
        other = "challenge" if self.expected() == "take" else "take"
        return [Mistake("sure points against expected points", other,
                        _("Compare the {centre} points that taking gets for sure with what "
                          "challenging gets **on average**: P(you win) × {stack}, where a card "
                          "equal to yours is a win for you (ties go to the challenger).",
                          centre=self.centre.value, stack=self.stack.value))]

    def hints(self):
        return [_("Taking gets the centre card for sure."),
                _("Challenging gets the held card with the probability that you win.")]

    def explain(self):
        take, challenge = self.values()
        return _("Take: {n} points for sure. Challenge: {e}.", n=self.centre.value,
                 e=f"$E = {tex(challenge)} \\approx {num(float(challenge), '.2f')}$")


# -- 6. what a challenge between others tells you -------------------------------------------------
class ResultTellsSomething(Question):
    title = _l("Reading a challenge you were not in")

    def setup(self, rng):
        for _attempt in range(100):
            self.a = subset(rng, STANDARD, 3)
            self.b = subset(rng, STANDARD, 3)
            self.below = int(rng.integers(4, 8))
            won = [(x, y) for x, y in product(self.a, self.b) if duel_winner(x, y) == CHALLENGER]
            # the result must change the belief, and not to a certainty (P = 1 is a guess)
            if won and len(won) < 9 and self.prior() != self.expected() < 1:
                return

    def statement(self):
        return _("Player A challenges player B. {ties} You do not see their cards; you know A's "
                 "card is one of {a} and B's one of {b}, all equally likely and independent. **A "
                 "wins** the challenge. Given that, what is the probability that B's card is "
                 "lower than {below}?", a=cards(self.a), b=cards(self.b), below=self.below,
                 ties=TIES)

    def expected(self):
        won = [(x, y) for x, y in product(self.a, self.b) if duel_winner(x, y) == CHALLENGER]
        return Fraction(sum(1 for _x, y in won if y.value < self.below), len(won))

    def prior(self):
        return Fraction(sum(1 for y in self.b if y.value < self.below), len(self.b))

    def mistakes(self):
        return [Mistake("evidence ignored", self.prior(),
                        _("That is the chance **before** the result. A's win makes B's low cards "
                          "more likely: count only the pairs (A's card, B's card) where A wins."))]

    def hints(self):
        return [_("List the 9 equally likely pairs (A's card, B's card)."),
                _("Keep the pairs where A wins; among them, how many have B lower?")]

    def explain(self):
        won = [(x, y) for x, y in product(self.a, self.b) if duel_winner(x, y) == CHALLENGER]
        return _("A wins in {won} of the 9 pairs; in {lower} of those B's card is lower: {p} "
                 "(before the result it was {prior}).", won=len(won),
                 lower=sum(1 for _x, y in won if y.value < self.below),
                 p=f"$P = {tex(self.expected())}$", prior=f"${tex(self.prior())}$")
