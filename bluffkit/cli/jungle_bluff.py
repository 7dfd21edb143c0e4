"""``bluffkit advise jungle-bluff``, ``solve jungle-bluff`` and ``play jungle-bluff``.

Examples::

    bluffkit advise jungle-bluff --players 4 --me 2 --strength 8 --centre 2,4 \\
        --held 0:10 --held 1:6 --belief 0:3,5,9 --json
    bluffkit advise jungle-bluff --players 2 --hand 3,8 --opponent-hand 5,9 --centre 4,7
    bluffkit solve jungle-bluff --hands 1o,9 5,10 --centre 4 --special optimistic --json
    bluffkit play jungle-bluff --bots 3 --seed 1 --special optimistic,alpha
"""

from __future__ import annotations

import argparse
import re
from fractions import Fraction

from ..advice.jungle_bluff.decision import (
    JungleAdvice,
    advise,
    advise_round,
    advise_strength,
    advise_turn,
)
from ..advice.jungle_bluff.two_player import RoundGame, best_response_values, solve_round
from ..bots.jungle_bluff import AdviceBot
from ..core import BluffkitError, Distribution, make_rng
from ..core.i18n import _, _l, _n
from ..games.jungle_bluff import (
    SPECIALS,
    Duel,
    FirstPlayer,
    JungleRules,
    JungleState,
    Take,
    Taken,
    cards_text,
    deck_cards,
    move_words,
    parse_cards,
    say_move,
    score_cards,
)
from .common import CliError, command, fraction_text, print_json, run_with, table
from .options import seed_number, whole_number
from .terminal import ask_move, check_bots, play_loop, prompt_echo

DECK = "1,2,3,4,5,6,7,8,9,10"


def _rules_args(p) -> None:
    p.add_argument("--combined", action="store_true", help=_("the combined-cards variant"))
    p.add_argument("--special", default="", metavar="NAMES",
                   help=_("special cards, any of {join} (comma separated)",
                          join=','.join(SPECIALS)))


def register(commands) -> None:
    a = command(commands, "advise", "jungle-bluff",
                _("which strength card; take which score card or challenge whom"),
                _("Advice for one turn of Jungle Bluff, with the numbers and the reasons. Two "
                  "players: the exact equilibrium of the round. More players: the best "
                  "response to your belief about the opponents' strength cards."))
    a.add_argument("--players", type=whole_number, default=4, help=_("number of players (2-6)"))
    a.add_argument("--me", type=whole_number, default=0, help=_("my seat (default 0)"))
    a.add_argument("--first", type=whole_number, default=0, help=_("the round's first player"))
    a.add_argument("--hand", default=None, help=_("my cards (bidding), e.g. 2,5,8"))
    a.add_argument("--strength", default=None, help=_("my strength card, once it is down"))
    a.add_argument("--centre", "--center", required=True, help=_("the score cards in the centre"))
    a.add_argument("--held", action="append", default=[], metavar="PLAYER:CARDS",
                   help=_("score card(s) a player holds now, e.g. 0:10 (repeat)"))
    a.add_argument("--belief", action="append", default=[], metavar="PLAYER:CARDS",
                   help=_("cards a player's strength card may be, uniform, e.g. 1:3,5,9 (repeat; "
                          "default: any card 1-10)"))
    a.add_argument("--later", default=None, metavar="PLAYERS",
                   help=_("players still to move after me, e.g. 3,0 (default: from --first)"))
    a.add_argument("--later-challenge", default=None, metavar="P",
                   help=_("chance each later player challenges me, e.g. 1/2 (default 0)"))
    a.add_argument("--opponent-hand", default=None,
                   help=_("two players: the opponent's cards at the round start (default 1-10)"))
    a.add_argument("--final", action="store_true",
                   help=_("two players, final round: hands are score piles, strength cards leave"))
    _rules_args(a)
    run_with(a, advise_command)

    s = command(commands, "solve", "jungle-bluff", _("exact equilibrium of a two-player round"),
                _("The exact equilibrium of one two-player round: strength cards, then take or"
                  " challenge; payoff = player 0's points minus player 1's this round."))
    s.add_argument("--hands", nargs=2, required=True, metavar="CARDS",
                   help=_("player 0's and player 1's cards, e.g. 1o,9 5,10"))
    s.add_argument("--centre", "--center", required=True, help=_("the score cards"))
    s.add_argument("--first", type=whole_number, default=0, help=_("the first player (0 or 1)"))
    _rules_args(s)
    s.add_argument("--final", action="store_true",
                   help=_("the final round: strength cards come out of the score piles"))
    run_with(s, solve_command)

    g = command(commands, "play", "jungle-bluff", _("play Jungle Bluff against bots"),
                _("Play Jungle Bluff in the terminal."))
    g.add_argument("--bots", type=whole_number, default=3, help=_("number of advice bots (1-5)"))
    g.add_argument("--seed", type=seed_number, default=None,
                   help=_("seed for the deal and the bots"))
    g.add_argument("--cards", type=whole_number, default=10,
                   help=_("decks run 1..CARDS (default 10)"))
    _rules_args(g)
    run_with(g, play_command, json=False)


