"""Students' tables on a real class server (127.0.0.1, a free port, started by bluffkit's own
code): Bluff with the BluffTable views and Explain from the seat's own observation, the other
games through RemoteTable, plain messages for every failure, and coming back after the server
restarts."""

from __future__ import annotations

import random
import time

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.classroom import join
from bluffkit.classroom.client import ClassroomError, Client
from bluffkit.classroom.server import start_in_thread
from bluffkit.widgets.classroom import JoinFailed, RemoteBluffTable, RemoteTable
from bluffkit.widgets.game_table import ME
from tests.conftest import TEACHER


def open_room(url: str, game: str, rules: dict, seed: int = 1, bot_after=None) -> str:
    t = Client(url)
    try:
        t.teacher(TEACHER)
        return t.open_room(game, rules, seed=seed, bot_after=bot_after)["code"]
    finally:
        t.close()


def wait(until, timeout: float = 20):
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the tables did not get there in time"
        time.sleep(0.02)


def my_turn(t) -> bool:
    return t.view is not None and bool(t.view["legal"]) and not t.view["over"]


def play_out(tables, choose, on_turn=lambda t: None, timeout: float = 30) -> None:
    """Whenever a table has its turn, ``on_turn(table)`` then play ``choose(table)``; until
    every table shows the game over."""
    deadline = time.monotonic() + timeout
    while not all(t.view is not None and t.view["over"] for t in tables):
        assert time.monotonic() < deadline, "the game did not end in time"
        for t in tables:
            if my_turn(t):
                n = t.view["moves"]
                on_turn(t)
                t.play(choose(t))
                wait(lambda t=t, n=n: t.view["moves"] > n)
        time.sleep(0.01)


def test_two_students_play_bluff_and_explain_uses_only_their_own_view(server):
    code = open_room(server.url, "bluff", {"players": 2, "dice_per_player": 2}, seed=5)
    ana, ben = join(server.url, code, "Ana"), join(server.url, code, "Ben")
    assert isinstance(ana, RemoteBluffTable) and (ana.seat, ben.seat) == (0, 1)
    room = server.server.hub.rooms[code]
    rng = random.Random(3)
    checked = []

    def on_turn(t):
        # what the table drew is what the server's state gives that seat, and nothing more
        s, seat = room.state, t.seat
        assert t.obs == s.observation(seat)
        assert t.state.hidden[ME] == s.hidden[seat]
        assert all(h == () for h in t.state.hidden[1:])  # no other cup in the kernel
        assert t.names[ME] == "You"
        # Explain: the advice from the seat's observation equals the server-side advice
        t.explain.toggle.value = True
        mine = advise(Position.from_state(s, seat), names=t.seat_names)
        assert t._advice().recommended.action == mine.recommended.action
        assert "Advice appears" not in t.explain.body.value
        checked.append(seat)

    def choose(t):
        if t.state.phase == "bid":
            options = [o[1] for o in t.bid_choice.options]
            if not t.challenge_button.disabled and (not options or rng.random() < 0.4):
                return "challenge"
            return options[0]
        return t.view["legal"][0]

    play_out([ana, ben], choose, on_turn)
    assert set(checked) == {0, 1}
    winner = room.state.winner()
    for t in (ana, ben):
        assert "Game over" in t.history.lines[-1].replace("You win", "Game over")
        won = "You win" in t.status.value
        assert won == (t.seat == winner)
        assert "Press New game" not in t.status.value
        assert t.reveal_view.value  # the last challenge showed every cup, as the rules do
        t.link.close()


def test_a_move_out_of_turn_is_a_plain_error(server):
    code = open_room(server.url, "bluff", {"players": 2, "dice_per_player": 1})
    ana, ben = join(server.url, code, "Ana"), join(server.url, code, "Ben")
    wait(lambda: ana.view is not None and ben.view is not None)
    waiting = ben if my_turn(ana) else ana
    guarded = waiting.errors.guard(waiting.play)
    guarded("1x1")
    assert waiting.errors.message == "it is not your turn"
    with pytest.raises(ClassroomError, match="it is not your turn") as e:
        waiting.link.move("1x1")  # past the table's own check, the server refuses it too
    assert e.value.error == "not_your_turn"
    for t in (ana, ben):
        t.link.close()


def test_other_games_play_to_the_end_through_remote_tables(server):
    for game, rules in (("bluff-you", {"players": 2}), ("jungle-bluff", {"players": 2}),
                        ("poker-dice", {"players": 2}), ("bungee", {"players": 2})):
        code = open_room(server.url, game, rules, seed=2)
        a, b = join(server.url, code, "Ana"), join(server.url, code, "Ben")
        assert isinstance(a, RemoteTable), game
        rng = random.Random(1)
        play_out([a, b], lambda t, rng=rng: rng.choice(t.view["legal"]), timeout=60)
        state = server.server.hub.rooms[code].state
        assert state.is_terminal(), game
        assert "Game over" in a.status.value and "Game over" in b.status.value
        assert a.move_row.layout.display == "none"
        a.link.close()
        b.link.close()


def test_failures_are_plain_sentences(server):
    code = open_room(server.url, "bluff", {"players": 2, "dice_per_player": 1})
    seated = [join(server.url, code, "Ana"), join(server.url, code, "Ben")]
    full = join(server.url, code, "Cy")
    assert isinstance(full, JoinFailed)
    assert full.message == f"Every seat at table {code} is taken. Ask your teacher for another " \
                           "table."
    assert join(server.url, "ZZZZZ", "Cy").message == (
        "There is no table with the code ZZZZZ. Check the code on the board.")
    assert "cannot be reached" in join("ws://127.0.0.1:9", code, "Cy").message
    assert "must start with ws://" in join("http://127.0.0.1:9", code, "Cy").message
    assert "'code' must be a join code" in join(server.url, "no", "Cy").message
    for t in seated:
        t.link.close()


def test_a_dropped_connection_comes_back_to_the_same_seat(tmp_path):
    db = str(tmp_path / "class.sqlite")
    first = start_in_thread(db, teacher_token=TEACHER, bot_after=60)
    port = first.server.port
    code = open_room(first.url, "bluff", {"players": 2, "dice_per_player": 2}, seed=7)
    ana, ben = join(first.url, code, "Ana"), join(first.url, code, "Ben")
    wait(lambda: ana.view is not None and ben.view is not None)
    mover = ana if my_turn(ana) else ben
    n = mover.view["moves"]
    mover.play(mover.view["legal"][0])
    wait(lambda: ana.view["moves"] == ben.view["moves"] > n)
    before = {t.seat: (t.obs, t.view["moves"]) for t in (ana, ben)}
    first.stop()  # the server goes away mid-game
    wait(lambda: "lost" in ana.connection.value and "lost" in ben.connection.value)
    second = start_in_thread(db, port=port, teacher_token=TEACHER, bot_after=60)
    try:
        wait(lambda: ana.connection.value == "" and ben.connection.value == "", timeout=30)
        for t in (ana, ben):
            wait(lambda t=t: t.link.client is not None and t.view["moves"] >= before[t.seat][1])
            assert (t.obs, t.view["moves"]) == before[t.seat]
        other = ben if mover is ana else ana
        assert my_turn(other)
        other.play(other.view["legal"][0])  # the game goes on after the restart
        wait(lambda: mover.view["moves"] > before[mover.seat][1])
    finally:
        for t in (ana, ben):
            t.link.close()
        second.stop()
