"""``bluffkit odds bluff``, ``bluffkit advise bluff`` and ``bluffkit play bluff``.

Examples::

    bluffkit odds bluff --dice 20 --mine 3,3,* --bid 7x3
    bluffkit advise bluff --players 4 --mine 3,3,*,1,2 --bid 7x3 --json
    bluffkit play bluff --bots 3 --seed 1 --expansion
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..advice.bluff.decision import Advice, Position, advise, say_action
from ..bots.bluff import AdviceBot
from ..core import make_rng
from ..core.i18n import _, _l, _n, num
from ..games.bluff import STAR, Bid, BluffRules, BluffState, Challenge, Show, dice_text
from ..games.bluff.state import MAX_DICE
from ..odds.bluff.counts import bid_odds, read_dice, reroll_odds
from .common import (
    CliError,
    command,
    fraction_text,
    ints,
    print_advice,
    print_json,
    run_with,
    table,
)
from .options import CheckedStore, about, seed_number, whole_number
from .terminal import ask_move, check_bots, help_and_advice, play_loop, prompt_echo


def register(commands) -> None:
    p = command(commands, "odds", "bluff", _("exact odds of a Bluff bid"),
                _("Exact odds of a bid: P(true), P(exact), expected dice lost if challenged."))
    p.add_argument("--dice", type=whole_number, default=None,
                   help=_("dice in play (all players; not needed with --held)"))
    p.add_argument("--bid", required=True, help=_("the bid, e.g. 7x3 or 5x*"))
    p.add_argument("--mine", default="", help=_("my hidden dice, e.g. 3,3,*"))
    p.add_argument("--exposed", default="", help=_("all exposed dice (mine too), e.g. 2,*"))
    p.add_argument("--my-exposed", default="", metavar="DICE",
                   help=_("which of the --exposed dice are mine, e.g. 2 (for --reroll)"))
    p.add_argument("--held", default=None,
                   help=_("dice each player holds, e.g. 5,5,4,5: nobody loses more dice than they "
                          "hold (without --held: at most 5)"))
    p.add_argument("--me", type=whole_number, default=None,
                   help=_("with --held: my seat (default 0)"))
    p.add_argument("--bidder", type=whole_number, default=None,
                   help=_("with --held: who made the bid (default: the player before me); the next"
                          " player holding dice is the one who may challenge it"))
    p.add_argument("--reroll", default=None, metavar="SHOWN", action=CheckedStore, empty=True,
                   help=_("expansion: show these of --mine (e.g. 3,3; \"\" to show no more) and "
                          "re-roll the rest"))
    run_with(p, odds_command)

    a = command(commands, "advise", "bluff",
                _("challenge or raise? the choices worth weighing, with their numbers"),
                _("The challenge and the raises worth weighing (the smallest raise on each "
                  "face and a few more: no other raise can cost you less), with their numbers,"
                  " the recommendation and why."))
    a.add_argument("--players", type=whole_number, default=None, help=_("number of players (2-6)"))
    a.add_argument("--mine", required=True, action=CheckedStore, empty=True,
                   help=_("my hidden dice, e.g. 3,3,*,1,2 (\"\" when all mine are exposed)"))
    a.add_argument("--bid", default=None, help=_("the current bid (none: I open the round)"))
    a.add_argument("--held", default=None,
                   help=_("dice each player holds, e.g. 5,5,4,5 (default 5 each; mine from "
                          "--mine)"))
    a.add_argument("--me", type=whole_number, default=0, help=_("my seat (default 0)"))
    a.add_argument("--bidder", type=whole_number, default=None,
                   help=_("who made the bid (default: the player before me)"))
    a.add_argument("--exposed", action="append", default=[], metavar="PLAYER:DICE",
                   help=_("a player's exposed dice, e.g. 2:3,* (repeat for several players)"))
    a.add_argument("--expansion", action="store_true", help=_("play with 'Montre-moi ton jeu'"))
    a.add_argument("--show", action="store_true",
                   help=_("I just made --bid: which dice to show and whether to re-roll"))
    a.add_argument("--history", default=None,
                   help=_("the round's bids so far, oldest first, ending with --bid, e.g. "
                          "4x3,5x3,7x3 (any number of players; the last by --bidder): the advice "
                          "reads them (Bayes' rule under a stated model, then a look ahead); with "
                          "two players (1-5 dice each) it adds the solved strategy's frequencies "
                          "and what the opponent's bids reveal under it"))
    a.add_argument("--dice-random", action="store_true",
                   help=_("with --history: do not read the bids (today's dice-random advice, to "
                          "compare)"))
    a.add_argument("--seed", type=seed_number, default=0,
                   help=_("the look ahead's seed (default 0)"))
    run_with(a, advise_command)

    g = command(commands, "play", "bluff", _("play Bluff against advice bots"),
                _("Play Bluff in the terminal against advice bots."))
    g.add_argument("--bots", type=whole_number, default=3, help=_("number of bots (1-5)"))
    g.add_argument("--seed", type=seed_number, default=None, help=_("seed for the dice"))
    g.add_argument("--dice", type=whole_number, default=5, help=_("dice per player (1-5)"))
    g.add_argument("--expansion", action="store_true", help=_("play with 'Montre-moi ton jeu'"))
    run_with(g, play_command, json=False)


# -- odds -----------------------------------------------------------------------------------------
def odds_question(args: argparse.Namespace) -> OddsQuestion:
    """Read and check the ``odds bluff`` options once, at the edge."""
    with about("--bid"):
        bid = Bid.parse(args.bid)
    mine = read_dice(args.mine, "--mine")
    exposed = read_dice(args.exposed, "--exposed")
    my_exposed = read_dice(args.my_exposed, "--my-exposed")
    others = list(exposed)
    for d in my_exposed:
        if d not in others:
            raise CliError(_("--my-exposed: {mine} must be among the exposed dice ({exposed}): "
                             "--exposed lists every exposed die, yours included",
                             mine=dice_text(my_exposed),
                             exposed=dice_text(exposed) or _("none")))
        others.remove(d)
    if len(mine) + len(my_exposed) > MAX_DICE:
        raise CliError(_("--mine and --my-exposed list {n} dice of yours, but a player holds at "
                         "most {most}", n=len(mine) + len(my_exposed), most=MAX_DICE))
    if args.held is None:
        if args.me is not None or args.bidder is not None:
            raise CliError(_("--me and --bidder need --held (the dice each player holds)"))
        if args.dice is None:
            raise CliError(_("give --dice (all the dice in play) or --held (dice each player "
                             "holds, e.g. 5,5,4,5)"))
        return OddsQuestion(bid, args.dice, mine, exposed, tuple(others), my_exposed)
    held = ints(args.held, "--held")
    if not 2 <= len(held) <= 6 or any(not 0 <= h <= MAX_DICE for h in held):
        raise CliError(_("--held needs one count of 0-{most} dice per player, 2-6 players, got "
                         "{held}", most=MAX_DICE, held=repr(args.held)))
    dice = sum(held)
    if args.dice is not None and args.dice != dice:
        raise CliError(_("--dice {dice} but the dice in --held add up to {total}",
                         dice=args.dice, total=dice))
    n, me = len(held), 0 if args.me is None else args.me
    if me not in range(n):
        raise CliError(_("--me must be a seat 0-{last}, got {me}", last=n - 1, me=me))
    if len(mine) + len(my_exposed) > held[me]:
        raise CliError(_("--mine and --my-exposed list {n} dice but --held says player {me} "
                         "(you) holds {held}", n=len(mine) + len(my_exposed), me=me,
                         held=held[me]))
    bidder = args.bidder if args.bidder is not None else _seat_after(held, me, -1)
    if bidder not in range(n) or not held[bidder]:
        raise CliError(_("--bidder must be a seat 0-{last} holding dice, got {bidder}",
                         last=n - 1, bidder=bidder))
    challenger = _seat_after(held, bidder, 1)
    if challenger == bidder:
        raise CliError(_("--held: at least two players must hold dice"))
    return OddsQuestion(bid, dice, mine, exposed, tuple(others), my_exposed,
                        held[bidder], held[challenger])


def _seat_after(held: list[int], seat: int, step: int) -> int:
    """The next seat holding dice after ``seat`` (``step`` -1: before it); ``seat`` if none."""
    n = len(held)
    return next((q for k in range(1, n) if held[q := (seat + step * k) % n]), seat)


@dataclass(frozen=True)
class OddsQuestion:
    bid: Bid
    dice: int
    mine: tuple[int, ...]
    exposed: tuple[int, ...]
    others_exposed: tuple[int, ...]
    my_exposed: tuple[int, ...]
    bidder_held: int = MAX_DICE
    challenger_held: int = MAX_DICE


def odds_command(args: argparse.Namespace) -> int:
    q = odds_question(args)
    caps = {"bidder_held": q.bidder_held, "challenger_held": q.challenger_held}
    if args.reroll is not None:
        shown = read_dice(args.reroll, "--reroll")
        if not shown and not q.my_exposed:
            raise CliError(_("Montre-moi ton jeu: re-rolling needs at least one of your dice "
                             "exposed: show one now (--reroll 3) or say which exposed dice are "
                             "yours (--my-exposed)"))
        with about("--reroll", "--mine"):
            o = reroll_odds(q.bid, q.dice, q.mine, shown, q.others_exposed, q.my_exposed,
                            **caps)
    else:
        o = bid_odds(q.bid, q.dice, q.mine, q.exposed, **caps)
    if args.json:
        print_json(o.to_json())
        return 0
    den = 6 if o.bid.is_star else 3
    print(_n("Bid {bid}: at least {n} star among {dice} dice.",
             "Bid {bid}: at least {n} stars among {dice} dice.", o.bid.count, bid=o.bid,
             dice=o.dice_in_play) if o.bid.is_star else
          _n("Bid {bid}: at least {n} die showing {face} or a star among {dice} dice.",
             "Bid {bid}: at least {n} dice showing {face} or a star among {dice} dice.",
             o.bid.count, bid=o.bid, face=o.bid.face, dice=o.dice_in_play))
    if args.reroll is not None:
        print(_("After showing {shown} and re-rolling the rest of your hidden dice (before you "
                "look at them):", shown=args.reroll or _("nothing")))
    print(_("You see {known} matching; {unknown} dice unknown, each matching with probability "
            "{p}.", known=o.known_matches, unknown=o.unknown, p=o.match_probability))
    print(table([_("quantity"), _("exact"), _("decimal")], [
        [_("P(bid true) = P(A >= B)"), *_split(o.p_true)],
        [_("P(exactly) = P(A = B)"), *_split(o.p_exact)],
        [_("P(bid false) = P(A < B)"), *_split(o.p_false)],
        [_("expected count E[A]"), *_split(o.expected_count)],
        [_("rule of thumb {dice}/{den}", dice=o.dice_in_play, den=den), *_split(o.rule_of_thumb)],
        [_("rule of thumb {known} + {unknown}/{den}", known=o.known_matches, unknown=o.unknown,
           den=den), *_split(o.rule_of_thumb_known)],
        [_("bidder's expected loss (at most {held})", held=o.bidder_held),
         *_split(o.bidder_loss)],
        [_("challenger's expected loss (at most {held})", held=o.challenger_held),
         *_split(o.challenger_loss)],
        [_("each other player's loss"), *_split(o.other_loss)],
    ]))
    if args.held is None:
        print(_("Nobody loses more dice than they hold: each loss is capped at {most} dice (give "
                "--held, the dice each player holds, for the real caps).", most=MAX_DICE))
    print()
    pmf = o.dist.pmf()
    rows, tail = [], sum(pmf.values())
    for a, p in pmf.items():
        rows.append([a, *_split(p), *_split(tail)])
        tail -= p
    print(table(["A", "P(A = a)", _("decimal"), "P(A >= a)", _("decimal")], rows))
    return 0


def _split(p) -> list[str]:
    return [str(p), num(float(p), ".4f")]


# -- advise ---------------------------------------------------------------------------------------
def position_from_args(args: argparse.Namespace, bid: Bid | None) -> Position:
    if args.players is not None and not 2 <= args.players <= 6:  # before a list of that size
        raise CliError(_("--players: Bluff is for 2-6 players, got {n}", n=args.players))
    mine = read_dice(args.mine, "--mine")
    exposed_by: dict[int, tuple[int, ...]] = {}
    for item in args.exposed:
        seat, sep, dice = item.partition(":")
        if not sep or not seat.strip().isdigit():
            raise CliError(_("--exposed takes PLAYER:DICE, e.g. 2:3,*; got {item}",
                             item=repr(item)))
        exposed_by[int(seat)] = exposed_by.get(int(seat), ()) + read_dice(dice, "--exposed")
    if args.held is not None:
        held = ints(args.held, "--held")
    else:
        n = args.players or 4
        if args.me not in range(n):
            raise CliError(_("--me must be a seat 0-{last}, got {me}", last=n - 1, me=args.me))
        held = [5] * n
        held[args.me] = len(mine) + len(exposed_by.get(args.me, ()))
    n = len(held)
    if args.players is not None and args.players != n:
        raise CliError(_("--players {players} but --held lists {n} players",
                         players=args.players, n=n))
    if any(p not in range(n) for p in exposed_by):
        raise CliError(_("--exposed names a player outside 0-{last}", last=n - 1))
    exposed = [exposed_by.get(p, ()) for p in range(n)]
    expansion = args.expansion or args.show or any(exposed)
    if not 2 <= n <= 6:
        raise CliError(_("Bluff is for 2-6 players, got {n}", n=n))
    rules = BluffRules(players=n, show_and_reroll=expansion)
    return Position(mine, tuple(held), args.me, exposed, bid, args.bidder, rules,
                    "show" if args.show else "bid", args.history)


def advice_table(advice: Advice) -> str:
    if advice.reading is not None:
        rows = []
        for o in advice.options:
            ahead = num(float(o.ahead.my_loss), ".3f") if o.ahead is not None else "-"
            rows.append([_choice(o, advice), num(float(o.p_stands), ".4f"),
                         num(float(o.p_read), ".4f"), num(float(o.loss_read), ".3f"), ahead,
                         o.note])
        return table([_("choice"), _("P(true), dice random"), _("P(true) after reading the bids"),
                      _("loss if challenged (bids read)"), _("dice lost, look ahead"),
                      _("why listed")], rows)
    rows = [[_choice(o, advice), fraction_text(o.p_stands), fraction_text(o.my_loss),
             fraction_text(o.others_loss), o.note] for o in advice.options]
    return table([_("choice"), _("P(bid stands)"), _("my expected loss"),
                  _("others' expected loss"), _("why listed")], rows)


def _choice(o, advice: Advice) -> str:
    """The choice in the language, marked when it is the advice's."""
    said = say_action(o.action)
    return _("{choice} <- best", choice=said) if o is advice.recommended else said


