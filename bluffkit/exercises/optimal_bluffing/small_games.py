"""The optimal-bluffing questions on small games solved exactly: exploitability in
rock-paper-scissors, rock-paper-scissors with prizes, the bluffing frequency of the one-card game,
and a best response in Kuhn poker."""

from __future__ import annotations

import functools
from fractions import Fraction

from ...core import choice
from ...core.i18n import _, _l, _n, _p
from ...solvers.small_games import (
    CARDS,
    best_response_payoff,
    bluffing_matrix,
    kuhn_behaviour,
    kuhn_game,
    profile_exploitability,
    realization_plan,
    rps_matrix,
    solve_matrix,
)
from ..core import Mistake, Question, fmt, tex
from ..ranged import KeptApart


@functools.cache
def _kuhn():
    """Kuhn poker's sequence form, built once (it is the same for every student)."""
    return kuhn_game()


def _chips(n: int) -> str:
    return _n("{n} chip", "{n} chips", n)


# -- 1. exploitability ------------------------------------------------------------------------
MIXES = [(Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)),
         (Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)),
         (Fraction(2, 5), Fraction(2, 5), Fraction(1, 5)),
         (Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)),
         (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)),
         (Fraction(3, 5), Fraction(1, 5), Fraction(1, 5))]


class Exploitability(KeptApart, Question):
    title = _l("How exploitable is a strategy?")

    def setup(self, rng):
        self.mix = choice(MIXES, rng)

    def statement(self):
        r, p, s = (tex(v) for v in self.mix)
        return (_("In rock-paper-scissors (a win pays 1, a loss costs 1, a tie is 0) **both** "
                  "players play rock with probability {r}, paper {p} and scissors {s}.",
                  r=f"${r}$", p=f"${p}$", s=f"${s}$") + "\n\n"
                + _("The **exploitability** of a pair of strategies is the average of what each "
                    "player would earn by switching to a *best response* against the other one: "
                    "{formula}. It is 0 exactly at an equilibrium. What is it here?",
                    formula="$(BR_0 + BR_1)/2$"))

    def expected(self):
        return profile_exploitability(rps_matrix(1, 1, 1), self.mix, self.mix)

    def mistakes(self):
        e = self.expected()
        return [Mistake("not halved", 2 * e,
                        _("That is $BR_0 + BR_1$, the sum of both best responses; the "
                          "exploitability (the convention of CFR solvers and OpenSpiel) is their "
                          "average.")),
                Mistake("the profile's own value", Fraction(0),
                        _("0 is what the strategies earn against each other (the game is "
                          "symmetric). The question is what a best response would earn instead.")),
                Mistake("best action's probability", max(self.mix),
                        _("That is a probability of the mix; a best response is judged by what it "
                          "*earns*: for each pure action, its expected payoff against the mix."))]

    def hints(self):
        return [_("Against the mix, rock earns P(scissors) − P(paper); write the same for paper "
                  "and scissors."),
                _("A best response earns the largest of those three numbers. By symmetry the "
                  "other player's best response earns the same.")]

    def explain(self):
        r, p, s = self.mix
        earn = {_("rock"): s - p, _("paper"): r - s, _("scissors"): p - r}
        rows = ", ".join(f"{k} ${tex(v)}$" for k, v in earn.items())
        best = max(earn.values())
        return _("Against the mix each pure action earns: {rows}. A best response earns the "
                 "largest, {best}, for each player (the game is symmetric), so the "
                 "exploitability is {formula}.", rows=rows, best=f"${tex(best)}$",
                 formula=f"$({tex(best)} + {tex(best)})/2 = {tex(best)}$")


