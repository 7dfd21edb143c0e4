"""Poker dice states to JSON and back; loading accepts only states the engine can reach.

How a loaded state is checked (by construction, the whole game): every field is read and named
if malformed; then the engine plays the game again and the loaded state must equal the state
reached, field for field:

- ``start``: ``PokerDiceState.new(rules)`` with the players still rolling for leader and the
  faces rolled;
- later: from ``PokerDiceState.new(rules)`` (the first round's leader wins the roll for
  leader), each round the state keeps (``past``: leader, peekers, history), then the round under
  way, are played through ``apply``: the peekers rolled, then every entry of the round's
  ``history`` (antes, passes, the common roll, bets). Each kept round must end with its last
  entry and be led by the player the engine gives, so the points, the leader, the round number
  and the ``last`` round's result are the engine's, whatever was changed.
"""

from __future__ import annotations

from dataclasses import replace

from ...core import CHANCE, TERMINAL, BluffkitError, InvalidState
from ...core.fields import (
    check_json,
    field,
    impossible,
    items,
    one_of,
    pairs,
    per_player,
    readable,
    rebuilt_or_refused,
    record,
    text,
    true_or_false,
    whole_number,
    whole_numbers,
)
from ...core.i18n import _
from .actions import DICE_PER_PEEKER, PokerDiceRules, Roll, StartRoll
from .hand import FACES, dice_text, parse_dice
from .pots import PotResult
from .state import PHASES, STATUSES, PlayedRound, PokerDiceObservation, PokerDiceState, RoundResult

KINDS = ("showdown", "default", "no ante", "one ante")


def state_to_json(s: PokerDiceState) -> dict:
    return {
        "game": "poker-dice",
        "rules": s.rules.to_json(),
        "chips": list(s.chips),
        "phase": s.phase,
        "leader": s.leader,
        "to_move": s.to_move,
        "status": list(s.status),
        "peekers": [dice_text(d) for d in s.peekers],
        "committed": list(s.committed),
        "common": dice_text(s.common),
        "pending": list(s.pending),
        "opened": s.opened,
        "round": s.round,
        "history": [[p, a] for p, a in s.history],
        "contenders": list(s.contenders),
        "start_faces": list(s.start_faces),
        "last": s.last.to_json() if s.last else None,
        "past": [r.to_json() for r in s.past],
    }


def state_from_json(data: dict) -> PokerDiceState:
    """Rebuild a state, checking that the engine can reach it (see the module docstring).

    Raises:
        InvalidState: naming the field that is corrupt or impossible.

    >>> s = PokerDiceState.new()
    >>> state_from_json(s.to_json()) == s
    True
    >>> state_from_json({**s.to_json(), "round": 3})
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidState: impossible poker dice state: field 'round' is 3 but the \
game gives 0
    """
    data = check_json(data, "poker-dice", "poker dice")
    rules = field(data, "rules", _rules)
    n = rules.players

    def points(name):
        return per_player(name, n, lambda v: whole_number(v, name, 0))

    def seats(name):
        return lambda v: whole_numbers(v, name, 0, n - 1)

    s = PokerDiceState(
        rules=rules,
        chips=field(data, "chips", points("chips")),
        phase=field(data, "phase", lambda v: one_of(v, "phase", PHASES)),
        leader=field(data, "leader", lambda v: whole_number(v, "leader", 0, n - 1)),
        to_move=field(data, "to_move", lambda v: whole_number(v, "to_move", TERMINAL, n - 1)),
        status=field(data, "status", per_player("status", n, lambda v: one_of(v, "status",
                                                                            STATUSES))),
        peekers=field(data, "peekers", per_player("peekers", n, lambda v: _dice(v, "peekers"))),
        committed=field(data, "committed", points("committed")),
        common=field(data, "common", lambda v: _dice(v, "common"), ()),
        pending=field(data, "pending", seats("pending"), ()),
        opened=field(data, "opened", lambda v: true_or_false(v, "opened"), False),
        round=field(data, "round", lambda v: whole_number(v, "round", 0), 0),
        history=field(data, "history", lambda v: pairs(v, "history"), ()),
        contenders=field(data, "contenders", seats("contenders"), ()),
        start_faces=field(data, "start_faces", lambda v: whole_numbers(v, "start_faces", 9, 14),
                          ()),
        last=field(data, "last", lambda v: None if v is None else _result(v, n), None),
        past=field(data, "past", lambda v: tuple(_played(r, n) for r in items(v, "past")), ()),
    )
    check(s)
    return s


