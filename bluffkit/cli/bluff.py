"""``bluffkit odds bluff``, ``bluffkit advise bluff`` and ``bluffkit play bluff``.

Examples::

    bluffkit odds bluff --dice 20 --mine 3,3,* --bid 7x3
    bluffkit advise bluff --players 4 --mine 3,3,*,1,2 --bid 7x3 --json
    bluffkit play bluff --bots 3 --seed 1 --expansion
"""

from __future__ import annotations

import argparse

from ..advice.bluff import Advice, Position, advise
from ..bots.bluff import AdviceBot
from ..core import make_rng
from ..games.bluff import BluffRules, BluffState, Challenge, Show, dice_text
from ..odds.bluff import bid_odds, read_dice, reroll_odds
from .common import (
    CliError,
    ask_move,
    fraction_text,
    help_and_advice,
    ints,
    play_loop,
    print_advice,
    print_json,
    prompt_echo,
    table,
)


def register(commands) -> None:
    p = commands["odds"].add_parser(
        "bluff", help="exact odds of a Bluff bid",
        description="Exact odds of a bid: P(true), P(exact), expected dice lost if challenged.")
    p.add_argument("--dice", type=int, required=True, help="dice in play (all players)")
    p.add_argument("--bid", required=True, help="the bid, e.g. 7x3 or 5x*")
    p.add_argument("--mine", default="", help="my hidden dice, e.g. 3,3,*")
    p.add_argument("--exposed", default="", help="all exposed dice, e.g. 2,*")
    p.add_argument("--reroll", default=None, metavar="SHOWN",
                   help="expansion: show these of --mine (e.g. 3,3) and re-roll the rest")
    p.add_argument("--json", action="store_true", help="print JSON (fractions as 'n/d')")
    p.set_defaults(handler=odds_command)

    a = commands["advise"].add_parser(
        "bluff", help="challenge or raise? every option with its numbers",
        description="Every legal choice with its numbers, the recommendation and why.")
    a.add_argument("--players", type=int, default=None, help="number of players (2-6)")
    a.add_argument("--mine", required=True, help="my hidden dice, e.g. 3,3,*,1,2")
    a.add_argument("--bid", default=None, help="the current bid (none: I open the round)")
    a.add_argument("--held", default=None,
                   help="dice each player holds, e.g. 5,5,4,5 (default 5 each; mine from --mine)")
    a.add_argument("--me", type=int, default=0, help="my seat (default 0)")
    a.add_argument("--bidder", type=int, default=None,
                   help="who made the bid (default: the player before me)")
    a.add_argument("--exposed", action="append", default=[], metavar="PLAYER:DICE",
                   help="a player's exposed dice, e.g. 2:3,* (repeat for several players)")
    a.add_argument("--expansion", action="store_true", help="play with 'Montre-moi ton jeu'")
    a.add_argument("--show", action="store_true",
                   help="I just made --bid: which dice to show and whether to re-roll")
    a.add_argument("--history", default=None,
                   help="the round's bids so far, ending with --bid, e.g. 1x2,1x4: with two "
                        "players and 1 die each (2 against 1 once solved) the advice adds the "
                        "equilibrium's frequencies")
    a.add_argument("--json", action="store_true", help="print JSON (fractions as 'n/d')")
    a.set_defaults(handler=advise_command)

    g = commands["play"].add_parser("bluff", help="play Bluff against advice bots",
                                    description="Play Bluff in the terminal against advice bots.")
    g.add_argument("--bots", type=int, default=3, help="number of bots (1-5)")
    g.add_argument("--seed", type=int, default=None, help="seed for the dice")
    g.add_argument("--dice", type=int, default=5, help="dice per player (1-5)")
    g.add_argument("--expansion", action="store_true", help="play with 'Montre-moi ton jeu'")
    g.set_defaults(handler=play_command)


