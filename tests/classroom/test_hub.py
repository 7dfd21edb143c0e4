"""The table server as a JupyterHub service, for real: JupyterHub and its proxy on loopback,
started from the configuration ``bluffkit hub-config`` writes (one machine), with a list of who
may log in (JupyterHub 5 lets in nobody else; the dummy authenticator with a class password
stands in for the school's, which only changes how a password is checked); the hub starts
``bluffkit serve --hub`` itself, students reach it through the hub's proxy, and their hub tokens
say who they are. Needs jupyterhub (test extra) and configurable-http-proxy (npm, installed by
scripts/test): skipped without them outside CI, a failure in CI."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from bluffkit.classroom.client import ClassroomError, Client
from bluffkit.cli import main

ROOT = Path(__file__).resolve().parents[2]
SETUP = "setup-" + "s" * 40  # a test-only service that makes users and their tokens
PASSWORD = "class-password-" + "p" * 8
pytestmark = pytest.mark.xdist_group("hub")


def _proxy() -> str | None:
    local = ROOT / ".cache" / "node" / "node_modules" / ".bin"
    return shutil.which("configurable-http-proxy", path=f"{local}{os.pathsep}"
                        f"{os.environ.get('PATH', '')}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _api(url: str, token: str, method: str = "GET", body: dict | None = None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read().decode() or "null")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if shutil.which("jupyterhub", path=str(Path(sys.executable).parent)) is None or not _proxy():
        if os.environ.get("CI"):
            pytest.fail("jupyterhub or configurable-http-proxy missing: scripts/test installs them")
        pytest.skip("jupyterhub or configurable-http-proxy not installed (scripts/test does it)")
    data = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port, tables = (_free_port() for _ in range(4))
    assert main(["hub-config", str(data)]) == 0  # what a teacher runs
    (data / "students.txt").write_text("# class 2B\nana\nbob\n")
    config = data / "test_config.py"
    config.write_text(
        f"load_subconfig({str(data / 'jupyterhub_config.py')!r})\n"
        f"c.DummyAuthenticator.password = {PASSWORD!r}\n"
        f"c.JupyterHub.hub_port = {hub_port}\n"
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{api_port}'\n"
        f"c.JupyterHub.services.append({{'name': 'setup', 'api_token': {SETUP!r}}})\n"
        "c.JupyterHub.load_roles = [{'name': 'setup', 'services': ['setup'],"
        " 'scopes': ['admin:users', 'tokens']}]\n")
    env = {**{k: v for k, v in os.environ.items() if k != "BLUFFKIT_COURSE_KEY"},
           "BLUFFKIT_HUB_DATA": str(data), "BLUFFKIT_HUB_PORT": str(port),
           "BLUFFKIT_TABLES_PORT": str(tables), "BLUFFKIT_TEACHERS": "teach",
           "BLUFFKIT_HUB_AUTH": "dummy", "BLUFFKIT_STUDENTS_FILE": str(data / "students.txt"),
           "PATH": f"{Path(_proxy()).parent}{os.pathsep}{Path(sys.executable).parent}"
                   f"{os.pathsep}{os.environ.get('PATH', '')}"}
    log = open(data / "hub.log", "w")  # noqa: SIM115 (open while the hub runs)
    # the hub stops its service with SIGINT: a test run started in the background (where the
    # shell ignores SIGINT, and children inherit that) left the service running after the hub
    proc = subprocess.Popen([str(Path(sys.executable).with_name("jupyterhub")), "-f",
                             str(config)], cwd=data, env=env, stdout=log,
                            stderr=subprocess.STDOUT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    api = f"http://127.0.0.1:{hub_port}/hub/api"
    url = f"ws://127.0.0.1:{port}/services/bluffkit/"
    try:
        deadline = time.monotonic() + 60
        while True:  # the hub answers, then its service takes a seat request through the proxy
            try:
                _api(api + "/users", SETUP)
                Client(url).close()
                break
            except (OSError, ClassroomError, urllib.error.URLError):
                if time.monotonic() > deadline or proc.poll() is not None:
                    pytest.fail("JupyterHub with the bluffkit service did not start:\n"
                                + (data / "hub.log").read_text()[-3000:])
                time.sleep(0.5)
        tokens = {}
        for name in ("ana", "bob", "teach"):
            try:
                _api(f"{api}/users/{name}", SETUP, "POST", {})
            except urllib.error.HTTPError as e:
                assert e.code == 409  # made already (teach: by the teachers' group)
            tokens[name] = _api(f"{api}/users/{name}/tokens", SETUP, "POST", {})["token"]
        yield {"url": url, "tokens": tokens, "api": api, "site": f"http://127.0.0.1:{port}",
               "data": data}
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        assert _closed(tables), "the bluffkit service outlived the hub"


def _closed(port: int, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return True
        time.sleep(0.2)
    return False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def log_in(site: str, name: str, password: str) -> int:
    """The HTTP status of logging in on the hub's login page, as a browser does (the page's
    _xsrf token, then the form)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)
    with opener.open(f"{site}/hub/login", timeout=10) as page:
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.read().decode()).group(1)
    form = urllib.parse.urlencode({"username": name, "password": password,
                                   "_xsrf": xsrf}).encode()
    try:
        with opener.open(f"{site}/hub/login", data=form, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as e:
        return e.code


def test_only_the_listed_students_and_teachers_log_in(hub):
    """JupyterHub 5 lets in whom the configuration lists (students file, teachers), nobody
    else, and only with the right password."""
    for name in ("ana", "bob", "teach"):
        assert log_in(hub["site"], name, PASSWORD) == 302, name   # in: sent on to their server
    assert log_in(hub["site"], "mallory", PASSWORD) == 403       # not on the list
    assert log_in(hub["site"], "ana", "not-the-password") == 403
    key = (hub["data"] / "bluffkit-course-key").read_text().strip()
    assert len(key) >= 32 and (hub["data"] / "bluffkit-course-key").stat().st_mode & 0o077 == 0


def as_user(monkeypatch, token: str | None) -> None:
    if token is None:
        monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    else:
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)


