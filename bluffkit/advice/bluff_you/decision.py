"""Advice for Bluff You: what to announce, and whether to believe it, with exact numbers.

**For the bluffer** (tokens in the centre and in each hand known, the roll seen): the whole turn is
solved exactly (``turn``: the choice of move is part of the equilibrium) and every option
is valued against the equilibrium guesser: gain with each guesser, steal from each player holding
tokens, each legal doublet swap. **Payoff (a decision)**: the change in the bluffer's points minus
the guesser's points this turn; the other players act as one side and later turns are left out. A
doublet swap keeps the bluffer's points (equal totals, by rule): it is worth exactly 0. The
recommendation is one legal move, the one the equilibrium plays most often with the roll (every
move of its mix is worth the most); the explanation gives the whole mix once.

**For the guesser** (the dice unseen): the call that is best against a bluffer model the user
states ("truthful with probability q when possible, otherwise uniform among the other tokens") and
against the equilibrium bluffer, each with P(true | announced) and the expected points of both
calls.

>>> s = position(held={0: (8, 13)}, players=2, roll=(2, 2, 5))
>>> a = bluffer_advice(s)
>>> a.best.label, a.best.value, str(a.move)
('gain to P1', Fraction(0, 1), 'gain 9 to P1')
>>> [o.label for o in a.options if o.kind == "doublet"]
['doublet 8,13 for 4', 'doublet 8,13 for 17']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core import InvalidQuestion, InvalidState
from ...core.checks import is_whole
from ...core.i18n import _, _l, _n
from ...games.bluff_you import (
    POINTS,
    TOKENS,
    BluffYouObservation,
    BluffYouRules,
    BluffYouState,
    Gain,
    Steal,
    action_text,
    check,
    dice_text,
    doublet_swaps,
    parse_dice,
    player_name,
)
from ...odds.bluff_you import Posterior, posterior_true, read_tokens
from .turn import DOUBLET, TurnEquilibrium, TurnGame, move_text, solve_turn

MODEL = _l("Payoff: the change in (bluffer's points - guesser's points) this turn, a decision "
           "of this toolkit; the other players act as one side, later turns are left out; the "
           "guesser hears the move, not the dice.")


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
        if not isinstance(held or {}, Mapping):  # a list of hands failed with AttributeError
            raise InvalidQuestion(_("held maps players to tokens, e.g. {example}; got {held}",
                                    example="{1: '8,13'}", held=repr(held)))
        if not is_whole(bluffer):
            raise InvalidQuestion(_("bluffer must be a player number, got {bluffer}",
                                    bluffer=repr(bluffer)))
        hands = [()] * players
        for p, tokens in (held or {}).items():
            if p not in range(players):
                raise InvalidQuestion(_("held: no player {p} in a {n}-player game", p=p,
                                        n=players))
            hands[p] = read_tokens(tokens, f"held[{p}]")
        taken = {t for h in hands for t in h}
        mid = (tuple(t for t in TOKENS if t not in taken) if centre is None
               else read_tokens(centre, "centre"))
        placed = sorted([*mid, *taken])
        if placed != sorted(TOKENS) and len(placed) == len(set(placed)):
            missing = [t for t in TOKENS if t not in placed]
            raise InvalidQuestion(_n(
                "every token is somewhere: in the centre or held by a player; token {tokens} is "
                "in neither (add it to the centre or to a player's held tokens)",
                "every token is somewhere: in the centre or held by a player; tokens {tokens} are "
                "in neither (add them to the centre or to a player's held tokens)", len(missing),
                tokens=",".join(map(str, missing))))
        if roll is None:
            raise InvalidQuestion(_("roll: the bluffer's three dice are needed, e.g. '2,2,5'"))
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
        label: ``gain to P1``, ``steal from P2`` or the swap, e.g. ``doublet 8,13 for 4``.
        action: the ``Doublet`` for a swap; for a gain or steal the number is left to the
            equilibrium mix, so ``action`` is ``None``.
        player: the guesser of a gain or the target of a steal.
        value: the bluffer's payoff given the roll: the best number of this option against the
            equilibrium guesser.
        probability: how often the equilibrium bluffer with this roll picks this kind of option
            (shared by the gains to different guessers and by the swaps).
        by_number: expected payoff of announcing each number against the equilibrium guesser.
        announce: the equilibrium mix of numbers within this option (``None`` if never used).
    """

    kind: str
    label: str
    value: Fraction
    probability: Fraction
    action: Any = None
    player: int | None = None
    by_number: Mapping[int, Fraction] | None = None
    announce: Mapping[int, Fraction] | None = None

    def to_json(self) -> dict:
        return {"option": self.label, "kind": self.kind, "value": self.value,
                "probability": self.probability,
                "announce": {str(a): p for a, p in (self.announce or {}).items() if p},
                "by_number": {str(a): v for a, v in (self.by_number or {}).items()}}


