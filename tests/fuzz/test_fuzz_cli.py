"""Fuzz: at least 500 hostile command lines, each run in-process through ``bluffkit.cli.main``
with captured output (a few as real subprocesses): no traceback, a clear reply (status 0, or 2
with one line ``bluffkit: error: ...``), under 2 s each (issue 12, "Done when").

Commands that may rightly run long (the largest valid ``--samples``, ``--points``, ``--rounds``,
``--max-seconds``, the largest tables) run in a forked copy of this process: the rule is "no
call unresponsive over 2 s", so their first output (a result, an error naming the limit, or
the estimated time and a progress bar) must come within 2 s; then the copy is stopped."""

from __future__ import annotations

import contextlib
import io
import os
import select
import signal
import subprocess
import sys
import time

import numpy as np

from bluffkit.cli import main

SEED = 2026
BIG = "1" * 5000

INT_VALUES = [BIG, "9" * 4400, "9" * 31, "1000000000", "-1000000000", "-1", "0", "nan", "1e9",
              "", " ", "٣", "0x10", "2.5", "+7", "999999999999999999999", "--json"]
TEXT_VALUES = [BIG, BIG + "x3", "9" * 31 + ",1", ",,,", "", " ", "x" * 300, "-1", "0",
               "<script>alert(1)</script>", "١,٢", "*", ",".join(["1"] * 2000), "1e999",
               "nan", "None", "__import__('os')", "$x$", "%s%d", "\x00", "11,99", "-5,0,0",
               "99", "0:0:0", "1/0", ":" * 50, "²,³"]

BASE = {
    ("odds", "bluff"): ["--dice", "20", "--bid", "7x3", "--mine", "3,3,*", "--exposed", "2",
                        "--reroll", "3"],
    ("odds", "bluff-you"): ["--centre", "3,4,17,18", "--announce", "17", "--q", "1/2"],
    ("odds", "poker-dice"): ["--mine", "9,K,K", "--common", "A,K,10", "--opponents", "2",
                             "--colours", "black,red,blue,green,red,black"],
    ("odds", "bungee"): ["--hand", "2,9,9,10", "--discard", "4,7", "--lucky", "8", "--draws",
                         "3", "--good", "<=2"],
    ("advise", "bluff"): ["--players", "4", "--mine", "3,3,*,1,2", "--bid", "7x3", "--me", "0",
                          "--bidder", "3", "--held", "5,5,5,5", "--exposed", "1:2"],
    ("advise", "bluff-you"): ["--players", "3", "--held", "0:8,13", "--held", "1:5", "--roll",
                              "2,2,5", "--bluffer", "0", "--centre", "3,4,17,18"],
    ("advise", "poker-dice"): ["--mine", "9,K,K", "--common", "A,K,10", "--pot", "12",
                               "--to-call", "3", "--stack", "20", "--opponents", "1"],
    ("advise", "jungle-bluff"): ["--players", "4", "--me", "2", "--first", "0", "--strength",
                                 "8", "--centre", "2,4", "--held", "0:10", "--held", "1:6",
                                 "--belief", "0:3,5,9", "--later", "3", "--later-challenge",
                                 "1/2", "--special", "alpha"],
    ("advise", "bungee"): ["--hand", "1,2,8", "--discard", "4,7", "--lucky", "8", "--players",
                           "3", "--samples", "5", "--seed", "1", "--sizes", "5,5"],
    ("solve", "bluff-you"): ["--centre", "3,4,17,18", "--target", "1:5,9", "--give-points", "2"],
    ("solve", "jungle-bluff"): ["--hands", "1,9", "5,10", "--centre", "4", "--first", "0"],
    ("solve", "bluff"): ["--dice", "1,1", "--target", "0.9", "--max-seconds", "1"],
    ("play", "bluff"): ["--bots", "1", "--seed", "1", "--dice", "1"],
    ("play", "bluff-you"): ["--players", "2", "--seed", "1", "--tokens", "3,4,17,18"],
    ("play", "poker-dice"): ["--bots", "1", "--seed", "1", "--points", "4"],
    ("play", "jungle-bluff"): ["--bots", "1", "--seed", "1", "--cards", "4"],
    ("play", "bungee"): ["--bots", "1", "--seed", "1", "--rounds", "1"],
}
"""A correct call of every command; the fuzz replaces one option's value at a time."""

