"""The equilibrium of one Bluff You turn, exact (solved by ``solvers.lp``).

The turn game: chance rolls three dice; the bluffer sees them and picks one move: announce a
centre token for a **gain**, announce one of a target's tokens for a **steal** (if both hold
tokens), or a **doublet** swap (two equal dice and a swap available). The guesser (for a steal: the
target) hears the move, not the dice, and says OK or Bluff you; they are right when they believe a
true announcement or doubt a false one. The choice of move is part of the equilibrium, so the
guesser reads exactly as much into "a steal" as the equilibrium bluffer puts into it.

**Payoff (a decision of this toolkit)**: the change in (bluffer's points - the guesser's points).
Gain of a token worth ``v``: ``+v`` if the guesser is wrong, ``-v`` if right. Steal of a token
worth ``v``: ``+2v`` if the guesser is wrong (the token changes hands), ``-2w`` if right, ``w``
being the points of the bluffer's cheapest token (the one a bluffer playing for points gives).
A doublet swap keeps the bluffer's points (equal totals, by rule): ``0``. The other players are one
side ("the table"); later turns are left out.

Sums that no move can announce truthfully play alike, so the solver merges them into one type.

>>> eq = solve_turn(TurnGame(centre=(9, 10, 11, 12, 13, 14)))
>>> eq.value, eq.believe[("gain", 10)]
(Fraction(0, 1), Fraction(1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...core import InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _
from ...games.bluff_you import POINTS, is_doublet, player_name, roll_weights
from ...odds.bluff_you import read_tokens
from ...solvers.lp import SequenceForm, solve_sequence_form
from .fast_turn import fast_equilibrium

OTHER = 0
"""The merged sum of every roll that no move can announce truthfully."""
CALLS = ("ok", "bluff you")
DOUBLET = ("doublet",)


def move_text(move: tuple, names=None) -> str:
    """``("gain", 11)`` -> ``"gain 11"``, ``("steal", 2, 5)`` -> ``"steal 5 from P2"`` (or from
    ``names[2]``)."""
    if move[0] == "gain":
        return _("gain {number}", number=move[1])
    if move[0] == "steal":
        return _("steal {number} from {player}", number=move[2],
                 player=player_name(move[1], names, subject=False))
    return _("doublet")


@dataclass(frozen=True)
class TurnGame:
    """One turn as a two-player zero-sum game (bluffer against the table).

    Args:
        centre: centre tokens (a gain announces one of them).
        targets: ``(player, tokens)`` for each other player the bluffer may steal from.
        give_points: points of the bluffer's cheapest token (needed when there are targets).
        doublet: whether a doublet roll would allow a swap (the bluffer holds a swap).
    """

    centre: tuple[int, ...] = ()
    targets: tuple[tuple[int, tuple[int, ...]], ...] = ()
    give_points: int | None = None
    doublet: bool = False

    def __post_init__(self):
        centre = read_tokens(self.centre, "centre")
        try:
            pairs = [(p, t) for p, t in self.targets]
        except (TypeError, ValueError):
            raise InvalidQuestion(_("targets must be (player, tokens) pairs, got {targets}",
                                    targets=repr(self.targets))) from None
        seats = [p for p, _tokens in pairs]
        if any(not is_whole(p) for p in seats) or len(
                set(seats)) != len(seats):
            raise InvalidQuestion(_("targets: each player (a whole number) at most once, got "
                                    "{seats}", seats=repr(seats)))
        targets = tuple(sorted((p, hand) for p, t in pairs
                               if (hand := read_tokens(t, f"targets[{p}]"))))
        every = list(centre) + [t for _player, hand in targets for t in hand]
        if len(set(every)) != len(every):  # one token announced two ways made a wrong game
            raise InvalidQuestion(_("each token is in one place only: the centre {list} and the "
                                    "targets' hands {dict} share a token",
                                    list=list(centre), dict=dict(targets)))
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "targets", targets)
        if not centre and not targets:
            raise InvalidQuestion(_("a turn needs a centre token to announce or a player to rob"))
        if targets and (isinstance(self.give_points, bool) or self.give_points not in range(1, 6)):
            raise InvalidQuestion(_("a steal needs give_points, the points (1-5) of the bluffer's "
                                    "cheapest token, got {give_points}",
                                    give_points=repr(self.give_points)))
        if not isinstance(self.doublet, bool):
            raise InvalidQuestion(_("doublet must be True or False, got {doublet}",
                                    doublet=repr(self.doublet)))

    def key(self) -> tuple:
        """What the equilibrium depends on: ``(centre, tokens that may be stolen, give_points,
        doublet)``. Who holds a token that may be stolen does not matter (the payoffs name no
        player), so turns with the same key have the same equilibrium, the steals relabelled."""
        stealable = tuple(sorted(a for _player, tokens in self.targets for a in tokens))
        return (self.centre, stealable, self.give_points if stealable else None, self.doublet)

    def moves(self) -> list[tuple]:
        """Every announcement: gains, then steals."""
        return ([("gain", a) for a in self.centre]
                + [("steal", p, a) for p, tokens in self.targets for a in tokens])

    def payoff(self, total: int, move: tuple, believe: bool) -> int:
        """Bluffer minus guesser points for roll sum ``total``, ``move`` and the call."""
        if move == DOUBLET:
            return 0
        a = move[-1]
        right = believe == (total == a)
        if move[0] == "gain":
            return -POINTS[a] if right else POINTS[a]
        return -2 * self.give_points if right else 2 * POINTS[a]

    def type_of(self, dice: Iterable[int]) -> tuple[int, bool]:
        """The bluffer's type for a roll: (sum or ``OTHER``, doublet usable)."""
        dice = tuple(dice)
        total = sum(dice)
        announceable = {m[-1] for m in self.moves()}
        return (total if total in announceable else OTHER, self.doublet and is_doublet(dice))

    def types(self) -> dict[tuple[int, bool], Fraction]:
        """Each type with its probability."""
        out: dict[tuple[int, bool], int] = {}
        for dice, w in roll_weights():
            k = self.type_of(dice)
            out[k] = out.get(k, 0) + w
        return {k: Fraction(w, 216) for k, w in sorted(out.items())}

    def options(self, type_: tuple[int, bool]) -> list[tuple]:
        return self.moves() + ([DOUBLET] if type_[1] else [])

    def sequence_form(self) -> SequenceForm:
        """Player 0 is the bluffer (infoset: its type), player 1 the table (infoset: the move
        heard)."""
        types = self.types()
        infosets0 = {t: (None, tuple(self.options(t))) for t in types}
        infosets1 = {m: (None, CALLS) for m in self.moves()}
        payoff = {}
        for t, p in types.items():
            for m in self.moves():
                for c in CALLS:
                    v = p * self.payoff(t[0], m, c == "ok")
                    if v:
                        payoff[(t, m), (m, c)] = v
        return SequenceForm((infosets0, infosets1), payoff)


