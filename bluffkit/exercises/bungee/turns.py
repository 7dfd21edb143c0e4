"""Bungee questions 5-9, a turn and a round: reaching 5 or less after a play, the expected hand
after it, the best action, scoring a round, and the expected score of a call."""

from __future__ import annotations

from fractions import Fraction

from ...core.i18n import _, _l, _n
from ...games.bungee import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    card_text,
    cards_text,
    hand_score,
    hand_value,
    say_move,
    score_round,
)
from ...odds.bungee import action_odds, round_score, turn_odds
from ..answers import Count
from ..core import Mistake, Question, tex
from .common import (
    SCORE_RULE,
    WIN_RULE,
    ZERO_RULE,
    ActionAnswer,
    build,
    position,
    situation,
    small_cards,
)


# -- 5. reaching 5 or less ------------------------------------------------------------------------
class ReachBungee(Question):
    title = _l("Reaching 5 or less after a play")

    def setup(self, rng):
        lucky = int(rng.integers(6, 11))
        self.card = int(rng.choice([c for c in range(6, 11) if c != lucky]))
        keep = small_cards(rng, int(rng.integers(1, CALL_LIMIT)))
        self.k = build(rng, [*keep, self.card], lucky)

    def statement(self):
        return situation(self.k) + "\n\n" + _(
            "You play one **{card}**, then draw one card (equally likely to be any card you "
            "cannot see). {rule} What is the probability that your hand is then worth **5 or "
            "less**?", card=card_text(self.card), rule=ZERO_RULE)

    def odds(self):
        return action_odds(self.k, f"play {card_text(self.card)}")

    def expected(self):
        return self.odds().p_bungee

    def mistakes(self):
        k = self.k
        rest = hand_value(self.odds().hand_before_draw, k.lucky)
        need = CALL_LIMIT - rest
        u = k.unseen
        numbers = sum(u[c - 1] for c in range(1, need + 1) if c != k.lucky)
        return [Mistake("zeros forgotten", Fraction(numbers, k.unseen_count),
                        _("A lucky-valued card or a Bungee card (worth 0) also keeps you at 5 "
                          "or less.")),
                Mistake("Bungee cards forgotten",
                        Fraction(numbers + u[k.lucky - 1], k.unseen_count),
                        _("Bungee cards are worth 0 for calling too.")),
                Mistake("strictly less", self.odds().value.prob(lambda v: v < CALL_LIMIT),
                        _("5 itself is allowed: a call needs 5 **or less**."))]

    def hints(self):
        return [_("What is your hand worth once the card is played? Which drawn cards keep "
                  "it at 5 or less?"),
                _("Count the unseen cards worth at most 5 minus what you keep (zeros "
                  "included).")]

    def explain(self):
        k = self.k
        rest = hand_value(self.odds().hand_before_draw, k.lucky)
        need = CALL_LIMIT - rest
        numbers = sum(k.unseen[c - 1] for c in range(1, need + 1) if c != k.lucky)
        lucky, bungee = k.unseen[k.lucky - 1], k.unseen[10]
        good = numbers + lucky + bungee
        worth = (_n("{n} card worth {low} to {high}", "{n} cards worth {low} to {high}",
                    numbers, low=1, high=need) if need > 1
                 else _n("{n} card worth 1", "{n} cards worth 1", numbers))
        p = f"$P = \\frac{{{good}}}{{{k.unseen_count}}}" + (
            f" = {tex(self.expected())}$" if self.expected().denominator != k.unseen_count
            else "$")
        return _("After playing you keep {hand}, worth {rest}: any card worth {need} or less will "
                 "do. Among the {unseen} unseen cards that is {worth}, {lucky} and {bungee} (both "
                 "worth 0), {good} in all: {p}.", hand=cards_text(self.odds().hand_before_draw),
                 rest=rest, need=need, unseen=k.unseen_count, worth=worth,
                 lucky=_n("{n} lucky card {card}", "{n} lucky cards {card}", lucky,
                          card=card_text(k.lucky)),
                 bungee=_n("{n} Bungee card", "{n} Bungee cards", bungee), good=good, p=p)