INT_OPTIONS = {"--dice", "--announce", "--opponents", "--draws", "--players", "--me",
               "--bidder", "--bluffer", "--pot", "--to-call", "--stack", "--first",
               "--samples", "--seed", "--give-points", "--bots", "--points", "--cards",
               "--rounds"}
FLOAT_VALUES = ["1e-300", "0", "1", "nan", "inf", "-1", BIG, "1e999", "1e-999", "-inf"]

MOVES = [BIG + "x3", "9" * 4400, "raise " + BIG, "bet 999999999999", "take " + BIG, "play ³",
         "challenge 99", "gain 99 to P9", "x" * 300, "<b>", "", "advice", "1x9", "show 9,9",
         "give " + BIG, "first player " + BIG, "doublet 8,13 for " + BIG, "take, play 99"]

EXTRA = [
    ["odds"], ["advise", "nogame"], ["play", "bluff", "--bots"], ["--help"], [BIG], ["solve"],
    ["odds", "bluff", "--dice", "20", "--bid", "7x3", "--nope"], ["odds", "bluff", "--dice"],
    ["play", "poker-dice", "--points", "1000000000", "--auto", "--bots", "3"],
    ["play", "bungee", "--auto", "--rounds", "1000000000"],
    ["advise", "bluff", "--players", "1000000000", "--mine", "3"],
    ["solve", "bluff", "--target", "1e-300", "--dice", "1,1"],
    ["solve", "bluff", "--max-seconds", "1e999"], ["solve", "bluff", "--max-seconds", "nan"],
]


def cli_calls(rng: np.random.Generator, tmp) -> list[tuple[list[str], str]]:
    """(argv, stdin) pairs: each option of each command given hostile values, the games fed
    hostile moves, the file commands pointed at hostile places, and a few known offenders."""
    calls = []
    for (command, game), base in BASE.items():
        stdin = "quit\n" if command == "play" else ""
        tail = ["--out", str(tmp / "solved")] if (command, game) == ("solve", "bluff") else []
        for i in (i for i, a in enumerate(base) if a.startswith("--")):
            values = (INT_VALUES if base[i] in INT_OPTIONS else
                      FLOAT_VALUES if base[i] in ("--max-seconds",) or game == "bluff"
                      and base[i] == "--target" else TEXT_VALUES)
            for v in rng.choice(values, size=min(len(values), 9), replace=False):
                argv = [command, game, *base[:i + 1], str(v), *base[i + 2:], *tail]
                calls.append((argv, stdin))
        if command == "play":
            for _ in range(6):
                moves = [*rng.choice(MOVES, size=5, replace=False), "quit"]
                calls.append(([command, game, *base], "\n".join(moves) + "\n"))
    (tmp / "afile").write_text("x")
    for dest in (tmp / "afile", tmp / "afile" / "sub", "/proc/bluffkit-nope", "", "x" * 5000,
                 tmp / ("y" * 300) / "z", "/dev/null/x"):
        calls.append((["notebooks", str(dest)], ""))
    for out in ("/proc/nope/x", tmp / "afile" / "x", "", "x" * 5000, tmp):
        calls.append((["solve", "bluff", "--out", str(out), "--target", "0.9"], ""))
    calls += [(argv, "") for argv in EXTRA]
    return calls


