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

from collections import Counter

from ...core import InvalidState
from ...core.fields import (
    check_json,
    field,
    impossible,
    items,
    one_of,
    per_player,
    readable,
    rebuilt_or_refused,
    record,
    text,
    true_or_false,
    whole_number,
)
from ...core.i18n import _
from .actions import Challenge, Deal, FirstPlayer, JungleObservation, Play, Take
from .cards import cards_text, parse_card, parse_cards
from .state import PHASES, Duel, JungleRules, JungleState, RoundRecord, Taken, all_cards

MOVE_FIELDS = {"take", "cards"}
DUEL_FIELDS = {"challenger", "defender", "stack", "winner", "challenger_card", "defender_card"}
RECORD_FIELDS = {"number", "first", "score_cards", "seated", "strength", "played", "moves",
                 "won"}


def _cards(v, name: str):
    return parse_cards(text(v, name))


def _card(v, name: str):
    return None if v is None else parse_card(text(v, name))


def _move(d, name: str, n: int) -> Taken | Duel:
    if isinstance(d, dict) and set(d) == MOVE_FIELDS:
        return Taken(whole_number(d["take"], name, 0, n - 1), _cards(d["cards"], name))
    d = record(d, name, DUEL_FIELDS)
    winner = d["winner"]
    return Duel(whole_number(d["challenger"], name, 0, n - 1),
                whole_number(d["defender"], name, 0, n - 1), _cards(d["stack"], name),
                None if winner is None else whole_number(winner, name, 0, n - 1),
                _card(d["challenger_card"], name), _card(d["defender_card"], name))


def _record(d, n: int) -> RoundRecord:
    d = record(d, "history", RECORD_FIELDS)
    return RoundRecord(
        whole_number(d["number"], "history", 1), whole_number(d["first"], "history", 0, n - 1),
        _cards(d["score_cards"], "history"),
        per_player("history", n, lambda x: true_or_false(x, "history"))(d["seated"]),
        per_player("history", n, lambda x: _card(x, "history"))(d["strength"]),
        _cards(d["played"], "history"),
        tuple(_move(m, "history", n) for m in items(d["moves"], "history")),
        per_player("history", n, lambda x: _cards(x, "history"))(d["won"]))


def state_to_json(s: JungleState) -> dict:
    return {
        "game": "jungle-bluff",
        "rules": s.rules.to_json(),
        "phase": s.phase,
        "round": s.round,
        "first": s.first,
        "hands": [cards_text(h) for h in s.hands],
        "piles": [cards_text(p) for p in s.piles],
        "strength": [str(c) if c else None for c in s.strength],
        "centre": cards_text(s.centre),
        "held": [cards_text(h) for h in s.held],
        "score_cards": cards_text(s.score_cards),
        "moves": [m.to_json() for m in s.moves],
        "out": cards_text(s.out),
        "spare": cards_text(s.spare),
        "history": [r.to_json() for r in s.history],
    }


def state_from_json(data: dict) -> JungleState:
    """Rebuild a state, checking that the engine can reach it (see the module docstring).

    Raises:
        InvalidState: naming the field that is corrupt or impossible.

    >>> s = JungleState.new(JungleRules(players=2))
    >>> state_from_json(state_to_json(s)) == s
    True
    >>> state_from_json({**state_to_json(s), "first": 1})
    Traceback (most recent call last):
    ...
    bluffkit.core.errors.InvalidState: impossible Jungle Bluff state: field 'first' is 1 but the \
game gives 0
    """
    data = check_json(data, "jungle-bluff", "Jungle Bluff")
    rules = field(data, "rules", _rules)
    n = rules.players

    s = JungleState(
        rules=rules,
        phase=field(data, "phase", lambda v: one_of(v, "phase", PHASES)),
        round=field(data, "round", lambda v: whole_number(v, "round", 0, rules.final_round)),
        first=field(data, "first", lambda v: whole_number(v, "first", 0, n - 1)),
        hands=field(data, "hands", per_player("hands", n, lambda v: _cards(v, "hands"))),
        piles=field(data, "piles", per_player("piles", n, lambda v: _cards(v, "piles"))),
        strength=field(data, "strength", per_player("strength", n, lambda v: _card(v, "strength"))),
        centre=field(data, "centre", lambda v: _cards(v, "centre")),
        held=field(data, "held", per_player("held", n, lambda v: _cards(v, "held"))),
        score_cards=field(data, "score_cards", lambda v: _cards(v, "score_cards")),
        moves=field(data, "moves", lambda v: tuple(_move(m, "moves", n)
                                                   for m in items(v, "moves"))),
        out=field(data, "out", lambda v: _cards(v, "out")),
        spare=field(data, "spare", lambda v: _cards(v, "spare")),
        history=field(data, "history", lambda v: tuple(_record(x, n)
                                                       for x in items(v, "history"))),
    )
    check(s)
    check_reachable(s)
    return s


