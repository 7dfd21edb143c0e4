"""``bluffkit odds bungee``, ``bluffkit advise bungee`` and ``bluffkit play bungee``.

Examples::

    bluffkit odds bungee --hand 2,9,9,10 --discard 4,7 --lucky 8
    bluffkit odds bungee --hand 1,2,9 --lucky 8 --draws 3 --good "<=2" --json
    bluffkit advise bungee --hand 1,2,8 --discard 4,7 --lucky 8 --players 4 --samples 200
    bluffkit advise bungee --hand 1,4 --lucky 8 --last-lap --json
    bluffkit play bungee --bots 3 --seed 1
    bluffkit play bungee --bots 4 --auto --rounds 2 --json
"""

from __future__ import annotations

import argparse
import operator
import re
import sys
import time
from collections.abc import Callable
from fractions import Fraction

from ..advice.bungee.decision import COLUMNS, DEFAULT_SAMPLES, BungeeAdvice, advise, observation_for
from ..advice.bungee.simulation import draw_card
from ..bots.bungee import AdviceBot, GreedyBot, RandomBot
from ..core import BluffkitError, make_rng
from ..core.i18n import _, _l, _n, num
from ..games.bungee import (
    CARDS,
    BungeeRules,
    BungeeState,
    card_text,
    card_value,
    cards_text,
    hand_value,
    parse_card,
    parse_cards,
    parse_pile,
    say_move,
    seen_moves,
)
from ..odds.bungee import Knowledge, best_chance_of_bungee, draws_distribution, turn_odds
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
from .options import about, seed_number, whole_number
from .terminal import ask_move, check_bots, help_and_advice, play_loop

BOTS = {"greedy": GreedyBot, "advice": AdviceBot, "random": RandomBot}

MAX_SAMPLES = 20_000
"""The most simulated endings ``--samples`` accepts (about 0.1-0.3 ms each: a few seconds)."""
PROGRESS_AFTER = 1.0
"""A simulation expected to take longer than this (seconds) shows its estimated time and a
progress bar on stderr; a shorter one stays quiet."""
clock = time.perf_counter


def _knowledge_options(p) -> None:
    p.add_argument("--hand", required=True, help=_("my cards, e.g. 1,2,8,B (B: Bungee card)"))
    p.add_argument("--discard", default="",
                   help=_("the discard pile, bottom first, e.g. 10,4,7"))
    p.add_argument("--lucky", required=True, help=_("the lucky card, e.g. 8 (or B)"))
    p.add_argument("--first", action="store_true",
                   help=_("the round's first turn (play then draw only)"))


def register(commands) -> None:
    p = command(commands, "odds", "bungee", _("exact odds of a Bungee hand after each action"),
                _("What you know, the unseen cards, and the exact distribution of your "
                  "hand's value after each action (the card drawn is uniform over the "
                  "unseen cards)."))
    _knowledge_options(p)
    p.add_argument("--draws", type=whole_number, default=None,
                   help=_("also: how many of the next N drawn cards are --good "
                          "(hypergeometric)"))
    p.add_argument("--good", default=None,
                   help=_("which cards are good for --draws: '<=2' (value), '0' (worth 0), "
                          "or a list such as 1,2,B (default <=2)"))
    run_with(p, odds_command)

    a = command(commands, "advise", "bungee",
                _("the best action, and call Bungee now or play on?"),
                _("Exact numbers one step ahead; call-or-play-on estimated by seeded "
                  "simulation with standard errors."))
    _knowledge_options(a)
    a.add_argument("--players", type=whole_number, default=4, help=_("number of players (2-5)"))
    a.add_argument("--sizes", default=None,
                   help=_("the other players' hand sizes in playing order (default 5 each)"))
    a.add_argument("--last-lap", action="store_true",
                   help=_("somebody has called Bungee: this is my last action"))
    a.add_argument("--dealer", action="store_true",
                   help=_("I deal and the lucky card is a Bungee card: take it or leave it?"))
    a.add_argument("--samples", type=whole_number, default=DEFAULT_SAMPLES,
                   help=_("simulated endings per choice, 0-{most} (default {default}; past a "
                          "second, the time it takes and a progress bar)", most=MAX_SAMPLES,
                          default=DEFAULT_SAMPLES))
    a.add_argument("--seed", type=seed_number, default=0,
                   help=_("the simulation's seed (default 0)"))
    run_with(a, advise_command)

    g = command(commands, "play", "bungee", _("play Bungee against bots"),
                _("Play Bungee in the terminal against bots."))
    g.add_argument("--bots", type=whole_number, default=3, help=_("number of bots (1-4)"))
    g.add_argument("--bot", choices=sorted(BOTS), default="greedy",
                   help=_("the bots' strategy"))
    g.add_argument("--rounds", type=whole_number, default=6,
                   help=_("rounds in the game (default 6)"))
    g.add_argument("--seed", type=seed_number, default=None,
                   help=_("seed for the cards and the bots"))
    g.add_argument("--auto", action="store_true",
                   help=_("bots in every seat (watch a game)"))
    run_with(g, play_command, _("print the game's record and result as JSON (messages go to "
                                "stderr)"))


