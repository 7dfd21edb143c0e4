"""Long work beside the interface: a thread where the platform has threads, inline where not.

Pyodide (JupyterLite, Capytale's Basthon) has no threads: ``threading.Thread.start()`` raises
``RuntimeError``. There the work runs at once, inline; whatever progress it reports (a widget's
progress bar) is still sent as it goes.

>>> out = []
>>> thread = start(lambda: out.append("done"), "example")
>>> thread is None or thread.join() is None
True
>>> out
['done']
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


def start(work: Callable[[], None], name: str, delay: float = 0.0) -> threading.Thread | None:
    """Run ``work()`` in a daemon thread after ``delay`` seconds and return the thread; where
    threads cannot start, run it inline, without the delay, and return None once it is done."""
    def later() -> None:
        time.sleep(delay)
        work()

    thread = threading.Thread(target=later, name=name, daemon=True)
    try:
        thread.start()
    except RuntimeError:  # "can't start new thread": WebAssembly without threads
        work()
        return None
    return thread


__all__ = ["start"]
