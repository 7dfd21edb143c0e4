"""Bungee: advice latency on random positions, and simulated games per second with greedy bots.

Run: ``.venv/bin/python benchmarks/bungee.py [--positions 300] [--games 200] [--seed 1]``

1. ``--positions`` random positions where the call-or-play-on comparison is simulated (a turn
   of a hand worth 5 or less, before or in the last lap; player 0 to move), from seeded games of
   2-5 players between greedy and random bots. For each, in CPU time and wall time (p50, p99,
   worst; target p99 < 20 ms for what a widget waits for):

   - **main path**: ``advise(obs, 60, seed, defer=True)``: the exact part, the advice saying the
     comparison is being simulated (what "Explain" shows at once);
   - **Explain click** in ``BungeeTable`` (wall): the toggle until the panel shows the exact
     part and the background simulation has started;
   - **background**: the full ``advise`` with 60 and 100 simulated endings per choice (the
     widget's thread, the CLI): not on the widget's path, measured to say how long the progress
     bar runs.

2. The exact part (``samples=0``) on random decision states of every kind (turns, last-lap
   calls, dealer's choices).
3. Full games (6 rounds) between greedy bots, 2-5 players: games and rounds per second.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.advice.bungee import advise  # noqa: E402
from bluffkit.advice.bungee.simulation import draw_card  # noqa: E402
from bluffkit.bots.bungee import GreedyBot, play_game_rounds  # noqa: E402
from bluffkit.core import RandomBot, make_rng  # noqa: E402
from bluffkit.games.bungee import BungeeRules, BungeeState  # noqa: E402

TARGET = 0.020


def figures(xs) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
    return (f"p50 {1000 * statistics.median(xs):8.2f} ms   p99 {1000 * p99:8.2f} ms   "
            f"worst {1000 * xs[-1]:8.2f} ms   (n={len(xs)})")


def timed(fn) -> tuple[float, float, object]:
    """(CPU seconds, wall seconds, result) of one call."""
    c, w = time.process_time(), time.perf_counter()
    out = fn()
    return time.process_time() - c, time.perf_counter() - w, out


def random_states(count: int, seed: int, keep=lambda s: True):
    """Decision states met in seeded games of 2-5 players (greedy and random bots)."""
    rng = make_rng(seed)
    states = []
    while len(states) < count:
        players = int(rng.integers(2, 6))
        bots = [GreedyBot(int(rng.integers(2, 6))) if rng.random() < 0.7 else RandomBot()
                for _ in range(players)]
        s = BungeeState.new(BungeeRules(players=players, rounds=2))
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(draw_card(s.pile, rng))
                continue
            if keep(s) and rng.random() < 0.3:
                states.append(s)
            p = s.to_move
            s = s.apply(bots[p].choose(s.observation(p), s.legal_actions(), rng))
    return states[:count]


def simulated(s: BungeeState) -> bool:
    """Player 0 to move on a turn where calling is possible (the comparison is simulated)."""
    return (s.phase == "turn" and s.to_move == 0 and s.opened
            and s.value(0) <= 5)


def bench_simulated(count: int, seed: int) -> None:
    from bluffkit.widgets.bungee.table import EXPLAIN_SAMPLES, BungeeTable

    states = random_states(count, seed, simulated)
    last_lap = sum(bool(s.callers) for s in states)
    print(f"{count} random positions where call-or-play-on is simulated ({last_lap} in the last "
          f"lap), 2-5 players:")
    rows = {"main path (defer=True)": ([], [])}
    for s in states:
        obs = s.observation(0)
        cpu, wall, a = timed(lambda obs=obs: advise(obs, EXPLAIN_SAMPLES, seed, defer=True))
        assert a.pending == EXPLAIN_SAMPLES
        rows["main path (defer=True)"][0].append(cpu)
        rows["main path (defer=True)"][1].append(wall)
    tables = {}
    click_cpu, click, shown, background = [], [], [], []
    for s in states:
        players = s.rules.players
        if players not in tables:
            tables[players] = BungeeTable(opponents=players - 1, seed=seed, rounds=2)
        t = tables[players]
        t.explain.toggle.value = False
        t.state = s
        t._render()
        seen = []
        t.explain.body.observe(lambda _c, seen=seen: seen.append(time.perf_counter()), "value")
        c, w = time.thread_time(), time.perf_counter()
        t.explain.toggle.value = True
        click_cpu.append(time.thread_time() - c)
        click.append(time.perf_counter() - w)
        shown.append(seen[0] - w)
        assert "being simulated" in t.explain.body.value
        assert t.wait_for_advice(60)
        background.append(time.perf_counter() - w)
        assert "endings agree" in t.explain.body.value or "±" in t.explain.body.value
        t.explain.body.unobserve_all("value")
    for samples in (60, 100):
        name = f"background: full advice, {samples} samples"
        rows[name] = ([], [])
        for s in states:
            cpu, wall, a = timed(lambda s=s, n=samples: advise(s.observation(0), n, seed))
            assert a.comparison is not None
            rows[name][0].append(cpu)
            rows[name][1].append(wall)
    for name, (cpu, wall) in rows.items():
        print(f"  {name}")
        print(f"      CPU  {figures(cpu)}")
        print(f"      wall {figures(wall)}")
    print("  Explain click in BungeeTable: until the exact part is on its way to the browser "
          "(wall)")
    print(f"           {figures(shown)}")
    print("  ... until the click's handler returns, the simulation started: the widget's "
          "thread, CPU")
    print(f"      CPU  {figures(click_cpu)}")
    print(f"      wall {figures(click)}")
    print(f"  ... until the simulated numbers show ({EXPLAIN_SAMPLES} samples, in the background,"
          f" wall)")
    print(f"           {figures(background)}")
    p99 = {name: sorted(xs)[min(len(xs) - 1, int(0.99 * len(xs)))]
           for name, xs in (("main path CPU", rows["main path (defer=True)"][0]),
                            ("main path wall", rows["main path (defer=True)"][1]),
                            ("click CPU", click_cpu), ("click wall", click))}
    print("  target p99 < 20 ms on the widget's path: " + ", ".join(
        f"{name} {'met' if v < TARGET else 'NOT met'}" for name, v in p99.items()))


def bench_exact(count: int, seed: int) -> None:
    states = random_states(count, seed)
    phases = {p: sum(1 for s in states if s.phase == p) for p in ("turn", "call", "dealer")}
    cpu, wall = [], []
    for s in states:
        c, w, _ = timed(lambda s=s: advise(s.observation(s.to_move), samples=0))
        cpu.append(c)
        wall.append(w)
    print(f"{count} random decision states ({phases['turn']} turns, {phases['call']} last-lap "
          f"calls, {phases['dealer']} dealer's choices): the exact part (samples=0)")
    print(f"      CPU  {figures(cpu)}")
    print(f"      wall {figures(wall)}")


def bench_games(games: int, seed: int) -> None:
    print(f"greedy bots (call at 5 or less), full games of 6 rounds, {games} games each:")
    for players in range(2, 6):
        rng = make_rng(seed)
        rules = BungeeRules(players=players)
        bots = [GreedyBot()] * players
        t = time.perf_counter()
        for _ in range(games):
            play_game_rounds(rules, bots, rng)
        dt = time.perf_counter() - t
        print(f"  {players} players: {games / dt:7.1f} games/s   {6 * games / dt:8.1f} rounds/s")


def main() -> None:
    args = options(__doc__, positions=300, games=200, seed=1)
    bench_simulated(args.positions, args.seed)
    bench_exact(args.positions, args.seed)
    if args.games:
        bench_games(args.games, args.seed)


if __name__ == "__main__":
    main()