def run_cli(argv: list[str], stdin: str) -> tuple[int, str, str]:
    """``main(argv)`` with ``stdin`` typed and its output captured."""
    out, err = io.StringIO(), io.StringIO()
    old, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def clear_reply(result) -> bool:
    """Status 0, or status 2 with exactly one short line ``bluffkit: error: ...``; never a
    Python traceback, an exception name or a 5,000-character echo."""
    code, out, err = result
    if "Traceback" in out + err or "1" * 300 in out + err:
        return False
    errors = [line for line in err.splitlines() if line.startswith("bluffkit: error: ")]
    return code == 0 or (code == 2 and len(errors) == 1 and len(errors[0]) < 1200
                         and "Error:" not in errors[0])


def test_hostile_command_lines(tally, tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)  # anything written by mistake lands here
    for (command, game), base in BASE.items():  # each command's imports, not timed
        run_cli([command, game, *base], "quit\n")
    calls = cli_calls(np.random.default_rng(SEED), tmp_path)
    for argv, stdin in calls:
        tally.run(argv, lambda a=argv, s=stdin: run_cli(a, s), clear_reply)
    tally.check(at_least=500)


SUBPROCESS_CALLS = [
    (["play", "bluff", "--bots", "1", "--seed", "1"], "1" * 5000 + "x3\nquit\n"),
    (["advise", "bluff", "--players", "1000000000", "--mine", "3"], ""),
    (["play", "poker-dice", "--points", "1000000000", "--auto"], ""),
    (["solve", "bluff", "--target", "1e-300"], ""),
    (["odds", "bluff", "--dice", "9" * 4400, "--bid", "7x3"], ""),
]


RUN = "import sys; from bluffkit.cli import main; sys.exit(main())"


def test_hostile_command_lines_as_real_processes(tally, tmp_path):
    """The issue's reproducers as a user runs them (a process each, Python's start included:
    the limit here is the hard stop, the 2 s is for the command's own work above)."""
    for argv, stdin in SUBPROCESS_CALLS:
        def call(argv=argv, stdin=stdin):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", RUN, *argv], input=stdin,
                                  capture_output=True, text=True, timeout=30, cwd=tmp_path)
            return done.returncode, done.stdout, done.stderr, time.perf_counter() - start

        def clear(result):
            code, out, err, _ = result
            return clear_reply((code, out, err))

        tally.run(argv, call, clear)
    print(tally.summary())
    assert tally.calls == len(SUBPROCESS_CALLS)
    assert not tally.tracebacks and not tally.unclear, (tally.tracebacks, tally.unclear)


BUNGEE_ADVICE = ["advise", "bungee", "--hand", "1,2,8", "--discard", "4,7", "--lucky", "8"]
LONG_CALLS = [
    *([*BUNGEE_ADVICE, "--players", str(n), "--samples", str(k)]
      for n in (2, 5) for k in (20_000, 2_000, 499, 150)),
    [*BUNGEE_ADVICE, "--players", "5", "--samples", "20000", "--last-lap", "--json"],
    [*BUNGEE_ADVICE, "--players", "5", "--sizes", "1,5,5,5", "--samples", "20000"],
    ["play", "poker-dice", "--points", "10000", "--auto", "--bots", "3", "--seed", "1"],
    ["play", "poker-dice", "--points", "10000", "--auto", "--bots", "1", "--json"],
    ["play", "bungee", "--auto", "--rounds", "100", "--bots", "4", "--seed", "2"],
    ["play", "bungee", "--auto", "--rounds", "100", "--bots", "4", "--bot", "advice"],
    ["play", "bungee", "--auto", "--rounds", "100", "--bots", "1", "--json"],
    ["solve", "bluff", "--dice", "2,2", "--target", "1e-9", "--max-seconds", "86400"],
    ["solve", "bluff", "--dice", "3,1", "--target", "1e-5", "--max-seconds", "86400"],
    ["solve", "bluff", "--dice", "1,1", "--ruleset", "openspiel", "--target", "1e-9"],
    ["solve", "jungle-bluff", "--hands", "1,2,3,4,5,6,7,8,9,10", "1,2,3,4,5,6,7,8,9,10",
     "--centre", "1,2,3,4,5", "--first", "1"],
    ["advise", "bluff", "--players", "6", "--mine", "3,3,3,3,3", "--bid", "25x3", "--held",
     "5,5,5,5,5,5"],
    ["advise", "jungle-bluff", "--players", "6", "--me", "5", "--first", "0", "--strength",
     "10", "--centre", "1,2,3,4,5"],
    ["odds", "bluff", "--dice", "30", "--bid", "29x1", "--mine", "1,1,*"],
]
"""The largest values the commands accept, each a call that may rightly run long."""

