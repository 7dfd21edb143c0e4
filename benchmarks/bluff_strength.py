"""How strong the solved two-player Bluff strategies are against today's advice bot.

1. ``--matches N``: seeded matches of 5 dice against 5, ``EquilibriumBot`` (the shipped
   imperfect-recall strategies) against ``AdviceBot`` (least expected dice lost, dice of the
   opponent taken as random), half of them with the seats swapped; the equilibrium bot's share
   of match wins with a 95% Wilson interval. Target (issue 14): at least 60%.
2. The advice bot's exploitability in the rounds whose every bid history can be enumerated
   (1 v 1, 2 v 1, 1 v 2, 2 v 2): both seats play the advice (a pure strategy: it reads my dice,
   both counts and the current bid only), and an exact best response of each player is computed
   on the perfect-recall round (``bluffkit.solvers.bluff.masks``), payoffs from the shipped
   match values. This is how much the "dice are random" model gives away, in round payoff units
   (+1 win, -1 loss), beside the shipped strategies' own exploitability.

    python benchmarks/bluff_strength.py [--matches 2000] [--seed 14] [--skip-exploitability]

Measured (2026-11-26, 2,000 matches): the shipped strategies (2 bids remembered from 7 dice in
play) win 65.0% (95% interval 62.9%-67.1%); remembering 1 bid from 7 dice they won 41.5%
(39.4%-43.7%). Advice bot's exploitability: 1 v 1 0.472, 2 v 1 0.317, 1 v 2 0.178, 2 v 2 0.453
(shipped: 0.0039, 0.0038, 0.0019, 0.0078).
"""

from __future__ import annotations

import math
import time

import numpy as np
from common import options

from bluffkit.advice.bluff import Position, advise
from bluffkit.advice.bluff.strategy import load_strategy, match_table
from bluffkit.bots.bluff import AdviceBot, EquilibriumBot, play_match
from bluffkit.games.bluff import BluffRules, Challenge
from bluffkit.solvers.bluff.masks import MaskGame, evaluate


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def matches(n: int, seed: int) -> None:
    rules = BluffRules(players=2, dice_per_player=5)
    start = time.perf_counter()
    first = play_match(rules, [EquilibriumBot(), AdviceBot()], n // 2, seed=seed)
    second = play_match(rules, [AdviceBot(), EquilibriumBot()], n - n // 2, seed=seed + 1)
    wins = first.wins[0] + second.wins[1]
    lo, hi = wilson(wins, n)
    print(f"5 v 5 matches, equilibrium bot against advice bot: {n} matches (seeds {seed}, "
          f"{seed + 1}; seats swapped in half), {time.perf_counter() - start:.0f} s")
    verdict = "met" if wins / n >= 0.6 else "MISSED"
    print(f"  equilibrium bot won {wins} ({wins / n:.1%}, 95% interval {lo:.1%}-{hi:.1%}); "
          f"target 60%: {verdict}")


def advice_strategy(game: MaskGame) -> tuple[np.ndarray, np.ndarray]:
    """The advice bot's pure strategy on every history of ``game`` (both seats)."""
    sr, sc = game.empty(), game.empty()
    counts = ((game.x, game.y), (game.y, game.x))
    bids = [f"{c}x{'*' if f == 6 else f}" for c, f in game.bids]
    for mover in (0, 1):
        for h in range(-1, game.nb):
            masks = np.arange(1 << h, 2 << h) if h >= 0 else np.array([0])
            masks = masks[game.parity[masks] == mover]
            if not len(masks):
                continue
            for r, roll in enumerate(game.rolls[mover]):
                action = advise(Position(roll, counts[mover], me=0,
                                         bid=bids[h] if h >= 0 else None),
                                equilibrium=False).recommended.action
                if isinstance(action, Challenge):
                    sc[masks, r] = 1.0
                else:
                    sr[masks | (1 << bids.index(str(action))), r] = 1.0
    return sr, sc


def exploitability() -> None:
    win = match_table()
    print("\nThe advice bot's exploitability in the real round (exact best response, both "
          "seats playing the advice), beside the shipped strategy's:")
    print(f"{'round':7} {'advice bot':>11} {'shipped':>9} {'seconds':>8}")
    for x, y in ((1, 1), (2, 1), (1, 2), (2, 2)):
        start = time.perf_counter()
        game = MaskGame(x, y, lambda a, b: win[(a, b)])
        sr, sc = advice_strategy(game)
        _, expl = evaluate(game, sr, sc)
        del sr, sc
        shipped = load_strategy(x, y).figures.exploitability
        print(f"{x} v {y:<3} {expl:>11.4f} {shipped:>9.4f} {time.perf_counter() - start:>8.0f}",
              flush=True)


def lookup_speed(seed: int) -> None:
    """Reading the shipped strategies: the first load of the 5 v 5 round, then policy look-ups
    at random positions of that round."""
    from bluffkit.advice.bluff.strategy import policy

    start = time.perf_counter()
    strategy = load_strategy(5, 5)
    cold = time.perf_counter() - start
    rng = np.random.default_rng(seed)
    times = []
    for _ in range(1000):
        roll = tuple(sorted(int(f) for f in rng.integers(1, 7, 5)))
        n = int(rng.integers(0, 6))
        bids = sorted(rng.choice(len(strategy.bids), n, replace=False).tolist())
        history = [strategy.bids[b] for b in bids]
        t = time.perf_counter()
        policy(roll, (5, 5), history)
        times.append(time.perf_counter() - t)
    times.sort()
    print(f"\nload_strategy(5, 5) first call {cold * 1000:.1f} ms; policy look-up over 1,000 "
          f"random 5 v 5 positions: median {times[500] * 1000:.3f} ms, p99 "
          f"{times[989] * 1000:.3f} ms")


def main() -> None:
    args = options(__doc__, matches=2000, seed=14, skip_exploitability=False)
    lookup_speed(args.seed)
    if args.matches:
        matches(args.matches, args.seed)
    if not args.skip_exploitability:
        exploitability()


if __name__ == "__main__":
    main()
