"""Small zero-sum games solved exactly, for teaching equilibria: rock-paper-scissors variants, a
one-card bluffing game, and Kuhn poker as an exact tree, with best responses and exploitability
of stated strategies in ``Fraction`` arithmetic.

Everything here is exact: payoffs are ``int``/``Fraction``, equilibria come from
``bluffkit.solvers.lp`` (solved and verified in rationals), best responses are exact sums.
Conventions follow the CFR solver: payoffs are to player 0 (the row player), and the
**exploitability** of a profile is ``(BR0 + BR1) / 2``, the mean of what each player's best
response earns against the other's strategy (OpenSpiel's convention; it is 0 exactly at an
equilibrium and half of what is sometimes called NashConv).

>>> rps = rps_matrix(1, 1, 1)
>>> profile_exploitability(rps, (1, 0, 0), (1, 0, 0))  # both always play rock
Fraction(1, 1)
>>> solve_matrix(bluffing_matrix(2, 1)).row[0]  # bluff a third of the time: bet/(pot+bet)
Fraction(1, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..core import InvalidQuestion
from ..core.i18n import _
from .lp import (
    ChanceNode,
    DecisionNode,
    Leaf,
    SequenceForm,
    best_response_value,
    sequence_form,
    solve_matrix,
)

CARDS = ("J", "Q", "K")


def _fraction(x: Any, name: str) -> Fraction:
    try:
        return Fraction(x)
    except (TypeError, ValueError):
        raise InvalidQuestion(_("{name} must be an exact number, got {x}",
                                name=name, x=repr(x))) from None


# -- matrix games ---------------------------------------------------------------------------------
def rps_matrix(rock: Any, paper: Any, scissors: Any) -> list[list[Fraction]]:
    """Rock-paper-scissors where winning with rock pays ``rock`` (the loser pays it), and so on.

    Rows and columns are (rock, paper, scissors); entries are payoffs to the row player.

    >>> rps_matrix(2, 1, 1)[0]
    [Fraction(0, 1), Fraction(-1, 1), Fraction(2, 1)]
    """
    r, p, s = (_fraction(v, n) for v, n in ((rock, "rock"), (paper, "paper"),
                                             (scissors, "scissors")))
    if min(r, p, s) <= 0:
        raise InvalidQuestion(_("each win must pay something positive"))
    z = Fraction(0)
    return [[z, -p, r],   # rock: loses to paper, beats scissors
            [p, z, -s],   # paper: beats rock, loses to scissors
            [-r, s, z]]   # scissors: loses to rock, beats paper


def bluffing_matrix(pot: Any, bet: Any) -> list[list[Fraction]]:
    """The one-card bluffing game as a matrix, payoffs to the bettor.

    The bettor holds a winning or a losing card, 1/2 each, and may bet ``bet`` into a pot of
    ``pot``; with a winning card betting is clearly best (it is fixed here). The caller calls
    or folds. Rows: with a losing card, *bluff* (bet) or *check* (give up, 0); columns: *call*
    or *fold*. A called bet wins ``pot + bet`` with the winning card and loses ``bet`` with the
    losing one; a fold gives the bettor the pot.

    >>> bluffing_matrix(2, 1)
    [[Fraction(1, 1), Fraction(2, 1)], [Fraction(3, 2), Fraction(1, 1)]]
    """
    p, b = _fraction(pot, "pot"), _fraction(bet, "bet")
    if p <= 0 or b <= 0:
        raise InvalidQuestion(_("pot and bet must be positive"))
    half = Fraction(1, 2)
    strong_call, strong_fold = p + b, p
    return [[half * (strong_call - b), half * (strong_fold + p)],   # bluff
            [half * strong_call, half * strong_fold]]             # check the losing card


def profile_exploitability(matrix: Sequence[Sequence[Any]], row: Sequence[Any],
                           col: Sequence[Any]) -> Fraction:
    """``(BR0 + BR1) / 2`` for mixed strategies ``row`` and ``col`` of a matrix game, exact.

    Raises:
        InvalidQuestion: if a strategy is not a probability vector of the right length.

    >>> profile_exploitability(rps_matrix(1, 1, 1), [Fraction(1, 3)] * 3, [Fraction(1, 3)] * 3)
    Fraction(0, 1)
    """
    a = [[Fraction(v) for v in r] for r in matrix]
    x, y = _mix(row, len(a), "row"), _mix(col, len(a[0]), "col")
    br0 = max(sum(a[i][j] * y[j] for j in range(len(y))) for i in range(len(x)))
    br1 = max(-sum(x[i] * a[i][j] for i in range(len(x))) for j in range(len(y)))
    return (br0 + br1) / 2


def _mix(p: Sequence[Any], n: int, name: str) -> list[Fraction]:
    p = [_fraction(v, name) for v in p]
    if len(p) != n or any(v < 0 for v in p) or sum(p) != 1:
        raise InvalidQuestion(_("{name} must be {count} probabilities summing to 1, got {value}",
                                name=name, count=n, value=[str(v) for v in p]))
    return p


# -- Kuhn poker, exactly --------------------------------------------------------------------------
def kuhn_game() -> SequenceForm:
    """Kuhn poker in sequence form (exact): J < Q < K, ante 1, one bet of 1.

    Information sets: player 0 ``("open", card)`` (check/bet) and ``("check-bet", card)``
    (fold/call); player 1 ``("bet", card)`` (fold/call) and ``("check", card)`` (check/bet).

    >>> from bluffkit.solvers.lp import solve_sequence_form
    >>> solve_sequence_form(kuhn_game()).value
    Fraction(-1, 18)
    """
    deals = []
    for i, c0 in enumerate(CARDS):
        for j, c1 in enumerate(CARDS):
            if i == j:
                continue
            sign = 1 if i > j else -1
            after_check = DecisionNode(1, ("check", c1), (
                ("check", Leaf(sign)),
                ("bet", DecisionNode(0, ("check-bet", c0), (("fold", Leaf(-1)),
                                                            ("call", Leaf(2 * sign))))),
            ))
            after_bet = DecisionNode(1, ("bet", c1), (("fold", Leaf(1)),
                                                      ("call", Leaf(2 * sign))))
            deals.append((Fraction(1, 6), DecisionNode(0, ("open", c0), (
                ("check", after_check), ("bet", after_bet)))))
    return sequence_form(ChanceNode(tuple(deals)))


def realization_plan(game: SequenceForm, player: int,
                     behaviour: Mapping[Any, Mapping[Any, Any]]) -> dict:
    """The realization plan of a behaviour strategy: each sequence's probability is the product
    of the player's own action probabilities along it.

    Args:
        behaviour: information set -> {action: probability}; an information set left out is
            played uniformly.

    Raises:
        InvalidQuestion: naming an information set whose probabilities are not a distribution.
    """
    plan: dict = {None: Fraction(1)}
    pending = dict(game.infosets[player])
    while pending:  # parents first
        for infoset, (parent, actions) in list(pending.items()):
            if parent not in plan:
                continue
            given = behaviour.get(infoset)
            probs = ({a: Fraction(1, len(actions)) for a in actions} if given is None else
                     {a: _fraction(given.get(a, 0), f"behaviour[{infoset!r}]") for a in actions})
            if sum(probs.values()) != 1 or any(v < 0 for v in probs.values()):
                raise InvalidQuestion(_("behaviour at {infoset} must be probabilities of {actions}"
                                        " summing to 1, got {dict}",
                                        infoset=repr(infoset), actions=actions,
                                        dict=repr(dict(given))))
            for a in actions:
                plan[(infoset, a)] = plan[parent] * probs[a]
            del pending[infoset]
    return plan


def best_response_payoff(game: SequenceForm, player: int,
                         other: Mapping[Any, Mapping[Any, Any]]) -> Fraction:
    """What ``player`` earns (their own payoff) by best-responding to the other player's
    behaviour strategy ``other``, exact.

    >>> g = kuhn_game()
    >>> p0 = {("open", "J"): {"check": 1}, ("open", "Q"): {"check": 1}, ("open", "K"): {"bet": 1},
    ...       ("check-bet", "J"): {"fold": 1}, ("check-bet", "Q"): {"fold": 1},
    ...       ("check-bet", "K"): {"call": 1}}
    >>> best_response_payoff(g, 1, p0)  # player 0 never bluffs and never calls light
    Fraction(1, 3)
    """
    value = best_response_value(game, player, realization_plan(game, 1 - player, other))
    return value if player == 0 else -value


def kuhn_behaviour(bet: Mapping[str, Any], call: Mapping[str, Any]) -> dict:
    """Player 0's Kuhn strategy from the probability of betting first and of calling after
    check-bet, per card (``{"J": 0, "Q": Fraction(1, 2), "K": 1}``)."""
    out = {}
    for card in CARDS:
        b, c = _fraction(bet[card], f"bet[{card}]"), _fraction(call[card], f"call[{card}]")
        out[("open", card)] = {"check": 1 - b, "bet": b}
        out[("check-bet", card)] = {"fold": 1 - c, "call": c}
    return out


__all__ = ["CARDS", "best_response_payoff", "bluffing_matrix", "kuhn_behaviour", "kuhn_game",
           "profile_exploitability", "realization_plan", "rps_matrix", "solve_matrix"]
