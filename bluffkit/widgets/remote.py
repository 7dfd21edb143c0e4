"""The game tables of local play, driven by a class server instead of a local engine.

A classroom table is the game's own table
(:class:`~bluffkit.widgets.poker_dice.table.PokerDiceTable` and the others) with
:class:`RemoteGame` mixed in: nothing is dealt in the kernel. Each view
the server pushes is read back into the seat's own observation (the game's
``observation_from_json``) and wrapped in a :class:`SeatState`, which answers what a table asks
of a state (whose turn, the legal moves, the winners) from that observation and the view. The
table then draws it and computes "Explain" exactly as in local play, from this seat's
observation only: another seat's dice or cards never reach the kernel. A move goes to the
server; the history is written from what the views show.
"""

from __future__ import annotations

import html
import secrets
from fractions import Fraction

from ..core import IllegalAction, ParseError
from ..core.i18n import _, _n
from ..games import find_game
from ..games.bluff import STAR, Bid, Challenge
from ..games.bluff_you import action_text, parse_action_text, points_text
from ..games.bungee.text import SKIPPED
from ..games.jungle_bluff import cards_text
from ..games.poker_dice import parse_action as poker_action
from .bluff.table import BluffTable, reveal_html
from .bluff_you.table import BluffYouTable
from .bungee.table import BungeeTable
from .game_table import waiting_html
from .jungle_bluff.table import JungleTable
from .poker_dice.table import PokerDiceTable
from .review import SeatRecord
from .seat import seat_names, seat_rows


def _fraction(x) -> Fraction:
    return Fraction(x) if isinstance(x, str | int) else Fraction(x).limit_denominator()


class SeatState:
    """A position as one seat sees it: its observation ``obs`` and the server's ``view``.

    Public facts are read from the observation (``seat_state.centre`` is ``obs.centre``);
    ``observation(p)`` is only ever this seat's. ``legal_actions()`` are the moves the server
    lists for this seat, read by ``parse`` (their text when ``parse`` is ``None``).
    """

    def __init__(self, obs, view: dict, parse=None):
        self.obs, self.view, self._parse = obs, view, parse

    def __getattr__(self, name: str):
        if name.startswith("_") or name in ("obs", "view"):
            raise AttributeError(name)
        return getattr(self.obs, name)

    def observation(self, player: int):
        if player != self.obs.player:
            raise IllegalAction(_("a classroom table sees only its own seat"))
        return self.obs

    def is_terminal(self) -> bool:
        return bool(self.view["over"])

    def current_player(self) -> int:
        """Whose turn it is, as this seat's observation says (-2 once the game is over)."""
        return -2 if self.view["over"] else self.obs.to_move

    def legal_actions(self) -> list:
        parse = self._parse or (lambda t: t)
        return [parse(t) for t in self.view["legal"]]

    def winners(self) -> tuple[int, ...]:
        """The seats with the best result once the game is over (the server's returns)."""
        if not self.view["over"]:
            return ()
        got = [_fraction(r) for r in self.view["returns"]]
        return tuple(p for p, r in enumerate(got) if r == max(got))

    def winner(self) -> int | None:
        w = self.winners()
        return w[0] if w else None

    def to_call(self, player: int) -> int:  # poker dice: what calling costs this seat
        return self.observation(player).to_call

    def scores(self) -> tuple:  # Jungle Bluff: the points of each score pile
        from ..games.jungle_bluff import points

        return tuple(points(p) for p in self.obs.piles)


