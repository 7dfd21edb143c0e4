"""Bungee states to JSON and back; loading refuses every state the engine cannot reach that
can be told from what the state keeps.

The draw pile is written as counts by card (``{"1": 5, ..., "B": 3}``: its order is chance's
secret), hands and the discard pile as card text (``"1,2,8,B"``, the discard pile bottom first).

How a loaded state is checked. :func:`state_from_json` (a state of a game) accepts only states
the engine reaches: the state keeps chance's part of the game (``dealt``: every card taken from
the draw pile this round, in order; ``past``: the rounds played before, each with its cards and
history), so after the checks below the whole game is played again from ``BungeeState.new``
through ``apply`` (each card drawn, each player's move of the histories) and the loaded state
must equal the state reached, field for field.

:func:`position_from_json` loads a position set up for analysis (a table, the worlds the
advice samples), which need not come from a game played from the start, with the invariants
only (:func:`check`): every field is read and named if malformed; the 56 cards are all
somewhere exactly once; each phase's fields are the ones that phase allows; the round's
``history`` is played again on what it shows: the lucky card, the discard pile card by card,
each hand's size, the callers, whether the round has opened, the refills of the draw pile, the
turn order before the first call (who plays, draws and is skipped), nobody acting after calling
(a history that does not start with the lucky card: only the form of its entries); the ``last``
round's winner and scores follow from its hands (``score_round``), and the totals before it are
reachable in the rounds played (each round one winner scores -10 and everybody else 0 to 50); a
finished game shows the last round's hands, lucky card and callers.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...core import BluffkitError, InvalidState
from ...core.codec import Codec, Field, apply_logged
from ...core.fields import bad_state, impossible, pairs, readable, whole_number
from ...core.i18n import _, _n
from ...core.kinds import FLAG, RAW, SEAT, TO_MOVE, Kind, choice, saved, textual, whole
from .actions import Draw
from .cards import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    HAND_SIZE,
    WIN_SCORE,
    add_counts,
    card_text,
    cards_text,
    counts_of,
    hand_value,
    parse_card,
    parse_cards,
    parse_pile,
)
from .scoring import PlayedRound, RoundResult, score_round
from .state import PHASES, BungeeObservation, BungeeRules, BungeeState
from .text import parse_action

MOST_CARDS_SCORE = 50
"""The highest hand score: five cards, each worth 10 (three Bungee cards and two 10s)."""
REFILL = "the discard pile but its top card is shuffled into a new draw pile"
EXTRA_LAP = "a 6 skipped onto the first caller: everybody else acts once more"


def _history(v, name: str, rules) -> tuple[tuple[int, str], ...]:
    h = pairs(v, name)
    if any(not -1 <= p < rules.players for p, _t in h):
        raise InvalidState(_("field {name} names players 0-{value} (or -1 for the table)",
                             name=repr(name), value=rules.players - 1))
    return h


def _pile(v, name: str, rules) -> tuple[int, ...]:
    names = [card_text(c) for c in CARDS]
    if not isinstance(v, dict) or set(v) != set(names):
        raise InvalidState(_("field 'pile' needs one count for each card 1-10 and B"))
    return tuple(whole_number(v[k], "pile", 0, want) for k, want in zip(names, DECK))


HAND = textual(parse_cards, cards_text)
PILE = textual(parse_pile, cards_text)
CARD = textual(parse_card, card_text)
PLAYERS_HISTORY = Kind(_history, lambda h: [[p, a] for p, a in h])
RESULT = saved(RoundResult, round=whole(1), lucky=CARD.optional, hands=HAND.listed,
               callers=SEAT.listed, winner=SEAT, scores=whole().listed)


def _replayed(s: BungeeState, log: list | None = None) -> BungeeState:
    """The engine's state after playing again, from ``BungeeState.new``, the cards taken from
    the draw pile and the players' moves that ``s`` records (``past``, then this round)."""
    rounds = s.past + (PlayedRound(s.dealt, s.history),)
    cards = [(k, c) for k, r in enumerate(rounds, 1) for c in r.dealt]
    moves = [(k, i, p, t) for k, r in enumerate(rounds, 1) for i, (p, t) in enumerate(r.history)
             if p >= 0 and t not in ("draws a card", "skipped")]
    state, next_card, next_move = BungeeState.new(s.rules), 0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            if next_card == len(cards):
                break
            k, c = cards[next_card]
            if k != state.round:
                _bad(_("round {k}'s cards ('dealt') are drawn in round {round}",
                       k=k, round=state.round))
            state, next_card = apply_logged(state, Draw(c), log), next_card + 1
            continue
        if next_move == len(moves):
            break
        k, i, p, t = moves[next_move]
        where = _("round {k}'s history entry {value} ({readable})", k=k, value=i + 1,
                  readable=readable(t))
        if (k, p) != (state.round, state.to_move):
            _bad(_("{where}: player {to_move} of round {round} was to move",
                   where=where, to_move=state.to_move, round=state.round))
        try:
            state = apply_logged(state, _decision(t), log)
        except BluffkitError as e:
            _bad(_("{where} cannot be played: {e}", where=where, e=e))
        next_move += 1
    if next_card < len(cards) or next_move < len(moves):
        _bad(_("the cards taken ('dealt') and the moves ('history') go on after the game reaches "
               "round {round}, phase {phase}", round=state.round, phase=state.phase))
    return state