def check(s: PokerDiceState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the engine can reach.

    >>> check(PokerDiceState.new())
    """
    rebuilt_or_refused("poker dice", s, _rebuild, state_to_json)


_bad = impossible("poker dice")


def _rebuild(s: PokerDiceState) -> PokerDiceState:
    rules = s.rules
    total = sum(rules.start_stacks())
    if sum(s.chips) + sum(s.committed) != total:
        _bad(_("the players hold {sum} points and the middle {sum2}, but the game has {total}",
               sum=sum(s.chips), sum2=sum(s.committed), total=total))
    if s.phase == "start":
        new = PokerDiceState.new(rules)
        if new.phase != "start":
            _bad(_("with a fixed leader (rules) the game starts without the roll for leader"))
        if len(s.contenders) < 2 or list(s.contenders) != sorted(set(s.contenders)):
            _bad(_("the roll for the first leader needs two or more players, in seat order, got "
                   "{list}", list=list(s.contenders)))
        if len(s.start_faces) >= len(s.contenders):
            _bad(_("the roll for the first leader has no contender left to roll"))
        return replace(new, contenders=s.contenders, start_faces=s.start_faces,
                       to_move=s.contenders[len(s.start_faces)])
    rounds = s.past if s.phase == "over" else s.past + (
        PlayedRound(s.leader, s.peekers, s.history),)
    if not rounds:
        _bad(_("a finished game keeps the rounds it played ('past')"))
    state = _first_round(rules, rounds[0].leader)
    for number, r in enumerate(rounds, 1):
        if state.phase == "over":
            _bad(_("round {number} ('past') comes after the end of the game", number=number))
        if state.leader != r.leader:
            _bad(_("player {leader} leads round {number}, not player {leader2} (the lead passes to"
                   " the left each round)", leader=state.leader, number=number, leader2=r.leader))
        state = _replay(r, state, number, finished=number <= len(s.past))
    return state


def _first_round(rules: PokerDiceRules, leader: int) -> PokerDiceState:
    """The game at the start of round 1, led by ``leader`` (who wins the roll for leader)."""
    state = PokerDiceState.new(rules)
    while state.phase == "start":
        state = state.apply(StartRoll(FACES[-1] if state.to_move == leader else FACES[0]))
    return state


def _replay(r: PlayedRound, state: PokerDiceState, number: int,
            finished: bool) -> PokerDiceState:
    """Roll the peekers of round ``number`` as ``r`` shows, then play its history through the
    engine; a ``finished`` round must end with its last entry, the round under way not."""
    while state.phase == "peek" and r.peekers[state.to_move]:
        state = state.apply(Roll(r.peekers[state.to_move]))
    for i, (p, t) in enumerate(r.history):
        if state.round != number:
            _bad(_("round {number}'s history entry {i} ends the round, yet entries follow it",
                   number=number, i=i))
        try:
            if p == CHANCE and t.startswith("common "):
                action = Roll(parse_dice(t[len("common "):]))
            else:
                if p != state.current_player():
                    _bad(_("round {number}'s history entry {value} is player {p}'s, but {who} was "
                           "to move",
                           number=number, value=i + 1, p=p, who=_who(state.current_player())))
                action = state.parse_action(t)
            state = state.apply(action)
        except InvalidState:
            raise
        except (BluffkitError, ValueError) as e:
            _bad(_("round {number}'s history entry {value} ({readable}) cannot be played: {e}",
                   number=number, value=i + 1, readable=readable(t), e=e))
    if finished and state.round == number and state.phase != "over":
        _bad(_("round {number}'s history ('past') stops before the round ends", number=number))
    if not finished and state.round != number:
        _bad(_("the history ends round {number}, so it cannot be this round's history",
               number=number))
    return state


def _who(p: int) -> str:
    return _("chance") if p == CHANCE else _("player {p}", p=p)


def _rules(v) -> PokerDiceRules:
    if not isinstance(v, dict):
        raise InvalidState(_("field 'rules' must be an object, got {readable}",
                             readable=readable(v)))
    return PokerDiceRules.from_json(v)


def _dice(v, name: str) -> tuple[int, ...]:
    dice = parse_dice(text(v, name))
    if dice and len(dice) != DICE_PER_PEEKER:
        raise InvalidState(_("field {name} holds {dice_per_peeker} dice or none, got {readable}",
                             name=repr(name), dice_per_peeker=DICE_PER_PEEKER,
                             readable=readable(v)))
    return dice


def _played(d, n: int) -> PlayedRound:
    d = record(d, "past", ("leader", "peekers", "history"))
    return PlayedRound(whole_number(d["leader"], "past", 0, n - 1),
                       per_player("past", n, lambda v: _dice(v, "past"))(d["peekers"]),
                       pairs(d["history"], "past"))


def _result(d, n: int) -> RoundResult:
    d = record(d, "last", ("kind", "leader", "common", "shown", "committed", "payouts", "pots"))
    shown = tuple(_dice(x, "last") for x in items(d["shown"], "last"))
    committed = whole_numbers(d["committed"], "last", 0)
    payouts = whole_numbers(d["payouts"], "last", 0)
    if len(committed) != n or len(payouts) != n or len(shown) not in (0, n):
        raise InvalidState(_("field 'last' needs points put in and paid for each player ({count})",
                             count=n))
    pots = []
    for p in items(d["pots"], "last"):
        p = record(p, "last", ("amount", "eligible", "winners", "shares"))
        pots.append(PotResult(whole_number(p["amount"], "last", 0),
                              whole_numbers(p["eligible"], "last", 0, n - 1),
                              whole_numbers(p["winners"], "last", 0, n - 1),
                              whole_numbers(p["shares"], "last", 0)))
    return RoundResult(one_of(d["kind"], "last", KINDS),
                       whole_number(d["leader"], "last", 0, n - 1),
                       _dice(d["common"], "last"), shown, committed, payouts, tuple(pots))



def observation_from_json(d: dict, rules: PokerDiceRules) -> PokerDiceObservation:
    """A seat's :class:`PokerDiceObservation` from its ``to_json()`` (what the class server
    sends that seat), read back exactly.

    >>> s = PokerDiceState.new()
    >>> o = s.observation(1)
    >>> observation_from_json(o.to_json(), s.rules) == o
    True
    """
    n = rules.players
    return PokerDiceObservation(
        whole_number(d["player"], "player", 0, n - 1), parse_dice(text(d["my_dice"], "my_dice")),
        parse_dice(text(d["common"], "common")), whole_numbers(d["chips"], "chips", 0),
        whole_numbers(d["committed"], "committed", 0), tuple(d["status"]),
        whole_number(d["leader"], "leader", 0, n - 1), d["to_move"], d["phase"],
        true_or_false(d["opened"], "opened"), whole_number(d["round"], "round", 0),
        pairs(d["history"], "history"), None if d["last"] is None else _result(d["last"], n),
        rules, pairs(d.get("previous", []), "previous"))

__all__ = ["check", "observation_from_json", "state_from_json", "state_to_json"]