class RemoteGame(SeatRecord):
    """Mixed into a game's table: seat, link to the server, views in, moves out.

    Not built directly: :func:`bluffkit.widgets.classroom.join` makes one. ``seat`` is the
    seat (0 is the first), ``names`` the players in seat order ("You" at this seat), ``obs``
    this seat's last observation, ``view`` the server's last view.
    """

    parse = None
    """How the table's controls want the server's move texts (``None``: as text)."""

    seat_state = SeatState
    """What a view is read into for the table (Bluff's says more: :class:`BluffSeatState`)."""

    replays_history = False
    """The history is written from the views, not from moves kept: a language switch keeps
    the lines written (the local tables write theirs again from their moves)."""

    def _remote(self, link, joined: dict) -> None:
        self.link, self.joined, self.seat, self.me = link, joined, joined["seat"], joined["seat"]
        self.info = find_game(joined["game"])
        from ..classroom.rules import make_rules

        self.rules = make_rules(self.info, joined["rules"])
        self.obs = self.view = None
        self.seed = secrets.randbits(63)
        """Explain's simulations (Bungee's endings) draw from it: this table's own stream, not
        one every table shares (the move count seeded them)."""
        self.new_game_bar.layout.display = "none"
        self.children = [*seat_rows(self, joined), *self.children]
        self.add_class("bk-classroom-table")

    # -- no local game: the server deals ----------------------------------------------------
    def new_game(self, seed: int = 0, *args) -> None:
        """Only the server deals: an empty table until the first view arrives."""
        self.state = None
        self.names = [_("You")]
        self.status.value = "<div>" + _("Waiting for the server...") + "</div>"

    def _render(self) -> None:
        if self.state is not None:
            super()._render()

    def _play(self, action) -> None:
        if self.state is None or self.state.is_terminal():
            raise IllegalAction(_("the game is over: no more moves"))
        if self.state.current_player() != self.me:
            raise IllegalAction(_("it is not your turn"))
        self._send_move(str(action))

    def play(self, action) -> None:
        """Send your move (an action or its text, as in local play) to the server."""
        if action is None:
            raise IllegalAction(_("choose a move first"))
        self._play(action)

    # -- from the server --------------------------------------------------------------------
    def show_view(self, view: dict) -> None:
        """Redraw from one of the server's views (called for every view pushed)."""
        before = self.state
        obs = self.info.observation_from_json(view["view"], self.rules)
        self.names = seat_names(view, self.seat)
        self.obs = obs
        self._note_view(obs, view)
        self.state = self.seat_state(obs, view, self.parse)
        self._log_view(before, self.state)
        self._render()
        self.status.value = self.status.value.replace(" " + html.escape(_("Press New game.")),
                                                      "")
        if view.get("closed") and not view["over"]:
            self.status.value = ("<div><b>" + html.escape(_("Your teacher closed this table."))
                                 + "</b></div>")
        self.view = view  # last: whoever waits for a view finds the table drawn from it

    def _draw(self, s) -> None:
        """The local table's drawing, then the status line of a seat that waits: the local
        tables say what to do on your turn (bots play at once there), so here, while another
        seat is to move as this seat's observation says, the line says who."""
        super()._draw(s)
        waiting = waiting_line(s, self.names, self.me)
        if waiting:
            self.status.value = waiting

    def _log_view(self, before: SeatState | None, after: SeatState) -> None:
        """Write to the history what changed between two views (each game says how)."""

    def _log_game_over(self, after: SeatState) -> None:
        if after.is_terminal() and not getattr(self, "_over_logged", False):
            self._over_logged = True
            w = after.winners()
            who = _(" and ").join(self.names[p] for p in w)
            self.history.add(_("Game over: you win.") if list(w) == [self.me] else
                             _n("Game over: {who} wins.", "Game over: {who} win.", len(w),
                                who=who), strong=True)

    def show_event(self, frame: dict) -> None:
        if frame.get("type") == "closed":
            self.status.value = ("<div><b>" + html.escape(_("Your teacher closed this table."))
                                 + "</b></div>")
        elif frame.get("type") == "revealed":
            self._note_reveal(frame["log"])
            moves = sum(1 for p, _a, _b in frame["log"] if p >= 0)
            self.history.add(_n("Your teacher revealed the whole game: {n} move by the players, "
                                "every deal and roll included.",
                                "Your teacher revealed the whole game: {n} moves by the "
                                "players, every deal and roll included.", moves), strong=True)

    def show_connection(self, text: str) -> None:
        self.connection.value = (f'<div style="color:#b00"><b>{html.escape(text)}</b></div>'
                                 if text else "")
        down = self.link.client is None  # the button shows while the connection is down
        self.reconnect_button.layout.display = None if down else "none"


