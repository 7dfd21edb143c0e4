"""Jungle Bluff states to JSON and back; loading rejects corrupt or impossible states."""

from __future__ import annotations

from collections import Counter

from ...core import IllegalAction, InvalidRules, InvalidState, ParseError
from ...core.fields import whole_number as _int
from .cards import cards_text, parse_card, parse_cards
from .state import PHASES, Duel, JungleRules, JungleState, RoundRecord, Taken, all_cards


def _move_to_json(m: Taken | Duel) -> dict:
    return m.to_json()


def _move(d: dict) -> Taken | Duel:
    if "take" in d:
        return Taken(_int(d["take"], "take"), parse_cards(d["cards"]))
    return Duel(_int(d["challenger"], "challenger"), _int(d["defender"], "defender"),
                parse_cards(d["stack"]), None if d["winner"] is None else _int(d["winner"],
                                                                                "winner"),
                _card(d.get("challenger_card")), _card(d.get("defender_card")))


def _card(text):
    return parse_card(text) if text else None


def _record(d: dict) -> RoundRecord:
    return RoundRecord(_int(d["number"], "number"), _int(d["first"], "first"),
                       parse_cards(d["score_cards"]), tuple(bool(x) for x in d["seated"]),
                       tuple(_card(c) for c in d["strength"]), parse_cards(d["played"]),
                       tuple(_move(m) for m in d["moves"]),
                       tuple(parse_cards(w) for w in d["won"]))


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
        "moves": [_move_to_json(m) for m in s.moves],
        "out": cards_text(s.out),
        "spare": cards_text(s.spare),
        "history": [r.to_json() for r in s.history],
    }


def state_from_json(data: dict) -> JungleState:
    """Rebuild a state, checking that it could occur in a game.

    Raises:
        InvalidState: naming the field that is corrupt or impossible.
    """
    if not isinstance(data, dict) or data.get("game") != "jungle-bluff":
        raise InvalidState("not a Jungle Bluff state: expected a JSON object with "
                           "\"game\": \"jungle-bluff\"")
    try:
        r = data["rules"]
        rules = JungleRules(players=r["players"], top_card=r["top_card"],
                            combined=r["combined"], special_cards=tuple(r["special_cards"]),
                            first_player=r["first_player"])
        s = JungleState(
            rules=rules, phase=data["phase"], round=_int(data["round"], "round"),
            first=_int(data["first"], "first"),
            hands=tuple(parse_cards(h) for h in data["hands"]),
            piles=tuple(parse_cards(p) for p in data["piles"]),
            strength=tuple(_card(c) for c in data["strength"]),
            centre=parse_cards(data["centre"]),
            held=tuple(parse_cards(h) for h in data["held"]),
            score_cards=parse_cards(data["score_cards"]),
            moves=tuple(_move(m) for m in data["moves"]),
            out=parse_cards(data["out"]), spare=parse_cards(data["spare"]),
            history=tuple(_record(x) for x in data["history"]))
    except (KeyError, TypeError, AttributeError) as e:
        raise InvalidState(
            f"corrupt Jungle Bluff state: missing or malformed field ({e})") from None
    except (ParseError, InvalidRules, IllegalAction) as e:
        raise InvalidState(f"corrupt Jungle Bluff state: {e}") from None
    check(s)
    return s


def check(s: JungleState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the rules can reach (cards, sizes, phase).

    >>> from .state import JungleRules
    >>> check(JungleState.new(JungleRules(players=2)))
    """
    rules, n = s.rules, s.rules.players

    def bad(msg: str):
        raise InvalidState(f"impossible Jungle Bluff state: {msg}")

    if s.phase not in PHASES:
        bad(f"phase must be one of {', '.join(PHASES)}, got {s.phase!r}")
    for name in ("hands", "piles", "strength", "held"):
        if len(getattr(s, name)) != n:
            bad(f"{name} needs one entry per player ({n})")
    if s.first not in range(n):
        bad(f"first player must be 0-{n - 1}, got {s.first}")
    located = ([c for h in s.hands + s.piles + s.held for c in h] + list(s.centre)
               + [c for c in s.strength if c is not None] + list(s.out) + list(s.spare))
    if Counter(located) != Counter(all_cards(rules)):
        missing = Counter(all_cards(rules)) - Counter(located)
        extra = Counter(located) - Counter(all_cards(rules))
        bad(f"the cards do not add up to {n} decks and a spare deck (missing "
            f"{cards_text(sorted(missing.elements())) or 'none'}, extra "
            f"{cards_text(sorted(extra.elements())) or 'none'})")
    deck = set(rules.deck())
    for p, h in enumerate(s.hands):
        if len({c.value for c in h}) != len(h) or not set(h) <= deck:
            bad(f"player {p}'s hand {cards_text(h)} is not part of one deck "
                f"{cards_text(rules.deck())}")
    if s.phase == "deal":
        if s.round != 0 or len(s.spare) != rules.top_card or s.history:
            bad("before the deal the spare deck is full and no round has been played")
        return
    if s.spare:
        bad("the spare deck is dealt before round 1")
    if s.phase == "first":
        if s.round != 1 or len(s.centre) != n or s.history:
            bad("the first player is drawn right after the deal")
        return
    if s.phase == "over":
        if any(s.strength) or any(s.held) or s.centre:
            bad("a finished game has no strength card, held card or centre card")
        return
    if not 1 <= s.round <= rules.final_round:
        bad(f"round must be 1-{rules.final_round}, got {s.round}")
    if s.history and len(s.history) != s.round - 1:  # no history: a position set up
        bad(f"round {s.round} comes after {s.round - 1} finished rounds, "
            f"got {len(s.history)}")
    left = rules.top_card + 1 - s.round
    for p in range(n):
        expected = left - (s.strength[p] is not None and not s.final)
        if len(s.hands[p]) != expected:
            bad(f"player {p} should hold {expected} cards in round {s.round}, "
                f"holds {len(s.hands[p])}")
    order = s.order()
    if not order:
        bad("nobody is seated this round")
    chosen = [p for p in order if s.strength[p] is not None]
    if any(s.strength[p] is not None for p in range(n) if p not in order):
        bad("a player who sits out has a strength card")
    if s.phase == "choose":
        if chosen != order[:len(chosen)] or len(chosen) == len(order):
            bad("strength cards are chosen in turn from the first player")
        if s.moves or any(s.held):
            bad("nobody takes or challenges before every strength card is down")
        return
    if len(chosen) != len(order):
        bad("the bluff phase starts once every seated player has a strength card")
    if len(s.moves) >= len(order):
        bad("every seated player has moved: the round should be over")
    movers = set(order[:len(s.moves)])
    if any(s.held[p] for p in range(n) if p not in movers):
        bad("only a player who has moved can hold a score card")


__all__ = ["check", "state_from_json", "state_to_json"]
