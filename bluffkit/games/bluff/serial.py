"""Bluff states to JSON and back; loading rejects corrupt or impossible states."""

from __future__ import annotations

from ...core import IllegalAction, InvalidRules, InvalidState, ParseError
from ...core.fields import whole_number as _int
from .bids import Bid, dice_text, parse_dice
from .state import PHASES, BluffRules, BluffState, Reveal, count_matching


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
    """Rebuild a state, checking that it could occur in a game.

    Raises:
        InvalidState: naming the field that is corrupt or impossible.
    """
    if not isinstance(data, dict) or data.get("game") != "bluff":
        raise InvalidState("not a Bluff state: expected a JSON object with \"game\": \"bluff\"")
    try:
        rules = BluffRules(**{**data["rules"], "starting_dice": _tuple(data["rules"].get(
            "starting_dice"))})
        s = BluffState(
            rules=rules,
            dice=tuple(_int(d, "dice") for d in data["dice"]),
            hidden=tuple(parse_dice(h) for h in data["hidden"]),
            exposed=tuple(parse_dice(e) for e in data["exposed"]),
            phase=data["phase"],
            to_move=_int(data["to_move"], "to_move"),
            opener=_int(data["opener"], "opener"),
            bid=Bid.parse(data["bid"]) if data.get("bid") else None,
            bidder=None if data.get("bidder") is None else _int(data["bidder"], "bidder"),
            history=tuple((_int(p, "history"), str(a)) for p, a in data.get("history", [])),
            round=_int(data.get("round", 0), "round"),
            contenders=tuple(_int(c, "contenders") for c in data.get("contenders", [])),
            start_totals=tuple(_int(t, "start_totals") for t in data.get("start_totals", [])),
            last=_reveal(data["last"]) if data.get("last") else None,
            lost=tuple(_int(x, "lost") for x in data["lost"]),
        )
    except (KeyError, TypeError, AttributeError) as e:
        raise InvalidState(f"corrupt Bluff state: missing or malformed field ({e})") from None
    except (ParseError, InvalidRules, IllegalAction) as e:
        raise InvalidState(f"corrupt Bluff state: {e}") from None
    check(s)
    return s


def check(s: BluffState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the rules can reach."""
    n = s.rules.players
    start = s.rules.start_dice()

    def bad(msg: str):
        raise InvalidState(f"impossible Bluff state: {msg}")

    if s.phase not in PHASES:
        bad(f"phase must be one of {', '.join(PHASES)}, got {s.phase!r}")
    if not (len(s.dice) == len(s.hidden) == len(s.exposed) == n):
        bad(f"dice, hidden and exposed need one entry per player ({n})")
    if len(s.lost) != n:
        bad(f"lost needs one entry per player ({n})")
    for p in range(n):
        if s.dice[p] < 0 or s.lost[p] < 0 or s.dice[p] + s.lost[p] != start[p]:
            bad(f"player {p} holds {s.dice[p]} dice and lost {s.lost[p]} but started with "
                f"{start[p]}")
        shown = len(s.hidden[p]) + len(s.exposed[p])
        if s.phase in ("bid", "show") and shown != s.dice[p]:
            bad(f"player {p} holds {s.dice[p]} dice but {shown} are under the cup or exposed")
        if shown > s.dice[p]:
            bad(f"player {p} shows {shown} dice but holds only {s.dice[p]}")
        if s.exposed[p] and s.dice[p] and not s.hidden[p] and s.phase != "reroll":
            bad(f"player {p} exposed every die: at least one must stay hidden")
    alive = [p for p in range(n) if s.dice[p]]
    if s.phase == "over":
        if len(alive) != 1:
            bad("a finished game has exactly one player with dice")
        if any(s.hidden) or any(s.exposed):
            bad("the cups are empty once the game is over")
        return
    if len(alive) < 2:
        bad("fewer than two players have dice but the game is not over")
    if s.phase == "start":
        if s.bid is not None or any(s.hidden) or any(s.exposed):
            bad("nothing is rolled nor bid before the start roll is over")
        if (len(s.contenders) < 2 or list(s.contenders) != sorted(set(s.contenders))
                or not set(s.contenders) <= set(alive)):
            bad("the start roll's contenders must be two or more players with dice, in order, "
                f"got {list(s.contenders)}")
        if len(s.start_totals) >= len(s.contenders):
            bad("the start roll has no contender left to roll")
        for p, total in zip(s.contenders, s.start_totals):
            if not s.dice[p] <= total <= 6 * s.dice[p]:
                bad(f"player {p} cannot total {total} with {s.dice[p]} dice on the start roll")
        return
    if s.round < 1:
        bad(f"rounds count from 1 after the start roll, got round {s.round}")
    if s.opener not in alive:
        bad(f"the opener {s.opener} has no dice")
    if s.to_move not in alive:
        bad(f"player to move {s.to_move} has no dice")
    if (s.bid is None) != (s.bidder is None):
        bad("a bid needs a bidder and a bidder needs a bid")
    if s.bid is not None:
        if s.bidder not in alive:
            bad(f"the bidder {s.bidder} has no dice")
        if s.bid.count > sum(s.dice):
            bad(f"the bid {s.bid} claims more dice than the {sum(s.dice)} in play")
    if s.phase == "roll":
        for p in alive:
            if s.exposed[p] or len(s.hidden[p]) not in (0, s.dice[p]):
                bad(f"player {p} holds {s.dice[p]} dice: while the cups are rolled each holds "
                    "all of its dice, hidden, or none yet")
        if s.bid is not None:
            bad("no bid before every cup is rolled")
        if s.to_move != s._next_to_roll():
            bad(f"player {s._next_to_roll()} rolls next, not player {s.to_move}")
    if s.phase == "bid":
        expected = s.opener if s.bid is None else s._next_player(s.bidder)
        if s.to_move != expected:
            bad(f"player {expected} is to bid or challenge, not player {s.to_move}")
    if s.phase in ("show", "reroll") and s.bidder != s.to_move:
        bad("only the bidder may expose or re-roll")
    if s.phase == "reroll" and not s.exposed[s.to_move]:
        bad(f"player {s.to_move} re-rolls with no die exposed")
    if s.phase in ("show", "reroll") and not s.rules.show_and_reroll:
        bad("exposing dice needs the show_and_reroll rules option")
    if any(s.exposed) and not s.rules.show_and_reroll:
        bad("exposed dice need the show_and_reroll rules option")


def _reveal(d: dict) -> Reveal:
    r = Reveal(Bid.parse(d["bid"]), _int(d["bidder"], "last"), _int(d["challenger"], "last"),
               tuple(parse_dice(x) for x in d["dice"]), _int(d["count"], "last"),
               tuple(_int(x, "last") for x in d["losses"]), _int(d["winner"], "last"))
    if r.count != sum(count_matching(x, r.bid.face) for x in r.dice):
        raise InvalidState(f"the last reveal says {r.count} dice match {r.bid} but its dice "
                           "show otherwise")
    return r


def _tuple(v):
    return tuple(v) if v is not None else None