def test_hub_says_who_sits_and_who_teaches(hub, monkeypatch):
    url, tokens = hub["url"], hub["tokens"]
    teacher = Client(url)
    as_user(monkeypatch, tokens["teach"])
    assert teacher.teacher()["type"] == "teacher"  # in the group "teachers"
    code = teacher.open_room("bluff", {"players": 3, "dice_per_player": 1}, seed=3)["code"]

    ana = Client(url)
    as_user(monkeypatch, tokens["ana"])
    assert ana.join(code)["seat"] == 0
    bob = Client(url)
    as_user(monkeypatch, tokens["bob"])  # a typed name is ignored: the hub says who this is
    assert bob.request({"type": "join", "code": code, "name": "ana",
                        "hub_token": tokens["bob"]})["seat"] == 1
    names = [s["name"] for s in ana.wait_view(lambda v: v["seats"][1]["name"])["seats"]]
    assert names[:2] == ["ana", "bob"]
    as_user(monkeypatch, tokens["ana"])  # ana again (a second notebook): her seat, not a third
    ana_again = Client(url)
    assert ana_again.join(code)["seat"] == 0
    ana_again.close()
    summary = next(t for t in teacher.tables() if t["code"] == code)
    assert [s["name"] for s in summary["seats"]][:2] == ["ana", "bob"]

    as_user(monkeypatch, tokens["ana"])  # a student is not a teacher
    with pytest.raises(ClassroomError) as e:
        Client(url).teacher()
    assert e.value.error == "not_teacher" and "ana is not a teacher" in str(e.value)
    for c in (ana, bob, teacher):
        c.close()