def solved_tables(advice: Advice) -> str:
    """The solved view as two tables: the equilibrium's frequencies for my dice, and the
    opponent's dice for the current bid's face, random and after their bids."""
    view = advice.solved
    rows = [[say_action(a), fraction_text(p)] for a, p in view.frequencies if p]
    out = [_("Equilibrium frequencies for your {dice} (exact fractions of the stored strategy; "
             "choices it never plays left out):", dice=dice_text(view.roll)),
           table([_("choice"), _("frequency")], rows)]
    if view.history and view.reads:
        face = Bid.parse(view.history[-1]).face
        what = _("stars") if face == STAR else _("{face}s or stars", face=face)
        random, read = view.match_pmf(face, 0), view.match_pmf(face)
        rows = [[m, num(float(p), ".4f"), num(float(read[m]), ".4f") if read else "-"]
                for m, p in random.items()]
        out += ["", _("Your opponent's {what}, dice random and after their bids if they play "
                      "this strategy (Bayes' rule):", what=what),
                table([_("their {what}", what=what), _("dice random"), _("after their bids")],
                      rows)]
    return "\n".join(out)


def advise_command(args: argparse.Namespace) -> int:
    if args.dice_random and args.history is None:
        raise CliError(_("--dice-random needs --history: without the round's bids there is "
                         "nothing to read anyway"))
    bid = None
    if args.bid is not None:
        with about("--bid"):
            bid = Bid.parse(args.bid)
    with about("--bidder", "--me"):
        advice = advise(position_from_args(args, bid), read_bids=not args.dice_random,
                        seed=args.seed)
    if advice.solved is None or args.json:
        return print_advice(advice, args.json, advice_table)
    return print_advice(advice, False,
                        lambda a: advice_table(a) + "\n\n" + solved_tables(a))