# -- 6. expected value after an action ------------------------------------------------------------
class ExpectedAfterPlay(ReachBungee):
    title = _l("Expected hand after a play")

    def statement(self):
        return situation(self.k) + "\n\n" + _(
            "You play one **{card}**, then draw one card (equally likely to be any card you "
            "cannot see). {rule} What is the **expected value** of your hand afterwards?",
            card=card_text(self.card), rule=ZERO_RULE)

    def expected(self):
        return self.odds().mean_value

    def mistakes(self):
        k = self.k
        rest = hand_value(self.odds().hand_before_draw, k.lucky)
        faces = sum(n * (10 if c == BUNGEE else c) for c, n in zip(CARDS, k.unseen))
        return [Mistake("face values", rest + Fraction(faces, k.unseen_count),
                        _("The drawn card's **value** counts: 0 for a lucky-valued card or a "
                          "Bungee card.")),
                Mistake("uniform 1-10", rest + Fraction(11, 2),
                        _("The values are not equally likely: count how many unseen cards "
                          "have each value (10 has 8 copies, and lucky and Bungee cards count "
                          "0)."))]

    def hints(self):
        return [_("E[value after] = (value of the cards you keep) + E[value of the drawn "
                  "card]."),
                _("E[value of the drawn card] = (sum of the values of the unseen cards) / "
                  "(number of unseen cards).")]

    def explain(self):
        rest = hand_value(self.odds().hand_before_draw, self.k.lucky)
        return _("You keep {rest}; the unseen cards are worth {mean} on average: {e}.",
                 rest=rest, mean=f"${tex(self.odds().mean_value - rest)}$",
                 e=f"$E = {tex(self.expected())}$")


# -- 7. the best action ---------------------------------------------------------------------------
class BestAction(Question):
    title = _l("The action that lowers your hand most")
    kind = ActionAnswer()

    def setup(self, rng):
        for _attempt in range(1000):
            k = position(rng, hand=(3, 5), callable_hand=False)
            options = sorted(turn_odds(k), key=lambda o: o.mean_value)
            if (options[0].mean_value < options[1].mean_value
                    and len({o.draws for o in options}) == 2):  # plays and takes to compare
                break
        self.k = k

    def statement(self):
        return situation(self.k) + "\n\n" + _(
            "On your turn you may **play** one or more cards of one value then draw (equally "
            "likely any card you cannot see), or **take** the discard pile's top card then play "
            "one or more cards of one value (not the one taken) without drawing. {rule} Which "
            "action gives your hand the **lowest expected value**? Write it like "
            '"play 9,9" or "take, play 7".', rule=ZERO_RULE)

    def options(self):
        return turn_odds(self.k)

    def expected(self):
        return str(min(self.options(), key=lambda o: o.mean_value).action)

    def mistakes(self):
        options = self.options()
        best = min(options, key=lambda o: o.mean_value)
        other = min((o for o in options if o.draws != best.draws), key=lambda o: o.mean_value)
        out = [Mistake("take", str(other.action),
                       _("Taking gives a sure result; compare it with the **expected** value of "
                         "playing and drawing an unseen card."))
               if best.draws else
               Mistake("play and draw", str(other.action),
                       _("Playing and drawing brings an unknown card, worth on average the "
                         "unseen cards' mean value; taking the top card is a sure result: "
                         "compare the two."))]
        top = max(c for c in self.k.hand if c != BUNGEE)
        if self.k.hand.count(top) > 1:  # several of the highest value: play them together
            out.append(Mistake("one card only", f"play {card_text(top)}",
                               _("Several cards of one value may be played at once, and fewer "
                                 "cards in hand lower its value the most.")))
        by_score = min(options, key=lambda o: o.mean_score)
        if by_score.mean_score < min(o.mean_score for o in options if o is not by_score):
            out.append(Mistake("Bungee counted 10", str(by_score.action),
                               _("In a hand's value a Bungee card counts 0 (it counts 10 only in "
                                 "the score of a player who did not win).")))
        return out

    def hints(self):
        return [_("For each action: value of the cards you keep, plus E[drawn card] if you "
                  "draw."),
                _("The drawn card is worth on average (sum of unseen values) / (unseen "
                  "cards).")]

    def explain(self):
        rows = "\n".join("- " + _("{action}: {e}", action=f"`{say_move(str(o.action))}`",
                                   e=f"$E = {tex(o.mean_value)}$") for o in self.options())
        return _("The expected value after each action:") + f"\n\n{rows}"


