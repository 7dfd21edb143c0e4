"""Classroom tables: a student's game table driven by the class server's views.

``join(url, code, name)`` takes a seat in a room of ``bluffkit serve`` and returns the table.
The table sends the student's moves to the server and redraws from each view the server pushes;
the student's kernel never holds the dice, cards or seed of anyone else (only the seat's own
observation, which is all the server sends).

Every game is shown with the very table of local play, "Explain" included, whose advice is
computed from the seat's own observation: Bluff by :class:`RemoteBluffTable` (a
:class:`~bluffkit.widgets.bluff.table.BluffTable` whose position is turned so that this seat
sits where "You" sits), the other games by the tables of :mod:`bluffkit.widgets.remote`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import ipywidgets as widgets

from ..advice.bluff.decision import Position, advise
from ..core import IllegalAction, ParseError
from ..core.i18n import _, _n
from ..games.bluff import STAR, Bid, BluffRules, Challenge
from ..games.bluff.serial import observation_from_json
from ..games.bluff.state import BluffObservation
from .bluff.table import BluffTable, reveal_html
from .game_table import ME
from .remote import REMOTE_TABLES, RemoteGame
from .seat import Seat, plain_error, seat_names, seat_rows


def bluff_observation(d: dict, rules: BluffRules) -> BluffObservation:
    """A :class:`BluffObservation` from its JSON (what the server sends a seat)."""
    return observation_from_json(d, rules)


@dataclass(frozen=True)
class SeatView:
    """A Bluff position as one seat sees it, turned so that this seat is seat 0 (the seat
    :class:`BluffTable` draws as "You"). Other players' hidden dice are not known here: only
    their number is (``hidden`` holds this seat's dice and nothing for the others)."""

    rules: BluffRules
    dice: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    exposed: tuple[tuple[int, ...], ...]
    lost: tuple[int, ...]
    phase: str
    to_move: int
    bid: Bid | None
    bidder: int | None
    round: int
    legal: tuple[str, ...]

    @classmethod
    def of(cls, obs: BluffObservation, view: dict) -> SeatView:
        n, me = len(obs.dice_held), obs.player

        def turn(seq):
            return tuple(seq[(p + me) % n] for p in range(n))

        start = obs.rules.start_dice()
        to_move = view["to_move"]
        return cls(obs.rules, turn(obs.dice_held),
                   (obs.my_dice,) + ((),) * (n - 1), turn(obs.exposed),
                   turn(tuple(s - d for s, d in zip(start, obs.dice_held))),
                   "over" if view["over"] else obs.phase,
                   (to_move - me) % n if to_move >= 0 else to_move,
                   obs.bid, None if obs.bidder is None else (obs.bidder - me) % n, obs.round,
                   tuple(view["legal"]))

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def current_player(self) -> int:
        return self.to_move

    def winner(self) -> int | None:
        alive = [p for p, d in enumerate(self.dice) if d]
        return alive[0] if self.is_terminal() and alive else None

    def dice_in_play(self) -> int:
        return sum(self.dice)

    def legal_actions(self) -> list:
        """This seat's legal moves (bids as :class:`Bid`, as the table's bid box wants)."""
        out = []
        for t in self.legal:
            if t == "challenge":
                out.append(Challenge())
            else:
                try:
                    out.append(Bid.parse(t))
                except ParseError:
                    out.append(t)  # a show move (with the expansion): kept as its text
        return out


class RemoteBluffTable(BluffTable):
    """A Bluff table whose game is played on the class server (see the module docstring).

    Not built directly: :func:`join` makes one. ``seat`` is the seat (0 is the first),
    ``names`` the players as drawn (this seat first), ``connection`` a sentence while the
    connection is down."""

    def __init__(self, seat_link: Seat, joined: dict):
        self.link = seat_link
        self.joined = joined
        self.seat = joined["seat"]
        rules = BluffRules(**{k: tuple(v) if isinstance(v, list) else v
                              for k, v in joined["rules"].items()})
        self.rules = rules
        self.obs: BluffObservation | None = None
        self.view: dict | None = None
        self._seen: tuple[int, int] = (-1, 0)
        self._last_reveal = None
        self._over_logged = False
        super().__init__(opponents=rules.players - 1, dice_per_player=rules.dice_per_player,
                         show_and_reroll=rules.show_and_reroll)
        self.new_game_bar.layout.display = "none"
        self.children = [*seat_rows(self, joined), *self.children]
        self.add_class("bk-classroom-table")

    # -- no local game: the server deals ----------------------------------------------------
    def new_game(self, seed: int, *args) -> None:
        """Only the server deals: build an empty table until the first view arrives."""
        self.state = None
        self.names = [_("You")]
        self.status.value = "<div>" + html.escape(_("Waiting for the server...")) + "</div>"

    def _play(self, action) -> None:
        if self.state is None or self.state.is_terminal():
            raise IllegalAction(_("the game is over: no more moves"))
        if self.state.current_player() != ME:
            raise IllegalAction(_("it is not your turn"))
        self.link.move(str(action))

    def play(self, action) -> None:
        """Send your move (an action or its text: ``"7x3"``, ``"challenge"``) to the server."""
        self._play(action)

    # -- from the server --------------------------------------------------------------------
    def show_view(self, view: dict) -> None:
        """Redraw from one of the server's views (called for every view pushed)."""
        obs = bluff_observation(view["view"], self.rules)
        real = seat_names(view, self.seat)
        n = len(real)
        self.seat_names = real
        self.names = [real[(p + self.seat) % n] for p in range(n)]
        self.obs = obs
        self._history(obs, view)
        self.state = SeatView.of(obs, view)
        self._render()
        if view.get("closed") and not view["over"]:
            self.status.value = ("<div><b>" + html.escape(_("Your teacher closed this table."))
                                 + "</b></div>")
        self.status.value = self.status.value.replace(" " + html.escape(_("Press New game.")), "")
        self.view = view  # last: whoever waits for a view finds the table drawn from it

    def _draw(self, s) -> None:
        if s is None:
            return
        super()._draw(s)

    def _history(self, obs: BluffObservation, view: dict) -> None:
        names = self.seat_names
        if obs.last is not None and obs.last != self._last_reveal:
            r = obs.last
            self._last_reveal = r
            lost = ", ".join(f"{names[p]} {k}" for p, k in enumerate(r.losses) if k)
            self.history.add(_("{challenger} challenged {bid} by {bidder}.",
                               challenger=names[r.challenger], bid=r.bid,
                               bidder=names[r.bidder]))
            self.history.add(_n("Reveal: {n} die matches {bid}. {outcome}. Dice lost: {lost}.",
                                "Reveal: {n} dice match {bid}. {outcome}. Dice lost: {lost}.",
                                r.count, bid=r.bid,
                                outcome=str(r.outcome)[:1].upper() + str(r.outcome)[1:],
                                lost=lost or _("none")), strong=True)
            self.reveal_view.value = reveal_html(r, names)
        rnd, done = self._seen
        if obs.round != rnd and not view["over"]:
            self._seen = (obs.round, 0)
            rnd, done = obs.round, 0
            self.history.add(_("Round {round}: {n} dice in play; your dice are {dice}.",
                               round=obs.round, n=sum(obs.dice_held),
                               dice=", ".join("★" if d == STAR else str(d) for d in obs.my_dice)),
                             strong=True)
        for p, text in obs.history[done:]:
            if text == "challenge":
                continue
            self.history.add(_("{player}: {move}.", player=names[p], move=text))
        self._seen = (rnd, max(done, len(obs.history)))
        if view["over"] and not self._over_logged:
            self._over_logged = True
            w = [p for p, d in enumerate(obs.dice_held) if d]
            self.history.add(_("Game over: you win.") if w and w[0] == self.seat else
                             _("Game over: {who} wins.", who=names[w[0]]) if w else
                             _("Game over: nobody wins."), strong=True)

    show_event = RemoteGame.show_event
    show_connection = RemoteGame.show_connection

    def _advice_for(self, s):
        return advise(Position.from_observation(self.obs), names=self.seat_names)


class JoinFailed(widgets.HTML):
    """What :func:`join` shows when it could not take a seat: ``message``, in plain words."""

    def __init__(self, message: str):
        super().__init__(f'<div style="color:#b00"><b>{html.escape(message)}</b></div>')
        self.add_class("bk-join-failed")
        self.message = message


def join(url: str | None = None, code: str = "", name: str | None = None):
    """Take a seat at table ``code`` of the class server at ``url`` as ``name``; returns the
    table widget (show it as a cell's last line). Inside the class's JupyterHub both ``url``
    and ``name`` may be left out: ``join(code="K7QPM")`` (the hub gives the server's address
    and says who you are). When no seat can be taken (the server cannot
    be reached, the code is wrong, the table is full) it returns a :class:`JoinFailed` saying
    why in plain words."""
    from ..classroom.client import ClassroomError

    box: dict = {}

    def on_view(v):
        table = box.get("table")
        if table is not None:
            table.errors.guard(table.show_view)(v)

    def on_event(f):
        table = box.get("table")
        if table is not None:
            table.errors.guard(table.show_event)(f)

    def on_status(text):
        table = box.get("table")
        if table is not None:
            table.show_connection(text)

    from ..classroom.hub_auth import classroom_url

    url = url or classroom_url()
    if not url:
        return JoinFailed(_("Give the table server's address (the teacher has it), e.g. "
                            "{example}.", example='join("ws://…", "K7QPM", "Ana")'))
    link = Seat(url, on_view, on_event, on_status)
    try:
        joined = link.join(code, name)
    except ClassroomError as e:
        return JoinFailed(plain_error(e, url, code))
    cls = RemoteBluffTable if joined["game"] == "bluff" else REMOTE_TABLES[joined["game"]]
    table = cls(link, joined)
    box["table"] = table
    if link.view is not None:
        table.show_view(link.view)
    return table


__all__ = ["JoinFailed", "RemoteBluffTable", "SeatView", "join", "seat_names"]
