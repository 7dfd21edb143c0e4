"""The options of a Bluff position with their numbers (the dice-random view), and the
recommended one.

The dice-random model (stated in every explanation): the dice I cannot see are unknown and random,
each counting for a digit with probability 1/3 (the digit or a star) and for the star with
probability 1/6; the other players' bids are not read as information. A raise is judged by what it
costs me if the next player challenges it: a pessimistic assumption (the next player may raise
instead, and then the raise costs nothing now), not a worst case (a surely true raise costs nothing
even when challenged).

**Decision rule.** Recommend the choice with the smallest expected number of dice I lose:
challenging now, or raising and being challenged by the next player. Ties go to a raise over a
challenge (a raise may never be challenged), then to the higher bid on the ladder (it leaves the
next player less room). **Which raises are listed**: for each face the smallest legal raise,
the highest count still more likely true than not, and the highest count my own and the exposed
dice already make true. No other raise can be better: on one face my expected loss
E[min(B - A, my dice)] grows with the count B by P(B - my dice < A <= B), so a higher count never
costs less than the smallest raise on that face, and costs the same only where both are sure to
be true (the highest such count is listed) or both sure to lose me every die I hold (never the
best choice: raising the current bid's face by one, or any opening bid of 1, costs less). So the
recommendation is the best of ALL legal choices under this rule, tie-break included (a test
checks it by brute force over every small position).

Under ``resolution="openspiel"`` (one die each, the loser of a challenge is out) the losses are
capped at the one die held, so each expected loss is exactly the probability of losing the
challenge and the same rule applies unchanged.

With the "Montre-moi ton jeu" expansion, right after my bid: keep everything hidden, show my
matching dice, or show them and re-roll the rest. Showing without re-rolling does not change what
I know; re-rolling turns my non-matching hidden dice into fresh chances. Same rule: the smallest
expected loss if the next player challenges my bid; ties go to no re-roll, then to showing fewer
dice (the least information given away).

>>> p = Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3")
>>> best = recommended(bid_options(p), "bid")
>>> str(best.action), best.my_loss
('8x3', Fraction(10250240, 14348907))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core import Action, InvalidQuestion
from ...core.i18n import _
from ...core.text import exact_text
from ...games.bluff import DIGITS, STAR, Bid, Challenge, Show, box_index
from ...odds.bluff.counts import (
    BidOdds,
    matches,
    odds_from_counts,
    p_at_least,
    reroll_odds,
)
from .position import Position
from .words import seat_name

if TYPE_CHECKING:
    from .ahead import AheadValue

FACES_ORDER = (*DIGITS, STAR)


@dataclass(frozen=True)
class Option:
    """One legal choice with its numbers.

    Attributes:
        action: ``Challenge()``, a ``Bid`` (raise) or a ``Show`` (expansion).
        kind: ``"challenge"``, ``"raise"`` or ``"show"``.
        p_stands: P(the bid in question stands): the current bid for a challenge, my raise for a
            raise, my bid after the show (and re-roll) for a show.
        p_exact: P(the count is exactly that bid).
        my_loss: expected dice I lose: challenging now, or being challenged by the next player.
        others_loss: expected dice the other players lose in total in the same event.
        note: why the option is listed.
        odds: the full ``BidOdds`` behind the numbers.
        p_read: P(the bid stands) after reading the round's bids (``None`` when not read).
        loss_read: ``my_loss`` with the count read from the bids (``None`` when not read).
        ahead: the look ahead's ``AheadValue`` (``None`` when not judged by it).
    """

    action: Action
    kind: str
    p_stands: Fraction
    p_exact: Fraction
    my_loss: Fraction
    others_loss: Fraction
    note: str = ""
    odds: BidOdds | None = field(default=None, compare=False, repr=False)
    p_read: Fraction | None = None
    loss_read: Fraction | None = None
    ahead: AheadValue | None = None

    def to_json(self) -> dict:
        out = {"action": str(self.action), "kind": self.kind,
               "p_stands": exact_text(self.p_stands), "p_exact": exact_text(self.p_exact),
               "my_loss": exact_text(self.my_loss), "others_loss": exact_text(self.others_loss),
               "note": self.note}
        if self.p_read is not None:
            out["p_read"] = exact_text(self.p_read)
            out["loss_read"] = exact_text(self.loss_read)
        if self.ahead is not None:
            a = self.ahead
            out["ahead"] = {"my_loss": exact_text(a.my_loss),
                            "others_loss": exact_text(a.others_loss),
                            "challenged_next": exact_text(a.challenged_next),
                            "samples": a.samples}
        return out


# -- the options ----------------------------------------------------------------------------------
def smallest_raise(previous: Bid | None, face: int, max_count: int) -> Bid | None:
    """The smallest legal raise of ``previous`` on ``face`` (``None`` if the count would pass
    ``max_count``).

    >>> str(smallest_raise(Bid(8, 4), STAR, 30)), str(smallest_raise(Bid(7, 3), 2, 30))
    ('5x*', '8x2')
    """
    for count in range(1, max_count + 1):
        if previous is None:
            return Bid(count, face)
        box = box_index(count, face)
        if box > previous.box or (box == previous.box and not previous.is_star
                                  and face != STAR and face > previous.face):
            return Bid(count, face)
    return None


class Tally:
    """Known matches per face and the held caps, computed once per position."""

    def __init__(self, pos: Position):
        self.pos = pos
        known = pos.known_dice
        self.known = {f: matches(known, f) for f in FACES_ORDER}
        self.n_active = len(pos.active())

    def odds(self, bid: Bid, bidder: int, challenger: int) -> BidOdds:
        held = self.pos.dice_held
        return odds_from_counts(bid, self.pos.dice_in_play, self.known[bid.face],
                                self.pos.unknown, held[bidder], held[challenger])


def raise_option(t: Tally, bid: Bid, note: str) -> Option:
    me, nxt = t.pos.me, t.pos.next_player()
    o = t.odds(bid, me, nxt)
    others = o.challenger_loss + (t.n_active - 2) * o.other_loss
    return Option(bid, "raise", o.p_true, o.p_exact, o.bidder_loss, others, note, o)


def _stands(t: Tally, bid: Bid) -> Fraction:
    return p_at_least(bid.count, bid.face, t.known[bid.face], t.pos.unknown)


def _challenge_option(t: Tally, names: Sequence[str] | None) -> Option:
    pos = t.pos
    o = t.odds(pos.bid, pos.bidder, pos.me)
    others = o.bidder_loss + (t.n_active - 2) * o.other_loss
    return Option(Challenge(), "challenge", o.p_true, o.p_exact, o.challenger_loss, others,
                  _("doubt {bid} by {player}", bid=pos.bid,
                    player=seat_name(pos.bidder, names)), o)


def bid_options(pos: Position, names: Sequence[str] | None = None) -> list[Option]:
    """Challenge (if there is a bid), then the sensible raises in ladder order.

    For each face: the smallest legal raise, the highest count still more likely true than
    not, and the highest count the dice I see already make true (the module docstring says
    why no other raise can be better). ``names``: the seats' names, for the notes.
    """
    t = Tally(pos)
    options = []
    top = pos.dice_in_play
    for face in FACES_ORDER:
        first = smallest_raise(pos.bid, face, top)
        if first is None:
            continue
        c0 = first.count
        picks = {c0: _("smallest raise on stars") if face == STAR else
                 _("smallest raise on {face}s", face=face)}
        likely = c0
        while likely < top and _stands(t, Bid(likely + 1, face)) * 2 > 1:
            likely += 1
        if likely > c0:
            picks[likely] = _("highest count more likely true than not")
        if t.known[face] > c0:
            picks[t.known[face]] = _("the dice you see already make it true")
        for count, note in sorted(picks.items()):
            options.append(raise_option(t, Bid(count, face), note))
    options.sort(key=lambda o: o.action.sort_key())
    return ([_challenge_option(t, names)] if pos.bid else []) + options


def show_options(pos: Position) -> list[Option]:
    """The expansion's choices right after my bid: keep, show my matching dice, show them and
    re-roll the rest (or, with no matching die, show one other die and re-roll)."""
    if not pos.rules.show_and_reroll:
        raise InvalidQuestion(_("show options need the expansion "
                                "(rules.show_and_reroll=True)"))
    t = Tally(pos)
    bid, hidden, mine_shown = pos.bid, pos.my_dice, pos.exposed[pos.me]
    others = sum((e for p, e in enumerate(pos.exposed) if p != pos.me), ())
    matching = tuple(d for d in hidden if matches((d,), bid.face))
    misses = tuple(d for d in hidden if not matches((d,), bid.face))
    shown = matching[:len(hidden) - 1]
    keep = raise_option(t, bid, _("keep every die hidden"))
    out = [Option(Show(), "show", keep.p_stands, keep.p_exact, keep.my_loss, keep.others_loss,
                  keep.note, keep.odds)]
    if shown:
        out.append(Option(Show(shown), "show", keep.p_stands, keep.p_exact, keep.my_loss,
                          keep.others_loss, _("show matching dice: your odds do not change"),
                          keep.odds))
    if len(hidden) >= 2 or mine_shown:
        expose = shown if (shown or mine_shown) else misses[:1]
        note = (_("show the matching dice and re-roll the rest") if shown else
                _("re-roll the hidden dice") if mine_shown else
                _("show a die that does not match, to be allowed to re-roll the rest"))
        me, nxt = pos.me, pos.next_player()
        o = reroll_odds(bid, pos.dice_in_play, hidden, expose, others, mine_shown,
                        bidder_held=pos.dice_held[me], challenger_held=pos.dice_held[nxt])
        lost = o.challenger_loss + (t.n_active - 2) * o.other_loss
        out.append(Option(Show(expose, True), "show", o.p_true, o.p_exact, o.bidder_loss, lost,
                          note, o))
    return out



def _bid_key(o: Option) -> tuple:
    ladder = (-o.action.box, -o.action.face) if o.kind == "raise" else (0, 0)
    return (o.my_loss, o.kind != "raise", ladder)


def _show_key(o: Option) -> tuple:
    return (o.my_loss, o.action.reroll, len(o.action.expose))


def recommended(options: list[Option], phase: str) -> Option:
    """The option the rule recommends: the smallest expected loss, ties as the module says."""
    return min(options, key=_show_key if phase == "show" else _bid_key)


__all__ = ["FACES_ORDER", "Option", "Tally", "bid_options", "raise_option", "recommended",
           "show_options", "smallest_raise"]
