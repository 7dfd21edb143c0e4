"""Bungee questions 1-4: the cards you cannot see, what a hand is worth and costs, the next card
and the next three (hypergeometric)."""

from __future__ import annotations

from fractions import Fraction

from ...core import Distribution
from ...core.i18n import _, _l, _n
from ...games.bungee import BUNGEE, CARDS, DECK, card_text, cards_text, hand_score, hand_value
from ...odds.bungee import draws_distribution
from ..answers import Count
from ..core import Mistake, Question, tex
from .common import SCORE_RULE, ZERO_RULE, build, position, situation, zero


# -- 1. counting the deck -------------------------------------------------------------------------
class CountUnseen(Question):
    title = _l("Cards you cannot see")
    kind = Count()

    def setup(self, rng):
        self.k = position(rng)

    def statement(self):
        return situation(self.k) + "\n\n" + _(
            "The deck has 56 cards. How many cards can you **not** see (the opponents' hands "
            "and the draw pile together)?")

    def expected(self):
        return self.k.unseen_count

    def mistakes(self):
        k = self.k
        return [Mistake("lucky card forgotten", k.unseen_count + 1,
                        _("The lucky card lies face up beside the draw pile: you can see it.")),
                Mistake("discard pile forgotten", k.unseen_count + len(k.discard),
                        _("Every card on the discard pile was played face up: you have seen "
                          "it.")),
                Mistake("own hand forgotten", k.unseen_count + len(k.hand),
                        _("Your own cards are cards you see too."))]

    def hints(self):
        return [_("Start from 56 and take away every card you can see."),
                _("You see your hand, the discard pile and the lucky card.")]

    def explain(self):
        k = self.k
        return _("{sum} (hand, discard pile, lucky card).",
                 sum=f"$56 - {len(k.hand)} - {len(k.discard)} - 1 = {k.unseen_count}$")


# -- 2. what a hand is worth ----------------------------------------------------------------------
class HandWorth(Question):
    title = _l("What your hand is worth")
    kind = Count()

    def setup(self, rng):
        lucky = int(rng.integers(1, 11))
        others = [int(c) for c in rng.integers(1, 11, size=int(rng.integers(1, 4)))]
        self.k = build(rng, [BUNGEE, lucky, *others], lucky)

    def statement(self):
        return _("Your hand: **{hand}**; the lucky card is **{lucky}** (B is a Bungee card). "
                 "{rule} What is your hand's value?", hand=cards_text(self.k.hand),
                 lucky=card_text(self.k.lucky), rule=ZERO_RULE)

    def expected(self):
        return self.k.value

    def mistakes(self):
        h, lucky = self.k.hand, self.k.lucky
        return [Mistake("Bungee counted 10", hand_score(h, lucky),
                        _("For calling (and for the winner) a Bungee card counts 0; it counts "
                          "10 only in the score of a player who did not win.")),
                Mistake("lucky value counted", hand_value(h, None),
                        _("Cards of the lucky card's value count 0 this round."))]

    def hints(self):
        return [_("Two kinds of card count 0 here."),
                _("Lucky-valued cards and Bungee cards count 0 when you call.")]

    def explain(self):
        return _("Lucky cards ({lucky}) and Bungee cards count 0: the rest adds up to {value}.",
                 lucky=card_text(self.k.lucky), value=self.k.value)


class HandScore(HandWorth):
    title = _l("What your hand costs if you lose")

    def statement(self):
        return _("Your hand: **{hand}**; the lucky card is **{lucky}** (B is a Bungee card). The "
                 "round ends and **somebody else wins**. {rule} How many points do you write "
                 "down?", hand=cards_text(self.k.hand), lucky=card_text(self.k.lucky),
                 rule=SCORE_RULE)

    def expected(self):
        return self.k.score

    def mistakes(self):
        h, lucky = self.k.hand, self.k.lucky
        return [Mistake("Bungee counted 0", hand_value(h, lucky),
                        _("For a player who did not win, each Bungee card costs 10 points.")),
                Mistake("lucky value counted", hand_score(h, None),
                        _("Cards of the lucky card's value count 0 in the score too."))]

    def hints(self):
        return [_("A Bungee card is good only for the winner."),
                _("Lucky-valued cards count 0; each Bungee card counts 10.")]

    def explain(self):
        return _n("Lucky cards count 0, each Bungee card 10, the rest its value: {n} point.",
                  "Lucky cards count 0, each Bungee card 10, the rest its value: {n} points.",
                  self.k.score)


