"""``BluffTable``: play a whole game of Bluff against 1-5 bots in a notebook.

You sit at seat 0 and see your own dice; the bots' cups stay hidden (their exposed dice, with
the "Montre-moi ton jeu" expansion, are shown). The bid box offers only legal raises; the
challenge button is there only when there is a bid to doubt. After each of your moves the bots
play until it is your turn again; every bid, challenge and reveal goes to the history. "Explain"
shows the advice of :func:`bluffkit.advice.bluff.advise` for your position, which reads the
round's bids, and a small bar chart per opponent: their dice for the current bid's face, dice
random and after reading the bids. A seed makes the
whole game reproducible (the same seed and the same moves give the same game).

>>> t = BluffTable(opponents=1, seed=3)
>>> t.state.current_player() == 0 or t.state.is_terminal()
True
>>> str(t.state.legal_actions()[0]) in [o[1] for o in t.bid_choice.options]
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ...advice.bluff.decision import Position, advise
from ...bots.bluff import AdviceBot
from ...core import IllegalAction, InvalidQuestion
from ...core.i18n import _, _l, _n
from ...games.bluff import (
    STAR,
    Bid,
    BluffRules,
    BluffState,
    Challenge,
    Show,
    count_matching,
    dice_text,
    ladder,
)
from ...games.bluff.text import say_show
from ..common import html_area, label
from ..figure import LiveFigure, update_figure_in_place
from ..game_table import ME, GameTable, opponents_box, over_html, waiting_html
from ..numbers import SPACED_TABLE
from .beliefs import figure_for_beliefs
from .explorer import dice_html
from .solved import figure_for_solved


class BluffTable(GameTable):
    """A game of Bluff against bots, with bid/challenge controls, history and "Explain".

    Args:
        opponents: number of bots, 1-5.
        seed: the first game's seed (the seed box shows it; "New game" deals the next).
        show_and_reroll: play with the "Montre-moi ton jeu" expansion.
        bots: the bots to play against (one per opponent); default ``AdviceBot``.
        dice_per_player: dice each player starts with (5 in the box; fewer for a short game).

    Raises:
        InvalidRules: for an impossible number of opponents or dice.
    """

    def __init__(self, opponents: int = 3, seed: int = 0, show_and_reroll: bool = False,
                 bots: Sequence | None = None, dice_per_player: int = 5):
        self.opponents = opponents_box(opponents, 5)
        self.expansion = label(widgets.Checkbox(value=show_and_reroll, indent=False),
                               description=_l("Montre-moi ton jeu (expose/re-roll)"))
        self.expansion.add_class("bk-expansion")
        self._build(seed, [self.opponents, self.expansion], bots)
        self.players_view = html_area("bk-players", math=False)
        self.ladder_view = html_area("bk-ladder", math=False)
        self.bid_choice = label(widgets.Dropdown(options=[], layout=widgets.Layout(width="16em")),
                                description=_l("Your bid"))
        self.bid_choice.add_class("bk-bid-choice")
        self.bid_button = label(widgets.Button(button_style="success", icon="gavel"),
                                description=_l("Bid"))
        self.bid_button.add_class("bk-bid")
        self.challenge_button = label(widgets.Button(button_style="danger"),
                                      description=_l("Challenge!"),
                                      tooltip=_l("Haut les gobelets ! Doubt the bid"))
        self.challenge_button.add_class("bk-challenge")
        self.expose_dice = widgets.HBox()
        """One toggle per hidden die of yours: pressed dice are exposed (class ``bk-expose``)."""
        self.reroll = label(widgets.Checkbox(value=False, indent=False,
                                             layout=widgets.Layout(width="auto")),
                            description=_l("re-roll my other hidden dice"))
        self.reroll.add_class("bk-reroll")
        self.show_button = label(widgets.Button(button_style="info"),
                                 description=_l("Confirm"))
        self.show_button.add_class("bk-show")
        self.bid_row = widgets.HBox([self.bid_choice, self.bid_button, self.challenge_button])
        self.show_row = widgets.HBox([label(widgets.Label(), value=_l("Expose:")),
                                      self.expose_dice, self.reroll, self.show_button])
        self.reveal_view = html_area("bk-reveal")
        self._dice_per_player = dice_per_player
        self.bid_button.on_click(self.errors.guard(lambda _b: self._play(self._chosen_bid())))
        self.challenge_button.on_click(self.errors.guard(lambda _b: self._play(Challenge())))
        self.show_button.on_click(self.errors.guard(lambda _b: self._play(self._chosen_show())))
        self.beliefs: LiveFigure | None = None
        """Explain's chart: each opponent's dice for the current bid's face, dice random and
        after reading the bids (shown when Explain is on and the bids were read). Made when
        first shown: a figure's state carries plotly's 5 MB module, which the first table of
        a notebook need not wait for (issue 26)."""
        self.beliefs_box = widgets.VBox([])
        self.beliefs_box.add_class("bk-beliefs")
        self.beliefs_box.layout.display = "none"
        self.solved_chart: LiveFigure | None = None
        """Explain's chart with two players: the opponent's dice for the current bid's face,
        dice random and after their bids under the solved strategy (made when first shown)."""
        self.solved_box = widgets.VBox([])
        self.solved_box.add_class("bk-solved")
        self.solved_box.layout.display = "none"
        self.explain.toggle.observe(lambda _c: self._show_beliefs(), names="value")
        self._finish([self.new_game_bar, self.status, self.players_view, self.ladder_view,
                      self.bid_row, self.show_row, self.errors, self.reveal_view, self.explain,
                      self.solved_box, self.beliefs_box, self._history_box()],
                     "bk-bluff-table", seed, opponents, show_and_reroll)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int, opponents: int | None = None,
                 show_and_reroll: bool | None = None) -> None:
        """Deal a new game from ``seed`` (reproducible) and let the bots play up to your turn."""
        opponents = self.opponents.value if opponents is None else opponents
        expansion = self.expansion.value if show_and_reroll is None else show_and_reroll
        if not 1 <= opponents <= 5:
            raise InvalidQuestion(_("play against 1-5 bots, got {n}", n=opponents))
        rules = BluffRules(players=opponents + 1, dice_per_player=self._dice_per_player,
                           show_and_reroll=expansion)
        bots = self._seat_bots(opponents, AdviceBot)
        self._round_logged = 0
        self.reveal_view.value = ""
        self._start(BluffState.new(rules), bots, seed,
                    _NewGame(seed, opponents, rules.dice_per_player, expansion))

    # -- moving ------------------------------------------------------------------------------
    def _chosen_bid(self) -> Bid:
        if self.bid_choice.value is None:
            raise IllegalAction(_("no bid is possible here: challenge the current bid"))
        return Bid.parse(self.bid_choice.value)

    def _chosen_show(self) -> Show:
        """The dice pressed in ``expose_dice``, re-rolling the others if ``reroll`` is ticked."""
        if self.state.is_terminal() or self.state.phase != "show":
            raise IllegalAction(_("nothing to expose now"))
        exposed = tuple(b.face for b in self.expose_dice.children if b.value)
        if len(exposed) == len(self.expose_dice.children):
            raise IllegalAction(_("keep at least one die hidden (Montre-moi ton jeu)"))
        if self.reroll.value and not exposed and not self.state.exposed[self.me]:
            raise IllegalAction(_("expose at least one die before re-rolling the others "
                                  "(Montre-moi ton jeu)"))
        return Show(exposed, bool(self.reroll.value))

    def choose_show(self, expose: Sequence[int] = (), reroll: bool = False) -> None:
        """Press the toggles of the dice ``expose`` (faces, 6 for a star) and set ``reroll``,
        as a student would before Confirm."""
        wanted = list(expose)
        for b in self.expose_dice.children:
            b.value = b.face in wanted
            if b.value:
                wanted.remove(b.face)
        if wanted:
            raise IllegalAction(_("you have no hidden {dice} to expose",
                                  dice=dice_text(wanted)))
        self.reroll.value = reroll

    def play(self, action) -> None:
        """Make your move (an action or text such as ``"7x3"``, ``"challenge"``), then let the
        bots play up to your next turn. Raises ``IllegalAction`` naming the rule."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        self._play(action)

    # -- the history --------------------------------------------------------------------------
    def _log(self, before: BluffState, player: int, action, after: BluffState) -> None:
        if before.phase == "roll" and before.round != self._round_logged:
            self._round_logged = before.round
            opens = (_("you open") if before.opener == self.me else
                     _("{player} opens", player=self.names[before.opener]))
            self.history.add(_("Round {round}: {n} dice in play; {opens}.", round=before.round,
                               n=before.dice_in_play(), opens=opens), strong=True)
        if player == -1:
            if before.phase == "roll" and before.to_move == self.me:
                self.history.add(_("Round {round}: your dice are {dice}.", round=before.round,
                                   dice=dice_text(after.hidden[self.me])))
            if before.phase == "reroll":
                who = self.names[before.to_move]
                if before.to_move == self.me:
                    self.history.add(_("You re-rolled (your new dice: {dice}).",
                                       dice=dice_text(after.hidden[self.me])))
                else:
                    self.history.add(_n("{player} re-rolled ({n} die under the cup).",
                                        "{player} re-rolled ({n} dice under the cup).",
                                        len(after.hidden[before.to_move]), player=who))
            if before.phase == "start" and after.phase == "roll":
                self.history.add(_("Start roll: you rolled highest and open.")
                                 if after.opener == self.me else
                                 _("Start roll: {player} rolled highest and opens.",
                                   player=self.names[after.opener]))
            return
        who = self.names[player]
        if isinstance(action, Bid):
            self.history.add(_("You bid {bid}.", bid=action) if player == self.me else
                             _("{player} bids {bid}.", player=who, bid=action))
        elif isinstance(action, Show):
            if action != Show():
                self.history.add(_("{player}: {move}.", player=who, move=say_show(action)))
        elif isinstance(action, Challenge):
            r = after.last
            bidder = self.names[r.bidder]
            self.history.add(_("You challenge {bid} by {bidder}.", bid=r.bid, bidder=bidder)
                             if player == self.me else
                             _("{player} challenges {bid} by {bidder}.", player=who, bid=r.bid,
                               bidder=bidder))
            lost = ", ".join(f"{self.names[p]} {n}" for p, n in enumerate(r.losses) if n)
            self.history.add(_n("Reveal: {n} die matches {bid}. {outcome}. Dice lost: {lost}.",
                                "Reveal: {n} dice match {bid}. {outcome}. Dice lost: {lost}.",
                                r.count, bid=r.bid, outcome=_sentence(r.outcome),
                                lost=lost or _("none")), strong=True)
            for p, (b, a) in enumerate(zip(before.dice, after.dice)):
                if b and not a:
                    self.history.add(_("You are out of dice.") if p == self.me else
                                     _("{player} is out of dice.", player=self.names[p]))
            self.reveal_view.value = reveal_html(r, self.names)
        if after.is_terminal():
            w = after.winner()
            self.history.add(_("Game over: you win.") if w == self.me else
                             _("Game over: {player} wins.", player=self.names[w]), strong=True)

    # -- drawing ------------------------------------------------------------------------------
    def _draw(self, s: BluffState) -> None:
        mine_turn = not s.is_terminal() and s.current_player() == self.me
        bidding = mine_turn and s.phase == "bid"
        showing = mine_turn and s.phase == "show"
        bids = [str(a) for a in s.legal_actions() if isinstance(a, Bid)] if bidding else []
        self.bid_choice.options = [(b, b) for b in bids]
        self.bid_choice.value = bids[0] if bids else None
        self.bid_choice.disabled = self.bid_button.disabled = not bids
        self.challenge_button.disabled = not (bidding and s.bid is not None)
        self.bid_row.layout.display = None if bidding else "none"
        self.expose_dice.children = [_die_toggle(d) for d in s.hidden[self.me]] if showing else []
        self.reroll.value = False
        self.show_row.layout.display = None if showing else "none"
        self.players_view.value = players_html(s, self.names, self.me)
        self.ladder_view.value = ladder_html(s, self.names)
        self.status.value = status_html(s, self.names, self.me)

    def _advice_for(self, s: BluffState):
        advice = advise(Position.from_state(s, self.me), names=self.names)
        self._last_advice = advice
        self._show_beliefs()
        return advice

    def _render(self) -> None:
        super()._render()
        self._show_beliefs()

    def _show_beliefs(self) -> None:
        """Draw Explain's charts for the current bid's face: each opponent's posterior under the
        bid model, and (two players) the opponent's under the solved strategy."""
        advice = getattr(self, "_last_advice", None)
        s = self.state
        live = (advice is not None and self.explain.toggle.value
                and not s.is_terminal() and s.current_player() == self.me
                and advice.position == Position.from_state(s, self.me))
        bid = advice.position.bid if live else None
        solved = advice.solved if live and bid is not None else None
        if solved is not None:
            other = next(p for p in advice.position.active() if p != self.me)
            figure = figure_for_solved(solved, self.names[other])
            if self.solved_chart is None:
                self.solved_chart = LiveFigure(figure)
                self.solved_box.children = [self.solved_chart]
            else:
                update_figure_in_place(self.solved_chart, figure)
        self.solved_box.layout.display = None if solved is not None else "none"
        if bid is None or advice.reading is None:
            self.beliefs_box.layout.display = "none"
            return
        figure = figure_for_beliefs(advice.reading, bid.face, self.names)
        if self.beliefs is None:
            self.beliefs = LiveFigure(figure)
            self.beliefs_box.children = [self.beliefs]
        else:
            update_figure_in_place(self.beliefs, figure)
        self.beliefs_box.layout.display = None


