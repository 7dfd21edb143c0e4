"""Advice for Bluff You: what to announce, and whether to believe it, with exact numbers.

**For the bluffer** (tokens in the centre and in each hand known, the roll seen): every option is
valued at the exact equilibrium of that announcement (``bluff_you_turn``): gain with each guesser,
steal from each player holding tokens, each legal doublet swap. **Payoff (a decision)**: the change
in the points of the bluffer minus the points of the guesser this turn; other players and later
turns are left out, and the guesser is assumed to read nothing into the choice of option. A
doublet swap keeps the bluffer's points (equal totals, by rule): it is worth exactly 0. The
recommendation is the option of highest value given the roll (ties: gain, then doublet, then
steal, then the engine's order); its announcement is then mixed as the equilibrium says.

**For the guesser** (the dice unseen): the call that is best against a bluffer model the user
states ("truthful with probability q when possible, otherwise uniform among the other tokens") and
against the equilibrium bluffer, each with P(true | announced) and the expected points of both
calls.

>>> s = position(held={0: (8, 13)}, players=2, roll=(2, 2, 5))
>>> a = bluffer_advice(s)
>>> a.best.label, a.best.value
('gain to P1', Fraction(0, 1))
>>> [o.label for o in a.options if o.kind == "doublet"]
['doublet 8,13 for 4', 'doublet 8,13 for 17']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import InvalidQuestion, InvalidState
from ..games.bluff_you import (
    POINTS,
    TOKENS,
    BluffYouObservation,
    BluffYouRules,
    BluffYouState,
    Doublet,
    Gain,
    Steal,
    check,
    dice_text,
    parse_dice,
)
from ..odds.bluff_you import Posterior, posterior_true, read_tokens
from .bluff_you_turn import TurnEquilibrium, TurnGame, solve_turn

MODEL = ("Payoff: the change in (bluffer's points - guesser's points) this turn, a decision of "
         "this toolkit; other players and later turns are left out; the guesser hears the number, "
         "not the dice, and reads nothing into the choice of option.")


def position(centre: Any = None, held: Mapping[int, Any] | None = None, players: int = 2,
             bluffer: int = 0, roll: Any = None) -> BluffYouState:
    """A state where ``bluffer`` has rolled ``roll`` and must act (checked like a loaded game).

    Args:
        centre: centre tokens; by default every token nobody holds.
        held: player -> tokens held (``"8,13"`` or ``(8, 13)``).
        players: 2-6.
        bluffer: whose turn it is.
        roll: three dice such as ``"2,2,5"``.

    Raises:
        InvalidQuestion: naming what is impossible.
    """
    try:
        rules = BluffYouRules(players=players)
        hands = [()] * players
        for p, tokens in (held or {}).items():
            if p not in range(players):
                raise InvalidQuestion(f"held: no player {p} in a {players}-player game")
            hands[p] = read_tokens(tokens, f"held[{p}]")
        taken = {t for h in hands for t in h}
        mid = (tuple(t for t in TOKENS if t not in taken) if centre is None
               else read_tokens(centre, "centre"))
        if roll is None:
            raise InvalidQuestion("roll: the bluffer's three dice are needed, e.g. '2,2,5'")
        state = BluffYouState(rules, mid, tuple(hands), bluffer, "act", parse_dice(roll))
        check(state)
    except InvalidQuestion:
        raise
    except (InvalidState, ValueError) as e:
        raise InvalidQuestion(str(e)) from None
    return state


@dataclass(frozen=True)
class Option:
    """One option of the bluffer with its equilibrium value.

    Attributes:
        kind: ``"gain"``, ``"steal"`` or ``"doublet"``.
        action: ``Gain(guesser, 0)``/``Steal(target, 0)`` stand for "announce per the
            equilibrium" (shown ``gain to P1``); a ``Doublet`` is the swap itself.
        value: the bluffer's equilibrium payoff given the roll.
        ex_ante: the turn game's value before the roll (``None`` for a doublet).
        announce: the equilibrium announcement mix for this roll's sum.
        by_number: expected payoff of announcing each number against the equilibrium guesser.
        equilibrium: the turn game's equilibrium.
    """

    kind: str
    action: Any
    value: Fraction
    ex_ante: Fraction | None = None
    announce: Mapping[int, Fraction] | None = None
    by_number: Mapping[int, Fraction] | None = None
    equilibrium: TurnEquilibrium | None = None

    @property
    def label(self) -> str:
        if self.kind == "gain":
            return f"gain to P{self.action.guesser}"
        if self.kind == "steal":
            return f"steal from P{self.action.target}"
        return str(self.action)

    def to_json(self) -> dict:
        return {"option": self.label, "kind": self.kind, "value": self.value,
                "ex_ante": self.ex_ante,
                "announce": {str(a): p for a, p in (self.announce or {}).items() if p},
                "by_number": {str(a): v for a, v in (self.by_number or {}).items()}}


@dataclass(frozen=True)
class BlufferAdvice:
    """Every option valued, the best one and why."""

    roll: tuple[int, int, int]
    options: tuple[Option, ...]
    best: Option
    explanation: str

    def to_json(self) -> dict:
        return {"roll": dice_text(self.roll), "sum": sum(self.roll), "model": MODEL,
                "options": [o.to_json() for o in self.options], "best": self.best.label,
                "explanation": self.explanation}

    def __str__(self) -> str:
        return self.explanation


_KIND_ORDER = {"gain": 0, "doublet": 1, "steal": 2}


def gain_game(state) -> TurnGame:
    """The announcement game of a gain: any centre token may be announced."""
    return TurnGame("gain", tuple(state.centre))


def steal_game(state, target: int) -> TurnGame:
    """The announcement game of a steal from ``target`` (the bluffer gives their cheapest token
    if the guesser is right)."""
    mine = state.held[state.bluffer]
    if not mine or not state.held[target]:
        raise InvalidQuestion(f"a steal from P{target} needs a token on each side")
    return TurnGame("steal", tuple(state.held[target]), min(POINTS[t] for t in mine))


def bluffer_options(state: BluffYouState) -> list[Option]:
    """Each option of the bluffer with its value (sorted: best first)."""
    if state.phase != "act" or state.roll is None:
        raise InvalidQuestion(f"bluffer advice needs the bluffer to have rolled (phase act), the "
                              f"state is in phase {state.phase}")
    total = sum(state.roll)
    out: list[Option] = []
    legal = state.legal_actions()
    guessers = sorted({a.guesser for a in legal if isinstance(a, Gain)})
    targets = sorted({a.target for a in legal if isinstance(a, Steal)})
    for kind, who, game in ([("gain", g, gain_game(state)) for g in guessers]
                            + [("steal", t, steal_game(state, t)) for t in targets]):
        eq = solve_turn(game)
        by_number = {a: eq.expected(total, a) for a in game.allowed}
        action = Gain(who, 0) if kind == "gain" else Steal(who, 0)
        out.append(Option(kind, action, eq.value_given(total), eq.value,
                          eq.announce[total], by_number, eq))
    out += [Option("doublet", a, Fraction(0)) for a in legal if isinstance(a, Doublet)]
    order = {id(o): i for i, o in enumerate(out)}
    return sorted(out, key=lambda o: (-o.value, _KIND_ORDER[o.kind], order[id(o)]))


def bluffer_advice(state: BluffYouState) -> BlufferAdvice:
    """Values of every option for the bluffer who has rolled, the best one and why.

    Raises:
        InvalidQuestion: if the state is not the bluffer's choice.
    """
    options = bluffer_options(state)
    best = options[0]
    return BlufferAdvice(state.roll, tuple(options), best, _explain_bluffer(state, options, best))


def _explain_bluffer(state, options, best) -> str:
    total = sum(state.roll)
    lines = [f"You rolled {dice_text(state.roll)} (sum {total}). {MODEL}"]
    for o in options:
        if o.kind == "doublet":
            lines.append(f"- {o.label}: worth 0 (a swap keeps your points; you hold fewer tokens, "
                         "which wins ties, and tokens go back to the centre).")
        else:
            lines.append(f"- {o.label}: worth {o.value} with your roll (the announcement game is "
                         f"worth {o.ex_ante} before the roll); {o.equilibrium.words(total)}.")
    lines.append(f"Best: {best.label} (worth {best.value}).")
    if best.equilibrium is not None:
        eq = best.equilibrium
        mix = {a: p for a, p in best.announce.items() if p}
        calls = ", ".join(f"OK to {a} with probability {eq.believe[a]}" for a in mix)
        lines.append(f"Why mix: the equilibrium guesser says {calls}; against that, each number "
                     f"in your mix is worth {best.value}, so no single lie or truth does better, "
                     "and mixing keeps the guesser from learning anything useful.")
    return "\n".join(lines)


# -- the guesser ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CallValues:
    """P(true) and the guesser's expected points for each call under one view of the bluffer."""

    p_true: Fraction | None
    ok: Fraction
    bluff_you: Fraction

    @property
    def best(self) -> str:
        if self.ok == self.bluff_you:
            return "either"
        return "ok" if self.ok > self.bluff_you else "bluff you"


