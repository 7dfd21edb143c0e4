"""The plain-words explanation of Bluff advice, with exact fractions a student can follow."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.i18n import _, _n, num
from ...core.text import exact_text
from ...games.bluff import STAR, Bid, dice_text
from ...games.bluff.text import say_show
from ...odds.bluff.counts import BidOdds, matches, odds_from_counts
from .words import expected_dice, seat_name, with_decimal

if TYPE_CHECKING:
    from .options import Option
    from .position import Position

def _approx(x: Fraction) -> str:
    return f" = {x.numerator}" if x.denominator == 1 else f" ≈ {num(float(x), '.2f')}"


def _face_words(face: int) -> str:
    return _("a star") if face == STAR else _("a {face} or a star", face=face)


def explain(pos: Position, options: list[Option], best: Option,
            names: Sequence[str] | None = None) -> str:
    """The plain-words explanation with exact fractions, ending with the recommendation.

    ``names`` are the seats' names (a table's "Bot 1"); without them seats are "player 1".

    >>> from bluffkit.advice.bluff import Position, advise
    >>> text = advise(Position("1,1,2,4,5", (5, 5), bid="9x3")).explanation
    >>> "only 5 dice are hidden from you" in text, text.splitlines()[-1]
    (True, 'Recommendation: challenge, the smallest expected loss (0 dice).')
    """
    nxt = seat_name(pos.next_player(), names)
    model = _n("Model: the {n} die you cannot see is unknown and random;",
               "Model: the {n} dice you cannot see are unknown and random;", pos.unknown)
    judged = (_("Your bid is judged by what it costs you if the next player ({player}) "
                "challenges it.", player=nxt) if pos.phase == "show" else
              _("A raise is judged by what it costs you if the next player ({player}) "
                "challenges it.", player=nxt))
    lines = [
        model + " " + _("each one counts for a digit with probability 1/3 (the digit or a "
                        "star) and for the star with probability 1/6. Other players' bids are "
                        "not read as information.") + " " + judged + " " +
        _("That is a pessimistic assumption, not a worst case: they may raise instead, and a "
          "bid that is surely true costs nothing even when challenged."), _listed(pos.phase)]
    seen = _("your {dice}", dice=dice_text(pos.my_dice))
    if any(pos.exposed):
        seen = _("your {dice} and the exposed {exposed}", dice=dice_text(pos.my_dice),
                 exposed=dice_text(sum(pos.exposed, ())))
    if pos.bid is not None:
        o = odds_from_counts(pos.bid, pos.dice_in_play, matches(pos.known_dice, pos.bid.face),
                             pos.unknown)
        subject = (_("Your bid {bid}", bid=pos.bid) if pos.phase == "show" else
                   _("The current bid {bid} ({player})", bid=pos.bid,
                     player=seat_name(pos.bidder, names)))
        lines.append(_bid_sentence(pos.bid, o, seen, subject))
    if best.kind == "challenge":
        lines.append(_("If you challenge you lose A - {count} dice when the true count A is "
                       "above {count}, and one die when it is exactly {count}: expected loss "
                       "{loss}; the others expect to lose {others}.", count=pos.bid.count,
                       loss=expected_dice(best.my_loss), others=with_decimal(best.others_loss)))
        raises = [o for o in options if o.kind == "raise"]
        if raises:
            r = min(raises, key=lambda o: o.my_loss)
            lines.append(_("The safest raise, {bid}, would cost you {loss} on average if "
                           "challenged.", bid=r.action, loss=expected_dice(r.my_loss)))
        lines.append(_("Recommendation: challenge, the smallest expected loss ({loss}).",
                       loss=expected_dice(best.my_loss)))
    elif best.kind == "raise":
        lines.append(_bid_sentence(best.action, best.odds, seen,
                                   _("Your raise {bid}", bid=best.action)))
        lines.append(_("If {player} challenges {bid}, you lose {count} - A dice when the count A "
                       "is below {count}: expected loss {loss}.", player=nxt, bid=best.action,
                       count=best.action.count, loss=expected_dice(best.my_loss)))
        ch = [o for o in options if o.kind == "challenge"]
        if ch:
            lines.append(_("Challenging {bid} instead would cost you {loss} on average.",
                           bid=pos.bid, loss=expected_dice(ch[0].my_loss)))
        lines.append(_("Recommendation: bid {bid}, the smallest expected loss ({loss}); ties go "
                       "to the higher bid.", bid=best.action, loss=expected_dice(best.my_loss)))
    else:
        keep = options[0]
        lines.append(_("Keeping your dice hidden, your bid stands with probability {p} "
                       "(expected loss {loss} if challenged).", p=with_decimal(keep.p_stands),
                       loss=with_decimal(keep.my_loss)))
        for o in options[1:]:
            if o.action.reroll:
                lines.append(_("'{move}': the {n} dice nobody can see (your re-rolled dice "
                               "among them) each count with probability {p}; your bid stands "
                               "with probability {stands} (expected loss {loss}).",
                               move=say_show(o.action), n=o.odds.unknown,
                               p=exact_text(o.odds.match_probability),
                               stands=with_decimal(o.p_stands),
                               loss=with_decimal(o.my_loss)))
        lines.append(_("Recommendation: '{move}'. Showing without re-rolling changes nothing for "
                       "you but tells the others; re-roll only when it lowers your expected "
                       "loss.", move=say_show(best.action)))
    return "\n".join(lines)


def _listed(phase: str) -> str:
    if phase == "show":
        return _("Listed: keep every die hidden, show your matching dice, and show them and "
                 "re-roll the rest. No other choice is better: showing without re-rolling "
                 "changes nothing for you, and re-rolling a matching die, or showing a die that "
                 "does not match instead of re-rolling it, can only lower your count.")
    return _("Listed: the challenge and, for each face, the smallest legal raise, the highest "
             "count still more likely true than not, and the highest count the dice you see "
             "already make true. No other raise is better: a higher count on the same face is "
             "false more often and by more dice, so it never costs you less than the smallest "
             "legal raise on that face. It costs the same only when both are sure to be true "
             "(the highest such count is listed) or both sure to cost you every die you hold "
             "(then a listed choice costs less).")


def _unit(bid: Bid, n: int) -> str:
    if bid.is_star:
        return _n("star", "stars", n)
    return _n("die showing {face} or a star", "dice showing {face} or a star", n, face=bid.face)


def _bid_sentence(bid: Bid, o: BidOdds, seen: str, subject: str) -> str:
    unit = _unit(bid, bid.count)
    p = exact_text(o.match_probability)
    den = 6 if bid.is_star else 3
    if o.needed == 0:
        body = _("{subject} needs at least {count} {unit}; you see {known} ({seen}), so it is "
                 "already true: P(stands) = 1.", subject=subject, count=bid.count, unit=unit,
                 known=o.known_matches, seen=seen)
    elif o.needed > o.unknown:
        body = _n("{subject} needs at least {count} {unit}. You see {known} ({seen}), so it "
                  "needs {needed} more, but only {n} die is hidden from you: it cannot be "
                  "true, P(stands) = 0.",
                  "{subject} needs at least {count} {unit}. You see {known} ({seen}), so it "
                  "needs {needed} more, but only {n} dice are hidden from you: it cannot be "
                  "true, P(stands) = 0.", o.unknown, subject=subject, count=bid.count,
                  unit=unit, known=o.known_matches, seen=seen, needed=o.needed)
    else:
        body = _n("{subject} needs at least {count} {unit}. You see {known} ({seen}), so it "
                  "needs {needed} more among the {n} die you cannot see. Each shows {face} with "
                  "probability {p}: P(at least {needed} of {n}) = {p_true}; exactly {count} in "
                  "all: {p_exact}.",
                  "{subject} needs at least {count} {unit}. You see {known} ({seen}), so it "
                  "needs {needed} more among the {n} dice you cannot see. Each shows {face} "
                  "with probability {p}: P(at least {needed} of {n}) = {p_true}; exactly "
                  "{count} in all: {p_exact}.", o.unknown, subject=subject, count=bid.count,
                  unit=unit, known=o.known_matches, seen=seen, needed=o.needed,
                  face=_face_words(bid.face), p=p, p_true=with_decimal(o.p_true),
                  p_exact=with_decimal(o.p_exact))
    thumb = _("Rule of thumb (rulebook): {all}{approx} {unit} expected among all dice; with "
              "what you see, {known} + {rest}{approx_known} (the exact expected count).",
              all=f"{o.dice_in_play}/{den}", approx=_approx(o.rule_of_thumb),
              unit=_unit(bid, 1 if o.rule_of_thumb == 1 else 2), known=o.known_matches,
              rest=f"{o.unknown}/{den}", approx_known=_approx(o.rule_of_thumb_known))
    return body + " " + thumb


__all__ = ["explain"]