# -- odds -----------------------------------------------------------------------------------------
def odds_command(args: argparse.Namespace) -> int:
    if args.reroll is not None:
        o = reroll_odds(args.bid, args.dice, args.mine, args.reroll, args.exposed)
    else:
        o = bid_odds(args.bid, args.dice, args.mine, args.exposed)
    if args.json:
        print_json(o.to_json())
        return 0
    unit = ("star" if o.bid.is_star else f"die showing {o.bid.face} or a star") \
        if o.bid.count == 1 else ("stars" if o.bid.is_star else
                                  f"dice showing {o.bid.face} or a star")
    den = 6 if o.bid.is_star else 3
    print(f"Bid {o.bid}: at least {o.bid.count} {unit} among {o.dice_in_play} dice.")
    if args.reroll is not None:
        print(f"After showing {args.reroll or 'nothing'} and re-rolling the rest of your hidden "
              "dice (before you look at them):")
    print(f"You see {o.known_matches} matching; {o.unknown} dice unknown, each matching with "
          f"probability {o.match_probability}.")
    print(table(["quantity", "exact", "decimal"], [
        ["P(bid true) = P(A >= B)", *_split(o.p_true)],
        ["P(exactly) = P(A = B)", *_split(o.p_exact)],
        ["P(bid false) = P(A < B)", *_split(o.p_false)],
        ["expected count E[A]", *_split(o.expected_count)],
        [f"rule of thumb {o.dice_in_play}/{den}", *_split(o.rule_of_thumb)],
        [f"rule of thumb {o.known_matches} + {o.unknown}/{den}", *_split(o.rule_of_thumb_known)],
        ["bidder's expected loss", *_split(o.bidder_loss)],
        ["challenger's expected loss", *_split(o.challenger_loss)],
        ["each other player's loss", *_split(o.other_loss)],
    ]))
    print()
    pmf = o.dist.pmf()
    rows, tail = [], sum(pmf.values())
    for a, p in pmf.items():
        rows.append([a, *_split(p), *_split(tail)])
        tail -= p
    print(table(["A", "P(A = a)", "decimal", "P(A >= a)", "decimal"], rows))
    return 0


def _split(p) -> list[str]:
    return [str(p), f"{float(p):.4f}"]


# -- advise ---------------------------------------------------------------------------------------
def position_from_args(args: argparse.Namespace) -> Position:
    mine = read_dice(args.mine, "--mine")
    exposed_by: dict[int, tuple[int, ...]] = {}
    for item in args.exposed:
        seat, sep, dice = item.partition(":")
        if not sep or not seat.strip().isdigit():
            raise CliError(f"--exposed takes PLAYER:DICE, e.g. 2:3,*; got {item!r}")
        exposed_by[int(seat)] = exposed_by.get(int(seat), ()) + read_dice(dice, "--exposed")
    if args.held is not None:
        held = ints(args.held, "--held")
    else:
        n = args.players or 4
        if args.me not in range(n):
            raise CliError(f"--me must be a seat 0-{n - 1}, got {args.me}")
        held = [5] * n
        held[args.me] = len(mine) + len(exposed_by.get(args.me, ()))
    n = len(held)
    if args.players is not None and args.players != n:
        raise CliError(f"--players {args.players} but --held lists {n} players")
    if any(p not in range(n) for p in exposed_by):
        raise CliError(f"--exposed names a player outside 0-{n - 1}")
    exposed = [exposed_by.get(p, ()) for p in range(n)]
    expansion = args.expansion or args.show or any(exposed)
    if not 2 <= n <= 6:
        raise CliError(f"Bluff is for 2-6 players, got {n}")
    rules = BluffRules(players=n, show_and_reroll=expansion)
    return Position(mine, tuple(held), args.me, exposed, args.bid, args.bidder, rules,
                    "show" if args.show else "bid", args.history)