def test_on_a_hub_each_check_reaches_the_table_server_under_the_hub_account(hub, monkeypatch,
                                                                              tmp_path):
    """Issue 28 item 2 through the real hub and its proxy: ana's kernel (her hub token and
    name, the class URL the hub's configuration gives) checks answers with another name typed;
    they are on the table server under "ana", and the teacher's export of answers has them."""
    from bluffkit.exercises import load
    from bluffkit.exercises.results import read_log

    monkeypatch.setenv("BLUFFKIT_CLASSROOM_URL", hub["url"])
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    as_user(monkeypatch, hub["tokens"]["ana"])
    ws = load("bluff", seed=6, student="bob", folder=tmp_path)
    feedback = [ws.q1.check("1/3"), ws.q2.check("2")]
    assert all("⚠️" not in f.message for f in feedback), feedback[0].message
    teacher = Client(hub["url"])
    as_user(monkeypatch, hub["tokens"]["teach"])
    teacher.teacher()
    sent = [json.loads(line) for line in teacher.export("answers").splitlines()]
    mine = [r for r in sent if r["set"] == "bluff" and r["seed"] == 6]
    assert [r["student"] for r in mine] == ["ana", "ana"]
    assert mine == read_log(tmp_path / "bluffkit-results-ana.jsonl")[0]
    progress = teacher.progress()
    assert progress["students"] >= 1 and progress["questions"]
    teacher.close()


def test_hub_refuses_bad_tokens_and_typed_names(hub, monkeypatch):
    url = hub["url"]
    teacher = Client(url)
    as_user(monkeypatch, hub["tokens"]["teach"])
    teacher.teacher()
    code = teacher.open_room("bungee", {"players": 2}, seed=1)["code"]
    as_user(monkeypatch, "not-a-token-of-this-hub")
    with pytest.raises(ClassroomError) as e:
        Client(url).join(code)
    assert e.value.error == "bad_token" and "hub" in str(e.value)
    with pytest.raises(ClassroomError) as e:  # a typed name alone: the hub must say who
        Client(url).join(code, "Mallory")
    assert e.value.error == "bad_token" and "JupyterHub" in str(e.value)
    with pytest.raises(ClassroomError) as e:  # nor the teacher token printed by a plain server
        Client(url).teacher("a-guessed-teacher-token")
    assert e.value.error == "not_teacher"
    v = teacher.table(code)
    assert all(s["name"] == "" for s in v["seats"])  # nobody sat down
    teacher.close()


def test_outside_a_hub_a_name_is_needed(monkeypatch):
    from bluffkit.classroom.server import start_in_thread

    as_user(monkeypatch, None)
    srv = start_in_thread(":memory:", teacher_token="t0kent0ken")
    try:
        with pytest.raises(ClassroomError) as e:
            Client(srv.url).join("ABCDE")
        assert "name" in str(e.value) and "JupyterHub" in str(e.value)
        with pytest.raises(ClassroomError) as e:  # a hub token sent to a plain server
            Client(srv.url).request({"type": "join", "code": "ABCDE", "hub_token": "abc"})
        assert e.value.error == "bad_message" and "join with your name" in str(e.value)
    finally:
        srv.stop()


def test_on_a_hub_the_teacher_token_is_not_enough(monkeypatch, capsys):
    """A server run as a hub service refuses the teacher token (even the right one): only
    the hub says who teaches; the command line refuses --teacher-token with --hub."""
    from bluffkit.classroom.server import start_in_thread
    from bluffkit.cli import main

    as_user(monkeypatch, None)
    srv = start_in_thread(":memory:", teacher_token="t0kent0ken",
                          hub_api="http://127.0.0.1:9/hub/api")
    try:
        with pytest.raises(ClassroomError) as e:
            Client(srv.url).teacher("t0kent0ken")
        assert e.value.error == "not_teacher" and "hub" in str(e.value)
    finally:
        srv.stop()
    monkeypatch.setenv("JUPYTERHUB_API_URL", "http://127.0.0.1:9/hub/api")
    assert main(["serve", "--hub", "--teacher-token", "t0kent0ken"]) == 2
    err = capsys.readouterr().err
    assert "--teacher-token and --hub" in err and "Traceback" not in err
