"""``bluffkit serve``: the classroom table server (imports websockets only when it runs).

    bluffkit serve --db class.sqlite --room bluff:4 --room poker-dice:3
    bluffkit serve --host 0.0.0.0 --port 8765 --teacher-token SECRET --bot-after 20
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from ..core.i18n import _, _l, num
from ..core.text import shorten
from .common import CliError
from .options import real_number, seed_number, whole_number

HELP = _l("""Start the classroom server. Students join a room with its code from their notebooks,
and the answers their exercise notebooks check arrive here too ('bluffkit results collect' reads
the --db file to make the gradebook). The teacher's token (printed at the first start unless
given, then kept in the --db file) opens and closes rooms, sees every table and exports the games.
Every room, move and answer is kept in the --db file: start the server again with the same file
and every game goes on where it was, and the teacher's dashboard comes back by itself.""")


def add_serve_command(sub) -> None:
    p = sub.add_parser("serve", help=_("run the classroom table server"), description=str(HELP))
    p.add_argument("--host", default="127.0.0.1",
                   help=_("address to listen on (default 127.0.0.1: this machine only)"))
    p.add_argument("--port", type=whole_number, default=8765,
                   help=_("port (0: any free port; default 8765)"))
    p.add_argument("--db", default="bluffkit-classroom.sqlite",
                   help=_("the SQLite file keeping every room and move"))
    p.add_argument("--teacher-token", default=None,
                   help=_("the teacher's token (letters, digits, - and _; default: the one the "
                          "--db file kept, else a new one)"))
    p.add_argument("--bot-after", type=real_number, default=30.0,
                   help=_("seconds before a bot plays an empty or dropped seat (default 30)"))
    p.add_argument("--sync", choices=("normal", "full"), default="normal",
                   help=_("normal: a move once written survives the server being killed; full: "
                          "also a power cut (slower: the disk is flushed after every move)"))
    p.add_argument("--hub", action="store_true",
                   help=_("run as a JupyterHub service: students are who the hub says they are "
                          "(their hub token, not a typed name); needs JUPYTERHUB_API_URL, which "
                          "the hub sets (bluffkit hub-config writes a hub's configuration)"))
    p.add_argument("--hub-teachers", default="teachers", metavar="GROUP",
                   help=_("with --hub: the hub group whose members (and the hub's admins) teach "
                          "(default teachers)"))
    p.add_argument("--room", action="append", default=[], metavar="GAME[:PLAYERS]",
                   help=_("open a room at start, e.g. bluff:4 (repeat for more rooms)"))
    p.add_argument("--seed", type=seed_number, default=None,
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
    _check_host(args.host)
    _check_db(args.db)
    rooms = []
    for spec in args.room:
        m = re.fullmatch(r"([a-z_\- ]+)(?::(\d{1,2}))?", spec.strip().lower())
        if not m:
            raise CliError(_("--room {spec}: write a game and, if you like, the players, e.g. "
                             "bluff:4", spec=repr(spec)))
        rooms.append((m[1], {"players": int(m[2])} if m[2] else {}))
    _check_rooms(rooms)
    return rooms


def _check_host(host: str) -> None:
    """An address or a host name the system can look up: labels of at most 63 characters (an
    empty one, which would listen on every interface, the parser refuses)."""
    try:
        host.encode("idna")
    except UnicodeError:
        raise CliError(_("--host {host} is not an address or a host name (at most 63 "
                         "characters between dots, 253 in all)", host=shorten(host))) from None


SQLITE_HEADER = b"SQLite format 3\x00"


def _check_db(db: str) -> None:
    """A file that is a SQLite database, an empty file, or one the server can create."""
    if db.strip() == ":memory:":  # an empty name, the parser refuses
        raise CliError(_("--db needs a file name, e.g. class.sqlite: every room and move is "
                         "kept there (so a restarted server goes on where it was)"))
    path = Path(db).expanduser()
    try:
        if path.is_dir():
            raise CliError(_("--db {path} is a folder; name a file in it, e.g. {example}",
                             path=shorten(db), example=shorten(str(path / "class.sqlite"))))
        if path.exists() and not path.is_file():
            raise CliError(_("--db {path} is not a file (a device or a pipe); name a file, e.g. "
                             "class.sqlite", path=shorten(db)))
        if path.is_file():
            with open(path, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
            if head and head != SQLITE_HEADER:
                raise CliError(_("--db {path} is not a SQLite database; bluffkit does not "
                                 "overwrite it: name another file", path=shorten(db)))
        elif not path.parent.is_dir():
            raise CliError(_("--db {path}: the folder {folder} does not exist",
                             path=shorten(db), folder=shorten(str(path.parent))))
    except OSError as e:
        raise CliError(_("--db {path}: {reason}", path=shorten(db),
                         reason=e.strerror or e)) from None


def _check_rooms(rooms: list[tuple[str, dict]]) -> None:
    """Each ``--room``'s game and players, as the server will open it."""
    from ..classroom.protocol import ProtocolError
    from ..classroom.rules import make_rules
    from ..core import BluffkitError
    from ..games import find_game

    for game, rules in rooms:
        try:
            make_rules(find_game(game), rules)
        except (BluffkitError, ProtocolError) as e:
            raise CliError(_("--room {game}: {reason}", game=repr(game), reason=e)) from None


def _run_apart(job):
    """Run ``job`` here, or on a thread of its own when this thread already runs an event loop
    (``main(["serve", ...])`` from a notebook cell, or beside a browser test's Playwright)."""
    import asyncio
    import threading

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return job()
    box = {}

    def target():
        try:
            box["result"] = job()
        except BaseException as e:  # noqa: BLE001 - raised again on the caller's thread
            box["error"] = e

    thread = threading.Thread(target=target, name="bluffkit-serve", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box.get("result")


def _serve(args: argparse.Namespace) -> int:
    rooms = _check(args)
    import asyncio
    import os
    import sqlite3

    hub_api = None
    if args.hub:
        from ..classroom.hub_auth import API_VARIABLE

        hub_api = os.environ.get(API_VARIABLE)
        if not hub_api:
            raise CliError(_("--hub: {variable} is not set; JupyterHub sets it for the services "
                             "it starts (bluffkit hub-config writes a hub's configuration)",
                             variable=API_VARIABLE))

    from ..classroom.protocol import ProtocolError
    from ..classroom.server import ClassroomServer, run

    try:
        server = ClassroomServer(args.db, args.host, args.port,
                                 teacher_token=args.teacher_token, bot_after=args.bot_after,
                                 sync=args.sync, hub_api=hub_api,
                                 hub_teachers=args.hub_teachers)
    except sqlite3.Error as e:
        raise CliError(_("--db {path} cannot be used: {reason}", path=shorten(args.db),
                         reason=e)) from None

    def ready(s: ClassroomServer) -> None:
        print(_("bluffkit classroom server on {url} (games kept in {db})", url=s.url,
                db=args.db), flush=True)
        if not hub_api and s.teacher_token is None:  # kept in the file (as its hash)
            print(_("Teacher token: the same as when this file was served before (the teacher's "
                    "dashboard comes back with it; --teacher-token sets another)"), flush=True)
        elif not hub_api:  # on a hub, the hub says who teaches: no token to pass around
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
        _run_apart(lambda: asyncio.run(run(server, ready)))
    except (OSError, UnicodeError) as e:
        raise CliError(_("cannot listen on {host}:{port}: {reason}", host=args.host,
                         port=args.port, reason=getattr(e, "strerror", None) or e)) from None
    except sqlite3.Error as e:  # another program's SQLite file: its tables are not ours
        raise CliError(_("--db {path} is not a bluffkit class database ({reason}): name another "
                         "file", path=shorten(args.db), reason=e)) from None
    return 0
