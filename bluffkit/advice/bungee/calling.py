"""Call Bungee now or play on: the comparison estimated by simulation, and the expected round
score of a call."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core import Action
from ...odds.bungee import (
    Knowledge,
    round_score,
)
from .simulation import Estimate


@dataclass(frozen=True)
class CallComparison:
    """Call now or play on, estimated by simulation (see ``bluffkit.advice.bungee.decision``).

    Attributes:
        play: the action "playing on" starts with (the best action now).
        samples, seed: the simulation's size and seed (same seed, same numbers).
        p_win_call, p_win_play: P(I win the round).
        score_call, score_play: my expected round score.
        difference: score_call - score_play over the same worlds (negative: calling is better).
        score_if_losing_call: my exact score when I call now and lose.
    """

    play: Action
    samples: int
    seed: int
    p_win_call: Estimate
    p_win_play: Estimate
    score_call: Estimate
    score_play: Estimate
    difference: Estimate
    score_if_losing_call: int

    @property
    def call_better(self) -> bool:
        return self.difference.mean < 0

    @property
    def clear(self) -> bool:
        """True when the difference is more than two standard errors from 0."""
        return abs(float(self.difference.mean)) > 2 * self.difference.se

    def to_json(self) -> dict:
        return {"play": str(self.play), "samples": self.samples, "seed": self.seed,
                "p_win_call": self.p_win_call, "p_win_play": self.p_win_play,
                "score_call": self.score_call, "score_play": self.score_play,
                "difference": self.difference, "score_if_losing_call": self.score_if_losing_call}


def round_score_if_calling(p_win: Fraction, k: Knowledge) -> Fraction:
    """E[round score] when I call now and win with probability ``p_win`` (my hand is fixed).

    >>> round_score_if_calling(Fraction(1, 2), Knowledge.parse("1,2,8,B", lucky=8))
    Fraction(3, 2)
    """
    return round_score(p_win, k.score)