def waiting_line(s, names: list[str], me: int) -> str:
    """The status line while someone else is to move (``""`` on this seat's turn or once the
    game is over).

    >>> class S:
    ...     def is_terminal(self): return False
    ...     def current_player(self): return 1
    >>> waiting_line(S(), ["You", "Ana & Ben"], 0)
    '<div>Waiting for Ana &amp; Ben.</div>'
    """
    if s.is_terminal() or s.current_player() == me:
        return ""
    p = s.current_player()
    if 0 <= p < len(names):
        return waiting_html(p, names)
    return "<div>" + html.escape(_("Waiting for the server...")) + "</div>"


def _new_entries(before, after, field: str = "history") -> tuple:
    """The entries of ``after.<field>`` (one round's) not yet in ``before``'s."""
    new = getattr(after, field)
    if before is None or before.round != after.round:
        return new
    return new[len(getattr(before, field)):]


def _round_ended(before, after) -> bool:
    """A round ended between two views: the round changed, or the game ended (round numbers,
    not results, tell: two rounds may end with equal results)."""
    return before is not None and (after.round != before.round
                                   or after.is_terminal() and not before.is_terminal())


def _ended_round(before, after, ended: int) -> tuple:
    """The moves of round ``ended`` (``after.previous``, whole) that ``before`` had not shown:
    several moves can land between two views, the round's last ones among them."""
    return after.previous[len(before.history) if before.round == ended else 0:]


class RemoteBluffYouTable(RemoteGame, BluffYouTable):
    """Bluff You on the class server, with the table and Explain of local play."""

    parse = staticmethod(parse_action_text)

    def __init__(self, link, joined: dict):
        super().__init__(players=joined["players"])
        self._remote(link, joined)

    def _log_view(self, before, after) -> None:
        if after.last is not None and (before is None or after.last != before.last):
            self.history.add(after.last.describe(self.names))
        if after.phase == "call" and after.pending is not None and (
                before is None or before.phase != "call" or before.turn != after.turn):
            move = action_text(after.pending, self.names)
            self.history.add(_("You announce: {move}.", move=move) if after.bluffer == self.me
                             else _("{name} announces: {move}.",
                                    name=self.names[after.bluffer], move=move))
        if after.is_terminal() and not getattr(self, "_over_logged", False):
            self._over_logged = True
            points = ", ".join(f"{n} {points_text(p)}" for n, p in zip(
                self.names, [sum(_points(h)) for h in after.held]))
            w = after.winners()
            who = " and ".join(self.names[p] for p in w)
            self.history.add(_("Game over: you win ({points}).", points=points)
                             if list(w) == [self.me] else
                             _n("Game over: {who} wins ({points}).",
                                "Game over: {who} win ({points}).", len(w), who=who,
                                points=points), strong=True)


def _points(tokens) -> list[int]:
    from ..games.bluff_you import total_points

    return [total_points([t]) for t in tokens]


class RemotePokerDiceTable(RemoteGame, PokerDiceTable):
    """Poker dice on the class server, with the table and Explain of local play."""

    parse = staticmethod(lambda t: poker_action(None, t))

    def __init__(self, link, joined: dict):
        super().__init__(opponents=joined["players"] - 1)
        self._remote(link, joined)

    def _log_view(self, before, after) -> None:
        if _round_ended(before, after):  # (two rounds may end alike: "nobody anted")
            ended = after.round if after.phase == "over" else after.round - 1
            self._log_entries(_ended_round(before, after, ended))
            self._log_round_end(before, after)  # the result, who is out, the game's end
            new = after.history
        else:
            new = _new_entries(before, after)
        if after.obs.my_dice and (before is None or before.round != after.round):
            self.history.add(_("Round {round} (leader {leader}): your peeker shows {dice}.",
                               round=after.round, leader=self.names[after.leader],
                               dice=_dice(after.obs.my_dice)), strong=True)
        self._log_entries(new)

    def _log_entries(self, entries) -> None:
        for p, text in entries:
            if text.startswith("common "):
                self.history.add(_("Common dice: {dice}.", dice=text[7:]))
            elif p >= 0:
                self.history.add(f"{self.names[p]}: {text}.")