@lru_cache(maxsize=1024)
def _decision(t: str):
    """The action a player's history entry records (a take names the card taken); the same
    few texts come back all game long, so they are read once."""
    m = _TAKE.fullmatch(t)
    return parse_action(None, f"take, play {m.group(2)}" if m else t)


_bad = impossible("Bungee")


def check(s: BungeeState) -> None:
    """Raise ``InvalidState`` unless ``s`` is a state the rules can reach."""
    n = s.rules.players
    if s.phase not in PHASES:
        _bad(_("phase must be one of {join}, got {phase}",
               join=', '.join(PHASES), phase=repr(s.phase)))
    if len(s.hands) != n or len(s.totals) != n:
        _bad(_("hands and totals need one entry per player ({count})", count=n))
    if len(s.pile) != len(CARDS) or any(k < 0 for k in s.pile):
        _bad(_("the draw pile needs a count >= 0 for each card 1-10 and B"))
    if not 1 <= s.round <= s.rules.rounds:
        _bad(_("round {round} is not one of the game's rounds 1-{rounds}",
               round=s.round, rounds=s.rules.rounds))
    held = counts_of(c for h in s.hands for c in h)
    lucky = counts_of(() if s.lucky is None else (s.lucky,))
    total = add_counts(add_counts(held, s.pile), add_counts(counts_of(s.discard), lucky))
    for c, k, want in zip(CARDS, total, DECK):
        if k != want:
            _bad(_("the game holds {k} cards {card_text} (hands, piles, lucky card) but the deck "
                   "has {want}", k=k, card_text=card_text(c), want=want))
    for p, h in enumerate(s.hands):
        if tuple(sorted(h)) != h:
            _bad(_("player {p}'s hand must be sorted", p=p))
        if len(h) > HAND_SIZE:
            _bad(_("player {p} holds {h} cards; a hand never holds more than {hand_size}",
                   p=p, h=len(h), hand_size=HAND_SIZE))
    if s.last is not None:
        if s.last.round != s.round - (s.phase != "over"):
            _bad(_("the last round's result belongs to the round before this one"))
        _check_result(s.last, n)
        if s.last.round == 1 and s.totals != s.last.scores:
            _bad(_("after the first round the totals are that round's scores"))
    elif s.round > 1:
        _bad(_("from round 2 on, the state keeps the last round's result"))
    elif any(s.totals):
        _bad(_("before the first round ends every total is 0"))
    if s.last is not None:
        before = tuple(t - x for t, x in zip(s.totals, s.last.scores))
        if not totals_reachable(before, s.last.round - 1):
            _bad(_("the totals before round {round} ({list}) cannot come from {value} rounds: each "
                   "round one player scores -10 and the others 0 to {most_cards_score}",
                   round=s.last.round, list=list(before), value=s.last.round - 1,
                   most_cards_score=MOST_CARDS_SCORE))
    if s.phase == "over":
        r = s.last
        if s.to_move != -2 or s.round != s.rules.rounds or r is None:
            _bad(_("a finished game ends its last round with a result and nobody to move"))
        if (s.hands, s.lucky, s.callers) != (r.hands, r.lucky, r.callers) or s.to_act or (
                s.skip or not s.opened):
            _bad(_("a finished game shows the last round's hands, lucky card and callers, with "
                   "nobody left to act"))
        _check_history(s)
        return
    if s.to_move not in range(n):
        _bad(_("player to move {to_move} is not a player 0-{value}",
               to_move=s.to_move, value=n - 1))
    if s.phase in ("deal", "lucky", "draw") and not sum(s.pile):
        _bad(_("a card must be drawn but the draw pile is empty (it is refilled as soon as empty)"))
    if s.phase == "deal":
        want = [HAND_SIZE] * s.to_move + [None] + [0] * (n - s.to_move - 1)
        if s.discard or s.lucky is not None or s.callers or s.to_act or s.skip or s.opened or any(
                w is not None and len(h) != w for h, w in zip(s.hands, want)) or len(
                s.hands[s.to_move]) >= HAND_SIZE:
            _bad(_("while dealing, hands fill one after the other and nothing else is on the "
                   "table"))
        if s.history:
            _bad(_("nothing has happened in the round while the cards are dealt (history)"))
        return
    if not s.opened and any(len(h) != HAND_SIZE for h in s.hands):
        _bad(_("before the first play every hand holds 5 cards"))
    if any(not h and (s.phase != "draw" or p != s.to_move) for p, h in enumerate(s.hands)):
        _bad(_("after the deal every hand holds a card (only a player about to draw may hold "
               "none)"))
    if s.phase == "lucky" and s.lucky is not None:
        _bad(_("a lucky card is about to be turned but one lies there already"))
    if s.phase != "lucky" and s.lucky is None:
        _bad(_("phase {phase} needs a lucky card", phase=s.phase))
    if s.phase == "dealer" and (s.lucky != BUNGEE or s.to_move != s.rules.dealer or s.opened):
        _bad(_("only the dealer decides about a Bungee card turned as lucky card, before play"))
    if not s.opened and (s.callers or len(s.discard) > 3 or s.to_move not in (0, s.rules.dealer)):
        _bad(_("before the first play nobody has called and only the dealer may have discarded"))
    if s.phase == "turn" and not s.opened and s.to_move != 0:
        _bad(_("player 0 opens the round (the dealer only decides about a Bungee lucky card)"))
    if s.phase == "draw" and (not s.opened or len(s.hands[s.to_move]) >= HAND_SIZE):
        _bad(_("player {to_move} is about to draw, so has just played at least one card: they hold "
               "at most {value} cards", to_move=s.to_move, value=HAND_SIZE - 1))
    if len(set(s.callers)) != len(s.callers) or not set(s.callers) <= set(range(n)):
        _bad(_("callers must be distinct players, got {list}", list=list(s.callers)))
    if len(set(s.to_act)) != len(s.to_act) or set(s.to_act) & set(s.callers) or not set(
            s.to_act) <= set(range(n)):
        _bad(_("players still to act in the last lap are distinct players who have not called"))
    if s.to_act and not s.callers:
        _bad(_("only the last lap (after a call) has players still to act"))
    if not 0 <= s.skip <= HAND_SIZE or (s.skip and s.phase not in ("draw", "call")):
        _bad(_("sixes waiting to skip ({skip}) belong to a turn being finished", skip=s.skip))
    for p in s.callers:
        if hand_value(s.hands[p], s.lucky) > CALL_LIMIT:
            _bad(_("player {p} called Bungee but holds a hand worth more than {call_limit} (a "
                   "caller's hand no longer changes)", p=p, call_limit=CALL_LIMIT))
    if s.to_move in s.callers:
        _bad(_("player {to_move} has called Bungee and plays no more this round",
               to_move=s.to_move))
    if s.phase == "call" and (not s.callers or hand_value(s.hands[s.to_move], s.lucky)
                              > CALL_LIMIT or s.to_move in s.to_act):
        _bad(_("a last-lap call after acting needs a hand worth 5 or less, and the action done"))
    if s.phase == "turn" and s.callers and (not s.to_act or s.to_act[0] != s.to_move):
        _bad(_("in the last lap the player to move is the first still to act"))
    _check_history(s)


