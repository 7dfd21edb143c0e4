"""Bluff You states to JSON and back; loading rejects corrupt or impossible states."""

from __future__ import annotations

from ...core import IllegalAction, InvalidRules, InvalidState, ParseError
from ...core.fields import whole_number as _int
from .actions import Gain, Steal, parse_action_text
from .state import PHASES, BluffYouRules, BluffYouState, TurnResult
from .tokens import dice_text, parse_dice


def state_to_json(s: BluffYouState) -> dict:
    return {
        "game": "bluff-you",
        "rules": s.rules.to_json(),
        "centre": list(s.centre),
        "held": [list(h) for h in s.held],
        "bluffer": s.bluffer,
        "phase": s.phase,
        "roll": dice_text(s.roll) if s.roll else None,
        "pending": str(s.pending) if s.pending else None,
        "call": s.call,
        "turn": s.turn,
        "last": s.last.to_json() if s.last else None,
    }


def state_from_json(data: dict) -> BluffYouState:
    """Rebuild a state, checking that it could occur in a game.

    Raises:
        InvalidState: naming the field that is corrupt or impossible.

    >>> s = BluffYouState.new()
    >>> state_from_json(state_to_json(s)) == s
    True
    """
    if not isinstance(data, dict) or data.get("game") != "bluff-you":
        raise InvalidState('not a Bluff You state: expected a JSON object with "game": '
                           '"bluff-you"')
    try:
        rules = BluffYouRules(**data["rules"])
        pending = parse_action_text(data["pending"]) if data.get("pending") else None
        s = BluffYouState(
            rules=rules,
            centre=tuple(sorted(_int(t, "centre") for t in data["centre"])),
            held=tuple(tuple(sorted(_int(t, "held") for t in h)) for h in data["held"]),
            bluffer=_int(data["bluffer"], "bluffer"),
            phase=data["phase"],
            roll=parse_dice(data["roll"]) if data.get("roll") else None,
            pending=pending,
            call=data.get("call"),
            turn=_int(data.get("turn", 0), "turn"),
            last=_result(data["last"]) if data.get("last") else None,
        )
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        if isinstance(e, InvalidRules | ParseError | IllegalAction):
            raise InvalidState(f"corrupt Bluff You state: {e}") from None
        raise InvalidState(f"corrupt Bluff You state: missing or malformed field ({e})") from None
    check(s)
    return s


def check(s: BluffYouState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the rules can reach."""
    n = s.rules.players

    def bad(msg: str):
        raise InvalidState(f"impossible Bluff You state: {msg}")

    if s.phase not in PHASES:
        bad(f"phase must be one of {', '.join(PHASES)}, got {s.phase!r}")
    if len(s.held) != n:
        bad(f"held needs one list of tokens per player ({n})")
    every = list(s.centre) + [t for h in s.held for t in h]
    if sorted(every) != list(s.rules.tokens):
        bad(f"the centre and the players must hold each token of {list(s.rules.tokens)} exactly "
            f"once, they hold {sorted(every)}")
    if s.bluffer not in range(n):
        bad(f"the bluffer must be a player 0-{n - 1}, got {s.bluffer}")
    if s.turn < 0:
        bad(f"turn counts the turns played (0 or more), got {s.turn}")
    seats = [None, *range(n)]
    last = s.last
    if last is not None and (last.bluffer not in range(n) or last.guesser not in seats or any(
            t not in s.rules.tokens or a not in seats or b not in seats or a == b
            for t, a, b in last.moves)):
        bad("the last turn names players or token moves that cannot exist (players are "
            f"0-{n - 1}, None is the centre)")
    if (s.phase == "over") != (not s.centre):
        bad("the game is over exactly when the centre is empty")
    if (s.roll is None) != (s.phase in ("roll", "over")):
        bad(f"a roll is known in phases act, call and give only (phase {s.phase})")
    if (s.pending is None) != (s.phase not in ("call", "give")):
        bad(f"an announcement awaits an answer in phases call and give only (phase {s.phase})")
    if (s.call is None) != (s.phase != "give") or s.call not in (None, True, False):
        bad("the guesser's call is kept during the give phase only")
    p = s.pending
    if isinstance(p, Gain) and (p.guesser in (s.bluffer,) or p.guesser not in range(n)
                                or p.number not in s.centre):
        bad(f"the pending {p} is not a legal gain")
    if isinstance(p, Steal) and (p.target == s.bluffer or p.target not in range(n)
                                 or p.number not in s.held[p.target] or not s.held[s.bluffer]):
        bad(f"the pending {p} is not a legal steal")
    if p is not None and not isinstance(p, Gain | Steal):
        bad(f"the pending action must be a gain or a steal, got {p}")
    if s.phase == "give":
        if not isinstance(p, Steal) or (sum(s.roll) == p.number) != s.call:
            bad("the give phase follows a steal the guesser called right")
        if len(s.held[s.bluffer]) < 2:
            bad("a give with a single token is applied at once")


def _result(d: dict) -> TurnResult:
    return TurnResult(
        bluffer=_int(d["bluffer"], "last.bluffer"), action=str(d["action"]),
        roll=parse_dice(d["roll"]), call=d.get("call"), truthful=d.get("truthful"),
        guesser=d.get("guesser"), guesser_right=d.get("guesser_right"),
        moves=tuple((_int(t, "last.moves"), a, b) for t, a, b in d.get("moves", [])))
