"""Bluff states to JSON and back; loading accepts only states the engine can reach.

How a loaded state is checked (by construction): every field is read and named if it is
malformed; then the engine itself rebuilds the state from the few values chance and the past
leave free, and the loaded state must equal the rebuilt one field for field:

- ``start``: ``BluffState.new(rules)`` with the contenders still rolling and the totals rolled;
- later phases: the round is replayed from its start (dice held, opener, round number) through
  ``apply``: the rolls (for the dice exposed and re-rolled, any dice consistent with the
  ``history``), then every action of the round's ``history``;
- the ``last`` reveal is the previous round's challenge, resolved again by the engine from the
  dice and bid it shows: it must give the same losses, the dice held now, the winner who opens
  this round and this round's number;
- rounds before that are gone from the state: each cost at least one die, so round ``r`` needs
  ``r - 1`` dice lost (one per round with the ``openspiel`` resolution).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, replace

from ...core import BluffkitError, InvalidState
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
    whole_number,
    whole_numbers,
)
from .bids import Bid, dice_text, parse_dice
from .state import (
    MAX_DICE,
    PHASES,
    BluffRules,
    BluffState,
    Reveal,
    Roll,
    Show,
)

STAR_FILLER = 1
"""Face given to dice whose value the state no longer shows (re-rolled away)."""


def state_to_json(s: BluffState) -> dict:
    return {
        "game": "bluff",
        "rules": s.rules.to_json(),
        "dice": list(s.dice),
        "hidden": [dice_text(h) for h in s.hidden],
        "exposed": [dice_text(e) for e in s.exposed],
        "phase": s.phase,
        "to_move": s.to_move,
        "opener": s.opener,
        "bid": str(s.bid) if s.bid else None,
        "bidder": s.bidder,
        "history": [[p, a] for p, a in s.history],
        "round": s.round,
        "contenders": list(s.contenders),
        "start_totals": list(s.start_totals),
        "last": s.last.to_json() if s.last else None,
        "lost": list(s.lost),
    }


def state_from_json(data: dict) -> BluffState:
    """Rebuild a state, checking that the engine can reach it (see the module docstring).

    Raises:
        InvalidState: naming the field that is corrupt or impossible.

    >>> s = BluffState.new(BluffRules(players=2))
    >>> state_from_json(state_to_json(s)) == s
    True
    >>> state_from_json({**state_to_json(s), "to_move": 1})
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidState: impossible Bluff state: field 'to_move' is 1 but the game \
gives 0
    """
    data = check_json(data, "bluff", "Bluff")
    rules = field(data, "rules", _rules)
    n = rules.players

    def each(name, read):
        return per_player(name, n, read)

    def dice(v):
        return parse_dice(text(v, "dice"))

    def player(name, none=False):
        def read(v):
            if none and v is None:
                return None
            return whole_number(v, name, 0, n - 1)
        return read

    s = BluffState(
        rules=rules,
        dice=field(data, "dice", each("dice", lambda v: whole_number(v, "dice", 0,
                                                                            MAX_DICE))),
        hidden=field(data, "hidden", each("hidden", dice)),
        exposed=field(data, "exposed", each("exposed", dice)),
        phase=field(data, "phase", _phase),
        to_move=field(data, "to_move", lambda v: whole_number(v, "to_move", -2, n - 1)),
        opener=field(data, "opener", player("opener")),
        bid=field(data, "bid", lambda v: None if v is None else Bid.parse(text(v, "bid")), None),
        bidder=field(data, "bidder", player("bidder", none=True), None),
        history=field(data, "history", lambda v: pairs(v, "history"), ()),
        round=field(data, "round", lambda v: whole_number(v, "round", 0), 0),
        contenders=field(data, "contenders", lambda v: whole_numbers(v, "contenders", 0, n - 1),
                         ()),
        start_totals=field(data, "start_totals", lambda v: whole_numbers(
            v, "start_totals", 1, 6 * MAX_DICE), ()),
        last=field(data, "last", lambda v: None if v is None else _reveal(v, n), None),
        lost=field(data, "lost", each("lost", lambda v: whole_number(v, "lost", 0,
                                                                            MAX_DICE))),
    )
    check(s)
    return s


def check(s: BluffState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the engine can reach.

    >>> check(BluffState.new(BluffRules(players=3)))
    """
    rebuilt_or_refused("Bluff", s, _rebuild, state_to_json)


def _bad(msg: str):
    raise bad_state(f"impossible Bluff state: {msg}")