_PLAY = re.compile(r"play ((?:\w+,)*\w+)")
_TAKE = re.compile(r"take (\w+), play ((?:\w+,)*\w+)")
_LUCKY = re.compile(r"lucky card (\w+)")
_DISCARD = re.compile(r"take lucky, discard (\w+)")


def _check_history(s: BungeeState) -> None:
    """Play the round's history again on what it shows and compare with the state."""
    n = s.rules.players
    sizes, discard, lucky, callers, opened = [HAND_SIZE] * n, [], None, [], False

    def bad(i: int, msg: str):
        raise bad_state(_("impossible Bungee state: history entry {value} ({history}): {msg}",
                          value=i + 1, history=repr(s.history[i][1]), msg=msg))

    whole = bool(s.history) and s.history[0][0] == -1 and bool(_LUCKY.fullmatch(s.history[0][1]))
    for i, (p, t) in enumerate(s.history):
        if not whole:  # a position set up for analysis, then played on: the entries' forms only
            table = bool(_LUCKY.fullmatch(t)) or t in (REFILL, EXTRA_LAP)
            player = any(r.fullmatch(t) for r in (_TAKE, _PLAY, _DISCARD)) or t in (
                "leave lucky B", "draws a card", "bungee", "pass", "skipped")
            if not (table if p == -1 else player):
                bad(i, _("not an entry of a Bungee history"))
            continue
        try:
            if p == -1:
                if m := _LUCKY.fullmatch(t):
                    if lucky is not None:
                        bad(i, _("a lucky card is turned while one lies there"))
                    lucky = parse_card(m.group(1))
                elif t == REFILL:
                    discard = discard[-1:]
                elif t != EXTRA_LAP:
                    bad(i, _("not something the table does"))
                continue
            if m := _TAKE.fullmatch(t):
                top, played = parse_card(m.group(1)), parse_cards(m.group(2))
                if not discard or discard[-1] != top:
                    bad(i, _("the card taken is not the top of the discard pile"))
                discard = discard[:-1] + list(played)
                sizes[p] += 1 - len(played)
                opened = True
            elif m := _PLAY.fullmatch(t):
                played = parse_cards(m.group(1))
                discard += list(played)
                sizes[p] -= len(played)
                opened = True
            elif m := _DISCARD.fullmatch(t):
                if lucky != BUNGEE or p != s.rules.dealer or opened:
                    bad(i, _("only the dealer takes a Bungee card turned as lucky card, before "
                             "play"))
                discard.append(parse_card(m.group(1)))
                lucky = None
            elif t == "leave lucky B":
                if lucky != BUNGEE or p != s.rules.dealer or opened:
                    bad(i, _("only the dealer leaves a Bungee card turned as lucky card"))
            elif t == "draws a card":
                sizes[p] += 1
            elif t == "bungee":
                callers.append(p)
            elif t not in ("pass", "skipped"):
                bad(i, _("not an action of the game"))
        except (BluffkitError, ValueError) as e:
            if isinstance(e, InvalidState):
                raise
            bad(i, str(e))
        if min(sizes) < 0 or max(sizes) > HAND_SIZE:
            bad(i, _("a hand would hold fewer than 0 or more than {hand_size} cards",
                     hand_size=HAND_SIZE))
    if s.phase == "deal" or not whole:
        return  # a position set up for analysis (advice's sampled worlds, tests' tables)
    _check_turns(s)
    checks = [("discard", cards_text(discard), cards_text(s.discard)),
              ("lucky", lucky, s.lucky), ("callers", callers, list(s.callers)),
              ("opened", opened, s.opened)]
    checks.append(("hands", sizes, [len(h) for h in s.hands]))
    for name, want, got in checks:
        if want != got:
            raise bad_state(_("impossible Bungee state: field {name} is {readable} but the round's"
                              " history gives {readable2}",
                              name=repr(name), readable=readable(got), readable2=readable(want)))


