"""The plain-words explanation of Bluff advice, with exact fractions a student can follow."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core import InvalidQuestion
from ..games.bluff import STAR, Bid, dice_text
from ..odds.bluff import BidOdds, _fs, matches, odds_from_counts

if TYPE_CHECKING:
    from .bluff import Option, Position

def _of(p: Fraction) -> str:
    return f"{_fs(p)} ≈ {float(p):.3f}" if p.denominator != 1 else str(p)


def _short(p: Fraction) -> str:
    """``_of`` while the fraction is short enough to read (denominator below a million), else
    the decimal alone (posteriors have long denominators: the exact value is in the JSON).

    >>> _short(Fraction(1, 3)), _short(Fraction(6175792183007257, 6175800997529625))
    ('1/3 ≈ 0.333', '≈ 1.000')
    """
    return _of(p) if p.denominator < 10**6 else f"≈ {float(p):.3f}"


def _lost(x: Fraction) -> str:
    """An expected number of dice: ``1 die``, ``0 dice``, ``2/3 ≈ 0.667 dice``."""
    return f"{_of(x)} {'die' if x == 1 else 'dice'}"


def _approx(x: Fraction) -> str:
    return f" = {x.numerator}" if x.denominator == 1 else f" ≈ {float(x):.2f}"


def _face_words(face: int) -> str:
    return "a star" if face == STAR else f"a {face} or a star"


def check_names(names, players: int) -> tuple[str, ...] | None:
    """The seats' names as a tuple (one text per player), or ``None``."""
    if names is None:
        return None
    if (isinstance(names, str) or not isinstance(names, Sequence) or len(names) != players
            or not all(isinstance(n, str) and n for n in names)):
        raise InvalidQuestion(f"names needs one name per player ({players}), e.g. "
                              f"['You', 'Bot 1'], got {names!r}")
    return tuple(names)


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """``"Bot 1"`` from the table's names, else ``"player 1"``."""
    return names[seat] if names else f"player {seat}"


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
    lines = [
        f"Model: the {_dice(pos.unknown)} you cannot see "
        f"{'is' if pos.unknown == 1 else 'are'} unknown and random; each one counts "
        "for a digit with probability 1/3 (the digit or a star) and for the star with probability "
        "1/6. Other players' bids are not read as information. "
        f"{'Your bid' if pos.phase == 'show' else 'A raise'} is judged by what it costs you if "
        f"the next player ({nxt}) challenges it. That is a pessimistic assumption, not a worst "
        "case: they may raise instead, and a bid that is surely true costs nothing even when "
        "challenged.", _listed(pos.phase)]
    seen = f"your {dice_text(pos.my_dice)}"
    if any(pos.exposed):
        seen += " and the exposed " + dice_text(sum(pos.exposed, ()))
    if pos.bid is not None:
        o = odds_from_counts(pos.bid, pos.dice_in_play, matches(pos.known_dice, pos.bid.face),
                             pos.unknown)
        subject = (f"Your bid {pos.bid}" if pos.phase == "show" else
                   f"The current bid {pos.bid} ({seat_name(pos.bidder, names)})")
        lines.append(_bid_sentence(pos.bid, o, seen, subject))
    if best.kind == "challenge":
        lines.append(
            f"If you challenge you lose A - {pos.bid.count} dice when the true count A is above "
            f"{pos.bid.count}, and one die when it is exactly {pos.bid.count}: expected loss "
            f"{_lost(best.my_loss)}; the others expect to lose {_of(best.others_loss)}.")
        raises = [o for o in options if o.kind == "raise"]
        if raises:
            r = min(raises, key=lambda o: o.my_loss)
            lines.append(f"The safest raise, {r.action}, would cost you {_lost(r.my_loss)} on "
                         "average if challenged.")
        lines.append(f"Recommendation: challenge, the smallest expected loss "
                     f"({_lost(best.my_loss)}).")
    elif best.kind == "raise":
        lines.append(_bid_sentence(best.action, best.odds, seen, f"Your raise {best.action}"))
        lines.append(
            f"If {nxt} challenges {best.action}, you lose "
            f"{best.action.count} - A dice when the count A is below {best.action.count}: "
            f"expected loss {_lost(best.my_loss)}.")
        ch = [o for o in options if o.kind == "challenge"]
        if ch:
            lines.append(f"Challenging {pos.bid} instead would cost you "
                         f"{_lost(ch[0].my_loss)} on average.")
        lines.append(f"Recommendation: bid {best.action}, the smallest expected loss "
                     f"({_lost(best.my_loss)}); ties go to the higher bid.")
    else:
        keep = options[0]
        lines.append(f"Keeping your dice hidden, your bid stands with probability "
                     f"{_of(keep.p_stands)} (expected loss {_of(keep.my_loss)} if challenged).")
        for o in options[1:]:
            if o.action.reroll:
                lines.append(
                    f"'{o.action}': the {o.odds.unknown} dice nobody can see (your re-rolled "
                    f"dice among them) each count with probability "
                    f"{_fs(o.odds.match_probability)}; your bid stands with probability "
                    f"{_of(o.p_stands)} (expected loss {_of(o.my_loss)}).")
        lines.append(f"Recommendation: '{best.action}'. Showing without re-rolling changes "
                     "nothing for you but tells the others; re-roll only when it lowers your "
                     "expected loss.")
    return "\n".join(lines)


