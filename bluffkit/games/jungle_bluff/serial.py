"""Jungle Bluff states to JSON and back; loading accepts only states the engine can reach.

How a loaded state is checked (by construction, the whole game): every field is read and named
if malformed; the card counts are checked (:func:`check`, also used by ``JungleState.setup``);
then the engine plays the game again from ``JungleState.new(rules)``: the score cards dealt for
round 1 and the first player (chance), then every finished round of ``history`` (each seated
player's strength card in turn, then each take and challenge), then the round in progress
(the strength cards down, the moves made). The loaded state must equal the state reached, field
for field, and each round's record must be the one the engine writes. Jungle Bluff keeps the
whole game in its state, so nothing is left unchecked; a position set up for analysis
(``JungleState.setup``) after round 1 has no history and cannot be loaded.
"""

from __future__ import annotations

from ...core.codec import Codec, Field, apply_logged
from ...core.fields import impossible
from ...core.i18n import _
from ...core.kinds import FLAG, RAW, SEAT, Kind, choice, saved, textual, whole
from .actions import Challenge, Deal, FirstPlayer, JungleObservation, Play, Take
from .cards import cards_text, parse_card, parse_cards
from .state import PHASES, Duel, JungleRules, JungleState, RoundRecord, Taken, check

CARDS = textual(parse_cards, cards_text)
CARD = textual(parse_card).optional
DUEL = saved(Duel, challenger=SEAT, defender=SEAT, stack=CARDS, winner=SEAT.optional,
             challenger_card=CARD, defender_card=CARD)


def _move(v, name: str, rules) -> Taken | Duel:
    if isinstance(v, dict) and set(v) == {"take", "cards"}:
        return Taken(SEAT.read(v["take"], name, rules), CARDS.read(v["cards"], name, rules))
    return DUEL.read(v, name, rules)


MOVES = Kind(_move, DUEL.write).listed
RECORD = saved(RoundRecord, number=whole(1), first=SEAT, score_cards=CARDS,
               seated=FLAG.per_player, strength=CARD.per_player, played=CARDS, moves=MOVES,
               won=CARDS.per_player)


_bad = impossible("Jungle Bluff")


def _replay(s: JungleState, log: list | None = None) -> JungleState:
    state = JungleState.new(s.rules)
    if s.phase == "deal":
        return state
    if not s.history and s.round > 1:
        _bad(_("round {round} comes after {value} finished rounds, but the history holds none (a "
               "position set up for analysis cannot be loaded)", round=s.round, value=s.round - 1))
    first_round = s.history[0] if s.history else None
    score_cards = first_round.score_cards if first_round else s.score_cards
    state = apply_logged(state, Deal(score_cards), log)
    if state.phase == "first":
        if s.phase == "first" and not s.history:
            return state
        state = apply_logged(state, FirstPlayer(first_round.first if first_round else s.first),
                             log)
    for k, rec in enumerate(s.history):
        if state.phase != "choose" or rec.number != state.round or rec.first != state.first:
            _bad(_("history round {value} (numbered {number}, first player {first}) does not "
                   "follow: the game is at round {round}, first player {first2}, phase {phase}",
                   value=k + 1, number=rec.number, first=rec.first, round=state.round,
                   first2=state.first, phase=state.phase))
        state = _play_round(state, rec.strength, rec.moves,
                            _("history round {value}", value=k + 1), log)
        if state.history[-1] != rec:
            _bad(_("history round {value}'s record does not follow from its strength cards and "
                   "moves", value=k + 1))
    if state.phase in ("choose", "bluff"):
        state = _play_round(state, s.strength, s.moves, _("this round"), log)
    return state


def _play_round(state: JungleState, strength, moves, where: str,
                log: list | None = None) -> JungleState:
    while state.phase == "choose" and strength[state.to_move] is not None:
        state = apply_logged(state, Play(strength[state.to_move]), log)
    for i, m in enumerate(moves):
        p = m.player if isinstance(m, Taken) else m.challenger
        if state.phase != "bluff" or p != state.to_move:
            _bad(_("{where}: move {value} is player {p}'s, but {value2} is to move",
                   where=where, value=i + 1, p=p,
                   value2=_("nobody") if state.phase != "bluff"
                   else _("player {p}", p=state.to_move)))
        state = apply_logged(state, Take(m.cards) if isinstance(m, Taken)
                             else Challenge(m.defender), log)
    return state


CODEC = Codec("jungle-bluff", "Jungle Bluff", JungleState, JungleRules, (
    Field("phase", choice(PHASES)),
    Field("round", whole(0, lambda rules: rules.final_round)),
    Field("first", SEAT),
    Field("hands", CARDS.per_player),
    Field("piles", CARDS.per_player),
    Field("strength", CARD.per_player),
    Field("centre", CARDS),
    Field("held", CARDS.per_player),
    Field("score_cards", CARDS),
    Field("moves", MOVES),
    Field("out", CARDS),
    Field("spare", CARDS),
    Field("history", RECORD.listed),
), _replay, check, JungleObservation, (
    Field("player", SEAT), Field("phase", RAW), Field("round", RAW), Field("first", RAW),
    Field("to_move", RAW), Field("hand", CARDS), Field("my_strength", CARD),
    Field("placed", FLAG.listed), Field("seated", FLAG.listed), Field("hand_sizes", RAW.listed),
    Field("piles", CARDS.listed), Field("score_cards", CARDS), Field("centre", CARDS),
    Field("held", CARDS.listed), Field("moves", MOVES), Field("history", RECORD.listed)))
state_to_json = CODEC.to_json
state_from_json = CODEC.from_json
check_reachable = CODEC.check_reachable
observation_from_json = CODEC.observation_from_json

__all__ = ["CODEC", "check", "check_reachable", "observation_from_json", "state_from_json",
           "state_to_json"]
