"""``bluffkit serve``: the classroom table server (imports websockets only when it runs).

    bluffkit serve --db class.sqlite --room bluff:4 --room poker-dice:3
    bluffkit serve --host 0.0.0.0 --port 8765 --teacher-token SECRET --bot-after 20
"""

from __future__ import annotations

import argparse
import re

from ..core.i18n import _, _l, num
from .common import CliError

HELP = _l("""Start the classroom server. Students join a room with its code from their notebooks;
the teacher's token (printed at start unless given) opens and closes rooms, sees every table and
exports the games. Every room, move and result is kept in the --db file: start the server again
with the same file and every game goes on where it was.""")


def add_serve_command(sub) -> None:
    p = sub.add_parser("serve", help=_("run the classroom table server"), description=str(HELP))
    p.add_argument("--host", default="127.0.0.1",
                   help=_("address to listen on (default 127.0.0.1: this machine only)"))
    p.add_argument("--port", type=int, default=8765,
                   help=_("port (0: any free port; default 8765)"))
    p.add_argument("--db", default="bluffkit-classroom.sqlite",
                   help=_("the SQLite file keeping every room and move"))
    p.add_argument("--teacher-token", default=None,
                   help=_("the teacher's token (letters, digits, - and _; default: a new one)"))
    p.add_argument("--bot-after", type=float, default=30.0,
                   help=_("seconds before a bot plays an empty or dropped seat (default 30)"))
    p.add_argument("--sync", choices=("normal", "full"), default="normal",
                   help=_("normal: a move once written survives the server being killed; full: "
                          "also a power cut (slower: the disk is flushed after every move)"))
    p.add_argument("--hub", action="store_true",
                   help=_("run as a JupyterHub service: students are who the hub says they are "
                          "(their hub token, not a typed name); needs JUPYTERHUB_API_URL, which "
                          "the hub sets (see deploy/jupyterhub_config.py)"))
    p.add_argument("--hub-teachers", default="teachers", metavar="GROUP",
                   help=_("with --hub: the hub group whose members (and the hub's admins) teach "
                          "(default teachers)"))
    p.add_argument("--room", action="append", default=[], metavar="GAME[:PLAYERS]",
                   help=_("open a room at start, e.g. bluff:4 (repeat for more rooms)"))
    p.add_argument("--seed", type=int, default=None,
                   help=_("seed of the rooms opened with --room (default: random)"))
    p.set_defaults(handler=_serve)


def _check(args) -> list[tuple[str, dict]]:
    if not 0 <= args.port <= 65535:
        raise CliError(_("--port must be 0-65535, got {port}", port=args.port))
    if not 0 <= args.bot_after <= 3600:
        raise CliError(_("--bot-after must be 0-3600 seconds, got {seconds}",
                         seconds=num(args.bot_after, "g")))
    if args.teacher_token is not None and not re.fullmatch(r"[A-Za-z0-9_\-]{8,100}",
                                                           args.teacher_token):
        raise CliError(_("--teacher-token must be 8-100 letters, digits, - or _"))
    if args.teacher_token is not None and args.hub:
        raise CliError(_("--teacher-token and --hub do not go together: on a class hub the hub "
                         "says who teaches (--hub-teachers)"))
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise CliError(_("--seed must be a whole number 0 or more, got {seed}", seed=args.seed))
    rooms = []
    for spec in args.room:
        m = re.fullmatch(r"([a-z_\- ]+)(?::(\d{1,2}))?", spec.strip().lower())
        if not m:
            raise CliError(_("--room {spec}: write a game and, if you like, the players, e.g. "
                             "bluff:4", spec=repr(spec)))
        rooms.append((m[1], {"players": int(m[2])} if m[2] else {}))
    return rooms


def _serve(args: argparse.Namespace) -> int:
    rooms = _check(args)
    import asyncio
    import os

    hub_api = None
    if args.hub:
        from ..classroom.hub_auth import API_VARIABLE

        hub_api = os.environ.get(API_VARIABLE)
        if not hub_api:
            raise CliError(_("--hub: {variable} is not set; JupyterHub sets it for the services "
                             "it starts (see deploy/jupyterhub_config.py)", variable=API_VARIABLE))

    from ..classroom.protocol import ProtocolError
    from ..classroom.server import ClassroomServer, run

    server = ClassroomServer(args.db, args.host, args.port, teacher_token=args.teacher_token,
                             bot_after=args.bot_after, sync=args.sync, hub_api=hub_api,
                             hub_teachers=args.hub_teachers)

    def ready(s: ClassroomServer) -> None:
        print(_("bluffkit classroom server on {url} (games kept in {db})", url=s.url,
                db=args.db), flush=True)
        if not hub_api:  # on a hub, the hub says who teaches: no token to pass around
            print(_("Teacher token: {token}", token=s.teacher_token), flush=True)
        else:
            print(_("Students and teachers are who the hub at {hub} says they are (teachers: its "
                    "admins and the group {group})", hub=hub_api,
                    group=repr(args.hub_teachers)), flush=True)
        for room in list(s.hub.rooms.values()):  # kept in the file: the class joins them again
            if room.closed is None and not room.over():
                print(_("Room {code}: {title}, {players} players, going on ({n} moves played)",
                        code=room.code, title=room.info.title, players=room.players,
                        n=len(room.moves)), flush=True)
        for game, rules in rooms:
            try:
                room = s.hub.open_room(game, rules, args.seed)
            except ProtocolError as e:
                print(_("room {game}: {reason}", game=game, reason=e), flush=True)
                continue
            print(_("Room {code}: {title}, {players} players", code=room.code,
                    title=room.info.title, players=room.players), flush=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            print(_("Note: the connection is not encrypted; serve a class on a trusted network (or "
                    "behind JupyterHub)."), flush=True)

    try:
        asyncio.run(run(server, ready))
    except OSError as e:
        raise CliError(_("cannot listen on {host}:{port}: {reason}", host=args.host,
                         port=args.port, reason=e.strerror or e)) from None
    return 0