@dataclass(frozen=True)
class BlufferAdvice:
    """Every option valued, the best one and why.

    Attributes:
        roll: the bluffer's dice.
        options: best first.
        best: the option holding ``move``.
        equilibrium: the turn's equilibrium (``equilibrium.mix(roll)`` is the move mix).
        explanation: plain words.
        move: the recommended move, a legal action (``gain 13 to P1``): the move the
            equilibrium plays most often with this roll (every move of its mix is worth the
            most against the equilibrium guesser).
    """

    roll: tuple[int, int, int]
    options: tuple[Option, ...]
    best: Option
    equilibrium: TurnEquilibrium
    explanation: str
    move: Any = None

    @property
    def value(self) -> Fraction:
        """The turn's equilibrium value before the roll."""
        return self.equilibrium.value

    def to_json(self) -> dict:
        return {"roll": dice_text(self.roll), "sum": sum(self.roll), "model": MODEL,
                "turn_value": self.value, "options": [o.to_json() for o in self.options],
                "best": self.best.label, "move": str(self.move),
                "explanation": self.explanation}

    def __str__(self) -> str:
        return self.explanation


_KIND_ORDER = {"gain": 0, "doublet": 1, "steal": 2}


def turn_game(view) -> TurnGame:
    """The turn game of the bluffer in ``view`` (a state or an observation; public facts only)."""
    b = view.bluffer
    mine = view.held[b]
    targets = tuple((p, h) for p, h in enumerate(view.held) if p != b and h) if mine else ()
    give = min(POINTS[t] for t in mine) if mine else None
    return TurnGame(tuple(view.centre), targets, give if targets else None,
                    bool(len(mine) >= 2 and doublet_swaps(mine, view.centre)))


def _move(action) -> tuple:
    if isinstance(action, Gain):
        return ("gain", action.number)
    if isinstance(action, Steal):
        return ("steal", action.target, action.number)
    return DOUBLET


def bluffer_options(state: BluffYouState, names=None) -> tuple[list[Option], TurnEquilibrium]:
    """Each option of the bluffer with its value (sorted: best first), and the equilibrium.

    ``names`` (e.g. ``["You", "Bot 1"]``) name the players in the labels, else ``P1`` ...
    """
    if state.phase != "act" or state.roll is None:
        raise InvalidQuestion(_("bluffer advice needs the bluffer to have rolled (phase act), "
                                "the state is in phase {phase}", phase=state.phase))
    eq = solve_turn(turn_game(state))
    dice = state.roll
    mix = eq.mix(dice)
    legal = state.legal_actions()
    groups: dict[tuple, list] = {}
    for a in legal:
        key = ("gain", a.guesser) if isinstance(a, Gain) else (
            ("steal", a.target) if isinstance(a, Steal) else ("doublet", a))
        groups.setdefault(key, []).append(a)
    out = []
    for key, actions in groups.items():
        if key[0] == "doublet":
            out.append(Option("doublet", action_text(key[1]), Fraction(0),
                              mix.get(DOUBLET, Fraction(0)), key[1]))
            continue
        moves = [_move(a) for a in actions]
        by_number = {m[-1]: eq.expected(dice, m) for m in moves}
        total = sum((mix.get(m, Fraction(0)) for m in moves), Fraction(0))
        announce = {m[-1]: mix.get(m, Fraction(0)) / total for m in moves} if total else None
        who = player_name(key[1], names, subject=False)
        label = (_("gain to {player}", player=who) if key[0] == "gain" else
                 _("steal from {player}", player=who))
        out.append(Option(key[0], label, max(by_number.values()), total, None, key[1],
                          by_number, announce))
    order = {id(o): i for i, o in enumerate(out)}
    out.sort(key=lambda o: (-o.value, -o.probability, _KIND_ORDER[o.kind], order[id(o)]))
    return out, eq


