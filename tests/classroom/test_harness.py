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


def test_loose_coroutines_and_pending_tasks_fail_the_classroom_tests(request):
    """Every classroom test runs under ``strict_async`` with RuntimeWarnings as errors; and
    that fixture does fail a test that leaves a coroutine never awaited or a task pending."""
    import pytest

    from tests.conftest import strict_async

    assert "strict_async" in request.fixturenames
    outer = request.getfixturevalue("strict_async")  # this test's own check
    marks = [m.args[0] for m in request.node.iter_markers("filterwarnings")]
    assert "error::RuntimeWarning" in marks

    fixture = getattr(strict_async, "__pytest_wrapped__", None)
    body = fixture.obj if fixture is not None else strict_async.__wrapped__

    async def never_awaited():
        pass

    async def never_finished():
        await asyncio.sleep(3600)

    def leave_a_task_pending():  # on a thread: in CI, Playwright's loop runs on this one
        def sin():
            loop = asyncio.new_event_loop()
            loop.create_task(never_finished())
            loop.run_until_complete(asyncio.sleep(0))
            loop.close()

        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(sin).result()

    for sin in (never_awaited, leave_a_task_pending):
        steps = body()
        next(steps)
        sin()  # the coroutine object (or the loop with its pending task) is dropped here
        with pytest.raises(AssertionError, match="never awaited|destroyed but it is pending"):
            next(steps, None)
        outer.records.clear()  # the sins were on purpose: this test's own check forgets them
        outer.caught.clear()
