"""The site ``bluffkit lite`` builds, read as files (the browser test runs it): the kernel on
the site's own Pyodide with PyPI never asked, every wheel the lock names present with its
SHA-256, bluffkit and what it imports in the browser among them (numpy, scipy, JupyterLab not),
no other host named in the configuration, the first page on notebook 00, French notebooks and
JupyterLab's French language pack with ``--lang fr``. And the command's refusals, in both
languages."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from bluffkit.cli import main
from bluffkit.cli.files import copy_notebooks
from bluffkit.lite.site import (
    KERNEL_PLUGIN,
    PRELOAD,
    START,
    TRANSLATION_PLUGIN,
    build_site,
    settings,
)
from bluffkit.lite.wheels import PYODIDE_VERSION
from tests.lite.conftest import ROOT, pyodide_runtime

pytestmark = pytest.mark.xdist_group("lite")


@pytest.fixture(scope="module")
def french_site(browser_wheels, tmp_path_factory):
    folder, wheel = browser_wheels
    content = tmp_path_factory.mktemp("content")
    copy_notebooks(content, lang="fr")
    others = [w for w in sorted(folder.glob("*.whl")) if w != wheel]
    return build_site(tmp_path_factory.mktemp("site") / "site", content, [wheel, *others],
                      pyodide_runtime(), lang="fr")


def test_the_kernel_runs_on_the_sites_own_pyodide(french_site):
    config = json.loads((french_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (french_site / "static" / "pyodide" / "pyodide.mjs").is_file()
    assert (french_site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"] == {"packages": list(PRELOAD),
                                            "env": {"BLUFFKIT_LANG": "fr"}}
    for path in french_site.rglob("jupyter-lite.json"):  # no other host named
        urls = re.findall(r"[a-z]+://[^\"' ]+", path.read_text())
        assert urls == [], (path, urls)


def test_jupyterlab_speaks_the_sites_language(french_site):
    config = json.loads((french_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["settingsOverrides"][TRANSLATION_PLUGIN] == {"locale": "fr_FR"}
    pack = json.loads((french_site / "api" / "translations" / "fr_FR.json").read_text())
    assert pack["data"]["jupyterlab"][""]["language"] == "fr-FR"
    english = settings("en")["jupyter-config-data"]["settingsOverrides"]
    assert english == {TRANSLATION_PLUGIN: {"locale": "en"}}  # not the browser's language


def test_the_course_key_goes_to_the_kernel_only_when_given():
    def env(*args):
        return settings(*args)["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN][
            "loadPyodideOptions"]["env"]

    assert env("en") == {"BLUFFKIT_LANG": "en"}
    assert env("fr", "k3y") == {"BLUFFKIT_LANG": "fr", "BLUFFKIT_COURSE_KEY": "k3y"}
    assert env("en", None, "ws://10.0.0.5:8765") == {  # --server: answers go there
        "BLUFFKIT_LANG": "en", "BLUFFKIT_CLASSROOM_URL": "ws://10.0.0.5:8765"}


def test_every_wheel_the_lock_names_is_in_the_site(french_site):
    runtime = french_site / "static" / "pyodide"
    packages = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    for name, entry in packages.items():
        data = (runtime / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(packages), (name, entry["depends"])
    assert set(PRELOAD) <= set(packages)
    bluffkit = packages["bluffkit"]
    assert bluffkit["imports"] == ["bluffkit"]
    assert {"sympy", "ipywidgets", "plotly", "anywidget", "babel"} <= set(bluffkit["depends"])
    assert not {"numpy", "scipy", "jupyterlab", "websockets"} & set(packages)
    assert packages["ipykernel"]["version"] == "6.9.2"  # the kernel's stand-in, not ipykernel's


def test_the_first_page_opens_notebook_00_in_french(french_site):
    page = (french_site / "index.html").read_text()
    assert f"location.replace('./lab/index.html?path={START}')" in page
    assert 'id="jupyter-config-data"' in page  # the lab's pages read the root's configuration
    notebook = json.loads((french_site / "files" / START).read_text())
    assert any('set_language("fr")' in "".join(c["source"]) for c in notebook["cells"])
    assert (french_site / "files" / "exercises" / "01_bluff.ipynb").is_file()


def test_the_command_refuses_and_says_why(tmp_path, capsys):
    taken = tmp_path / "taken"
    taken.mkdir()
    assert main(["lite", str(taken)]) == 2
    assert "already exists: pick another folder or pass --force" in capsys.readouterr().err
    assert main(["lite", str(tmp_path / "new"), "--pyodide", str(tmp_path)]) == 2
    assert "is not npm's pyodide package 314.0.6" in capsys.readouterr().err
    assert main(["--lang", "fr", "lite", str(taken)]) == 2
    assert "existe déjà : choisissez un autre dossier" in capsys.readouterr().err
    assert main(["lite", " "]) == 2
    assert "DEST must name a folder" in capsys.readouterr().err
    assert main(["lite", str(tmp_path / "new"), "--key-file", str(tmp_path / "no.key")]) == 2
    assert "cannot read the course key file" in capsys.readouterr().err
    assert main(["lite", str(tmp_path / "new"), "--server", "http://10.0.0.5:8765"]) == 2
    assert "--server must be the class server's address, starting with ws://" in \
        capsys.readouterr().err
    assert not (tmp_path / "new").exists()


def test_scripts_test_installs_the_pyodide_the_site_is_built_for():
    script = (ROOT / "scripts" / "test").read_text()
    assert f"PYODIDE_VERSION={PYODIDE_VERSION}\n" in script
