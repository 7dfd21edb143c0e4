"""What the timing scripts share: cold calls (every cache of bluffkit cleared), CPU and wall time
of one call, quantiles. Imported by ``frame_budget.py`` and ``bluff_reading_speed.py`` (each puts
``benchmarks/`` on ``sys.path``)."""

from __future__ import annotations

import sys
import time


def clear_caches(keep=()) -> None:
    """Clear every ``functools`` cache in the loaded ``bluffkit`` modules (a cold call), but
    those in ``keep`` (e.g. the loaded solved strategies, for a row timed once they are)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("bluffkit") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and value not in keep:
                    value.cache_clear()


def timed(call) -> tuple[float, float]:
    """Wall and CPU seconds of ``call()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - wall, time.process_time() - cpu


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (the sample at rank ``q * len``)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]
