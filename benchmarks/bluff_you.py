"""Bluff You: time to solve a turn equilibrium exactly, and advice latency on random states.

Run: ``.venv/bin/python benchmarks/bluff_you.py [--states 300] [--repeats 30] [--seed 1]``

1. The full-centre turn (16 tokens, 16 sums x 16 announcements): solved from scratch (cache
   cleared) ``--repeats`` times by ``solve_turn`` (the structural construction of
   ``fast_turn``, verified exactly) and by the general LP (``solve_turn_lp``: HiGHS, then
   exact recovery and verification), for comparison. Target (issue 4): under 100 ms.
2. ``bluffer_advice`` on ``--states`` random states where the bluffer has just rolled (a new
   turn, taken from random games: random bots, 2-6 players), each with a cold cache (every turn
   solved from scratch) and again warm (as a widget sees a state it has solved); p50, p99 and
   worst. Target (issue 13): p99 under 20 ms, cold. Also how many turns fell back on the LP.
3. ``guesser_advice`` on the same states after a random announcement, warm.

Every figure is given as wall-clock time and as this thread's CPU time (``time.thread_time``):
on a busy machine the two differ, and the CPU time is the cost of the calculation itself.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice  # noqa: E402
from bluffkit.advice.bluff_you import turn as bluff_you_turn  # noqa: E402
from bluffkit.advice.bluff_you.turn import TurnGame, solve_turn, solve_turn_lp  # noqa: E402
from bluffkit.core import RandomBot, choice, make_rng, sample  # noqa: E402
from bluffkit.games.bluff_you import TOKENS, BluffYouRules, BluffYouState, Gain, Steal  # noqa: E402


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def timed(fn, *args, **kwargs) -> tuple[float, float]:
    """(wall seconds, this thread's CPU seconds) of one call."""
    w, c = time.perf_counter(), time.thread_time()
    fn(*args, **kwargs)
    return time.perf_counter() - w, time.thread_time() - c


def summary(name: str, pairs: list[tuple[float, float]]) -> str:
    wall, cpu = [p[0] for p in pairs], [p[1] for p in pairs]
    return (f"  {name}: wall p50 {ms(statistics.median(wall))}, p99 "
            f"{ms(percentile(wall, 0.99))}, worst {ms(max(wall))}; CPU p50 "
            f"{ms(statistics.median(cpu))}, p99 {ms(percentile(cpu, 0.99))}, worst "
            f"{ms(max(cpu))}")


def random_states(n: int, seed: int) -> list[BluffYouState]:
    """States in phase act reached by random play (varied centres, holdings, rolls)."""
    rng = make_rng(seed)
    bot = RandomBot()
    out = []
    while len(out) < n:
        s = BluffYouState.new(BluffYouRules(players=int(rng.integers(2, 7))))
        stop = int(rng.integers(0, 40))
        turns = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                if turns >= stop:
                    out.append(s)
                    break
                turns += 1
                continue
            p = s.current_player()
            s = s.apply(bot.choose(s.observation(p), s.legal_actions(), rng))
    return out


def full_centre(repeats: int) -> None:
    game = TurnGame(centre=TOKENS)
    solve_turn(game), solve_turn_lp(game)  # imports and first-call costs out of the way
    fast, lp_total = [], []
    for _ in range(repeats):
        solve_turn.cache_clear()
        fast.append(timed(solve_turn, game))
        lp_total.append(timed(solve_turn_lp, game))
    print(f"Full-centre turn equilibrium, exact and verified (value {solve_turn(game).value}), "
          f"{repeats} solves (target < 100 ms):")
    print(summary("solve_turn (structural, verified)", fast))
    print(summary("general LP (HiGHS + exact recovery)", lp_total))


def advice_latency(states: list[BluffYouState], seed: int) -> None:
    cold, warm, guess = [], [], []
    rng = make_rng(seed)
    fallbacks = []
    original = bluff_you_turn._solve_lp

    def counted(game):
        fallbacks.append(game)
        return original(game)

    bluff_you_turn._solve_lp = counted
    for s in states:
        solve_turn.cache_clear()
        cold.append(timed(bluffer_advice, s))
        warm.append(timed(bluffer_advice, s))
        announce = choice([a for a in s.legal_actions() if isinstance(a, Gain | Steal)], rng)
        c = s.apply(announce)
        guess.append(timed(guesser_advice, c.observation(announce.guesser), q="1/2"))
    bluff_you_turn._solve_lp = original
    print(f"bluffer_advice on {len(states)} random states (a new turn; target p99 < 20 ms):")
    print(summary("cold (solved from scratch)", cold))
    print(f"  turns that fell back on the LP: {len(fallbacks)} of {len(states)}")
    print(summary("warm (turn cached)", warm))
    print("guesser_advice (warm, stated model q=1/2):")
    print(summary("warm", guess))


def main() -> None:
    args = options(__doc__, states=300, repeats=30, seed=1)
    full_centre(args.repeats)
    advice_latency(random_states(args.states, args.seed), args.seed)


if __name__ == "__main__":
    main()
