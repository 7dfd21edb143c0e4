"""What the teacher's tools cost: a logged check, collecting a class, printing a class's sheets.

Run: ``.venv/bin/python benchmarks/teacher.py [--seeds 30] [--students 30]``

Prints:

- ``check()`` without a student and with one (the results log: one append, fsync), median and
  99th percentile in ms over 200 checks;
- ``collect`` of a simulated class (each student answering every Bluff question twice) and
  writing the three CSV files;
- ``bluffkit handout bluff --seeds 1-N``: building the HTML pages, then printing them with
  headless Chromium (1 and 2 at a time), seconds in all and per sheet.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import options

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bluffkit.exercises import load  # noqa: E402
from bluffkit.teacher.collect import collect  # noqa: E402
from bluffkit.teacher.export import write_all  # noqa: E402
from bluffkit.teacher.gradebook import build  # noqa: E402
from bluffkit.teacher.handout import key_html, sheet_html, write_handouts  # noqa: E402


def ms(samples: list[float]) -> str:
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(0.99 * len(samples)))]
    return f"median {1000 * statistics.median(samples):.2f} ms, p99 {1000 * p99:.2f} ms"


def time_checks(folder: Path, student: str | None, n: int = 200) -> list[float]:
    ws = load("bluff", seed=5, student=student, folder=folder)
    out = []
    for i in range(n):
        t = time.perf_counter()
        ws.q5.check(f"{i}/1000")
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    args = options(__doc__, seeds=30, students=30)
    os.environ["BLUFFKIT_COURSE_KEY"] = "benchmark key"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        print(f"check() without a student: {ms(time_checks(root, None))}")
        print(f"check() with the results log: {ms(time_checks(root, 'ada'))}")

        t = time.perf_counter()
        for i in range(args.students):
            ws = load("bluff", seed=i, student=f"s{i}", folder=root / "class" / f"s{i}")
            for q in ws:
                q.check("1/1000")
                q.check(q.expected())
        made = time.perf_counter() - t
        t = time.perf_counter()
        found = collect([root / "class"], b"benchmark key")
        write_all(found, build(found), root / "grades.csv")
        print(f"collect: {len(found.records)} answers of {len(found.students)} students in "
              f"{time.perf_counter() - t:.2f} s (making them took {made:.1f} s)")

        seeds = list(range(1, args.seeds + 1))
        t = time.perf_counter()
        for s in seeds:
            sheet_html("bluff", s)
        key_html("bluff", seeds)
        print(f"handout HTML for {len(seeds)} seeds and the key: {time.perf_counter() - t:.1f} s")
        for workers in (1, 2):
            written, seconds = write_handouts("bluff", seeds, root / f"pdf{workers}",
                                              workers=workers)
            size = sum(p.stat().st_size for p in written) / 1e6
            print(f"handout, {workers} Chromium at a time: {len(written)} PDFs ({size:.1f} MB) in "
                  f"{seconds:.1f} s, {seconds / len(written):.2f} s per PDF")


if __name__ == "__main__":
    main()