def bluffer_advice(state: BluffYouState, names=None) -> BlufferAdvice:
    """Values of every option for the bluffer who has rolled, the best one and why.

    Args:
        state: the bluffer has rolled (phase ``act``).
        names: the players' names as the table shows them (``["You", "Bot 1"]``); ``P0``,
            ``P1`` ... by default.

    Raises:
        InvalidQuestion: if the state is not the bluffer's choice.
    """
    options, eq = bluffer_options(state, names)
    move, best = recommended_move(state, options, eq)
    return BlufferAdvice(state.roll, tuple(options), best, eq,
                         _explain_bluffer(state, options, move, eq, names), move)


def recommended_move(state: BluffYouState, options, eq: TurnEquilibrium) -> tuple[Any, Option]:
    """The move the equilibrium plays most often with the roll (ties: the smaller move), as
    a legal action, and the option holding it (the first of ``options`` that does: among
    gains to different guessers, the one listed first)."""
    mix = eq.mix(state.roll)
    top = min(mix, key=lambda m: (-mix[m], m))
    legal = state.legal_actions()
    for o in options:
        if top == DOUBLET and o.kind == "doublet":
            return o.action, o
        if o.kind != top[0] or (o.kind == "steal" and o.player != top[1]):
            continue
        action = Gain(o.player, top[-1]) if o.kind == "gain" else Steal(o.player, top[-1])
        if action in legal:
            return action, o
    raise InvalidState(_("the equilibrium plays {move}, which no legal action makes",
                         move=move_text(top)))


def _explain_bluffer(state, options, move, eq, names=None) -> str:
    dice = state.roll
    lines = [_("You rolled {dice} (sum {total}). {model} The whole turn is worth {value} to you "
               "before the roll, at equilibrium.", dice=dice_text(dice), total=sum(dice),
               model=MODEL, value=eq.value)]
    for o in options:
        used = [n for n, p in (o.announce or {}).items() if p]
        if o.kind == "doublet":
            lines.append(_("- {option}: worth 0 (a swap keeps your points; you hold fewer "
                           "tokens, which wins ties, and tokens go back to the centre).",
                           option=o.label))
        elif used:
            lines.append(_("- {option}: worth {value} with your roll, announcing {numbers} as "
                           "the equilibrium does.", option=o.label, value=o.value,
                           numbers=_(" or ").join(map(str, sorted(used)))))
        else:
            best_n = [n for n, v in o.by_number.items() if v == o.value]
            lines.append(_n("- {option}: worth {value} with your roll (best number: {numbers}).",
                            "- {option}: worth {value} with your roll (best numbers: "
                            "{numbers}).", len(best_n), option=o.label, value=o.value,
                            numbers=", ".join(map(str, best_n))))
    best = eq.expected(dice, _move(move))
    lines.append(_("Best: {move} (worth {value}). Equilibrium play {words}.",
                   move=action_text(move, names), value=best, words=eq.words(dice, names)))
    calls = ", ".join(_("OK to {move} with probability {p}", move=move_text(m, names),
                        p=eq.believe[m]) for m in eq.mix(dice) if m in eq.believe)
    if calls and len(eq.mix(dice)) > 1:
        lines.append(_("Why mix: the equilibrium guesser says {calls}; against that every move "
                       "in your mix is worth the same, so no single lie or truth does better, "
                       "and mixing keeps the guesser from learning anything they could use.",
                       calls=calls))
    elif calls:
        lines.append(_("Why: the equilibrium guesser says {calls}; no other move does better "
                       "against that.", calls=calls))
    return "\n".join(lines)