# -- 2. rock-paper-scissors with prizes -------------------------------------------------------
class WeightedRPS(KeptApart, Question):
    title = _l("Rock-paper-scissors with prizes")

    def setup(self, rng):
        while True:
            self.wins = tuple(int(v) for v in rng.integers(1, 5, size=3))
            if len(set(self.wins)) > 1:
                return

    def statement(self):
        r, p, s = self.wins
        return _("A variant of rock-paper-scissors: winning with **rock** pays {r}, winning with "
                 "**paper** pays {p}, winning with **scissors** pays {s} (the loser pays the "
                 "winner; a tie is 0). In the equilibrium, with what probability do you play "
                 "**rock**?", r=r, p=p, s=s)

    def expected(self):
        return solve_matrix(rps_matrix(*self.wins)).row[0]

    def mistakes(self):
        r, p, s = self.wins
        return [Mistake("own prize", Fraction(r, r + p + s),
                        _("Playing rock in proportion to rock's own prize is the tempting guess, "
                          "but an equilibrium makes the **opponent** indifferent: write their "
                          "payoff for each of their choices against your mix.")),
                Mistake("ordinary RPS", Fraction(1, 3),
                        _("1/3 is the equilibrium of ordinary rock-paper-scissors, where every "
                          "win pays the same."))]

    def hints(self):
        return [_("At an equilibrium the opponent gets the same payoff from rock, paper and "
                  "scissors (otherwise they would play only the best one)."),
                _("If you play (x, y, z), the opponent's rock earns r·z − p·y... write all three "
                  "and set them equal (the game is fair, so each is 0).")]

    def explain(self):
        r, p, s = self.wins
        rock = _("rock")
        answer = (f"$P(\\text{{{rock}}}) = \\frac{{{s}}}{{{r + p + s}}}"
                  + ("" if Fraction(s, r + p + s).denominator == r + p + s else
                     f" = {tex(self.expected())}") + "$")
        return _("Let your mix be rock {x}, paper {y}, scissors {z}. The opponent's rock beats "
                 "your scissors and loses to your paper: it earns {rock}. Their paper earns "
                 "{paper}, their scissors {scissors}. In equilibrium all three are 0, so {ratio}: "
                 "rock is played in proportion to what **scissors** wins. {answer} (checked by "
                 "bluffkit's exact LP solver).", x="$x$", y="$y$", z="$z$", rock=f"${r}z - {p}y$",
                 paper=f"${p}x - {s}z$", scissors=f"${s}y - {r}x$",
                 ratio=f"$x : y : z = {s} : {r} : {p}$", answer=answer)


# -- 3. bluffing frequency --------------------------------------------------------------------
class BluffingFrequency(KeptApart, Question):
    title = _l("How often to bluff")

    def setup(self, rng):
        self.pot = int(rng.integers(1, 7))
        self.bet = int(rng.integers(1, 5))

    def statement(self):
        return (_n("A one-card bluffing game. There is {n} chip in the pot.",
                   "A one-card bluffing game. There are {n} chips in the pot.", self.pot) + " "
                + _("The bettor holds a winning or a losing card, 1/2 each, and may bet {bet}; "
                    "with the winning card they always bet. The caller, who cannot see the card, "
                    "calls (adds {bet}; the better card takes everything) or folds (the bettor "
                    "takes the pot).", bet=_chips(self.bet)) + "\n\n"
                + _("With a **losing** card, how often should the bettor bet anyway (bluff) in "
                    "equilibrium?"))

    def game(self):
        return solve_matrix(bluffing_matrix(self.pot, self.bet))

    def expected(self):
        return self.game().row[0]

    def mistakes(self):
        p, b = self.pot, self.bet
        return [Mistake("bluffs among bets", Fraction(b, p + 2 * b),
                        _("That is the share of all **bets** that are bluffs. The question asks "
                          "how often a losing card bets: count bluffs per losing card, not per "
                          "bet.")),
                Mistake("calling frequency", Fraction(p, p + b),
                        _("That is how often the **caller** calls in equilibrium (it makes the "
                          "bettor indifferent). The bluffing frequency makes the *caller* "
                          "indifferent."))]

    def hints(self):
        return [_("In equilibrium the caller must be indifferent between calling and folding; "
                  "otherwise they would always do the better one and the bettor could exploit it."),
                _("Per losing card the bettor bluffs with probability β. Compare what calling "
                  "instead of folding gains against a bluff ({pot} + {bet}) and loses against a "
                  "winning card ({bet}).", pot=self.pot, bet=self.bet)]

    def explain(self):
        p, b = self.pot, self.bet
        return _("Calling instead of folding gains the pot and the bet, {gain}, against a bluff "
                 "and loses the bet, {loss}, against the winning card. The winning card always "
                 "bets; the losing card bluffs with probability {beta}. The caller is indifferent "
                 "when {equation}, so {answer}: bet over pot plus bet. (bluffkit's exact LP "
                 "solution of the game agrees; the caller calls {calls} of the time, the game is "
                 "worth {value} chips to the bettor.)", gain=f"${p} + {b}$", loss=f"${b}$",
                 beta="$β$", equation=f"$β \\cdot ({p} + {b}) = 1 \\cdot {b}$",
                 answer=f"$β = \\frac{{{b}}}{{{p + b}}}$", calls=f"${tex(self.game().col[0])}$",
                 value=f"${tex(self.game().value)}$")