# -- 3. the next card -----------------------------------------------------------------------------
class NextCardWorthZero(Question):
    title = _l("The next card is worth 0")

    def setup(self, rng):
        self.k = position(rng)

    def statement(self):
        return situation(self.k) + "\n\n" + _(
            "Assume the cards you cannot see are in random places, so the card you draw is "
            "equally likely to be any of them. {rule} What is the probability that the card you "
            "draw is **worth 0**?", rule=ZERO_RULE)

    def expected(self):
        return Distribution({c: n for c, n in zip(CARDS, self.k.unseen) if n}).prob(zero(self.k))

    def mistakes(self):
        k = self.k
        u = k.unseen
        lucky = u[k.lucky - 1]
        return [Mistake("Bungee cards forgotten", Fraction(lucky, k.unseen_count),
                        _("Bungee cards count 0 for calling too.")),
                Mistake("whole deck", Fraction(DECK[k.lucky - 1] + DECK[BUNGEE - 1], 56),
                        _("Count only the cards you cannot see: remove the ones in your hand, "
                          "on the discard pile and the lucky card itself, from the top and the "
                          "bottom of the fraction."))]

    def hints(self):
        return [_("Which cards are worth 0? How many of each can you not see?"),
                _("Divide by the number of unseen cards, not by 56.")]

    def explain(self):
        k = self.k
        good = k.unseen[k.lucky - 1] + k.unseen[BUNGEE - 1]
        lucky = k.unseen[k.lucky - 1]
        return _("Unseen cards worth 0: {lucky} and {bungee}, {good} of {unseen}: {p}.",
                 lucky=_n("{n} card {card}", "{n} cards {card}", lucky, card=card_text(k.lucky)),
                 bungee=_n("{n} Bungee card", "{n} Bungee cards", k.unseen[BUNGEE - 1]),
                 good=good, unseen=k.unseen_count, p=f"$P = {tex(self.expected())}$")


# -- 4. several draws: hypergeometric -------------------------------------------------------------
class ZeroInThreeDraws(Question):
    title = _l("A zero in the next three cards")

    def setup(self, rng):
        self.k = position(rng)
        self.draws = 3

    def statement(self):
        return situation(self.k) + "\n\n" + _(
            "The next {n} cards drawn come one after the other from the cards you cannot see "
            "(each arrangement equally likely). {rule} What is the probability that **at least "
            "one** of them is worth 0?", n=self.draws, rule=ZERO_RULE)

    def dist(self):
        return draws_distribution(self.k, self.draws, zero(self.k))

    def expected(self):
        return self.dist().at_least(1)

    def mistakes(self):
        k = self.k
        p = Fraction(k.unseen[k.lucky - 1] + k.unseen[BUNGEE - 1], k.unseen_count)
        return [Mistake("with replacement", 1 - (1 - p) ** self.draws,
                        _("The cards are drawn **without** replacement: after a non-zero card "
                          "there is one card fewer, and the chance of a zero grows a little.")),
                Mistake("added the chances", min(self.draws * p, Fraction(1)),
                        _("Adding the chances counts twice the cases with two zeros; use the "
                          "complement: 1 - P(no zero)."))]

    def hints(self):
        return [_("Use the complement: P(at least one) = 1 - P(none)."),
                _("P(none) = C(U - G, 3) / C(U, 3) with U unseen cards of which G are worth 0.")]

    def explain(self):
        k = self.k
        g = k.unseen[k.lucky - 1] + k.unseen[BUNGEE - 1]
        u = k.unseen_count
        return _n("{sum} ({n} zero among {u} unseen cards).",
                  "{sum} ({n} zeros among {u} unseen cards).", g, u=u,
                  sum=f"$1 - \\binom{{{u - g}}}{{3}} / \\binom{{{u}}}{{3}} = "
                  f"{tex(self.expected())}$")
