"""One round of two-player Jungle Bluff as a zero-sum game, solved exactly.

The round (rules digest section 4): both players choose a strength card at the same time (each
from their hand, or in the final round from their score pile); the first player then takes a
centre score card (or, with combined cards, a stack of one value); the second player either takes
one of what is left or challenges the first player (ties go to the challenger; alpha 10 against
alpha 10 sends the card back to the centre, where nobody is left to take it).

**Decision**: the payoff of the round is the points player 0 wins this round minus the points
player 1 wins (zero-sum); in the final round the strength cards come out of the score piles and
leave the game, so each player's own strength card counts against them. What the round does to
later rounds (the cards left in hand, the next score cards, the next first player) is not
counted: this is the equilibrium of *one* round.

The game tree has four moves: first player's strength card, second player's strength card (not
seeing the first's), the first player's take (seeing only their own card), the second player's
answer (seeing their own card and the take). It is solved as a matrix game
(:func:`normal_form`; with full hands and two score cards at most 10 x 3 plans against 10 x 4) by
``bluffkit.solvers.matrix``, which returns exact fractions, verifies the equilibrium exactly and
needs no scipy (a few milliseconds with full hands). :func:`solve_round_lp` solves the sequence
form with the general LP instead, and :func:`best_response_values` checks an equilibrium again by
brute force over pure strategies.

>>> g = RoundGame.of("3,8", "5,9", "4,7", first=0)
>>> eq = solve_round(g)
>>> eq.value
Fraction(-4, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from ...core import InvalidQuestion
from ...core.i18n import _
from ...games.jungle_bluff import (
    CHALLENGER,
    Card,
    Challenge,
    Take,
    cards_text,
    duel_winner,
    parse_cards,
    points,
    take_options,
)
from ...solvers.lp import DecisionNode, Leaf, SequenceForm
from ...solvers.matrix import solve_matrix_game


@dataclass(frozen=True)
class RoundGame:
    """A two-player round: strength options of each player, the score cards, who is first.

    Attributes:
        options: the cards each player may choose their strength card from.
        centre: the score cards.
        first: the first player (0 or 1).
        combined: the combined-cards variant.
        final: the final round, where the strength cards come out of the score piles and
            leave the game: each player's payoff also loses their strength card's value.
    """

    options: tuple[tuple[Card, ...], tuple[Card, ...]]
    centre: tuple[Card, ...]
    first: int = 0
    combined: bool = False
    final: bool = False

    def __post_init__(self):
        if len(self.options) != 2 or not all(self.options):
            raise InvalidQuestion(_("a two-player round needs a non-empty card choice for each "
                                    "player"))
        if len(self.centre) < 1:
            raise InvalidQuestion(_("the centre needs at least one score card"))
        if self.first not in (0, 1):
            raise InvalidQuestion(_("first is player 0 or 1, got {first}", first=repr(self.first)))

    @classmethod
    def of(cls, hand0, hand1, centre, first: int = 0, combined: bool = False,
           final: bool = False) -> RoundGame:
        """Build from text such as ``"3,8"`` (or card tuples).

        Raises:
            ParseError: for a card that cannot be read.
        """
        return cls((tuple(sorted(set(parse_cards(hand0)))), tuple(sorted(set(parse_cards(
            hand1))))), parse_cards(centre), first, combined, final)

    @property
    def second(self) -> int:
        return 1 - self.first

    def takes(self) -> list[Take]:
        return take_options(self.centre, self.combined)

    def answers(self, take: Take) -> list[Take | Challenge]:
        """What the second player may do after ``take``: take what is left, or challenge."""
        left = list(self.centre)
        for c in take.cards:
            left.remove(c)
        return take_options(tuple(left), self.combined) + [Challenge(self.first)]

    def payoff(self, strength: tuple[Card, Card], take: Take, answer: Take | Challenge) -> int:
        """Points of player 0 minus points of player 1 this round."""
        won = [0, 0]
        if isinstance(answer, Take):
            won[self.first], won[self.second] = points(take.cards), points(answer.cards)
        else:
            result = duel_winner(strength[self.second], strength[self.first])
            if result == CHALLENGER:
                won[self.second] = points(take.cards)
            elif result != "nobody":
                won[self.first] = points(take.cards)
        if self.final:  # the strength cards leave the score piles for good
            won[0] -= strength[0].value
            won[1] -= strength[1].value
        return won[0] - won[1]

    def tree(self):
        """The game tree for the sequence-form solver (infosets as readable tuples)."""
        f, s = self.first, self.second

        def answer_node(strength, take):
            return DecisionNode(s, ("answer", strength[s], take), tuple(
                (a, Leaf(self.payoff(strength, take, a))) for a in self.answers(take)))

        def take_node(strength):
            return DecisionNode(f, ("take", strength[f]), tuple(
                (t, answer_node(strength, t)) for t in self.takes()))

        def second_node(cf):
            return DecisionNode(s, ("strength", s), tuple(
                (cs, take_node((cf, cs) if f == 0 else (cs, cf))) for cs in self.options[s]))

        return DecisionNode(f, ("strength", f), tuple((c, second_node(c))
                                                      for c in self.options[f]))

    def sequence_form(self) -> SequenceForm:
        """The sequence form of :meth:`tree`, written down directly (the same game, without
        walking its ``|options|^2 x takes x answers`` leaves through the generic builder)."""
        f, s = self.first, self.second
        infosets: tuple[dict, dict] = ({}, {})
        infosets[f][("strength", f)] = (None, self.options[f])
        infosets[s][("strength", s)] = (None, self.options[s])
        takes = self.takes()
        answers = {t: tuple(self.answers(t)) for t in takes}
        for c in self.options[f]:
            infosets[f][("take", c)] = ((("strength", f), c), tuple(takes))
        for c in self.options[s]:
            for t in takes:
                infosets[s][("answer", c, t)] = ((("strength", s), c), answers[t])
        payoff = {}
        for cf, cs in product(self.options[f], self.options[s]):
            pair = (cf, cs) if f == 0 else (cs, cf)
            for t in takes:
                for a in answers[t]:
                    v = self.payoff(pair, t, a)
                    if v:
                        seqs = ((("take", cf), t), (("answer", cs, t), a))
                        payoff[seqs if f == 0 else seqs[::-1]] = v  # exact: an int
        return SequenceForm(infosets, payoff)

    def to_json(self) -> dict:
        return {"options": [cards_text(o) for o in self.options], "centre": cards_text(
            self.centre), "first": self.first, "combined": self.combined, "final": self.final}


@dataclass(frozen=True)
class RoundEquilibrium:
    """The exact equilibrium of a round.

    Attributes:
        game: the round.
        value: what player 0 gets on average (points won minus points lost to player 1).
        strength: per player, card -> probability of choosing it as strength card.
        take: first player's strength card -> take -> probability.
        answer: (second player's strength card, take) -> answer -> probability (uniform where
            never reached).
    """

    game: RoundGame
    value: Fraction
    strength: tuple[dict[Card, Fraction], dict[Card, Fraction]]
    take: dict[Card, dict[Take, Fraction]]
    answer: dict[tuple[Card, Take], dict[Take | Challenge, Fraction]]

    def to_json(self) -> dict:
        def probs(d):
            return {str(k): v for k, v in d.items() if v}

        return {"game": self.game.to_json(), "value": self.value,
                "strength": [probs(s) for s in self.strength],
                "take": {str(c): probs(d) for c, d in self.take.items()},
                "answer": {f"{c} after {t}": probs(d) for (c, t), d in self.answer.items()}}


@lru_cache(maxsize=256)
def solve_round(game: RoundGame) -> RoundEquilibrium:
    """The exact, verified equilibrium of a two-player round (see the module docstring).

    Solved as the matrix game of :func:`normal_form` by ``bluffkit.solvers.matrix`` (exact and
    verified, no scipy); :func:`solve_round_lp` solves the sequence form with the general LP
    instead (tests compare the two). Cached: a bot or a widget asks about the same round several
    times; do not mutate the result.

    Raises:
        SolverError: if no exact equilibrium can be verified (never expected).
    """
    rows, cols, matrix = normal_form(game)
    sol = solve_matrix_game(matrix)
    f, s = game.first, game.second
    strength: list = [None, None]
    strength[f] = {c: Fraction(0) for c in game.options[f]}
    strength[s] = {c: Fraction(0) for c in game.options[s]}
    take_mass = {c: {t: Fraction(0) for t in game.takes()} for c in game.options[f]}
    for (c, t), p in zip(rows, sol.row):
        strength[f][c] += p
        take_mass[c][t] += p
    answer_mass = {(c, t): {a: Fraction(0) for a in game.answers(t)} for c in game.options[s]
                   for t in game.takes()}
    for (c, plan), p in zip(cols, sol.col):
        strength[s][c] += p
        for t, a in plan:
            answer_mass[c, t][a] += p
    take = {c: _behaviour(d, strength[f][c]) for c, d in take_mass.items()}
    answer = {(c, t): _behaviour(d, strength[s][c]) for (c, t), d in answer_mass.items()}
    value = sol.value if f == 0 else -sol.value
    return RoundEquilibrium(game, value, tuple(strength), take, answer)


def _behaviour(mass: dict, reach: Fraction) -> dict:
    """Probabilities of the actions at a decision from the mass of the plans that reach it
    (uniform where it is never reached)."""
    return {a: (m / reach if reach else Fraction(1, len(mass))) for a, m in mass.items()}


def normal_form(game: RoundGame) -> tuple[list, list, list[list[int]]]:
    """The round as a matrix game for the first player: ``(rows, cols, matrix)``.

    A row is a first player's plan ``(strength card, take)``; a column is a second player's
    plan ``(strength card, ((take, answer), ...))``: an answer to every take. Against a take the
    second player either challenges or takes the best of what is left: taking a card worth fewer
    points is never better, whatever the strength cards (its payoff does not depend on them),
    so those plans are left out; the value and the optimal plans are unchanged. Entries are the
    first player's points minus the second's (whole numbers).
    """
    f = game.first
    takes = game.takes()
    replies = []
    for t in takes:
        answers = game.answers(t)
        grabs = [a for a in answers if isinstance(a, Take)]
        best = [max(grabs, key=lambda a: points(a.cards))] if grabs else []
        replies.append([(t, a) for a in best + [a for a in answers if not isinstance(a, Take)]])
    rows = [(c, t) for c in game.options[f] for t in takes]
    cols = [(c, plan) for c in game.options[game.second] for plan in product(*replies)]
    sign = 1 if f == 0 else -1
    payoff = {}
    for cf, cs in product(game.options[f], game.options[game.second]):
        pair = (cf, cs) if f == 0 else (cs, cf)
        for reply in replies:
            for t, a in reply:
                payoff[cf, cs, t, a] = sign * game.payoff(pair, t, a)
    matrix = [[payoff[cf, cs, t, plan[i][1]] for cs, plan in cols]
              for cf, i, t in ((cf, i, t) for cf in game.options[f] for i, t in enumerate(takes))]
    return rows, cols, matrix


def solve_round_lp(game: RoundGame) -> RoundEquilibrium:
    """The round solved in sequence form by the general LP (``bluffkit.solvers.lp``, which uses
    scipy's HiGHS): an exact, verified equilibrium with the same value as :func:`solve_round`,
    not necessarily the same strategies when several are optimal. Not cached."""
    from ...solvers.lp import solve_sequence_form

    sol = solve_sequence_form(game.sequence_form())
    f, s = game.first, game.second
    by_player = (sol.behaviour(0), sol.behaviour(1))
    strength = [None, None]
    strength[f] = by_player[f][("strength", f)]
    strength[s] = by_player[s][("strength", s)]
    take = {c: by_player[f][("take", c)] for c in game.options[f]}
    answer = {(c, t): by_player[s][("answer", c, t)] for c in game.options[s]
              for t in game.takes()}
    return RoundEquilibrium(game, sol.value, tuple(strength), take, answer)


def strategy_value(game: RoundGame, strength: Iterable, take, answer) -> Fraction:
    """Expected payoff to player 0 when both play the given behaviour strategies (exact)."""
    strength = list(strength)
    f, s = game.first, game.second
    total = Fraction(0)
    for cf, cs in product(game.options[f], game.options[s]):
        p = strength[f].get(cf, 0) * strength[s].get(cs, 0)
        if not p:
            continue
        cards = (cf, cs) if f == 0 else (cs, cf)
        for t, pt in take[cf].items():
            for a, pa in answer[(cs, t)].items():
                if pt and pa:
                    total += p * pt * pa * game.payoff(cards, t, a)
    return total


def pure_strategies(game: RoundGame, player: int):
    """Every pure strategy of ``player`` as ``(strength, plan)`` with ``plan`` the take (first
    player) or the answer to each take (second player), as point distributions."""
    if player == game.first:
        for c in game.options[player]:
            for t in game.takes():
                yield {c: Fraction(1)}, {c: {t: Fraction(1)}}
    else:
        takes = game.takes()
        for c in game.options[player]:
            for choice in product(*(game.answers(t) for t in takes)):
                yield {c: Fraction(1)}, {(c, t): {a: Fraction(1)} for t, a in zip(takes, choice)}


def best_response_values(eq: RoundEquilibrium) -> tuple[Fraction, Fraction]:
    """By brute force over pure strategies: (best player 0 can get against player 1's
    equilibrium strategy, least player 1 can hold player 0 to against player 0's). Both equal
    ``eq.value`` at an equilibrium."""
    g = eq.game
    out = []
    for player in (0, 1):  # player 0 deviates, then player 1
        values = []
        for strength, plan in pure_strategies(g, player):
            mix = list(eq.strength)
            mix[player] = strength
            take = plan if player == g.first else eq.take
            answer = plan if player == g.second else {
                k: v for k, v in eq.answer.items()}
            if player == g.second:
                answer = {**{k: v for k, v in eq.answer.items()}, **plan}
            values.append(strategy_value(g, mix, take, answer))
        out.append(max(values) if player == 0 else min(values))
    return out[0], out[1]


__all__ = ["RoundEquilibrium", "RoundGame", "best_response_values", "normal_form",
           "pure_strategies", "solve_round", "solve_round_lp", "strategy_value"]