def _check_turns(s: BungeeState) -> None:
    """Before the first call, turns go round from player 0: each one plays then draws, or takes
    and plays, and the sixes played skip the players after them; nobody acts after calling."""
    n, h = s.rules.players, s.history
    expected, called = 0, []
    i = 0
    while i < len(h):
        p, t = h[i]
        if p == -1 or t in ("leave lucky B", "pass") or _DISCARD.fullmatch(t) or (
                called and t == "skipped"):
            i += 1
            continue
        if p in called and not (t == "bungee" and i and h[i - 1][0] == p):
            _turn_error(s, i, _("player {p} called Bungee and plays no more this round", p=p))
        if called:
            called += [p] if t == "bungee" else []
            i += 1
            continue
        if p != expected or t in ("draws a card", "skipped"):
            _turn_error(s, i, _("it is player {p}'s turn", p=expected))
        if t == "bungee":
            called.append(p)
            i += 1
            continue
        i += 1
        if _PLAY.fullmatch(t):
            if i < len(h) and h[i] != (p, "draws a card"):
                _turn_error(s, i, _("player {p} draws a card after playing", p=p))
            i += 1
        sixes = sum(1 for c in parse_cards((_PLAY.fullmatch(t) or _TAKE.fullmatch(t)).group(
            _TAKE.fullmatch(t) and 2 or 1)) if c == 6)
        while i < len(h) and h[i][0] == -1 and h[i][1] == REFILL:
            i += 1
        for k in range(1, sixes + 1):
            if i < len(h) and h[i] != ((p + k) % n, "skipped"):
                _turn_error(s, i, _n("the six just played skips player {p}",
                                    "the {n} sixes just played skip player {p}", sixes,
                                    p=(p + k) % n))
            i += 1
        expected = (p + sixes + 1) % n