def _listed(phase: str) -> str:
    if phase == "show":
        return ("Listed: keep every die hidden, show your matching dice, and show them and "
                "re-roll the rest. No other choice is better: showing without re-rolling "
                "changes nothing for you, and re-rolling a matching die, or showing a die that "
                "does not match instead of re-rolling it, can only lower your count.")
    return ("Listed: the challenge and, for each face, the smallest legal raise, the highest "
            "count still more likely true than not, and the highest count the dice you see "
            "already make true. No other raise is better: a higher count on the same face is "
            "false more often and by more dice, so it never costs you less than the smallest "
            "legal raise on that face. It costs the same only when both are sure to be true "
            "(the highest such count is listed) or both sure to cost you every die you hold "
            "(then a listed choice costs less).")


def _dice(n: int) -> str:
    """``1 die``, ``5 dice``."""
    return f"{n} die" if n == 1 else f"{n} dice"


def _unit(bid: Bid, n: int) -> str:
    if bid.is_star:
        return "star" if n == 1 else "stars"
    return f"{'die' if n == 1 else 'dice'} showing {bid.face} or a star"


def _bid_sentence(bid: Bid, o: BidOdds, seen: str, subject: str) -> str:
    unit = _unit(bid, bid.count)
    p = _fs(o.match_probability)
    den = 6 if bid.is_star else 3
    if o.needed == 0:
        body = (f"{subject} needs at least {bid.count} {unit}; you see {o.known_matches} "
                f"({seen}), so it is already true: P(stands) = 1.")
    elif o.needed > o.unknown:
        body = (f"{subject} needs at least {bid.count} {unit}. You see {o.known_matches} "
                f"({seen}), so it needs {o.needed} more, but only {_dice(o.unknown)} "
                f"{'is' if o.unknown == 1 else 'are'} hidden from you: it cannot be true, "
                "P(stands) = 0.")
    else:
        body = (f"{subject} needs at least {bid.count} {unit}. You see {o.known_matches} "
                f"({seen}), so it needs {o.needed} more among the {_dice(o.unknown)} you "
                f"cannot see. Each shows {_face_words(bid.face)} with probability {p}: "
                f"P(at least {o.needed} of {o.unknown}) = {_of(o.p_true)}; exactly "
                f"{bid.count} in all: {_of(o.p_exact)}.")
    thumb = (f" Rule of thumb (rulebook): {o.dice_in_play}/{den}{_approx(o.rule_of_thumb)} "
             f"{_unit(bid, 1 if o.rule_of_thumb == 1 else 2)} expected among all dice; "
             "with what you see, "
             f"{o.known_matches} + {o.unknown}/{den}{_approx(o.rule_of_thumb_known)} "
             "(the exact expected count).")
    return body + thumb


__all__ = ["explain"]
