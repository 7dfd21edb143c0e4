"""Exercises on Jungle Bluff, easiest first: sampling without replacement, updating what you
know as cards are revealed, expected value of take against challenge, the special cards as
changes to a "beats" relation, and the two-player round as a game with a mixed equilibrium.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.jungle_bluff`` and
``bluffkit.advice.jungle_round`` when the student checks (positions from the real engine).

>>> q = Deduction(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np

from ..advice.jungle_round import RoundGame, pure_strategies, solve_round, strategy_value
from ..core import Distribution, choice, sample
from ..games.jungle_bluff import (
    CHALLENGER,
    Card,
    JungleRules,
    JungleState,
    deck,
    duel_winner,
)
from ..odds.jungle_bluff import possible_cards, turn_options, win_probability
from .answers import Choice, Count
from .core import Mistake, Question, fmt, tex

STANDARD = deck(10)
ALL_SPECIAL = deck(10, ("optimistic", "reversed", "nervous", "alpha"))
SPECIAL_WORDS = ("Special cards: the **optimistic 1** (1o) beats any 10; the **reversed 5** (5r) "
                 "beats any card of 6 or more and loses to any card of 4 or less; the **nervous "
                 "9** (9n) counts 1 when it is challenged; two **alpha 10s** (10a) in one "
                 "challenge: nobody wins. Ties go to the challenger.")


def cards(cs) -> str:
    return ", ".join(str(c) for c in sorted(cs))


def subset(rng: np.random.Generator, pool, k: int) -> tuple[Card, ...]:
    idx = rng.choice(len(pool), size=k, replace=False)
    return tuple(sorted(pool[int(i)] for i in idx))


HIGHER_WINS = ": the higher card wins, a tie goes to the challenger"


def duel_parts(challenger: Card, defender: Card) -> tuple[list[str], str]:
    """Why a challenge ends as it does: (notes on the special cards, the deciding rule).

    >>> duel_parts(Card(5, True), Card(9, True))[1]
    'the reversed 5 loses to any card of 4 or less'
    """
    kinds = {challenger.kind, defender.kind}
    if challenger.kind == "alpha" and defender.kind == "alpha":
        return [], "two alpha 10s cancel out"
    if challenger.kind == "optimistic" and defender.value == 10:
        return [], "the optimistic 1 beats any 10"
    if defender.kind == "optimistic" and challenger.value == 10:
        return [], "the optimistic 1 beats any 10, also when it defends"
    notes = []
    if defender.kind == "nervous":
        notes.append("the nervous 9 is challenged, so it counts 1")
    if challenger.kind == "nervous":
        notes.append("the nervous 9 challenges, so it counts 9")
    if "optimistic" in kinds:
        notes.append("the optimistic 1 is special only against a 10")
    if "alpha" in kinds:
        notes.append("an alpha 10 is special only against the other alpha 10")
    c = challenger.value
    d = 1 if defender.kind == "nervous" else defender.value
    if challenger.kind == "reversed" and d != 5:
        return notes, ("the reversed 5 beats any card of 6 or more" if d >= 6
                       else "the reversed 5 loses to any card of 4 or less")
    if defender.kind == "reversed" and c != 5:
        return notes, ("the reversed 5 beats any card of 6 or more" if c >= 6
                       else "the reversed 5 loses to any card of 4 or less")
    if "reversed" in kinds:
        notes.append("a reversed 5 against a 5 is an ordinary 5")
    return notes, f"{c} against {d}{HIGHER_WINS}"


def duel_reason(challenger: Card, defender: Card) -> str:
    """Why a challenge ends as it does, in words (the rules in ``duel_winner``'s order).

    >>> duel_reason(Card(6), Card(4))
    '6 against 4: the higher card wins, a tie goes to the challenger'
    >>> duel_reason(Card(5, True), Card(9, True))
    'The nervous 9 is challenged, so it counts 1; the reversed 5 loses to any card of 4 or less'
    """
    notes, main = duel_parts(challenger, defender)
    text = "; ".join([*notes, main])
    return text[:1].upper() + text[1:]


def strict_probability(mine: Card, belief: Distribution) -> Fraction:
    """The slip "ties go to the defender" (face values only)."""
    return belief.prob(lambda c: mine.value > c.value)


# -- 1. one challenge -----------------------------------------------------------------------------
class BeatOne(Question):
    title = "One challenge"

    def setup(self, rng):
        self.mine = Card(int(rng.integers(3, 10)))

    def statement(self):
        return (f"You challenge a player with your strength card **{self.mine}**. Their strength "
                "card is equally likely to be any card 1-10 of a standard deck. What is the "
                "probability that you win the challenge? (Ties go to the challenger.)")

    def belief(self):
        return Distribution.uniform(STANDARD)

    def expected(self):
        return win_probability(self.mine, self.belief(), challenger=True)

    def mistakes(self):
        v = self.mine.value
        return [Mistake("ties lost", strict_probability(self.mine, self.belief()),
                        "A tie goes to the **challenger**: their card equal to yours counts as "
                        "a win for you."),
                Mistake("own card removed", Fraction(v - 1, 9),
                        "The opponent has their own deck: your card does not leave theirs, so "
                        "all 10 cards are still possible.")]

    def hints(self):
        return ["Count the cards 1-10 that your card beats or ties.",
                f"Those are 1, 2, ..., {self.mine}."]

    def explain(self):
        return (f"You win against {self.mine.value} of the 10 equally likely cards (ties "
                f"included): $P = {tex(self.expected())}$.")


# -- 2. sampling without replacement --------------------------------------------------------------
class WithoutReplacement(Question):
    title = "Cards already seen"

    def setup(self, rng):
        self.seen = subset(rng, STANDARD, int(rng.integers(2, 5)))
        self.mine = Card(int(rng.integers(4, 8)))

    def left(self):
        return tuple(c for c in STANDARD if c not in self.seen)

    def statement(self):
        return (f"An opponent started with cards 1-10. You saw them play **{cards(self.seen)}** "
                "in earlier rounds (a card is played once). Their strength card this round is "
                f"equally likely to be any card they still hold. You defend with **{self.mine}** "
                "(they challenge you; ties go to them). What is the probability that you keep "
                "the score card?")

    def expected(self):
        return win_probability(self.mine, Distribution.uniform(self.left()), challenger=False)

    def mistakes(self):
        return [Mistake("with replacement",
                        win_probability(self.mine, Distribution.uniform(STANDARD), False),
                        "Cards are drawn **without replacement**: the cards they played are gone "
                        "from their hand, so only the cards they still hold are possible."),
                Mistake("ties kept", Distribution.uniform(self.left()).prob(
                    lambda c: c.value <= self.mine.value),
                        "When they challenge you, a tie goes to **them**, the challenger.")]

    def hints(self):
        return ["Which cards can they still hold? Remove the ones you saw.",
                "As defender you keep the card only against strictly lower cards."]

    def explain(self):
        left = self.left()
        low = [c for c in left if c.value < self.mine.value]
        return (f"They hold {cards(left)} ({len(left)} cards); {len(low)} of them "
                f"{'is' if len(low) == 1 else 'are'} lower than "
                f"{self.mine}: $P = {tex(self.expected())}$.")


# -- 3. two players: deduction --------------------------------------------------------------------
class Deduction(Question):
    title = "What the opponent still holds"
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
        lines = [f"- round {r.number}: you played **{r.strength[0]}**; the two strength cards "
                 f"were {cards(r.played)}" for r in obs.history]
        return ("Two players, decks 1-10. After each round the two strength cards become the "
                "next score cards, so everyone sees them (not who played which).\n\n"
                + "\n".join(lines)
                + f"\n\nHow many cards **higher than {self.threshold}** does your opponent "
                  "still hold?")

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
                        "Your own cards came out of **your** deck, not theirs. Remove what "
                        "**they** played: each round's pair minus your card."),
                Mistake("nothing removed", full,
                        "Each round they played one card, which left their hand for good.")]

    def hints(self):
        return ["In each round, the pair of strength cards minus your own card is theirs.",
                "Remove all their played cards from 1-10, then count the high ones."]

    def explain(self):
        n = self.expected()
        return (f"Their cards played are the pairs minus yours; they still hold "
                f"{cards(self.opponent())}, of which {n} {'is' if n == 1 else 'are'} higher "
                f"than {self.threshold}.")


# -- 4. expected value of a challenge -------------------------------------------------------------
class ChallengeValue(Question):
    title = "Expected points of a challenge"

    def setup(self, rng):
        for _ in range(100):  # a challenge that can go either way (P(win) = 0 or 1 is no question)
            self.mine = Card(int(rng.integers(4, 9)))
            self.theirs = subset(rng, STANDARD, int(rng.integers(3, 6)))
            wins = sum(duel_winner(self.mine, c) == CHALLENGER for c in self.theirs)
            if 0 < wins < len(self.theirs):
                break
        self.stack = Card(int(rng.integers(6, 11)))

    def statement(self):
        return (f"A player holds the score card **{self.stack}**. You may challenge them with "
                f"your strength card **{self.mine}**; their strength card is equally likely to be "
                f"any of {cards(self.theirs)}. What is the expected number of points the "
                "challenge gets you?")

    def belief(self):
        return Distribution.uniform(self.theirs)

    def expected(self):
        return win_probability(self.mine, self.belief(), True) * self.stack.value

    def mistakes(self):
        return [Mistake("probability only", win_probability(self.mine, self.belief(), True),
                        "That is the chance to win; the expected points multiply it by the "
                        f"score card's value, {self.stack.value}."),
                Mistake("ties lost", strict_probability(self.mine, self.belief())
                        * self.stack.value,
                        "Ties go to the challenger: an equal card is a win for you.")]

    def hints(self):
        return ["$E[\\text{points}] = P(\\text{win}) \\times \\text{value}$ (losing gives 0)."]

    def explain(self):
        p = win_probability(self.mine, self.belief(), True)
        return f"$P(\\text{{win}}) = {tex(p)}$, so $E = {tex(p)} \\times {self.stack.value} = " \
               f"{tex(self.expected())}$."


# -- 5. take or challenge -------------------------------------------------------------------------
class TakeOrChallenge(Question):
    title = "Take or challenge?"
    kind = Choice({"take": ("t",), "challenge": ("c", "defy")})

    def setup(self, rng):
        for _ in range(100):
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
        return (f"Your strength card is **{self.mine}**. The centre has the score card "
                f"**{self.centre}**; a player holds **{self.stack}** and their strength card is "
                f"equally likely to be any of {cards(self.theirs)}. Counting only the points this "
                "move gets you, should you `take` or `challenge`?")

    def expected(self):
        take, challenge = self.values()
        return "take" if take > challenge else "challenge"

    def hints(self):
        return ["Taking gets the centre card for sure.",
                "Challenging gets the held card with the probability that you win."]

    def explain(self):
        take, challenge = self.values()
        return (f"Take: {self.centre.value} points for sure. Challenge: "
                f"$E = {tex(challenge)} \\approx {float(challenge):.2f}$.")


# -- 6. what a challenge between others tells you -------------------------------------------------
class ResultTellsSomething(Question):
    title = "Reading a challenge you were not in"

    def setup(self, rng):
        for _ in range(100):
            self.a = subset(rng, STANDARD, 3)
            self.b = subset(rng, STANDARD, 3)
            self.below = int(rng.integers(4, 8))
            won = [(x, y) for x, y in product(self.a, self.b) if duel_winner(x, y) == CHALLENGER]
            # the result must change the belief, and not to a certainty (P = 1 is a guess)
            if won and len(won) < 9 and self.prior() != self.expected() < 1:
                return

    def statement(self):
        return (f"Player A challenges player B. You do not see their cards; you know A's card "
                f"is one of {cards(self.a)} and B's one of {cards(self.b)}, all equally likely "
                "and independent. **A wins** the challenge (ties go to A). Given that, what is "
                f"the probability that B's card is lower than {self.below}?")

    def expected(self):
        won = [(x, y) for x, y in product(self.a, self.b) if duel_winner(x, y) == CHALLENGER]
        return Fraction(sum(1 for _, y in won if y.value < self.below), len(won))

    def prior(self):
        return Fraction(sum(1 for y in self.b if y.value < self.below), len(self.b))

    def mistakes(self):
        return [Mistake("evidence ignored", self.prior(),
                        "That is the chance **before** the result. A's win makes B's low cards "
                        "more likely: count only the pairs (A's card, B's card) where A wins.")]

    def hints(self):
        return ["List the 9 equally likely pairs (A's card, B's card).",
                "Keep the pairs where A wins; among them, how many have B lower?"]

    def explain(self):
        won = [(x, y) for x, y in product(self.a, self.b) if duel_winner(x, y) == CHALLENGER]
        return (f"A wins in {len(won)} of the 9 pairs; in "
                f"{sum(1 for _, y in won if y.value < self.below)} of those B's card is lower: "
                f"$P = {tex(self.expected())}$ (before the result it was ${tex(self.prior())}$).")


# -- 7. special cards: who wins -------------------------------------------------------------------
class SpecialPairing(Question):
    title = "Special cards: who wins?"
    kind = Choice({"challenger": (), "defender": (), "nobody": ("none",)})

    def setup(self, rng):
        specials = [c for c in ALL_SPECIAL if c.special]
        self.challenger = specials[int(rng.integers(len(specials)))]
        pool = [c for c in ALL_SPECIAL + STANDARD if c != self.challenger or c.kind == "alpha"]
        self.defender = pool[int(rng.integers(len(pool)))]
        if rng.random() < 0.5:
            self.challenger, self.defender = self.defender, self.challenger

    def statement(self):
        return (f"{SPECIAL_WORDS}\n\nThe challenger plays **{self.challenger}**, the defender "
                f"**{self.defender}**. Who wins: `challenger`, `defender` or `nobody`?")

    def expected(self):
        return duel_winner(self.challenger, self.defender)

    def hints(self):
        return ["First check the special rules that apply to these two cards, then compare "
                "strengths (the nervous 9 counts 1 only when it defends)."]

    def explain(self):
        return f"{duel_reason(self.challenger, self.defender)}: **{self.expected()}**."


# -- 8. special cards change the odds -------------------------------------------------------------
class SpecialOdds(Question):
    title = "Special cards change the odds"

    def setup(self, rng):
        self.mine = ALL_SPECIAL[int(rng.integers(len(ALL_SPECIAL)))]
        self.challenger = bool(rng.integers(2))

    def statement(self):
        role = "challenge with" if self.challenger else "are challenged while holding"
        return (f"{SPECIAL_WORDS}\n\nEvery deck holds 1o, 2, 3, 4, 5r, 6, 7, 8, 9n, 10a. You "
                f"{role} **{self.mine}**; the other card is equally likely to be any of the 10. "
                "What is the probability that you win the challenge?")

    def expected(self):
        return win_probability(self.mine, Distribution.uniform(ALL_SPECIAL), self.challenger)

    def mistakes(self):
        belief = Distribution.uniform(ALL_SPECIAL)
        v = self.mine.value
        plain = (belief.prob(lambda c: v >= c.value) if self.challenger
                 else belief.prob(lambda c: v > c.value))
        return [Mistake("face values only", plain,
                        "You compared face values only: the special cards change who beats "
                        "whom. Go through the 10 cards one by one with the special rules.")]

    def hints(self):
        return ["Go through the 10 cards: for each, who wins with the rules of special cards?"]

    def explain(self):
        belief = Distribution.uniform(ALL_SPECIAL)
        side = CHALLENGER if self.challenger else "defender"
        won = [c for c in ALL_SPECIAL if (duel_winner(self.mine, c) if self.challenger
                                          else duel_winner(c, self.mine)) == side]
        rows = []
        for c in ALL_SPECIAL:
            pair = (self.mine, c) if self.challenger else (c, self.mine)
            result = "you win" if c in won else (
                "nobody wins" if duel_winner(*pair) == "nobody" else "you lose")
            counts = "the 9n counts 1: " if self.challenger and c.kind == "nervous" else ""
            rows.append(f"{c}: {result} ({counts}"
                        f"{duel_parts(*pair)[1].removesuffix(HIGHER_WINS)})")
        role = "challenger" if self.challenger else "defender"
        mine = {"nervous": ("; your nervous 9 counts 1 when challenged, 9 when it challenges")
                }.get(self.mine.kind, "")
        return (f"Card by card (you are the {role}{mine}; unless a special rule decides, the "
                "higher card wins and a tie goes to the challenger): " + "; ".join(rows)
                + ". You win "
                f"against {cards(won) if won else 'none of them'}: "
                f"$P = {tex(belief.prob(lambda c: c in won))}$.")


# -- 9. the two-player round as a game ------------------------------------------------------------
class RoundValue(Question):
    title = "A round as a game: the value"

    def setup(self, rng):
        # Mixing must help; and a value of 0 (most such games) could be guessed as "fair",
        # so a game with another value is preferred when one comes up.
        fair = None
        for _ in range(200):
            hands = (subset(rng, ALL_SPECIAL, 2), subset(rng, ALL_SPECIAL, 2))
            self.game = RoundGame(hands, (Card(int(rng.integers(2, 10))),), 0)
            if self.expected() != self.pure_maximin():
                if self.expected() != 0:
                    return
                fair = fair or self.game
        if fair is not None:
            self.game = fair

    def statement(self):
        g = self.game
        return (f"{SPECIAL_WORDS}\n\nTwo players, one score card **{g.centre[0]}** in the centre. "
                f"Player 0 holds {cards(g.options[0])}, player 1 holds {cards(g.options[1])}; "
                "both put down a strength card at the same time. Player 0 must take the score "
                "card; player 1 then challenges (there is nothing else to take). The payoff is "
                "player 0's points minus player 1's. What is the value of this game for player "
                "0 when both play their best **mixed** strategies?")

    def expected(self):
        return solve_round(self.game).value

    def pure_maximin(self):
        g = self.game
        worst = []
        for strength, plan in pure_strategies(g, 0):
            values = []
            for s1, plan1 in pure_strategies(g, 1):
                values.append(strategy_value(g, (strength, s1), plan, plan1))
            worst.append(min(values))
        return max(worst)

    def mistakes(self):
        return [Mistake("pure strategies only", self.pure_maximin(),
                        "That is the best player 0 can **guarantee** with one fixed card (the "
                        "pure maximin). Mixing the cards at random does better: find the mix that "
                        "makes player 1 indifferent.")]

    def hints(self):
        return ["Write the 2×2 table of payoffs: rows player 0's card, columns player 1's.",
                "No cell is a saddle point: player 0 mixes with probability $q$ so that both of "
                "player 1's cards give the same payoff."]

    def explain(self):
        eq = solve_round(self.game)
        mix = ", ".join(f"{c} with probability {fmt(p)}" for c, p in eq.strength[0].items() if p)
        return (f"At equilibrium player 0 plays {mix}; the value is $ {tex(eq.value)} $ "
                f"(with pure strategies only, player 0 could guarantee {self.pure_maximin()}).")


NOTEBOOK = "04_jungle_bluff.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = """\
# Exercises: Jungle Bluff, cards without replacement and a game of hidden choices

In **Jungle Bluff** everybody puts down a strength card face down, then in turn takes a score
card from the centre or challenges a player who holds one: the higher strength card keeps it,
ties go to the challenger. These exercises practise sampling without replacement, updating what
you know when cards are revealed, expected points of take against challenge, the special cards
as changes to a "beats" relation, and the two-player round as a game with a mixed equilibrium.
"""

OUTRO = """\
## Going further

`notebooks/04_jungle_bluff.ipynb` shows the same ideas with widgets: the "beats" relation of the
special cards, a challenge explorer, the exact equilibrium of a round, and a table to play
against bots with "Explain".
"""

QUESTIONS = [BeatOne, WithoutReplacement, Deduction, ChallengeValue, TakeOrChallenge,
             ResultTellsSomething, SpecialPairing, SpecialOdds, RoundValue]
"""Jungle Bluff questions, easiest first (``bluffkit.exercises.catalogue("jungle-bluff")``)."""

__all__ = ["QUESTIONS", "INTRO", "NOTEBOOK", "OUTRO", *[q.__name__ for q in QUESTIONS]]
