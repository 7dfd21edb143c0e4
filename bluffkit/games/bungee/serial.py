"""Bungee states to JSON and back; loading rejects corrupt or impossible states.

The draw pile is written as counts by card (``{"1": 5, ..., "B": 3}``: its order is chance's
secret), hands and the discard pile as card text (``"1,2,8,B"``, the discard pile bottom first).
"""

from __future__ import annotations

from ...core import IllegalAction, InvalidRules, InvalidState, ParseError
from ...core.fields import true_or_false as _bool
from ...core.fields import whole_number as _int
from .cards import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    HAND_SIZE,
    add_counts,
    card_text,
    cards_text,
    counts_of,
    hand_value,
    parse_card,
    parse_cards,
    parse_pile,
)
from .state import PHASES, BungeeRules, BungeeState, RoundResult, score_round


def state_to_json(s: BungeeState) -> dict:
    return {
        "game": "bungee",
        "rules": s.rules.to_json(),
        "round": s.round,
        "phase": s.phase,
        "to_move": s.to_move,
        "hands": [cards_text(h) for h in s.hands],
        "pile": {card_text(c): k for c, k in zip(CARDS, s.pile)},
        "discard": cards_text(s.discard),
        "lucky": card_text(s.lucky) if s.lucky is not None else None,
        "opened": s.opened,
        "callers": list(s.callers),
        "to_act": list(s.to_act),
        "skip": s.skip,
        "totals": list(s.totals),
        "history": [[p, a] for p, a in s.history],
        "last": s.last.to_json() if s.last else None,
    }


def state_from_json(data: dict) -> BungeeState:
    """Rebuild a state, checking that it could occur in a game.

    Raises:
        InvalidState: naming the field that is corrupt or impossible.
    """
    if not isinstance(data, dict) or data.get("game") != "bungee":
        raise InvalidState("not a Bungee state: expected a JSON object with \"game\": \"bungee\"")
    try:
        rules = BungeeRules(**data["rules"])
        pile = data["pile"]
        if set(pile) != {card_text(c) for c in CARDS}:
            raise InvalidState("field 'pile' needs one count for each card 1-10 and B")
        s = BungeeState(
            rules=rules,
            phase=data["phase"],
            to_move=_int(data["to_move"], "to_move"),
            hands=tuple(parse_cards(h) for h in data["hands"]),
            pile=tuple(_int(pile[card_text(c)], "pile") for c in CARDS),
            discard=parse_pile(data["discard"]),
            lucky=parse_card(data["lucky"]) if data.get("lucky") is not None else None,
            round=_int(data["round"], "round"),
            opened=_bool(data["opened"], "opened"),
            callers=tuple(_int(p, "callers") for p in data["callers"]),
            to_act=tuple(_int(p, "to_act") for p in data["to_act"]),
            skip=_int(data["skip"], "skip"),
            totals=tuple(_int(t, "totals") for t in data["totals"]),
            history=tuple((_int(p, "history"), str(a)) for p, a in data.get("history", [])),
            last=_result(data["last"]) if data.get("last") else None,
        )
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        if isinstance(e, InvalidState):
            raise
        if isinstance(e, ParseError | InvalidRules | IllegalAction):
            raise InvalidState(f"corrupt Bungee state: {e}") from None
        raise InvalidState(f"corrupt Bungee state: missing or malformed field ({e})") from None
    check(s)
    return s


