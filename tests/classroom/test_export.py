"""Exports a teacher can read (issue 26 item 16): the CSV's times in ISO 8601 and its seats
counted from 1 as on the tables; the JSON says who played each seat (a student who left is
still a student), not who is connected now."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

from .conftest import play_room, run, teacher


def test_the_exports_say_when_who_and_which_seat_as_the_tables_do(server):
    async def main():
        t = await teacher(server.url)
        code = (await t.open_room("bluff", {"players": 3, "dice_per_player": 1}, seed=4,
                                  bot_after=0))["code"]
        students = await play_room(server.url, code, 2, seed=4, record=False)  # seat 3: a bot
        names = {c.seat: f"Student {i + 1}" for i, c in enumerate(students)}
        for c in students:  # the class leaves before the teacher exports
            await c.close()
        data = await t.export("csv", code), json.loads(await t.export("json", code))
        await t.close()
        return names, data
    names, (text, exported) = run(main())
    rows = list(csv.DictReader(io.StringIO(text)))
    moves = [r for r in rows if r["by"] != "result"]
    room = server.server.hub.rooms[moves[0]["room"]]
    assert [int(r["move"]) for r in moves] == list(range(1, len(room.moves) + 1))
    for r, (p, action, by, at) in zip(moves, room.moves):
        assert r["by"] == by
        when = datetime.fromisoformat(r["time"])
        assert when.utcoffset() is not None and abs(when.timestamp() - at) < 0.001
        assert r["seat"] == ("" if p < 0 else str(p + 1))  # as the tables say: player 1, 2, 3
        assert r["name"] == (names.get(p, "") if p >= 0 else "") and r["action"] == action
    assert {r["seat"] for r in moves} == {"", "1", "2", "3"} and "0" not in text.split(",")
    result = rows[-1]["action"].split("; ")
    assert rows[-1]["by"] == "result" and len(result) == 3 and result[2].startswith("seat 3 ")

    seats = exported["rooms"][0]["seats"]
    log = exported["rooms"][0]["log"]
    for p in (0, 1, 2):
        student = p in names
        assert seats[p]["player"] == p + 1 and seats[p]["student"] == student
        assert seats[p]["name"] == names.get(p, "")
        assert seats[p]["moves"] == sum(1 for q, _a, by in log if q == p and by == "player")
        assert seats[p]["bot_moves"] == sum(1 for q, _a, by in log if q == p and by == "bot")
    assert seats[2]["bot_moves"] > 0 and seats[0]["moves"] > 0 and seats[1]["moves"] > 0
    assert "bot" not in seats[0] and "online" not in seats[0]
    assert len(exported["rooms"][0]["times"]) == len(log)
