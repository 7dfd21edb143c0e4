"""Poker dice questions 6-11, a player's position: the common roll to come, beating one and two
opponents, pot odds, calling, and a simulation."""

from __future__ import annotations

from fractions import Fraction

from ...core import choice
from ...core.i18n import _, _l, _p, num
from ...core.rng import as_list, make_rng
from ...games.poker_dice import FACES, Category, best_hand
from ...odds.poker_dice import category_counts, category_distribution, equity, pot_odds
from ..answers import Choice, Estimate, standard_error
from ..core import SEEDED_DRAWS, Mistake, Question, fmt, tex, tex_ratio
from .common import COLOURS, SPLIT, dice, hand_rules, ranking, roll


# -- 6. given my dice -------------------------------------------------------------------------
class GivenMyDice(Question):
    title = _l("Before the common roll")

    def setup(self, rng):
        for _attempt in range(100):
            self.mine = roll(rng)
            self.category = choice((Category.THREE_OF_A_KIND, Category.FULL_HOUSE,
                                       Category.FOUR_OF_A_KIND, Category.LARGE_STRAIGHT), rng)
            if 0 < self.expected() < 1:
                return

    def statement(self):
        return _("Your peeker shows **{mine}**. The 3 common dice are not rolled yet. What is "
                 "the probability that your best 5 of 6 is **{category}** or better? {colours} "
                 "The ranking: {ranking}.", mine=dice(self.mine), category=self.category.words,
                 colours=COLOURS, ranking=ranking())

    def expected(self):
        return category_distribution(self.mine).prob(lambda c: c >= self.category)

    def mistakes(self):
        d = category_distribution(self.mine)
        return [Mistake("exactly", d.probability(self.category),
                        _("That is the chance of exactly {category}; the question asks for it "
                          "**or better**.", category=self.category.words)),
                Mistake("my dice ignored",
                        category_distribution().prob(lambda c: c >= self.category),
                        _("That is the chance for a hand of six unknown dice. Yours are known: "
                          "only the 3 common dice are unknown (216 rolls).")),
                Mistake("five dice", Fraction(sum(n for c, n in category_counts(
                    dice=5).items() if c >= self.category), 7776),
                        _("That is for five unknown dice. Three of your six dice are known."))]

    def hints(self):
        return [_("Only the 3 common dice are unknown: 6^3 = 216 equally likely rolls."),
                _("For each roll, find the best 5 of your 6 dice; count the rolls at or above "
                  "the category.")]

    def explain(self):
        n = sum(c for cat, c in category_counts(self.mine, 6).items() if cat >= self.category)
        return _("Of the 216 rolls of the common dice, {n} give {mine} a best hand of "
                 "{category} or better: {p}.", n=n, mine=dice(self.mine),
                 category=self.category.words, p=f"$P = {tex_ratio(n, 216)}$")


# -- 7. beating one opponent ------------------------------------------------------------------
def _position(rng, k: int):
    """My dice and common dice with every outcome possible against ``k`` opponents."""
    for _attempt in range(100):
        mine, common = roll(rng), roll(rng)
        e = equity(mine, common, k)
        if e.win and e.tie and e.lose:
            return mine, common
    return mine, common


class _Showdown(Question):
    """Your dice and the common dice against ``opponents`` unknown hands."""

    opponents = 1

    def setup(self, rng):
        self.mine, self.common = _position(rng, self.opponents)

    def odds(self):
        return equity(self.mine, self.common, self.opponents)


class WinOneOpponent(_Showdown):
    title = _l("Beating one opponent")

    def statement(self):
        return _("Your peeker shows **{mine}**; the common dice are **{common}**. One "
                 "opponent's 3 dice are unknown and random. {rules} What is the probability that "
                 "your hand **beats** theirs (a tie does not count)?", mine=dice(self.mine),
                 common=dice(self.common), rules=hand_rules())

    def expected(self):
        return self.odds().p_win

    def mistakes(self):
        e = self.odds()
        return [Mistake("ties counted", e.p_win + e.p_tie,
                        _("You counted the ties as wins; the question asks for beating them.")),
                Mistake("equity", e.equity, _("That is your equity (ties counted half); the "
                          "question asks for a strict win."))]

    def hints(self):
        return [_("The opponent's 3 dice have 216 equally likely rolls; the common dice are "
                  "known."),
                _("For each roll compare their best 5 of 6 with yours (`best_hand(...).key` "
                  "compares hands).")]

    def explain(self):
        e = self.odds()
        return _("Your hand is {hand}. Of the opponent's 216 rolls you beat {win}, tie {tie} "
                 "and lose to {lose}: {p}.", hand=best_hand(self.mine + self.common).words,
                 win=e.win, tie=e.tie, lose=e.lose, p=f"$P = {tex_ratio(e.win, 216)}$")