def _knowledge(args) -> Knowledge:
    if not args.lucky.strip():
        raise CliError(_("--lucky needs the lucky card turned beside the draw pile, e.g. 8 "
                         "(or B)"))
    cards = []
    for option, read, text in (("--hand", parse_cards, args.hand),
                               ("--discard", parse_pile, args.discard),
                               ("--lucky", parse_card, args.lucky)):
        with about(option):
            cards.append(read(text))
    with about("--hand", "--discard", "--lucky"):
        return Knowledge(*cards, opened=not args.first)


# -- odds -----------------------------------------------------------------------------------------
OPS = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt, "=": operator.eq}


def _good(text: str, k: Knowledge) -> tuple[str, Callable[[int], bool]]:
    """``'<=2'`` (a test on a card's value 0-10; a bare number means equal) or cards ``1,2,B``.

    Spaces around the comparison are allowed (``'<= 2'``), not inside the number: ``'<= 2 3'``
    is refused rather than read as ``<= 23``.
    """
    usage = _("--good takes one value test like '<=2' (a card's value, 0-10) or a list of "
              "cards like 1,2,B; got {text}", text=repr(text[:40]))
    t = text.strip()
    m = re.fullmatch(r"(<=|<|>=|>|=)?\s*(\d{1,3})", t)
    if m:
        op, n = m.group(1) or "=", int(m.group(2))
        if n > 10:
            raise CliError(usage)
        return _("value {op} {n}", op=op, n=n), lambda c: OPS[op](card_value(c, k.lucky), n)
    if re.match(r"[<>=]", t):
        raise CliError(usage)
    try:
        cards = set(parse_cards(t))
    except BluffkitError as e:
        raise CliError(_("{usage} ({e})", usage=usage, e=e)) from None
    if not cards:
        raise CliError(usage)
    return _("cards {cards}", cards=cards_text(sorted(cards))), lambda c: c in cards


def odds_command(args: argparse.Namespace) -> int:
    if args.good is not None and args.draws is None:
        raise CliError(_("--good needs --draws: it says which of the next drawn cards count"))
    k = _knowledge(args)
    options = turn_odds(k)
    out = {"knowledge": k.to_json(), "value": k.value, "score": k.score,
           "unseen": {card_text(c): n for c, n in zip(CARDS, k.unseen)},
           "unseen_count": k.unseen_count,
           "actions": [dict(o.to_json(), value_pmf={str(v): p for v, p in o.value.pmf().items()})
                       for o in options],
           "best_chance_of_bungee": best_chance_of_bungee(k)}
    if args.draws is not None:
        label, good = _good("<=2" if args.good is None else args.good, k)
        d = draws_distribution(k, args.draws, good)
        out["draws"] = {"draws": args.draws, "good": label,
                        "pmf": {str(x): p for x, p in d.pmf().items()}}
    if args.json:
        print_json(out)
        return 0
    lucky = card_text(k.lucky)
    print(_("Your hand {hand} is worth {value} (lucky {lucky} and Bungee cards count 0); if "
            "somebody else wins you score {score}.", hand=cards_text(k.hand), value=k.value,
            lucky=lucky, score=k.score))
    print(_("Unseen: {n} cards (opponents' hands and the draw pile); the card you draw is "
            "equally likely to be any of them.", n=k.unseen_count))
    print(table([_("card")] + [card_text(c) for c in CARDS],
                [[_("unseen")] + list(k.unseen)]))
    print()
    rows = [[say_move(str(o.action)), fraction_text(o.mean_value), fraction_text(o.p_bungee),
             fraction_text(o.mean_score), o.cards] for o in options]
    print(table([_("action"), _("E[value after]"), _("P(worth <= 5)"),
                 _("E[score if not winning]"), _("cards")], rows))
    print()
    print(_("Best chance of reaching 5 or less this turn: {p}",
            p=fraction_text(out["best_chance_of_bungee"])))
    if args.draws is not None:
        print()
        print(_("Good cards ({good}) among the next {n} drawn:", good=out["draws"]["good"],
                n=args.draws))
        print(table([_("good"), "P", ""], [[x, str(p), num(float(p), ".4f")]
                                           for x, p in d.pmf().items()]))
    return 0


