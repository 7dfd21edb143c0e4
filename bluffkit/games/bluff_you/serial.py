"""Bluff You states to JSON and back; loading accepts only states the engine can reach.

How a loaded state is checked (by construction): every field is read and named if malformed;
then the engine rebuilds the state and the loaded state must equal it field for field:

- every turn played is played again from ``BluffYouState.new(rules)``: the state keeps their
  results (``past``, then ``last``), and from each the engine applies the roll, the
  announcement or doublet, the call and the give; each must give the same result (so the
  bluffer, who goes round from player 0, is the one of that turn);
- the turn in progress is played from its start through ``apply``: the roll, the pending
  announcement, the call.

So the tokens held, the turn number and the bluffer are the engine's, whatever was changed.
"""

from __future__ import annotations

from ...core import BluffkitError, InvalidState
from ...core.codec import Codec, Field, apply_logged
from ...core.fields import impossible, items, readable, whole_number, whole_numbers
from ...core.i18n import _
from ...core.kinds import FLAG, RAW, SEAT, TEXT, Kind, choice, saved, textual, whole
from .actions import Call, Gain, Give, Roll, Steal, parse_action_text
from .state import PHASES, BluffYouObservation, BluffYouRules, BluffYouState, TurnResult
from .tokens import dice_text, parse_dice

CALLS = {"ok": True, "bluff you": False}
DICE = textual(parse_dice, dice_text)
TOKENS = Kind(lambda v, name, rules: tuple(sorted(whole_numbers(v, name, 3, 18))), list)


def _pending(t: str) -> Gain | Steal:
    a = parse_action_text(t)
    if not isinstance(a, Gain | Steal):
        raise InvalidState(_("field 'pending' must be a gain or a steal, got {readable}",
                             readable=readable(t)))
    return a


def _moves(v, name: str, rules) -> tuple:
    """A turn's token moves: ``[token, from, to]``, ``None`` for the centre."""
    seat = SEAT.optional.read
    moves = []
    for m in items(v, name):
        m = items(m, name)
        if len(m) != 3:
            raise InvalidState(_("field {name} lists token moves as [token, from, to], got "
                                 "{readable}", name=repr(name), readable=readable(m)))
        moves.append((whole_number(m[0], name, 3, 18), seat(m[1], name, rules),
                      seat(m[2], name, rules)))
    return tuple(moves)


RESULT = saved(TurnResult, bluffer=SEAT, action=TEXT, roll=DICE, call=TEXT.optional,
               truthful=FLAG.optional, guesser=SEAT.optional, guesser_right=FLAG.optional,
               moves=Kind(_moves))


def check(s: BluffYouState) -> None:
    """Raise ``InvalidState`` unless ``s`` holds each token once and the fields its phase needs.

    The advice checks positions set up for analysis with this; loading also plays the last turn
    and this one again (:func:`check_reachable`).
    """
    n = s.rules.players
    if s.phase not in PHASES:
        _bad(_("phase must be one of {join}, got {phase}",
               join=', '.join(PHASES), phase=repr(s.phase)))
    if len(s.held) != n:
        _bad(_("held needs one list of tokens per player ({count})", count=n))
    every = list(s.centre) + [t for h in s.held for t in h]
    if sorted(every) != list(s.rules.tokens):
        _bad(_("the centre and the players must hold each token of {list} exactly once, they hold "
               "{sorted}", list=list(s.rules.tokens), sorted=sorted(every)))
    if s.bluffer not in range(n):
        _bad(_("the bluffer must be a player 0-{value}, got {bluffer}",
               value=n - 1, bluffer=s.bluffer))
    if s.turn < 0:
        _bad(_("turn counts the turns played (0 or more), got {turn}", turn=s.turn))
    seats = [None, *range(n)]
    last = s.last
    if last is not None and (last.bluffer not in range(n) or last.guesser not in seats or any(
            t not in s.rules.tokens or a not in seats or b not in seats or a == b
            for t, a, b in last.moves)):
        _bad(_("the last turn names players or token moves that cannot exist (players are "
               "0-{value}, None is the centre)", value=n - 1))
    if (s.phase == "over") != (not s.centre):
        _bad(_("the game is over exactly when the centre is empty"))
    if (s.roll is None) != (s.phase in ("roll", "over")):
        _bad(_("a roll is known in phases act, call and give only (phase {phase})", phase=s.phase))
    if (s.pending is None) != (s.phase not in ("call", "give")):
        _bad(_("an announcement awaits an answer in phases call and give only (phase {phase})",
               phase=s.phase))
    if (s.call is None) != (s.phase != "give") or s.call not in (None, True, False):
        _bad(_("the guesser's call is kept during the give phase only"))
    p = s.pending
    if isinstance(p, Gain) and (p.guesser in (s.bluffer,) or p.guesser not in range(n)
                                or p.number not in s.centre):
        _bad(_("the pending {p} is not a legal gain", p=p))
    if isinstance(p, Steal) and (p.target == s.bluffer or p.target not in range(n)
                                 or p.number not in s.held[p.target] or not s.held[s.bluffer]):
        _bad(_("the pending {p} is not a legal steal", p=p))
    if p is not None and not isinstance(p, Gain | Steal):
        _bad(_("the pending action must be a gain or a steal, got {p}", p=p))
    if s.phase == "give":
        if not isinstance(p, Steal) or (sum(s.roll) == p.number) != s.call:
            _bad(_("the give phase follows a steal the guesser called right"))
        if len(s.held[s.bluffer]) < 2:
            _bad(_("a give with a single token is applied at once"))


