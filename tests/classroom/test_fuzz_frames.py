"""Fuzz: seeded mutations of correct requests, sent at once from many connections (issue 26,
item 15). ``test_hostile`` holds hand-written malformed frames; here each field of each kind of
request is given what is not quite its value, the mutation kinds of the command-line and
saved-state fuzz:

- a whole number written as ``3.0``, ``true``, ``"3"``, ``"٣"`` or ``2**63`` (``at``, ``seed``,
  ``id``, the rules options): **refused** (``bot_after`` takes any number of seconds, ``id``
  any short text);
- a text emptied or blank (``code``, ``name``, ``token``, ``action``, ``game``): **refused**;
- a list emptied, an item moved between rules options, a field deleted, an unknown field:
  refused or a correct answer.

Every frame gets one answer, each a clear error (a known code, a sentence, no ``None``, no
traceback) or the reply the request asks for; never ``server_error``; the server answers every
connection afterwards. Run ``pytest tests/classroom/test_fuzz_frames.py -s`` to see the counts.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections import Counter

from websockets.asyncio.client import connect

from bluffkit.classroom.protocol import BURST

from .conftest import TEACHER, run, teacher
from .test_hostile import clear

SEED = 2026
CONNECTIONS = 24
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
PUSHED = {"view", "update", "closed", "revealed"}
WHOLE = {"at", "seed", "players", "dice_per_player", "starting_dice", "opener", "first_player",
         "top_card", "rounds", "starting_points", "leader"}
"""Fields holding whole numbers only (``id`` also takes text, ``bot_after`` any number)."""
TEXT = {"code", "name", "token", "action", "game", "format"}


def near_numbers(v: int) -> list:
    return [float(v), True, False, str(v), str(v).translate(ARABIC), 2**63, -abs(v) - 1]


def mutations(frame: dict, rng: random.Random) -> list[tuple[str, dict, bool]]:
    """(kind, mutated frame, must be refused) for each field of ``frame``, rules included."""
    out = []
    fields = [(k,) for k in frame if k != "type"] + [
        ("rules", k) for k in frame.get("rules", {})]
    for path in fields:
        parent = frame if len(path) == 1 else frame["rules"]
        name, value = path[-1], parent[path[-1]]

        def changed(v, path=path):
            f = copy.deepcopy(frame)
            (f if len(path) == 1 else f["rules"])[path[-1]] = v
            return f
        if isinstance(value, int) and not isinstance(value, bool):
            for v in near_numbers(value):
                refused = name in WHOLE or (name == "id" and not isinstance(v, str)) or (
                    name == "bot_after" and isinstance(v, bool | str))
                out.append(("whole number as another type", changed(v), refused))
        if isinstance(value, str):
            out += [("text emptied", changed(v), name in TEXT) for v in ("", " ")]
            out.append(("text in other digits", changed(value.translate(ARABIC)),
                        name in {"code", "token"} and value.translate(ARABIC) != value))
        if isinstance(value, list | dict):
            out.append(("emptied", changed(type(value)()), False))
        deleted = copy.deepcopy(frame)
        (deleted if len(path) == 1 else deleted["rules"]).pop(name)
        out.append(("field deleted", deleted, False))
    if isinstance(frame.get("rules"), dict) and len(frame["rules"]) > 1:  # a value moved
        a, b = rng.sample(sorted(frame["rules"]), 2)
        moved = copy.deepcopy(frame)
        moved["rules"][a], moved["rules"][b] = frame["rules"][b], frame["rules"][a]
        out.append(("rules options swapped", moved, False))
    out.append(("unknown field", {**frame, "seat": 1}, True))
    return out


async def answer(ws) -> dict:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["type"] not in PUSHED:
            return frame


async def send(url: str, frames: list, setup) -> list[dict]:
    """One connection: ``setup`` (join, rejoin or teacher), then each frame and its answer."""
    answers = []
    async with connect(url) as ws:
        await setup(ws)
        for f in frames:
            await ws.send(json.dumps(f))
            answers.append(await answer(ws))
        await ws.send(json.dumps({"type": "tables"}))  # still answering on this connection
        answers.append(await answer(ws))
    return answers


def test_mutated_frames_from_many_connections_get_clear_answers(server):
    rng = random.Random(SEED)

    async def setup_room():
        t = await teacher(server.url)
        code = (await t.open_room("bluff", {"players": 2, "dice_per_player": 2}, seed=1))["code"]
        lobby = (await t.open_room("bluff", {"players": 6}, seed=2))["code"]
        tokens = []
        for name in ("Ana", "Ben"):
            async with connect(server.url) as ws:
                await ws.send(json.dumps({"type": "join", "code": code, "name": name}))
                tokens.append((await answer(ws))["token"])
        view = await t.table(code)
        await t.close()
        return code, lobby, tokens, view

    code, lobby, tokens, table = run(setup_room())
    correct = {
        "teacher": [{"type": "open", "game": "bluff", "rules": {"players": 3, "dice_per_player": 2},
                     "seed": 7, "bot_after": 5, "id": 1},
                    {"type": "open", "game": "jungle-bluff", "rules": {"players": 3,
                                                                       "first_player": 1}},
                    {"type": "open", "game": "poker-dice", "rules": {"players": 2,
                                                                     "starting_points": 20}},
                    {"type": "table", "code": code, "id": 2},
                    {"type": "export", "format": "csv", "code": code}],
        "seat": [{"type": "move", "action": "9x9", "at": table["moves"], "id": 3}],
        "stranger": [{"type": "join", "code": lobby, "name": "Cleo", "id": 5}],
    }
    work = [(role, kind, f, refused) for role, frames in correct.items() for frame in frames
            for kind, f, refused in mutations(frame, rng)]
    for role, kind, frame, _refused in list(work):  # a second mutation on top of the first
        for kind2, f, refused2 in rng.sample(mutations(frame, rng), 2):
            work.append((role, f"{kind}, then {kind2}", f, refused2))
    rng.shuffle(work)
    per = -(-len(work) // CONNECTIONS)
    assert per < BURST - 5  # each connection stays within the rate limit

    async def setup_for(role, ws, token):
        if role == "teacher":
            await ws.send(json.dumps({"type": "teacher", "token": TEACHER}))
        elif role == "seat":
            await ws.send(json.dumps({"type": "rejoin", "token": token}))
        else:
            return
        await answer(ws)

    async def fuzz():
        jobs = []
        for c in range(CONNECTIONS):
            share = work[c * per:(c + 1) * per]
            for role in ("teacher", "seat", "stranger"):
                mine = [w for w in share if w[0] == role]
                if mine:
                    jobs.append((mine, send(server.url, [w[2] for w in mine],
                                            lambda ws, r=role, t=tokens[c % 2]: setup_for(
                                                r, ws, t))))
        results = await asyncio.gather(*(j for _, j in jobs))
        return [(w, a) for (mine, _), answers in zip(jobs, results)
                for w, a in zip(mine, answers)], sum(len(a) - len(m) for (m, _), a in
                                                     zip(jobs, results)), len(jobs)

    pairs, alive, connections = run(fuzz())
    counts, broken = Counter(), []
    for (_role, kind, frame, refused), reply in pairs:
        error = reply["type"] == "error"
        counts[kind, "refused" if error else "answered"] += 1
        if error and (not clear(reply) or reply["error"] == "server_error"):
            broken.append(("unclear or server error", frame, reply))
        elif refused and not error:
            broken.append(("accepted", kind, frame, reply))
    print(f"\n{len(pairs)} mutated frames from {connections} connections at once "
          f"({alive} connections answered after): "
          + ", ".join(f"{k} {v}: {n}" for (k, v), n in sorted(counts.items()))
          + f"; {len(broken)} broken")
    assert len(pairs) == len(work) and alive == connections
    for b in broken:
        print("  ", b)
    assert not broken, broken[:5]
