"""``bluffkit review FILE --seat N [--json]``: the review of one seat's game (``bluffkit.review``)
from a saved game or a class server's export."""

from __future__ import annotations

import json

from ..core.i18n import _, _l

REVIEW_HELP = _l("""\
Review one seat's decisions in a game: every decision with the advice's numbers at that moment,
what the choice cost against the advice's recommendation, its grade (best, good, inaccuracy,
mistake, blunder), the accuracy, and each round's result beside the result the decisions were
expected to give (the difference is luck). FILE is a saved game (the game's JSON) or a class
server's export (JSON or CSV).""")


def _review(args) -> int:
    from ..review import review, summary

    r = review(args.file, args.seat, room=args.room)
    if args.json:
        print(json.dumps(r.to_json(), indent=1, ensure_ascii=False))
    else:
        print(summary(r))
    return 0


def add_review_command(sub) -> None:
    p = sub.add_parser("review", help=_("review one seat's decisions in a saved game or a class "
                                        "export, luck told apart"),
                       description=str(REVIEW_HELP))
    p.add_argument("file", metavar="FILE", help=_("a saved game or a class server's export"))
    p.add_argument("--seat", type=int, required=True,
                   help=_("the seat to review, counted from 0 (as --me counts)"))
    p.add_argument("--room", help=_("the room's code, when the export holds several"))
    p.add_argument("--json", action="store_true",
                   help=_("print the review as JSON (exact numbers as fractions)"))
    p.set_defaults(handler=_review)


__all__ = ["add_review_command"]
