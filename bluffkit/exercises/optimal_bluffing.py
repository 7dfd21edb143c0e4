"""Exercises on optimal bluffing, easiest first: equilibria, exploitability, indifference, best
responses, and reading the exactly solved 1-vs-1 Bluff round.

Every expected answer and likely mistake is computed when the student checks, exactly: by
``bluffkit.solvers.small_games`` and the LP solver ``bluffkit.solvers.lp`` (rock-paper-scissors
variants, the one-card bluffing game, Kuhn poker), and for Bluff's 1-vs-1 round from its exact
solution (``bluffkit.solvers.bluff.exact``: the value, one exact equilibrium, and the range of each
quantity over all equilibria, by linear programming). The round's equilibria are not unique:
a question about the round asks only what every equilibrium shares, or accepts any value that an
exact equilibrium gives (``ranged.InRange``), and never reads what follows a bid that some
equilibrium does not make.

>>> q = BluffingFrequency(seed=3)
>>> q.check(q.expected()).correct
True
>>> all(q.check(m.value).mistake == m.name for m in q.likely_mistakes())
True
"""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np

from ..core.i18n import _, _l, _n, _p
from ..games.bluff import Bid
from ..solvers.bluff.exact import true_faces
from ..solvers.small_games import (
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
from .answers import Number
from .core import Mistake, Question, fmt, tex
from .ranged import InRange, KeptApart, Ranged, ends

NOTEBOOK = "06_optimal_bluffing.ipynb"
"""The exercise notebook's file name in ``exercises/``."""


# -- the 1-vs-1 round of Bluff, solved exactly ---------------------------------------------------
def _round():
    from ..solvers.bluff.exact import exact_round

    return exact_round()


class _Exact(KeptApart, Question):
    """A question about the exactly solved 1-vs-1 round: one right answer, or the range of the
    answers of all its equilibria (``Ranged``)."""

    kind = InRange()

    def _correct_note(self, given, expected) -> str:
        low, high = ends(expected)
        if low == high:
            return _("Every equilibrium of the round gives exactly {value}.",
                     value=Number().show(low))
        return _("Any value from {low} to {high} is an equilibrium answer: each is what some "
                 "exact equilibrium of the round gives (bluffkit computed the range over all "
                 "equilibria by linear programming, each end proved).",
                 low=Number().show(low), high=Number().show(high))


@functools.cache
def _kuhn():
    """Kuhn poker's sequence form, built once (it is the same for every student)."""
    return kuhn_game()


def _pick(rng: np.random.Generator, options):
    return options[int(rng.integers(len(options)))]


def _chips(n: int) -> str:
    return _n("{n} chip", "{n} chips", n)


def _die(face: int) -> str:
    return "★" if face == 6 else str(face)


def _action_word(action: str) -> str:
    """A stored action (``challenge``, ``1x3``) in the language."""
    return _("challenge") if action == "challenge" else _bid(action)


def _bid(text: str) -> str:
    """``1x5`` as the statements write it: ``1 × 5`` (``1 × ★``)."""
    b = Bid.parse(text)
    return f"{b.count} × {_die(b.face)}"


HOW_TO_READ = _l("In Python: `from bluffkit.solvers.bluff.exact import exact_round`, then "
                 "`exact_round().strategy([\"1x3\"], 4)` gives one exact equilibrium's "
                 "probabilities (fractions) after the bids `[\"1x3\"]` for a player holding a 4 "
                 "(the star is 6). `notebooks/06_optimal_bluffing.ipynb` shows the round's "
                 "equilibria.")

MANY = _l("This round has more than one equilibrium, and they need not agree here: any value "
          "that an exact equilibrium gives is accepted.")

ONE_V_ONE = _l("**The 1-vs-1 round of Bluff**: two players with one die each (faces 1-5 and a "
               "star ★, wild for digit bids). The opener bids first; bids climb the ladder 1 × 1, "
               "1 × 2, ... 1 × 5, 1 × ★, 2 × 1, ..., 2 × ★; each player in turn raises or "
               "challenges, and whoever loses the challenge loses their die, and the game.")


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
        self.mix = _pick(rng, MIXES)

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


# -- 4. reading the solved table --------------------------------------------------------------
class ReadTheTable(_Exact):
    title = _l("Reading the equilibrium")

    def setup(self, rng):
        # an opening every equilibrium makes, and a die below the bid's face: a higher one can
        # raise to its own face, true whatever the opener holds, so it never challenges
        r = _round()
        self.bid, self.roll = _pick(rng, [(b, d) for b in r.opened
                                          for d in range(1, Bid.parse(b).face)])

    def statement(self):
        return (f"{ONE_V_ONE}\n\n" + _(
            "The opener bids **{bid}**. You hold a **{roll}**, so your own die does not support "
            "that bid. In equilibrium, how often do you **challenge**?", bid=_bid(self.bid),
            roll=_die(self.roll)) + f" {MANY}\n\n{HOW_TO_READ}")

    def expected(self):
        r = _round()
        return Ranged(r.strategy([self.bid], self.roll).get("challenge", 0),
                      *r.challenge[self.bid][self.roll])

    def mistakes(self):
        r = _round()
        true = Fraction(len(true_faces(self.bid)), 6)
        return [Mistake("raise instead", self.expected().map(lambda f: 1 - f),
                        _("That is how often the equilibrium **raises** (all bids together); the "
                          "question asks for the challenge.")),
                Mistake("probability view", 1 - true,
                        _("{p} is the chance that the opener's die does not make {bid} true if "
                          "you ignore the bid. The equilibrium is a strategy, not a "
                          "probability: read its challenge frequency.", p=f"${tex(1 - true)}$",
                          bid=_bid(self.bid))),
                Mistake("bid false after reading it",
                        Ranged(1 - _truth_point(self.bid), 1 - r.truth[self.bid][1],
                               1 - r.truth[self.bid][0]),
                        _("That is how likely the bid is false once you know the equilibrium "
                          "opener made it. How often to challenge is a strategy: it also keeps "
                          "the opener from bluffing more."))]

    def hints(self):
        return [_("The actions after {bid} are the higher bids and 'challenge'; their "
                  "frequencies add up to 1.", bid=_bid(self.bid)),
                _("Your case: {code} (the bids so far, then your die) gives every action's "
                  "frequency in one exact equilibrium; read 'challenge'.",
                  code=f"`exact_round().strategy([\"{self.bid}\"], {self.roll})`")]

    def explain(self):
        mixed = ", ".join(f"{_action_word(a)} ${tex(p)}$" for a, p in
                          _round().strategy([self.bid], self.roll).items())
        low, high = ends(self.expected())
        spread = (_("Every equilibrium challenges exactly this often here.") if low == high else
                  _("Other equilibria challenge anywhere from {low} to {high} of the time here: "
                    "the round's equilibria differ at this decision (bluffkit computed the range "
                    "over all of them by linear programming).", low=f"${tex(low)}$",
                    high=f"${tex(high)}$"))
        return _("After {bid}, holding a {roll}, bluffkit's exact equilibrium plays: {mixed}.",
                 bid=_bid(self.bid), roll=_die(self.roll), mixed=mixed) + " " + spread


# -- 5. the value of going first --------------------------------------------------------------
class GoingFirst(KeptApart, Question):
    title = _l("Is it good to go first?")

    def setup(self, rng):
        self.opener = bool(rng.random() < 0.5)

    def who(self) -> str:
        return _("the **opener** (who bids first)") if self.opener else _("the **second player**")

    def statement(self):
        return f"{ONE_V_ONE}\n\n" + _(
            "If both play an equilibrium, what is the probability that {who} wins? (Every "
            "equilibrium of the round gives the same chances: this one has a single answer.)",
            who=self.who())

    def expected(self):
        p = _round().opener_wins
        return p if self.opener else 1 - p

    def mistakes(self):
        v = _round().value
        return [Mistake("fair game", Fraction(1, 2),
                        _("A symmetric-looking game need not be fair: the equilibrium value of "
                          "the round is not 0.")),
                Mistake("value, not probability", v if self.opener else -v,
                        _("That is the game's **value** in ±1 units (win +1, lose −1). A "
                          "probability of winning is (1 + value)/2.")),
                Mistake("other player", 1 - self.expected(),
                        _("That is the other player's chance."))]

    def hints(self):
        return [_("`exact_round().value` is the round's value to the opener in ±1 units (from "
                  "`bluffkit.solvers.bluff.exact`)."),
                _("A value v in ±1 units means winning with probability (1 + v)/2.")]

    def explain(self):
        v = _round().value
        return _("The opener's equilibrium value is exactly {v} (linear programming over the "
                 "whole round, the same value as OpenSpiel's liar's dice with one die each): "
                 "going first is a small **disadvantage**, because the first bid gives "
                 "information away. The opener wins with probability {p}.",
                 v=f"$v = {tex(v)}$", p=f"$(1 + v)/2 = {tex((1 + v) / 2)}$")


# -- 6. Bayes: is the opener's bid true? ------------------------------------------------------
def _truth_point(bid: str) -> Fraction:
    """P(the opener's die makes ``bid`` true | they opened it) in bluffkit's exact equilibrium."""
    bids = {face: _round().strategy([], face).get(bid, 0) for face in range(1, 7)}
    return sum(bids[f] for f in true_faces(bid)) / sum(bids.values())


class OpenerTellsTheTruth(_Exact):
    title = _l("Does the opener tell the truth?")

    def setup(self, rng):
        self.bid = _pick(rng, _round().opened)  # a bid every equilibrium opens

    def statement(self):
        return (f"{ONE_V_ONE}\n\n" + _(
            "The opener, playing an equilibrium, bids **{bid}**. Before you look at your own "
            "die: what is the probability that the opener's die makes the bid true (shows "
            "{face} or a star)?", bid=_bid(self.bid), face=_die(Bid.parse(self.bid).face))
            + f" {MANY}\n\n{HOW_TO_READ}")

    def _opening(self) -> dict[int, Fraction]:
        return {face: _round().strategy([], face).get(self.bid, Fraction(0))
                for face in range(1, 7)}

    def expected(self):
        return Ranged(_truth_point(self.bid), *_round().truth[self.bid])

    def mistakes(self):
        true = true_faces(self.bid)
        like = _round().likelihood[self.bid]
        point = sum(self._opening()[f] for f in true) / len(true)
        return [Mistake("prior", Fraction(len(true), 6),
                        _("{p} is the chance before the bid. The bid is evidence: rolls that make "
                          "it true bid it more often. Use Bayes' rule.",
                          p=f"${tex(Fraction(len(true), 6))}$")),
                Mistake("likelihood", Ranged(point, *like),
                        _("That is P(bid | true), how often a true roll bids it. Bayes' rule "
                          "turns it around: P(true | bid) = P(bid | true) P(true) / P(bid)."))]

    def hints(self):
        return [_("Each of the six rolls has probability 1/6; the equilibrium opens with {bid} "
                  "at a different frequency for each roll.", bid=_bid(self.bid)),
                _("P(true | bid) = sum over true rolls of P(roll) P(bid | roll), divided by the "
                  "same sum over all six rolls.")]

    def explain(self):
        bids = self._opening()
        rows = ", ".join(_("{roll}: {p}", roll=_die(f), p=f"${tex(p)}$") for f, p in bids.items())
        true, bid = _("true"), _("bid")
        top = " + ".join(tex(bids[f]) for f in true_faces(self.bid))
        p = (f"$P(\\text{{{true}}} \\mid \\text{{{bid}}}) = ({top}) / {tex(sum(bids.values()))} "
             f"= {tex(_truth_point(self.bid))}$")
        low, high = ends(self.expected())
        spread = (_("Every equilibrium gives this same answer.") if low == high else
                  _("Other equilibria open a little differently: over all of them the answer "
                    "runs from {low} to {high}.", low=f"${tex(low)}$", high=f"${tex(high)}$"))
        return _("bluffkit's exact equilibrium opens with {bid} with these frequencies per roll: "
                 "{rows}. The rolls making it true are {faces}, so {p} (the 1/6 cancels).",
                 bid=_bid(self.bid), rows=rows, p=p,
                 faces=", ".join(_die(f) for f in true_faces(self.bid))) + " " + spread


# -- 7. a best response in Kuhn poker ---------------------------------------------------------
class KuhnBestResponse(KeptApart, Question):
    title = _l("Exploiting a Kuhn poker player")

    def setup(self, rng):
        self.bet = {"J": _pick(rng, [Fraction(0), Fraction(1, 3), Fraction(1, 2)]),
                    "Q": _pick(rng, [Fraction(0), Fraction(1, 2), Fraction(1)]),
                    "K": Fraction(1)}
        self.call = {"J": Fraction(0), "Q": _pick(rng, [Fraction(0), Fraction(1, 2),
                                                        Fraction(1)]),
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
                values = {a: _kuhn_earn(plan, card, others, where, a) for a in acts}
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


def _kuhn_earn(plan: dict, card: str, others: list[str], where: str, action: str) -> Fraction:
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


INTRO = _l("""\
# Exercises: optimal bluffing

Probabilities tell you how likely a bid is; **game theory** tells you how to play against an
opponent who thinks too. An **equilibrium** is a pair of strategies where neither player can
gain by changing theirs; in games with hidden information it *mixes*: it bluffs, and calls
bluffs, at precise frequencies. The **exploitability** of a strategy measures how far it is from
an equilibrium: what a perfect opponent would win against it.

These exercises go from rock-paper-scissors to Bluff. Every game here is solved **exactly**
(fractions), the 1-vs-1 round of Bluff too (by linear programming; bluffkit ships the solution).
That round has many equilibria: where they differ, any value that an exact equilibrium gives is
accepted, and the feedback says the range.
""")

OUTRO = _l("""\
## Going further

`notebooks/06_optimal_bluffing.ipynb` shows Kuhn poker's equilibrium, the solved 1-vs-1 Bluff
strategy as tables and plots, exploitability falling with CFR iterations, and the match-win
table. `bluffkit solve bluff --dice 2,1` solves the 2-against-1 round (a few minutes), and the
advice then shows its equilibrium too.
""")

QUESTIONS = [Exploitability, WeightedRPS, BluffingFrequency, ReadTheTable, GoingFirst,
             OpenerTellsTheTruth, KuhnBestResponse]
"""Optimal-bluffing questions, easiest first (``catalogue("optimal-bluffing")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS",
           *(q.__name__ for q in QUESTIONS)]
