"""Exercises on Jungle Bluff, easiest first: sampling without replacement, updating what you
know as cards are revealed, expected value of take against challenge, the special cards as
changes to a "beats" relation, and the two-player round as a game with a mixed equilibrium.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.jungle_bluff``
and ``bluffkit.advice.jungle_bluff.two_player`` when the student checks (positions from the real
engine).

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

from ..advice.jungle_bluff.two_player import RoundGame, pure_strategies, solve_round, strategy_value
from ..core import Distribution, choice, sample
from ..core.i18n import _, _l, _n, _p, num
from ..games.jungle_bluff import (
    CHALLENGER,
    DEFENDER,
    NOBODY,
    Card,
    JungleRules,
    JungleState,
    deck,
    duel_winner,
)
from ..odds.jungle_bluff.beliefs import possible_cards, turn_options, win_probability
from .answers import Choice, Count
from .core import Mistake, Question, fmt, tex

STANDARD = deck(10)
ALL_SPECIAL = deck(10, ("optimistic", "reversed", "nervous", "alpha"))
TIES = _l("The higher strength card wins a challenge; a tie goes to the challenger.")
"""The tie rule: said in every statement whose answer depends on who wins a challenge."""
SPECIAL_WORDS = _l("Special cards: the **optimistic 1** (1o) beats any 10; the **reversed 5** "
                   "(5r) beats any card of 6 or more and loses to any card of 4 or less; the "
                   "**nervous 9** (9n) counts 1 when it is challenged (9 when it challenges); two "
                   "**alpha 10s** (10a) in one challenge: nobody wins, and the score card goes "
                   "back to the centre. Otherwise:")


def special_rules() -> str:
    """The special cards' rules, then the usual one (said in the statements that use them)."""
    return f"{SPECIAL_WORDS} {TIES}"


def cards(cs) -> str:
    return ", ".join(str(c) for c in sorted(cs))


def subset(rng: np.random.Generator, pool, k: int) -> tuple[Card, ...]:
    idx = rng.choice(len(pool), size=k, replace=False)
    return tuple(sorted(pool[int(i)] for i in idx))


def duel_parts(challenger: Card, defender: Card, short: bool = False) -> tuple[list[str], str]:
    """Why a challenge ends as it does: (notes on the special cards, the deciding rule; with
    ``short``, a plain comparison is only "6 against 4").

    >>> duel_parts(Card(5, True), Card(9, True))[1]
    'the reversed 5 loses to any card of 4 or less'
    """
    kinds = {challenger.kind, defender.kind}
    if challenger.kind == "alpha" and defender.kind == "alpha":
        return [], _("two alpha 10s cancel out")
    if challenger.kind == "optimistic" and defender.value == 10:
        return [], _("the optimistic 1 beats any 10")
    if defender.kind == "optimistic" and challenger.value == 10:
        return [], _("the optimistic 1 beats any 10, also when it defends")
    notes = []
    if defender.kind == "nervous":
        notes.append(_("the nervous 9 is challenged, so it counts 1"))
    if challenger.kind == "nervous":
        notes.append(_("the nervous 9 challenges, so it counts 9"))
    if "optimistic" in kinds:
        notes.append(_("the optimistic 1 is special only against a 10"))
    if "alpha" in kinds:
        notes.append(_("an alpha 10 is special only against the other alpha 10"))
    c = challenger.value
    d = 1 if defender.kind == "nervous" else defender.value
    beats, loses = (_("the reversed 5 beats any card of 6 or more"),
                    _("the reversed 5 loses to any card of 4 or less"))
    if challenger.kind == "reversed" and d != 5:
        return notes, beats if d >= 6 else loses
    if defender.kind == "reversed" and c != 5:
        return notes, beats if c >= 6 else loses
    if "reversed" in kinds:
        notes.append(_("a reversed 5 against a 5 is an ordinary 5"))
    if short:
        return notes, _("{c} against {d}", c=c, d=d)
    return notes, _("{c} against {d}: the higher card wins, a tie goes to the challenger",
                    c=c, d=d)


def duel_reason(challenger: Card, defender: Card) -> str:
    """Why a challenge ends as it does, in words (the rules in ``duel_winner``'s order).

    >>> duel_reason(Card(6), Card(4))
    '6 against 4: the higher card wins, a tie goes to the challenger'
    >>> duel_reason(Card(5, True), Card(9, True))
    'The nervous 9 is challenged, so it counts 1; the reversed 5 loses to any card of 4 or less'
    """
    notes, main = duel_parts(challenger, defender)
    text = _("; ").join([*notes, main])
    return text[:1].upper() + text[1:]


def strict_probability(mine: Card, belief: Distribution) -> Fraction:
    """The slip "ties go to the defender" (face values only)."""
    return belief.prob(lambda c: mine.value > c.value)


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


