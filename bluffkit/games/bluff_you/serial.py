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
from ...core.fields import (
    check_json,
    field,
    impossible,
    items,
    one_of,
    readable,
    rebuilt_or_refused,
    record,
    text,
    true_or_false,
    whole_number,
    whole_numbers,
)
from ...core.i18n import _
from .actions import Call, Gain, Give, Roll, Steal, parse_action_text
from .state import PHASES, BluffYouObservation, BluffYouRules, BluffYouState, TurnResult
from .tokens import dice_text, parse_dice

CALLS = {"ok": True, "bluff you": False}


def state_to_json(s: BluffYouState) -> dict:
    return {
        "game": "bluff-you",
        "rules": s.rules.to_json(),
        "centre": list(s.centre),
        "held": [list(h) for h in s.held],
        "bluffer": s.bluffer,
        "phase": s.phase,
        "roll": dice_text(s.roll) if s.roll else None,
        "pending": str(s.pending) if s.pending else None,
        "call": s.call,
        "turn": s.turn,
        "last": s.last.to_json() if s.last else None,
        "past": [r.to_json() for r in s.past],
    }


def state_from_json(data: dict) -> BluffYouState:
    """Rebuild a state, checking that the engine can reach it (see the module docstring).

    Raises:
        InvalidState: naming the field that is corrupt or impossible.

    >>> s = BluffYouState.new()
    >>> state_from_json(state_to_json(s)) == s
    True
    >>> state_from_json({**state_to_json(s), "bluffer": 2})
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidState: impossible Bluff You state: field 'bluffer' is 2 but the \
game gives 0
    """
    data = check_json(data, "bluff-you", "Bluff You")
    rules = field(data, "rules", _rules)
    n = rules.players

    def tokens(name):
        return lambda v: tuple(sorted(whole_numbers(v, name, 3, 18)))

    def held(v):
        vs = items(v, "held")
        if len(vs) != n:
            raise InvalidState(_("field 'held' needs one list of tokens per player ({count}), got "
                                 "{readable}", count=n, readable=readable(v)))
        return tuple(tokens("held")(h) for h in vs)

    def pending(v):
        if v is None:
            return None
        a = parse_action_text(text(v, "pending"))
        if not isinstance(a, Gain | Steal):
            raise InvalidState(_("field 'pending' must be a gain or a steal, got {readable}",
                                 readable=readable(v)))
        return a

    s = BluffYouState(
        rules=rules,
        centre=field(data, "centre", tokens("centre")),
        held=field(data, "held", held),
        bluffer=field(data, "bluffer", lambda v: whole_number(v, "bluffer", 0, n - 1)),
        phase=field(data, "phase", lambda v: one_of(v, "phase", PHASES)),
        roll=field(data, "roll", lambda v: None if v is None else parse_dice(text(v, "roll")),
                   None),
        pending=field(data, "pending", pending, None),
        call=field(data, "call", lambda v: None if v is None else true_or_false(v, "call"),
                   None),
        turn=field(data, "turn", lambda v: whole_number(v, "turn", 0), 0),
        last=field(data, "last", lambda v: None if v is None else _result(v, n), None),
        past=field(data, "past", lambda v: tuple(_result(r, n, "past") for r in items(v, "past")),
                   ()),
    )
    check(s)
    check_reachable(s)
    return s


def check(s: BluffYouState) -> None:
    """Raise ``InvalidState`` unless ``s`` holds each token once and the fields its phase needs.

    The advice checks positions set up for analysis with this; loading also plays the last turn
    and this one again (:func:`check_reachable`).
    """
    n = s.rules.players

    def bad(msg: str):
        raise InvalidState(_("impossible Bluff You state: {msg}", msg=msg))

    if s.phase not in PHASES:
        bad(_("phase must be one of {join}, got {phase}",
              join=', '.join(PHASES), phase=repr(s.phase)))
    if len(s.held) != n:
        bad(_("held needs one list of tokens per player ({count})", count=n))
    every = list(s.centre) + [t for h in s.held for t in h]
    if sorted(every) != list(s.rules.tokens):
        bad(_("the centre and the players must hold each token of {list} exactly once, they hold "
              "{sorted}", list=list(s.rules.tokens), sorted=sorted(every)))
    if s.bluffer not in range(n):
        bad(_("the bluffer must be a player 0-{value}, got {bluffer}",
              value=n - 1, bluffer=s.bluffer))
    if s.turn < 0:
        bad(_("turn counts the turns played (0 or more), got {turn}", turn=s.turn))
    seats = [None, *range(n)]
    last = s.last
    if last is not None and (last.bluffer not in range(n) or last.guesser not in seats or any(
            t not in s.rules.tokens or a not in seats or b not in seats or a == b
            for t, a, b in last.moves)):
        bad(_("the last turn names players or token moves that cannot exist (players are "
              "0-{value}, None is the centre)", value=n - 1))
    if (s.phase == "over") != (not s.centre):
        bad(_("the game is over exactly when the centre is empty"))
    if (s.roll is None) != (s.phase in ("roll", "over")):
        bad(_("a roll is known in phases act, call and give only (phase {phase})", phase=s.phase))
    if (s.pending is None) != (s.phase not in ("call", "give")):
        bad(_("an announcement awaits an answer in phases call and give only (phase {phase})",
              phase=s.phase))
    if (s.call is None) != (s.phase != "give") or s.call not in (None, True, False):
        bad(_("the guesser's call is kept during the give phase only"))
    p = s.pending
    if isinstance(p, Gain) and (p.guesser in (s.bluffer,) or p.guesser not in range(n)
                                or p.number not in s.centre):
        bad(_("the pending {p} is not a legal gain", p=p))
    if isinstance(p, Steal) and (p.target == s.bluffer or p.target not in range(n)
                                 or p.number not in s.held[p.target] or not s.held[s.bluffer]):
        bad(_("the pending {p} is not a legal steal", p=p))
    if p is not None and not isinstance(p, Gain | Steal):
        bad(_("the pending action must be a gain or a steal, got {p}", p=p))
    if s.phase == "give":
        if not isinstance(p, Steal) or (sum(s.roll) == p.number) != s.call:
            bad(_("the give phase follows a steal the guesser called right"))
        if len(s.held[s.bluffer]) < 2:
            bad(_("a give with a single token is applied at once"))


