"""``GameTable``: the skeleton every game's table widget shares (you at seat 0 against bots).

A table is a ``VBox`` with a :class:`~bluffkit.widgets.common.NewGameBar`, a status line, the
game's own views and move controls, an :class:`~bluffkit.widgets.common.ErrorArea`, an
:class:`~bluffkit.widgets.common.ExplainPanel` and a
:class:`~bluffkit.widgets.common.HistoryLog`; at its end, once the game is over, a Review button
(:class:`~bluffkit.widgets.review.ReviewButton`: each of your decisions judged by the advice, and
the luck of each round). The loop is always the same: a new game deals from
a seed, chance and the bots move up to your turn (:func:`~bluffkit.widgets.common.play_until_turn`),
your move is checked and applied (:func:`~bluffkit.widgets.common.apply_my_move`), every move goes
to the history, and the views are redrawn.

A game's table subclasses :class:`GameTable` and fills in the hooks:

- ``new_game(seed, ...)``: build the rules, then call :meth:`GameTable._start`;
- ``_log(before, player, action, after)``: what seat 0 sees of one move (``player`` -1: chance);
- ``_draw(state)``: redraw the game's views and controls (the explain panel is refreshed after);
- ``_advice_for(state)``: the advice for seat 0 (asked only on your turn);
- optionally ``_chance(state, rng)``: how chance moves (default: exact sampling).

Every table has an English | Français switch (``language_switch``, class ``bk-language``, in
the new-game bar): it sets the language of the whole kernel (``bluffkit.set_language``),
translates the labels set with :func:`~bluffkit.widgets.common.label`, names the seats again
("You", "Bot 1"), and redraws. A table whose ``_log`` only writes the history (no other state)
sets ``replays_history = True``: the history is then written again in the new language from the
moves it recorded; otherwise the lines already written stay as they were.

>>> from bluffkit.core import RandomBot
>>> from bluffkit.games.bluff import BluffRules, BluffState
>>> class Tiny(GameTable):
...     def __init__(self, seed=0):
...         self._build(seed)
...         self._finish([self.new_game_bar, self.status, self.errors], "bk-tiny-table", seed)
...     def new_game(self, seed):
...         rules = BluffRules(players=2, dice_per_player=1)
...         self._start(BluffState.new(rules), [RandomBot()], seed, f"seed {seed}")
...     def _draw(self, state):
...         self.status.value = "over" if state.is_terminal() else "your turn"
>>> t = Tiny(seed=4)
>>> t.status.value, t.new_game_bar.seed.value, t.history.lines
('your turn', 4, ['<b>seed 4</b>'])
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core import IllegalAction, InvalidQuestion, make_rng, sample
from ..core.i18n import _, _l, _n
from ..review import review
from .common import (
    ErrorArea,
    ExplainPanel,
    HistoryLog,
    LanguageSwitch,
    NewGameBar,
    apply_my_move,
    check_my_turn,
    html_area,
    label,
    play_until_turn,
    relabel,
)
from .review import ReviewButton
from .static import StaticFallback

ME = 0
"""Your seat at every table."""


def over_html(winners: Sequence[int], names: Sequence[str], me: int = ME) -> str:
    """The status line of a finished game: who won (``winners``, the seats sharing the win),
    and how to play again."""
    w = list(winners)
    text = (_("You win the game!") if w == [me] else
            _n("Game over: {who} wins.", "Game over: {who} win.", len(w),
               who=_(" and ").join(names[p] for p in w)))
    press = html.escape(_("Press New game."))
    return f'<div class="bk-status-over"><b>{html.escape(text)}</b> {press}</div>'


def waiting_html(player: int, names: Sequence[str]) -> str:
    """The status line while another seat plays."""
    return "<div>" + html.escape(_("Waiting for {player}.", player=names[player])) + "</div>"


def opponents_box(value: int, most: int) -> widgets.BoundedIntText:
    """The "Bots" box of a table's new-game bar: 1 to ``most`` opponents (class ``bk-opponents``).
    """
    box = label(widgets.BoundedIntText(value=value, min=1, max=most,
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="9em")),
                description=_l("Bots"))
    box.add_class("bk-opponents")
    return box


class GameTable(StaticFallback, widgets.VBox):
    """A whole game against bots: the shared controls and the deal / bots / you / redraw loop.

    Attributes set by :meth:`_build`: ``errors``, ``status`` (class ``bk-status``), ``history``,
    ``explain``, ``new_game_bar``. Set by :meth:`_start`: ``state``, ``bots`` (``None`` at your
    seat), ``names`` (``"You"``, ``"Bot 1"`` ...), ``seed``, ``rng``.
    """

    history_title: Any = _l("This game")
    """The heading above the history (a lazy text: ``_l``)."""

    replays_history = False
    """True when ``_log`` only writes the history, so a language switch may write it again."""

    me = ME
    """Your seat (0 against bots; a classroom table sits you where the server seated you)."""

    # -- building ----------------------------------------------------------------------------
    def _build(self, seed: int, extra: Sequence[widgets.Widget] = (),
               bots: Sequence | None = None) -> None:
        """Make the shared controls (call first in the subclass's ``__init__``).

        Args:
            seed: the seed the new-game bar shows first.
            extra: controls shown in the new-game bar before the seed (opponents, variants).
            bots: the bots given to the constructor, if any (see :meth:`_seat_bots`).
        """
        self.errors = ErrorArea()
        self.status = html_area("bk-status", math=False)
        self.history = HistoryLog()
        self.explain = ExplainPanel(self._advice, self.errors,
                                    idle_text=_l("Advice appears here when it is your turn."))
        self.language_switch = LanguageSwitch(self._language_changed, self.errors)
        self.new_game_bar = NewGameBar(lambda s: self.new_game(s), self.errors, seed=seed,
                                       extra=list(extra))
        self.new_game_bar.children = (*self.new_game_bar.children, self.language_switch)
        self.review_area = ReviewButton(self._review, self.errors)
        self._bots_given = list(bots) if bots is not None else None
        self._moves: list[tuple] = []
        self._opening: Any = ""

    def _history_box(self) -> widgets.VBox:
        """The history under its heading."""
        heading = widgets.HTML()
        self._heading = heading
        self._draw_heading()
        return widgets.VBox([heading, self.history])

    def _draw_heading(self) -> None:
        self._heading.value = f"<b>{self.history_title}</b>"

    def _move_dropdown(self, width: str) -> widgets.HBox:
        """A "Your move" dropdown (``bk-move-choice``) and a Play button (``bk-play``) that plays
        the chosen move; sets ``choice``, ``button`` and ``move_row`` (returned)."""
        self.choice = label(widgets.Dropdown(options=[], layout=widgets.Layout(width=width)),
                            description=_l("Your move"))
        self.choice.add_class("bk-move-choice")
        self.button = label(widgets.Button(button_style="success"), description=_l("Play"))
        self.button.add_class("bk-play")
        self.move_row = widgets.HBox([self.choice, self.button])
        self.button.on_click(self.errors.guard(lambda _b: self.play(self.choice.value)))
        return self.move_row

    def _finish(self, children: Sequence[widgets.Widget], css: str, seed: int,
                *new_game_args: Any) -> None:
        """Lay out ``children``, add the table's CSS class and deal the first game from ``seed``
        (with ``new_game_args``)."""
        super().__init__([*children, self.review_area])
        self.add_class(css)
        self.new_game(seed, *new_game_args)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int) -> None:  # pragma: no cover - every table defines it
        raise NotImplementedError

    def _seat_bots(self, opponents: int, default: Callable[[], Any]) -> list:
        """The bots for ``opponents`` seats: those given to the constructor, else one
        ``default()`` a seat.

        Raises:
            InvalidQuestion: fewer bots were given than there are opponents.
        """
        if self._bots_given is not None and len(self._bots_given) < opponents:
            raise InvalidQuestion(_("{n} opponents need {n} bots, got {given}", n=opponents,
                                    given=len(self._bots_given)))
        return list((self._bots_given or [default() for _i in range(opponents)])[:opponents])

    def _start(self, state, bots: Sequence, seed: int, message: Any) -> None:
        """Start a game from ``state`` against ``bots`` (seats 1, 2 ...), seeded by ``seed``:
        clear the history, write ``message`` in bold (anything whose ``str()`` translates, like
        ``_l(...)``, is written again in a new language), let the bots play up to your turn."""
        self.bots = [None, *bots]
        self.seed = seed
        self.rng = make_rng(seed)
        self.state = state
        self._name_seats()
        self.new_game_bar.dealt(seed)  # the seed box shows the game on the table
        self._moves = []
        self._opening = message
        self.history.clear()
        self.history.add(str(message), strong=True)
        self._advance()

    def _name_seats(self) -> None:
        self._seats_named = True
        self.names = [_("You")] + [_("Bot {n}", n=p) for p in range(1, len(self.bots))]

    # -- language ------------------------------------------------------------------------------
    def _language_changed(self) -> None:
        """The switch changed the language: labels, seat names, history (if the table replays
        it) and every view in the new language."""
        relabel(self)
        self._draw_heading()
        if hasattr(self, "state"):
            if getattr(self, "_seats_named", False):  # a classroom table names its own seats
                self._name_seats()
            if self.replays_history:
                self.history.clear()
                self.history.add(str(self._opening), strong=True)
                for move in self._moves:
                    self._log(*move)
            self._render()
            self.review_area.redraw()

    # -- moving ------------------------------------------------------------------------------
    def play(self, action) -> None:
        """Make your move (an action or its text), then let the bots play up to your next turn.

        Raises:
            IllegalAction: the game is over, it is not your turn, no move was chosen, or the
                rules forbid it (the message names the rule; the state is unchanged).
            ParseError: text that is no move.
        """
        check_my_turn(self.state, self.me)
        if action is None:
            raise IllegalAction(_("choose a move first"))
        if isinstance(action, str):
            action = self.state.parse_action(action)
        self._play(action)

    def _play(self, action) -> None:
        before = self.state
        self.state = apply_my_move(before, self.me, action)  # IllegalAction: the state is unchanged
        self._record(before, self.me, action, self.state)
        self._advance()

    def _advance(self) -> None:
        """Chance and bots move until it is your turn or the game ends; then redraw."""
        self.state = play_until_turn(self.state, self.me, self.bots, self.rng, self._record,
                                     chance=self._chance)
        self._render()

    def _record(self, before, player: int, action, after) -> None:
        """Log a move, and keep it when the table can write its history again."""
        if self.replays_history:
            self._moves.append((before, player, action, after))
        self._log(before, player, action, after)

    def _chance(self, state, rng):
        """Chance's move (exact sampling of ``state.chance_outcomes()``)."""
        return sample(state.chance_outcomes(), rng)

    def _log(self, before, player: int, action, after) -> None:
        """Write to the history what you see of one move (``player`` is -1 for chance)."""

    # -- drawing ------------------------------------------------------------------------------
    def _render(self) -> None:
        self._draw(self.state)
        self.explain.refresh()
        self.review_area.show(self.state is not None and self.state.is_terminal())

    # -- review ------------------------------------------------------------------------------
    def _review(self):
        """The review of your game (the Review button): ``(review, luck_hidden)``."""
        return review(self.state, self.me, names=self.names), False

    def _draw(self, state) -> None:  # pragma: no cover - every table defines it
        raise NotImplementedError

    def _show_moves(self, state) -> None:
        """Fill the move dropdown of :meth:`_move_dropdown` with your legal moves (hidden when
        it is not your turn)."""
        mine = not state.is_terminal() and state.current_player() == self.me
        legal = state.legal_actions() if mine else []
        self.choice.options = [(self.move_label(a), str(a)) for a in legal]
        self.choice.value = str(legal[0]) if legal else None
        self.choice.disabled = self.button.disabled = not legal
        self.move_row.layout.display = None if legal else "none"

    def move_label(self, action) -> str:
        """A move as the dropdown shows it (default: its text; a table names the seats)."""
        return str(action)

    def _advice(self):
        s = self.state
        if s.is_terminal() or s.current_player() != self.me:
            return None
        return self._advice_for(s)

    def _advice_for(self, state):
        """The advice for seat 0 on its turn (``None``: nothing to explain)."""
        return None


__all__ = ["ME", "GameTable", "opponents_box", "over_html", "waiting_html"]
