"""Poker dice states to JSON and back; loading rejects corrupt or impossible states."""

from __future__ import annotations

from ...core import IllegalAction, InvalidRules, InvalidState, ParseError
from ...core.fields import whole_number as _int
from ...core.fields import whole_numbers as _ints
from .actions import COMMON_DICE, DICE_PER_PEEKER, PokerDiceRules
from .hand import dice_text, parse_dice
from .pots import PotResult
from .state import PHASES, STATUSES, PokerDiceState, RoundResult


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
    """Rebuild a state, checking that it could occur in a game.

    Raises:
        InvalidState: naming the field that is corrupt or impossible.

    >>> s = PokerDiceState.new()
    >>> state_from_json(s.to_json()) == s
    True
    """
    if not isinstance(data, dict) or data.get("game") != "poker-dice":
        raise InvalidState('not a poker dice state: expected a JSON object with "game": '
                           '"poker-dice"')
    try:
        s = PokerDiceState(
            rules=PokerDiceRules.from_json(data["rules"]),
            chips=_ints(data["chips"], "chips"),
            phase=data["phase"],
            leader=_int(data["leader"], "leader"),
            to_move=_int(data["to_move"], "to_move"),
            status=tuple(str(x) for x in data["status"]),
            peekers=tuple(parse_dice(d) for d in data["peekers"]),
            committed=_ints(data["committed"], "committed"),
            common=parse_dice(data.get("common", "")),
            pending=_ints(data.get("pending", []), "pending"),
            opened=data.get("opened", False),
            round=_int(data.get("round", 0), "round"),
            history=tuple((_int(p, "history"), str(a)) for p, a in data.get("history", [])),
            contenders=_ints(data.get("contenders", []), "contenders"),
            start_faces=_ints(data.get("start_faces", []), "start_faces"),
            last=_result(data["last"]) if data.get("last") else None,
        )
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        if isinstance(e, InvalidState):
            raise
        if isinstance(e, ParseError | InvalidRules | IllegalAction):
            raise InvalidState(f"corrupt poker dice state: {e}") from None
        raise InvalidState(f"corrupt poker dice state: missing or malformed field ({e})") from None
    check(s)
    return s


def check(s: PokerDiceState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the rules can reach."""
    n = s.rules.players

    def bad(msg: str):
        raise InvalidState(f"impossible poker dice state: {msg}")

    if s.phase not in PHASES:
        bad(f"phase must be one of {', '.join(PHASES)}, got {s.phase!r}")
    if not (len(s.chips) == len(s.status) == len(s.peekers) == len(s.committed) == n):
        bad(f"chips, status, peekers and committed need one entry per player ({n})")
    if any(x not in STATUSES for x in s.status):
        bad(f"a status must be one of {', '.join(STATUSES)}, got {list(s.status)}")
    if any(c < 0 for c in s.chips + s.committed):
        bad("points cannot be negative")
    total = sum(s.rules.start_stacks())
    if sum(s.chips) + sum(s.committed) != total:
        bad(f"the players hold {sum(s.chips)} points and the middle {sum(s.committed)}, but "
            f"the game has {total}")
    if not isinstance(s.opened, bool):
        bad("opened must be true or false")
    if s.leader not in range(n):
        bad(f"leader must be a player 0-{n - 1}, got {s.leader}")
    for name in ("pending", "contenders"):
        seats = getattr(s, name)
        if len(set(seats)) != len(seats) or any(p not in range(n) for p in seats):
            bad(f"{name} must list players 0-{n - 1}, each at most once, got {list(seats)}")
    if s.phase == "start":
        if not s.contenders or len(s.start_faces) >= len(s.contenders) or any(s.committed):
            bad("the roll for the first leader has no contender left to roll")
        if s.to_move != s.contenders[len(s.start_faces)]:
            bad(f"player {s.to_move} is not the next to roll for the first leader")
        return
    alive = [p for p in range(n) if s.status[p] != "out"]
    for p in range(n):
        out = s.status[p] == "out"
        if out and (s.chips[p] or s.committed[p] or s.peekers[p]):
            bad(f"player {p} is out but holds points or dice")
        if not out and s.phase != "over" and not s.chips[p] + s.committed[p]:
            bad(f"player {p} has no points but is not out")
        if s.peekers[p] and len(s.peekers[p]) != DICE_PER_PEEKER:
            bad(f"player {p}'s peeker holds {len(s.peekers[p])} dice, not {DICE_PER_PEEKER}")
        if s.status[p] in ("waiting", "passed") and s.committed[p]:
            bad(f"player {p} did not ante but has {s.committed[p]} points in the middle")
    if s.phase == "over":
        if len(alive) != 1 or any(s.committed):
            bad("a finished game has exactly one player, holding every point")
        return
    if len(alive) < 2:
        bad("fewer than two players have points but the game is not over")
    if s.leader not in alive:
        bad(f"the leader {s.leader} is out")
    rolled = [p for p in alive if s.peekers[p]]
    if s.phase == "peek":
        if set(rolled) | set(s.pending) != set(alive) or set(rolled) & set(s.pending):
            bad("during the peeker roll every player has rolled or is pending, not both")
    elif set(rolled) != set(alive):
        bad("every player in the game has rolled their peeker after the peeker roll")
    if s.phase in ("peek", "ante"):
        if s.common or any(x in ("folded",) for x in s.status):
            bad("no common dice and no fold before the betting")
        if s.phase == "ante" and any(s.status[p] == "waiting" for p in alive
                                     if p not in s.pending):
            bad("a player who is not pending has not chosen to ante or pass")
        if s.phase == "ante" and any(s.status[p] != "waiting" for p in s.pending):
            bad("only players who have not chosen to ante or pass are pending at the ante")
    else:
        if len(s.in_hand()) < 2 and s.phase == "common":
            bad("the common dice are rolled only when two or more players anted")
        if s.phase == "bet" and len(s.common) != COMMON_DICE:
            bad(f"betting needs the {COMMON_DICE} common dice")
        if any(x == "waiting" for x in s.status):
            bad("every player has chosen to ante or pass before the common roll")
    if s.phase in ("peek", "ante", "bet") and (not s.pending or s.to_move != s.pending[0]):
        bad("the player to move must be the first pending player")
    if s.phase == "bet" and any(s.status[p] != "in" or not s.chips[p] for p in s.pending):
        bad("only players in the hand with points left are pending in the betting")
    if s.phase == "bet" and s.opened and set(s.pending) != {
            p for p in range(n) if s.status[p] == "in" and s.chips[p] and s.committed[p] < s.level}:
        bad("after a bet, exactly the players in the hand with points left who have not matched "
            "it must answer the bet (pending)")
    if not s.opened and any(c not in (0, 1) for c in s.committed):
        bad("before the first bet each player has put in at most the ante")


def _result(d: dict) -> RoundResult:
    return RoundResult(str(d["kind"]), _int(d["leader"], "last.leader"), parse_dice(d["common"]),
                       tuple(parse_dice(x) for x in d["shown"]), _ints(d["committed"], "last"),
                       _ints(d["payouts"], "last"),
                       tuple(PotResult.from_json(p) for p in d["pots"]))


__all__ = ["check", "state_from_json", "state_to_json"]