def _rules(v) -> JungleRules:
    keys = {"players", "top_card", "combined", "special_cards", "first_player"}
    if not isinstance(v, dict) or set(v) != keys:
        raise InvalidState(_("field 'rules' must be an object with the fields {join}, got "
                             "{readable}", join=', '.join(sorted(keys)), readable=readable(v)))
    specials = items(v["special_cards"], "rules")
    if not all(isinstance(x, str) for x in specials):
        raise InvalidState(_("field 'rules' names special cards with texts, got {readable}",
                             readable=readable(specials)))
    return JungleRules(players=v["players"], top_card=v["top_card"], combined=v["combined"],
                       special_cards=tuple(specials), first_player=v["first_player"])


def check_reachable(s: JungleState) -> None:
    """Raise ``InvalidState`` unless the engine reaches ``s`` (module docstring).

    >>> check_reachable(JungleState.new(JungleRules(players=2)))
    """
    rebuilt_or_refused("Jungle Bluff", s, _replay, state_to_json)


_bad = impossible("Jungle Bluff")


def _replay(s: JungleState) -> JungleState:
    state = JungleState.new(s.rules)
    if s.phase == "deal":
        return state
    if not s.history and s.round > 1:
        _bad(_("round {round} comes after {value} finished rounds, but the history holds none (a "
               "position set up for analysis cannot be loaded)", round=s.round, value=s.round - 1))
    first_round = s.history[0] if s.history else None
    score_cards = first_round.score_cards if first_round else s.score_cards
    state = state.apply(Deal(score_cards))
    if state.phase == "first":
        if s.phase == "first" and not s.history:
            return state
        state = state.apply(FirstPlayer(first_round.first if first_round else s.first))
    for k, rec in enumerate(s.history):
        if state.phase != "choose" or rec.number != state.round or rec.first != state.first:
            _bad(_("history round {value} (numbered {number}, first player {first}) does not "
                   "follow: the game is at round {round}, first player {first2}, phase {phase}",
                   value=k + 1, number=rec.number, first=rec.first, round=state.round,
                   first2=state.first, phase=state.phase))
        state = _play_round(state, rec.strength, rec.moves, _("history round {value}", value=k + 1))
        if state.history[-1] != rec:
            _bad(_("history round {value}'s record does not follow from its strength cards and "
                   "moves", value=k + 1))
    if state.phase in ("choose", "bluff"):
        state = _play_round(state, s.strength, s.moves, _("this round"))
    return state


def _play_round(state: JungleState, strength, moves, where: str) -> JungleState:
    while state.phase == "choose" and strength[state.to_move] is not None:
        state = state.apply(Play(strength[state.to_move]))
    for i, m in enumerate(moves):
        p = m.player if isinstance(m, Taken) else m.challenger
        if state.phase != "bluff" or p != state.to_move:
            _bad(_("{where}: move {value} is player {p}'s, but {value2} is to move",
                   where=where, value=i + 1, p=p,
                   value2=_("nobody") if state.phase != "bluff"
                   else _("player {p}", p=state.to_move)))
        state = state.apply(Take(m.cards) if isinstance(m, Taken) else Challenge(m.defender))
    return state


