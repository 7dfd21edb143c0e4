"""Bungee: advice latency on random states, and simulated games per second with greedy bots.

Run: ``.venv/bin/python benchmarks/bungee.py [--states 1000] [--games 200] [--seed 1]``

1. ``--states`` random decision states (turns, last-lap calls, dealer's choices) from seeded
   games of 2-5 players between greedy and random bots. For each, the **exact part** of the
   advice (``advise(obs, samples=0)``: the exact distribution after every action, the best
   action; target under 20 ms), then the **full advice** (``advise(obs)``, which adds the
   call-or-play-on simulation, ``DEFAULT_SAMPLES`` endings per choice, where calling is
   possible). Median and 99th percentile.
2. Full games (6 rounds) between greedy bots, 2-5 players: games and rounds per second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.advice.bungee import DEFAULT_SAMPLES, advise  # noqa: E402
from bluffkit.advice.bungee_sim import draw_card  # noqa: E402
from bluffkit.bots.bungee import GreedyBot, play_game_rounds  # noqa: E402
from bluffkit.core import RandomBot, make_rng  # noqa: E402
from bluffkit.games.bungee import BungeeRules, BungeeState  # noqa: E402


def ms(xs) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
    return (f"median {1000 * statistics.median(xs):8.3f} ms   p99 {1000 * p99:8.3f} ms   "
            f"max {1000 * xs[-1]:8.3f} ms   (n={len(xs)})")


def random_states(count: int, seed: int):
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
            if rng.random() < 0.2:
                states.append(s)
            p = s.to_move
            s = s.apply(bots[p].choose(s.observation(p), s.legal_actions(), rng))
    return states[:count]


def bench_advice(count: int, seed: int) -> None:
    states = random_states(count, seed)
    exact, best_of_3, full, simulated = [], [], [], []
    for s in states:
        obs = s.observation(s.to_move)
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            advise(obs, samples=0)
            runs.append(time.perf_counter() - t)
        exact.append(runs[0])
        best_of_3.append(min(runs))
        t = time.perf_counter()
        a = advise(obs, seed=seed)
        dt = time.perf_counter() - t
        full.append(dt)
        if a.comparison is not None:
            simulated.append(dt)
    phases = {p: sum(1 for s in states if s.phase == p) for p in ("turn", "call", "dealer")}
    print(f"{count} random states ({phases['turn']} turns, {phases['call']} last-lap calls, "
          f"{phases['dealer']} dealer's choices), 2-5 players:")
    p99 = sorted(exact)[int(0.99 * len(exact))]
    print(f"  exact part (samples=0):         {ms(exact)}")
    print(f"  exact part, best of 3 runs:     {ms(best_of_3)}")
    print(f"    target < 20 ms at the 99th percentile (first run): "
          f"{'met' if p99 < 0.02 else 'NOT met'} (spikes between runs are machine load)")
    print(f"  full advice (all states):       {ms(full)}")
    print(f"  full advice, call-or-play-on simulated ({DEFAULT_SAMPLES} endings per choice):")
    print(f"                                  {ms(simulated)}")


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--states", type=int, default=1000)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bench_advice(args.states, args.seed)
    bench_games(args.games, args.seed)


if __name__ == "__main__":
    main()
