"""``bluffkit results collect DIR... --csv grades.csv`` and ``bluffkit handout SET --seeds 1-30
--out DIR``: the teacher's commands (``bluffkit.teacher``)."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from pathlib import Path

from ..core.i18n import _, _l, _n, num
from .common import CliError
from .options import whole_number

COLLECT_HELP = _l("""\
Merge the results logs of a class (bluffkit-results-*.jsonl files, from home folders or an LMS
download) into a gradebook where nobody and no answer is lost: every student of the roster
(--roster: a CSV with name, LMS id and email columns) and everyone with a record, each with a
status (ok, not started, no key, tampered, seed changed); practice and exam are separate
assessments, each question worth its points (--points SET:N=P to change them). Writes GRADES (a
row per student: status, points and maximum per assessment), GRADES-SET-MODE.csv (per question:
points, attempts, first try, flags), GRADES-long.csv (a row per answer) and GRADES-mistakes.csv
(what to re-teach); --lms moodle or canvas adds a file that their gradebook import reads as it
is, --excel writes for Excel (in French: ';' and decimal commas). Names are matched without case
or accents; the merges are listed. With the course key ($BLUFFKIT_COURSE_KEY or --key-file),
records that do not verify are left out and flagged.""")

HANDOUT_HELP = _l("""\
Write one PDF per seed (the statements with that student's numbers and room to answer) and a
teacher's key (answers and worked solutions per seed), printed by headless Chromium. Without
Chromium: one HTML file of every sheet and one of the key, to print from any browser.""")


def _key(args) -> bytes | None:
    from ..core import BluffkitError
    from ..exercises.results import course_key

    try:
        return course_key(args.key_file)
    except BluffkitError as e:  # the key file named on the command line, or the environment's
        raise CliError(str(e) if args.key_file is None else
                       _("--key-file: {reason}", reason=e)) from None


def parse_points(texts: list[str]) -> dict[tuple[str, int], Fraction]:
    """``--points``' values (:func:`~bluffkit.teacher.gradebook.read_points`)."""
    from ..core import BluffkitError
    from ..teacher.gradebook import read_points

    try:
        return read_points(texts)
    except BluffkitError as e:
        raise CliError(_("--points: {reason}", reason=e)) from None


def _collect(args) -> int:
    from ..teacher.collect import collect
    from ..teacher.export import left_out_of_lms, write_gradebook
    from ..teacher.gradebook import mistakes_summary
    from ..teacher.roster import RosterError, read_roster

    key = _key(args)
    points = parse_points(args.points)
    try:
        roster = read_roster(args.roster) if args.roster else None
    except RosterError as e:
        raise CliError(_("--roster: {reason}", reason=e)) from None
    found = collect(args.folders, key)
    for where, problem in found.problems:
        print(_("skipped: {where}: {problem}", where=where, problem=problem), file=sys.stderr)
    if not found.records and not found.left_out and not roster:
        raise CliError(_n("no results to collect in {folders} ({n} file read)",
                          "no results to collect in {folders} ({n} files read)", found.files,
                          folders=" ".join(args.folders)))
    try:
        book, written = write_gradebook(found, Path(args.csv).expanduser(), roster, points,
                                        excel=args.excel, lms=args.lms)
    except OSError as e:
        raise CliError(_("cannot write {path}: {reason}", path=args.csv,
                         reason=e.strerror or e)) from None
    report(found, book, key, args)
    print(_("Wrote {files}.", files=", ".join(str(p) for p in written)))
    for lms in dict.fromkeys(args.lms):
        if missing := left_out_of_lms(book, lms):
            print(_("Not in the {lms} file (no LMS id, or email, in the roster): {names}.",
                    lms=lms.capitalize(), names=", ".join(missing)))
    summary = mistakes_summary(book, found.records)
    if summary:
        print("\n" + _("Most common named mistakes (what to re-teach):"))
        for title, n, question, mistake, answers, students in summary[: args.top]:
            print(f"  {title}, q{n} {question}: {mistake} ("
                  + _n("{n} student", "{n} students", students) + ", "
                  + _n("{n} answer", "{n} answers", answers) + ")")
    return 0


def report(found, book, key, args) -> None:
    """What the teacher should know about the gradebook, before the file names."""
    from ..teacher.gradebook import words

    answers = len(found.records)
    print(_("Answers counted: {answers}; students: {students}; files read: {files}.",
            answers=answers, students=len(book.students), files=found.files))
    if found.problems:
        print(_n("{n} problem, listed above.", "{n} problems, listed above.",
                 len(found.problems)))
    if key is None:
        print(_("No course key given: the records' checksums were not verified."))
    for s, spellings in book.merges():
        print(_("Counted as {name}: {spellings} (same name but for case, accents or spaces, or "
                "the LMS id or email).", name=s.name,
                spellings=", ".join(f"\u201c{t}\u201d" for t in spellings)))
    if args.roster:
        extra = [s.name for s in book.students if not s.on_roster]
        if extra:
            print(_("Not on the roster: {names}.", names=", ".join(extra)))
    for a in book.assessments:
        tally = {}
        for s in book.students:
            for k in book.grade(s, a).status:
                tally[k] = tally.get(k, 0) + 1
        print(f"{a.title}: " + ", ".join(f"{words(k)} {n}" for k, n in tally.items()))


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
    c.add_argument("folders", nargs="+", metavar="DIR",
                   help=_("folders (or files) of logs, or a class server's --db file"))
    c.add_argument("--csv", required=True, help=_("the gradebook to write, e.g. grades.csv"))
    c.add_argument("--key-file", help=_("file holding the course key (else $BLUFFKIT_COURSE_KEY)"))
    c.add_argument("--top", type=whole_number, default=10, help=_("mistakes listed (default 10)"))
    c.add_argument("--roster", help=_("the class list: a CSV with name, LMS id and email columns"))
    c.add_argument("--points", action="append", default=[], metavar="SET:N=P",
                   help=_("what question N of SET is worth, e.g. bluff:3=2 (repeat it)"))
    c.add_argument("--lms", action="append", default=[], choices=["moodle", "canvas"],
                   help=_("also write a file for this LMS's gradebook import (repeat it)"))
    c.add_argument("--excel", action="store_true",
                   help=_("write for Excel: a BOM, and in French ';' and decimal commas"))
    c.set_defaults(handler=_collect)
    h = sub.add_parser("handout", help=_("printable per-student sheets and a key (PDF)"),
                       description=str(HANDOUT_HELP))
    h.add_argument("set", metavar="SET", help=_("an exercise set, e.g. bluff"))
    h.add_argument("--seeds", required=True, help=_("seeds, e.g. 1-30 or 3,5,8-10"))
    h.add_argument("--out", required=True, help=_("folder for the PDFs"))
    h.add_argument("--html", action="store_true", help=_("keep the HTML files beside the PDFs"))
    h.set_defaults(handler=_handout)


__all__ = ["add_teacher_commands"]