def _specials(text: str) -> tuple[str, ...]:
    names = tuple(x.strip().lower() for x in text.split(",") if x.strip())
    bad = [x for x in names if x not in SPECIALS]
    if bad:
        raise CliError(_("--special takes {join}; got {join2}",
                         join=', '.join(SPECIALS), join2=', '.join(bad)))
    return names


HINT = _l("add --special {kind} to play with it")


def _cards(text: str, option: str):
    try:
        return parse_cards(text)
    except BluffkitError as e:
        raise CliError(_("{option}: {e}", option=option, e=e)) from None


def _deck(text: str, option: str, rules: JungleRules, distinct: bool = True,
          empty: bool = True):
    """One player's cards (hand, strength card, belief): cards of the decks, each once."""
    try:
        cards = deck_cards(parse_cards(text), rules.deck(), HINT, distinct)
    except BluffkitError as e:
        raise CliError(_("{option}: {e}", option=option, e=e)) from None
    if not cards and not empty:
        raise CliError(_("{option}: no card given", option=option))
    return cards


def _score(text: str, option: str, rules: JungleRules):
    try:
        return score_cards(parse_cards(text), rules.deck(), HINT)
    except BluffkitError as e:
        raise CliError(_("{option}: {e}", option=option, e=e)) from None


def _by_player(items, option: str, players: int, read) -> dict[int, tuple]:
    out = {}
    for item in items:
        seat, sep, cards = item.partition(":")
        if not sep or not seat.strip().isdigit() or int(seat) not in range(players):
            raise CliError(_("{option} takes PLAYER:CARDS with a player 0-{last}, got {item}",
                             option=option, last=players - 1, item=repr(item)))
        if int(seat) in out:
            raise CliError(_("{option}: player {p} is given twice", option=option,
                             p=int(seat)))
        out[int(seat)] = read(cards)
    return out


def _held(items, n: int, rules: JungleRules) -> dict[int, tuple]:
    held = _by_player(items, "--held", n, lambda t: _score(t, "--held", rules))
    for p, stack in held.items():
        if not stack:
            raise CliError(_("--held: player {p} is given no card", p=p))
        if len(stack) > 1 and not (rules.combined and len({c.value for c in stack}) == 1
                                   and sum(c.value for c in stack) <= 10):
            raise CliError(_("--held: player {p} holds {cards}, but a player holds one score "
                             "card (several of one value adding up to at most 10 only with "
                             "--combined)", p=p, cards=cards_text(stack, "+")))
    return held


def _check_score_count(centre, held, n: int) -> None:
    count = len(centre) + sum(len(h) for h in held.values())
    if count > n:
        raise CliError(_("--centre: a round has one score card per player ({n} players), but "
                         "--centre and --held list {count}", n=n, count=count))


