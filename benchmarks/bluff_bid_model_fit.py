"""Fit the bid model's one parameter, ε, by maximum likelihood on how bots actually bid.

The model (``bluffkit.odds.bluff.model``): a player makes the dice-random advice's choice for
their own dice, except that with probability ε they pick any of their L legal choices at random,
so P(choice | hand) = (1 - ε) + ε/L for the advice's choice and ε/L for each other. Given
decisions (hand, position, choice) the log-likelihood is

    l(ε) = sum over the decisions of  f log((1 - ε) + ε/L) + (1 - f) log(ε/L)

with f = 1 when the choice was the advice's and 0 when not; for the two-player equilibrium,
which mixes, f is the equilibrium's own frequency of the advice's choice at that point (the
expected log-likelihood of its choices there, exactly). l is concave in ε: the maximum is found
by bisection on its slope, with a 95% likelihood-ratio interval (l within 1.92 of the maximum).

Decisions come from seeded games, every decision of the bots of one kind recorded:

- ``advice``: 4 advice bots (``AdviceBot``, the bots a table or ``bluffkit play`` sets against
  you); ``honest``: 4 ``HonestBot``; ``bayes``: the bids of one ``BayesBot`` among 3 advice
  bots (how well the model describes the bot that reads bids); ``equilibrium``: two players,
  5 dice each, both playing the shipped solved strategies (``EquilibriumBot``), every size down
  to 1 against 1 met on the way.

    python benchmarks/bluff_bid_model_fit.py [--games 200] [--seed 15]
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

from common import options

from bluffkit.advice.bluff import Position
from bluffkit.advice.bluff.strategy import policy
from bluffkit.bots.bluff import AdviceBot, BayesBot, EquilibriumBot, HonestBot
from bluffkit.core import make_rng
from bluffkit.core.rng import sample
from bluffkit.games.bluff import BluffRules, BluffState, Challenge
from bluffkit.odds.bluff.model import DEFAULT_BLUFF_RATE, decision_table, match_counts


def decisions(kind: str, games: int, seed: int) -> list[tuple[float, int]]:
    """(f, L) for every recorded decision: f the chance the choice was the advice's."""
    rng = make_rng(seed)
    out = []
    players = 2 if kind == "equilibrium" else 4
    make = {"advice": AdviceBot, "honest": HonestBot, "equilibrium": EquilibriumBot}
    for _ in range(games):
        if kind == "bayes":
            bots = [BayesBot()] + [AdviceBot() for _ in range(3)]
        else:
            bots = [make[kind]() for _ in range(players)]
        s = BluffState.new(BluffRules(players=players))
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                continue
            p = s.current_player()
            obs = s.observation(p)
            action = bots[p].choose(obs, s.legal_actions(), rng)
            if kind != "bayes" or p == 0:
                table = decision_table(obs.bid, len(obs.my_dice), sum(obs.dice_held))
                advice = table.choice(match_counts(obs.my_dice))
                if kind == "equilibrium":
                    pos = Position.from_observation(obs)
                    other = next(q for q in pos.active() if q != p)
                    freq = policy(obs.my_dice, (obs.dice_held[p], obs.dice_held[other]),
                                  pos.history)
                    label = "challenge" if isinstance(advice, Challenge) else str(advice)
                    f = freq.get(label, 0.0) / sum(freq.values())
                else:
                    f = 1.0 if advice == action else 0.0
                out.append((f, table.legal))
            s = s.apply(action)
    return out


def loglik(eps: float, data) -> float:
    return sum(f * math.log((1 - eps) + eps / n) + (1 - f) * math.log(eps / n)
               if f < 1 else math.log((1 - eps) + eps / n) for f, n in data)


def slope(eps: float, data) -> float:
    return sum(f * (1 / n - 1) / ((1 - eps) + eps / n) + (1 - f) / eps for f, n in data)


def fit(data) -> tuple[float, float, float]:
    """ε maximising ``loglik`` and its 95% likelihood-ratio interval."""
    lo, hi = 1e-12, 1 - 1e-12
    if sum(1 - f for f, _ in data) == 0:
        best = 0.0  # every choice the advice's: the likelihood falls as soon as ε > 0
    else:
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if slope(mid, data) > 0 else (lo, mid)
        best = (lo + hi) / 2
    top = loglik(max(best, 1e-12), data)

    def edge(a: float, b: float) -> float:  # a: inside the interval, b: outside
        for _ in range(200):
            mid = (a + b) / 2
            a, b = (mid, b) if top - loglik(mid, data) <= 1.92 else (a, mid)
        return (a + b) / 2

    left = 0.0 if best == 0 else edge(best, 1e-12)
    return best, left, edge(max(best, 1e-12), 1 - 1e-12)


def main() -> None:
    args = options(__doc__, games=200, seed=15, kinds="advice,honest,bayes,equilibrium")
    d = float(DEFAULT_BLUFF_RATE)
    print("| bots | games | decisions | the advice's choice | ε fitted (95% interval) | "
          f"log-likelihood at the fit / at ε = {DEFAULT_BLUFF_RATE} | seconds |")
    print("|---|---|---|---|---|---|---|")
    for kind in args.kinds.split(","):
        start = time.perf_counter()
        games = max(1, args.games // 4) if kind == "bayes" else args.games
        data = decisions(kind, games, args.seed)
        best, lo, hi = fit(data)
        share = sum(f for f, _ in data) / len(data)
        near = Fraction(best).limit_denominator(100)
        print(f"| {kind} | {games} | {len(data)} | {share:.1%} | {best:.4f} ≈ {near} "
              f"({lo:.4f}-{hi:.4f}) | {loglik(max(best, 1e-12), data):.1f} / "
              f"{loglik(d, data):.1f} | {time.perf_counter() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main()