# -- advise ---------------------------------------------------------------------------------------
def advice_table(advice: BungeeAdvice) -> str:
    rows = advice.rows()
    keys = list(dict.fromkeys(key for r in rows for key in r))
    body = []
    for r in rows:
        cells = [fraction_text(r[key]) if isinstance(r.get(key), Fraction) else
                 str(r.get(key, "")) for key in keys]
        cells[keys.index("action")] = say_move(str(r["action"]))
        body.append(cells + ([_("<- best")] if r["action"] == str(advice.recommended)
                             else [""]))
    return table([str(COLUMNS.get(key, key.replace("_", " "))) for key in keys] + [""], body)


def advise_command(args: argparse.Namespace) -> int:
    if not 0 <= args.samples <= MAX_SAMPLES:
        raise CliError(_("--samples must be 0-{most} simulated endings per choice (each takes "
                         "about a millisecond or two; 0 gives the exact part only), got {n}",
                         most=MAX_SAMPLES, n=args.samples))
    k = _knowledge(args)
    sizes = ints(args.sizes, "--sizes") if args.sizes is not None else None
    obs = observation_for(k, args.players, sizes, args.last_lap, args.dealer)
    bar = ProgressBar(_("Simulating endings"))
    advice = advise(obs, args.samples, args.seed, progress=bar)
    bar.close()
    return print_advice(advice, args.json, advice_table)


class ProgressBar:
    """``progress(done, total)`` on stderr for work that turns out long.

    Quiet while the work is expected to end within :data:`PROGRESS_AFTER` seconds (the time per
    step so far times the steps left); past that, at once a line with the estimated time, then a
    bar with the time left: redrawn in place on a terminal, a line at each tenth otherwise (a
    log file, a pipe).
    """

    def __init__(self, label: str, width: int = 30):
        self.label, self.width = label, width
        self.tty = sys.stderr.isatty()
        self.start = clock()
        self.started, self.shown, self.drawn = False, -1, False

    def __call__(self, done: int, total: int) -> None:
        elapsed = clock() - self.start
        left = elapsed / max(done, 1) * (total - done)
        if not self.started:
            if elapsed + left < PROGRESS_AFTER:
                return
            self.started = True
            print(_("{label}: {total} in all, about {time} (Ctrl+C stops).", label=self.label,
                    total=total, time=_duration(elapsed + left)), file=sys.stderr, flush=True)
        tenth = 10 * done // total
        if not self.tty and tenth == self.shown:
            return
        self.shown = tenth
        filled = self.width * done // total
        line = (f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}, "
                + (_("done") if done >= total else _("about {time} left",
                                                         time=_duration(left))))
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
            self.drawn = True
        else:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.drawn:
            print(file=sys.stderr, flush=True)


def _duration(seconds: float) -> str:
    """``'12 s'``, ``'3 min'``: an estimate, rounded.

    >>> _duration(0.2), _duration(44.6), _duration(150)
    ('1 s', '45 s', '3 min')
    """
    return f"{max(1, round(seconds))} s" if seconds < 100 else f"{int(seconds / 60 + 0.5)} min"


# -- play -----------------------------------------------------------------------------------------
HELP = _l("Type 'play 7,7' (play cards of one value, then draw), 'take, play 9' (take the "
          "discard pile's top card, then play), 'bungee' to call, 'pass' not to call, 'advice' "
          "for the numbers, 'best' to play the advice, 'quit' to stop.")


