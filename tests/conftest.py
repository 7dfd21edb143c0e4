"""Shared test settings: hypothesis profiles (CI runs a few more examples), and the class
server that the classroom and the widget tests play through."""

import asyncio
import gc
import logging
import os
import subprocess
import sys
import threading
import warnings

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

TEACHER = "teacher-token-for-tests"


def printed_by_python(code: str, **options) -> str:
    """What ``code`` prints in a fresh interpreter (which modules an import loads is seen there,
    not here); fails showing its stderr if it fails. ``options`` go to ``subprocess.run``."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          **options)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright per test process, shared by every browser test: its sync API runs an
    event loop on this thread, and a second one started beside it fails ("using Playwright Sync
    API inside the asyncio loop"). Service workers' requests are routed too (JupyterLite's;
    Playwright reads this when it starts)."""
    from playwright.sync_api import sync_playwright

    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(autouse=True)
def _language_restored():
    """A test that calls ``set_language`` does not change the language of the next test."""
    from bluffkit.core import i18n

    before = i18n._chosen
    yield
    i18n._chosen = before


@pytest.fixture
def server(tmp_path):
    """A real classroom server on 127.0.0.1 (a free port), started by bluffkit's own code."""
    from bluffkit.classroom.server import start_in_thread

    running = start_in_thread(str(tmp_path / "class.sqlite"), teacher_token=TEACHER,
                              bot_after=60)
    yield running
    running.stop()


STRICT_ASYNC = ("tests/classroom/", "tests/widgets/test_classroom.py",
                "tests/widgets/test_join_later.py", "tests/widgets/test_dashboard",
                "tests/browser/test_classroom.py")
"""The tests of the class server and its clients: a coroutine never awaited, a task left
pending or an error inside a finalizer fails them (``strict_async``)."""


class _Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(record.getMessage())


@pytest.fixture
def strict_async():
    """Fail the test if, by its end (garbage collected), asyncio logged an error (such as
    "Task was destroyed but it is pending!") or a RuntimeWarning ("coroutine ... was never
    awaited") was raised; also checked by ``filterwarnings`` marks turning those warnings into
    errors (see ``pytest_collection_modifyitems``)."""
    handler = _Errors()
    log = logging.getLogger("asyncio")
    log.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RuntimeWarning)
            handler.caught = caught
            yield handler  # what it found so far: ``records`` (asyncio's errors), ``caught``
            gc.collect()
    finally:
        log.removeHandler(handler)
    loose = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
    assert not handler.records and not loose, handler.records + loose


def _strict(config, path) -> bool:
    return str(path).removeprefix(str(config.rootpath) + "/").startswith(STRICT_ASYNC)


@pytest.fixture(autouse=True)
def _strict_async_for_the_classroom(request):
    if _strict(request.config, request.node.fspath):
        request.getfixturevalue("strict_async")
    yield


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _strict(config, item.fspath):
            item.add_marker(pytest.mark.filterwarnings("error::RuntimeWarning"))
            item.add_marker(pytest.mark.filterwarnings(
                "error::pytest.PytestUnraisableExceptionWarning"))


def run_async(coroutine):
    """``asyncio.run(coroutine)`` on a thread of its own, its result returned or its exception
    raised here: the worker's main thread may hold a running loop already (Playwright's sync API,
    in the browser tests that share the worker), and ``asyncio.run`` refuses to start there."""
    out = {}

    def target():
        try:
            out["value"] = asyncio.run(coroutine)
        except BaseException as e:  # noqa: BLE001 - raised again in the caller's thread
            out["error"] = e

    thread = threading.Thread(target=target, name="run_async")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")