# -- 7. special cards: who wins -------------------------------------------------------------------
class SpecialPairing(Question):
    title = _l("Special cards: who wins?")
    kind = Choice({"challenger": ("challengeur",), "defender": ("défenseur",),
                   "nobody": ("none", "personne")},
                  labels={"challenger": lambda: _p("answer", "challenger"),
                          "defender": lambda: _p("answer", "defender"),
                          "nobody": lambda: _p("answer", "nobody")})

    def setup(self, rng):
        specials = [c for c in ALL_SPECIAL if c.special]
        self.challenger = specials[int(rng.integers(len(specials)))]
        pool = [c for c in ALL_SPECIAL + STANDARD if c != self.challenger or c.kind == "alpha"]
        self.defender = pool[int(rng.integers(len(pool)))]
        if rng.random() < 0.5:
            self.challenger, self.defender = self.defender, self.challenger

    def statement(self):
        return f"{special_rules()}\n\n" + _(
            "The challenger plays **{challenger}**, the defender **{defender}**. Who wins: {a}, "
            "{b} or {c}?", challenger=self.challenger, defender=self.defender,
            a=f"`{self.kind.word('challenger')}`", b=f"`{self.kind.word('defender')}`",
            c=f"`{self.kind.word('nobody')}`")

    def expected(self):
        return duel_winner(self.challenger, self.defender)

    def mistakes(self):
        face_value = CHALLENGER if self.challenger.value >= self.defender.value else DEFENDER
        out = []
        for option in (CHALLENGER, DEFENDER, NOBODY):
            if option == self.expected():
                continue
            if option == NOBODY:
                out.append(Mistake("nobody", option, _("Nobody wins only when two alpha 10s "
                                                       "meet; otherwise one card wins.")))
            elif option == face_value:
                out.append(Mistake("face values only", option,
                                   _("That is who wins on face values alone; a special rule "
                                     "changes it here. Check what each special card does "
                                     "against the other card.")))
            else:
                out.append(Mistake("special rule or tie", option,
                                   _("Check the special rules for these two cards first, then "
                                     "compare strengths (the nervous 9 counts 1 when it "
                                     "defends); a tie goes to the challenger.")))
        return out

    def hints(self):
        return [_("First check the special rules that apply to these two cards, then compare "
                  "strengths (the nervous 9 counts 1 only when it defends).")]

    def explain(self):
        return _("{reason}: **{winner}**.", reason=duel_reason(self.challenger, self.defender),
                 winner=self.kind.word(self.expected()))


# -- 8. special cards change the odds -------------------------------------------------------------
class SpecialOdds(Question):
    title = _l("Special cards change the odds")

    def setup(self, rng):
        self.mine = ALL_SPECIAL[int(rng.integers(len(ALL_SPECIAL)))]
        self.challenger = bool(rng.integers(2))

    def statement(self):
        you = (_("You challenge with **{mine}**", mine=self.mine) if self.challenger
               else _("You are challenged while holding **{mine}**", mine=self.mine))
        return f"{special_rules()}\n\n" + _(
            "Every deck holds 1o, 2, 3, 4, 5r, 6, 7, 8, 9n, 10a. {you}; the other card is equally "
            "likely to be any of the 10. What is the probability that you win the challenge?",
            you=you)

    def expected(self):
        return win_probability(self.mine, Distribution.uniform(ALL_SPECIAL), self.challenger)

    def mistakes(self):
        belief = Distribution.uniform(ALL_SPECIAL)
        v = self.mine.value
        plain = (belief.prob(lambda c: v >= c.value) if self.challenger
                 else belief.prob(lambda c: v > c.value))
        return [Mistake("face values only", plain,
                        _("You compared face values only: the special cards change who beats "
                          "whom. Go through the 10 cards one by one with the special rules."))]

    def hints(self):
        return [_("Go through the 10 cards: for each, who wins with the rules of special cards?")]

    def explain(self):
        belief = Distribution.uniform(ALL_SPECIAL)
        side = CHALLENGER if self.challenger else DEFENDER
        won = [c for c in ALL_SPECIAL if (duel_winner(self.mine, c) if self.challenger
                                          else duel_winner(c, self.mine)) == side]
        rows = []
        for c in ALL_SPECIAL:
            pair = (self.mine, c) if self.challenger else (c, self.mine)
            result = _("you win") if c in won else (
                _("nobody wins") if duel_winner(*pair) == NOBODY else _("you lose"))
            why = duel_parts(*pair, short=True)[1]
            if self.challenger and c.kind == "nervous":
                why = _("the 9n counts 1: {why}", why=why)
            rows.append(_("{card}: {result} ({why})", card=c, result=result, why=why))
        role = _("you are the challenger") if self.challenger else _("you are the defender")
        if self.mine.kind == "nervous":
            role = _("{role}; your nervous 9 counts 1 when challenged, 9 when it challenges",
                     role=role)
        p = f"$P = {tex(belief.prob(lambda c: c in won))}$"
        total = (_("You win against {cards}: {p}.", cards=cards(won), p=p) if won
                 else _("You win against none of them: {p}.", p=p))
        return _("Card by card ({role}; unless a special rule decides, the higher card wins and a "
                 "tie goes to the challenger): {rows}.", role=role,
                 rows=_("; ").join(rows)) + " " + total