# -- play -----------------------------------------------------------------------------------------
HELP = _l("Type a bid like 7x3 or 5x*, 'challenge' (or c), 'advice' for the numbers, 'best' to "
          "play the advice, 'quit' to stop. With the expansion, after your bid: 'keep', "
          "'show 3,3' or 'show 3,3 reroll'.")


def play_command(args: argparse.Namespace) -> int:
    check_bots(args.bots, 5)
    rules = BluffRules(players=args.bots + 1, dice_per_player=args.dice,
                       show_and_reroll=args.expansion)
    bots = _n("{n} advice bot", "{n} advice bots", args.bots)
    print((_("Bluff: you are player 0 against {bots} with Montre-moi ton jeu.", bots=bots)
           if args.expansion else _("Bluff: you are player 0 against {bots}.", bots=bots))
          + f" {HELP}")
    state, stopped = play_loop(BluffState.new(rules), [AdviceBot()] * rules.players,
                               make_rng(args.seed), 0, _ask, _print_move)
    if stopped:
        print(_("Game stopped."))
        return 0
    print(_("Game over: you win!") if state.winner() == 0
          else _("Game over: player {player} wins.", player=state.winner()))
    return 0


def _print_move(before: BluffState, player: int, action, after: BluffState) -> None:
    if player == -1:
        if before.phase == "start":
            print(_("Start roll: player {player} totals {total}",
                    player=before.contenders[len(before.start_totals)], total=action.total))
        return
    if player != 0 and action != Show():
        print(_("Player {player}: {move}", player=player, move=_said(action)))
    if isinstance(action, Challenge):
        _print_reveal(after.last, before)


