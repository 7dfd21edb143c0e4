"""``bluffkit results collect DIR... --csv grades.csv`` and ``bluffkit handout SET --seeds 1-30
--out DIR``: the teacher's commands (``bluffkit.teacher``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.i18n import _, _l, _n, num
from .common import CliError

COLLECT_HELP = _l("""\
Merge the results logs of a class (bluffkit-results-*.jsonl files, from home folders or an LMS
download) into a gradebook: a row per student, per question first try (1/0), attempts and final
(1/0). Also writes GRADES-long.csv (a row per answer) and GRADES-mistakes.csv (the named mistakes
per question, most common first). Damaged and foreign files are reported and skipped; with the
course key ($BLUFFKIT_COURSE_KEY or --key-file), records that do not verify are left out.""")

HANDOUT_HELP = _l("""\
Write one PDF per seed (the statements with that student's numbers and room to answer) and a
teacher's key (answers and worked solutions per seed), printed by headless Chromium. Without
Chromium: one HTML file of every sheet and one of the key, to print from any browser.""")


def _key(args) -> bytes | None:
    from ..core import BluffkitError
    from ..exercises.results import course_key

    try:
        return course_key(args.key_file)
    except BluffkitError as e:
        raise CliError(str(e)) from None


def _collect(args) -> int:
    from ..exercises.core import mistake_name
    from ..teacher.collect import collect, mistakes_summary, write_all

    key = _key(args)
    found = collect(args.folders, key)
    for where, problem in found.problems:
        print(_("skipped: {where}: {problem}", where=where, problem=problem), file=sys.stderr)
    if not found.records:
        raise CliError(_n("no results to collect in {folders} ({n} file read)",
                          "no results to collect in {folders} ({n} files read)", found.files,
                          folders=" ".join(args.folders)))
    try:
        written = write_all(found, Path(args.csv).expanduser())
    except OSError as e:
        raise CliError(_("cannot write {path}: {reason}", path=args.csv,
                         reason=e.strerror or e)) from None
    print(_("{answers} answers of {students} students from {files} files; {problems} problems "
            "(listed above).", answers=len(found.records), students=len(found.students),
            files=found.files, problems=len(found.problems)))
    if key is None:
        print(_("No course key given: the records' checksums were not verified."))
    print(_("Wrote {files}.", files=", ".join(str(p) for p in written)))
    summary = mistakes_summary(found.records)
    if summary:
        print("\n" + _("Most common named mistakes (what to re-teach):"))
        for s, n, title, mistake, answers, students in summary[: args.top]:
            print(f"  {s} q{n} {title}: " + _("'{mistake}'", mistake=mistake_name(mistake))
                  + ", "
                  + _n("{n} student ({answers} answers)", "{n} students ({answers} answers)",
                       students, answers=answers))
    return 0


def _handout(args) -> int:
    from ..teacher.handout import NoChromium, parse_seeds, write_handouts, write_html

    seeds = parse_seeds(args.seeds)
    out = Path(args.out).expanduser()
    try:
        try:
            written, seconds = write_handouts(args.set, seeds, out, keep_html=args.html)
        except NoChromium as e:
            sheets, key = write_html(args.set, seeds, out)
            print(_n("No PDF was made: {reason}.\nWrote {sheets} (the sheet, one student a page) "
                     "and {key} (the key) instead: open them in any browser and print them "
                     "(Ctrl+P; choose \"Save as PDF\" for PDF files).",
                     "No PDF was made: {reason}.\nWrote {sheets} (the {n} sheets, one student a "
                     "page) and {key} (the key) instead: open them in any browser and print them "
                     "(Ctrl+P; choose \"Save as PDF\" for PDF files).", len(seeds),
                     reason=e, sheets=sheets, key=key))
            return 0
    except OSError as e:
        raise CliError(_("cannot write into {folder}: {reason}", folder=args.out,
                         reason=e.strerror or e)) from None
    print(_n("Wrote {n} sheet and the key ({key}) to {folder} in {seconds} s.",
             "Wrote {n} sheets and the key ({key}) to {folder} in {seconds} s.",
             len(written) - 1, key=written[-1].name, folder=args.out,
             seconds=num(seconds, ".1f")))
    return 0


def add_teacher_commands(sub) -> None:
    p = sub.add_parser("results", help=_("collect the students' results logs into a gradebook"))
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    c = actions.add_parser("collect", help=_("merge results logs into CSV files"),
                           description=str(COLLECT_HELP),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("folders", nargs="+", metavar="DIR", help=_("folders (or files) of logs"))
    c.add_argument("--csv", required=True, help=_("the gradebook to write, e.g. grades.csv"))
    c.add_argument("--key-file", help=_("file holding the course key (else $BLUFFKIT_COURSE_KEY)"))
    c.add_argument("--top", type=int, default=10, help=_("mistakes listed (default 10)"))
    c.set_defaults(handler=_collect)
    h = sub.add_parser("handout", help=_("printable per-student sheets and a key (PDF)"),
                       description=str(HANDOUT_HELP))
    h.add_argument("set", metavar="SET", help=_("an exercise set, e.g. bluff"))
    h.add_argument("--seeds", required=True, help=_("seeds, e.g. 1-30 or 3,5,8-10"))
    h.add_argument("--out", required=True, help=_("folder for the PDFs"))
    h.add_argument("--html", action="store_true", help=_("keep the HTML files beside the PDFs"))
    h.set_defaults(handler=_handout)


__all__ = ["add_teacher_commands"]
