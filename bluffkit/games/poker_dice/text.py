"""Reading actions typed by a person and describing a state in words."""

from __future__ import annotations

import re

from ...core import IllegalAction, ParseError
from ...core.i18n import _, _n
from ...core.text import short_text
from .actions import Ante, Bet, Call, Fold, Pass, Raise, Roll, StartRoll
from .hand import dice_text, parse_dice, parse_face
from .state import PokerDiceState

_WORDS = {"fold": Fold(), "f": Fold(), "se coucher": Fold(), "couche": Fold(),
          "call": Call(), "c": Call(), "suivre": Call(), "suis": Call(), "ante": Ante(),
          "a": Ante(), "parier": Ante(), "pass": Pass(), "p": Pass(), "passer": Pass(),
          "passe": Pass()}
_FRENCH_WORDS = {"mise": "bet", "miser": "bet", "relance": "raise", "relancer": "raise",
                 "à": "to", "a": "to", "de": ""}
"""Bets typed in French (``mise 3``, ``relance 2``, ``relance à 9``) read as their English
twins."""


def parse_action(state: PokerDiceState, text: str):
    """Read ``ante``, ``pass``, ``fold``, ``call``, ``bet 3``, ``raise 2`` (call and raise by 2),
    ``raise to 9`` (call and raise so that the bet to match becomes 9), ``roll 9,K,K`` or
    ``start K``. The action is not checked for legality (``apply`` does that), except
    ``raise to``, which needs the current bet.

    >>> s = PokerDiceState.new()
    >>> parse_action(s, "raise 2"), parse_action(s, "Bet 5")
    (Raise(by=2), Bet(amount=5))
    """
    t = re.sub(r"\s+", " ", short_text(text, _("a move"), "raise 2").lower())
    if t in _WORDS:
        return _WORDS[t]
    t = " ".join(w for w in (_FRENCH_WORDS.get(w, w) for w in t.split()) if w)
    m = re.fullmatch(r"(bet|raise|r|b) (to )?(-?\d+)", t)
    if m:
        kind, to, amount = m.group(1)[0], bool(m.group(2)), int(m.group(3))
        if kind == "b":
            if to:
                raise ParseError(_("{text}: write the first bet as 'bet N' (N points)",
                                   text=repr(text)))
            return Bet(amount)
        if not to:
            return Raise(amount)
        by = amount - state.level
        if by < 1:
            raise IllegalAction(_(
                "raise to {amount}: {level}, so raise to {least} or more (a raise calls, "
                "{owed}, and adds at least 1 point); or call, or fold", amount=amount,
                level=_level_words(state), least=state.level + 1, owed=_owed_words(state)))
        return Raise(by)
    if t.startswith("roll "):
        return Roll(parse_dice(t[5:]))
    if t.startswith("start "):
        return StartRoll(parse_face(t[6:]))
    raise ParseError(_(
        "{text} is not an action: type 'ante' or 'pass' before the common roll; then "
        "'fold', 'bet N', 'call', 'raise N' (call and add N more) or 'raise to N' (your total "
        "this round becomes N points, the ante included)", text=repr(text)))


def _level_words(s: PokerDiceState) -> str:
    return _("each player still in must have put in {level} points in all this round (the "
             "ante of 1 included)", level=s.level)


def _owed_words(s: PokerDiceState, p: int | None = None) -> str:
    p = s.to_move if p is None else p
    owed = s.to_call(p)
    return (_("you put in {owed} more now, for {total} in all", owed=owed,
              total=s.committed[p] + owed) if owed else _("nothing more to put in"))


def call_words(s: PokerDiceState, p: int, names=None) -> str:
    """What calling costs ``p`` now and what their total becomes, in plain words (``names``: the
    players as the table names them, ``P0``, ``P1`` ... by default).

    >>> from bluffkit.games.poker_dice import PokerDiceRules
    >>> s = PokerDiceState.new(PokerDiceRules(players=2, leader=0))
    >>> for move in ("roll 9,9,9", "roll K,K,A", "ante", "ante", "roll 9,Q,K", "bet 3"):
    ...     s = s.apply(parse_action(s, move))
    >>> call_words(s, 0)
    'P1 bet 3: to call, put in 3 more points now (4 in all this round, the ante of 1 included).'
    """
    if not s.opened:
        return _("Nothing to call yet: the first player who does not fold bets at least 1 "
                 "point.")
    owed = s.to_call(p)
    last = next((who for who, move in reversed(s.history)
                 if move.startswith(("bet", "raise"))), None)
    name = (names[last] if names else f"P{last}") if last is not None else ""
    call = _n("to call, put in {n} more point now ({total} in all this round, the ante of 1 "
              "included).", "to call, put in {n} more points now ({total} in all this round, "
              "the ante of 1 included).", owed, total=s.committed[p] + owed)
    if last is None:
        return call
    return _("{player} {bet}: {call}", player=name, bet=_last_bet(s, last), call=call)


def _last_bet(s: PokerDiceState, who: int) -> str:
    move = next(m for w, m in reversed(s.history) if w == who and m.startswith(("bet", "raise")))
    n = move.split()[-1]
    return _("raised by {n}", n=n) if move.startswith("raise") else _("bet {n}", n=n)


def describe(s: PokerDiceState) -> str:
    """A few lines a person can read (no hidden dice).

    >>> print(describe(PokerDiceState.new()))
    Poker dice, round 0: points P0=48, P1=48, P2=48, P3=48
    Phase start; to move: -1
    """
    lines = [_("Poker dice, round {round}: points {points}", round=s.round,
               points=", ".join(f"P{p}={c}" for p, c in enumerate(s.chips)))]
    if s.phase == "over":
        lines.append(_("Game over: player {player} holds every point.", player=s.winner()))
        return "\n".join(lines)
    if s.round:
        lines.append(_("Leader: player {player}", player=s.leader))
    if s.common:
        lines.append(_("Common dice: {dice}", dice=dice_text(s.common)))
    if any(s.committed):
        lines.append(_("In the middle: {pot} points; to stay in, {level}; put in so far: "
                       "{committed}", pot=s.pot, level=_level_words(s),
                       committed=", ".join(f"P{p}={c}" for p, c in enumerate(s.committed))))
    lines.append(_("Phase {phase}; to move: {player}", phase=s.phase, player=s.current_player()))
    return "\n".join(lines)


__all__ = ["call_words", "describe", "parse_action"]
