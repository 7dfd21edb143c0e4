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

from dataclasses import replace

from ...core import BluffkitError
from ...core.codec import Codec, Field, apply_logged
from ...core.fields import impossible, readable
from ...core.i18n import _
from ...core.kinds import HISTORY, RAW, SEAT, TO_MOVE, choice, saved, textual, whole
from .actions import Roll, Show, StartRoll
from .bids import Bid, dice_text, parse_dice
from .state import MAX_DICE, PHASES, BluffObservation, BluffRules, BluffState, PlayedRound, Reveal
from .text import parse_action

DICE = textual(parse_dice, dice_text)
BID = textual(Bid.parse)
HELD = whole(0, MAX_DICE)
REVEAL = saved(Reveal, bid=BID, bidder=SEAT, challenger=SEAT, dice=DICE.per_player,
               count=whole(0), losses=HELD.per_player, winner=SEAT)


_bad = impossible("Bluff")


def _rebuild(s: BluffState, log: list | None = None) -> BluffState:
    """The state the engine reaches from what ``s`` records (module docstring); each step is
    appended to ``log`` when one is given."""
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
    state = _first_round(rules, rounds[0].opener, log)
    for number, r in enumerate(rounds, 1):
        if state.phase == "over":
            _bad(_("round {number} comes after the end of the game", number=number))
        if state.opener != r.opener:
            _bad(_("the rules make player {opener} open the first round, not player {other}",
                   opener=state.opener, other=r.opener) if number == 1 else
                 _("player {opener} (the winner of the challenge before) opens round {number}, "
                   "not player {other}", opener=state.opener, number=number, other=r.opener))
        state = _play_round(state, r, number, s.phase if number == len(rounds) else None, log)
    return state



def _first_round(rules: BluffRules, opener: int, log: list | None = None) -> BluffState:
    """The game at the start of round 1, opened by ``opener`` (the highest start roll)."""
    state = BluffState.new(rules)
    while state.phase == "start":
        p = state.contenders[len(state.start_totals)]
        state = apply_logged(state, StartRoll(6 * state.dice[p] if p == opener
                                              else state.dice[p]), log)
    return state


def _play_round(state: BluffState, r: PlayedRound, number: int, phase: str | None,
                log: list | None = None):
    """Round ``number`` played through the engine from its start ``state``: its rolls at each
    roll and re-roll, its history's moves between (a bidder who keeps all dice under the cup
    writes nothing). A round before the last (``phase`` None) must end with its last entry;
    the last one stops in ``phase``."""
    rolls, moves = list(r.rolls), []
    for i, (p, t) in enumerate(r.history):
        try:
            moves.append((p, parse_action(state, t)))
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
                state = apply_logged(state, Show(), log)  # "keep" is not in the history
                continue
            if who != state.to_move:
                _bad(_("round {number}'s history entry {value} is player {who}'s, but player "
                       "{to_move} was to move",
                       number=number, value=i + 1, who=who, to_move=state.to_move))
            i += 1
        else:
            break
        try:
            state = apply_logged(state, action, log)
        except BluffkitError as e:
            _bad(_("round {number}: player {who} cannot {action}: {e}",
                   number=number, who=who, action=action, e=e))
    if state.phase == "show" and phase not in (None, "show") and i == len(moves):
        state = apply_logged(state, Show(), log)
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


CODEC = Codec("bluff", "Bluff", BluffState, BluffRules, (
    Field("dice", HELD.per_player),
    Field("hidden", DICE.per_player),
    Field("exposed", DICE.per_player),
    Field("phase", choice(PHASES)),
    Field("to_move", TO_MOVE),
    Field("opener", SEAT),
    Field("bid", BID.optional, None),
    Field("bidder", SEAT.optional, None),
    Field("history", HISTORY, ()),
    Field("round", whole(0), 0),
    Field("contenders", SEAT.listed, ()),
    Field("start_totals", whole(1, 6 * MAX_DICE).listed, ()),
    Field("last", REVEAL.optional, None),
    Field("lost", HELD.per_player),
    Field("rolls", DICE.listed, ()),
    Field("past", saved(PlayedRound, opener=SEAT, rolls=DICE.listed, history=HISTORY).listed,
          ()),
), _rebuild, observation_type=BluffObservation, observation=(
    Field("player", SEAT), Field("my_dice", DICE), Field("dice_held", whole(0, MAX_DICE).listed),
    Field("exposed", DICE.listed), Field("bid", BID.optional), Field("bidder", RAW),
    Field("history", HISTORY), Field("to_move", RAW), Field("phase", RAW), Field("round", RAW),
    Field("last", REVEAL.optional), Field("previous", HISTORY, ())))
state_to_json = CODEC.to_json
state_from_json = CODEC.from_json
check = CODEC.check_reachable
observation_from_json = CODEC.observation_from_json

__all__ = ["CODEC", "check", "observation_from_json", "state_from_json", "state_to_json"]