def _said(action) -> str:
    if isinstance(action, Challenge):
        return _("challenge! (Haut les gobelets !)")
    if isinstance(action, Show):
        return say_action(action)
    return _("bids {bid}", bid=action)


def _ask(state: BluffState):
    obs = state.observation(0)
    print()
    print(_("Round {round}. Dice held: {held}", round=obs.round, held=", ".join(
        f"P{p}={d}" for p, d in enumerate(obs.dice_held))))
    shown = [_("P{p} shows {dice}", p=p, dice=dice_text(e)) for p, e in enumerate(obs.exposed)
             if e]
    if shown:
        print(_("Exposed: {shown}", shown=_("; ").join(shown)))
    if obs.history:
        print(_("This round: {moves}", moves=", ".join(f"P{p} {a}" for p, a in obs.history)))
    print(_("Your dice: {dice}", dice=dice_text(obs.my_dice)))
    question = (_("Show dice? (keep / show 3,3 / show 3,3 reroll) ") if obs.phase == "show" else
                _("Current bid {bid} by P{p}. Your move: ", bid=obs.bid, p=obs.bidder)
                if obs.bid else _("You open the round. Your bid: "))
    def best():
        action = advise(Position.from_observation(obs)).recommended.action
        print(_("You play {action}", action=say_action(action)))
        return action

    def explain():
        help_and_advice(HELP, advise(Position.from_observation(obs)), advice_table)

    return ask_move(state, prompt_echo(question), best, explain)


def _print_reveal(reveal, before: BluffState) -> None:
    print(_("Cups up! {bid} by P{bidder}, challenged by P{challenger}.", bid=reveal.bid,
            bidder=reveal.bidder, challenger=reveal.challenger))
    for p, dice in enumerate(reveal.dice):
        if before.dice[p]:
            print(f"  P{p}: {dice_text(dice)}")
    print("  " + _("Count: {count} ({outcome}).", count=reveal.count, outcome=reveal.outcome))
    lost = [_("P{p} loses {k}", p=p, k=k) for p, k in enumerate(reveal.losses) if k]
    print("  " + ", ".join(lost) + ".")