def _fraction(text: str, option: str) -> Fraction:
    """A probability written ``1/2``, ``0.25`` or ``1`` (short: no exponent, no huge number)."""
    t = text.strip()
    try:
        if not re.fullmatch(r"\d{1,9}(/\d{1,9})?|\d{0,9}\.\d{1,9}", t):
            raise ValueError(t)
        p = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise CliError(_("{option} takes a probability like 1/2 or 0.25, got {text}",
                         option=option, text=repr(text[:40]))) from None
    if not 0 <= p <= 1:
        raise CliError(_("{option} is a probability, between 0 and 1, got {p}", option=option,
                         p=t))
    return p


# -- advise ---------------------------------------------------------------------------------------
def advise_command(args: argparse.Namespace) -> int:
    n = args.players
    if not 2 <= n <= 6:
        raise CliError(_("Jungle Bluff is for 2-6 players, got --players {n}", n=n))
    for name in ("me", "first"):
        if getattr(args, name) not in range(n):
            raise CliError(_("{option} must be a seat 0-{last}", option=f"--{name}", last=n - 1))
    if args.hand is None and args.strength is None:
        raise CliError(_("give --hand (to choose a strength card) or --strength (to take or "
                         "challenge)"))
    _no_unused_options(args, n)
    rules = JungleRules(players=n, combined=args.combined,
                        special_cards=_specials(args.special))
    centre = _score(args.centre, "--centre", rules)
    held = _held(args.held, n, rules)
    _check_score_count(centre, held, n)
    hand = _deck(args.hand, "--hand", rules) if args.hand is not None else ()
    strength = _strength(args.strength, rules) if args.strength is not None else None
    if n == 2:
        advice = _advise_two(args, rules, centre, held, hand, strength)
    else:
        beliefs = {p: Distribution.uniform(c) for p, c in _by_player(
            args.belief, "--belief", n, lambda t: _deck(t, "--belief", rules, empty=False)
        ).items()}
        deck = Distribution.uniform(rules.deck())
        opponents = [p for p in range(n) if p != args.me]
        if strength is None:
            if not hand:
                raise CliError(_("--hand: give at least one card to choose from"))
            advice = advise_strength(hand, [beliefs.get(p, deck) for p in opponents], args.me)
        else:
            order = [(args.first + k) % n for k in range(n)]
            later = (_later(args.later, n, args.me) if args.later is not None
                     else order[order.index(args.me) + 1:])
            full = {p: beliefs.get(p, deck) for p in opponents}
            advice = advise_turn(strength, centre, [held.get(p, ()) for p in range(n)], full,
                                 later, _fraction(args.later_challenge or "0",
                                                  "--later-challenge"),
                                 args.combined, args.me)
    return _print_advice(advice, args.json)


def _no_unused_options(args, n: int) -> None:
    """Refuse the options this advice would not read (they were ignored without a word)."""
    given = {"--belief": args.belief, "--later": args.later,
             "--later-challenge": args.later_challenge, "--opponent-hand": args.opponent_hand,
             "--final": args.final or None}
    if n == 2:
        unused = ("--belief", "--later", "--later-challenge")
        why = _("with two players the round is solved exactly (--opponent-hand says what the "
                "opponent may hold)")
    elif args.strength is None:
        unused = ("--later", "--later-challenge", "--opponent-hand", "--final")
        why = _("choosing a strength card with three or more players reads --belief only")
    else:
        unused = ("--opponent-hand", "--final")
        why = _("with three or more players the advice reads --belief, --later and "
                "--later-challenge")
    for option in unused:
        if given[option]:
            raise CliError(_("{option} is not used here: {why}", option=option, why=why))


def _later(text: str, n: int, me: int) -> list[int]:
    try:
        seats = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise CliError(_("--later takes seats separated by commas, got {text}",
                         text=repr(text))) from None
    for p in seats:
        if p not in range(n) or p == me:
            raise CliError(_("--later: {p} is not another player's seat (0-{last}, not --me)",
                             p=p, last=n - 1))
    if len(set(seats)) != len(seats):
        raise CliError(_("--later: each player moves once a round, got {text}",
                         text=repr(text)))
    return seats