def _rebuild(s: BluffState) -> BluffState:
    """The state the engine reaches from the free values ``s`` records (module docstring)."""
    rules, n = s.rules, s.rules.players
    start = rules.start_dice()
    if any(d + lost != st for d, lost, st in zip(s.dice, s.lost, start)):
        p = next(p for p in range(n) if s.dice[p] + s.lost[p] != start[p])
        _bad(f"player {p} holds {s.dice[p]} dice and lost {s.lost[p]} but started with "
             f"{start[p]}")
    _invariants(s)
    if s.phase == "start":
        return _rebuild_start(s)
    if s.round < 1:
        _bad(f"rounds count from 1 after the start roll, got round {s.round}")
    losses = s.last.losses if s.last is not None else (0,) * n
    if s.phase == "over":
        if s.last is None:
            _bad("a finished game keeps the reveal of its last challenge ('last')")
        held = tuple(d + x for d, x in zip(s.dice, losses))
    else:
        held = s.dice
    lost = tuple(x - y for x, y in zip(s.lost, losses if s.phase == "over" else (0,) * n))
    if min(lost) < 0:
        _bad("the last reveal's losses are more dice than the players have lost")
    earlier = s.round - 1
    if rules.resolution == "openspiel" and sum(lost) != earlier:
        _bad(f"round {s.round} comes after {earlier} rounds, each costing one die")
    if sum(lost) < earlier:
        _bad(f"round {s.round} comes after {earlier} rounds, each costing at least one die, "
             f"but only {sum(lost)} dice are lost")
    if sum(1 for d in held if d) < 2:
        _bad("fewer than two players have dice but the game is not over")
    if s.round == 1 and rules.opener is not None and s.opener != rules.opener:
        _bad(f"the rules make player {rules.opener} open the first round, not player {s.opener}")
    if s.phase != "over":
        _check_last(s, held, lost)
    empty = ((),) * n
    base = BluffState(rules, held, empty, empty, "roll", 0, 0, lost=lost,
                      last=s.last if s.phase != "over" else None)
    if not held[s.opener]:
        _bad(f"the opener {s.opener} has no dice")
    state = base._new_round(s.opener, s.round)
    return _replay_round(s, state)


def _invariants(s: BluffState) -> None:
    """Plain checks first, for a message that names the rule broken."""
    for p in range(s.rules.players):
        shown = len(s.hidden[p]) + len(s.exposed[p])
        if s.phase in ("bid", "show") and shown != s.dice[p]:
            _bad(f"player {p} holds {s.dice[p]} dice but {shown} are under the cup or exposed")
        if shown > s.dice[p]:
            _bad(f"player {p} shows {shown} dice but holds only {s.dice[p]}")
        if s.exposed[p] and s.dice[p] and not s.hidden[p] and s.phase != "reroll":
            _bad(f"player {p} exposed every die: at least one must stay hidden")
    if (any(s.exposed) or s.phase in ("show", "reroll")) and not s.rules.show_and_reroll:
        _bad("exposed dice need the show_and_reroll rules option")
    if (s.bid is None) != (s.bidder is None):
        _bad("a bid needs a bidder and a bidder needs a bid")
    if s.bid is not None and s.bid.count > sum(s.dice):
        _bad(f"the bid {s.bid} claims more dice than the {sum(s.dice)} in play")
    if s.phase == "over" and sum(1 for d in s.dice if d) != 1:
        _bad("a finished game has exactly one player with dice")


def _rebuild_start(s: BluffState) -> BluffState:
    new = BluffState.new(s.rules)
    if new.phase != "start":
        _bad("with a fixed opener (rules) the game starts without a start roll")
    if (len(s.contenders) < 2 or list(s.contenders) != sorted(set(s.contenders))):
        _bad("the start roll's contenders must be two or more players, in order, got "
             f"{list(s.contenders)}")
    if len(s.start_totals) >= len(s.contenders):
        _bad("the start roll has no contender left to roll")
    for p, total in zip(s.contenders, s.start_totals):
        if not s.dice[p] <= total <= 6 * s.dice[p]:
            _bad(f"player {p} cannot total {total} with {s.dice[p]} dice on the start roll")
    return replace(new, contenders=s.contenders, start_totals=s.start_totals)


def _check_last(s: BluffState, held: tuple[int, ...], lost: tuple[int, ...]) -> None:
    """The previous round's challenge, resolved again, must give ``s.last`` and this round."""
    r, n = s.last, s.rules.players
    if r is None:
        if s.round > 1:
            _bad("from round 2 on, the state keeps the previous round's reveal ('last')")
        return
    if s.round < 2:
        _bad("round 1 has no previous reveal ('last')")
    before = tuple(d + x for d, x in zip(held, r.losses))
    earlier = tuple(x - y for x, y in zip(lost, r.losses))
    if min(earlier) < 0:
        _bad("the last reveal's losses are more dice than the players have lost")
    if sum(earlier) < s.round - 2 or (s.rules.resolution == "openspiel"
                                      and sum(earlier) != s.round - 2):
        _bad(f"round {s.round} comes after {s.round - 1} rounds, each costing at least one die, "
             f"but only {sum(lost)} dice are lost")
    if any(len(d) != k for d, k in zip(r.dice, before)):
        _bad("the last reveal shows each player's dice before the losses: "
             f"{', '.join(dice_text(d) or '-' for d in r.dice)} for {list(before)} dice held")
    if r.bid.count > sum(before):
        _bad(f"the last reveal's bid {r.bid} claims more than the {sum(before)} dice in play")
    empty = ((),) * n
    prev = BluffState(s.rules, before, r.dice, empty, "bid", r.challenger, r.challenger,
                      bid=r.bid, bidder=r.bidder, round=s.round - 1, lost=earlier)
    if not before[r.bidder] or not before[r.challenger] or prev._next_player(
            r.bidder) != r.challenger:
        _bad(f"in the last reveal player {r.challenger} challenges player {r.bidder}'s bid: "
             "the challenger is the next player with dice after the bidder")
    after = prev._resolve()
    if after.last != r or after.phase == "over" or after.dice != held:
        _bad("the last reveal's losses and winner do not follow from its dice and bid")
    if after.opener != s.opener or after.round != s.round:
        _bad(f"the winner of the last challenge (player {r.winner}) opens round {s.round}")


