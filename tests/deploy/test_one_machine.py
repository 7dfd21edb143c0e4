"""``bluffkit hub-config DIR`` for one machine: the file JupyterHub reads, who may log in (checked
by JupyterHub's own authenticator classes), and a clear stop when nobody could. The hub run for
real with this file is tests/classroom/test_hub.py."""

from __future__ import annotations

import asyncio
import concurrent.futures
import subprocess
import sys

import pytest
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from bluffkit.cli import main
from bluffkit.core.i18n import language
from bluffkit.deploy.hub import InvalidSetting, one_machine

pytest.importorskip("jupyterhub")


def load(folder, monkeypatch, **env) -> Config:
    """The configuration JupyterHub gets from the written file, with ``env`` set."""
    for name in ("BLUFFKIT_STUDENTS", "BLUFFKIT_ALLOW_ALL", "BLUFFKIT_COURSE_KEY",
                 "BLUFFKIT_HUB_DATA", "BLUFFKIT_HUB_DUMMY"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    loader = PyFileConfigLoader("jupyterhub_config.py", path=str(folder))
    return loader.load_config()


def allowed(c: Config, authenticator: str, names: list[str]) -> list[bool]:
    from jupyterhub.auth import DummyAuthenticator, PAMAuthenticator

    cls = {"pam": PAMAuthenticator, "dummy": DummyAuthenticator}[authenticator]
    auth = cls(config=c)
    # on a thread of its own: after a browser test, Playwright's loop runs on this thread
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return [pool.submit(asyncio.run, _check(auth, n)).result() for n in names]


async def _check(auth, name):
    result = auth.check_allowed(name, None)
    return await result if asyncio.iscoroutine(result) else result


def test_written_file_lets_in_the_listed_students(tmp_path, monkeypatch, capsys):
    assert main(["hub-config", str(tmp_path)]) == 0
    assert "Wrote jupyterhub_config.py" in capsys.readouterr().out
    (tmp_path / "students.txt").write_text("ana\n# absent today, still allowed\nbob, chloé\n")
    c = load(tmp_path, monkeypatch, BLUFFKIT_STUDENTS_FILE=str(tmp_path / "students.txt"),
             BLUFFKIT_TEACHERS="mme_martin")
    assert c.JupyterHub.authenticator_class == "pam"   # the machine's accounts, a real login
    assert allowed(c, "pam", ["ana", "bob", "chloé", "mme_martin", "mallory", "root"]) == [
        True, True, True, True, False, False]
    assert c.JupyterHub.load_groups == {"teachers": {"users": ["mme_martin"]}}
    service = c.JupyterHub.services[0]
    assert service["name"] == "bluffkit" and service["url"] == "http://127.0.0.1:8765"
    assert service["command"][1:3] == ["serve", "--hub"]
    env = c.Spawner.environment
    key = (tmp_path / "bluffkit-course-key").read_text().strip()
    assert env["BLUFFKIT_COURSE_KEY"] == key and len(key) >= 32
    assert (tmp_path / "bluffkit-course-key").stat().st_mode & 0o077 == 0   # the teacher's only
    assert env["BLUFFKIT_CLASSROOM_URL"] == "ws://127.0.0.1:8000/services/bluffkit/"
    again = load(tmp_path, monkeypatch, BLUFFKIT_STUDENTS="ana")   # the key stays the same
    assert again.Spawner.environment["BLUFFKIT_COURSE_KEY"] == key


def test_groups_or_everyone(tmp_path, monkeypatch):
    one = Config()
    one_machine(one, {"BLUFFKIT_ALLOWED_GROUPS": "students2b", "BLUFFKIT_COURSE_KEY": "k"},
                folder=tmp_path)
    assert one.Authenticator.allowed_groups == {"students2b"}
    assert "allowed_users" not in one.Authenticator   # a group alone lets its members in
    every = Config()
    one_machine(every, {"BLUFFKIT_ALLOW_ALL": "1", "BLUFFKIT_HUB_AUTH": "github",
                        "BLUFFKIT_COURSE_KEY": "k"}, folder=tmp_path)
    assert every.Authenticator.allow_all is True and every.JupyterHub.authenticator_class == (
        "github")


def test_nobody_allowed_stops_the_hub_with_a_reason(tmp_path, monkeypatch):
    """JupyterHub 5 would start and let nobody in: the configuration refuses, in words."""
    for lang, words in (("en", "nobody could log in"), ("fr", "personne ne pourrait se")):
        with language(lang), pytest.raises(InvalidSetting, match=words) as e:
            one_machine(Config(), {"BLUFFKIT_COURSE_KEY": "k"}, folder=tmp_path)
        assert "BLUFFKIT_STUDENTS" in str(e.value)
    assert main(["hub-config", str(tmp_path)]) == 0
    done = subprocess.run(
        [sys.executable, "-c", "from traitlets.config.loader import PyFileConfigLoader as L; "
         f"L('jupyterhub_config.py', path={str(tmp_path)!r}).load_config()"],
        capture_output=True, text=True, env={"PATH": "", "BLUFFKIT_LANG": "en"})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("bluffkit: nobody could log in")
    with pytest.raises(InvalidSetting, match="BLUFFKIT_STUDENTS_FILE: cannot read"):
        one_machine(Config(), {"BLUFFKIT_STUDENTS_FILE": str(tmp_path / "none.txt")})


def test_hub_config_refuses_to_overwrite(tmp_path, capsys):
    assert main(["hub-config", str(tmp_path)]) == 0
    (tmp_path / "jupyterhub_config.py").write_text("# the teacher's edits")
    assert main(["hub-config", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert (tmp_path / "jupyterhub_config.py").read_text() == "# the teacher's edits"
    assert main(["--lang", "fr", "hub-config", str(tmp_path)]) == 2
    assert "existe déjà" in capsys.readouterr().err
    assert main(["hub-config", str(tmp_path), "--force"]) == 0
