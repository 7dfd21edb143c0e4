"""The worst view time on the class server's event loop, every game at its largest class table
(issue 26 item 12).

Run: ``.venv/bin/python benchmarks/classroom_views.py [--moves 400] [--quick]``

Times are CPU time of the thread (a shared machine preempts wall time). After every move
the server computes each seat's view on its event loop (``Room.view_for`` and
``to_text``: the observation and the legal moves of the seat to move); while it does, every
table waits. For each game this plays bot games at the largest rules a class server accepts
(:mod:`bluffkit.classroom.rules`) and times every view of every seat; poker dice also at its
worst position (one player holding every point a class table may hold, to bet first). For
comparison it times one view with 10**6 points a player, which the server accepted before.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bluffkit.classroom.room import to_text  # noqa: E402
from bluffkit.classroom.rooms import Hub  # noqa: E402
from bluffkit.classroom.rules import MAX_POINTS  # noqa: E402

LARGEST = [("bluff", {"players": 6, "dice_per_player": 5, "show_and_reroll": True}),
           ("bluff-you", {"players": 6}),
           ("poker-dice", {"players": 4, "starting_points": MAX_POINTS // 4}),
           ("poker-dice", {"players": 2, "starting_stacks": [MAX_POINTS // 2] * 2}),
           ("jungle-bluff", {"players": 6, "top_card": 10, "combined": True,
                             "special_cards": ["optimistic", "reversed", "nervous", "alpha"]}),
           ("bungee", {"players": 5, "rounds": 100})]


def view_time(room, seat: int) -> float:
    start = time.thread_time()
    to_text(room.view_for(seat))
    return time.thread_time() - start


def worst_views(game: str, rules: dict, moves: int, seed: int = 1) -> tuple[float, int]:
    """The slowest view (seconds) over ``moves`` moves of a bot game, and the views timed."""
    hub = Hub(":memory:")
    room = hub.open_room(game, rules, seed=seed)
    worst, n = 0.0, 0
    for _move in range(moves):
        for seat in range(room.players):
            worst = max(worst, view_time(room, seat))
            n += 1
        if room.over():
            break
        seat = room.to_move()
        hub.play(room, seat, str(room.bot_action(seat)))
    hub.close()
    return worst, n


def unbounded_view(points: int) -> float:
    """One view of poker dice with ``points`` a player, opened without the class limits (as
    the server did before)."""
    from bluffkit.classroom.room import Room, Seat
    from bluffkit.games import find_game
    from bluffkit.games.poker_dice import PokerDiceRules

    info = find_game("poker-dice")
    rules = PokerDiceRules(players=2, starting_points=points)
    hub = Hub(":memory:")
    room = Room("AAAAA", info, rules, 1, 30.0, 0.0, state=info.new_game(rules),
                seats=[Seat(), Seat()])
    hub.run_chance(room)
    while room.state.phase != "bet":
        seat = room.to_move()
        hub.play(room, seat, "ante" if room.state.phase == "ante" else
                 str(room.state.legal_actions()[0]))
    took = view_time(room, room.to_move())
    hub.close()
    return took


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--moves", type=int, default=400, help="moves played per game")
    p.add_argument("--quick", action="store_true", help="40 moves a game (a smoke test)")
    args = p.parse_args(argv)
    moves = 40 if args.quick else args.moves
    print(f"worst view time on the event loop, every game at its largest class table "
          f"({moves} moves each):")
    overall = 0.0
    for game, rules in LARGEST:
        worst, n = worst_views(game, rules, moves)
        overall = max(overall, worst)
        print(f"  {game} {rules}: worst {worst * 1000:.2f} ms over {n} views")
    print(f"  worst of all: {overall * 1000:.2f} ms")
    if not args.quick:
        print(f"  before the limits, poker dice with 10**6 points a player: one view "
              f"{unbounded_view(10**6):.2f} s (refused now)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