def _die_toggle(face: int) -> widgets.ToggleButton:
    """A toggle for one of your hidden dice: pressed, it is exposed."""
    b = widgets.ToggleButton(value=False, description="★" if face == STAR else str(face),
                             tooltip=_("press to expose this die"),
                             layout=widgets.Layout(width="3em"))
    b.face = face
    b.add_class("bk-expose")
    return b


def _sentence(text: str) -> str:
    """``text`` with a capital first letter (it follows a full stop)."""
    return text[:1].upper() + text[1:]


def status_html(s: BluffState, names: list[str], me: int = ME) -> str:
    """Whose turn it is and what you may do, in one line."""
    if s.is_terminal():
        return over_html([s.winner()], names, me)
    if s.current_player() != me:
        return waiting_html(s.current_player(), names)
    if s.phase == "show":
        return ("<div><b>" + html.escape(_("Your bid is on the board.")) + "</b> " + html.escape(
            _("With the expansion you may press some of your hidden dice to expose them (keep "
              "at least one hidden), tick re-roll to re-roll the others, then Confirm; Confirm "
              "alone keeps your dice.")) + "</div>")
    turn = "<b>" + html.escape(_("Your turn:")) + "</b> "
    if s.bid is None:
        return "<div>" + turn + html.escape(_("open the round with a bid.")) + "</div>"
    return ("<div>" + turn + html.escape(_("raise {bid} (by {player}) or challenge it.",
                                           bid=s.bid, player=names[s.bidder])) + "</div>")