def _replay_round(s: BluffState, state: BluffState) -> BluffState:
    """Roll and play the round of ``s`` from its start ``state`` through the engine."""
    n = s.rules.players
    if s.phase == "roll":
        for p in state.active_players():
            if not s.hidden[p] and not s.exposed[p]:
                break
            state = state.apply(Roll(s.hidden[p]))
        return state
    moves = []
    for i, (p, t) in enumerate(s.history):
        try:
            moves.append((p, state.parse_action(t)))
        except (BluffkitError, ValueError) as e:
            _bad(f"history entry {i + 1} ({readable(t)}) is not an action: {e}")
    rolls = _witness_rolls(s, moves, state.dice)
    for p in state.active_players():
        state = state.apply(Roll(rolls[p].pop(0)))
    for i, (p, action) in enumerate(moves):
        if state.phase == "show" and not (isinstance(action, Show) and p == state.to_move):
            state = state.apply(Show())  # "keep" is not written in the history
        if p != state.current_player():
            _bad(f"history entry {i + 1} is player {p}'s, but player "
                 f"{state.current_player()} was to move")
        state = state.apply(action)
        if state.phase == "reroll" and rolls[p]:
            state = state.apply(Roll(rolls[p].pop(0)))
    if state.phase == "show" and s.phase != "show":
        state = state.apply(Show())
    if any(rolls[p] for p in range(n)):
        _bad("the history's re-rolls do not match the dice under the cups")
    return state


def _witness_rolls(s: BluffState, moves, held) -> list[list[tuple[int, ...]]]:
    """For each player, dice for their roll and each re-roll that lead to what ``s`` shows.

    Going back from the dice under the cup now, each die exposed was under the cup before; dice
    re-rolled away are not shown anywhere, so any faces do (``STAR_FILLER``).
    """
    n = s.rules.players
    shows = [[a for q, a in moves if q == p and isinstance(a, Show)] for p in range(n)]
    pending_reroll = s.phase == "reroll" and moves and isinstance(moves[-1][1], Show)
    out = []
    for p in range(n):
        if s.phase == "over":
            now = Counter(s.last.dice[p])
            now.subtract(Counter(f for a in shows[p] for f in a.expose))
            if any(v < 0 for v in now.values()):
                _bad(f"player {p} exposed dice that the last reveal does not show")
            hidden = tuple(sorted(now.elements()))
        else:
            hidden = s.hidden[p]
        rolls = []
        for k, a in reversed(list(enumerate(shows[p]))):
            last_pending = pending_reroll and moves[-1][0] == p and k == len(shows[p]) - 1
            if a.reroll and not last_pending:
                rolls.append(hidden)
                hidden = (STAR_FILLER,) * len(hidden)
            hidden = tuple(sorted(hidden + a.expose))
        if held[p] and len(hidden) != held[p]:
            _bad(f"player {p} holds {held[p]} dice, but the dice under the cup and the dice "
                 f"the history shows exposed make {len(hidden)}")
        rolls.append(hidden)
        out.append(list(reversed(rolls)) if held[p] else [])
    return out


def _rules(v) -> BluffRules:
    names = {f.name for f in fields(BluffRules)}
    if not isinstance(v, dict) or not set(v) <= names:
        raise InvalidState(f"field 'rules' must be an object with some of the fields "
                           f"{', '.join(sorted(names))}, got {readable(v)}")
    d = dict(v)
    if d.get("starting_dice") is not None:
        d["starting_dice"] = tuple(items(d["starting_dice"], "rules"))
    return BluffRules(**d)


def _phase(v) -> str:
    if v not in PHASES:
        raise InvalidState(f"field 'phase' must be one of {', '.join(PHASES)}, got {readable(v)}")
    return v


def _reveal(d, n: int) -> Reveal:
    d = record(d, "last", ("bid", "bidder", "challenger", "dice", "count", "losses", "winner"))
    dice = items(d["dice"], "last")
    losses = whole_numbers(d["losses"], "last", 0, MAX_DICE)
    if len(dice) != n or len(losses) != n:
        raise InvalidState(f"field 'last' needs dice and losses for each player ({n})")
    r = Reveal(Bid.parse(text(d["bid"], "last")), whole_number(d["bidder"], "last", 0, n - 1),
               whole_number(d["challenger"], "last", 0, n - 1),
               tuple(parse_dice(text(x, "last")) for x in dice),
               whole_number(d["count"], "last", 0), losses,
               whole_number(d["winner"], "last", 0, n - 1))
    return r
