"""The fuzz tests' runner: each hostile call is timed, stopped if it runs away, and sorted
into a tally whose counts the test prints (``pytest tests/fuzz -q -rP`` shows them)."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

LIMIT = 2.0
"""CPU seconds a single hostile call may take (CPU time of this process, not the clock's: on a
loaded machine a 0.5 s call took 2.2 s by the clock and failed the landing run)."""

HARD_STOP = 10.0
"""A call still running after this long is stopped and counted as a hang (never waited for)."""


class Stopped(BaseException):
    """Raised inside a call that runs past HARD_STOP (a BaseException: nothing catches it)."""


@dataclass
class Tally:
    """What a fuzz run counts: calls, tracebacks, unclear replies, calls over LIMIT (CPU s)."""

    name: str
    calls: int = 0
    tracebacks: list = field(default_factory=list)
    unclear: list = field(default_factory=list)
    slow: list = field(default_factory=list)
    slowest: float = 0.0
    slowest_call: Any = None

    def run(self, call: Any, fn: Callable[[], Any], clear: Callable[[Any], bool]) -> Any:
        """Run ``fn()`` under the hard stop; count its time, its crash or an unclear result
        (``clear(result)`` false). Returns the result (None after a crash)."""
        def stop(*_):
            raise Stopped()

        old = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, HARD_STOP)
        start, result, crash = time.process_time(), None, None
        try:
            result = fn()
        except Stopped:
            crash = f"still running after {HARD_STOP:g} s"
        except BaseException as e:  # noqa: BLE001 - anything escaping is a traceback
            crash = f"{type(e).__name__}: {str(e)[:300]}"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        self.add(call, time.process_time() - start, crash, crash is None and clear(result))
        return result

    def add(self, call: Any, seconds: float, crash: str | None, clear: bool) -> None:
        self.calls += 1
        if seconds > self.slowest:
            self.slowest, self.slowest_call = seconds, call
        if crash:
            self.tracebacks.append((call, crash))
        elif not clear:
            self.unclear.append(call)
        if seconds > LIMIT:
            self.slow.append((round(seconds, 2), call))

    def summary(self) -> str:
        return (f"{self.name}: {self.calls} calls, {len(self.tracebacks)} tracebacks, "
                f"{len(self.unclear)} unclear, {len(self.slow)} over {LIMIT:g} CPU s, slowest "
                f"{self.slowest:.3f} s")

    def check(self, at_least: int) -> None:
        """Print the counts and fail on any traceback, unclear reply or slow call."""
        print(self.summary())
        assert self.calls >= at_least, self.summary()
        assert not self.tracebacks, self.tracebacks[:5]
        assert not self.unclear, self.unclear[:5]
        assert not self.slow, self.slow[:5]


@pytest.fixture
def tally(request) -> Tally:
    t = Tally(request.node.name)
    yield t
    request.node.user_properties.append(("fuzz", t.summary()))
