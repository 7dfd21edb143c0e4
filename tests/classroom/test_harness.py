"""The tests' own harness: the classroom tests run beside the browser tests in one pytest
worker, whose Playwright keeps an event loop running on the main thread."""

import asyncio
import concurrent.futures

from .conftest import run


def test_run_works_where_an_event_loop_is_already_running():
    async def inside_a_running_loop():
        return run(asyncio.sleep(0, result="played"))

    # on a thread of its own, as the main thread may already hold Playwright's loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, inside_a_running_loop()).result() == "played"
