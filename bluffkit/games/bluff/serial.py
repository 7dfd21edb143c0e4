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

from dataclasses import fields, replace

from ...core import BluffkitError, InvalidState
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
    whole_number,
    whole_numbers,
)
from ...core.i18n import _
from .bids import Bid, dice_text, parse_dice
from .state import (
    MAX_DICE,
    PHASES,
    BluffObservation,
    BluffRules,
    BluffState,
    PlayedRound,
    Reveal,
    Roll,
    Show,
    StartRoll,
)


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
        "rolls": [dice_text(d) for d in s.rolls],
        "past": [r.to_json() for r in s.past],
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
        dice=field(data, "dice", per_player("dice", n, lambda v: whole_number(v, "dice", 0,
                                                                            MAX_DICE))),
        hidden=field(data, "hidden", per_player("hidden", n, dice)),
        exposed=field(data, "exposed", per_player("exposed", n, dice)),
        phase=field(data, "phase", lambda v: one_of(v, "phase", PHASES)),
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
        lost=field(data, "lost", per_player("lost", n, lambda v: whole_number(v, "lost", 0,
                                                                            MAX_DICE))),
        rolls=field(data, "rolls", lambda v: _rolls(v, "rolls"), ()),
        past=field(data, "past", lambda v: tuple(_played(r, n) for r in items(v, "past")), ()),
    )
    check(s)
    return s


