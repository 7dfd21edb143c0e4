"""Advice for Bluff: "challenge or raise, and to what?", with the numbers and the reasons.

When the round's bids are known (``Position.history``) and the expansion is off, ``advise``
reads them: Bayes' rule under a stated model of how players bid, then a look ahead
(``bluffkit.advice.bluff.reading``). ``advise(..., read_bids=False)``, or a position without
its history, gives the dice-random advice described here, which is also the model's own rule.

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

>>> a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"))
>>> str(a.recommended.action), a.recommended.my_loss
('8x3', Fraction(10250240, 14348907))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core import Action, BluffkitError, InvalidQuestion
from ...core.i18n import _, num
from ...games.bluff import (
    DIGITS,
    STAR,
    Bid,
    BluffRules,
    Challenge,
    Show,
    box_index,
    dice_text,
    face_text,
    why_not_raise,
)
from ...games.bluff.state import MAX_DICE
from ...games.bluff.text import say_show
from ...odds.bluff.counts import (
    BidOdds,
    _fs,
    matches,
    odds_from_counts,
    p_at_least,
    read_bid,
    read_dice,
    reroll_odds,
)
from .equilibrium import EquilibriumView, describe, equilibrium_view
from .text import _of, _short, check_names, explain, seat_name

if TYPE_CHECKING:  # reading bids needs numpy: imported when the bids are read
    from ...odds.bluff.beliefs import RoundReading
    from ...odds.bluff.model import BidModel
    from .ahead import AheadValue
    from .solved import SolvedView

FACES_ORDER = (*DIGITS, STAR)


@dataclass(frozen=True)
class Position:
    """What one player knows when it is their turn to decide.

    Args:
        my_dice: my hidden dice, e.g. ``"3,3,*,1,2"`` or ``(3, 3, 6, 1, 2)``.
        dice_held: dice each player holds (hidden plus exposed), one count per seat.
        me: my seat.
        exposed: each player's exposed dice (one group per seat), or ``None`` for none.
        bid: the current bid (``None`` when I open the round), a ``Bid`` or ``"7x3"``.
        bidder: who made it; ``None`` means the active player before me.
        rules: the rules; ``None`` means ``BluffRules(players=len(dice_held))``, with the
            expansion on when some dice are exposed or ``phase`` is ``"show"``.
        phase: ``"bid"`` (raise or challenge) or ``"show"`` (expansion: I just made ``bid``
            and may expose and re-roll).
        history: the round's bids so far, oldest first, ending with ``bid`` (``("1x2",
            "1x4")``, Bids, or text ``"1x2 1x4"``); ``None`` when unknown. An opening position
            (no ``bid``) has the empty history. The advice reads it (``advise(...,
            read_bids=True)``: Bayes' rule, ``bluffkit.advice.bluff.reading``), and so does the
            equilibrium view (two players, small dice counts).

    Raises:
        InvalidQuestion: naming the field that is impossible.

    >>> p = Position("3,3,*", (3, 5), bid="4x2")
    >>> p.bidder, p.dice_in_play, p.unknown
    (1, 8, 5)
    """

    my_dice: tuple[int, ...]
    dice_held: tuple[int, ...]
    me: int = 0
    exposed: tuple[tuple[int, ...], ...] | None = None
    bid: Bid | None = None
    bidder: int | None = None
    rules: BluffRules | None = None
    phase: str = "bid"
    history: tuple[str, ...] | None = None

    def __post_init__(self):
        put = object.__setattr__
        put(self, "my_dice", read_dice(self.my_dice, "my_dice"))
        held = self.dice_held
        if isinstance(held, str) or not isinstance(held, Sequence) or not all(
                isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= MAX_DICE
                for h in held):
            raise InvalidQuestion(
                _("dice_held needs one count of 0-{max_dice} dice per player, got {held}",
                  max_dice=MAX_DICE, held=repr(held)))
        held = tuple(held)
        put(self, "dice_held", held)
        n = len(held)
        if not 2 <= n <= 6:
            raise InvalidQuestion(_("dice_held: Bluff is for 2-6 players, got {count} counts",
                                    count=n))
        if sum(1 for h in held if h) < 2:
            raise InvalidQuestion(_("dice_held: at least two players must still hold dice"))
        if isinstance(self.me, bool) or self.me not in range(n):
            raise InvalidQuestion(_("me must be a seat 0-{value}, got {me}",
                                    value=n - 1, me=repr(self.me)))
        if self.phase not in ("bid", "show"):
            raise InvalidQuestion(_("phase must be 'bid' or 'show', got {phase}",
                                    phase=repr(self.phase)))
        exposed = ((),) * n if self.exposed is None else self.exposed
        if isinstance(exposed, str) or not isinstance(exposed, Sequence) or len(exposed) != n:
            raise InvalidQuestion(
                _("exposed needs one group of dice per player ({count} players), e.g. {value}, got"
                  " {exposed}", count=n, value=repr([()] * n), exposed=repr(self.exposed)))
        exposed = tuple(read_dice(e, f"exposed[{p}]") for p, e in enumerate(exposed))
        put(self, "exposed", exposed)
        if self.rules is None:
            put(self, "rules", BluffRules(
                players=n, show_and_reroll=any(exposed) or self.phase == "show"))
        elif not isinstance(self.rules, BluffRules):
            raise InvalidQuestion(_("rules must be BluffRules, got {rules}",
                                    rules=repr(self.rules)))
        if self.rules.players != n:
            raise InvalidQuestion(
                _("dice_held has {count} counts but rules.players={players}",
                  count=n, players=self.rules.players))
        if any(exposed) and not self.rules.show_and_reroll:
            raise InvalidQuestion(_("exposed dice need the expansion (rules.show_and_reroll=True)"))
        self._check_dice()
        self._check_bid()
        self._check_history()

    def _check_dice(self):
        me, held = self.me, self.dice_held
        if not held[me]:
            raise InvalidQuestion(_("player {me} (me) has no dice left: nothing to decide", me=me))
        if len(self.my_dice) + len(self.exposed[me]) != held[me]:
            raise InvalidQuestion(
                _("my_dice ({value}) and my exposed dice ({value2}) must make the {held} dice "
                  "dice_held[{me}] says I hold",
                  value=dice_text(self.my_dice) or _("none"),
                  value2=dice_text(self.exposed[me]) or _("none"), held=held[me], me=me))
        for p, e in enumerate(self.exposed):
            if e and len(e) >= held[p]:
                raise InvalidQuestion(
                    _("exposed[{p}]: player {p} holds {held} dice and shows {dice_text}, but at "
                      "least one die stays under the cup",
                      p=p, held=held[p], dice_text=dice_text(e)))

    def _check_bid(self):
        if self.bid is None:
            if self.bidder is not None:
                raise InvalidQuestion(_("bidder given without a bid"))
            if self.phase == "show":
                raise InvalidQuestion(_("phase 'show' comes right after my bid: give the bid"))
            return
        object.__setattr__(self, "bid", read_bid(self.bid))
        if self.bid.count > self.dice_in_play:
            raise InvalidQuestion(
                _("bid {bid} claims {count} dice but only {dice_in_play} are in play",
                  bid=self.bid, count=self.bid.count, dice_in_play=self.dice_in_play))
        if self.bidder is None:
            default = self.me if self.phase == "show" else self._previous_player()
            object.__setattr__(self, "bidder", default)
        if isinstance(self.bidder, bool) or self.bidder not in range(len(self.dice_held)):
            raise InvalidQuestion(_("bidder must be a seat, got {bidder}",
                                    bidder=repr(self.bidder)))
        if not self.dice_held[self.bidder]:
            raise InvalidQuestion(_("bidder {bidder} holds no dice", bidder=self.bidder))
        if self.phase == "show" and self.bidder != self.me:
            raise InvalidQuestion(_("phase 'show': the expansion's choice belongs to the bidder "
                                    "(bidder {bidder}, me {me})", bidder=self.bidder, me=self.me))
        if self.phase == "bid" and self.bidder == self.me:
            raise InvalidQuestion(
                _("player {me} made the current bid {bid}: the next player decides",
                  me=self.me, bid=self.bid))

    def _check_history(self):
        history = self.history
        if history is None:
            if self.bid is None:
                object.__setattr__(self, "history", ())
            return
        if isinstance(history, str):
            history = history.replace(",", " ").split()
        if not isinstance(history, Sequence):
            raise InvalidQuestion(_("history must be the round's bids, e.g. ('1x2', '1x4'), got "
                                    "{history}", history=repr(self.history)))
        bids: list[Bid] = []
        for i, b in enumerate(history):
            try:
                bid = read_bid(b)
            except InvalidQuestion as e:
                raise InvalidQuestion(_("history[{i}]: {e}", i=i, e=e)) from None
            reason = why_not_raise(bid, bids[-1]) if bids else None
            if reason:
                raise InvalidQuestion(_("history[{i}]: {reason}", i=i, reason=reason))
            if bid.count > self.dice_in_play:
                raise InvalidQuestion(_("history[{i}]: {bid} claims {count} dice but only "
                                        "{dice_in_play} are in play",
                                        i=i, bid=bid, count=bid.count,
                                        dice_in_play=self.dice_in_play))
            bids.append(bid)
        last = bids[-1] if bids else None
        if last != self.bid:
            raise InvalidQuestion(
                _("history must end with the current bid {bid}, got {bids}", bid=self.bid,
                  bids=" ".join(map(str, bids)) or _("no bids")) if self.bid else
                _("history has bids ({bids}) but there is no current bid",
                  bids=" ".join(map(str, bids))))
        object.__setattr__(self, "history", tuple(str(b) for b in bids))

    # -- reading -------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state, player: int) -> Position:
        """The position of ``player`` built only from ``state.observation(player)``.

        Raises:
            InvalidQuestion: if ``player`` has nothing to decide (not a bid or show phase).
        """
        obs = state.observation(player)
        return cls.from_observation(obs)

    @classmethod
    def from_observation(cls, obs) -> Position:
        """The position of a ``BluffObservation`` (what bots receive)."""
        if obs.phase not in ("bid", "show"):
            raise InvalidQuestion(_("nothing to decide in phase {phase}", phase=repr(obs.phase)))
        return cls(obs.my_dice, obs.dice_held, obs.player, obs.exposed, obs.bid, obs.bidder,
                   obs.rules, obs.phase, _round_bids(obs.history))

    @property
    def dice_in_play(self) -> int:
        return sum(self.dice_held)

    @property
    def known_dice(self) -> tuple[int, ...]:
        """Every die I can see: my hidden dice and all exposed dice."""
        return tuple(sorted(self.my_dice + sum(self.exposed, ())))

    @property
    def unknown(self) -> int:
        return self.dice_in_play - len(self.known_dice)

    def active(self) -> list[int]:
        return [p for p, h in enumerate(self.dice_held) if h]

    def next_player(self) -> int:
        """The active player after me (who would challenge my raise)."""
        n = len(self.dice_held)
        return next(q for k in range(1, n) if self.dice_held[q := (self.me + k) % n])

    def _previous_player(self) -> int:
        n = len(self.dice_held)
        return next(q for k in range(1, n) if self.dice_held[q := (self.me - k) % n])

    def to_json(self) -> dict:
        return {"my_dice": dice_text(self.my_dice), "dice_held": list(self.dice_held),
                "me": self.me, "exposed": [dice_text(e) for e in self.exposed],
                "bid": str(self.bid) if self.bid else None, "bidder": self.bidder,
                "rules": self.rules.to_json(), "phase": self.phase,
                "history": None if self.history is None else list(self.history)}


def _round_bids(history) -> tuple[str, ...]:
    """The bids of an observation's round history (shows and re-rolls left out)."""
    bids = []
    for _seat, text in history:
        try:
            bids.append(str(Bid.parse(text)))
        except BluffkitError:
            continue
    return tuple(bids)


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
        out = {"action": str(self.action), "kind": self.kind, "p_stands": _fs(self.p_stands),
               "p_exact": _fs(self.p_exact), "my_loss": _fs(self.my_loss),
               "others_loss": _fs(self.others_loss), "note": self.note}
        if self.p_read is not None:
            out["p_read"], out["loss_read"] = _fs(self.p_read), _fs(self.loss_read)
        if self.ahead is not None:
            a = self.ahead
            out["ahead"] = {"my_loss": _fs(a.my_loss), "others_loss": _fs(a.others_loss),
                            "challenged_next": _fs(a.challenged_next), "samples": a.samples}
        return out


@dataclass(frozen=True)
class Advice:
    """Every listed legal choice with its numbers, the recommended one and why.

    ``equilibrium`` is the equilibrium view (``bluffkit.advice.bluff.equilibrium``) where a
    solved equilibrium applies (two players, small dice counts), else ``None``. ``reading`` is
    the round's bids read under the bid model (``bluffkit.odds.bluff.beliefs``) when the advice
    read them, else ``None``. ``solved`` is the solved view (``bluffkit.advice.bluff.solved``:
    the equilibrium's frequencies for my dice and what the opponent's bids reveal, exactly) for
    every position where two players hold 1-5 dice each and the round's bids are known.
    """

    position: Position
    options: tuple[Option, ...]
    recommended: Option
    explanation: str
    equilibrium: EquilibriumView | None = None
    reading: RoundReading | None = field(default=None, compare=False, repr=False)
    solved: SolvedView | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict:
        out = {"position": self.position.to_json(),
               "options": [o.to_json() for o in self.options],
               "recommended": str(self.recommended.action), "explanation": self.explanation,
               "equilibrium": self.equilibrium.to_json() if self.equilibrium else None,
               "bids_read": self.reading is not None,
               "solved": self.solved.to_json() if self.solved else None}
        if self.reading is not None:
            from .reading import beliefs_summary

            out["beliefs"] = [
                {"seat": b["seat"], "dice": b["dice"], "bids_read": b["bids_read"],
                 "matches": {face_text(f): [_fs(p) for p in pmf.values()]
                             for f, pmf in b["faces"].items()}}
                for b in beliefs_summary(self.reading)]
        return out

    def say_action(self, text: str) -> str:
        """A choice as ``to_json`` writes it (``"challenge"``, ``"8x3"``, a show) in the
        current language (what a view shows; the JSON keeps the engine's text).

        >>> advise(Position("1,1,2,4,5", (5, 5), bid="9x3")).say_action("challenge")
        'challenge'
        """
        for o in self.options:
            if str(o.action) == text:
                return say_action(o.action)
        return text

    def _repr_markdown_(self) -> str:
        eq = self.equilibrium if self.equilibrium and self.equilibrium.reached else None
        eq = eq if eq is not None or self.equilibrium else self.solved
        extra = (" " + _("equilibrium frequency") + " |", "---|") if eq else ("", "")
        if self.reading is not None:
            rows = ["| " + " | ".join((
                _("choice"), _("P(true), dice random"), _("P(true) after reading the bids"),
                _("loss if challenged, dice random"), _("loss if challenged, bids read"),
                _("dice lost, look ahead"), _("note"))) + " |" + extra[0],
                    "|---|---|---|---|---|---|---|" + extra[1]]
        else:
            rows = ["| " + " | ".join((
                _("choice"), _("P(bid stands)"), _("P(exact)"), _("my expected loss"),
                _("others' expected loss"), _("note"))) + " |" + extra[0],
                    "|---|---|---|---|---|---|" + extra[1]]
        for o in self.options:
            star = " **(" + _("recommended") + ")**" if o is self.recommended else ""
            said = say_action(o.action)
            freq = f" {num(eq.frequency(o.action), '.1%')} |" if eq else ""
            if self.reading is not None:
                ahead = _of(o.ahead.my_loss) if o.ahead is not None else _("not played out")
                rows.append(f"| `{said}`{star} | {_of(o.p_stands)} | {_short(o.p_read)} | "
                            f"{_of(o.my_loss)} | {_short(o.loss_read)} | {ahead} | {o.note} |"
                            + freq)
            else:
                rows.append(f"| `{said}`{star} | {_of(o.p_stands)} | {_of(o.p_exact)} | "
                            f"{_of(o.my_loss)} | {_of(o.others_loss)} | {o.note} |" + freq)
        return "\n".join(rows) + "\n\n" + self.explanation.replace("\n", "\n\n")

    def __str__(self) -> str:
        return self.explanation


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


class _Tally:
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


def _raise_option(t: _Tally, bid: Bid, note: str) -> Option:
    me, nxt = t.pos.me, t.pos.next_player()
    o = t.odds(bid, me, nxt)
    others = o.challenger_loss + (t.n_active - 2) * o.other_loss
    return Option(bid, "raise", o.p_true, o.p_exact, o.bidder_loss, others, note, o)


def _stands(t: _Tally, bid: Bid) -> Fraction:
    return p_at_least(bid.count, bid.face, t.known[bid.face], t.pos.unknown)


def _challenge_option(t: _Tally, names: Sequence[str] | None) -> Option:
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
    t = _Tally(pos)
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
            options.append(_raise_option(t, Bid(count, face), note))
    options.sort(key=lambda o: o.action.sort_key())
    return ([_challenge_option(t, names)] if pos.bid else []) + options


def show_options(pos: Position) -> list[Option]:
    """The expansion's choices right after my bid: keep, show my matching dice, show them and
    re-roll the rest (or, with no matching die, show one other die and re-roll)."""
    if not pos.rules.show_and_reroll:
        raise InvalidQuestion(_("show options need the expansion "
                                "(rules.show_and_reroll=True)"))
    t = _Tally(pos)
    bid, hidden, mine_shown = pos.bid, pos.my_dice, pos.exposed[pos.me]
    others = sum((e for p, e in enumerate(pos.exposed) if p != pos.me), ())
    matching = tuple(d for d in hidden if matches((d,), bid.face))
    misses = tuple(d for d in hidden if not matches((d,), bid.face))
    shown = matching[:len(hidden) - 1]
    keep = _raise_option(t, bid, _("keep every die hidden"))
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


def say_action(action) -> str:
    """A choice in the current language: a bid as written (``8x3``), the challenge, a show."""
    if isinstance(action, Challenge):
        return _("challenge")
    if isinstance(action, Show):
        return say_show(action)
    return str(action)


def _bid_key(o: Option) -> tuple:
    ladder = (-o.action.box, -o.action.face) if o.kind == "raise" else (0, 0)
    return (o.my_loss, o.kind != "raise", ladder)


def _show_key(o: Option) -> tuple:
    return (o.my_loss, o.action.reroll, len(o.action.expose))


# -- the advice -----------------------------------------------------------------------------------
def can_read(pos: Position) -> str | None:
    """``None`` when the round's bids can be read, else why not (plain words)."""
    if pos.phase != "bid":
        return _("after your own bid (the expansion's show) nothing new is bid")
    if pos.rules.show_and_reroll or any(pos.exposed):
        return _("with the expansion, shown and re-rolled dice change what a bid says about a "
                 "hand, and the model does not cover it")
    if pos.history is None:
        return _("the round's earlier bids were not given")
    return None


def advise(position: Position, equilibrium: bool = True,
           names: Sequence[str] | None = None, read_bids: bool = True,
           model: BidModel | None = None, samples: int | None = None,
           seed: int = 0) -> Advice:
    """Every listed legal choice with its numbers, the recommendation and its explanation.

    Args:
        position: what I know (see ``Position``).
        equilibrium: add the equilibrium view where a solved equilibrium applies: two players
            holding 1-5 dice each with the round's bids known (``Advice.solved``: the shipped
            strategies, or the perfect-recall round where one is shipped or saved, which also
            fills ``Advice.equilibrium``). The recommendation stays the probability view's.
        names: what to call each seat in the words (e.g. a table's ``["You", "Bot 1", ...]``);
            ``None``: "player 1" and so on.
        read_bids: read the round's bids (``bluffkit.advice.bluff.reading``: Bayes' rule under
            ``model``, then a look ahead of ``samples`` playouts from ``seed``) when the
            position allows it (bid phase, no expansion, ``position.history`` given). ``False``
            gives the dice-random advice alone, to compare the two.
        model, samples, seed: the bid model (``None``: ``BidModel()``, ε = 1/20) and the look
            ahead's playouts per choice (``None``: ``bluff_ahead.SAMPLES``) and seed.

    Returns:
        An ``Advice``.

    >>> a = advise(Position("1,1,2,4,5", (5, 5), bid="9x3"))
    >>> str(a.recommended.action), a.recommended.my_loss
    ('challenge', Fraction(0, 1))
    """
    names = check_names(names, len(position.dice_held))
    if not isinstance(read_bids, bool):
        raise InvalidQuestion(_("read_bids must be True or False, got {value}",
                                value=repr(read_bids)))
    reading = None
    if position.phase == "show":
        options = show_options(position)
        best = min(options, key=_show_key)
    else:
        options = bid_options(position, names)
        best = min(options, key=_bid_key)
    why_not = can_read(position) if read_bids else None
    if read_bids and why_not is None:
        from ...odds.bluff.beliefs import DEFAULT_MODEL
        from .ahead import SAMPLES
        from .reading import explain_reading, read_options

        model = DEFAULT_MODEL if model is None else model
        samples = SAMPLES if samples is None else samples
        old_best = best
        options, best, reading = read_options(position, options, model, samples, seed)
        text = explain_reading(position, options, best, reading, old_best, names)
    else:
        text = explain(position, options, best, names)
        if read_bids and position.phase == "bid":
            text = text.replace(_("Other players' bids are not read as information."),
                                _("Other players' bids are not read as information: {why}.",
                                  why=why_not))
    view = equilibrium_view(position) if equilibrium else None
    solved = None
    if equilibrium:
        from .solved import describe_solved, reveal_text, solved_view

        solved = solved_view(position)
    if view is not None:
        text += "\n" + describe(view, position)
        if solved is not None and view.reached:
            text += "\n" + reveal_text(solved, position, names)
    elif solved is not None:
        text += "\n" + describe_solved(solved, position, names)
    return Advice(position, tuple(options), best, text, view, reading, solved)




__all__ = ["Advice", "Option", "Position", "advise", "bid_options", "explain", "show_options",
           "smallest_raise"]