@dataclass(frozen=True)
class GuesserAdvice:
    """The call against a stated model and against the equilibrium bluffer, with reasons."""

    announcement: Any
    model: Posterior | None
    vs_model: CallValues | None
    vs_equilibrium: CallValues
    p_ok_equilibrium: Fraction
    explanation: str

    def to_json(self) -> dict:
        def cv(c):
            return None if c is None else {"p_true": c.p_true, "ok": c.ok,
                                           "bluff_you": c.bluff_you, "best": c.best}
        return {"announcement": str(self.announcement), "vs_model": cv(self.vs_model),
                "model": self.model.to_json() if self.model else None,
                "vs_equilibrium": cv(self.vs_equilibrium),
                "p_ok_equilibrium": self.p_ok_equilibrium, "explanation": self.explanation}

    def __str__(self) -> str:
        return self.explanation


def _call_values(game: TurnGame, a: int, p_true: Fraction) -> CallValues:
    """Guesser's expected points (guesser minus bluffer) for each call given P(true)."""
    right, wrong = -game.lose(a), -game.win(a)
    ok = p_true * right + (1 - p_true) * wrong
    bluff = (1 - p_true) * right + p_true * wrong
    return CallValues(p_true, ok, bluff)


def guesser_advice(view: BluffYouState | BluffYouObservation, q: Any = None) -> GuesserAdvice:
    """What the guesser should answer to the pending announcement (the dice are not used).

    Args:
        view: a state or the guesser's observation in phase ``call``.
        q: the stated model's probability that the bluffer tells the truth when they can
            (``None``: no model, equilibrium only).

    >>> s = position(players=2, roll=(1, 1, 1)).apply(Gain(1, 18))
    >>> g = guesser_advice(s, q=1)
    >>> g.vs_model.best, g.vs_model.p_true, g.vs_equilibrium.best
    ('ok', Fraction(1, 1), 'either')
    """
    if view.phase != "call" or view.pending is None:
        raise InvalidQuestion(f"guesser advice needs an announcement awaiting a call, the phase "
                              f"is {view.phase}")
    a = view.pending
    game = (steal_game(view, a.target) if isinstance(a, Steal) else gain_game(view))
    eq = solve_turn(game)
    n = a.number
    model = vs_model = None
    if q is not None:
        model = posterior_true(n, game.allowed, q)
        vs_model = _call_values(game, n, model.posterior)
    post = eq.posterior(n)
    if post is None:  # never announced at equilibrium: the equilibrium call is still defined
        b = eq.believe[n]
        right, wrong = -game.lose(n), -game.win(n)
        vs_eq = CallValues(None, wrong if b < 1 else right, right if b < 1 else wrong)
    else:
        vs_eq = _call_values(game, n, post)
    explanation = _explain_guesser(a, game, eq, model, vs_model, vs_eq)
    return GuesserAdvice(a, model, vs_model, vs_eq, eq.believe[n], explanation)


def _explain_guesser(a, game, eq, model, vs_model, vs_eq) -> str:
    n = a.number
    stake = (f"if you are right you gain {-game.lose(n)} on the bluffer, if wrong you lose "
             f"{game.win(n)} (difference of points, this turn only)")
    lines = [f"{a}: {stake}."]
    if model is not None:
        lines.append(model.explain())
        lines.append(f"Against this model: OK is worth {vs_model.ok}, Bluff you "
                     f"{vs_model.bluff_you} -> {vs_model.best}.")
    if vs_eq.p_true is None:
        lines.append(f"The equilibrium bluffer never announces {n}; the equilibrium guesser says "
                     f"OK with probability {eq.believe[n]}.")
    else:
        lines.append(f"Against the equilibrium bluffer P(true | {n}) = {vs_eq.p_true}: OK is worth "
                     f"{vs_eq.ok}, Bluff you {vs_eq.bluff_you} -> {vs_eq.best}. The equilibrium "
                     f"guesser says OK with probability {eq.believe[n]}, which leaves the bluffer "
                     "nothing to gain by changing how often they lie.")
    return "\n".join(lines)
