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

from ...core import CHANCE, BluffkitError, InvalidState
from ...core.codec import Codec, Field, apply_logged
from ...core.fields import impossible, readable, text
from ...core.i18n import _
from ...core.kinds import FLAG, HISTORY, RAW, SEAT, TO_MOVE, Kind, choice, saved, textual, whole
from .actions import DICE_PER_PEEKER, PokerDiceRules, Roll, StartRoll
from .hand import FACES, dice_text, parse_dice
from .pots import PotResult
from .state import PHASES, STATUSES, PlayedRound, PokerDiceObservation, PokerDiceState, RoundResult
from .text import parse_action

KINDS = ("showdown", "default", "no ante", "one ante")


def _peeker(v, name: str, rules) -> tuple[int, ...]:
    """Dice under a peeker (or the common dice): three, or none."""
    dice = parse_dice(text(v, name))
    if dice and len(dice) != DICE_PER_PEEKER:
        raise InvalidState(_("field {name} holds {dice_per_peeker} dice or none, got {readable}",
                             name=repr(name), dice_per_peeker=DICE_PER_PEEKER,
                             readable=readable(v)))
    return dice


def _shown(v, name: str, rules) -> tuple:
    """The peekers shown at the end of a round: nobody's (no showdown) or everybody's."""
    return () if v == [] else PEEKER.per_player.read(v, name, rules)


DICE = textual(parse_dice, dice_text)
PEEKER = Kind(_peeker, dice_text)
POINTS = whole(0).per_player
POT = saved(PotResult, amount=whole(0), eligible=SEAT.listed, winners=SEAT.listed,
            shares=whole(0).listed)
RESULT = saved(RoundResult, kind=choice(KINDS), leader=SEAT, common=PEEKER, shown=Kind(_shown),
               committed=POINTS, payouts=POINTS, pots=POT.listed)


_bad = impossible("poker dice")


def _rebuild(s: PokerDiceState, log: list | None = None) -> PokerDiceState:
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
    state = _first_round(rules, rounds[0].leader, log)
    for number, r in enumerate(rounds, 1):
        if state.phase == "over":
            _bad(_("round {number} ('past') comes after the end of the game", number=number))
        if state.leader != r.leader:
            _bad(_("player {leader} leads round {number}, not player {leader2} (the lead passes to"
                   " the left each round)", leader=state.leader, number=number, leader2=r.leader))
        state = _replay(r, state, number, number <= len(s.past), log)
    return state


def _first_round(rules: PokerDiceRules, leader: int, log: list | None = None) -> PokerDiceState:
    """The game at the start of round 1, led by ``leader`` (who wins the roll for leader)."""
    state = PokerDiceState.new(rules)
    while state.phase == "start":
        state = apply_logged(state, StartRoll(FACES[-1] if state.to_move == leader
                                              else FACES[0]), log)
    return state


def _replay(r: PlayedRound, state: PokerDiceState, number: int, finished: bool,
            log: list | None = None) -> PokerDiceState:
    """Roll the peekers of round ``number`` as ``r`` shows, then play its history through the
    engine; a ``finished`` round must end with its last entry, the round under way not."""
    while state.phase == "peek" and r.peekers[state.to_move]:
        state = apply_logged(state, Roll(r.peekers[state.to_move]), log)
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
                action = parse_action(state, t)
            state = apply_logged(state, action, log)
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


CODEC = Codec("poker-dice", "poker dice", PokerDiceState, PokerDiceRules, (
    Field("chips", POINTS),
    Field("phase", choice(PHASES)),
    Field("leader", SEAT),
    Field("to_move", TO_MOVE),
    Field("status", choice(STATUSES).per_player),
    Field("peekers", PEEKER.per_player),
    Field("committed", POINTS),
    Field("common", PEEKER, ()),
    Field("pending", SEAT.listed, ()),
    Field("opened", FLAG, False),
    Field("round", whole(0), 0),
    Field("history", HISTORY, ()),
    Field("contenders", SEAT.listed, ()),
    Field("start_faces", whole(FACES[0], FACES[-1]).listed, ()),
    Field("last", RESULT.optional, None),
    Field("past", saved(PlayedRound, leader=SEAT, peekers=PEEKER.per_player,
                        history=HISTORY).listed, ()),
), _rebuild, observation_type=PokerDiceObservation, observation=(
    Field("player", SEAT), Field("my_dice", DICE), Field("common", DICE),
    Field("chips", whole(0).listed), Field("committed", whole(0).listed),
    Field("status", RAW.listed),
    Field("leader", SEAT), Field("to_move", RAW), Field("phase", RAW), Field("opened", FLAG),
    Field("round", whole(0)), Field("history", HISTORY), Field("last", RESULT.optional),
    Field("previous", HISTORY, ())))
state_to_json = CODEC.to_json
state_from_json = CODEC.from_json
check = CODEC.check_reachable
observation_from_json = CODEC.observation_from_json

__all__ = ["CODEC", "check", "observation_from_json", "state_from_json", "state_to_json"]