@dataclass(frozen=True)
class TurnEquilibrium:
    """An exact equilibrium of a ``TurnGame``.

    Attributes:
        game: the turn game.
        value: the bluffer's expected payoff before the roll.
        strategy: for each type, the probability of each move.
        believe: for each announcement, the probability that the guesser says OK.
    """

    game: TurnGame
    value: Fraction
    strategy: dict[tuple[int, bool], dict[tuple, Fraction]]
    believe: dict[tuple, Fraction]

    def mix(self, dice: Iterable[int]) -> dict[tuple, Fraction]:
        """The equilibrium probability of each move for this roll (moves never used left out)."""
        return {m: p for m, p in self.strategy[self.game.type_of(dice)].items() if p}

    def expected(self, dice: Iterable[int], move: tuple) -> Fraction:
        """The bluffer's expected payoff of ``move`` with this roll against the equilibrium
        guesser."""
        total = sum(dice)
        if move == DOUBLET:
            return Fraction(0)
        b = self.believe[move]
        g = self.game
        return b * g.payoff(total, move, True) + (1 - b) * g.payoff(total, move, False)

    def value_given(self, dice: Iterable[int]) -> Fraction:
        """The bluffer's equilibrium payoff once the roll is seen: the best move against the
        equilibrium guesser (every move the equilibrium uses is such a best one)."""
        dice = tuple(dice)
        return max(self.expected(dice, m) for m in self.game.options(self.game.type_of(dice)))

    def masses(self, move: tuple) -> tuple[Fraction, Fraction]:
        """(P(move made and true), P(move made and false)) at equilibrium."""
        true = false = Fraction(0)
        for t, p in self.game.types().items():
            q = p * self.strategy[t].get(move, 0)
            if t[0] == move[-1]:
                true += q
            else:
                false += q
        return true, false

    def posterior(self, move: tuple) -> Fraction | None:
        """P(true | move) for the equilibrium bluffer; ``None`` if it never makes that move."""
        t, f = self.masses(move)
        return t / (t + f) if t + f else None

    def words(self, dice: Iterable[int], names=None) -> str:
        """The equilibrium move frequencies for one roll, in words."""
        dice = tuple(dice)
        mix = sorted(self.mix(dice).items(), key=lambda mp: (-mp[1], mp[0]))
        head = (_("with {total} (a doublet)", total=sum(dice)) if self.game.type_of(dice)[1]
                else _("with {total}", total=sum(dice)))
        if len(mix) == 1:
            return _("{head} always {move}", head=head, move=move_text(mix[0][0], names))
        moves = [_("{move} with probability {p}", move=move_text(m, names), p=p) for m, p in mix]
        return _("{head}: {moves}", head=head, moves=", ".join(moves))

    def to_json(self) -> dict:
        return {"centre": list(self.game.centre),
                "targets": {str(p): list(t) for p, t in self.game.targets},
                "give_points": self.game.give_points, "doublet": self.game.doublet,
                "value": self.value,
                "bluffer": {_type_text(t): {move_text(m): p for m, p in mix.items() if p}
                            for t, mix in self.strategy.items()},
                "guesser_ok": {move_text(m): b for m, b in self.believe.items()},
                "posterior_true": {move_text(m): self.posterior(m) for m in self.believe}}


