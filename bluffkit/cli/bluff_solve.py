"""``bluffkit solve bluff``: equilibrium of two-player Bluff rounds by CFR, and the match."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ..core.i18n import _, num
from ..core.text import shorten
from ..solvers.bluff.tree import RULESETS, default_path, solve_match, solve_round
from .common import CliError, ints, print_json, table
from .options import real_number


def register(commands) -> None:
    p = commands["solve"].add_parser(
        "bluff", help=_("equilibrium of a two-player Bluff round (CFR) and the match-win table"),
        description=_("Solve the round where the opener holds X dice and the other Y (at most 3 "
                      "dice in play), by discounted CFR to a target exploitability; the smaller "
                      "positions are solved first (backward induction) and give the round's "
                      "payoffs. The strategy is saved where the advice and notebooks find it. With"
                      " more dice (up to 5 each) it prints the match table of the strategies "
                      "shipped with bluffkit, solved with players who remember the last few bids, "
                      "and where they are."))
    p.add_argument("--dice", default="1,1", help=_("X,Y: the opener's dice and the other's"))
    p.add_argument("--target", type=real_number, default=1e-3, help=_("exploitability to reach"))
    p.add_argument("--ruleset", choices=RULESETS, default="bluff",
                   help=_("bluff (the board) or openspiel (OpenSpiel's liars_dice, 1,1 only)"))
    p.add_argument("--max-seconds", type=real_number, default=MAX_SECONDS,
                   help=_("stop after this long and say what was reached (default {max_seconds:g})",
                          max_seconds=MAX_SECONDS))
    p.add_argument("--out", help=_("file for the strategy, .npz (default: the bluffkit cache)"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=_solve)


SOLVED_HERE = 3
"""Rounds with at most this many dice in play are solved by the command (perfect recall, CFR);
larger ones are read from the strategies shipped with bluffkit (imperfect recall)."""

MAX_SECONDS = 600.0
"""Default time limit of a solve (the exploitability reached is printed when it stops)."""

MIN_TARGET = 1e-9
"""CFR in floating point cannot certify an exploitability below this."""


def _check_limits(target: float, max_seconds: float) -> None:
    """Ranges first: a target CFR can reach, and a finite time limit."""
    if not MIN_TARGET <= target < 1:  # also refuses nan and inf
        raise CliError(_("--target must be an exploitability from {low} (the precision of "
                         "floating point) to below 1, got {target}", low=num(MIN_TARGET, "g"),
                         target=num(target, "g")))
    if not 0 < max_seconds <= 86_400:
        raise CliError(_("--max-seconds must be more than 0 and at most 86400 (a day), got "
                         "{seconds}", seconds=num(max_seconds, "g")))
    if target < 1e-4:
        print(_("Note: an exploitability of {target} can take from minutes to hours; the solve "
                "stops after {seconds} s and says what it reached.", target=num(target, "g"),
                seconds=num(max_seconds, "g")), file=sys.stderr)


def _out_path(text: str | None, x: int, y: int, ruleset: str) -> Path:
    """The file that will really be written (numpy adds ``.npz``), checked to be writable
    before the solve starts."""
    if text is None:
        out = default_path(x, y, ruleset)
    else:
        if not text.strip() or Path(text).name in ("", ".", ".."):
            raise CliError(_("--out needs a file name, got {text}", text=repr(text)))
        out = Path(text).expanduser()
        if out.suffix != ".npz":
            out = out.with_name(out.name + ".npz")
    _writable(out, "--out" if text is not None else _("the bluffkit cache"))
    return out


def _writable(path: Path, what: str) -> None:
    try:
        existed = path.exists()
        if path.is_dir():
            raise IsADirectoryError(21, _("it is a folder"))
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
    except OSError as e:
        reason = e.strerror or str(e)
        raise CliError(_("{what}: cannot write {path} ({reason})", what=what,
                         path=shorten(str(path), 120), reason=reason)) from None
    if not existed:
        path.unlink()


class Progress:
    """A progress line on stderr: a bar on a terminal, a line now and then otherwise."""

    def __init__(self, target: float):
        self.target, self.tty, self.last = target, sys.stderr.isatty(), 0.0

    def __call__(self, position, iteration, seconds, expl):
        import math

        done = min(1.0, math.log(max(expl, 1e-12) / 1.0) / math.log(self.target)) if expl else 1
        bar = "#" * int(30 * max(done, 0)) + "." * (30 - int(30 * max(done, 0)))
        line = _("round {x}v{y} [{bar}] iteration {i}  exploitability {e}  {s}s",
                 x=position[0], y=position[1], bar=bar, i=f"{iteration:5d}",
                 e=num(expl, ".5f"), s=num(seconds, "6.1f"))
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
        elif seconds - self.last >= 10 or expl <= self.target:
            print(line, file=sys.stderr, flush=True)
            self.last = seconds

    def close(self):
        if self.tty:
            print(file=sys.stderr)


def _solve(args) -> int:
    dice = ints(args.dice, "--dice")
    if len(dice) != 2 or not all(1 <= d <= 5 for d in dice):
        raise CliError(_("--dice takes X,Y with 1-5 dice each, got {dice}", dice=repr(args.dice)))
    _check_limits(args.target, args.max_seconds)
    x, y = dice
    if x + y > SOLVED_HERE and args.ruleset == "bluff":
        return _shipped(x, y, args.json)
    if args.ruleset == "openspiel" and (x, y) != (1, 1):
        raise CliError(_("--ruleset openspiel is OpenSpiel's liars_dice: --dice 1,1 only"))
    out = _out_path(args.out, x, y, args.ruleset)
    progress = Progress(args.target)
    start = time.perf_counter()
    if args.ruleset == "openspiel":
        rounds = {(1, 1): solve_round(1, 1, ruleset="openspiel", target=args.target,
                                      progress=lambda *a: progress((1, 1), *a),
                                      max_seconds=args.max_seconds)}
        win = None
    else:
        match = solve_match((x, y), args.target, progress=progress,
                            max_seconds=args.max_seconds)
        rounds, win = match.rounds, match.win
    progress.close()
    solved = rounds[(x, y)]
    cache = _("the bluffkit cache")
    _save(solved, out, "--out" if args.out else cache)
    for (a, b), other in rounds.items():  # the smaller rounds too, for the advice's match table
        if (a, b) != (x, y):
            path = default_path(a, b, args.ruleset)
            _writable(path, cache)
            _save(other, path, cache)
    reached = all(r.exploitability <= args.target for r in rounds.values())
    opening = {solved.tree.private_labels[0][k]: {a: round(p, 4) for a, p in
                                                  zip(*_row(solved, k)) if p >= 5e-3}
               for k in range(solved.tree.n_private[0])}
    result = {
        "dice": [x, y], "ruleset": args.ruleset, "approximate": True,
        "note": "CFR gives an approximate equilibrium: every number is a float within the "
                "stated exploitability of the exact game value",
        "value_to_opener": solved.value, "exploitability": solved.exploitability,
        "iterations": solved.iterations, "seconds": round(time.perf_counter() - start, 2),
        "target": args.target, "target_reached": reached, "max_seconds": args.max_seconds,
        "file": str(out), "opening_bids": opening,
        "smaller_rounds_saved_to": str(default_path(1, 1, args.ruleset).parent),
        "match": None if win is None else [
            {"opener_dice": a, "other_dice": b, "p_opener_wins": w,
             "exploitability": rounds[(a, b)].exploitability} for (a, b), w in sorted(win.items())],
    }
    if args.json:
        print_json(result)
        return 0
    print(_("Round {x} v {y} ({rules}): value to the opener {value} (exploitability {e}, "
            "{n} iterations, {s} s). Strategy saved to {out}.", x=x, y=y, rules=args.ruleset,
            value=num(solved.value, "+.4f"), e=num(solved.exploitability, ".5f"),
            n=solved.iterations, s=num(result["seconds"], "g"), out=out))
    if not reached:
        print(_("Stopped at the time limit of {s} s, above the target exploitability {target}: "
                "the numbers below are that close to an equilibrium. Run again with a larger "
                "--max-seconds to go further.", s=num(args.max_seconds, "g"),
                target=num(args.target, "g")))
    print("\n" + _("Opening bids (the opener's equilibrium frequencies by roll, rounded):"))
    print(table([_("roll"), _("bids")],
                [(roll, ", ".join(f"{_said(a)} {num(p, '.0%')}" for a, p in bids.items()))
                 for roll, bids in opening.items()]))
    if win is not None:
        print("\n" + _("Match: probability that the opener wins from each position"))
        print(table([_("opener dice"), _("other dice"), _("P(opener wins)"),
                     _("exploitability")],
                    [(m["opener_dice"], m["other_dice"], num(m["p_opener_wins"], ".4f"),
                      num(m["exploitability"], ".5f")) for m in result["match"]]))
    return 0


def _save(solved, path: Path, what: str) -> None:
    try:
        solved.save(path)
    except OSError as e:
        raise CliError(_("{what}: cannot write {path} ({reason})", what=what,
                         path=shorten(str(path), 120), reason=e.strerror or e)) from None


def _said(action: str) -> str:
    return _("challenge") if action == "challenge" else action


def _row(solved, k):
    labels, table_ = solved.strategy_table([])
    return labels, table_[k]


def _shipped(x: int, y: int, as_json: bool) -> int:
    """The match table and the figures of the shipped strategies, up to ``x`` and ``y`` dice."""
    from ..advice.bluff.strategy import DATA, load_strategy, match_table

    if not DATA.exists():
        raise CliError(_("the solved strategies are missing from this installation ({path}); "
                         "they ship in bluffkit's wheel: install it again with pip install "
                         "--force-reinstall and the wheel's file", path=DATA))
    win = match_table()
    top = max(x, y)
    rounds = []
    for a in range(1, top + 1):
        for b in range(1, top + 1):
            f = load_strategy(a, b).figures
            rounds.append({"opener_dice": a, "other_dice": b, "k": f.k,
                           "iterations": f.iterations, "value_to_opener": f.value,
                           "p_opener_wins": win[(a, b)], "exploitability": f.exploitability,
                           "abstract_exploitability": f.abstract_exploitability,
                           "exploitability_measured": f.measured})
    match = [{"my_dice": a, "your_dice": b, "p_win_opening": win[(a, b)],
              "p_win_second": 1 - win[(b, a)]}
             for a in range(1, x + 1) for b in range(1, y + 1)]
    result = {"dice": [x, y], "ruleset": "bluff", "approximate": True,
              "concept": load_strategy(1, 1).figures.concept,
              "note": "information set: my dice, both dice counts, whether I opened the round "
                      "and the last k bids; exploitability in round payoff units (+1 win, "
                      "-1 loss), the mean of both players' best-response gains",
              "file": str(DATA), "file_bytes": DATA.stat().st_size,
              "load": "bluffkit.advice.bluff.strategy.load_strategy(opener_dice, other_dice)",
              "match": match, "rounds": rounds}
    if as_json:
        print_json(result)
        return 0
    print(_("Two-player Bluff, {x} against {y} dice: the strategies shipped with bluffkit "
            "({path}, {size} MB; in Python: {code}).", x=x, y=y, path=DATA,
            size=num(DATA.stat().st_size / 1e6, ".1f"),
            code="bluffkit.advice.bluff.strategy.load_strategy(opener_dice, other_dice)"))
    print(_("They are approximate equilibria of rounds where a player remembers their dice, both "
            "dice counts, whether they opened and only the last k bids."))
    print("\n" + _("Match: probability that I win the match holding A dice against B"))
    print(table([_("my dice"), _("your dice"), _("P(win) opening"), _("P(win) second")],
                [(m["my_dice"], m["your_dice"], num(m["p_win_opening"], ".4f"),
                  num(m["p_win_second"], ".4f")) for m in match]))
    print("\n" + _("Rounds (opener dice v other dice): bids remembered, exploitability in the "
                   "real round where it can be measured, else within the abstraction"))
    print(table([_("round"), "k", _("iterations"), _("P(opener wins)"), _("exploitability")],
                [(f"{r['opener_dice']} v {r['other_dice']}", r["k"], r["iterations"],
                  num(r["p_opener_wins"], ".4f"),
                  _("{e} (real)", e=num(r["exploitability"], ".4f"))
                  if r["exploitability"] is not None
                  else _("{e} (abstraction)", e=num(r["abstract_exploitability"], ".4f")))
                 for r in rounds]))
    return 0