# -- 9. the two-player round as a game ------------------------------------------------------------
def mixes(game: RoundGame) -> bool:
    """Whether player 0 must mix in this round (player 0 takes the one score card, player 1
    challenges): the 2 × 2 table of player 0's payoffs has no saddle point.

    >>> mixes(RoundGame(((Card(1, True), Card(8)), (Card(7), Card(10))), (Card(5),), 0))
    True
    >>> mixes(RoundGame(((Card(2), Card(8)), (Card(3), Card(7))), (Card(5),), 0))  # 8 is safe
    False
    """
    v = game.centre[0].value
    sign = {CHALLENGER: -1, DEFENDER: 1, NOBODY: 0}
    table = [[sign[duel_winner(b, a)] * v for b in game.options[1]] for a in game.options[0]]
    maximin = max(min(row) for row in table)
    minimax = min(max(col) for col in zip(*table))
    return maximin < minimax


class RoundValue(Question):
    title = _l("A round as a game: the value")

    def setup(self, rng):
        # Mixing must help; and a value of 0 (most such games) could be guessed as "fair",
        # so a game with another value is preferred when one comes up.
        fair = None
        for _attempt in range(200):
            hands = (subset(rng, ALL_SPECIAL, 2), subset(rng, ALL_SPECIAL, 2))
            self.game = RoundGame(hands, (Card(int(rng.integers(2, 10))),), 0)
            if mixes(self.game):  # a quick sieve; the solver computes the answer
                if self.expected() != 0:
                    return
                fair = fair or self.game
        if fair is not None:
            self.game = fair

    def statement(self):
        g = self.game
        return f"{special_rules()}\n\n" + _(
            "Two players, one score card **{centre}** in the centre. Player 0 holds {cards0}, "
            "player 1 holds {cards1}; both put down a strength card at the same time. Player 0 "
            "must take the score card; player 1 then challenges (there is nothing else to take). "
            "The payoff is player 0's points minus player 1's. What is the value of this game for "
            "player 0 when both play their best **mixed** strategies?", centre=g.centre[0],
            cards0=cards(g.options[0]), cards1=cards(g.options[1]))

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
                        _("That is the best player 0 can **guarantee** with one fixed card (the "
                          "pure maximin). Mixing the cards at random does better: find the mix "
                          "that makes player 1 indifferent."))]

    def hints(self):
        return [_("Write the 2×2 table of payoffs: rows player 0's card, columns player 1's."),
                _("No cell is a saddle point: player 0 mixes with probability $q$ so that both of "
                  "player 1's cards give the same payoff.")]

    def explain(self):
        eq = solve_round(self.game)
        mix = ", ".join(_("{card} with probability {p}", card=c, p=fmt(p))
                        for c, p in eq.strength[0].items() if p)
        return _("At equilibrium player 0 plays {mix}; the value is {value} (with pure strategies "
                 "only, player 0 could guarantee {pure}).", mix=mix, value=f"$ {tex(eq.value)} $",
                 pure=self.pure_maximin())


NOTEBOOK = "04_jungle_bluff.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: Jungle Bluff, cards without replacement and a game of hidden choices

In **Jungle Bluff** everybody puts down a strength card face down, then in turn takes a score
card from the centre or challenges a player who holds one: the higher strength card keeps it,
ties go to the challenger. These exercises practise sampling without replacement, updating what
you know when cards are revealed, expected points of take against challenge, the special cards
as changes to a "beats" relation, and the two-player round as a game with a mixed equilibrium.
""")

OUTRO = _l("""\
## Going further

`notebooks/04_jungle_bluff.ipynb` shows the same ideas with widgets: the "beats" relation of the
special cards, a challenge explorer, the exact equilibrium of a round, and a table to play
against bots with "Explain".
""")

QUESTIONS = [BeatOne, WithoutReplacement, Deduction, ChallengeValue, TakeOrChallenge,
             ResultTellsSomething, SpecialPairing, SpecialOdds, RoundValue]
"""Jungle Bluff questions, easiest first (``bluffkit.exercises.catalogue("jungle-bluff")``)."""

__all__ = ["QUESTIONS", "INTRO", "NOTEBOOK", "OUTRO", *[q.__name__ for q in QUESTIONS]]
