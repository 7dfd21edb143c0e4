"""The review of a Bluff You game: each announcement, call and give of one seat, and each turn.

**Values** (points: my points minus the other player's this turn, higher is better), those
``bluffkit.advice.bluff_you`` gives: the bluffer's announcement or doublet against the
equilibrium guesser (each legal announcement by its number; the whole turn solved exactly, and an
announcement the equilibrium makes with this roll costs nothing); the guesser's call against the
stated model (the bluffer truthful with probability ``q`` when they can, 1/2 as at the table),
either call costing nothing when the equilibrium guesser mixes them after an announcement the
equilibrium bluffer makes; the give after a failed steal: each token given costs the guesser's
gain plus my loss, twice its points (the advice: give the cheapest). Exact.

**Luck**: a turn's result is my points minus the other player's (the guesser's for the bluffer,
the bluffer's for the guesser). The bluffer saw the dice: their expected result is what happened.
The guesser's expected result is the advice's value of the call made, under the stated model
(which counts the cheapest token as the one given back); exact. A doublet, and a turn the seat
is not part of, is not counted.
"""

from __future__ import annotations

from fractions import Fraction

from ..advice.bluff_you import bluffer_advice, guesser_advice
from ..advice.bluff_you.turn import DOUBLET
from ..core.i18n import _
from ..games.bluff_you import (
    POINTS,
    BluffYouState,
    Call,
    Gain,
    Give,
    Steal,
    action_text,
)
from .judge import Settings, judge, transitions
from .model import Choice, Decision, RoundLuck

UNIT = "points"
LOWER_IS_BETTER = False


def decision(move: int, obs, action, settings: Settings) -> Decision:
    """The review of the seat's ``action`` at ``obs`` (its announcement, call or give)."""
    if obs.phase == "act":
        return _bluffer(move, obs, action, settings)
    if obs.phase == "call":
        return _guesser(move, obs, action, settings)
    return _give(move, obs, action)


def turn_move(action) -> tuple:
    """The turn game's name of an announcement (``("gain", n)``, ``("steal", target, n)``) or
    of a doublet."""
    if isinstance(action, Gain):
        return ("gain", action.number)
    if isinstance(action, Steal):
        return ("steal", action.target, action.number)
    return DOUBLET


def _bluffer(move: int, obs, action, settings: Settings) -> Decision:
    state = BluffYouState(obs.rules, obs.centre, obs.held, obs.bluffer, "act", obs.roll)
    advice = bluffer_advice(state, settings.names)
    mix = advice.equilibrium.mix(obs.roll)
    options = []
    for o in advice.options:
        if o.kind == "doublet":
            options.append(Choice(str(o.action), o.value, mix.get(DOUBLET, Fraction(0)),
                                  o.to_json()))
            continue
        make = Gain if o.kind == "gain" else Steal
        for n, v in o.by_number.items():
            a = make(o.player, n)
            options.append(Choice(str(a), v, mix.get(turn_move(a), Fraction(0)), o.to_json()))
    values = {c.action: c.value for c in options}
    return judge("bluff-you", move, obs.turn + 1, obs, options, action, values[str(action)],
                 advice.move, values[str(advice.move)], lower_is_better=False,
                 in_support=mix.get(turn_move(action), 0) > 0,
                 explanation=advice.explanation, advice=advice)


def _guesser(move: int, obs, action, settings: Settings) -> Decision:
    g = guesser_advice(obs, q=settings.q, names=settings.names)
    on_path = g.vs_equilibrium.p_true is not None
    p_ok = g.p_ok_equilibrium if on_path else None
    options = [Choice(str(Call(True)), g.vs_model.ok, p_ok),
               Choice(str(Call(False)), g.vs_model.bluff_you, None if p_ok is None else 1 - p_ok)]
    best = {"ok": Call(True), "bluff you": Call(False)}.get(g.vs_model.best, action)
    chosen = options[0] if action.believe else options[1]
    return judge("bluff-you", move, obs.turn + 1, obs, options, action, chosen.value, best,
                 max(g.vs_model.ok, g.vs_model.bluff_you), lower_is_better=False,
                 in_support=bool(on_path and chosen.frequency), explanation=g.explanation,
                 advice=g)


def _give(move: int, obs, action) -> Decision:
    mine = obs.held[obs.bluffer]
    cheapest = min(mine, key=lambda t: (POINTS[t], t))
    options = [Choice(str(Give(t)), Fraction(-2 * POINTS[t])) for t in sorted(set(mine))]
    text = _("Give your cheapest token: it costs you the fewest points.")
    return judge("bluff-you", move, obs.turn + 1, obs, options, action,
                 Fraction(-2 * POINTS[action.token]), Give(cheapest),
                 Fraction(-2 * POINTS[cheapest]), lower_is_better=False, explanation=text)


def say(action) -> str:
    """An action in the current language (``gain 12 to P1``, ``ok``)."""
    return action_text(action)


# -- luck -----------------------------------------------------------------------------------------
def rounds(steps, seat: int, settings: Settings) -> list[RoundLuck]:
    """Each turn the seat bluffed or guessed in (doublets aside): expected and actual."""
    out, call = [], None
    for before, action, after in transitions(steps):
        if before.phase == "call" and before.current_player() == seat:
            call = (before.observation(seat), action)
        if after.turn == before.turn:
            continue
        r = after.last
        if r.guesser is None or seat not in (r.bluffer, r.guesser):
            call = None
            continue
        other = r.guesser if seat == r.bluffer else r.bluffer
        actual = Fraction(_gained(r, seat) - _gained(r, other))
        expected = actual
        if seat == r.guesser and call is not None:
            g = guesser_advice(call[0], q=settings.q)
            expected = g.vs_model.ok if call[1].believe else g.vs_model.bluff_you
        out.append(RoundLuck(after.turn, expected, actual))
        call = None
    return out


def _gained(r, player: int) -> int:
    """Points ``player`` gained this turn (tokens in minus tokens out)."""
    return sum(POINTS[t] * ((to == player) - (src == player)) for t, src, to in r.moves)


__all__ = ["LOWER_IS_BETTER", "UNIT", "decision", "rounds", "say", "turn_move"]