# -- 8. scoring a round ---------------------------------------------------------------------------
class ScoreTheRound(Question):
    title = _l("Who wins the round, and the score")
    kind = Count()

    def setup(self, rng):
        self.lucky = int(rng.integers(6, 11))
        case = int(rng.integers(3))  # who wins: Ada's lower hand, Ben's lower hand, or a tie
        low = int(rng.integers(1, CALL_LIMIT))
        high = int(rng.integers(low + 1, CALL_LIMIT + 1))
        ada, ben = ((low, high), (high, low), (high, high))[case]
        self.first = tuple(sorted([BUNGEE, *small_cards(rng, ada)]))
        self.second = tuple(sorted([self.lucky, *small_cards(rng, ben)]))

    def statement(self):
        return _("The lucky card is **{lucky}** (B is a Bungee card). Ada called the first "
                 "Bungee with **{first}**; later in the last lap Ben called the second Bungee "
                 "with **{second}**. {zero} {win} {score} How many points does **Ada** write down "
                 "for this round?", lucky=card_text(self.lucky), first=cards_text(self.first),
                 second=cards_text(self.second), zero=ZERO_RULE, win=WIN_RULE, score=SCORE_RULE)

    def values(self) -> tuple[int, int]:
        return hand_value(self.first, self.lucky), hand_value(self.second, self.lucky)

    def result(self):
        return score_round([self.first, self.second], self.lucky, (0, 1))

    def expected(self):
        return self.result()[1][0]

    def mistakes(self):
        ada, ben = self.values()
        lost = hand_score(self.first, self.lucky)
        if ada < ben:
            return [Mistake("winner scores 0", 0, _("The winner does not score 0 but **-10**.")),
                    Mistake("later caller wins", lost,
                            _("The later caller wins only a tie: Ada's hand ({ada}) is lower "
                              "than Ben's ({ben}), so Ada wins.", ada=ada, ben=ben))]
        out = [Mistake("Bungee counted 0", hand_value(self.first, self.lucky),
                       _("A player who did not win the round counts each Bungee card 10."))]
        if ada == ben:
            return [Mistake("earlier caller wins ties", -10,
                            _("The hands are worth the same: a tie goes to the **later** caller, "
                              "Ben.")), *out]
        return [Mistake("first caller wins", -10,
                        _("Calling first does not win: Ben's hand ({ben}) is lower than Ada's "
                          "({ada}).", ada=ada, ben=ben)), *out]

    def hints(self):
        return [_("Work out both hands' values (lucky and Bungee 0): the lower one wins, a tie "
                  "goes to the later caller."),
                _("The winner writes -10; a loser writes the hand's score: lucky cards 0, Bungee "
                  "cards 10.")]

    def explain(self):
        ada, ben = self.values()
        if ada < ben:
            return _("Ada's hand is worth {ada}, Ben's {ben}: the lowest hand wins, so Ada wins "
                     "and scores -10.", ada=ada, ben=ben)
        why = (_("Both hands are worth {v}; the tie goes to the later caller, Ben, who scores "
                 "-10.", v=ada) if ada == ben else
               _("Ada's hand is worth {ada}, Ben's {ben}: Ben's is lower, so Ben wins and scores "
                 "-10.", ada=ada, ben=ben))
        return why + " " + _("Ada scores her hand with each Bungee card 10: {score}.",
                             score=self.expected())


# -- 9. the expected score of a call --------------------------------------------------------------
class CallScore(Question):
    title = _l("Expected score of a call")

    def setup(self, rng):
        lucky = int(rng.integers(1, 11))
        keep = [c for c in small_cards(rng, int(rng.integers(1, CALL_LIMIT + 1))) if c != lucky]
        self.k = build(rng, [BUNGEE, *keep], lucky)
        self.p = Fraction(int(rng.integers(3, 9)), 10)

    def statement(self):
        return _("Your hand **{hand}** (lucky card **{lucky}**; B is a Bungee card) is worth "
                 "{value}, so you call Bungee. Suppose you win the round with probability {p}. "
                 "{rule} What is your **expected score** this round?",
                 hand=cards_text(self.k.hand), lucky=card_text(self.k.lucky),
                 value=self.k.value, p=self.p, rule=SCORE_RULE)

    def expected(self):
        return round_score(self.p, self.k.score)

    def mistakes(self):
        return [Mistake("Bungee counted 0", round_score(self.p, self.k.value),
                        _("If you lose, each Bungee card in your hand counts 10.")),
                Mistake("winner scores 0", (1 - self.p) * self.k.score,
                        _("The winner does not score 0 but **-10**."))]

    def hints(self):
        return [_("E = P(win) × (-10) + P(lose) × (your score when you lose)."),
                _("When you lose, lucky cards count 0 and Bungee cards 10.")]

    def explain(self):
        return (f"$E = {tex(self.p)} \\cdot (-10) + {tex(1 - self.p)} \\cdot {self.k.score} = "
                f"{tex(self.expected())}$.")
