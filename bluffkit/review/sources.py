"""Where a review's game comes from: a game in memory, a saved game, or a class server's export.

A game is read as its steps, ``(state before, action)`` from the start, chance included:

- a state (a finished or running game, e.g. a table's ``state``) or its saved JSON (a dict,
  JSON text or a file): the engine plays it again from what it keeps (``GameInfo.replay``);
- a class server's export (``bluffkit.classroom``), JSON or CSV: one room's log, every move as
  its text, played through the engine from the start (the log is the truth). The JSON export
  says the room's rules; the CSV does not, so a CSV room is played with the game's standard
  rules and its number of seats (from its result row, else the highest seat that moved).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import CHANCE, BluffkitError, GameInfo, InvalidQuestion
from ..core.codec import rules_from_json
from ..core.game import game_of
from ..core.i18n import _
from ..games import GAMES, find_game

MAX_BYTES = 50_000_000
"""The largest file a review reads."""


@dataclass(frozen=True)
class GameRecord:
    """A game as its steps.

    Attributes:
        info: the game.
        steps: ``(state before, action)`` for every move from the start, chance included.
        final: the state the steps lead to (finished, or the game so far).
        names: the seats' names when the source says them (a class export), else ``None``.
    """

    info: GameInfo
    steps: tuple[tuple[Any, Any], ...]
    final: Any
    names: tuple[str, ...] | None = None

    @property
    def players(self) -> int:
        return self.final.rules.players


def game_record(source: Any, room: str | None = None) -> GameRecord:
    """The game ``source`` holds (module docstring).

    Args:
        source: a state, a saved state (dict or JSON text), a class export (dict, JSON or CSV
            text), or the path of a file holding one of those.
        room: the room's code, for an export holding several rooms.

    Raises:
        InvalidQuestion: a file that cannot be read, text that is neither JSON nor an export's
            CSV, an unknown game, a room not in the export; ``InvalidState`` for a saved game
            the engine cannot reach.
    """
    if hasattr(source, "legal_actions") and hasattr(source, "to_json"):
        return _from_state(source)
    if isinstance(source, Path) or (isinstance(source, str) and not _looks_like_data(source)):
        source = _read(Path(source))
    if isinstance(source, str):
        text = source.lstrip("\ufeff").strip()
        if text.startswith("{"):
            try:
                source = json.loads(text)
            except ValueError as e:
                raise InvalidQuestion(_("this is not JSON a review can read: {e}", e=e)) from None
        else:
            return _from_csv(text, room)
    if not isinstance(source, dict):
        raise InvalidQuestion(_("a review needs a game: a state, a saved game or a class "
                                "server's export, got {kind}", kind=type(source).__name__))
    if "rooms" in source:
        return _from_export(source, room)
    info = _game(source.get("game"))
    return _from_state(info.state_from_json(source))


def _looks_like_data(text: str) -> bool:
    return "\n" in text or text.lstrip().startswith("{")


def _read(path: Path) -> str:
    try:
        with open(path.expanduser(), "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise InvalidQuestion(_("cannot read {path} ({reason})", path=str(path),
                                reason=e.strerror or e)) from None
    if len(data) > MAX_BYTES:
        raise InvalidQuestion(_("{path} is larger than {most} bytes: not a game a review reads",
                                path=str(path), most=MAX_BYTES))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidQuestion(_("{path} is not text (UTF-8): a saved game or an export is",
                                path=str(path))) from None


def _game(name: Any) -> GameInfo:
    if not isinstance(name, str):
        raise InvalidQuestion(_('not a saved game or an export: no "game" field naming one of '
                                '{games}', games=", ".join(sorted(GAMES))))
    try:
        return find_game(name)
    except BluffkitError as e:
        raise InvalidQuestion(str(e)) from None


def _from_state(state: Any) -> GameRecord:
    try:
        info = game_of(state)
    except KeyError:
        raise InvalidQuestion(_("a review needs a game: a state, a saved game or a class "
                                "server's export, got {kind}",
                                kind=type(state).__name__)) from None
    steps = info.replay(state)
    return GameRecord(info, tuple(steps), state)


# -- class exports --------------------------------------------------------------------------------
def _pick(rooms: list, room: str | None, codes: list[str]) -> int:
    if room is None:
        if len(rooms) != 1:
            raise InvalidQuestion(_("the export holds {n} rooms ({codes}): say which one to "
                                    "review", n=len(rooms), codes=", ".join(codes) or "-"))
        return 0
    wanted = str(room).strip().upper()
    if wanted not in codes:
        raise InvalidQuestion(_("no room {room} in the export; its rooms are {codes}",
                                room=room, codes=", ".join(codes) or "-"))
    return codes.index(wanted)


def _from_export(data: dict, room: str | None) -> GameRecord:
    rooms = data["rooms"] if isinstance(data["rooms"], list) else []
    rooms = [r for r in rooms if isinstance(r, dict)]
    r = rooms[_pick(rooms, room, [str(r.get("code", "")).upper() for r in rooms])]
    info = _game(r.get("game"))
    rules = _rules(info, r.get("rules"))
    log = r.get("log")
    if not isinstance(log, list) or not all(isinstance(m, list) and len(m) >= 2 for m in log):
        raise InvalidQuestion(_("room {room} of the export has no log of moves",
                                room=r.get("code")))
    names = r.get("names")
    if not isinstance(names, list):  # newer exports: a record per seat
        names = [s.get("name", "") if isinstance(s, dict) else "" for s in r.get("seats", [])]
    return replay_log(info, rules, [(m[0], m[1]) for m in log], names)


def _rules(info: GameInfo, options: Any):
    if not isinstance(options, dict):
        raise InvalidQuestion(_("the export's room does not say its rules"))
    try:
        return rules_from_json(info.rules_type, options)
    except BluffkitError as e:
        raise InvalidQuestion(str(e)) from None


def replay_log(info: GameInfo, rules, moves, names=None) -> GameRecord:
    """The game of a class server's log: ``moves`` as ``(seat, action text)``, seat -1 for
    chance, played through the engine from ``new_game(rules)``.

    Raises:
        InvalidQuestion: naming the first move the engine refuses.
    """
    state = info.new_game(rules)
    steps = []
    for i, (seat, text) in enumerate(moves):
        try:
            seat = int(seat)
            if seat != state.current_player():
                raise InvalidQuestion(_("it is not that seat's turn"))
            if state.is_chance_node():
                action = next((a for a in state.legal_actions() if str(a) == text), None)
                if action is None:
                    raise InvalidQuestion(_("not a chance outcome here"))
            else:
                action = info.parse_action(state, str(text))
            steps.append((state, action))
            state = state.apply(action)
        except (BluffkitError, ValueError, TypeError) as e:
            raise InvalidQuestion(_("move {n} of the log ({seat}: {text}) cannot be played: {e}",
                                    n=i + 1, seat=seat, text=text, e=e)) from None
    named = None
    if names and len(names) == rules.players and any(names):  # a seat nobody took: its number
        named = tuple(str(n) if n else _("player {n}", n=p) for p, n in enumerate(names))
    return GameRecord(info, tuple(steps), state, named)


def _from_csv(text: str, room: str | None) -> GameRecord:
    rows = list(csv.DictReader(io.StringIO(text)))
    if not rows or not {"room", "game", "seat", "by", "action"} <= set(rows[0]):
        raise InvalidQuestion(_("this is neither JSON nor a class server's CSV export: give a "
                                "saved game or an export"))
    codes = list(dict.fromkeys(r["room"].upper() for r in rows))
    code = codes[_pick(codes, room, codes)]
    rows = [r for r in rows if r["room"].upper() == code]
    info = _game(rows[0]["game"])
    moves = [r for r in rows if r["by"] != "result"]
    from_one = any(r["seat"] == "" for r in moves)  # newer exports: seats counted from 1
    seats = [int(r["seat"]) - from_one if r["seat"] not in ("", "-1") else CHANCE
             for r in moves]
    result = next((r["action"] for r in rows if r["by"] == "result"), None)
    players = (len(result.split("; ") if "; " in result else result.split()) if result
               else max(seats) + 1)
    names = [""] * players
    for r, seat in zip(moves, seats):
        if seat >= 0 and r.get("name"):
            names[seat] = r["name"]
    try:
        rules = info.rules_type(players=players)
    except BluffkitError as e:
        raise InvalidQuestion(str(e)) from None
    try:
        return replay_log(info, rules, [(s, r["action"]) for s, r in zip(seats, moves)], names)
    except InvalidQuestion as e:
        raise InvalidQuestion(_("{e} (a CSV export does not say the room's rules: it is "
                                "played with the standard rules for {n} players; review the "
                                "JSON export for other rules)", e=e, n=players)) from None


__all__ = ["GameRecord", "MAX_BYTES", "game_record", "replay_log"]