def _dice(dice) -> str:
    from ..games.poker_dice import dice_text

    return dice_text(dice)


class RemoteJungleTable(RemoteGame, JungleTable):
    """Jungle Bluff on the class server, with the table and Explain of local play."""

    def __init__(self, link, joined: dict):
        r = joined["rules"]
        super().__init__(opponents=joined["players"] - 1, combined=r.get("combined", False),
                         special_cards=tuple(r.get("special_cards") or ()))
        self.specials.layout.display = "none"
        self._remote(link, joined)

    def _log_view(self, before, after) -> None:
        done = 0 if before is None or before.round != after.round else len(before.moves)
        if before is not None and before.round != after.round:
            for m in after.history[-1].moves[len(before.moves):]:
                self.history.add(self._move_text(m))
            r = after.history[-1]
            won = ", ".join(f"{self.names[p]} {cards_text(w, '+')}" for p, w in enumerate(r.won)
                            if w) or _("nobody")
            self.history.add(_("End of the final round: won {won}.", won=won)
                             if r.number > after.rules.top_card else
                             _("End of round {round}: won {won}.", round=r.number, won=won),
                             strong=True)
        if before is None or before.round != after.round and not after.is_terminal():
            cards, who = cards_text(after.centre), self.names[after.first]
            if after.first == self.me:
                text = (_("Final round: score cards {cards}; you start.", cards=cards)
                        if after.final else _("Round {round}: score cards {cards}; you start.",
                                              round=after.round, cards=cards))
            else:
                text = (_("Final round: score cards {cards}; {who} starts.", cards=cards,
                          who=who) if after.final else
                        _("Round {round}: score cards {cards}; {who} starts.",
                          round=after.round, cards=cards, who=who))
            self.history.add(text, strong=True)
        for m in after.moves[done:]:
            self.history.add(self._move_text(m))
        self._log_game_over(after)


class RemoteBungeeTable(RemoteGame, BungeeTable):
    """Bungee on the class server, with the table and Explain of local play (the
    call-or-play-on simulation runs in the kernel on this seat's observation)."""

    def __init__(self, link, joined: dict):
        super().__init__(opponents=joined["players"] - 1, rounds=joined["rules"]["rounds"])
        self._remote(link, joined)

    def _log_view(self, before, after) -> None:
        ended = _round_ended(before, after)
        if ended and after.round != before.round:  # the round before ended since the last view
            self._log_entries(_ended_round(before, after, after.round - 1))
            self._log_round_end(after)
            self._log_entries(after.history)
            return
        self._log_entries(_new_entries(before, after))
        if ended:  # the final round: the game is over
            self._log_round_end(after)

    def _log_entries(self, entries) -> None:
        for p, text in entries:
            text = SKIPPED if text == "skipped" else text
            if p < 0:
                self.history.add(text[0].upper() + text[1:] + ".")
            else:
                self.history.add(f"{self.names[p]}: {text}.", strong=text == "bungee")