def check(s: BungeeState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the rules can reach."""
    n = s.rules.players

    def bad(msg: str):
        raise InvalidState(f"impossible Bungee state: {msg}")

    if s.phase not in PHASES:
        bad(f"phase must be one of {', '.join(PHASES)}, got {s.phase!r}")
    if len(s.hands) != n or len(s.totals) != n:
        bad(f"hands and totals need one entry per player ({n})")
    if len(s.pile) != len(CARDS) or any(k < 0 for k in s.pile):
        bad("the draw pile needs a count >= 0 for each card 1-10 and B")
    if not 1 <= s.round <= s.rules.rounds:
        bad(f"round {s.round} is not one of the game's rounds 1-{s.rules.rounds}")
    held = counts_of(c for h in s.hands for c in h)
    lucky = counts_of(() if s.lucky is None else (s.lucky,))
    total = add_counts(add_counts(held, s.pile), add_counts(counts_of(s.discard), lucky))
    for c, k, want in zip(CARDS, total, DECK):
        if k != want:
            bad(f"the game holds {k} cards {card_text(c)} (hands, piles, lucky card) but the "
                f"deck has {want}")
    for p, h in enumerate(s.hands):
        if tuple(sorted(h)) != h:
            bad(f"player {p}'s hand must be sorted")
        if len(h) > HAND_SIZE:
            bad(f"player {p} holds {len(h)} cards; a hand never holds more than {HAND_SIZE}")
    if s.last is not None:
        if s.last.round != s.round - (s.phase != "over"):
            bad("the last round's result belongs to the round before this one")
        _check_result(s.last, n)
        if s.last.round == 1 and s.totals != s.last.scores:
            bad("after the first round the totals are that round's scores")
    elif s.round > 1:
        bad("from round 2 on, the state keeps the last round's result")
    elif any(s.totals):
        bad("before the first round ends every total is 0")
    if s.phase == "over":
        if s.to_move != -2 or s.round != s.rules.rounds or s.last is None:
            bad("a finished game ends its last round with a result and nobody to move")
        return
    if s.to_move not in range(n):
        bad(f"player to move {s.to_move} is not a player 0-{n - 1}")
    if s.phase in ("deal", "lucky", "draw") and not sum(s.pile):
        bad("a card must be drawn but the draw pile is empty (it is refilled as soon as empty)")
    if s.phase == "deal":
        want = [HAND_SIZE] * s.to_move + [None] + [0] * (n - s.to_move - 1)
        if s.discard or s.lucky is not None or s.callers or s.to_act or s.skip or s.opened or any(
                w is not None and len(h) != w for h, w in zip(s.hands, want)) or len(
                s.hands[s.to_move]) >= HAND_SIZE:
            bad("while dealing, hands fill one after the other and nothing else is on the table")
        return
    if not s.opened and any(len(h) != HAND_SIZE for h in s.hands):
        bad("before the first play every hand holds 5 cards")
    if any(not h and (s.phase != "draw" or p != s.to_move) for p, h in enumerate(s.hands)):
        bad("after the deal every hand holds a card (only a player about to draw may hold none)")
    if s.phase == "lucky" and s.lucky is not None:
        bad("a lucky card is about to be turned but one lies there already")
    if s.phase != "lucky" and s.lucky is None:
        bad(f"phase {s.phase} needs a lucky card")
    if s.phase == "dealer" and (s.lucky != BUNGEE or s.to_move != s.rules.dealer or s.opened):
        bad("only the dealer decides about a Bungee card turned as lucky card, before play")
    if not s.opened and (s.callers or len(s.discard) > 3 or s.to_move not in (0, s.rules.dealer)):
        bad("before the first play nobody has called and only the dealer may have discarded")
    if s.phase == "turn" and not s.opened and s.to_move != 0:
        bad("player 0 opens the round (the dealer only decides about a Bungee lucky card)")
    if s.phase == "draw" and (not s.opened or len(s.hands[s.to_move]) >= HAND_SIZE):
        bad(f"player {s.to_move} is about to draw, so has just played at least one card: they "
            f"hold at most {HAND_SIZE - 1} cards")
    if len(set(s.callers)) != len(s.callers) or not set(s.callers) <= set(range(n)):
        bad(f"callers must be distinct players, got {list(s.callers)}")
    if len(set(s.to_act)) != len(s.to_act) or set(s.to_act) & set(s.callers) or not set(
            s.to_act) <= set(range(n)):
        bad("players still to act in the last lap are distinct players who have not called")
    if s.to_act and not s.callers:
        bad("only the last lap (after a call) has players still to act")
    if not 0 <= s.skip <= HAND_SIZE or (s.skip and s.phase not in ("draw", "call")):
        bad(f"sixes waiting to skip ({s.skip}) belong to a turn being finished")
    for p in s.callers:
        if hand_value(s.hands[p], s.lucky) > CALL_LIMIT:
            bad(f"player {p} called Bungee but holds a hand worth more than {CALL_LIMIT} (a "
                "caller's hand no longer changes)")
    if s.to_move in s.callers:
        bad(f"player {s.to_move} has called Bungee and plays no more this round")
    if s.phase == "call" and (not s.callers or hand_value(s.hands[s.to_move], s.lucky)
                              > CALL_LIMIT or s.to_move in s.to_act):
        bad("a last-lap call after acting needs a hand worth 5 or less, and the action done")
    if s.phase == "turn" and s.callers and (not s.to_act or s.to_act[0] != s.to_move):
        bad("in the last lap the player to move is the first still to act")


def _check_result(r: RoundResult, n: int) -> None:
    if len(r.hands) != n or len(r.scores) != n:
        raise InvalidState(f"the last round's result needs one hand and score per player ({n})")
    if not r.callers or len(set(r.callers)) != len(r.callers) or not set(r.callers) <= set(
            range(n)):
        raise InvalidState(f"the last round's callers must be distinct players 0-{n - 1}, got "
                           f"{list(r.callers)}")
    if (r.winner, r.scores) != score_round(r.hands, r.lucky, r.callers):
        raise InvalidState("the last round's winner and scores do not follow from its hands")


def _result(d: dict) -> RoundResult:
    return RoundResult(_int(d["round"], "last.round"),
                       parse_card(d["lucky"]) if d.get("lucky") is not None else None,
                       tuple(parse_cards(h) for h in d["hands"]),
                       tuple(_int(p, "last.callers") for p in d["callers"]),
                       _int(d["winner"], "last.winner"),
                       tuple(_int(x, "last.scores") for x in d["scores"]))