def players_html(s: BluffState, names: list[str], me: int = ME) -> str:
    """One row per player: dice held (yours face up, the others under the cup), dice lost."""
    rows = []
    for p, name in enumerate(names):
        if s.dice[p] == 0:
            cup = "<i>" + html.escape(_("out")) + "</i>"
        elif s.is_terminal():
            cup = html.escape(_n("{n} die", "{n} dice", s.dice[p]))
        elif p == me:
            cup = dice_html(s.hidden[p]) + dice_html(s.exposed[p], exposed=True)
        else:
            cup = (dice_html(s.exposed[p], exposed=True)
                   + dice_html((), hidden=s.dice[p] - len(s.exposed[p])))
        turn = " ◀" if not s.is_terminal() and s.current_player() == p else ""
        rows.append(f"<tr><td><b>{html.escape(name)}</b>{turn}</td><td>{s.dice[p]}</td>"
                    f"<td>{cup}</td><td>{s.lost[p]}</td></tr>")
    head = "".join(f'<th style="padding:0 8px;text-align:left">{html.escape(h)}</th>' for h in (
        _("player"), _("dice"), _("cup (yours face up; exposed dice in yellow)"), _("lost")))
    return (SPACED_TABLE +
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def ladder_html(s: BluffState, names: list[str]) -> str:
    """The board's bid ladder up to the dice in play, the current bid's box highlighted."""
    n = max(s.dice_in_play(), 1)
    current = s.bid
    cells = []
    for i, box in enumerate(ladder(n)):
        star = box.startswith("*")
        label = f"★{box[1:]}" if star else box
        if current is not None and i == current.box:
            style = "background:#e76f51;color:white;font-weight:bold"
            label = html.escape(str(current)).replace("x*", "x★")
        elif current is not None and i < current.box:
            style = "background:#eee;color:#aaa"
        else:
            style = "background:#fdf6e3" if star else "background:white"
        cells.append(f'<span class="bk-ladder-box" style="display:inline-block;min-width:2em;'
                     f'padding:1px 3px;margin:1px;border:1px solid #999;border-radius:3px;'
                     f'text-align:center;{style}">{label}</span>')
    who = (_("current bid {bid} by {player}", bid=f"<b>{html.escape(str(current))}</b>",
             player=html.escape(names[s.bidder]))
           if current is not None else html.escape(_("no bid yet this round")))
    return ("<div><small>" + _("Bid ladder ({who}):", who=who) + "</small><br>"
            f"{''.join(cells)}</div>")


def reveal_html(r, names: list[str]) -> str:
    """The last challenge: every player's dice (matching dice marked), the count, who lost."""
    rows = []
    for p, dice in enumerate(r.dice):
        if not dice:
            continue
        marked = "".join(
            f'<span style="outline:2px solid #2a9d8f;border-radius:4px">{dice_html((d,))}</span>'
            if count_matching((d,), r.bid.face) else dice_html((d,)) for d in dice)
        rows.append(f"<tr><td>{html.escape(names[p])}</td><td>{marked}</td>"
                    f"<td>{count_matching(dice, r.bid.face)}</td><td>{r.losses[p]}</td></tr>")
    what = _("stars") if r.bid.face == STAR else _("{face}s and stars", face=r.bid.face)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (_("player"), _("dice"), _("matching"),
                                                            _("dice lost")))
    return ("<div><b>" + html.escape(_("Last reveal:")) + "</b> " + html.escape(_(
        "{challenger} challenged {bid} by {bidder}.", challenger=names[r.challenger], bid=r.bid,
        bidder=names[r.bidder])) + " " + html.escape(_n(
            "{n} matching die ({what}) in all, bid {count}: {outcome}.",
            "{n} matching dice ({what}) in all, bid {count}: {outcome}.", r.count, what=what,
            count=r.bid.count, outcome=r.outcome)) + "</div>" + SPACED_TABLE +
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


class _NewGame:
    """The history's first line, written again in a new language (a lazy text)."""

    def __init__(self, seed: int, opponents: int, dice: int, expansion: bool):
        self.seed, self.opponents, self.dice, self.expansion = seed, opponents, dice, expansion

    def __str__(self) -> str:
        bots = _n("{n} bot", "{n} bots", self.opponents)
        dice = _n("{n} die each", "{n} dice each", self.dice)
        if self.expansion:
            return _("New game (seed {seed}): you against {bots}, {dice}, with the expansion.",
                     seed=self.seed, bots=bots, dice=dice)
        return _("New game (seed {seed}): you against {bots}, {dice}.", seed=self.seed,
                 bots=bots, dice=dice)


__all__ = ["BluffTable", "ladder_html", "players_html", "reveal_html", "status_html"]
