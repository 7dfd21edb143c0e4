"""Bluff advice that reads the bids: Bayes' rule over each player's dice, then a look ahead.

The choices listed are the probability view's (``bluffkit.advice.bluff.bid_options``) plus, for
each face, the highest count more likely true than not after reading the bids. Each gets:

- ``p_read``: P(the bid stands | the round's bids) under the bid model
  (``bluffkit.odds.bluff.beliefs``, exact), beside ``p_stands``, the dice-random chance;
- ``loss_read``: the dice I lose if the next player challenges it now (a challenge: if I
  challenge now), with the count read from the posteriors (exact);
- ``ahead``: the look ahead (``bluffkit.advice.bluff.ahead``): mean dice I lose over playouts of
  one lap of the round in which the following players act by the same model. It is run for the
  challenge and the ``AHEAD_RAISES`` raises with the smallest ``loss_read``.

**Decision rule.** The fewest dice lost on average in the playouts; ties go to more dice lost by
the others, then to a raise, then to the higher bid.

>>> from bluffkit.advice.bluff import Position, advise
>>> a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3", history="4x3 5x3 6x3 7x3"))
>>> a.reading is not None, a.recommended.p_read is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.i18n import _, num
from ...games.bluff import STAR, Bid
from ...odds.bluff.beliefs import RoundReading, belief_after, read_bids, read_numbers
from ...odds.bluff.counts import matches
from ...odds.bluff.model import BidModel
from .ahead import look_ahead
from .options import FACES_ORDER, Option, Tally, raise_option
from .words import expected_dice, seat_name, short_fraction, with_decimal

if TYPE_CHECKING:
    from .position import Position

AHEAD_RAISES = 4
"""Raises the look ahead plays out (those costing least if challenged, after reading)."""

def read_options(pos: Position, options: list[Option], model: BidModel, samples: int,
                 seed: int) -> tuple[list[Option], Option, RoundReading]:
    """The options with their numbers after reading the bids, and the recommended one."""
    from dataclasses import replace

    reading = read_bids(pos.dice_held, pos.me, pos.history, pos.bidder, model)
    me, top = pos.me, pos.dice_in_play
    nxt = pos.next_player()
    t = Tally(pos)
    listed = {o.action for o in options}
    extra = []
    for face in FACES_ORDER:
        face_raises = [o for o in options if o.kind == "raise" and o.action.face == face]
        if not face_raises:
            continue
        c = min(o.action.count for o in face_raises)
        while c < top and _read_odds(Bid(c + 1, face), pos, reading, me, nxt)[0] * 2 > 1:
            c += 1
        if Bid(c, face) not in listed:
            extra.append(raise_option(t, Bid(c, face), _("highest count more likely true "
                                                          "than not after reading the bids")))
            listed.add(Bid(c, face))
    everything = sorted([o for o in options if o.kind == "raise"] + extra,
                        key=lambda o: o.action.sort_key())
    everything = [o for o in options if o.kind == "challenge"] + everything
    out = []
    for o in everything:
        if o.kind == "challenge":
            p, _bidder, lost = _read_odds(pos.bid, pos, reading, pos.bidder, me)
            out.append(replace(o, p_read=p, loss_read=lost))
        else:
            p, lost, _challenger = _read_odds(o.action, pos, reading, me, nxt)
            out.append(replace(o, p_read=p, loss_read=lost))
    raises = sorted((o for o in out if o.kind == "raise"),
                    key=lambda o: (o.loss_read, -o.action.box, -o.action.face))
    judged = [o.action for o in out if o.kind == "challenge"] + [
        o.action for o in raises[:AHEAD_RAISES]]
    values = look_ahead(pos, judged, samples, seed, reading, model)
    out = [replace(o, ahead=values.get(o.action)) for o in out]
    best = min((o for o in out if o.ahead is not None), key=_ahead_key)
    return out, best, reading


def _ahead_key(o: Option) -> tuple:
    ladder = (-o.action.box, -o.action.face) if o.kind == "raise" else (0, 0)
    return (o.ahead.my_loss, -o.ahead.others_loss, o.kind != "raise", ladder)


def _read_odds(bid: Bid, pos: Position, reading: RoundReading, bidder: int,
               challenger: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(true), the bidder's and the challenger's losses after reading the bids."""
    held = pos.dice_held
    return read_numbers(bid, matches(pos.my_dice, bid.face), reading, held[bidder],
                        held[challenger])