# -- 7. a best response in Kuhn poker ---------------------------------------------------------
class KuhnBestResponse(KeptApart, Question):
    title = _l("Exploiting a Kuhn poker player")

    def setup(self, rng):
        self.bet = {"J": choice([Fraction(0), Fraction(1, 3), Fraction(1, 2)], rng),
                    "Q": choice([Fraction(0), Fraction(1, 2), Fraction(1)], rng),
                    "K": Fraction(1)}
        self.call = {"J": Fraction(0), "Q": choice([Fraction(0), Fraction(1, 2),
                                                        Fraction(1)], rng),
                     "K": Fraction(1)}

    def statement(self):
        def often(p):
            if p in (0, 1):
                return _("never") if p == 0 else _("always")
            return _("with probability {p}", p=f"${tex(p)}$")

        bets = ", ".join(f"{c} {often(self.bet[c])}" for c in CARDS)
        calls = ", ".join(f"{c} {often(self.call[c])}" for c in CARDS)
        return (_("**Kuhn poker**: three cards J < Q < K, one each to players 0 and 1, both ante 1 "
                  "chip. Player 0 checks or bets 1; facing a bet, player 1 calls or folds. After a "
                  "check, player 1 checks (showdown for the antes) or bets 1, and player 0 calls "
                  "or folds. The higher card wins a showdown.") + "\n\n"
                + _("Player 0 bets first holding {bets}. After checking and facing a bet, player 0 "
                    "calls holding {calls}.", bets=bets, calls=calls) + "\n\n"
                + _("What does player 1 win per hand on average with a **best response** to this "
                    "strategy? (An exact fraction.)"))

    def behaviour(self):
        return kuhn_behaviour(self.bet, self.call)

    def expected(self):
        return best_response_payoff(_kuhn(), 1, self.behaviour())

    def mistakes(self):
        e = self.expected()
        return [Mistake("player 0's side", -e,
                        _("That is player 0's result against the best response; the question "
                          "asks for player 1's.")),
                Mistake("equilibrium value", Fraction(1, 18),
                        _("1/18 is what player 1 earns when **both** play the equilibrium. Against "
                          "this strategy a best response earns more.")),
                Mistake("deals not weighted", 6 * e,
                        _("Each of the 6 deals has probability 1/6: you added the deals "
                          "without weighting them."))]

    def hints(self):
        return [_("Player 1 has six separate decisions: for each card, facing a bet (call or "
                  "fold) and after a check (bet or check). Choose each one on its own."),
                _("For a decision, weigh each card player 0 may hold by 1/2 (the two cards left) "
                  "times the probability that player 0's strategy leads there with that card."),
                _("Then add over the 6 deals, each with probability 1/6 (or: over player 1's "
                  "three cards, 1/3 each).")]

    def explain(self):
        plan = realization_plan(_kuhn(), 0, self.behaviour())
        lines = [_("Player 1's decisions, each chosen to earn the most (payoffs per hand, "
                   "weighted by the chance of the deal and of player 0's moves):"), ""]
        words = {"fold": _p("infinitive", "fold"), "call": _p("infinitive", "call"),
                 "check": _p("infinitive", "check"), "bet": _p("infinitive", "bet")}
        for card in CARDS:
            others = [c for c in CARDS if c != card]
            for where, acts in (("bet", ("fold", "call")), ("check", ("check", "bet"))):
                values = {a: kuhn_earn(plan, card, others, where, a) for a in acts}
                best = max(values, key=values.get)
                shown = ", ".join(f"{words[a]} ${tex(v)}$" for a, v in values.items())
                head = (_("holding {card}, after player 0's bet", card=card) if where == "bet"
                        else _("holding {card}, after player 0's check", card=card))
                lines.append("- " + _("{where}: {choices} → {best}", where=head, choices=shown,
                                      best=f"**{words[best]}**"))
        lines.append("")
        lines.append(_("Adding the best of each: {value} per hand ({decimal}), checked by "
                       "bluffkit's exact best response.", value=f"${tex(self.expected())}$",
                       decimal=fmt(self.expected())))
        return "\n".join(lines)


def kuhn_earn(plan: dict, card: str, others: list[str], where: str, action: str) -> Fraction:
    """Player 1's payoff from one decision (holding ``card``, after player 0's ``where``),
    weighted by the deal (1/6 each) and player 0's reach, with player 0's later call."""
    total = Fraction(0)
    for other in others:
        win = 1 if CARDS.index(card) > CARDS.index(other) else -1  # for player 1
        weight = Fraction(1, 6)
        if where == "bet":
            reach = plan[(("open", other), "bet")]
            total += weight * reach * (-1 if action == "fold" else 2 * win)
        else:
            reach = plan[(("open", other), "check")]
            if action == "check":
                total += weight * reach * win
            else:
                call = plan[(("check-bet", other), "call")]
                fold = plan[(("check-bet", other), "fold")]
                total += weight * (fold * 1 + call * 2 * win)
    return total



__all__ = ["BluffingFrequency", "Exploitability", "KuhnBestResponse", "WeightedRPS",
           "kuhn_earn"]