def _type_text(t: tuple[int, bool]) -> str:
    name = "other sums" if t[0] == OTHER else f"sum {t[0]}"
    return name + (" (doublet)" if t[1] else "")


def solve_turn(game: TurnGame) -> TurnEquilibrium:
    """The exact, verified equilibrium of one turn.

    The equilibrium depends only on ``game.key()``: the centre tokens, the tokens that may be
    stolen (not who holds them: a steal's payoff names no player), the points of the bluffer's
    cheapest token and whether a swap is held. It is solved once per key (cached) by the fast
    construction of ``fast_turn`` (verified exactly), or by the LP when that construction
    does not certify its answer; the players are then put back on the steals.

    >>> eq = solve_turn(TurnGame(centre=(3,)))  # only 3 may be announced: a lie unless S = 3
    >>> eq.value, eq.believe[("gain", 3)]
    (Fraction(-535, 108), Fraction(0, 1))
    """
    key = game.key()
    value, strategy, believe = _solve_key(key)
    owner = {a: p for p, tokens in game.targets for a in tokens}

    def named(move):
        return ("steal", owner[move[2]], move[2]) if move[0] == "steal" else move

    return TurnEquilibrium(game, value,
                           {t: {named(m): x for m, x in mix.items()} for t, mix in
                            strategy.items()},
                           {named(m): b for m, b in believe.items()})


@lru_cache(maxsize=4096)
def _solve_key(key: tuple) -> tuple:
    centre, stealable, give, doublet = key
    game = TurnGame(centre, ((1, stealable),) if stealable else (), give, doublet)
    return fast_equilibrium(game) or _solve_lp(game)


def solve_turn_lp(game: TurnGame) -> TurnEquilibrium:
    """The same equilibrium concept by the general LP solver (slow; for checks): one exact,
    verified equilibrium, not necessarily the one ``solve_turn`` returns (the value is the
    same)."""
    value, strategy, believe = _solve_lp(game)
    return TurnEquilibrium(game, value, strategy, believe)


def _solve_lp(game: TurnGame) -> tuple:
    sol = solve_sequence_form(game.sequence_form())
    b0, b1 = sol.behaviour(0), sol.behaviour(1)
    believe = {m: b1[m]["ok"] for m in game.moves()}
    return sol.value, {t: dict(b0[t]) for t in game.types()}, believe


solve_turn.cache_clear = _solve_key.cache_clear  # type: ignore[attr-defined]
