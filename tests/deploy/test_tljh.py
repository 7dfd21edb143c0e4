"""The Littlest JupyterHub plugin, as far as this machine allows (TLJH needs a whole server with
systemd and Traefik): TLJH's own hook specifications (copied in tests/deploy/tljh/) load the
plugin from bluffkit's installed entry points with pluggy, as TLJH does; its hooks are called with
a JupyterHub configuration object; the table server command it gives the hub is run; the
commands ``bluffkit hub-config --for tljh`` writes are applied to TLJH's default config the way
tljh-config does, and the result is checked against TLJH's config schema."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import socket
import subprocess
import time
from pathlib import Path

import jsonschema
import pluggy
import pytest
from traitlets.config import Config

from bluffkit.classroom.client import Client
from bluffkit.cli import main
from bluffkit.core.install import requirement

HERE = Path(__file__).parent / "tljh"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"tljh_copy_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def plugin_manager() -> pluggy.PluginManager:
    """TLJH's tljh.utils.get_plugin_manager: its hook specs, then every 'tljh' entry point."""
    pm = pluggy.PluginManager("tljh")
    pm.add_hookspecs(_module("hooks"))
    pm.load_setuptools_entrypoints("tljh")
    return pm


def test_plugin_is_found_and_fills_the_hub_config(tmp_path, monkeypatch):
    monkeypatch.setenv("TLJH_INSTALL_PREFIX", str(tmp_path))
    pm = plugin_manager()
    assert "bluffkit" in [name for name, _plugin in pm.list_name_plugin()]
    assert [requirement()] in pm.hook.tljh_extra_user_pip_packages()  # same bluffkit for students
    c = Config()
    c.JupyterHub.services = [{"name": "cull-idle", "command": ["cull"]}]   # TLJH's own service
    c.Spawner.environment = {"TLJH_SET": "1"}
    pm.hook.tljh_custom_jupyterhub_config(c=c)
    names = [s["name"] for s in c.JupyterHub.services]
    assert names == ["cull-idle", "bluffkit"]           # added to TLJH's, nothing replaced
    env = c.Spawner.environment
    key_file = tmp_path / "config" / "bluffkit-course-key"
    assert env["TLJH_SET"] == "1" and env["BLUFFKIT_COURSE_KEY"] == key_file.read_text().strip()
    assert key_file.stat().st_mode & 0o077 == 0
    assert env["BLUFFKIT_CLASSROOM_URL"] == "ws://127.0.0.1:8765/services/bluffkit/"
    pm.hook.tljh_post_install()                         # an upgrade keeps the key
    assert env["BLUFFKIT_COURSE_KEY"] == key_file.read_text().strip()

    from jupyterhub.app import JupyterHub

    hub = JupyterHub(config=c)   # JupyterHub's own traits take the configuration
    assert hub.services[1]["url"] == "http://127.0.0.1:8765"
    service = hub.services[1]["command"]
    assert service[service.index("--db") + 1] == str(tmp_path / "state" /
                                                    "bluffkit-classroom.sqlite")


def test_the_service_command_runs_from_the_hub_environment(tmp_path, monkeypatch):
    """The command the plugin gives the hub (this Python, -m bluffkit.cli) serves tables."""
    monkeypatch.setenv("TLJH_INSTALL_PREFIX", str(tmp_path))
    c = Config()
    plugin_manager().hook.tljh_custom_jupyterhub_config(c=c)
    command = list(c.JupyterHub.services[-1]["command"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command[command.index("--port") + 1] = str(port)
    (tmp_path / "state").mkdir()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api"})
    try:
        assert "bluffkit classroom server on" in proc.stdout.readline()
        deadline = time.monotonic() + 20
        while True:
            try:
                Client(f"ws://127.0.0.1:{port}/services/bluffkit/").close()
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(20)
    assert (tmp_path / "state" / "bluffkit-classroom.sqlite").exists()


def apply_tljh_config(script: str) -> dict:
    """TLJH's default config.yaml after the script's tljh-config commands (set, add-item), as
    tljh.config.set_item_in_config / add_item_to_config do."""
    config: dict = {"users": {"allowed": [], "banned": [], "admin": [], "extra_user_groups": {}}}
    for line in script.splitlines():
        words = shlex.split(line, comments=True)
        if words[:2] != ["sudo", "tljh-config"] or words[2] == "reload":
            continue
        action, key, value = words[2:5]
        *path, last = key.split(".")
        node = config
        for part in path:
            node = node.setdefault(part, {})
        if action == "add-item":
            node.setdefault(last, []).append(value)
        else:
            assert action == "set", line
            node[last] = value
    return config


def test_tljh_steps_are_valid_commands(tmp_path, capsys):
    (tmp_path / "students.txt").write_text("ana\nbob\n")
    assert main(["hub-config", str(tmp_path / "out"), "--for", "tljh", "--teachers",
                 "mme_martin,m_dupont", "--students", str(tmp_path / "students.txt")]) == 0
    script = (tmp_path / "out" / "tljh-setup.sh").read_text()
    assert subprocess.run(["sh", "-n", "-c", script]).returncode == 0   # valid shell
    bootstrap = next(line for line in script.splitlines() if line.startswith("curl"))
    assert "--admin mme_martin --plugin \"$PWD/bluffkit-" in bootstrap
    config = apply_tljh_config(script)
    assert config["users"]["allowed"] == ["ana", "bob"]
    assert config["users"]["admin"] == ["m_dupont"]   # mme_martin: the bootstrap's --admin
    schema = json.loads((HERE / "config_schema.json").read_text())
    jsonschema.validate(config, schema)
    config["users"]["alowed"] = ["typo"]   # the schema catches a wrong key
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(config, schema)
    out = capsys.readouterr().out
    assert "tljh-setup.sh" in out
    assert main(["--lang", "fr", "hub-config", str(tmp_path / "fr"), "--for", "tljh"]) == 0
    assert "Les enseignants sont les administrateurs" in (tmp_path / "fr" /
                                                          "tljh-setup.sh").read_text()