FIRST_OUTPUT = 2.0
"""CPU seconds within which a long call says something (the fuzz's limit for every call)."""

WARM_UP = [[*BUNGEE_ADVICE, "--samples", "1"], ["solve", "bluff", "--target", "0.9"],
           ["solve", "jungle-bluff", *BASE["solve", "jungle-bluff"]],
           ["advise", "jungle-bluff", *BASE["advise", "jungle-bluff"]],
           ["play", "poker-dice", "--auto", "--points", "2", "--bots", "1", "--seed", "1"],
           ["play", "bungee", "--auto", "--rounds", "1", "--bots", "1", "--seed", "1"]]
"""Calls that import what the long calls need: the first output's time is the command's own
work, as for the other command lines (a new process adds Python's start and its imports)."""


def first_output(argv: list[str], wait: float, more: float = 0.3
                 ) -> tuple[float | None, int | None, str]:
    """Run ``main(argv)`` in a forked copy of this process (its output on a pipe), wait up to
    ``wait`` seconds for its first output and read on for ``more`` seconds; then stop it.
    Returns the CPU seconds the copy spent before its first output (None if none came; the
    clock's seconds where /proc is missing: a loaded machine stretches those), the status if it
    ended by itself, and the output read."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: its stdout and stderr go to the pipe, unbuffered
        code = 70
        try:
            os.close(r)
            os.dup2(w, 1)
            os.dup2(w, 2)
            sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", 0), write_through=True)
            sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", 0), write_through=True)
            sys.stdin = io.StringIO("quit\n")
            code = main(argv)
        except BaseException as e:  # noqa: BLE001 - shown as a traceback would be
            print(f"Traceback: {type(e).__name__}: {e}", file=sys.stderr)
        finally:
            os._exit(code if isinstance(code, int) else 70)
    os.close(w)
    start = time.perf_counter()
    took, out = None, b""
    try:
        if select.select([r], [], [], wait)[0]:
            took = _cpu_seconds(pid, time.perf_counter() - start)
            end = start + took + more
            while time.perf_counter() < end and select.select([r], [], [], max(
                    0.0, end - time.perf_counter()))[0]:
                chunk = os.read(r, 1 << 16)
                if not chunk:
                    break
                out += chunk
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(r)
    code = os.waitstatus_to_exitcode(status)
    return took, (None if code == -signal.SIGKILL else code), out.decode(errors="replace")


def _cpu_seconds(pid: int, otherwise: float) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux's /proc), else ``otherwise``."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return otherwise
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def responsive(result) -> bool:
    """A first output that is a result, an error naming a limit, or a progress line: never a
    traceback."""
    took, code, out = result
    errors = [line for line in out.splitlines() if line.startswith("bluffkit: error: ")]
    return (took is not None and "Traceback" not in out and code in (None, 0, 2)
            and (code != 2 or len(errors) == 1))


def test_long_calls_answer_at_once(tally, tmp_path, monkeypatch):
    """The largest valid values: the first output within 2 CPU s, then the call is stopped."""
    monkeypatch.setenv("BLUFFKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    for argv in WARM_UP:
        run_cli(argv, "quit\n")
    for argv in LONG_CALLS:
        result = first_output(argv, wait=10.0)  # the fuzz hard stop, by the clock
        took = result[0]
        tally.add(argv, FIRST_OUTPUT * 1.5 if took is None else took, None, responsive(result))
    tally.check(at_least=len(LONG_CALLS))