def advice_table(advice: Advice) -> str:
    rows = []
    for o in advice.options:
        mark = "<- best" if o is advice.recommended else ""
        rows.append([str(o.action), fraction_text(o.p_stands), fraction_text(o.my_loss),
                     fraction_text(o.others_loss), o.note, mark])
    return table(["choice", "P(bid stands)", "my expected loss", "others' expected loss",
                  "why listed", ""], rows)


def advise_command(args: argparse.Namespace) -> int:
    advice = advise(position_from_args(args))
    return print_advice(advice, args.json, advice_table)


# -- play -----------------------------------------------------------------------------------------
HELP = ("Type a bid like 7x3 or 5x*, 'challenge' (or c), 'advice' for the numbers, 'best' to "
        "play the advice, 'quit' to stop. With the expansion, after your bid: 'keep', "
        "'show 3,3' or 'show 3,3 reroll'.")


def play_command(args: argparse.Namespace) -> int:
    if not 1 <= args.bots <= 5:
        raise CliError(f"--bots must be 1-5 (Bluff is for 2-6 players), got {args.bots}")
    rules = BluffRules(players=args.bots + 1, dice_per_player=args.dice,
                       show_and_reroll=args.expansion)
    print(f"Bluff: you are player 0 against {args.bots} advice bot{'s' * (args.bots > 1)}"
          f"{' with Montre-moi ton jeu' if args.expansion else ''}. {HELP}")
    state, stopped = play_loop(BluffState.new(rules), [AdviceBot()] * rules.players,
                               make_rng(args.seed), 0, _ask, _print_move)
    if stopped:
        print("Game stopped.")
        return 0
    print(f"Game over: player {state.winner()} wins" + (" (you!)" if state.winner() == 0 else "."))
    return 0


def _print_move(before: BluffState, player: int, action, after: BluffState) -> None:
    if player == -1:
        if before.phase == "start":
            print(f"Start roll: player {before.contenders[len(before.start_totals)]} "
                  f"totals {action.total}")
        return
    if player != 0 and action != Show():
        print(f"Player {player}: {_said(action)}")
    if isinstance(action, Challenge):
        _print_reveal(after.last, before)


def _said(action) -> str:
    if isinstance(action, Challenge):
        return "challenge! (Haut les gobelets !)"
    if isinstance(action, Show):
        return str(action)
    return f"bids {action}"


def _ask(state: BluffState):
    obs = state.observation(0)
    print()
    print(f"Round {obs.round}. Dice held: " + ", ".join(
        f"P{p}={d}" for p, d in enumerate(obs.dice_held)))
    shown = [f"P{p} shows {dice_text(e)}" for p, e in enumerate(obs.exposed) if e]
    if shown:
        print("Exposed: " + "; ".join(shown))
    if obs.history:
        print("This round: " + ", ".join(f"P{p} {a}" for p, a in obs.history))
    print(f"Your dice: {dice_text(obs.my_dice)}")
    question = ("Show dice? (keep / show 3,3 / show 3,3 reroll) " if obs.phase == "show" else
                f"Current bid {obs.bid} by P{obs.bidder}. Your move: " if obs.bid else
                "You open the round. Your bid: ")
    def best():
        action = advise(Position.from_observation(obs)).recommended.action
        print(f"You play {action}")
        return action

    def explain():
        help_and_advice(HELP, advise(Position.from_observation(obs)), advice_table)

    return ask_move(state, prompt_echo(question), best, explain)


def _print_reveal(reveal, before: BluffState) -> None:
    print(f"Cups up! {reveal.bid} by P{reveal.bidder}, challenged by P{reveal.challenger}.")
    for p, dice in enumerate(reveal.dice):
        if before.dice[p]:
            print(f"  P{p}: {dice_text(dice)}")
    print(f"  Count: {reveal.count} ({reveal.outcome}).")
    lost = [f"P{p} loses {k}" for p, k in enumerate(reveal.losses) if k]
    print("  " + ", ".join(lost) + ".")
