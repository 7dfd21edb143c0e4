"""Advice for poker dice: ante or pass, then fold, call, bet or raise, with the numbers.

**Model** (stated in every explanation): the other players' dice are unknown and random; their
antes and bets are not read as information (a raise may well mean a strong hand, which this
advice ignores). My chances are the exact ``equity`` of ``bluffkit.odds.poker_dice``: my expected
share of the pot, ties split equally.

**Decision rules.**

- Ante or pass. A pot of antes alone never reaches a showdown: the first player who does not
  fold must bet at least 1 point (« Le premier joueur qui ne se couche pas ... mise »). The model
  (``ANTE_MODEL``): the ``k`` opponents (those who anted and those still to decide) ante and stay
  in; after the common roll the smallest bet, 1 point, is made and matched by everyone still in,
  and nobody raises. I then fold (losing my ante, -1) or stay (2 points in, for a pot of
  ``2 (k + 1)``), whichever is better for that common roll: staying gains
  ``2 (k + 1) x e_c - 2`` with ``e_c`` my equity once the common dice ``c`` are seen. The ante is
  worth the average over the 216 common rolls of ``max(-1, 2 (k + 1) x e_c - 2)``, exactly; ante
  when that is above 0 (passing is worth 0). With no opponent left the ante would come back:
  pass.
- Facing a bet: call when equity is at least the pot odds ``to_call / (pot + to_call)``
  ("calling 3 to win 12 needs 1/5"); a call then gains ``equity x (pot + to_call) - to_call``
  points on average if nobody bets again. Raise instead when equity is above the fair share
  ``1 / (k + 1)``: each extra point the ``k`` opponents match gains ``(k + 1) x equity - 1``.
  The raise suggested is half the pot (at least 1, at most what I have), a middle size: the
  model cannot say whether the opponents would call a larger one. Calling all-in for less than
  the bet wins only what I match: the pot less what the ``k`` opponents bet beyond my call
  (assumed to have matched the bet; it goes to a side pot).
- The first bet (nothing to call): betting 1, called by the ``k`` opponents, risks 1 point to
  win ``pot + k``, so it needs ``1 / (pot + k + 1)`` (the pot odds of that bet); above the fair
  share, bet half the pot; below the pot odds, fold.

>>> a = advise(Position("9,K,K", "A,K,10", opponents=1, pot=12, to_call=3, stack=40))
>>> str(a.action), a.needed
('raise 7', Fraction(1, 5))
>>> print(a.explanation.splitlines()[1][:60])
You win 147/216 of the time (68.1%), tie 3/216 and lose 66/2
>>> a.explanation.splitlines()[3]
'Calling 3 to win 12 needs 1/5 = 20.0%; on average the call gains 11/16 x 15 - 3 = +7.31 points.'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core import Action, InvalidQuestion
from ..core.checks import is_whole
from ..core.i18n import _, _l, _n, num
from ..games.poker_dice import COMMON_DICE, DICE_PER_PEEKER, PokerDiceRules, dice_text
from ..games.poker_dice.actions import Ante, Bet, Call, Fold, Pass, Raise
from ..odds.poker_dice import (
    MAX_OPPONENTS,
    Equity,
    common_roll_equities,
    equity,
    pot_odds,
    read_dice,
)

MODEL_TEXT = _l(
    "Model: the other players' dice are unknown and random; their antes and bets are not read as "
    "information (a raise may well mean a strong hand, which this advice ignores). Extra points "
    "are valued as if every opponent still in can match them, even one who is all-in for less.")
ANTE_MODEL_TEXT = _l(
    "Model of the round if you ante: the rules make the first player who does not fold bet, so a "
    "pot of antes alone never goes to a showdown; here every opponent antes and stays in, the "
    "first player who does not fold bets at least 1 point (the smallest bet, 1) and everyone "
    "still in matches it, nobody raises. After seeing the common dice you fold (you lose your "
    "ante) or stay for that bet of 1, whichever is worth more.")
MODEL, ANTE_MODEL = str(MODEL_TEXT), str(ANTE_MODEL_TEXT)
"""The models in the language of the import (the advice writes them in the current one)."""


@dataclass(frozen=True)
class Position:
    """What I know when it is my turn.

    Args:
        mine: my peeker's 3 dice, e.g. ``"9,K,K"``.
        common: the 3 common dice; empty before the common roll (then the question is ante or
            pass).
        opponents: 1-3 other players in the hand (anted or still to decide, not folded); 0 when
            everyone else passed.
        pot: points in the middle, everyone's included (betting only).
        to_call: points I must add to match the bet (0 before the first bet).
        stack: points I have in front of me (``None``: enough for anything).
        opened: whether the first bet has been made (default: ``to_call > 0``).
        can_raise: ``False`` when every other player in the hand is all-in (nobody could
            answer a raise).
        rules: colours and tie-break.

    Raises:
        InvalidQuestion: naming the field that is impossible.
    """

    mine: tuple[int, ...]
    common: tuple[int, ...] = ()
    opponents: int = 1
    pot: int = 0
    to_call: int = 0
    stack: int | None = None
    opened: bool | None = None
    can_raise: bool = True
    rules: PokerDiceRules | None = None

    def __post_init__(self):
        object.__setattr__(self, "mine", read_dice(self.mine, "mine", (DICE_PER_PEEKER,)))
        object.__setattr__(self, "common", read_dice(self.common, "common", (0, COMMON_DICE)))
        for name in ("opponents", "pot", "to_call"):
            v = getattr(self, name)
            if not is_whole(v, 0):
                raise InvalidQuestion(_("{name} must be a whole number >= 0, got {v}",
                                        name=name, v=repr(v)))
        if self.opponents > MAX_OPPONENTS or (self.common and not self.opponents):
            raise InvalidQuestion(_("opponents must be 1-{max_opponents} once betting starts (0 "
                                    "only when everyone else passed), got {opponents}",
                                    max_opponents=MAX_OPPONENTS, opponents=self.opponents))
        if self.stack is not None and (isinstance(self.stack, bool) or not isinstance(
                self.stack, int) or self.stack < 0):
            raise InvalidQuestion(_("stack must be a whole number >= 0 or None, got {stack}",
                                    stack=repr(self.stack)))
        if self.opened is not None and not isinstance(self.opened, bool):
            raise InvalidQuestion(_("opened must be True, False or None, got {opened}",
                                    opened=repr(self.opened)))
        if not isinstance(self.can_raise, bool):
            raise InvalidQuestion(_("can_raise must be True or False, got {can_raise}",
                                    can_raise=repr(self.can_raise)))
        if self.opened is None:
            object.__setattr__(self, "opened", self.to_call > 0)
        if not self.common and (self.pot or self.to_call):
            raise InvalidQuestion(
                _("pot {pot} and to_call {to_call}: before the common roll there is no bet yet, "
                  "the question is only ante or pass (give the common dice for the betting)",
                  pot=self.pot, to_call=self.to_call))
        least = self.opponents + 1 + self.to_call
        if self.common and self.pot < least:
            raise InvalidQuestion(
                _("pot {pot} is impossible: the pot holds at least the {value} antes of the "
                  "players in the hand and the {to_call} points you are asked to call, so at least"
                  " {least} points",
                  pot=self.pot, value=self.opponents + 1, to_call=self.to_call, least=least))
        if self.common and self.stack == 0:
            raise InvalidQuestion(_("stack 0: with no points left you are all-in; the betting goes"
                                    " on without you, there is nothing to decide"))

    @property
    def phase(self) -> str:
        return "bet" if self.common else "ante"


@dataclass(frozen=True)
class Option:
    """One choice with its average gain in points (against folding or passing) under the model.

    ``value`` assumes the opponents call what I put in and nobody bets again afterwards.
    """

    action: Action
    value: Fraction
    note: str

    def to_json(self) -> dict:
        return {"action": str(self.action), "average_gain": self.value,
                "assuming": self.note}


@dataclass(frozen=True)
class Advice:
    """The recommendation, the options and their numbers, and the reasons in words."""

    position: Position
    equity: Equity | None
    needed: Fraction | None
    """The equity a call (or the opening bet of 1) needs to break even; ``None`` for antes."""
    options: tuple[Option, ...]
    action: Action
    explanation: str
    model: str = ""

    def to_json(self) -> dict:
        p = self.position
        return {"phase": p.phase, "mine": dice_text(p.mine), "common": dice_text(p.common),
                "opponents": p.opponents, "pot": p.pot, "to_call": p.to_call,
                "equity": self.equity.to_json() if self.equity else None,
                "needed": self.needed, "options": [o.to_json() for o in self.options],
                "action": str(self.action), "recommended": str(self.action),
                "explanation": self.explanation,
                "model": self.model}


def advise(position: Position) -> Advice:
    """What to do and why, under the model stated above.

    >>> print(advise(Position("9,10,Q", opponents=3)).explanation.splitlines()[-1])
    Pass: on average anteing loses 0.18 points; passing loses nothing.
    """
    if position.phase == "ante":
        return _ante(position)
    return _bet(position)


def advise_observation(obs) -> Advice:
    """Advice for a player's ``PokerDiceObservation`` (ante or betting phase).

    Opponents are the other players in the hand; at the ante, also those still to decide.
    """
    if obs.phase == "ante":
        k = obs.opponents_in + obs.undecided
        return advise(Position(obs.my_dice, (), min(k, MAX_OPPONENTS), rules=obs.rules))
    if obs.phase != "bet":
        raise InvalidQuestion(_("no decision to advise in phase {phase}",
                                phase=repr(obs.phase)))
    answer = any(st == "in" and q != obs.player and obs.chips[q]
                 for q, st in enumerate(obs.status))
    to_call = max(obs.committed) - obs.committed[obs.player]  # not capped: all-in for less
    return advise(Position(obs.my_dice, obs.common, obs.opponents_in, obs.pot, to_call,
                           obs.chips[obs.player], obs.opened, answer, obs.rules))


# -- ante or pass ---------------------------------------------------------------------------------
def _ante(p: Position) -> Advice:
    mine = dice_text(p.mine)
    if p.opponents == 0:
        text = (f"{MODEL_TEXT}\n" + _("Everyone else passed: an ante alone is taken back and the "
                                  "round ends. Pass (anteing changes nothing)."))
        options = (Option(Pass(), Fraction(0), _("sit out")),
                   Option(Ante(), Fraction(0), _("taken back at once")))
        return Advice(p, None, None, options, Pass(), text, str(MODEL_TEXT))
    e = equity(p.mine, None, p.opponents, p.rules)
    k = p.opponents
    den, rows = common_roll_equities(p.mine, k, p.rules)
    pot = 2 * (k + 1)
    # stay when pot x e_c - 2 >= -1, i.e. e_c >= 1 / pot; in integers over den
    folds = sum(w for _roll, w, n in rows if pot * n < den)
    gain = Fraction(sum(w * max(-den, pot * n - 2 * den) for _roll, w, n in rows), 216 * den)
    everyone = _("you both") if k == 1 else _("all {n} of you", n=k + 1)
    options = (Option(Ante(), gain, _("fold after a bad common roll (-1), else stay for the "
                                      "first bet of 1, matched by {opponents}",
                                      opponents=_opp(k))),
               Option(Pass(), Fraction(0), _("sit the round out")))
    best = Ante() if gain > 0 else Pass()
    lines = [f"{MODEL_TEXT} {ANTE_MODEL_TEXT}",
             _("Before the common roll, your {dice} against {opponents}: {chances}", dice=mine,
               opponents=_opp(k), chances=_chances(e)),
             _("If {everyone} ante, the first bet of 1 makes a pot of {pot} points ({n} antes and "
               "{n} bets of 1): staying in costs you 2 points in all, and is worth it when your "
               "share of the pot after the common roll is at least 1/{pot}. The model folds "
               "after {folds} of the 216 equally likely common rolls (losing the ante) and stays "
               "after the other {stays}.", everyone=everyone, pot=pot, n=k + 1, folds=folds,
               stays=216 - folds),
             _("Averaged over the common rolls, the ante gains {gain} = {approx} points.",
               gain=_frac(gain), approx=_num(gain))]
    if best == Ante():
        lines.append(_("Ante: on average it gains {approx} points, more than passing (0).",
                       approx=_num(gain)))
    else:
        lines.append(_("Pass: on average anteing loses {loss:.2f} points; passing loses "
                       "nothing.", loss=float(-gain)) if gain else
                     _("Pass: on average anteing gains nothing."))
    return Advice(p, e, None, options, best, "\n".join(lines), f"{MODEL_TEXT} {ANTE_MODEL_TEXT}")


# -- betting ------------------------------------------------------------------------------------
def _bet(p: Position) -> Advice:
    e = equity(p.mine, p.common, p.opponents, p.rules)
    k, eq = p.opponents, e.equity
    stack = p.stack if p.stack is not None else 10**9
    fair = Fraction(1, k + 1)
    lines = [str(MODEL_TEXT),
             _("You win {win} of the time ({p_win}), tie {tie} and lose {lose}: your equity "
               "(share of the pot, ties split) is {equity} = {p_equity}.",
               win=_count(e.win, e.total), p_win=_pct(e.p_win), tie=_count(e.tie, e.total),
               lose=_count(e.lose, e.total), equity=_frac(eq), p_equity=_pct(eq)),
             _("(Your {dice} with the common {common} against {opponents}; every roll of their "
               "dice counted.)", dice=dice_text(p.mine), common=dice_text(p.common),
               opponents=_opp(k))]
    options = [Option(Fold(), Fraction(0), _("lose what you put in so far, nothing more"))]
    extra = 0 if stack <= p.to_call or not p.can_raise else max(1, min((p.pot + p.to_call) // 2,
                                                    stack - p.to_call))
    per_point = (k + 1) * eq - 1
    if p.opened:
        call = min(p.to_call, stack)
        # all-in for less: what each opponent bet beyond my call goes to a side pot I cannot win
        beyond = k * (p.to_call - call)
        won = max(p.pot - beyond, 0)
        needed = pot_odds(call, won)
        call_value = eq * (won + call) - call
        options.append(Option(Call(), call_value, _("equity x (pot + call) - call")))
        if beyond:
            lines.append(_("All-in for less than the bet: what each opponent bets beyond your "
                           "{call} ({beyond} points in all) goes to a side pot you cannot win.",
                           call=call, beyond=beyond))
        calling = (_("Calling {call} (all-in)", call=call) if beyond else
                   _("Calling {call}", call=call))
        lines.append(_("{calling} to win {won} needs {needed} = {p_needed}; on average the call "
                       "gains {equity} x {total} - {call} = {value} points.", calling=calling,
                       won=won, needed=_frac(needed), p_needed=_pct(needed), equity=_frac(eq),
                       total=won + call, call=call, value=_num(call_value)))
        if extra:
            options.append(Option(Raise(extra), call_value + extra * per_point,
                                  _("call, then {n} more matched by {opponents}", n=extra,
                                    opponents=_opp(k))))
        if eq < needed:
            best, why = Fold(), _("Fold: {equity} is below the {needed} the call needs.",
                                  equity=_pct(eq), needed=_pct(needed))
        elif extra and eq > fair:
            best, why = Raise(extra), _(
                "Raise {n} (half the pot): your equity is above the fair share {fair} among "
                "{players} players, so each extra point matched by {opponents} gains you "
                "{value} on average.", n=extra, fair=_frac(fair), players=k + 1,
                opponents=_opp(k), value=_num(per_point))
        else:
            best, why = Call(), (_("Call: {equity} is at least the {needed} the call needs.",
                                   equity=_pct(eq), needed=_pct(needed)) if extra else
                                 _("Call: {equity} is at least the {needed} the call needs; you "
                                   "cannot raise.", equity=_pct(eq), needed=_pct(needed)))
    else:
        needed = pot_odds(1, p.pot + k)  # the bet of 1, called by the k opponents
        bet = max(1, min(p.pot // 2, stack))
        options.append(Option(Bet(1), eq * (p.pot + 1 + k) - 1, _("the smallest bet, called")))
        if bet > 1:
            options.append(Option(Bet(bet), eq * p.pot + bet * per_point,
                                  _("half the pot, called")))
        lines.append(_("Nothing to call yet: you must bet or fold. Betting 1 into the {pot} in "
                       "the middle, called by {opponents}, risks 1 to win {won}: it needs "
                       "{needed} = {p_needed}.", pot=p.pot, opponents=_opp(k), won=p.pot + k,
                       needed=_frac(needed), p_needed=_pct(needed)))
        if eq < needed:
            best, why = Fold(), _("Fold: {equity} is below the {needed} a bet of 1 needs.",
                                  equity=_pct(eq), needed=_pct(needed))
        elif eq > fair:
            best, why = Bet(bet), _("Bet {n} (half the pot): your equity is above the fair share "
                                    "{fair}, so each point called gains you {value} on average.",
                                    n=bet, fair=_frac(fair), value=_num(per_point))
        else:
            best, why = Bet(1), _("Bet 1, the smallest bet: enough equity to stay in, not to "
                                  "build the pot (below the fair share {fair}).",
                                  fair=_frac(fair))
    lines.append(why)
    return Advice(p, e, needed, tuple(options), best, "\n".join(lines), str(MODEL_TEXT))


# -- words and numbers --------------------------------------------------------------------------
def _opp(k: int) -> str:
    return _n("{n} opponent", "{n} opponents", k)


def _count(n: int, total: int) -> str:
    """``1,234/7,776`` (not reduced: out of every equally likely roll; French groups digits
    with a thin space)."""
    return f"{num(n, ',')}/{num(total, ',')}"


def _frac(x: Fraction) -> str:
    return _count(x.numerator, x.denominator) if x.denominator != 1 else num(x.numerator, ",")


def _pct(x: Fraction) -> str:
    return num(float(x), ".1%")


def _num(x: Fraction) -> str:
    return num(float(x), "+.2f")


def _chances(e: Equity) -> str:
    return _("you win {win} ({p_win}), tie {tie} and lose {lose} of the equally likely rolls of "
             "the unknown dice; equity {equity} = {p_equity}.", win=_count(e.win, e.total),
             p_win=_pct(e.p_win), tie=_count(e.tie, e.total), lose=_count(e.lose, e.total),
             equity=_frac(e.equity), p_equity=_pct(e.equity))


__all__ = ["ANTE_MODEL", "MODEL", "Advice", "Option", "Position", "advise", "advise_observation"]
