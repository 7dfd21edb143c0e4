"""How fast is the Bluff advice that reads the bids (Bayes' rule + look ahead)? Target: p99 < 20 ms.

Positions: every decision of seeded games of 3 to 6 players x 5 dice (the number of players
drawn per game; each seat an advice bot or an honest bot, drawn too, so that the rounds go the
ways both kinds of players take them), then ``--positions`` of them drawn at random (seeded):
players have lost dice along the games, so every size up to 6 x 5 dice comes up. Each is
advised as a table or the command line does it (``advise(pos)``: the bids read, the look ahead
with its default 96 playouts per judged choice):

- cold: every ``functools`` cache of bluffkit emptied before the call (decision tables,
  posteriors, odds: nothing reused from the positions before);
- warm: the same position asked again at once, with another look-ahead seed (the tables and
  the posteriors reused, new playouts).

Times are CPU (this process) and wall (which a shared machine's load inflates); the target is
read on CPU. ``--six`` adds the same figures for the positions with 6 players holding 5 dice
each (the largest).

    python benchmarks/bluff_reading_speed.py [--positions 600] [--seed 3]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import options  # noqa: E402
from timing import clear_caches, quantile  # noqa: E402

from bluffkit.advice.bluff import Position, advise  # noqa: E402
from bluffkit.bots.bluff import AdviceBot, HonestBot  # noqa: E402
from bluffkit.core import make_rng  # noqa: E402
from bluffkit.core.rng import sample  # noqa: E402
from bluffkit.games.bluff import BluffRules, BluffState  # noqa: E402

TARGET_MS = 20.0


def game_positions(players: int, bots: list, rng) -> list[Position]:
    """Every decision of one game, as the deciding player sees it (history included)."""
    s = BluffState.new(BluffRules(players=players))
    out = []
    while not s.is_terminal():
        if s.is_chance_node():
            s = s.apply(sample(s.chance_outcomes(), rng))
            continue
        p = s.current_player()
        out.append(Position.from_state(s, p))
        s = s.apply(bots[p].choose(s.observation(p), s.legal_actions(), rng))
    return out


def random_positions(n: int, seed: int) -> list[Position]:
    """``n`` positions drawn from the decisions of seeded games of 3-6 players."""
    rng = make_rng(seed)
    pool: list[Position] = []
    while len(pool) < 4 * n:
        players = int(rng.integers(3, 7))
        bots = [AdviceBot() if rng.random() < 0.5 else HonestBot() for _ in range(players)]
        pool.extend(game_positions(players, bots, rng))
    pick = rng.choice(len(pool), size=n, replace=False)
    return [pool[int(i)] for i in pick]


def measure(ps: list[Position]) -> dict[str, tuple[list[float], list[float]]]:
    """Cold and warm (CPU ms, wall ms) for each position."""
    out: dict[str, tuple[list[float], list[float]]] = {"cold": ([], []), "warm": ([], [])}
    for pos in ps:
        clear_caches()
        for kind, seed in (("cold", 0), ("warm", 1)):
            wall, cpu = time.perf_counter(), time.process_time()
            advise(pos, equilibrium=False, seed=seed)
            out[kind][0].append((time.process_time() - cpu) * 1e3)
            out[kind][1].append((time.perf_counter() - wall) * 1e3)
    return out


def report(title: str, times) -> list[str]:
    lines = []
    for kind, (cpu, wall) in times.items():
        p99 = quantile(cpu, 0.99)
        verdict = ("met" if p99 < TARGET_MS else "MISSED") if kind == "cold" else ""
        lines.append(f"| {title}, {kind} ({len(cpu)}) | {quantile(cpu, 0.5):.1f} / "
                     f"{quantile(wall, 0.5):.1f} ms | {p99:.1f} / {quantile(wall, 0.99):.1f} ms | "
                     f"{max(cpu):.1f} / {max(wall):.1f} ms | {verdict} |")
    return lines


def main() -> None:
    args = options(__doc__, positions=600, seed=3, six=(False, "also 6 players x 5 dice alone"))
    ps = random_positions(args.positions, args.seed)
    advise(ps[0], equilibrium=False)  # imports (numpy, the advice modules) not timed
    sizes = sorted({sum(1 for h in p.dice_held if h) for p in ps})
    print(f"{len(ps)} positions, {min(sum(p.dice_held) for p in ps)}-"
          f"{max(sum(p.dice_held) for p in ps)} dice in play, players holding dice: {sizes}")
    print("| positions | p50 CPU / wall | p99 CPU / wall | worst CPU / wall | p99 < 20 ms (CPU) |")
    print("|---|---|---|---|---|")
    for line in report("3-6 players", measure(ps)):
        print(line, flush=True)
    if args.six:
        big = [p for p in ps if p.dice_held == (5,) * 6]
        for line in report("6 players x 5 dice", measure(big)):
            print(line, flush=True)


if __name__ == "__main__":
    main()
