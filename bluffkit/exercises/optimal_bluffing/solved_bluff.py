"""The optimal-bluffing questions on the 1-vs-1 round of Bluff, solved exactly
(``bluffkit.solvers.bluff.exact``): reading the equilibrium, the value of going first, and Bayes
on the opener's bid. The round's equilibria are not unique: a question asks only what every
equilibrium shares, or accepts any value that an exact equilibrium gives (``ranged.InRange``)."""

from __future__ import annotations

from fractions import Fraction

from ...core import choice
from ...core.i18n import _, _l
from ...games.bluff import Bid
from ...solvers.bluff.exact import true_faces
from ..answers import Number
from ..core import Mistake, Question, tex
from ..ranged import InRange, KeptApart, Ranged, ends


# -- the 1-vs-1 round of Bluff, solved exactly ---------------------------------------------------
def _round():
    from ...solvers.bluff.exact import exact_round

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


# -- 4. reading the solved table --------------------------------------------------------------
class ReadTheTable(_Exact):
    title = _l("Reading the equilibrium")

    def setup(self, rng):
        # an opening every equilibrium makes, and a die below the bid's face: a higher one can
        # raise to its own face, true whatever the opener holds, so it never challenges
        r = _round()
        self.bid, self.roll = choice([(b, d) for b in r.opened
                                          for d in range(1, Bid.parse(b).face)], rng)

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
        self.bid = choice(_round().opened, rng)  # a bid every equilibrium opens

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


__all__ = ["GoingFirst", "OpenerTellsTheTruth", "ReadTheTable"]