def check_reachable(s: BluffYouState) -> None:
    """Raise ``InvalidState`` unless the engine reaches ``s`` (module docstring).

    >>> check_reachable(BluffYouState.new())
    """
    rebuilt_or_refused("Bluff You", s, _rebuild, state_to_json)


_bad = impossible("Bluff You")


def _rebuild(s: BluffYouState) -> BluffYouState:
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
        state = _turn_again(state, r, number)
    if s.phase == "over" or state.phase == "over":
        return state
    if s.phase in ("act", "call", "give"):
        if s.roll is None:
            _bad(_("phase {phase} comes after the roll: the roll is missing", phase=s.phase))
        state = state.apply(Roll(s.roll))
    if s.phase in ("call", "give"):
        if s.pending is None:
            _bad(_("phase {phase} answers an announcement: 'pending' is missing", phase=s.phase))
        state = state.apply(s.pending)
    if s.phase == "give":
        if s.call is None:
            _bad(_("phase give comes after the call: 'call' is missing"))
        state = state.apply(Call(s.call))
    return state


def _turn_again(state: BluffYouState, r: TurnResult, number: int) -> BluffYouState:
    """The state after the engine plays turn ``number`` again as its result ``r`` shows."""
    try:
        state = state.apply(Roll(r.roll)).apply(parse_action_text(r.action))
        if state.phase == "call":
            if r.call not in CALLS:
                _bad(_("turn {number}'s announcement was answered 'ok' or 'bluff you'",
                       number=number))
            state = state.apply(Call(CALLS[r.call]))
        if state.phase == "give":
            if len(r.moves) != 1:
                _bad(_("turn {number} ended with one token given", number=number))
            state = state.apply(Give(r.moves[0][0]))
    except (BluffkitError, ValueError) as e:
        if isinstance(e, InvalidState):
            raise
        _bad(_("turn {number} ({action}) cannot be played again: {e}",
               number=number, action=r.action, e=e))
    if state.last != r:
        _bad(_("turn {number}'s result does not follow from its roll, announcement and call (the "
               "bluffer goes round from player 0)", number=number))
    return state



def _rules(v) -> BluffYouRules:
    if not isinstance(v, dict) or not set(v) <= {"players", "tokens"}:
        raise InvalidState(_("field 'rules' must be an object with the fields players and tokens, "
                             "got {readable}", readable=readable(v)))
    d = dict(v)
    if "tokens" in d:
        d["tokens"] = tuple(items(d["tokens"], "rules"))
    return BluffYouRules(**d)


def _result(d, n: int, name: str = "last") -> TurnResult:
    d = record(d, name, ("bluffer", "action", "roll", "call", "truthful", "guesser",
                           "guesser_right", "moves"))

    def maybe(v, read):
        return None if v is None else read(v)

    def seat(v):
        return maybe(v, lambda x: whole_number(x, name, 0, n - 1))

    moves = []
    for m in items(d["moves"], name):
        m = items(m, name)
        if len(m) != 3:
            raise InvalidState(_("field {name} lists token moves as [token, from, to], got "
                                 "{readable}", name=repr(name), readable=readable(m)))
        moves.append((whole_number(m[0], name, 3, 18), seat(m[1]), seat(m[2])))
    return TurnResult(
        bluffer=whole_number(d["bluffer"], name, 0, n - 1), action=text(d["action"], name),
        roll=parse_dice(text(d["roll"], name)),
        call=maybe(d["call"], lambda v: text(v, name)),
        truthful=maybe(d["truthful"], lambda v: true_or_false(v, name)),
        guesser=seat(d["guesser"]),
        guesser_right=maybe(d["guesser_right"], lambda v: true_or_false(v, name)),
        moves=tuple(moves))


def observation_from_json(d: dict, rules: BluffYouRules) -> BluffYouObservation:
    """A seat's :class:`BluffYouObservation` from its ``to_json()`` (what the class server
    sends that seat), read back exactly.

    >>> s = BluffYouState.new(BluffYouRules(players=3))
    >>> o = s.observation(2)
    >>> observation_from_json(o.to_json(), s.rules) == o
    True
    """
    n = rules.players
    return BluffYouObservation(
        whole_number(d["player"], "player", 0, n - 1),
        whole_number(d["bluffer"], "bluffer", 0, n - 1), d["phase"], d["to_move"],
        tuple(items(d["centre"], "centre")), tuple(tuple(h) for h in items(d["held"], "held")),
        None if d["roll"] is None else parse_dice(text(d["roll"], "roll")),
        None if d["pending"] is None else parse_action_text(text(d["pending"], "pending")),
        None if d["call"] is None else d["call"] == str(Call(True)), d["turn"],
        None if d["last"] is None else _result(d["last"], n), rules)