def _strength(text: str, rules: JungleRules):
    cards = _deck(text, "--strength", rules)
    if len(cards) != 1:
        raise CliError(_("--strength takes one card, got {text}", text=repr(text)))
    return cards[0]


def _advise_two(args, rules, centre, held, hand, strength) -> JungleAdvice:
    me, first = args.me, args.first
    took = held.get(first)
    start = tuple(sorted(centre + (took or ())))
    options = tuple(sorted(set(hand) | ({strength} if strength else set())))
    if not options:
        raise CliError(_("--hand: give at least one card to choose from"))
    theirs = _deck(args.opponent_hand or DECK, "--opponent-hand", rules, empty=False)
    pair = (options, theirs) if me == 0 else (theirs, options)
    game = RoundGame(pair, start, first, args.combined, args.final)
    return advise_round(game, me, strength, Take(took) if took and me != first else None)


def _print_advice(advice: JungleAdvice, as_json: bool) -> int:
    if as_json:
        print_json(advice.to_json())
        return 0
    cols = advice.columns()
    if advice.phase == "choose" and advice.equilibrium is None:
        headers = [_("choice"), _("P(win as challenger)"), _("P(keep when challenged)")]
    else:
        headers = [_("choice"), _("value")] + [
            {"p_win": _("P(win)"), "frequency": _("equilibrium")}[c] for c in cols]
    names = [f"P{p}" for p in range(max(6, advice.player + 1))]
    rows = []
    for o in advice.options:
        data = o.to_json(cols)
        rows.append([say_move(str(o.action), names), fraction_text(o.value)]
                    + [fraction_text(data[c]) if isinstance(data[c], Fraction) else data[c]
                       for c in cols][:len(headers) - 2]
                    + ([_("<- best")] if o is advice.recommended else [""]))
    print(table(headers + [""], rows))
    print()
    print(advice.explanation)
    print(_("Model: {model}.", model=advice.model))
    return 0


# -- solve ----------------------------------------------------------------------------------------
def solve_command(args: argparse.Namespace) -> int:
    if args.first not in (0, 1):
        raise CliError(_("--first must be 0 or 1"))
    rules = JungleRules(players=2, combined=args.combined,
                        special_cards=_specials(args.special))
    hands = tuple(_deck(h, "--hands", rules) for h in args.hands)
    centre = _score(args.centre, "--centre", rules)
    if not all(hands) or not centre:
        raise CliError(_("--hands and --centre need at least one card each"))
    _check_score_count(centre, {}, 2)
    game = RoundGame(hands, centre, args.first, args.combined, args.final)
    eq = solve_round(game)
    high, low = best_response_values(eq)
    if args.json:
        print_json({**eq.to_json(), "verified": {"best_response_player0": high,
                                                 "best_response_player1": low}})
        return 0
    print(_("Value of the round for player 0 (points minus player 1's): {value}",
            value=fraction_text(eq.value)))
    for p in (0, 1):
        mix = ", ".join(f"{c} {fraction_text(q)}" for c, q in eq.strength[p].items() if q)
        print(_("Player {p} strength card: {mix}", p=p, mix=mix))
    names = ["P0", "P1"]
    rows = [[str(c), say_move(str(t), names), fraction_text(q)] for c, d in eq.take.items()
            if eq.strength[args.first].get(c) for t, q in d.items() if q]
    print(table([_("first player's card"), _("take"), _("probability")], rows))
    rows = [[str(c), say_move(str(t), names), say_move(str(a), names), fraction_text(q)]
            for (c, t), d in eq.answer.items()
            if eq.strength[1 - args.first].get(c) for a, q in d.items() if q]
    print(table([_("second player's card"), _("after"), _("answer"), _("probability")], rows))
    print(_("Verified by brute force: best pure reply for player 0 gets {high}, for player 1 "
            "{low} (both equal the value).", high=high, low=low))
    return 0