# -- 8. ties split ----------------------------------------------------------------------------
class SplitTies(_Showdown):
    title = _l("Equity with ties split")
    opponents = 2

    def statement(self):
        return _("Your peeker shows **{mine}**; the common dice are **{common}**. **Two** "
                 "opponents' dice are unknown and random. {rules} {split} What is your equity: "
                 "your expected share of the pot (half of it in a tie of two, a third in a tie of "
                 "three)?", mine=dice(self.mine), common=dice(self.common), rules=hand_rules(),
                 split=SPLIT)

    def expected(self):
        return self.odds().equity

    def mistakes(self):
        e, one = self.odds(), equity(self.mine, self.common, 1)
        return [Mistake("ties ignored", e.p_win, _("That is the chance to win outright; ties "
                          "bring you a share of the pot too.")),
                Mistake("ties in full", e.p_win + e.p_tie, _("A tie does not win the whole pot: "
                          "it is split among the tied players.")),
                Mistake("one opponent", one.equity, _("That is against one opponent; there are "
                          "two."))]

    def hints(self):
        return [_("Given the common dice the two opponents are independent: for each, count "
                  "the rolls below your hand (L) and equal to it (E), out of 216."),
                _("Equity = [L² + 2·L·E/2 + E²/3] / 216²: win outright, tie with one, tie with "
                  "both.")]

    def explain(self):
        e = self.odds()
        return _("Of the {rolls} rolls of the two opponents you win outright in {win}, tie for "
                 "the best in {tie}. Counting each tie as your share: equity {equity}.",
                 rolls="$216^2 = 46656$", win=e.win, tie=e.tie, equity=f"$= {tex(e.equity)}$")


# -- 9. pot odds ------------------------------------------------------------------------------
class PotOdds(Question):
    title = _l("Pot odds")

    def setup(self, rng):
        self.pot = int(rng.integers(4, 31))
        self.to_call = int(rng.integers(1, 11))

    def statement(self):
        return _("There are **{pot}** points in the middle and calling costs you **{to_call}**. "
                 "What share of the final pot must you win on average for the call to break "
                 "even?", pot=self.pot, to_call=self.to_call)

    def expected(self):
        return pot_odds(self.to_call, self.pot)

    def mistakes(self):
        return [Mistake("pot before the call", Fraction(self.to_call, self.pot),
                        _("Your call goes into the pot too: you risk {to_call} to win a pot "
                          "of {pot} + {to_call}.", pot=self.pot, to_call=self.to_call)),
                Mistake("odds against", Fraction(self.pot, self.pot + self.to_call),
                        _("That is the share the call does **not** need."))]

    def hints(self):
        return [_("Breaking even: equity × (pot + call) = call.")]

    def explain(self):
        share = f"$\\frac{{{self.to_call}}}{{{self.pot + self.to_call}}}" + (
            f" = {tex(self.expected())}$" if self.expected().denominator
            != self.pot + self.to_call else "$")
        return _("Calling {to_call} into {pot} breaks even when equity × ({pot} + {to_call}) = "
                 "{to_call}: {share}.", to_call=self.to_call, pot=self.pot, share=share)


