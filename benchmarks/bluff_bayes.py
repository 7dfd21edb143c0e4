"""How strong is the bot that reads the bids? Seeded Bluff tournaments with a 95% interval.

One bot under test (``bayes``: ``BayesBot``; or ``advice``/``honest`` for comparison) against
``players - 1`` opponents (today's ``AdviceBot`` by default, or ``HonestBot``, which always bids
its best face truthfully), 5 dice each, the standard rules. The games are played in chunks of
``--chunk`` games, each chunk from its own seed (``seed * 100000 + chunk``) with the bot under
test in seat ``chunk % players`` (so no seat is favoured), on at most 2 worker processes.
Prints the win share with a 95% Wilson interval, parity (1 / players) and the time.

    python benchmarks/bluff_bayes.py --players 4 --games 2000            # the issue's target
    python benchmarks/bluff_bayes.py --players 4 --games 2000 --opponent honest
    python benchmarks/bluff_bayes.py --players 4 --games 400 --bot advice  # today's bot
    python benchmarks/bluff_bayes.py --players 4 --games 400 --bluff-rate 1/1000  # another ε

Measured (seed 2026, 2 workers, 23 November 2026; the bot's ε = 1/20, 96 playouts):

| run | games | win share of the bot under test (95% interval) | parity |
|---|---|---|---|
| bayes vs 3 advice | 2,000 | 92.5% (91.3-93.6) (session 3) | 25% |
| bayes vs 2 advice, 3 players | 2,000 | 96.6% (95.7-97.3) | 33.3% |
| bayes vs 5 advice, 6 players | 2,000 | 80.8% (79.1-82.5) | 16.7% |
| bayes vs 3 honest | 2,000 | 60.7% (58.5-62.8) | 25% |
| advice vs 3 honest | 2,000 | 35.1% (33.0-37.2) | 25% |
| bayes, ε = 1/5000 (the advice bots' fit), vs 3 advice | 400 | 91.0% (87.8-93.4) | 25% |
| bayes, ε = 7/22 (the honest bots' fit), vs 3 honest | 400 | 55.8% (50.9-60.5) | 25% |
"""

from __future__ import annotations

import argparse
import math
import time
from fractions import Fraction
from multiprocessing import Pool

from bluffkit.bots.bluff import AdviceBot, BayesBot, HonestBot, play_match
from bluffkit.games.bluff import BluffRules
from bluffkit.odds.bluff.model import BidModel

BOTS = {"bayes": BayesBot, "advice": AdviceBot, "honest": HonestBot}


def chunk(job: tuple) -> tuple[int, int, float]:
    """Play one chunk; returns (games, wins of the bot under test, rounds in all)."""
    bot, opponent, players, games, seed, k, rate = job
    seat = k % players
    bots = [BOTS[opponent]() for _ in range(players)]
    bots[seat] = BOTS[bot]() if rate is None else BayesBot(model=BidModel(Fraction(rate)))
    r = play_match(BluffRules(players=players), bots, games, seed=seed * 100_000 + k)
    return games, r.wins[seat], float(r.mean_rounds) * games


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", choices=sorted(BOTS), default="bayes")
    parser.add_argument("--opponent", choices=sorted(BOTS), default="advice")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--chunk", type=int, default=25)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--bluff-rate", help="the bid model's ε for the bayes bot, e.g. 1/1000 "
                        "(default: the model's own)")
    args = parser.parse_args()
    if args.bluff_rate is not None and args.bot != "bayes":
        parser.error("--bluff-rate is for --bot bayes")
    chunks = math.ceil(args.games / args.chunk)
    jobs = [(args.bot, args.opponent, args.players, min(args.chunk, args.games - k * args.chunk),
             args.seed, k, args.bluff_rate) for k in range(chunks)]
    start = time.perf_counter()
    games = wins = 0
    rounds = 0.0
    with Pool(args.workers) as pool:
        for g, w, r in pool.imap_unordered(chunk, jobs):
            games, wins, rounds = games + g, wins + w, rounds + r
            print(f"  {games} games: {wins} wins ({wins / games:.1%})", flush=True)
    lo, hi = wilson(wins, games)
    model = "" if args.bluff_rate is None else f" (ε = {args.bluff_rate})"
    print(f"{args.bot}{model} vs {args.players - 1} x {args.opponent}, {args.players} players "
          f"x 5 dice, "
          f"seed {args.seed}: {wins} wins in {games} games = {wins / games:.1%} "
          f"(95% interval {lo:.1%} - {hi:.1%}); parity {1 / args.players:.1%}; "
          f"{rounds / games:.1f} rounds a game; {time.perf_counter() - start:.0f} s with "
          f"{args.workers} workers")


if __name__ == "__main__":
    main()