def play_command(args: argparse.Namespace) -> int:
    check_bots(args.bots, 4)
    rules = BungeeRules(players=args.bots + 1, rounds=args.rounds)
    rng = make_rng(args.seed)
    bot = BOTS[args.bot]()
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    human = None if args.auto else 0
    record: list[str] = []
    results = []
    who = _("bots only") if human is None else _("you are player 0")
    say(_("Bungee: {who}, {players} players, {rounds}.", who=who, players=rules.players,
          rounds=_n("{n} round", "{n} rounds", rules.rounds))
        + ("" if human is None else " " + str(HELP)))

    def on_move(before: BungeeState, _player, action, after: BungeeState) -> None:
        for line in _public(before, action, after, human):
            say(line)
            record.append(line)
        if after.last is not before.last:
            results.append(after.last)

    state, stopped = play_loop(BungeeState.new(rules), [bot] * rules.players, rng, human,
                               lambda s: _ask(s, human, say), on_move,
                               chance=lambda s, r: draw_card(s.pile, r))
    if stopped:
        say(_("Game stopped."))
    if state.is_terminal():
        won = state.winners()
        who = _(" and ").join(f"P{p}" for p in won)
        if human in won:
            say(_n("Game over: totals {totals}; {who} wins (you!)",
                   "Game over: totals {totals}; {who} win (you!)", len(won),
                   totals=list(state.totals), who=who))
        else:
            say(_n("Game over: totals {totals}; {who} wins.",
                   "Game over: totals {totals}; {who} win.", len(won),
                   totals=list(state.totals), who=who))
    if args.json:
        print_json({"players": rules.players, "bot": args.bot, "seed": args.seed,
                    "rounds": [r.to_json() for r in results], "totals": list(state.totals),
                    "winners": state.winners(), "record": record})
    return 0


def _public(before: BungeeState, action, after: BungeeState, human) -> list[str]:
    """What everyone at the table sees happen (and, for the human, the cards they draw)."""
    lines = []
    for p, text in seen_moves(before, action, after, human):
        said = say_move(text)
        if p < 0:
            lines.append(said[0].upper() + said[1:] + ".")
        else:
            lines.append(_("{name}: {move}", name=_("You") if p == human else f"P{p}",
                           move=said))
    if after.last is not before.last:
        lines += _round_end(after.last, after)
    return lines


def _round_end(r, after: BungeeState) -> list[str]:
    lines = [_("Round {round} over (lucky {lucky}). Hands in calling order:", round=r.round,
               lucky=card_text(r.lucky))]
    order = list(r.callers) + [p for p in range(len(r.hands)) if p not in r.callers]
    for p in order:
        tag = (_("Bungee #{k}", k=r.callers.index(p) + 1) if p in r.callers
               else _("no call"))
        lines.append("  " + _("P{p}: {hand} worth {value} ({tag}), scores {score}", p=p,
                              hand=cards_text(r.hands[p]), value=r.values[p], tag=tag,
                              score=r.scores[p]))
    lines.append("  " + _("P{p} wins the round. Totals: {totals}", p=r.winner,
                          totals=list(after.totals)))
    return lines


def _ask(state: BungeeState, me: int, say):
    obs = state.observation(me)
    say(_("Round {round}. Lucky {lucky}; discard top {top}; hand sizes {sizes}; draw pile "
          "{pile}.", round=obs.round, lucky=card_text(obs.lucky) if obs.lucky else "-",
          top=card_text(obs.top) if obs.top else "-", sizes=list(obs.hand_sizes),
          pile=obs.pile_size))
    if obs.callers:
        say(_("Last lap: called Bungee: {players}",
              players=", ".join(f"P{p}" for p in obs.callers)))
    say(_("Your hand: {hand} (worth {value}).", hand=cards_text(obs.hand),
          value=hand_value(obs.hand, obs.lucky)))
    legal = state.legal_actions()

    def read():
        say(_("Your move: "))
        text = sys.stdin.readline()
        return text.strip() if text else None

    def best():  # the move is then shown like every other (on_move)
        return advise(obs).recommended

    def explain():
        help_and_advice(str(HELP), advise(obs), advice_table, say)

    return ask_move(state, read, best, explain, say,
                    on_illegal=lambda: say(_("Legal: {moves}", moves="; ".join(
                        say_move(str(a)) for a in legal))))