_bad = impossible("Bluff You")


def _rebuild(s: BluffYouState, log: list | None = None) -> BluffYouState:
    rules = s.rules
    every = sorted(list(s.centre) + [t for h in s.held for t in h])
    if every != list(rules.tokens):
        _bad(_("the centre and the players must hold each token of {list} exactly once, they hold "
               "{every}", list=list(rules.tokens), every=every))
    turns = s.past + ((s.last,) if s.last else ())
    if s.past and s.last is None:
        _bad(_("earlier turns ('past') are kept with the last turn's result ('last')"))
    if len(turns) != s.turn:
        _bad(_("field 'turn' is {turn} but the state keeps {turns} turns played ('past' and "
               "'last')", turn=s.turn, turns=len(turns)))
    state = BluffYouState.new(rules)
    for number, r in enumerate(turns, 1):
        if state.phase == "over":
            _bad(_("turn {number} comes after the end of the game", number=number))
        state = _turn_again(state, r, number, log)
    if s.phase == "over" or state.phase == "over":
        return state
    if s.phase in ("act", "call", "give"):
        if s.roll is None:
            _bad(_("phase {phase} comes after the roll: the roll is missing", phase=s.phase))
        state = apply_logged(state, Roll(s.roll), log)
    if s.phase in ("call", "give"):
        if s.pending is None:
            _bad(_("phase {phase} answers an announcement: 'pending' is missing", phase=s.phase))
        state = apply_logged(state, s.pending, log)
    if s.phase == "give":
        if s.call is None:
            _bad(_("phase give comes after the call: 'call' is missing"))
        state = apply_logged(state, Call(s.call), log)
    return state


def _turn_again(state: BluffYouState, r: TurnResult, number: int,
                log: list | None = None) -> BluffYouState:
    """The state after the engine plays turn ``number`` again as its result ``r`` shows."""
    try:
        state = apply_logged(state, Roll(r.roll), log)
        state = apply_logged(state, parse_action_text(r.action), log)
        if state.phase == "call":
            if r.call not in CALLS:
                _bad(_("turn {number}'s announcement was answered 'ok' or 'bluff you'",
                       number=number))
            state = apply_logged(state, Call(CALLS[r.call]), log)
        if state.phase == "give":
            if len(r.moves) != 1:
                _bad(_("turn {number} ended with one token given", number=number))
            state = apply_logged(state, Give(r.moves[0][0]), log)
    except (BluffkitError, ValueError) as e:
        if isinstance(e, InvalidState):
            raise
        _bad(_("turn {number} ({action}) cannot be played again: {e}",
               number=number, action=r.action, e=e))
    if state.last != r:
        _bad(_("turn {number}'s result does not follow from its roll, announcement and call (the "
               "bluffer goes round from player 0)", number=number))
    return state


CODEC = Codec("bluff-you", "Bluff You", BluffYouState, BluffYouRules, (
    Field("centre", TOKENS),
    Field("held", TOKENS.per_player),
    Field("bluffer", SEAT),
    Field("phase", choice(PHASES)),
    Field("roll", DICE.optional, None),
    Field("pending", textual(_pending).optional, None),
    Field("call", FLAG.optional, None),
    Field("turn", whole(0), 0),
    Field("last", RESULT.optional, None),
    Field("past", RESULT.listed, ()),
), _rebuild, check, BluffYouObservation, (
    Field("player", SEAT), Field("bluffer", SEAT), Field("phase", RAW), Field("to_move", RAW),
    Field("centre", RAW.listed), Field("held", RAW.listed.listed), Field("roll", DICE.optional),
    Field("pending", textual(parse_action_text).optional),
    Field("call", Kind(lambda v, name, rules: v == str(Call(True))).optional),
    Field("turn", RAW), Field("last", RESULT.optional)))
state_to_json = CODEC.to_json
state_from_json = CODEC.from_json
check_reachable = CODEC.check_reachable
observation_from_json = CODEC.observation_from_json

__all__ = ["CODEC", "check", "observation_from_json", "state_from_json", "state_to_json"]
