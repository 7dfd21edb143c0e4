"""``bluffkit odds poker-dice``, ``bluffkit advise poker-dice`` and ``bluffkit play poker-dice``.

Examples::

    bluffkit odds poker-dice --mine 9,K,K --common A,K,10 --opponents 2
    bluffkit odds poker-dice --json                 # categories of 5 dice and of the best 5 of 6
    bluffkit advise poker-dice --mine 9,K,K --common A,K,10 --opponents 1 --pot 12 --to-call 3
    bluffkit advise poker-dice --mine 9,K,K --opponents 3          # ante or pass?
    bluffkit play poker-dice --bots 2 --seed 1
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from ..advice.poker_dice import Advice, Position, advise, advise_observation
from ..bots.poker_dice import BOTS
from ..core import make_rng
from ..core.i18n import _, _l, _n, num
from ..games.poker_dice import (
    TIE_BREAKS,
    Category,
    PokerDiceRules,
    PokerDiceState,
    best_hand,
    call_words,
    dice_text,
    say_move,
)
from ..odds.poker_dice import category_counts, equity, read_dice
from .common import CliError, command, fraction_text, print_advice, print_json, run_with, table
from .options import about, seed_number, whole_number
from .terminal import ADVICE_WORDS, ask_move, check_bots, echo_text, help_and_advice, play_loop


def register(commands) -> None:
    p = command(commands, "odds", "poker-dice", _("exact hand categories and equity in poker dice"),
                _("Hand categories (best 5 of 6 dice) and the exact chances to win, tie and "
                  "lose against unknown random hands."))
    p.add_argument("--mine", default="", help=_("my peeker's 3 dice, e.g. 9,K,K"))
    p.add_argument("--common", default="", help=_("the 3 common dice, e.g. A,K,10"))
    p.add_argument("--opponents", type=whole_number, default=None,
                   help=_("opponents in the hand (1-3, default 1), for the equity of --mine"))
    _rules_options(p)
    run_with(p, odds_command)

    a = command(commands, "advise", "poker-dice", _("ante, fold, call or raise? with the numbers"),
                _("Without --common: ante or pass. With --common: fold, call, bet or raise, "
                  "equity against the pot odds."))
    a.add_argument("--mine", required=True, help=_("my peeker's 3 dice, e.g. 9,K,K"))
    a.add_argument("--common", default="", help=_("the 3 common dice (none: ante or pass)"))
    a.add_argument("--opponents", type=whole_number, default=1,
                   help=_("other players in the hand, or still to ante (0-3)"))
    a.add_argument("--pot", type=whole_number, default=None,
                   help=_("points in the middle, everyone's, with --common (default: one ante a "
                          "player)"))
    a.add_argument("--to-call", type=whole_number, default=None,
                   help=_("points I must add, with --common (0: first bet)"))
    a.add_argument("--stack", type=whole_number, default=None, help=_("points I have left"))
    _rules_options(a)
    run_with(a, advise_command)

    g = command(commands, "play", "poker-dice", _("play poker dice against bots"),
                _("Play poker dice in the terminal against bots."))
    g.add_argument("--bots", type=whole_number, default=1, help=_("number of bots (1-3)"))
    g.add_argument("--bot", choices=sorted(BOTS), default="advice", help=_("the bots' strategy"))
    g.add_argument("--points", type=whole_number, default=None,
                   help=_("starting points (192 / players)"))
    g.add_argument("--seed", type=seed_number, default=None,
                   help=_("seed for the dice and the bots"))
    g.add_argument("--auto", action="store_true", help=_("bots in every seat (watch a game)"))
    run_with(g, play_command,
             _("print the game's public record as JSON at the end (prompts on stderr)"))


def _rules_options(p) -> None:
    p.add_argument("--tie-break", choices=TIE_BREAKS, default="faces",
                   help=_("ties within a category: compare faces, or categories only"))
    p.add_argument("--colours", default=None,
                   help=_("colours of 9,10,J,Q,K,A for the flush, e.g. "
                          "black,red,blue,green,red,black (the default)"))


def _rules(args, **more) -> PokerDiceRules:
    colours = tuple(c.strip() for c in args.colours.split(",")) if args.colours else None
    options = {"tie_break": args.tie_break, **more}
    if colours:
        options["colours"] = colours
    return PokerDiceRules(**options)


# -- odds ---------------------------------------------------------------------------------------
def odds_command(args: argparse.Namespace) -> int:
    rules = _rules(args)
    mine = read_dice(args.mine, "--mine", (0, 3))
    common = read_dice(args.common, "--common", (0, 3))
    if args.opponents is not None and not mine:
        raise CliError(_("--opponents is for the equity of your hand against them: give --mine "
                         "too (without it the table shows the hand categories only)"))
    opponents = 1 if args.opponents is None else args.opponents
    out: dict = {}
    if not mine and not common:
        out["five_dice"] = _categories((), 5, rules)
    out["hand"] = _categories(mine + common, 6, rules)
    if len(mine + common) == 6:
        out["best"] = str(best_hand(mine + common, rules.colours, rules.tie_break))
    if mine:
        out["equity"] = equity(mine, common, opponents, rules).to_json()
    if args.json:
        print_json(out)
        return 0
    if "five_dice" in out:
        print(_("Five dice rolled at once ({n} equally likely rolls):", n=num(7776, ",")))
        print(_category_table(out["five_dice"]))
        print()
    known = ", ".join(x for x in (_("mine {dice}", dice=dice_text(mine)) if mine else "",
                                  _("common {dice}", dice=dice_text(common)) if common else "")
                      if x)
    if "best" in out:
        best = best_hand(mine + common, rules.colours, rules.tie_break)
        print(_("Your hand ({known}): {hand}", known=known, hand=best.words))
    else:
        rolls = num(out["hand"]["total"], ",")
        print(_("Best 5 of 6 dice given {known} ({rolls} equally likely rolls of the unknown "
                "dice):", known=known, rolls=rolls) if known else
              _("Best 5 of 6 dice ({rolls} equally likely rolls of the unknown dice):",
                rolls=rolls))
        print(_category_table(out["hand"]))
    if mine:
        e = out["equity"]
        print()
        rolls = num(e["total"], ",")
        print(_n("Against {n} unknown random hand (after the common roll; {rolls} equally likely "
                 "rolls):", "Against {n} unknown random hands (after the common roll; {rolls} "
                 "equally likely rolls):", opponents, rolls=rolls) if common else
              _n("Against {n} unknown random hand (before the common roll; {rolls} equally "
                 "likely rolls):", "Against {n} unknown random hands (before the common roll; "
                 "{rolls} equally likely rolls):", opponents, rolls=rolls))
        print(table(["", _("count"), _("exact"), ""], [
            [_("win"), num(e["win"], ","), *_split(e["p_win"])],
            [_("tie"), num(e["tie"], ","), *_split(e["p_tie"])],
            [_("lose"), num(e["lose"], ","), *_split(e["p_lose"])],
            [_("equity (ties split)"), "", *_split(e["equity"])]]))
    return 0


def _categories(known, dice: int, rules) -> dict:
    counts = category_counts(known, dice, rules)
    total = sum(counts.values())
    return {"total": total, "categories": {
        str(c): {"count": n, "p": Fraction(n, total)} for c, n in counts.items()}}


def _category_table(data: dict) -> str:
    words = {str(c): c.words for c in Category}
    rows = [[words.get(name, name), num(d["count"], ","), *_split(d["p"])]
            for name, d in reversed(data["categories"].items())]
    return table([_("category (high to low)"), _("count"), "P", ""], rows)


def _split(p) -> list[str]:
    return [str(p), num(float(p), ".4f")]


# -- advise -------------------------------------------------------------------------------------
def advise_command(args: argparse.Namespace) -> int:
    rules = _rules(args)
    common = read_dice(args.common, "--common", (0, 3))
    if not common and (args.pot is not None or args.to_call is not None):
        raise CliError(_("--pot and --to-call are for the betting after the common roll (give "
                         "--common); before it the question is only ante or pass"))
    pot = args.pot if args.pot is not None else (args.opponents + 1 if common else 0)
    with about("--pot", "--to-call", "--stack"):
        advice = advise(Position(args.mine, common, args.opponents, pot, args.to_call or 0,
                                 args.stack, rules=rules))
    return print_advice(advice, args.json, advice_table)


def advice_table(advice: Advice) -> str:
    rows = [[say_move(str(o.action)), fraction_text(o.value), o.note,
             _("<- best") if o.action == advice.action else ""] for o in advice.options]
    return table([_("choice"), _("average gain (points)"), _("assuming"), ""], rows)


# -- play ---------------------------------------------------------------------------------------
HELP = _l("Type 'ante' or 'pass'; after the common roll 'fold', 'bet N', 'call', 'raise N' "
          "(call and add N more) or 'raise to N' (your total this round becomes N points, the "
          "ante included); 'advice' for the numbers, 'best' to play the advice, 'quit' to stop.")


def play_command(args: argparse.Namespace) -> int:
    check_bots(args.bots, 3)
    _check_points(args.points)
    rules = PokerDiceRules(players=args.bots + 1, starting_points=args.points)
    rng = make_rng(args.seed)
    bot = BOTS[args.bot]()
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    record: list = []
    human = None if args.auto else 0
    say(_("Poker dice: bots only, {n} players with {points} points each.", n=args.bots + 1,
          points=rules.start_stacks()[0]) if human is None else
        _("Poker dice: you are player 0, {n} players with {points} points each.",
          n=args.bots + 1, points=rules.start_stacks()[0]) + f" {HELP}")

    def on_move(before: PokerDiceState, _player, action, after: PokerDiceState) -> None:
        for line in _public(before, action, after, human):
            say(line)
            record.append(line)

    state, stopped = play_loop(PokerDiceState.new(rules), [bot] * rules.players, rng, human,
                               lambda s: _ask(s, human, say), on_move)
    if stopped:
        say(_("Game stopped."))
    if state.is_terminal():
        say(_("Game over: you hold every point!") if state.winner() == human else
            _("Game over: player {player} holds every point.", player=state.winner()))
    if args.json:
        print_json({"players": rules.players, "bot": args.bot, "seed": args.seed,
                    "rounds": state.round, "chips": list(state.chips),
                    "winner": state.winner(), "record": record})
    return 0


MAX_POINTS = 10_000
"""Starting points the terminal game accepts: the box holds 192, and every bet of a bot
weighs each amount it could bet (100,000 points a player take seconds a move)."""


def _check_points(points: int | None) -> None:
    if points is not None and not 1 <= points <= MAX_POINTS:
        raise CliError(_("--points must be 1-{most} (the box holds 192 points; more makes "
                         "every bot's move slow), got {points}", most=num(MAX_POINTS, ","),
                         points=points))


def _public(before: PokerDiceState, action, after: PokerDiceState, human) -> list[str]:
    """What everyone at the table sees happen (and, for the human, their own dice)."""
    lines = []
    if before.phase == "start":
        lines.append(_("P{p} rolls {face} for the first leader", p=before.to_move,
                       face=str(action).removeprefix("start ")))
    elif before.phase == "peek":
        if before.to_move == human:
            lines.append(_("Round {round}: your peeker shows {dice}", round=before.round,
                           dice=dice_text(action.dice)))
    elif before.phase == "common":
        lines.append(_("Common dice: {dice}", dice=dice_text(action.dice)))
    else:
        lines.append(_("P{p}: {move}", p=before.to_move, move=say_move(str(action))))
    if after.round != before.round or after.is_terminal():
        lines += _round_end(after)
    return lines


def _round_end(s: PokerDiceState) -> list[str]:
    r = s.last
    if r is None:
        return []
    if r.kind == "no ante":
        return [_("Round over: nobody anted. Points: {points}", points=list(s.chips))]
    if r.kind == "one ante":
        who = next(p for p, c in enumerate(r.committed) if c)
        return [_("Round over: only P{p} anted and takes the ante back. Points: {points}",
                  p=who, points=list(s.chips))]
    lines = []
    for p, dice in enumerate(r.shown):
        if dice:
            lines.append("  " + _("P{p} shows {dice}: {hand}", p=p, dice=dice_text(dice),
                                  hand=r.hand(p, s.rules).words))
    for pot in r.pots:
        won = _(" and ").join(f"P{w} {x}" for w, x in zip(pot.winners, pot.shares))
        lines.append("  " + _("pot of {amount}: {won}", amount=pot.amount, won=won))
    end = (_("Round over (showdown).") if r.kind == "showdown"
           else _("Round over (everyone else folded, nothing shown)."))
    return [end] + lines + [_("Points: {points}", points=list(s.chips))]


def _ask(state: PokerDiceState, me: int, say):
    obs = state.observation(me)
    say(_("Points: {points}; in the middle {pot}; your dice {dice}; common {common}",
          points=list(obs.chips), pot=obs.pot, dice=dice_text(obs.my_dice),
          common=dice_text(obs.common)) if obs.common else
        _("Points: {points}; in the middle {pot}; your dice {dice}", points=list(obs.chips),
          pot=obs.pot, dice=dice_text(obs.my_dice)))
    if obs.phase == "bet":
        say(_("Your hand: {hand}.", hand=state.hand(me).words) + " " + call_words(state, me))

    def read():
        say(_("Your move: "))
        line = sys.stdin.readline()
        if not line:
            raise CliError(_("end of input: game stopped"))
        word = line.strip().lower()
        if not sys.stdin.isatty():
            say(echo_text(word))  # echo piped input so the transcript reads like a game
        return word

    def explain():
        help_and_advice(HELP, advise_observation(obs), advice_table, say)

    return ask_move(state, read, lambda: advise_observation(obs).action, explain, say,
                    advice_words=ADVICE_WORDS - {"h"})


__all__ = ["advice_table", "register"]