# -- play -----------------------------------------------------------------------------------------
HELP = _l("Type 'play 7' (or 7), 'take 10' (with combined cards 'take 3+3'), 'challenge 2', "
          "'advice' for the numbers, 'best' to play the advice, 'quit' to stop.")


def play_command(args: argparse.Namespace) -> int:
    check_bots(args.bots, 5)
    rules = JungleRules(players=args.bots + 1, top_card=args.cards, combined=args.combined,
                        special_cards=_specials(args.special))
    print(_("Jungle Bluff: you are player 0 against {bots}.",
            bots=_n("{n} advice bot", "{n} advice bots", args.bots)) + f" {HELP}")
    seen_moves = 0

    def on_move(before: JungleState, player: int, action, after: JungleState) -> None:
        nonlocal seen_moves
        if player == -1:
            print(_("Chance: {move}", move=_chance(action)))
        else:
            seen_moves = _report(before, after, seen_moves)

    state, stopped = play_loop(JungleState.new(rules), [AdviceBot()] * rules.players,
                               make_rng(args.seed), 0, _ask, on_move)
    if stopped:
        print(_("Game stopped."))
        return 0
    print(_("Game over. Scores: {scores}; winner(s): {winners}.",
            scores=", ".join(f"P{p}={x}" for p, x in enumerate(state.scores())),
            winners=", ".join(f"P{p}" for p in state.winners())))
    return 0


def _chance(action) -> str:
    """A deal or the first player, in the language."""
    if isinstance(action, FirstPlayer):
        return _("first player {p}", p=action.player)
    return _("deal {cards}", cards=cards_text(action.cards))


def _report(before: JungleState, after: JungleState, seen: int) -> int:
    """Print what player 0 sees of the last move; returns how many moves were shown."""
    obs = after.observation(0)
    moves = obs.moves if after.round == before.round else obs.history[-1].moves
    names = [f"P{p}" for p in range(after.rules.players)]
    for m in moves[seen:]:
        if isinstance(m, Taken | Duel):
            print("  " + move_words(m, names, 0))
    if after.round != before.round or after.is_terminal():
        last = obs.history[-1]
        won = ", ".join(f"P{p} {cards_text(w) or '-'}" for p, w in enumerate(last.won))
        print(_("End of the final round: won {won}", won=won)
              if last.number > after.rules.top_card
              else _("End of round {n}: won {won}", n=last.number, won=won))
        return 0
    return len(moves)


def _ask(state: JungleState):
    obs = state.observation(0)
    names = [f"P{p}" for p in range(state.rules.players)]
    piles = ", ".join(f"P{p} {sum(c.value for c in pile)}" for p, pile in enumerate(obs.piles))
    print()
    print(_("Final round, first player P{first}. Centre: {centre}. Piles: {piles}",
            first=obs.first, centre=cards_text(obs.centre), piles=piles) if obs.final else
          _("Round {n}, first player P{first}. Centre: {centre}. Piles: {piles}", n=obs.round,
            first=obs.first, centre=cards_text(obs.centre), piles=piles))
    if obs.phase == "choose":
        cards = obs.piles[0] if obs.final else obs.hand
        question = _("Your cards: {cards}. Your strength card: ", cards=cards_text(cards))
    else:
        holders = ", ".join(_("P{p} holds {cards}", p=p, cards=cards_text(h, "+"))
                            for p, h in enumerate(obs.held) if h)
        question = _("Your strength card is {card}. {holders}. Take or challenge: ",
                     card=obs.my_strength, holders=holders or _("Nobody holds a card"))

    def best():
        action = AdviceBot().choose(obs, state.legal_actions(), make_rng(None))
        print(_("Your move: {action}", action=say_move(str(action), names)))
        return action

    def explain():
        advice = advise(obs)
        print(HELP)
        _print_advice(advice, False)

    return ask_move(state, prompt_echo(question), best, explain)


__all__ = ["register"]
