"""How fast is the Bluff advice that reads the bids (Bayes' rule + look ahead)?

Positions are every decision of seeded games between advice bots (6 players x 5 dice by
default: the largest positions), each advised with the bids read (``advise(pos)``, 96 playouts
per judged choice). The first pass starts with empty caches (decision tables, posteriors, odds);
the second pass asks again for the same positions with another look-ahead seed (the caches
warm, as at a table where positions repeat their public parts). Target: p99 < 20 ms.

    python benchmarks/bluff_reading_speed.py [--players 6] [--games 3]
"""

from __future__ import annotations

import argparse
import time

from bluffkit.advice.bluff import Position, advise
from bluffkit.bots.bluff import AdviceBot
from bluffkit.core import make_rng
from bluffkit.core.rng import sample
from bluffkit.games.bluff import BluffRules, BluffState


def positions(players: int, games: int, seed: int) -> list[Position]:
    rng = make_rng(seed)
    bot, out = AdviceBot(), []
    for _ in range(games):
        s = BluffState.new(BluffRules(players=players))
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                continue
            p = s.current_player()
            out.append(Position.from_state(s, p))
            s = s.apply(bot.choose(s.observation(p), s.legal_actions(), rng))
    return out


def timed(ps: list[Position], seed: int) -> list[float]:
    out = []
    for pos in ps:
        t = time.perf_counter()
        advise(pos, equilibrium=False, seed=seed)
        out.append((time.perf_counter() - t) * 1000)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    ps = positions(args.players, args.games, args.seed)
    print(f"{len(ps)} positions from {args.games} games of {args.players} players x 5 dice")
    for label, seed in (("cold caches", 0), ("warm caches", 1)):
        t = timed(ps, seed)
        p50, p99 = t[len(t) // 2], t[min(len(t) - 1, int(len(t) * 0.99))]
        verdict = "met" if p99 < 20 else "MISSED"
        print(f"{label}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, worst {t[-1]:.1f} ms "
              f"(target p99 < 20 ms: {verdict})")


if __name__ == "__main__":
    main()
