"""``bluffkit hub-config DIR [--for one-machine|tljh|kubernetes]``: a class's JupyterHub
configuration, written from what the wheel ships (``bluffkit.deploy``)."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from ..core.i18n import _, _l
from .common import CliError

KINDS = ("one-machine", "tljh", "kubernetes")
HELP = _l("""\
Write the configuration of a class's JupyterHub with bluffkit's table server as a hub service:
  one-machine  jupyterhub_config.py, for: pip install jupyterhub (and npm's
               configurable-http-proxy), then jupyterhub in DIR
  tljh         tljh-setup.sh: the commands that install The Littlest JupyterHub with bluffkit's
               plugin, and the bluffkit wheel beside it
  kubernetes   Zero to JupyterHub: bluffkit-values.yaml (Helm values), bluffkit-tables.yaml (the
               table server's Deployment, volume and course key), a Dockerfile for the students'
               image, the bluffkit wheel and the nbgitpuller link of the notebooks""")


def wheel_name() -> tuple[Path | None, str]:
    """The wheel this bluffkit came from (if pip knows it) and its file name."""
    from ..core.install import version, wheel_file

    found = wheel_file()
    return found, found.name if found else f"bluffkit-{version()}-py3-none-any.whl"


def read_names(path: str | None) -> list[str]:
    if not path:
        return []
    from ..deploy.hub import names

    try:
        return names(Path(path).expanduser().read_text(encoding="utf-8"))
    except (OSError, UnicodeError) as e:
        raise CliError(_("--students: cannot read {path} ({reason})", path=path,
                         reason=getattr(e, "strerror", None) or e)) from None


def files_for(args, wheel: str) -> dict[str, str]:
    """The files to write, by name, for ``args.kind``."""
    from ..deploy.hub import names

    teachers, students = names(args.teachers), read_names(args.students)
    if args.kind == "one-machine":
        from ..deploy.hub import config_file

        return {"jupyterhub_config.py": config_file()}
    if args.kind == "tljh":
        from ..deploy.tljh import steps

        return {"tljh-setup.sh": "#!/bin/sh\nset -e\n" + steps(wheel, teachers, students)}
    from ..deploy.kubernetes import dockerfile, gitpuller_link, tables_yaml, values_yaml

    files = {"Dockerfile": dockerfile(wheel),
             "bluffkit-values.yaml": values_yaml(args.image, teachers, students),
             "bluffkit-tables.yaml": tables_yaml(args.image)}
    if args.hub_url and args.notebooks_repo:
        files["nbgitpuller-link.txt"] = gitpuller_link(args.hub_url, args.notebooks_repo) + "\n"
    return files


def _hub_config(args) -> int:
    from ..core.install import version

    if args.image is None:
        args.image = f"bluffkit-notebook:{version()}"
    found, wheel = wheel_name()
    dest = Path(args.dest).expanduser()
    files = files_for(args, wheel)
    taken = [n for n in files if (dest / n).exists()]
    if taken and not args.force:
        raise CliError(_("{path} already exists: pick another folder or pass --force (nothing "
                         "was written)", path=dest / taken[0]))
    try:
        dest.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (dest / name).write_text(text, encoding="utf-8")
        if args.kind != "one-machine" and found and found.resolve() != (dest / wheel).resolve():
            shutil.copyfile(found, dest / wheel)
    except OSError as e:
        raise CliError(_("cannot write into {folder}: {reason}", folder=dest,
                         reason=e.strerror or e)) from None
    print(_("Wrote {files} in {folder}.", files=", ".join(files), folder=dest))
    if args.kind != "one-machine" and not (dest / wheel).exists():
        print(_("Put the bluffkit wheel {wheel} in {folder} too (this bluffkit was not installed "
                "from a wheel).", wheel=wheel, folder=dest))
    print(NEXT[args.kind]())
    return 0


NEXT = {
    "one-machine": lambda: _("Next: cd into the folder, then\n"
                             "  BLUFFKIT_STUDENTS_FILE=students.txt BLUFFKIT_TEACHERS=your_name "
                             "jupyterhub\n(the file's first lines list every setting)"),
    "tljh": lambda: _("Next: copy the folder to the server and run: sh tljh-setup.sh"),
    "kubernetes": lambda: _("Next: build and push the image (docker build -t IMAGE .), then\n"
                            "  kubectl apply -f bluffkit-tables.yaml\n"
                            "  helm upgrade --install class jupyterhub/jupyterhub --values "
                            "bluffkit-values.yaml\nand give students the nbgitpuller link "
                            "(--hub-url and --notebooks-repo write it)."),
}


def add_hub_command(sub) -> None:
    p = sub.add_parser("hub-config", help=_("write a class JupyterHub's configuration (one "
                                            "machine, TLJH or Kubernetes)"),
                       description=str(HELP), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dest", metavar="DIR", help=_("folder to write the files into"))
    p.add_argument("--for", dest="kind", choices=KINDS, default="one-machine",
                   help=_("the kind of hub (default one-machine)"))
    p.add_argument("--teachers", default="", help=_("teachers' user names, separated by commas"))
    p.add_argument("--students", metavar="FILE",
                   help=_("file of the students' user names, one a line (who may log in)"))
    p.add_argument("--image", help=_("kubernetes: the students' image as pushed to your "
                                     "registry (default bluffkit-notebook:VERSION)"))
    p.add_argument("--hub-url", help=_("kubernetes: the hub's address, for the nbgitpuller link"))
    p.add_argument("--notebooks-repo", metavar="URL",
                   help=_("kubernetes: a git repository holding the output of bluffkit "
                          "notebooks, for the nbgitpuller link"))
    p.add_argument("--force", action="store_true", help=_("overwrite existing files"))
    p.set_defaults(handler=_hub_config)


__all__ = ["add_hub_command"]
