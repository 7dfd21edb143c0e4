"""What one Bluff player knows when it is their turn to decide: ``Position``, checked.

Every view of the advice (``decision``, ``options``, ``text``, ``reading``, ``equilibrium``,
``solved``) reads a ``Position``; it is built from the player's own view of the table
(``Position.from_observation``), never from the whole state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core import BluffkitError, InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _
from ...games.bluff import Bid, BluffRules, dice_text, why_not_raise
from ...games.bluff.state import MAX_DICE
from ...odds.bluff.counts import read_bid, read_dice


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
                is_whole(h, 0, MAX_DICE)
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
                   obs.rules, obs.phase, round_bids(obs.history))

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


def round_bids(history) -> tuple[str, ...]:
    """The bids of an observation's round history (shows and re-rolls left out)."""
    bids = []
    for _seat, text in history:
        try:
            bids.append(str(Bid.parse(text)))
        except BluffkitError:
            continue
    return tuple(bids)


__all__ = ["Position", "round_bids"]