def _turn_error(s: BungeeState, i: int, why: str):
    entry = s.history[min(i, len(s.history) - 1)]
    raise bad_state(_("impossible Bungee state: history entry {value} ({entry} by player {entry2})"
                      " is out of turn: {why}",
                      value=i + 1, entry=repr(entry[1]), entry2=entry[0], why=why))


def _check_result(r: RoundResult, n: int) -> None:
    if len(r.hands) != n or len(r.scores) != n:
        raise InvalidState(_("the last round's result needs one hand and score per player "
                             "({count})", count=n))
    if not r.callers or len(set(r.callers)) != len(r.callers) or not set(r.callers) <= set(
            range(n)):
        raise InvalidState(_("the last round's callers must be distinct players 0-{value}, got "
                             "{list}", value=n - 1, list=list(r.callers)))
    if r.lucky is None or any(not 1 <= len(h) <= HAND_SIZE for h in r.hands):
        raise InvalidState(_("the last round's result shows the lucky card and each hand (1 to "
                             "{hand_size} cards)", hand_size=HAND_SIZE))
    shown = counts_of([c for h in r.hands for c in h] + [r.lucky])
    if any(k > want for k, want in zip(shown, DECK)):
        raise InvalidState(_("the last round's hands and lucky card hold more of a card than the "
                             "deck has"))
    if any(hand_value(r.hands[p], r.lucky) > CALL_LIMIT for p in r.callers):
        raise InvalidState(_("in the last round a caller held a hand worth more than {call_limit}",
                             call_limit=CALL_LIMIT))
    if (r.winner, r.scores) != score_round(r.hands, r.lucky, r.callers):
        raise InvalidState(_("the last round's winner and scores do not follow from its hands"))


def totals_reachable(totals, rounds: int) -> bool:
    """Whether ``rounds`` finished rounds can leave ``totals``: each round one player (the
    winner) scores -10 and each other player 0 to 50.

    >>> totals_reachable((-10, 7), 1), totals_reachable((-10, -10), 1), totals_reachable((0, 0), 0)
    (True, False, True)
    """
    sums = {0}
    for t in totals:
        wins = [w for w in range(rounds + 1)
                if 0 <= t - w * WIN_SCORE <= MOST_CARDS_SCORE * (rounds - w)]
        sums = {x + w for x in sums for w in wins if x + w <= rounds}
    return rounds in sums


CODEC = Codec("bungee", "Bungee", BungeeState, BungeeRules, (
    Field("round", whole(1, lambda rules: rules.rounds)),
    Field("phase", choice(PHASES)),
    Field("to_move", TO_MOVE),
    Field("hands", HAND.per_player),
    Field("pile", Kind(_pile, lambda pile: {card_text(c): k for c, k in zip(CARDS, pile)})),
    Field("discard", PILE),
    Field("lucky", CARD.optional, None),
    Field("opened", FLAG),
    Field("callers", SEAT.listed),
    Field("to_act", SEAT.listed),
    Field("skip", whole(0, HAND_SIZE)),
    Field("totals", whole().per_player),
    Field("history", PLAYERS_HISTORY, ()),
    Field("last", RESULT.optional, None),
    Field("dealt", PILE, ()),
    Field("past", saved(PlayedRound, dealt=PILE, history=PLAYERS_HISTORY).listed, ()),
), _replayed, check, BungeeObservation, (
    Field("player", SEAT), Field("hand", HAND), Field("hand_sizes", whole(0).listed),
    Field("discard", PILE), Field("lucky", CARD.optional), Field("pile_size", whole(0)),
    Field("phase", RAW), Field("to_move", RAW), Field("round", whole(0)), Field("opened", FLAG),
    Field("callers", SEAT.listed), Field("to_act", SEAT.listed), Field("skip", RAW),
    Field("totals", RAW.listed), Field("history", PLAYERS_HISTORY),
    Field("last", RESULT.optional), Field("previous", PLAYERS_HISTORY, ())))
state_to_json = CODEC.to_json
state_from_json = CODEC.from_json
position_from_json = CODEC.position_from_json
observation_from_json = CODEC.observation_from_json

__all__ = ["CODEC", "check", "observation_from_json", "position_from_json", "state_from_json",
           "state_to_json"]
