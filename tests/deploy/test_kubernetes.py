"""Zero to JupyterHub: the Helm values ``bluffkit hub-config --for kubernetes`` writes are
checked against the chart's published values schema (copied in tests/deploy/z2jh/, with its
license), merged with the chart's defaults as Helm merges them; the table server's objects agree
with the values (names, ports, labels, the course key's Secret) and its command is a real
``bluffkit serve`` command line; the nbgitpuller link opens the copied start notebook. No cluster
here: what Kubernetes itself would check of the Deployment is not run."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import jsonschema
import pytest
import yaml

from bluffkit.cli import build_parser, main
from bluffkit.cli.files import data_dir

Z2JH = Path(__file__).parent / "z2jh"


def merged(defaults: dict, values: dict) -> dict:
    """Helm's coalescing of user values over the chart's: maps merged key by key, anything else
    replaced, a null removing the key."""
    out = copy.deepcopy(defaults)
    for key, value in values.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def validate(values: dict) -> None:
    schema = json.loads((Z2JH / "values.schema.json").read_text())
    defaults = yaml.safe_load((Z2JH / "values.yaml").read_text())
    jsonschema.Draft7Validator(schema).validate(merged(defaults, values))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("k8s")
    (out / "students.txt").write_text("ana\nbob\n")
    assert main(["hub-config", str(out / "hub"), "--for", "kubernetes", "--teachers",
                 "mme_martin", "--students", str(out / "students.txt"), "--image",
                 "registry.school.example/class/bluffkit:0.1.0", "--hub-url",
                 "https://hub.school.example", "--notebooks-repo",
                 "https://git.school.example/mme_martin/bluffkit-class.git"]) == 0
    hub = out / "hub"
    return {"values": yaml.safe_load((hub / "bluffkit-values.yaml").read_text()),
            "objects": list(yaml.safe_load_all((hub / "bluffkit-tables.yaml").read_text())),
            "dockerfile": (hub / "Dockerfile").read_text(),
            "link": (hub / "nbgitpuller-link.txt").read_text().strip()}


def test_values_pass_the_charts_schema(written):
    validate(written["values"])
    assert yaml.safe_load((Z2JH / "values.yaml").read_text())["hub"]["config"]["JupyterHub"][
        "authenticator_class"] == "dummy"   # the chart's default, which the values replace
    hub = written["values"]["hub"]
    assert hub["config"]["JupyterHub"]["authenticator_class"] == "firstuseauthenticator"
    assert hub["config"]["Authenticator"]["allowed_users"] == ["ana", "bob", "mme_martin"]
    assert hub["config"]["JupyterHub"]["load_groups"] == {"teachers": {"users": ["mme_martin"]}}


def test_the_schema_catches_mistakes(written):
    """The copied schema is not a formality: a misspelt section, an image tag as a number and
    extraEnv as a string are refused."""
    for path, bad in ((("singleuser", "imagee"), {"name": "x"}),
                      (("singleuser", "extraEnv"), "BLUFFKIT_COURSE_KEY=x"),
                      (("hub", "services", "bluffkit"), "http://bluffkit-tables:8765")):
        values = copy.deepcopy(written["values"])
        node = values
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = bad
        if path[-1] == "bluffkit":   # hub.services takes any object: its fields are JupyterHub's
            validate(values)
            continue
        with pytest.raises(jsonschema.ValidationError):
            validate(values)


def test_table_server_objects_agree_with_the_values(written):
    objects = {o["kind"]: o for o in written["objects"]}
    assert set(objects) == {"Secret", "PersistentVolumeClaim", "Deployment", "Service"}
    values, deployment, service = written["values"], objects["Deployment"], objects["Service"]
    url = urlparse(values["hub"]["services"]["bluffkit"]["url"])
    assert url.hostname == service["metadata"]["name"]
    assert url.port == service["spec"]["ports"][0]["port"]
    pod = deployment["spec"]["template"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= pod["metadata"][
        "labels"].items()
    assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
    # the chart's hub network policy admits pods with this label: the server asks the hub
    assert pod["metadata"]["labels"]["hub.jupyter.org/network-access-hub"] == "true"
    assert deployment["spec"]["replicas"] == 1 and deployment["spec"]["strategy"]["type"] == (
        "Recreate")
    container = pod["spec"]["containers"][0]
    assert container["image"] == "registry.school.example/class/bluffkit:0.1.0"
    assert values["singleuser"]["image"] == {"name": "registry.school.example/class/bluffkit",
                                             "tag": "0.1.0"}
    claim = pod["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"]
    assert claim == objects["PersistentVolumeClaim"]["metadata"]["name"]
    command = container["command"]
    args = build_parser(command[1:], every_game=False).parse_args(command[1:])
    assert command[0] == "bluffkit" and args.hub and args.host == "0.0.0.0"
    assert args.port == url.port == container["ports"][0]["containerPort"]
    assert args.db.startswith(container["volumeMounts"][0]["mountPath"] + "/")
    env = {e["name"]: e for e in container["env"]}
    assert env["JUPYTERHUB_API_URL"]["value"] == "http://hub:8081/hub/api"
    # students and the server read the course key from the one Secret
    secret = objects["Secret"]
    ref = values["singleuser"]["extraEnv"]["BLUFFKIT_COURSE_KEY"]["valueFrom"]["secretKeyRef"]
    assert ref == env["BLUFFKIT_COURSE_KEY"]["valueFrom"]["secretKeyRef"]
    assert ref["name"] == secret["metadata"]["name"]
    assert len(secret["stringData"][ref["key"]]) >= 32
    # kernels reach the tables through the hub's proxy (user pods may talk to it)
    assert values["singleuser"]["extraEnv"]["BLUFFKIT_CLASSROOM_URL"] == (
        "ws://proxy-public/services/bluffkit/")


def test_image_and_nbgitpuller_link(written):
    lines = written["dockerfile"].splitlines()
    assert lines[1].startswith("FROM ") and "nbgitpuller" in lines[-1]
    wheel = lines[2].split()[1]
    assert wheel.startswith("bluffkit-") and wheel.endswith(".whl")
    link = urlparse(written["link"])
    assert link.netloc == "hub.school.example" and link.path == "/hub/user-redirect/git-pull"
    query = {k: v[0] for k, v in parse_qs(link.query).items()}
    assert query["repo"] == "https://git.school.example/mme_martin/bluffkit-class.git"
    assert query["branch"] == "main"
    folder, start = query["urlpath"].removeprefix("lab/tree/").split("/", 1)
    assert folder == "bluffkit-class"
    assert (data_dir() / start).is_file()   # bluffkit notebooks copies it there


def test_without_a_student_list_anyone_the_authenticator_knows(tmp_path):
    assert main(["hub-config", str(tmp_path), "--for", "kubernetes"]) == 0
    values = yaml.safe_load((tmp_path / "bluffkit-values.yaml").read_text())
    assert values["hub"]["config"]["Authenticator"] == {"allow_all": True}
    assert values["singleuser"]["image"]["tag"] == "0.1.0"
    validate(values)
    assert not (tmp_path / "nbgitpuller-link.txt").exists()
