"""Shared test settings: hypothesis profiles (CI runs a few more examples), and the class
server that the classroom and the widget tests play through."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

TEACHER = "teacher-token-for-tests"


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
