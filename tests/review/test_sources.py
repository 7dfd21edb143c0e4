"""A review reads a game from memory, from a saved game (dict, JSON text, file) and from a class
server's export (JSON and CSV) of a room played on loopback; it says clearly what is wrong with
a bad file, room or seat."""

from __future__ import annotations

import json

import pytest

from bluffkit.core import InvalidQuestion, InvalidState, RandomBot
from bluffkit.review import game_record, review
from tests.classroom.conftest import play_room, run, teacher

from .helpers import AdviceBot, played


def _same(a, b):
    assert a.decisions == b.decisions and a.rounds == b.rounds
    assert [d.explanation for d in a.decisions] == [d.explanation for d in b.decisions]


def test_a_saved_game_reviews_as_the_game_itself(tmp_path):
    final, _t = played("bluff", [AdviceBot("bluff"), RandomBot(), RandomBot()], 5)
    direct = review(final, seat=1)
    assert direct.decisions and direct.rounds and direct.over
    data = final.to_json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for source in (data, json.dumps(data), path, str(path)):
        _same(review(source, seat=1), direct)


def test_a_running_game_is_reviewed_so_far():
    final, trajectory = played("bluff", [RandomBot()] * 3, 6)
    from bluffkit.games import find_game
    state = find_game("bluff").new_game(final.rules)
    for _p, a in trajectory[: len(trajectory) // 2]:
        state = state.apply(a)
    partial = review(state, seat=0)
    whole = review(final, seat=0)
    assert not partial.over
    assert partial.decisions == whole.decisions[:len(partial.decisions)]
    assert len(partial.decisions) < len(whole.decisions)


def test_a_class_export_reviews_as_the_room_was_played(server):
    """Two rooms played on loopback by students and bots; the export (JSON: any rules; CSV: the
    standard rules, which it cannot name) reviews as the room's own game."""
    async def main():
        t = await teacher(server.url)
        codes = []
        for rules in ({"players": 3, "dice_per_player": 2}, {"players": 3}):
            code = (await t.open_room("bluff", rules, seed=11, bot_after=0))["code"]
            students = await play_room(server.url, code, 2, seed=11, record=False)
            for c in students:
                await c.close()
            codes.append(code)
        data = [(await t.export("json", c), await t.export("csv", c)) for c in codes]
        await t.close()
        return codes, data
    codes, data = run(main())
    for code, (exported, csv_text) in zip(codes, data):
        room = server.server.hub.rooms[code]
        assert room.over()
        from_json = review(exported, seat=0)
        assert from_json.names[:2] == ("Student 1", "Student 2")
        _same(from_json, review(room.state, seat=0, names=from_json.names))
        assert from_json.decisions and from_json.rounds
        if room.rules.dice_per_player == 5:
            from_csv = review(csv_text, seat=1)
            assert from_csv.names == from_json.names
            _same(from_csv, review(room.state, seat=1, names=from_json.names))
        else:
            with pytest.raises(InvalidQuestion, match="CSV export does not say the room's rules"):
                review(csv_text, seat=0)


def test_an_export_of_several_rooms_needs_the_room():
    final, trajectory = played("bluff", [RandomBot()] * 3, 2)
    room = {"code": "ABCDE", "game": "bluff", "rules": final.rules.to_json(),
            "log": [[p, str(a), "bot"] for p, a in trajectory], "names": ["a", "b", "c"]}
    two = {"rooms": [room, {**room, "code": "FGHJK"}]}
    with pytest.raises(InvalidQuestion, match="2 rooms"):
        review(two, seat=0)
    with pytest.raises(InvalidQuestion, match="no room ZZZZZ"):
        review(two, seat=0, room="ZZZZZ")
    r = review(two, seat=0, room="fghjk")
    assert r.names == ("a", "b", "c") and r.decisions == review(final, seat=0).decisions


def test_bad_files_and_seats_are_refused_clearly(tmp_path):
    final, _t = played("bluff", [RandomBot()] * 3, 2)
    with pytest.raises(InvalidQuestion, match="seat must be 0-2"):
        review(final, seat=3)
    with pytest.raises(InvalidQuestion, match="cannot read"):
        review(tmp_path / "missing.json", seat=0)
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InvalidQuestion, match="not text"):
        review(tmp_path / "bin", seat=0)
    with pytest.raises(InvalidQuestion, match="not JSON"):
        review("{not json\n", seat=0)
    with pytest.raises(InvalidQuestion, match="neither JSON nor"):
        review("a,b\n1,2\n", seat=0)
    with pytest.raises(InvalidQuestion, match='"game"'):
        review({"hello": 1}, seat=0)
    with pytest.raises(InvalidQuestion, match="no game called"):
        review({"game": "chess"}, seat=0)
    data = final.to_json()
    data["lost"] = [9, 9, 9]
    with pytest.raises(InvalidState):
        review(data, seat=0)
    moves = [[p, str(a), "bot"] for p, a in _t]
    moves[-1][1] = "99x3"
    room = {"code": "ABCDE", "game": "bluff", "rules": final.rules.to_json(), "log": moves}
    with pytest.raises(InvalidQuestion, match=f"move {len(moves)} of the log"):
        review({"rooms": [room]}, seat=0)


def test_the_record_of_a_game_is_its_steps():
    final, trajectory = played("bluff", [RandomBot()] * 3, 3)
    rec = game_record(final)
    assert rec.players == 3 and rec.final == final
    decisions = [(s.current_player(), a) for s, a in rec.steps if not s.is_chance_node()]
    assert decisions == [(p, a) for p, a in trajectory if p >= 0]