# -- 10. call or fold -------------------------------------------------------------------------
class CallOrFold(_Showdown):
    title = _l("Call or fold?")
    kind = Choice({"call": ("c", "suivre"), "fold": ("f", "se coucher", "passe", "passer")},
                  labels={"call": lambda: _p("answer", "call"),
                          "fold": lambda: _p("answer", "fold")})

    def setup(self, rng):
        for _attempt in range(100):  # never exactly break-even: then both answers are right
            super().setup(rng)
            self.pot = int(rng.integers(4, 21))
            self.to_call = int(rng.integers(1, 16))
            if len(set(self.numbers())) == 2:
                return

    def statement(self):
        return _("Your peeker shows **{mine}**; the common dice are **{common}**. One opponent "
                 "is left; there are **{pot}** points in the middle and calling costs "
                 "**{to_call}**. {rules} {split} Treating the opponent's dice as unknown and "
                 "random (their bet is not read) and counting only this call (nobody bets "
                 "after it), should you {call} or {fold}?", mine=dice(self.mine),
                 common=dice(self.common), pot=self.pot, to_call=self.to_call,
                 rules=hand_rules(), split=SPLIT, call=f"`{self.kind.show('call')}`",
                 fold=f"`{self.kind.show('fold')}`")

    def numbers(self):
        return self.odds().equity, pot_odds(self.to_call, self.pot)

    def expected(self):
        eq, needed = self.numbers()
        return "call" if eq >= needed else "fold"

    def mistakes(self):
        eq, needed = self.numbers()
        other = "fold" if self.expected() == "call" else "call"
        return [Mistake("pot odds", other, _("Compare your equity {equity} with the share the "
                                             "call needs, {needed}.", equity=fmt(eq),
                                             needed=fmt(needed)))]

    def hints(self):
        return [_("Compute your equity against one unknown hand (ties split)."),
                _("The call needs to_call / (pot + to_call) of the final pot.")]

    def explain(self):
        eq, needed = self.numbers()
        sign = "\\ge" if eq >= needed else "<"
        return _("Equity {equity} {sign} pot odds {needed}: **{answer}**.",
                 equity=f"${tex(eq)} \\approx {num(float(eq), '.3f')}$", sign=f"${sign}$",
                 needed=f"$\\frac{{{self.to_call}}}{{{self.pot + self.to_call}}} \\approx "
                 f"{num(float(needed), '.3f')}$", answer=self.kind.word(self.expected()))


# -- 11. simulation ---------------------------------------------------------------------------
class Simulation(Question):
    title = _l("Simulate it")
    kind = Estimate()
    deals = 20_000

    def setup(self, rng):
        self.mine = roll(rng)

    def statement(self):
        return _("Estimate by simulation the probability that your peeker **{mine}** beats one "
                 "opponent outright **before** the common roll: deal the 3 common dice and the "
                 "opponent's 3 dice at random {deals} times, and count how often your best 5 of 6 "
                 "beats theirs (a tie does not count). {rules} {draws} Your estimate is accepted "
                 "within {tolerance} of the exact value (over four standard errors).",
                 mine=dice(self.mine), deals=num(self.deals, ","), rules=hand_rules(),
                 draws=SEEDED_DRAWS, tolerance=float(self.kind.tolerance))

    def expected(self):
        return equity(self.mine, None, 1).p_win

    def mistakes(self):
        e = equity(self.mine, None, 1)
        return [Mistake("ties counted", e.p_win + e.p_tie, _("Count the deals you **beat** "
                          "the opponent; ties are not wins."))]

    def hints(self):
        return [_("`from bluffkit.games.poker_dice import best_hand`; `best_hand(dice).key` "
                  "compares two hands of six dice."),
                _("{roll} rolls six dice per deal, as lists.",
                  roll="`as_list(rng.choice([9, 10, 11, 12, 13, 14], size=(deals, 6)))`")]

    def simulate(self, seed: int | None = None) -> float:
        """The simulation the solution shows (a float: an estimate, not an exact value)."""
        rng = make_rng(self.seed if seed is None else seed)
        rolls = rng.choice(FACES, size=(self.deals, 6))
        wins = 0
        for row in as_list(rolls):
            common, theirs = tuple(row[:3]), tuple(row[3:])
            wins += best_hand(self.mine + common).key > best_hand(theirs + common).key
        return wins / self.deals

    def explain(self):
        p = self.expected()
        sd = standard_error(p, self.deals)
        return (f"```python\nfrom bluffkit.core import as_list, make_rng\n"
                "from bluffkit.games.poker_dice import best_hand\n\n"
                f"rng = make_rng({self.seed})\n"
                f"mine = {self.mine}\n"
                f"rolls = as_list(rng.choice([9, 10, 11, 12, 13, 14], size=({self.deals}, 6)))\n"
                "wins = sum(best_hand(mine + tuple(r[:3])).key > "
                "best_hand(tuple(r[3:]) + tuple(r[:3])).key for r in rolls)\n"
                f"wins / {self.deals}\n```\n\n"
                + _("gives {estimate}. The exact value, counting all {deals} deals, is {exact}; "
                    "the standard error is about {sd}.", estimate=num(self.simulate(), ".4f"),
                    deals="$6^6$", exact=fmt(p), sd=num(sd, ".4f")))
