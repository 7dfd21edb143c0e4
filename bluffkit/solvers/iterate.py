"""The stopping loop shared by the CFR solvers: iterate in steps, measure, stop at a count, a
target exploitability or a time limit, keeping the history of what was measured."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core import InvalidQuestion
from ..core.i18n import _


def dcfr_weights(t: int, gamma: float = 2.0, alpha: float = 1.5,
                 beta: float = 0.0) -> tuple[float, float, float]:
    """Discounted CFR's weights at iteration ``t`` (Brown and Sandholm, 2019): positive regrets
    are multiplied by ``t^alpha / (t^alpha + 1)``, negative ones by ``t^beta / (t^beta + 1)``
    (one half for beta 0), the average strategy's earlier sums by ``(t / (t + 1))^gamma``.
    Returns ``(positive, negative, average)``."""
    return t**alpha / (t**alpha + 1), t**beta / (t**beta + 1), (t / (t + 1)) ** gamma


def iterate_until(solver: Any, measure: Callable[[], tuple[float, float]],
                  iterations: int | None, target: float | None, check_every: int,
                  max_seconds: float | None,
                  progress: Callable[[int, float, float], None] | None):
    """Call ``solver.iterate(step)`` (``solver.t`` counts the iterations done) and
    ``measure() -> (value, exploitability)`` every ``check_every`` iterations, until
    ``iterations`` are done, the exploitability is at most ``target`` or ``max_seconds`` have
    passed. Returns ``(value, exploitability, elapsed seconds, history)``, the history a list
    of ``(iterations, seconds, exploitability)``."""
    if iterations is None and target is None:
        raise InvalidQuestion(_("give iterations, a target exploitability, or both"))
    history, start = [], time.perf_counter()
    while True:
        step = check_every if iterations is None else min(check_every, iterations - solver.t)
        if step > 0:
            solver.iterate(step)
        value, expl = measure()
        elapsed = time.perf_counter() - start
        history.append((solver.t, elapsed, expl))
        if progress:
            progress(solver.t, elapsed, expl)
        if ((iterations is not None and solver.t >= iterations)
                or (target is not None and expl <= target)
                or (max_seconds is not None and elapsed >= max_seconds)):
            return value, expl, elapsed, history