# -- the guesser ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CallValues:
    """P(true) and the guesser's expected points for each call under one view of the bluffer.

    All three are ``None`` for an announcement that bluffer never makes: then nothing is known of
    its truth, no call is better than the other (``best`` is ``"either"``).
    """

    p_true: Fraction | None
    ok: Fraction | None
    bluff_you: Fraction | None

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


def _call_values(game: TurnGame, move: tuple, p_true: Fraction) -> CallValues:
    """Guesser's expected points (guesser minus bluffer) for each call given P(true)."""
    n = move[-1]
    right, wrong = -game.payoff(n, move, True), -game.payoff(n, move, False)
    ok = p_true * right + (1 - p_true) * wrong
    bluff = (1 - p_true) * right + p_true * wrong
    return CallValues(p_true, ok, bluff)


def guesser_advice(view: BluffYouState | BluffYouObservation, q: Any = None,
                   names=None) -> GuesserAdvice:
    """What the guesser should answer to the pending announcement (the dice are not used).

    Args:
        view: a state or the guesser's observation in phase ``call``.
        q: the stated model's probability that the bluffer tells the truth when they can
            (``None``: no model, equilibrium only).
        names: the players' names as the table shows them; ``P0``, ``P1`` ... by default.

    >>> s = position(players=2, roll=(1, 1, 1)).apply(Gain(1, 18))
    >>> g = guesser_advice(s, q=1)
    >>> g.vs_model.best, g.vs_model.p_true, g.vs_equilibrium.best
    ('ok', Fraction(1, 1), 'either')
    """
    if view.phase != "call" or view.pending is None:
        raise InvalidQuestion(_("guesser advice needs an announcement awaiting a call, the "
                                "phase is {phase}", phase=view.phase))
    a = view.pending
    game = turn_game(view)
    eq = solve_turn(game)
    move = _move(a)
    n = a.number
    model = vs_model = None
    if q is not None:
        allowed = view.held[a.target] if isinstance(a, Steal) else view.centre
        model = posterior_true(n, allowed, q)
        vs_model = _call_values(game, move, model.posterior)
    post = eq.posterior(move)
    # never made at equilibrium: P(true) and the calls' values are undefined (they were given as
    # b * right + (1 - b) * wrong, a number that is no call's value); eq.believe still says how
    # often the equilibrium guesser says OK
    vs_eq = CallValues(None, None, None) if post is None else _call_values(game, move, post)
    explanation = _explain_guesser(a, move, game, eq, model, vs_model, vs_eq, names)
    return GuesserAdvice(a, model, vs_model, vs_eq, eq.believe[move], explanation)


def _explain_guesser(a, move, game, eq, model, vs_model, vs_eq, names=None) -> str:
    n = a.number
    right, wrong = -game.payoff(n, move, True), game.payoff(n, move, False)
    lines = [_("{move}: if you are right you gain {right} on the bluffer, if wrong you lose "
               "{wrong} (difference of points, this turn only).", move=action_text(a, names),
               right=right, wrong=wrong)]
    if model is not None:
        lines.append(model.explain())
        lines.append(_("Against this model: OK is worth {ok}, Bluff you {bluff_you} -> {best}.",
                       ok=vs_model.ok, bluff_you=vs_model.bluff_you, best=say_call(vs_model.best)))
    if vs_eq.p_true is None:
        lines.append(_("The equilibrium bluffer never plays {move}; the equilibrium guesser "
                       "says OK with probability {p}.", move=move_text(move, names),
                       p=eq.believe[move]))
    else:
        lines.append(_("Against the equilibrium bluffer P(true | {move}) = {p_true}: OK is worth "
                       "{ok}, Bluff you {bluff_you} -> {best}. The equilibrium guesser says OK "
                       "with probability {p}, which leaves the bluffer nothing to gain by "
                       "changing how often they lie.", move=move_text(move, names),
                       p_true=vs_eq.p_true, ok=vs_eq.ok, bluff_you=vs_eq.bluff_you,
                       best=say_call(vs_eq.best), p=eq.believe[move]))
    return "\n".join(lines)


def say_call(best: str) -> str:
    """A call as ``CallValues.best`` names it (``ok``, ``bluff you``, ``either``), in words."""
    return {"ok": _("ok"), "bluff you": _("bluff you"), "either": _("either")}[best]
