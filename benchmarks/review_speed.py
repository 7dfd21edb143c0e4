"""How fast a review is (issue 29): a whole game's review, and one decision's beside the advice's.

Run: ``.venv/bin/python benchmarks/review_speed.py [--games 20] [--seed 1]`` (``--quick``: 2
games, seconds; a test runs it so the script cannot rot).

Rows:

- the review of one seat's whole game (``bluffkit.review.review`` on the finished state: the
  replay, the advice at each of the seat's decisions, each round's luck), for 6-player Bluff
  games (5 dice each) and 6-round Bungee games (4 players), played by the advice bots (Bluff:
  ``bots.bluff.AdviceBot``; Bungee: the greedy bot), every seat of every game reviewed, cold
  (every cache of ``bluffkit`` cleared first, as after a kernel restart) and warm (the same
  review again); target p99 < 2 s;
- one decision of those reviews (``bluffkit.review.<game>.decision``: the advice on the
  observation, every option valued, the cost) beside the advice alone on the same observations
  (what Explain asks), cold, with the advice's frame budget of ``benchmarks/frame_budget.py``
  (20 ms) beside.

Times are CPU (this process) / wall (which the load of a shared machine inflates), as in
``frame_budget.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from common import options  # noqa: E402
from frame_budget import MS, clear_caches, fmt, quantile, timed  # noqa: E402

TARGET_GAME = 2.0
TARGET_DECISION = 20 * MS


def games(name: str, count: int, seed: int):
    """``count`` finished games of the benchmark's set-up for ``name``."""
    from bluffkit.core import play_game
    from bluffkit.games import find_game

    info = find_game(name)
    if name == "bluff":
        from bluffkit.bots.bluff import AdviceBot
        rules, bots = info.rules_type(players=6), [AdviceBot() for _ in range(6)]
    else:
        from bluffkit.bots.bungee import GreedyBot
        rules, bots = info.rules_type(players=4, rounds=6), [GreedyBot() for _ in range(4)]
    return [play_game(info.new_game(rules), bots, seed=seed + i)[0] for i in range(count)]


def row(what: str, times: list[tuple[float, float]], target: float, mark: bool) -> str:
    cpu = [c for _w, c in times]
    wall = [w for w, _c in times]
    p99 = quantile(cpu, 0.99)
    ok = (" ✓" if p99 <= target else " ✗") if mark else ""
    return (f"| {what} ({len(times)}) | {fmt(quantile(cpu, 0.5))} / {fmt(quantile(wall, 0.5))} "
            f"| {fmt(p99)} / {fmt(quantile(wall, 0.99))} | {fmt(max(cpu))} / {fmt(max(wall))} "
            f"| {fmt(target)}{ok} |")


def game_rows(name: str, title: str, finals) -> list[str]:
    from bluffkit.review import review

    cold, warm, decisions = [], [], 0
    for final in finals:
        for seat in range(final.rules.players):
            clear_caches()
            wall, cpu = timed(lambda f=final, s=seat: review(f, s))
            cold.append((wall, cpu))
            done = []
            warm.append(timed(lambda f=final, s=seat, d=done: d.append(review(f, s))))
            decisions += len(done[0].decisions)
    per = decisions / len(cold)
    return [row(f"{title}, whole game reviewed ({per:.0f} decisions a seat), cold", cold,
                TARGET_GAME, True),
            row(f"{title}, whole game reviewed, warm", warm, TARGET_GAME, False)]


def decision_rows(name: str, title: str, finals, advise) -> list[str]:
    """Each decision of the seats' games, reviewed cold, and the advice alone on it, cold."""
    from bluffkit.review import game_record
    from bluffkit.review.judge import Settings
    from bluffkit.review.review import reviewer

    module, settings = reviewer(name), Settings()
    review_times, advice_times = [], []
    for final in finals:
        for state, action in game_record(final).steps:
            if state.is_chance_node() or len(state.legal_actions()) < 2:
                continue
            obs = state.observation(state.current_player())
            clear_caches()
            advice_times.append(timed(lambda o=obs: advise(o)))
            clear_caches()
            review_times.append(timed(lambda o=obs, a=action: module.decision(0, o, a, settings)))
    return [row(f"{title}: one decision reviewed, cold", review_times, TARGET_DECISION, True),
            row(f"{title}: the advice alone on the same decisions (Explain), cold",
                advice_times, TARGET_DECISION, True)]


def _bluff_advice(obs):
    from bluffkit.advice.bluff import Position, advise
    return advise(Position.from_observation(obs))


def _bungee_advice(obs):
    from bluffkit.advice.bungee import advise
    return advise(obs)


def main(argv: list[str] | None = None) -> None:
    args = options(__doc__, argv, games=20, seed=1, quick=(False, "a small run (seconds)"))
    if args.quick:
        args.games = 1
    print(f"review speed: {args.games} games per row, seed {args.seed}, load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; times are CPU / wall")
    print("| what | p50 | p99 | worst | target p99 |")
    print("|---|---|---|---|---|")
    for name, title, advise in (("bluff", "Bluff, 6 players, 5 dice each", _bluff_advice),
                                ("bungee", "Bungee, 4 players, 6 rounds", _bungee_advice)):
        finals = games(name, args.games, args.seed)
        for line in game_rows(name, title, finals):
            print(line, flush=True)
        for line in decision_rows(name, title, finals[: max(1, args.games // 4)], advise):
            print(line, flush=True)


if __name__ == "__main__":
    main()
