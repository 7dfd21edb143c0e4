"""Jungle Bluff questions 7-9: the special cards, and the two-player round as a game."""

from __future__ import annotations

from ...advice.jungle_bluff.two_player import (
    RoundGame,
    pure_strategies,
    solve_round,
    strategy_value,
)
from ...core import Distribution, choice
from ...core.i18n import _, _l, _p
from ...games.jungle_bluff import CHALLENGER, DEFENDER, NOBODY, Card, duel_winner
from ...odds.jungle_bluff.beliefs import win_probability
from ..answers import Choice
from ..core import Mistake, Question, fmt, tex
from .common import ALL_SPECIAL, STANDARD, cards, duel_parts, duel_reason, special_rules, subset


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
        self.challenger = choice(specials, rng)
        pool = [c for c in ALL_SPECIAL + STANDARD if c != self.challenger or c.kind == "alpha"]
        self.defender = choice(pool, rng)
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
        self.mine = choice(ALL_SPECIAL, rng)
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
