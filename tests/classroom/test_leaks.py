"""First test of the classroom server: no frame sent to a seat ever holds another seat's dice or
cards before the rules reveal them.

Seeded games of every game are played to the end through a real server by clients in every
seat (and, in one game per game, by the server's bots in an empty seat). Every frame each seat
received is then checked against the game replayed independently from the teacher's export:

- a ``view`` is exactly the engine's ``observation(seat)`` of the state after ``moves`` moves,
  and its ``legal`` moves are the seat's only when it is its turn;
- the rules' own secrets, read from the full state (not from the observation): the seat's
  private field holds its own dice or cards, never another's; Bluff You's roll is seen by the
  bluffer only until the give phase (the dice are shown after the call); no frame has a field
  that holds everybody's hands or the seed;
- every other frame carries only its protocol fields (no game data at all).
"""

from __future__ import annotations

import json

import pytest

from .conftest import frames_of, play_room, replay, run, teacher

GAMES = {
    "bluff": {"players": 3, "dice_per_player": 2},
    "bluff-you": {"players": 3},
    "poker-dice": {"players": 3, "starting_points": 6},
    "jungle-bluff": {"players": 3},
    "bungee": {"players": 3, "rounds": 1},
}

SECRET_KEYS = {"hidden", "hands", "peekers", "pile", "spare", "out", "seed", "token_hash",
               "state", "log"}
"""Full-state fields: everybody's dice or cards, the deck, the seed (in a frame or its view;
the rules' reveals of a finished round, such as Bungee's hands shown, are under ``last``)."""

PROTOCOL_KEYS = {
    "joined": {"type", "id", "code", "seat", "token", "game", "title", "players",
               "rules"},  # the rules options the teacher chose: public, no seed
    "ack": {"type", "id", "moves", "move"},
    "error": {"type", "id", "error", "message"},
}
VIEW_KEYS = {"type", "code", "seat", "moves", "to_move", "legal", "over", "closed", "seats",
             "view", "returns"}


def own_secret_ok(game: str, full: dict, seat: int, view: dict) -> None:
    """The seat's private fields, checked against the full state's (rules, not observation)."""
    if game == "bluff":
        assert view["my_dice"] == full["hidden"][seat]
    elif game == "poker-dice":
        assert view["my_dice"] == full["peekers"][seat]
    elif game == "bungee":
        assert view["hand"] == full["hands"][seat]
    elif game == "jungle-bluff":
        assert view["hand"] == full["hands"][seat]
        assert view["my_strength"] == full["strength"][seat]
    elif game == "bluff-you":
        sees = seat == full["bluffer"] or full["phase"] == "give"
        assert view["roll"] == (full["roll"] if sees else None)


def check_frames(game: str, states: list, seat: int, frames: list[dict]) -> int:
    """Check every frame one seat received; returns how many views were checked."""
    views = 0
    for f in frames:
        assert not (set(f) | set(f.get("view", {}))) & SECRET_KEYS, (game, seat, f)
        if f["type"] != "view":
            assert set(f) <= PROTOCOL_KEYS[f["type"]], f
            continue
        views += 1
        assert set(f) <= VIEW_KEYS and f["seat"] == seat
        state = states[f["moves"]]
        expected = json.loads(json.dumps(state.observation(seat).to_json(), default=str))
        assert f["view"] == expected, (game, seat, f["moves"])
        full = json.loads(json.dumps(state.to_json(), default=str))
        own_secret_ok(game, full, seat, f["view"])
        mine = not state.is_terminal() and state.current_player() == seat
        assert f["legal"] == ([str(a) for a in state.legal_actions()] if mine else [])
    return views


async def one_game(url: str, game: str, rules: dict, seed: int, bots: int) -> int:
    t = await teacher(url)
    code = (await t.open_room(game, rules, seed=seed, bot_after=0))["code"]
    clients = await play_room(url, code, rules["players"] - bots, seed)
    room = json.loads(await t.export("json", code))["rooms"][0]
    assert room["over"]
    states = replay(room)
    if bots:  # the empty seat was played by the server's bot
        assert any(by == "bot" for _p, _a, by in room["log"])
    views = sum(check_frames(game, states, c.seat, frames_of(c)) for c in clients)
    for c in (*clients, t):
        await c.close()
    return views


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_frame_shows_a_seat_anything_the_rules_hide(server, game):
    async def main():
        checked = 0
        for seed, bots in ((1, 0), (2, 0), (3, 1)):
            checked += await one_game(server.url, game, GAMES[game], seed, bots)
        return checked

    checked = run(main())
    assert checked > 20
    print(f"{game}: 3 seeded games played to the end through the server, {checked} views "
          "checked, no leak")


def test_the_check_sees_a_leak():
    """The checks above fail on a frame that shows another seat's dice."""
    from bluffkit.core import make_rng, sample
    from bluffkit.games.bluff import BluffRules, BluffState

    s = BluffState.new(BluffRules(players=2, dice_per_player=2))
    rng = make_rng(0)
    while s.is_chance_node():
        s = s.apply(sample(s.chance_outcomes(), rng))
    good = {"type": "view", "seat": 0, "moves": 0, "legal": [],
            "view": json.loads(json.dumps(s.observation(0).to_json()))}
    good["legal"] = [str(a) for a in s.legal_actions()] if s.current_player() == 0 else []
    assert check_frames("bluff", [s], 0, [good]) == 1
    leak = {**good, "view": {**good["view"], "my_dice": s.to_json()["hidden"][1]}}
    if leak["view"]["my_dice"] != good["view"]["my_dice"]:
        with pytest.raises(AssertionError):
            check_frames("bluff", [s], 0, [leak])
    with pytest.raises(AssertionError):
        check_frames("bluff", [s], 0, [{**good, "state": s.to_json()}])
    with pytest.raises(AssertionError):
        check_frames("bluff", [s], 0, [{"type": "ack", "moves": 1, "hidden": "1,2"}])