def check(s: BluffState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the engine can reach.

    >>> check(BluffState.new(BluffRules(players=3)))
    """
    rebuilt_or_refused("Bluff", s, _rebuild, state_to_json)


_bad = impossible("Bluff")


def _rebuild(s: BluffState) -> BluffState:
    """The state the engine reaches from what ``s`` records (module docstring)."""
    rules, n = s.rules, s.rules.players
    start = rules.start_dice()
    if any(d + lost != st for d, lost, st in zip(s.dice, s.lost, start)):
        p = next(p for p in range(n) if s.dice[p] + s.lost[p] != start[p])
        _bad(_("player {p} holds {dice} dice and lost {lost} but started with {start}",
               p=p, dice=s.dice[p], lost=s.lost[p], start=start[p]))
    _invariants(s)
    if s.phase == "start":
        return _rebuild_start(s)
    rounds = s.past + (PlayedRound(s.opener, s.rolls, s.history),)
    if s.round < 1:
        _bad(_("rounds count from 1 after the start roll, got round {round}", round=s.round))
    if s.round != len(rounds):
        _bad(_("round {round} comes after {value} rounds, but the state keeps {value2} ('past')",
               round=s.round, value=s.round - 1, value2=len(rounds) - 1))
    state = _first_round(rules, rounds[0].opener)
    for number, r in enumerate(rounds, 1):
        if state.phase == "over":
            _bad(_("round {number} comes after the end of the game", number=number))
        if state.opener != r.opener:
            _bad(_("the rules make player {opener} open the first round, not player {other}",
                   opener=state.opener, other=r.opener) if number == 1 else
                 _("player {opener} (the winner of the challenge before) opens round {number}, "
                   "not player {other}", opener=state.opener, number=number, other=r.opener))
        state = _play_round(state, r, number, s.phase if number == len(rounds) else None)
    return state


def _first_round(rules: BluffRules, opener: int) -> BluffState:
    """The game at the start of round 1, opened by ``opener`` (the highest start roll)."""
    state = BluffState.new(rules)
    while state.phase == "start":
        p = state.contenders[len(state.start_totals)]
        state = state.apply(StartRoll(6 * state.dice[p] if p == opener else state.dice[p]))
    return state


def _play_round(state: BluffState, r: PlayedRound, number: int, phase: str | None):
    """Round ``number`` played through the engine from its start ``state``: its rolls at each
    roll and re-roll, its history's moves between (a bidder who keeps all dice under the cup
    writes nothing). A round before the last (``phase`` None) must end with its last entry;
    the last one stops in ``phase``."""
    rolls, moves = list(r.rolls), []
    for i, (p, t) in enumerate(r.history):
        try:
            moves.append((p, state.parse_action(t)))
        except (BluffkitError, ValueError) as e:
            _bad(_("round {number}'s history entry {value} ({readable}) is not an action: {e}",
                   number=number, value=i + 1, readable=readable(t), e=e))
    i = 0
    while state.round == number and state.phase != "over":
        if state.is_chance_node():
            if not rolls:
                break
            action, who = Roll(rolls.pop(0)), state.to_move
        elif i < len(moves):
            who, action = moves[i]
            if state.phase == "show" and not (isinstance(action, Show) and who == state.to_move):
                state = state.apply(Show())  # "keep" is not written in the history
                continue
            if who != state.to_move:
                _bad(_("round {number}'s history entry {value} is player {who}'s, but player "
                       "{to_move} was to move",
                       number=number, value=i + 1, who=who, to_move=state.to_move))
            i += 1
        else:
            break
        try:
            state = state.apply(action)
        except BluffkitError as e:
            _bad(_("round {number}: player {who} cannot {action}: {e}",
                   number=number, who=who, action=action, e=e))
    if state.phase == "show" and phase not in (None, "show") and i == len(moves):
        state = state.apply(Show())
    ended = state.round != number or state.phase == "over"
    if rolls or i < len(moves) or ended != (phase in (None, "over")):
        _bad(_("round {number}'s rolls and history do not make a round that ends with its "
               "last entry", number=number) if phase in (None, "over") else
             _("round {number}'s rolls and history do not make a round that is under way",
               number=number))
    return state


def _invariants(s: BluffState) -> None:
    """Plain checks first, for a message that names the rule broken."""
    for p in range(s.rules.players):
        shown = len(s.hidden[p]) + len(s.exposed[p])
        if s.phase in ("bid", "show") and shown != s.dice[p]:
            _bad(_("player {p} holds {dice} dice but {shown} are under the cup or exposed",
                   p=p, dice=s.dice[p], shown=shown))
        if shown > s.dice[p]:
            _bad(_("player {p} shows {shown} dice but holds only {dice}",
                   p=p, shown=shown, dice=s.dice[p]))
        if s.exposed[p] and s.dice[p] and not s.hidden[p] and s.phase != "reroll":
            _bad(_("player {p} exposed every die: at least one must stay hidden", p=p))
    if (any(s.exposed) or s.phase in ("show", "reroll")) and not s.rules.show_and_reroll:
        _bad(_("exposed dice need the show_and_reroll rules option"))
    if (s.bid is None) != (s.bidder is None):
        _bad(_("a bid needs a bidder and a bidder needs a bid"))
    if s.bid is not None and s.bid.count > sum(s.dice):
        _bad(_("the bid {bid} claims more dice than the {sum} in play",
               bid=s.bid, sum=sum(s.dice)))
    if s.phase == "over" and sum(1 for d in s.dice if d) != 1:
        _bad(_("a finished game has exactly one player with dice"))


def _rebuild_start(s: BluffState) -> BluffState:
    new = BluffState.new(s.rules)
    if new.phase != "start":
        _bad(_("with a fixed opener (rules) the game starts without a start roll"))
    if (len(s.contenders) < 2 or list(s.contenders) != sorted(set(s.contenders))):
        _bad(_("the start roll's contenders must be two or more players, in order, got {list}",
               list=list(s.contenders)))
    if len(s.start_totals) >= len(s.contenders):
        _bad(_("the start roll has no contender left to roll"))
    for p, total in zip(s.contenders, s.start_totals):
        if not s.dice[p] <= total <= 6 * s.dice[p]:
            _bad(_("player {p} cannot total {total} with {dice} dice on the start roll",
                   p=p, total=total, dice=s.dice[p]))
    return replace(new, contenders=s.contenders, start_totals=s.start_totals)


def _rules(v) -> BluffRules:
    names = {f.name for f in fields(BluffRules)}
    if not isinstance(v, dict) or not set(v) <= names:
        raise InvalidState(_("field 'rules' must be an object with some of the fields {join}, got "
                             "{readable}", join=', '.join(sorted(names)), readable=readable(v)))
    d = dict(v)
    if d.get("starting_dice") is not None:
        d["starting_dice"] = tuple(items(d["starting_dice"], "rules"))
    return BluffRules(**d)


def _rolls(v, name: str) -> tuple[tuple[int, ...], ...]:
    return tuple(parse_dice(text(d, name)) for d in items(v, name))


def _played(d, n: int) -> PlayedRound:
    d = record(d, "past", ("opener", "rolls", "history"))
    return PlayedRound(whole_number(d["opener"], "past", 0, n - 1), _rolls(d["rolls"], "past"),
                       pairs(d["history"], "past"))


def _reveal(d, n: int) -> Reveal:
    d = record(d, "last", ("bid", "bidder", "challenger", "dice", "count", "losses", "winner"))
    dice = items(d["dice"], "last")
    losses = whole_numbers(d["losses"], "last", 0, MAX_DICE)
    if len(dice) != n or len(losses) != n:
        raise InvalidState(_("field 'last' needs dice and losses for each player ({count})",
                             count=n))
    r = Reveal(Bid.parse(text(d["bid"], "last")), whole_number(d["bidder"], "last", 0, n - 1),
               whole_number(d["challenger"], "last", 0, n - 1),
               tuple(parse_dice(text(x, "last")) for x in dice),
               whole_number(d["count"], "last", 0), losses,
               whole_number(d["winner"], "last", 0, n - 1))
    return r


def observation_from_json(d: dict, rules: BluffRules) -> BluffObservation:
    """A seat's :class:`BluffObservation` from its ``to_json()`` (what the class server sends
    that seat), read back exactly.

    >>> s = BluffState.new(BluffRules(players=3))
    >>> o = s.observation(1)
    >>> observation_from_json(o.to_json(), s.rules) == o
    True
    """
    n = rules.players
    return BluffObservation(
        whole_number(d["player"], "player", 0, n - 1), parse_dice(text(d["my_dice"], "my_dice")),
        whole_numbers(d["dice_held"], "dice_held", 0, MAX_DICE),
        tuple(parse_dice(text(e, "exposed")) for e in items(d["exposed"], "exposed")),
        Bid.parse(text(d["bid"], "bid")) if d["bid"] else None, d["bidder"],
        pairs(d["history"], "history"), d["to_move"], d["phase"], d["round"],
        None if d["last"] is None else _reveal(d["last"], n), rules)