# -- the explanation ------------------------------------------------------------------------------
def explain_reading(pos: Position, options: list[Option], best: Option, reading: RoundReading,
                    old_best: Option, names: Sequence[str] | None = None) -> str:
    """The explanation when the bids are read: the model, one Bayes step, the current bid's
    odds both ways, the look ahead, the recommendation."""
    model = reading.model
    lines = [_("Model: the bids are read; {model}. Bayes' rule turns the round's bids into "
               "beliefs about each player's dice, exactly, over every hand they may hold. Before "
               "any bid each die you cannot see counts for a digit with probability 1/3 (the "
               "digit or a star) and for the star with probability 1/6 (the dice-random model, "
               "shown beside for comparison).", model=model.describe())]
    step = bayes_step(reading, names)
    if step:
        lines.append(step[:1].upper() + step[1:])
    elif not reading.history:
        lines.append(_("No bid yet this round: every other player's dice are still random."))
    if pos.bid is not None:
        ch = next(o for o in options if o.kind == "challenge")
        lines.append(_("The current bid {bid} ({player}): P(true), dice random = {p}; P(true) "
                       "after reading the bids {p_read}.", bid=pos.bid,
                       player=seat_name(pos.bidder, names), p=with_decimal(ch.p_stands),
                       p_read=_eq(ch.p_read)))
    lines.append(_("Look ahead: each choice below was played out {k} times for one lap of the "
                   "round, the other players' dice drawn from these beliefs and the following "
                   "players ({player} first) acting by the same model (raise or challenge); at "
                   "your next turn, if it comes, you play the advice for your dice, and the next "
                   "player answers that.", k=best.ahead.samples,
                   player=seat_name(pos.next_player(), names)))
    judged = sorted((o for o in options if o.ahead is not None), key=_ahead_key)
    for o in judged[:4]:
        if o.kind == "challenge":
            lines.append(_("Challenging: you lose {loss} on average; the others lose {others}.",
                           loss=expected_dice(o.ahead.my_loss),
                           others=with_decimal(o.ahead.others_loss)))
        else:
            lines.append(_("Bidding {bid}: you lose {loss} on average (the next player "
                           "challenged it in {share} of the playouts); the others lose "
                           "{others}.", bid=o.action, loss=expected_dice(o.ahead.my_loss),
                           share=_pct(o.ahead.challenged_next),
                           others=with_decimal(o.ahead.others_loss)))
    if old_best.action != best.action:
        lines.append(_("Without reading the bids (dice random, and judging a raise as if the "
                       "next player challenged it) the advice would be: {move}.",
                       move=_verb(old_best)))
    lines.append(_("Recommendation: {move}, the fewest dice lost on average in the playouts "
                   "({loss}); ties go to more dice lost by the others, then to a raise, then to "
                   "the higher bid.", move=_verb(best), loss=with_decimal(best.ahead.my_loss)))
    return "\n".join(lines)


def _verb(o) -> str:
    """A choice as the advice words it: ``challenge``, ``bid 5x3`` (in the language)."""
    return _("challenge") if o.kind == "challenge" else _("bid {bid}", bid=o.action)


def _eq(p: Fraction) -> str:
    text = short_fraction(p)
    return text if text.startswith("≈") else "= " + text


def _pct(p: Fraction) -> str:
    return num(float(p), ".0%")


def bayes_step(reading: RoundReading, names: Sequence[str] | None = None) -> str | None:
    """One Bayes step in words, for the latest bid by another player that the model reads.

    "Bot 1 bid 7x3 after 5x3: players holding two or more dice that count for 3 (3s or stars)
    make that bid N times as often as the others; your belief that Bot 1 holds two or more goes
    from p to q."
    """
    top = reading.dice_in_play
    for i in range(len(reading.steps) - 1, -1, -1):
        s = reading.steps[i]
        if s.seat == reading.me:
            continue
        who = seat_name(s.seat, names)
        said = (_("{player} bid {bid} after {previous}", player=who, bid=s.bid,
                  previous=s.previous) if s.previous else
                _("{player} bid {bid} to open the round", player=who, bid=s.bid))
        if not s.explained:
            return _("{said}: the advice makes that bid with no hand, so under the model it is a "
                     "random choice and says nothing about their dice.", said=said)
        dice = reading.held[s.seat]
        earlier = tuple(x for x in reading.steps[:i] if x.seat == s.seat)
        before = belief_after(s.seat, dice, earlier, top)
        now = belief_after(s.seat, dice, (*earlier, s), top)
        best = None
        for k in range(1, dice + 1):
            p, q = before.p_at_least(s.bid.face, k), now.p_at_least(s.bid.face, k)
            if 0 < p < 1 and (best is None or abs(q - p) > abs(best[2] - best[1])):
                best = (k, p, q)
        if best is None:
            return None
        k, p, q = best
        ratio = (q * (1 - p)) / (p * (1 - q)) if q < 1 else None
        if s.bid.face == STAR:
            holding = (_("a star") if k == 1 else
                       _("{k} or more stars", k=_number(k)))
        else:
            holding = (_("a die counting for {face} ({face}s or stars)", face=s.bid.face)
                       if k == 1 else
                       _("{k} or more dice counting for {face} ({face}s or stars)",
                         k=_number(k), face=s.bid.face))
        times = (_("make that bid {times} as often as players holding fewer",
                   times=_times(ratio)) if ratio is not None else
                 _("are the only ones the model expects to make it"))
        return _("{said}: players holding {holding} {times}; your belief that {player} holds {k} "
                 "or more goes from {p} to {q}.", said=said, holding=holding, times=times,
                 player=who, k=_number(k), p=short_fraction(p), q=short_fraction(q))
    return None


def _number(k: int) -> str:
    return (_("one"), _("two"), _("three"), _("four"), _("five"))[k - 1] if 1 <= k <= 5 \
        else str(k)


def _times(r: Fraction) -> str:
    x = float(r)
    return _("{x:.0f} times", x=x) if x >= 10 else _("{x:.1f} times", x=x)


def beliefs_summary(reading: RoundReading) -> list[dict]:
    """Per other player: their posterior P(m dice count) for each face (exact), for views."""
    out = []
    for b in reading.beliefs:
        if b is None:
            continue
        out.append({"seat": b.seat, "dice": b.dice, "bids_read": len(b.steps),
                    "faces": {f: b.match_pmf(f) for f in FACES_ORDER}})
    return out


__all__ = ["AHEAD_RAISES", "bayes_step", "beliefs_summary", "explain_reading",
           "read_options"]