class BluffSeatState(SeatState):
    """A Bluff position as one seat sees it, in the words :class:`BluffTable` reads: every
    player's dice (``dice``) and dice lost, the exposed dice, and of the hidden dice only this
    seat's (``hidden`` is empty for the others: their cups never reach the kernel)."""

    @property
    def dice(self) -> tuple[int, ...]:
        return self.obs.dice_held

    @property
    def hidden(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.obs.my_dice if p == self.obs.player else ()
                     for p in range(len(self.obs.dice_held)))

    @property
    def lost(self) -> tuple[int, ...]:
        return tuple(s - d for s, d in zip(self.obs.rules.start_dice(), self.obs.dice_held))

    @property
    def phase(self) -> str:
        return "over" if self.is_terminal() else self.obs.phase

    def dice_in_play(self) -> int:
        return sum(self.obs.dice_held)

    def winner(self) -> int | None:
        alive = [p for p, d in enumerate(self.dice) if d]
        return alive[0] if self.is_terminal() and alive else None


def _bluff_action(text: str):
    """A move of the server's list as the Bluff table's controls want it (bids as :class:`Bid`,
    a show move of the expansion as its text)."""
    if text == "challenge":
        return Challenge()
    try:
        return Bid.parse(text)
    except ParseError:
        return text


class RemoteBluffTable(RemoteGame, BluffTable):
    """Bluff on the class server, with the table and Explain of local play (the bid reading
    and its charts computed in the kernel from this seat's observation)."""

    parse = staticmethod(_bluff_action)
    seat_state = BluffSeatState

    def __init__(self, link, joined: dict):
        r = joined["rules"]
        super().__init__(opponents=joined["players"] - 1,
                         dice_per_player=r.get("dice_per_player", 5),
                         show_and_reroll=r.get("show_and_reroll", False))
        self._remote(link, joined)

    def _log_view(self, before, after) -> None:
        if _round_ended(before, after):  # its last bids (the view before may have missed
            final = after.is_terminal() and after.round == before.round  # them), its reveal
            self._log_bids(after.history[len(before.history):] if final else
                           _ended_round(before, after, after.round - 1))
            self._log_reveal(after.last)
        elif before is None and after.last is not None:
            self.reveal_view.value = reveal_html(after.last, self.names)
        if (before is None or before.round != after.round) and not after.is_terminal():
            self.history.add(_("Round {round}: {n} dice in play; your dice are {dice}.",
                               round=after.round, n=after.dice_in_play(),
                               dice=", ".join("★" if d == STAR else str(d)
                                              for d in after.obs.my_dice)), strong=True)
        if not after.is_terminal():
            self._log_bids(_new_entries(before, after))
        self._log_game_over(after)

    def _log_bids(self, entries) -> None:
        for p, text in entries:
            if text != "challenge":  # the reveal says who challenged
                self.history.add(_("{player}: {move}.", player=self.names[p], move=text))

    def _log_reveal(self, r) -> None:
        names = self.names
        lost = ", ".join(f"{names[p]} {k}" for p, k in enumerate(r.losses) if k)
        self.history.add(_("{challenger} challenged {bid} by {bidder}.",
                           challenger=names[r.challenger], bid=r.bid, bidder=names[r.bidder]))
        self.history.add(_n("Reveal: {n} die matches {bid}. {outcome}. Dice lost: {lost}.",
                            "Reveal: {n} dice match {bid}. {outcome}. Dice lost: {lost}.",
                            r.count, bid=r.bid,
                            outcome=str(r.outcome)[:1].upper() + str(r.outcome)[1:],
                            lost=lost or _("none")), strong=True)
        self.reveal_view.value = reveal_html(r, names)


REMOTE_TABLES = {"bluff": RemoteBluffTable, "bluff-you": RemoteBluffYouTable,
                 "poker-dice": RemotePokerDiceTable, "jungle-bluff": RemoteJungleTable,
                 "bungee": RemoteBungeeTable}
"""The classroom table of each game."""


__all__ = ["REMOTE_TABLES", "BluffSeatState", "RemoteBluffTable", "RemoteBluffYouTable",
           "RemoteBungeeTable", "RemoteGame", "RemoteJungleTable", "RemotePokerDiceTable",
           "SeatState", "waiting_line"]