def check(s: JungleState) -> None:
    """Raise ``InvalidState`` unless ``s`` holds the cards, sizes and phase a round needs.

    ``JungleState.setup`` checks its positions with this; loading also replays the game
    (:func:`check_reachable`).

    >>> from .state import JungleRules
    >>> check(JungleState.new(JungleRules(players=2)))
    """
    rules, n = s.rules, s.rules.players

    def bad(msg: str):
        raise InvalidState(_("impossible Jungle Bluff state: {msg}", msg=msg))

    if s.phase not in PHASES:
        bad(_("phase must be one of {join}, got {phase}",
              join=', '.join(PHASES), phase=repr(s.phase)))
    for name in ("hands", "piles", "strength", "held"):
        if len(getattr(s, name)) != n:
            bad(_("{name} needs one entry per player ({count})", name=name, count=n))
    if s.first not in range(n):
        bad(_("first player must be 0-{value}, got {first}", value=n - 1, first=s.first))
    located = ([c for h in s.hands + s.piles + s.held for c in h] + list(s.centre)
               + [c for c in s.strength if c is not None] + list(s.out) + list(s.spare))
    if Counter(located) != Counter(all_cards(rules)):
        missing = Counter(all_cards(rules)) - Counter(located)
        extra = Counter(located) - Counter(all_cards(rules))
        bad(_("the cards do not add up to {count} decks and a spare deck (missing {value}, extra "
              "{value2})",
              count=n, value=cards_text(sorted(missing.elements())) or 'none',
              value2=cards_text(sorted(extra.elements())) or 'none'))
    deck = set(rules.deck())
    for p, h in enumerate(s.hands):
        if len({c.value for c in h}) != len(h) or not set(h) <= deck:
            bad(_("player {p}'s hand {cards_text} is not part of one deck {cards_text2}",
                  p=p, cards_text=cards_text(h), cards_text2=cards_text(rules.deck())))
    if s.phase == "deal":
        if s.round != 0 or len(s.spare) != rules.top_card or s.history:
            bad(_("before the deal the spare deck is full and no round has been played"))
        return
    if s.spare:
        bad(_("the spare deck is dealt before round 1"))
    if s.phase == "first":
        if s.round != 1 or len(s.centre) != n or s.history:
            bad(_("the first player is drawn right after the deal"))
        return
    if s.phase == "over":
        if any(s.strength) or any(s.held) or s.centre:
            bad(_("a finished game has no strength card, held card or centre card"))
        return
    if not 1 <= s.round <= rules.final_round:
        bad(_("round must be 1-{final_round}, got {round}",
              final_round=rules.final_round, round=s.round))
    if s.history and len(s.history) != s.round - 1:  # no history: a position set up
        bad(_("round {round} comes after {value} finished rounds, got {history}",
              round=s.round, value=s.round - 1, history=len(s.history)))
    left = rules.top_card + 1 - s.round
    for p in range(n):
        expected = left - (s.strength[p] is not None and not s.final)
        if len(s.hands[p]) != expected:
            bad(_("player {p} should hold {expected} cards in round {round}, holds {hands}",
                  p=p, expected=expected, round=s.round, hands=len(s.hands[p])))
    order = s.order()
    if not order:
        bad(_("nobody is seated this round"))
    chosen = [p for p in order if s.strength[p] is not None]
    if any(s.strength[p] is not None for p in range(n) if p not in order):
        bad(_("a player who sits out has a strength card"))
    if s.phase == "choose":
        if chosen != order[:len(chosen)] or len(chosen) == len(order):
            bad(_("strength cards are chosen in turn from the first player"))
        if s.moves or any(s.held):
            bad(_("nobody takes or challenges before every strength card is down"))
        return
    if len(chosen) != len(order):
        bad(_("the bluff phase starts once every seated player has a strength card"))
    if len(s.moves) >= len(order):
        bad(_("every seated player has moved: the round should be over"))
    movers = set(order[:len(s.moves)])
    if any(s.held[p] for p in range(n) if p not in movers):
        bad(_("only a player who has moved can hold a score card"))



def observation_from_json(d: dict, rules: JungleRules) -> JungleObservation:
    """A seat's :class:`JungleObservation` from its ``to_json()`` (what the class server sends
    that seat), read back exactly.

    >>> s = JungleState.new(JungleRules(players=3))
    >>> o = s.observation(1)
    >>> observation_from_json(o.to_json(), s.rules) == o
    True
    """
    n = rules.players
    return JungleObservation(
        whole_number(d["player"], "player", 0, n - 1), rules, d["phase"], d["round"], d["first"],
        d["to_move"], _cards(d["hand"], "hand"), _card(d["my_strength"], "my_strength"),
        tuple(true_or_false(x, "placed") for x in items(d["placed"], "placed")),
        tuple(true_or_false(x, "seated") for x in items(d["seated"], "seated")),
        tuple(items(d["hand_sizes"], "hand_sizes")),
        tuple(_cards(p, "piles") for p in items(d["piles"], "piles")),
        _cards(d["score_cards"], "score_cards"), _cards(d["centre"], "centre"),
        tuple(_cards(h, "held") for h in items(d["held"], "held")),
        tuple(_move(m, "moves", n) for m in items(d["moves"], "moves")),
        tuple(_record(r, n) for r in items(d["history"], "history")))

__all__ = ["check", "check_reachable", "observation_from_json", "state_from_json", "state_to_json"]
