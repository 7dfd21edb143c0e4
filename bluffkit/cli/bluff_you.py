"""``bluffkit odds|advise|solve|play bluff-you``.

Examples::

    bluffkit odds bluff-you
    bluffkit odds bluff-you --centre 3,4,17,18 --announce 17 --q 1/2
    bluffkit advise bluff-you --players 3 --held 0:8,13 --held 1:5 --roll 2,2,5
    bluffkit advise bluff-you --players 2 --held 1:5 --announce "gain 11 to P1" --q 2/3
    bluffkit solve bluff-you --centre 3,4,17,18 --json
    bluffkit play bluff-you --players 3 --bots equilibrium --seed 1
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..advice.bluff_you.decision import bluffer_advice, guesser_advice, position
from ..advice.bluff_you.turn import OTHER, TurnGame, move_text, solve_turn
from ..bots.bluff_you import BOTS, EquilibriumBot, cheapest_give, make_bot
from ..core import make_rng
from ..core.i18n import _, _l, _n, num
from ..core.play import bot_label
from ..games.bluff_you import (
    TOKENS,
    BluffYouRules,
    BluffYouState,
    Gain,
    Steal,
    action_text,
    dice_text,
    parse_action_text,
    parse_dice,
)
from ..odds.bluff_you import (
    expected_truthful_points,
    p_doublet,
    p_exact_pair,
    p_sum_in,
    p_triple,
    points_table,
    posterior_true,
    rarity_explanation,
    read_probability,
    read_tokens,
)
from .common import CliError, command, fraction_text, print_json, run_with, table
from .options import about, seed_number, whole_number
from .terminal import ADVICE_WORDS, ask_move, play_loop, prompt_echo


def register(commands) -> None:
    p = command(commands, "odds", "bluff-you", _("3d6 sums, token points and rarity, Bayes' rule"),
                _("The sum of three dice beside the token points; P(true | announced)."))
    p.add_argument("--centre", default=None, help=_("tokens in the centre (default: all 16)"))
    p.add_argument("--announce", type=whole_number, default=None, help=_("an announced number"))
    p.add_argument("--q", default=None,
                   help=_("with --announce: the model's P(truthful when possible), e.g. 2/3 "
                          "(default 1/2)"))
    run_with(p, odds_command)

    a = command(commands, "advise", "bluff-you",
                _("bluffer: value of each option; guesser: OK or Bluff you?"),
                _("Bluffer (give --roll): every option at the exact turn equilibrium. Guesser "
                  "(give --announce): the best call against a stated model and the "
                  "equilibrium."))
    a.add_argument("--players", type=whole_number, default=2, help=_("number of players (2-6)"))
    a.add_argument("--held", action="append", default=[], metavar="PLAYER:TOKENS",
                   help=_("a player's tokens, e.g. 0:8,13 (repeat for several players)"))
    a.add_argument("--centre", default=None,
                   help=_("centre tokens (default: every token not held)"))
    a.add_argument("--bluffer", type=whole_number, default=0,
                   help=_("whose turn it is (default 0)"))
    a.add_argument("--roll", default=None, help=_("the bluffer's dice, e.g. 2,2,5"))
    a.add_argument("--announce", default=None,
                   help=_("the announcement to answer, e.g. 'gain 11 to P1' or 'steal 5 from P1'"))
    a.add_argument("--q", default=None, help=_("guesser: model P(truthful when possible)"))
    run_with(a, advise_command)

    s = command(commands, "solve", "bluff-you", _("exact equilibrium of one turn"),
                _("The exact equilibrium of a turn: value, the bluffer's move mix for each "
                  "sum, the guesser's P(OK) for each announcement."))
    s.add_argument("--centre", default="", help=_("centre tokens, e.g. 3,4,17,18"))
    s.add_argument("--target", action="append", default=[], metavar="PLAYER:TOKENS",
                   help=_("a player the bluffer may rob and their tokens, e.g. 1:5,9"))
    s.add_argument("--give-points", type=whole_number, default=None,
                   help=_("points of the bluffer's cheapest token (needed with --target)"))
    s.add_argument("--doublet", action="store_true", help=_("the bluffer holds a doublet swap"))
    run_with(s, solve_command)

    g = command(commands, "play", "bluff-you", _("play Bluff You against bots"),
                _("Play Bluff You in the terminal as player 0."))
    g.add_argument("--players", type=whole_number, default=2, help=_("players, you included (2-6)"))
    g.add_argument("--bots", default="equilibrium", choices=sorted(BOTS), help=_("the bots' kind"))
    g.add_argument("--tokens", default=None, help=_("tokens in play (default all 16)"))
    g.add_argument("--seed", type=seed_number, default=None,
                   help=_("seed for the dice and the bots"))
    run_with(g, play_command, json=False)


# -- odds -----------------------------------------------------------------------------------------
def _q(args) -> Fraction | None:
    """``--q`` read and checked, or None; it is the model of a guesser facing --announce."""
    if args.q is None:
        return None
    if args.announce is None:
        raise CliError(_("--q needs --announce: it is the chance that the bluffer behind an "
                         "announcement tells the truth when they can"))
    return read_probability(args.q, "--q")


def odds_command(args: argparse.Namespace) -> int:
    centre = read_tokens(args.centre, "--centre") if args.centre is not None else TOKENS
    q = _q(args)
    post = (posterior_true(args.announce, centre, Fraction(1, 2) if q is None else q)
            if args.announce is not None else None)
    data = {"sums": [r.to_json() for r in points_table()], "p_doublet": p_doublet(),
            "p_exact_pair": p_exact_pair(), "p_triple": p_triple(), "centre": list(centre),
            "p_sum_in_centre": p_sum_in(centre),
            "expected_truthful_points": expected_truthful_points(centre),
            "rarity": rarity_explanation(), "posterior": post.to_json() if post else None}
    if args.json:
        print_json(data)
        return 0
    print(table([_("sum"), _("ways /216"), _("P(sum)"), "", _("surprisal (bits)"), _("points")],
                [[r.token, r.ways, str(r.probability), num(float(r.probability), ".4f"),
                  num(r.surprisal_bits, ".2f"), r.points] for r in points_table()]))
    print()
    print(rarity_explanation())
    print(_("P(at least two equal dice: a doublet) = {doublet}; exactly a pair {pair}; a triple "
            "{triple}.", doublet=fraction_text(p_doublet()), pair=fraction_text(p_exact_pair()),
            triple=fraction_text(p_triple())))
    print(_("Centre {centre}: P(the sum is a centre token) = {p}; expected points of a truthful "
            "announcement {points} (0 when it cannot be truthful).",
            centre=",".join(map(str, centre)), p=fraction_text(p_sum_in(centre)),
            points=fraction_text(expected_truthful_points(centre))))
    if post:
        print()
        print(post.explain())
    return 0


# -- advise ---------------------------------------------------------------------------------------
def _held(items: list[str], name: str) -> dict[int, tuple[int, ...]]:
    out: dict[int, tuple[int, ...]] = {}
    for item in items:
        seat, sep, tokens = item.partition(":")
        if not sep or not seat.strip().isdigit():
            raise CliError(_("{option} takes PLAYER:TOKENS, e.g. 1:8,13; got {item}",
                             option=name, item=repr(item)))
        if int(seat) in out:  # a second --held 1:... silently replaced the first
            raise CliError(_("{option}: player {p} is given twice; list all their tokens once, "
                             "e.g. {p}:8,13", option=name, p=int(seat)))
        out[int(seat)] = read_tokens(tokens, f"{name} {seat}")
    return out


def advise_command(args: argparse.Namespace) -> int:
    held = _held(args.held, "--held")
    q = _q(args)
    with about("--players"):
        BluffYouRules(players=args.players)
    if args.bluffer not in range(args.players):
        raise CliError(_("--bluffer must be a seat 0-{last}, got {bluffer}",
                         last=args.players - 1, bluffer=args.bluffer))
    if args.announce is not None:
        if args.roll is not None:
            raise CliError(_("--roll with --announce: the guesser does not see the bluffer's "
                             "dice; give --roll for the bluffer's advice or --announce for the "
                             "guesser's, not both"))
        with about("--announce"):
            announcement = parse_action_text(args.announce)
        if not isinstance(announcement, Gain | Steal):  # a doublet has no guesser to advise
            raise CliError(_("--announce takes a gain or a steal to answer, e.g. 'gain 11 to "
                             "P1' or 'steal 5 from P1'; got {text}", text=repr(args.announce)))
        with about("--centre", "--held"):
            state = position(args.centre, held, args.players, args.bluffer, "1,2,4")  # no dice
        with about("--announce"):
            state = state.apply(announcement)
        advice = guesser_advice(state, q)
    else:
        if args.roll is None:
            raise CliError(_("give --roll (advice for the bluffer) or --announce (for the "
                             "guesser)"))
        with about("--roll"):
            roll = parse_dice(args.roll)
        with about("--centre", "--held"):
            advice = bluffer_advice(position(args.centre, held, args.players, args.bluffer, roll))
    if args.json:
        print_json(advice.to_json())
        return 0
    if args.announce is None:
        print(table([_("option"), _("value with your roll"), _("equilibrium P (kind of move)")],
                    [[o.label, str(o.value), str(o.probability)] for o in advice.options]))
        print(_("(The equilibrium P is that of the kind of move: gains to different guessers "
                "share one P, and so do the swaps; do not add them up.)"))
        print()
    print(advice.explanation)
    return 0


# -- solve ----------------------------------------------------------------------------------------
def solve_command(args: argparse.Namespace) -> int:
    centre = read_tokens(args.centre, "--centre")
    targets = tuple(_held(args.target, "--target").items())
    with about("--centre", "--target"):
        eq = solve_turn(TurnGame(centre, targets, args.give_points, args.doublet))
    if args.json:
        print_json(eq.to_json())
        return 0
    print(_("Value of the turn to the bluffer (bluffer - guesser points): {value}",
            value=eq.value))
    rows = []
    for t, mix in eq.strategy.items():
        name = _("others") if t[0] == OTHER else str(t[0])
        used = ", ".join(_("{move}: {p}", move=move_text(m), p=p) for m, p in mix.items() if p)
        rows.append([_("{sum} (doublet)", sum=name) if t[1] else name,
                     str(eq.game.types()[t]), used])
    print(table([_("sum"), "P", _("equilibrium moves")], rows))
    print()
    print(table([_("announcement"), "P(OK)", _("P(true | announced)")],
                [[move_text(m), str(b), _posterior_text(eq.posterior(m))]
                 for m, b in eq.believe.items()]))
    return 0


def _posterior_text(p) -> str:
    return _("never announced at equilibrium") if p is None else str(p)


# -- play -----------------------------------------------------------------------------------------
HELP = _l("As bluffer type 'gain 11 to P1', 'steal 5 from P1' or 'doublet 8,13 for 4'; as "
          "guesser 'ok' or 'bluff you'; after a failed steal 'give 7'. 'advice' shows the "
          "numbers, 'best' plays the equilibrium, 'quit' stops.")


def play_command(args: argparse.Namespace) -> int:
    tokens = read_tokens(args.tokens, "--tokens") if args.tokens else TOKENS
    rules = BluffYouRules(players=args.players, tokens=tokens)
    rng = make_rng(args.seed)
    bots = [make_bot(args.bots) for _seat in range(rules.players)]
    print(_n("Bluff You: you are P0 against {n} bot ({kind}).",
             "Bluff You: you are P0 against {n} bots ({kind}).", rules.players - 1,
             kind=bot_label(args.bots)) + f" {HELP}")
    state, stopped = play_loop(BluffYouState.new(rules), bots, rng, 0, lambda s: _ask(s, rng),
                               _print_move)
    if stopped:
        print(_("Game stopped."))
        return 0
    print(str(state).split("\n", 1)[1])
    return 0


def _print_move(before: BluffYouState, player: int, action, state: BluffYouState) -> None:
    if player == -1:
        return
    if player != 0:
        print(_("P{p}: {move}", p=player, move=action_text(action)))
    if state.last is not None and state.turn > 0 and state.phase in ("roll", "over"):
        print(f"  {state.last.describe()}")


def _ask(state: BluffYouState, rng):
    obs = state.observation(0)
    print()
    print(str(state).rsplit("\n", 1)[0])
    question = {"act": lambda: _("You rolled {dice}. Your move: ",
                                 dice=dice_text(obs.roll) if obs.roll else ""),
                "call": lambda: _("P{p} says {move}. OK or Bluff you? ", p=obs.bluffer,
                                  move=action_text(obs.pending)),
                "give": lambda: _("The guesser was right: which of your tokens do you give? ")
                }[obs.phase]()

    def best():
        if obs.phase == "give":
            return cheapest_give(obs)
        return EquilibriumBot().choose(obs, state.legal_actions(), rng)

    def explain():
        print(HELP)
        print(bluffer_advice(state) if obs.phase == "act" else
              guesser_advice(obs, q="1/2") if obs.phase == "call" else
              _("Give your cheapest token: it costs you the fewest points."))

    return ask_move(state, prompt_echo(question), best, explain,
                    advice_words=ADVICE_WORDS - {"b"}, best_words=frozenset({"best", "meilleur"}))


__all__ = ["register"]
