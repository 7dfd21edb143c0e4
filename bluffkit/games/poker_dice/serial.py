"""Poker dice states to JSON and back; loading accepts only states the engine can reach.

How a loaded state is checked (by construction): every field is read and named if malformed;
then the engine rebuilds the state from the values chance and the past leave free, and the
loaded state must equal the rebuilt one field for field:

- ``start``: ``PokerDiceState.new(rules)`` with the players still rolling for leader and the
  faces rolled;
- a round in play: replayed from its start (each player's points before the ante, the leader,
  the round number) through ``apply``: the peekers rolled, then every entry of the round's
  ``history`` (antes, passes, the common roll, bets);
- the ``last`` round's result: the engine settles that round again from the points put in, the
  dice shown and the common dice, and must give the same pots and payouts, the points held now,
  this round's leader and number (a finished game is that settlement itself). The betting line
  of that round is gone from the state; what it leaves is checked: players in the hand matched
  the highest bet or are all-in, folded players put in at least the ante and less than the
  highest bet (or just the ante), and nobody who passed or was out put anything in;
- earlier rounds are gone: round 1 starts from the rules' stacks, later rounds keep a result.
"""

from __future__ import annotations

from dataclasses import replace

from ...core import CHANCE, TERMINAL, BluffkitError, InvalidState
from ...core.fields import (
    bad_state,
    check_json,
    field,
    items,
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
from .actions import COMMON_DICE, DICE_PER_PEEKER, PokerDiceRules, Roll
from .hand import dice_text, parse_dice
from .pots import PotResult, seats_from_left
from .state import PHASES, STATUSES, PokerDiceState, RoundResult

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

    def each(name, read):
        return per_player(name, n, read)

    def points(name):
        return each(name, lambda v: whole_number(v, name, 0))

    def seats(name):
        return lambda v: whole_numbers(v, name, 0, n - 1)

    s = PokerDiceState(
        rules=rules,
        chips=field(data, "chips", points("chips")),
        phase=field(data, "phase", lambda v: _one_of(v, "phase", PHASES)),
        leader=field(data, "leader", lambda v: whole_number(v, "leader", 0, n - 1)),
        to_move=field(data, "to_move", lambda v: whole_number(v, "to_move", TERMINAL, n - 1)),
        status=field(data, "status", each("status", lambda v: _one_of(v, "status",
                                                                            STATUSES))),
        peekers=field(data, "peekers", each("peekers", lambda v: _dice(v, "peekers"))),
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
    )
    check(s)
    return s


def check(s: PokerDiceState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the engine can reach.

    >>> check(PokerDiceState.new())
    """
    rebuilt_or_refused("poker dice", s, _rebuild, state_to_json)


def _bad(msg: str):
    raise bad_state(f"impossible poker dice state: {msg}")


def _rebuild(s: PokerDiceState) -> PokerDiceState:
    rules, n = s.rules, s.rules.players
    total = sum(rules.start_stacks())
    if sum(s.chips) + sum(s.committed) != total:
        _bad(f"the players hold {sum(s.chips)} points and the middle {sum(s.committed)}, but "
             f"the game has {total}")
    if s.phase == "start":
        new = PokerDiceState.new(rules)
        if new.phase != "start":
            _bad("with a fixed leader (rules) the game starts without the roll for leader")
        if len(s.contenders) < 2 or list(s.contenders) != sorted(set(s.contenders)):
            _bad("the roll for the first leader needs two or more players, in seat order, got "
                 f"{list(s.contenders)}")
        if len(s.start_faces) >= len(s.contenders):
            _bad("the roll for the first leader has no contender left to roll")
        return replace(new, contenders=s.contenders, start_faces=s.start_faces,
                       to_move=s.contenders[len(s.start_faces)])
    if s.round < 1:
        _bad(f"rounds count from 1 after the roll for leader, got round {s.round}")
    if s.phase == "over":
        if s.last is None:
            _bad("a finished game keeps the result of its last round ('last')")
        return _settled_again(s, s.chips, s.round)
    chips = tuple(c + k for c, k in zip(s.chips, s.committed))
    if sum(1 for c in chips if c) < 2:
        _bad("fewer than two players have points but the game is not over")
    if s.last is None:
        if s.round != 1 or chips != rules.start_stacks():
            _bad("from round 2 on (or once points have changed hands) the state keeps the last "
                 "round's result")
    else:
        if s.round < 2:
            _bad("round 1 has no last round's result")
        after = _settled_again(s, chips, s.round - 1)
        if after.phase == "over" or after.leader != s.leader or after.round != s.round:
            _bad(f"after the last round, player {after.leader} leads round {after.round}")
    if s.round == 1 and rules.leader is not None and s.leader != rules.leader:
        _bad(f"the rules make player {rules.leader} the first leader, not player {s.leader}")
    if not chips[s.leader]:
        _bad(f"the leader {s.leader} has no points")
    base = PokerDiceState(rules, chips, "peek", 0, 0, ("waiting",) * n, ((),) * n, (0,) * n,
                          last=s.last)
    return _replay(s, base._new_round(s.leader, s.round))


def _replay(s: PokerDiceState, state: PokerDiceState) -> PokerDiceState:
    """Roll the peekers ``s`` shows, then play the round's history through the engine."""
    while state.phase == "peek" and s.peekers[state.to_move]:
        state = state.apply(Roll(s.peekers[state.to_move]))
    for i, (p, t) in enumerate(s.history):
        try:
            if p == CHANCE and t.startswith("common "):
                action = Roll(parse_dice(t[len("common "):]))
            else:
                if p != state.current_player():
                    _bad(f"history entry {i + 1} is player {p}'s, but "
                         f"{_who(state.current_player())} was to move")
                action = state.parse_action(t)
            state = state.apply(action)
        except InvalidState:
            raise
        except (BluffkitError, ValueError) as e:
            _bad(f"history entry {i + 1} ({readable(t)}) cannot be played: {e}")
        if state.round != s.round:
            _bad(f"history entry {i + 1} ends the round, so it cannot be in this round's history")
    return state


def _who(p: int) -> str:
    return "chance" if p == CHANCE else f"player {p}"


def _settled_again(s: PokerDiceState, chips_after: tuple[int, ...], number: int):
    """The state right after the engine ends round ``number`` as ``s.last`` says."""
    r, rules, n = s.last, s.rules, s.rules.players
    c = r.committed
    if r.kind in ("no ante", "one ante"):
        if (sorted(c) != [0] * (n - (r.kind == "one ante")) + [1] * (r.kind == "one ante")
                or r.payouts != c or r.common or r.shown or r.pots):
            _bad(f"a round that ends with {r.kind!r} gives the ante back and shows nothing")
        chips = chips_after
        status = tuple("out" if not x else ("in" if k else "passed") for x, k in zip(chips, c))
        prev = PokerDiceState(rules, chips, "ante", r.leader, r.leader, status, ((),) * n,
                              (0,) * n, round=number)
        if not chips[r.leader]:
            _bad(f"the last round's leader {r.leader} has no points")
        _check_leader(rules, number, r.leader, [p for p in range(n) if chips[p]])
        return prev._end_round(RoundResult(r.kind, r.leader, committed=c, payouts=c))
    chips = tuple(x - y for x, y in zip(chips_after, r.payouts))
    if min(chips) < 0:
        _bad("the last round paid out more points than the players hold")
    if len(r.common) != COMMON_DICE or any(d and len(d) != DICE_PER_PEEKER for d in r.shown):
        _bad(f"the last round shows {COMMON_DICE} common dice and {DICE_PER_PEEKER} dice a "
             "player shown")
    if r.kind == "showdown":
        hand = [p for p in range(n) if r.shown[p]]
    else:
        hand = [p for p in range(n) if r.payouts[p]]
        if any(r.shown):
            _bad("nothing is shown when everybody else folded")
    if len(hand) < (2 if r.kind == "showdown" else 1) or (r.kind == "default" and len(hand) > 1):
        _bad(f"the last round's result ({r.kind}) does not say who was in the hand")
    level = max(c)
    for p in range(n):
        if p in hand:
            if c[p] < 1 or (c[p] != level and chips[p]):
                _bad(f"player {p} stayed in the last round without matching the highest bet "
                     f"({c[p]} of {level}) and without being all-in")
        elif c[p] and not 1 <= c[p] < max(level, 2):
            _bad(f"player {p} folded in the last round after putting in {c[p]} of {level}")
    if sum(1 for p in range(n) if c[p]) < 2:
        _bad("the common dice are rolled only when two or more players anted")
    _check_leader(rules, number, r.leader, [p for p in range(n) if chips[p] + c[p]])
    status = tuple("in" if p in hand else "folded" if c[p] else "passed" if chips[p] + c[p]
                   else "out" for p in range(n))
    peekers = tuple(r.shown[p] if r.shown and r.shown[p] else () for p in range(n))
    if r.kind == "showdown" and any(peekers[p] for p in range(n) if p not in hand):
        _bad("only the players in the hand show their dice")
    prev = PokerDiceState(rules, chips, "bet", r.leader, r.leader, status, peekers, c,
                          r.common, opened=True, round=number)
    after = prev._settle()
    if after.last != r:
        _bad("the last round's pots and payouts do not follow from the points put in and the "
             "dice shown")
    return after


def _check_leader(rules: PokerDiceRules, number: int, leader: int, alive) -> None:
    if not _leader_reachable(rules, number, leader, alive):
        _bad(f"player {leader} cannot lead round {number}: the first leader is player "
             f"{rules.leader} and the lead passes to the left each round")


def _leader_reachable(rules: PokerDiceRules, number: int, leader: int, alive) -> bool:
    """Whether some game leads round ``number`` with ``leader`` and the players ``alive``.

    Without a fixed first leader the start roll makes anyone lead round 1, and every later pair
    follows. With ``rules.leader`` the lead passes left each round; between rounds any players
    but two may go out. The sets of pairs reachable round after round repeat, so a large round
    number is reduced to one seen before.
    """
    n = rules.players
    if rules.leader is None:
        return True
    target, full = (leader, frozenset(alive)), frozenset(range(n))

    def step(pairs):
        out = set()
        for lead, now in pairs:
            for k in range(1 << n):
                left = frozenset(p for p in now if k >> p & 1)
                if len(left) >= 2 and left <= now:
                    out.add((next(q for q in seats_from_left(lead, n) if q in left), left))
        return frozenset(out)

    seq = [frozenset({(rules.leader, full)})]
    seen = {seq[0]: 0}
    while len(seq) < number:
        nxt = step(seq[-1])
        if nxt in seen:
            j = seen[nxt]
            return target in seq[j + (number - 1 - j) % (len(seq) - j)]
        seen[nxt] = len(seq)
        seq.append(nxt)
    return target in seq[number - 1]


def _rules(v) -> PokerDiceRules:
    if not isinstance(v, dict):
        raise InvalidState(f"field 'rules' must be an object, got {readable(v)}")
    return PokerDiceRules.from_json(v)


def _one_of(v, name: str, allowed) -> str:
    if v not in allowed:
        raise InvalidState(f"field {name!r} must be one of {', '.join(allowed)}, got "
                           f"{readable(v)}")
    return v


def _dice(v, name: str) -> tuple[int, ...]:
    dice = parse_dice(text(v, name))
    if dice and len(dice) != DICE_PER_PEEKER:
        raise InvalidState(f"field {name!r} holds {DICE_PER_PEEKER} dice or none, got "
                           f"{readable(v)}")
    return dice


def _result(d, n: int) -> RoundResult:
    d = record(d, "last", ("kind", "leader", "common", "shown", "committed", "payouts", "pots"))
    shown = tuple(_dice(x, "last") for x in items(d["shown"], "last"))
    committed = whole_numbers(d["committed"], "last", 0)
    payouts = whole_numbers(d["payouts"], "last", 0)
    if len(committed) != n or len(payouts) != n or len(shown) not in (0, n):
        raise InvalidState(f"field 'last' needs points put in and paid for each player ({n})")
    pots = []
    for p in items(d["pots"], "last"):
        p = record(p, "last", ("amount", "eligible", "winners", "shares"))
        pots.append(PotResult(whole_number(p["amount"], "last", 0),
                              whole_numbers(p["eligible"], "last", 0, n - 1),
                              whole_numbers(p["winners"], "last", 0, n - 1),
                              whole_numbers(p["shares"], "last", 0)))
    return RoundResult(_one_of(d["kind"], "last", KINDS),
                       whole_number(d["leader"], "last", 0, n - 1),
                       _dice(d["common"], "last"), shown, committed, payouts, tuple(pots))


__all__ = ["check", "state_from_json", "state_to_json"]
