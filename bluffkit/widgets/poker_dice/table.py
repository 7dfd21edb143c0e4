"""``PokerDiceTable``: play poker dice with peekers against 1-3 bots in a notebook.

You sit at seat 0 and see your own peeker; the bots' dice stay hidden until a showdown. The
buttons offer only what the rules allow now: ante or pass; then fold, call, bet or raise (the
amount box is bounded by your points). After each of your moves the chance rolls and the bots
play until it is your turn again; everything public goes to the history. "Explain" shows the
advice of :func:`bluffkit.advice.poker_dice.advise_observation` for your position. A seed makes
the whole game reproducible.

>>> t = PokerDiceTable(opponents=1, seed=3, points=10)
>>> t.state.current_player() == 0 or t.state.is_terminal()
True
>>> t.ante_row.layout.display is None or t.bet_row.layout.display is None
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import ipywidgets as widgets

from ...advice.poker_dice import advise_observation
from ...bots.poker_dice import AdviceBot
from ...core import InvalidQuestion
from ...core.i18n import _, _l, _n
from ...games.poker_dice import PokerDiceRules, PokerDiceState, best_hand, call_words, dice_text
from ...games.poker_dice.actions import Ante, Bet, Call, Fold, Pass, Raise, say_move
from ..common import html_area, label
from ..game_table import ME, GameTable, opponents_box, over_html, waiting_html
from ..numbers import SPACED_TABLE
from .explorer import dice_html


class PokerDiceTable(GameTable):
    """A game of poker dice against bots, with ante/bet controls, history and "Explain".

    Args:
        opponents: number of bots, 1-3.
        seed: the first game's seed (the seed box shows it; "New game" deals the next).
        bots: the bots to play against (one per opponent); default ``AdviceBot``.
        points: each player's starting points (default 192 / players; fewer for a short game).

    Raises:
        InvalidQuestion: for an impossible number of opponents or bots.
    """

    replays_history = True

    def __init__(self, opponents: int = 2, seed: int = 0, bots: Sequence | None = None,
                 points: int | None = None):
        self.opponents = opponents_box(opponents, 3)
        self._build(seed, [self.opponents], bots)
        self.players_view = html_area("bk-players", math=False)
        self.common_view = html_area("bk-common-dice", math=False)
        self.ante_button = label(widgets.Button(button_style="success"),
                                 description=_l("Ante 1"))
        self.ante_button.add_class("bk-ante")
        self.pass_button = label(widgets.Button(), description=_l("Pass"))
        self.pass_button.add_class("bk-pass")
        self.fold_button = label(widgets.Button(button_style="danger"), description=_l("Fold"))
        self.fold_button.add_class("bk-fold")
        self.call_button = label(widgets.Button(button_style="info"), description=_l("Call"))
        self.call_button.add_class("bk-call")
        self.amount = label(widgets.BoundedIntText(value=1, min=1, max=1,
                                                   style={"description_width": "initial"},
                                                   layout=widgets.Layout(width="10em")),
                            description=_l("Points"))
        self.amount.add_class("bk-amount")
        self.bet_button = widgets.Button(description=_("Bet"), button_style="warning")
        self.bet_button.add_class("bk-bet")
        self.ante_row = widgets.HBox([self.ante_button, self.pass_button])
        self.bet_row = widgets.HBox([self.fold_button, self.call_button, self.amount,
                                     self.bet_button])
        self.result_view = html_area("bk-round-result")
        self._points = points
        guard = self.errors.guard
        self.ante_button.on_click(guard(lambda _b: self._play(Ante())))
        self.pass_button.on_click(guard(lambda _b: self._play(Pass())))
        self.fold_button.on_click(guard(lambda _b: self._play(Fold())))
        self.call_button.on_click(guard(lambda _b: self._play(Call())))
        self.bet_button.on_click(guard(lambda _b: self._play(self._sized())))
        self._finish([self.new_game_bar, self.status, self.players_view, self.common_view,
                      self.ante_row, self.bet_row, self.errors, self.result_view, self.explain,
                      self._history_box()], "bk-poker-dice-table", seed, opponents)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int, opponents: int | None = None) -> None:
        """Deal a new game from ``seed`` (reproducible) and let the bots play up to your turn."""
        opponents = self.opponents.value if opponents is None else opponents
        if not 1 <= opponents <= 3:
            raise InvalidQuestion(_("play against 1-3 bots (poker dice is for 2-4 players), "
                                    "got {n}", n=opponents))
        bots = self._seat_bots(opponents, AdviceBot)
        rules = PokerDiceRules(players=opponents + 1, starting_points=self._points)
        self.result_view.value = ""
        self._start(PokerDiceState.new(rules), bots, seed,
                    _NewGame(seed, opponents, rules.start_stacks()[0]))

    # -- moving ------------------------------------------------------------------------------
    def _sized(self):
        return (Raise if self.state.opened else Bet)(int(self.amount.value))

    def play(self, action) -> None:
        """Make your move (an action or text such as ``"ante"``, ``"bet 3"``, ``"raise 2"``),
        then let the bots play up to your next turn. Raises ``IllegalAction`` naming the rule."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        self._play(action)

    # -- the history --------------------------------------------------------------------------
    def _log(self, before: PokerDiceState, player: int, action, after: PokerDiceState) -> None:
        if player == -1:
            if before.phase == "start" and after.phase == "peek":
                self.history.add(_("First leader: {player} (highest die).",
                                   player=self.names[after.leader]))
            elif before.phase == "peek" and before.to_move == self.me:
                self.history.add(_("Round {round} (leader {player}): your peeker shows {dice}.",
                                   round=before.round, player=self.names[before.leader],
                                   dice=dice_text(action.dice)), strong=True)
            elif before.phase == "common":
                self.history.add(_("Common dice: {dice}.", dice=dice_text(action.dice)))
        else:
            self.history.add(_("{player}: {move}.", player=self.names[player],
                               move=say_move(str(action))))
        if after.round != before.round or after.is_terminal():
            self._log_round_end(before, after)

    def _log_round_end(self, before: PokerDiceState, after: PokerDiceState) -> None:
        r = after.last
        if r is None or before.round == 0:
            return
        if r.kind == "no ante":
            self.history.add(_("Nobody anted: next leader."))
        elif r.kind == "one ante":
            who = next(p for p, c in enumerate(r.committed) if c)
            self.history.add(_("Only you anted: the ante comes back.") if who == self.me else
                             _("Only {player} anted: the ante comes back.",
                               player=self.names[who]))
        else:
            self.result_view.value = result_html(r, after.rules, self.names)
            for pot in r.pots:
                won = _(" and ").join(f"{self.names[w]} {x}" for w, x in zip(pot.winners,
                                                                             pot.shares))
                self.history.add(_("Pot of {n} at the showdown: {won}.", n=pot.amount, won=won)
                                 if r.kind == "showdown" else
                                 _("Pot of {n} (everyone else folded): {won}.", n=pot.amount,
                                   won=won), strong=True)
        for p in range(after.rules.players):
            if before.status[p] != "out" and after.status[p] == "out":
                self.history.add(_("You are out of points.") if p == self.me else
                                 _("{player} is out of points.", player=self.names[p]))
        if after.is_terminal():
            w = after.winner()
            self.history.add(_("Game over: you win.") if w == self.me else
                             _("Game over: {player} wins.", player=self.names[w]), strong=True)

    # -- drawing ------------------------------------------------------------------------------
    def _draw(self, s: PokerDiceState) -> None:
        mine = not s.is_terminal() and s.current_player() == self.me
        anteing, betting = mine and s.phase == "ante", mine and s.phase == "bet"
        self.ante_row.layout.display = None if anteing else "none"
        self.bet_row.layout.display = None if betting else "none"
        legal = s.legal_actions() if betting else []
        sizes = [a.by if isinstance(a, Raise) else a.amount for a in legal
                 if isinstance(a, Bet | Raise)]
        self.call_button.disabled = Call() not in legal
        owed = s.observation(self.me).to_call
        self.call_button.description = (_("Call {n}", n=owed) if Call() in legal
                                        else _("Call"))
        self.bet_button.disabled = self.amount.disabled = not sizes
        self.bet_button.description = _("Raise by") if s.opened else _("Bet")
        if sizes:
            self.amount.max = max(sizes)
            self.amount.value = min(max(self.amount.value, 1), self.amount.max)
        self.players_view.value = players_html(s, self.names, self.me)
        self.common_view.value = (
            "<div>" + _("Common dice: {dice}", dice=dice_html(s.common)) + "</div>" if s.common
            else "<div><small>" + html.escape(_("Common dice: not rolled yet")) +
            "</small></div>")
        self.status.value = status_html(s, self.names, self.me)

    def _advice_for(self, s: PokerDiceState):
        return advice_for_display(advise_observation(s.observation(self.me)))


STATUS_WORDS = {"waiting": _l("waiting"), "in": _l("in"), "passed": _l("passed"),
                "folded": _l("folded"), "out": _l("out")}
"""A player's status (``PokerDiceState.status``) in words."""


class _NewGame:
    """The history's first line, written again in a new language (a lazy text)."""

    def __init__(self, seed: int, opponents: int, points: int):
        self.seed, self.opponents, self.points = seed, opponents, points

    def __str__(self) -> str:
        return _n("New game (seed {seed}): you against {n} bot, {points} points each.",
                  "New game (seed {seed}): you against {n} bots, {points} points each.",
                  self.opponents, seed=self.seed, points=self.points)


def advice_for_display(advice) -> dict:
    """``advice.to_json()`` with the thousands separators of its numbers dropped, so that a
    count like ``1,234/7,776`` is typeset as one fraction by ``math_html``.

    >>> from bluffkit.advice.poker_dice import Position, advise
    >>> text = advice_for_display(advise(Position("9,K,K", opponents=3)))["explanation"]
    >>> "you win 586653858/2176782336 (27.0%)" in text
    True
    """
    data = advice.to_json()
    for option in data["options"]:
        option["action"] = say_move(option["action"])
    data["recommended"] = say_move(data["recommended"])
    data["explanation"] = re.sub(r"(?<=\d)[,\u202f](?=\d{3}\b)", "", data["explanation"])
    return data


def status_html(s: PokerDiceState, names: list[str], me: int = ME) -> str:
    """Whose turn it is and what you may do, in one line."""
    if s.is_terminal():
        return over_html([s.winner()], names, me)
    if s.current_player() != me:
        return waiting_html(s.current_player(), names)
    turn = "<div><b>" + html.escape(_("Your turn:")) + "</b> "
    if s.phase == "ante":
        return turn + html.escape(_("ante 1 point to play this round, or pass.")) + "</div>"
    if not s.opened:
        return turn + html.escape(_("bet any amount (at least 1), or fold.")) + "</div>"
    return turn + html.escape(_("{call} Or raise, or fold.", call=call_words(s, me, names))) \
        + "</div>"


def players_html(s: PokerDiceState, names: list[str], me: int = ME) -> str:
    """One row per player: points, points in the middle, status, peeker (yours face up)."""
    mine = s.observation(me).my_dice
    rows = []
    for p, name in enumerate(names):
        if s.status[p] == "out":
            cup = "<i>" + html.escape(str(STATUS_WORDS["out"])) + "</i>"
        elif p == me and mine:
            hand = (best_hand(mine + s.common, s.rules.colours, s.rules.tie_break)
                    if s.common else None)
            cup = dice_html(mine, colours=s.rules.colours) + (
                f" <small>{html.escape(hand.words)}</small>" if hand else "")
        else:  # every player still in the game rolls a peeker at once when a round starts
            cup = dice_html((), hidden=3 if s.round and not s.is_terminal() else 0)
        turn = " ◀" if not s.is_terminal() and s.current_player() == p else ""
        lead = (" (" + html.escape(_("leader")) + ")"
                if s.round and p == s.leader and not s.is_terminal() else "")
        status = html.escape(str(STATUS_WORDS.get(s.status[p], s.status[p])))
        rows.append(f"<tr><td><b>{html.escape(name)}</b>{lead}{turn}</td><td>{s.chips[p]}</td>"
                    f"<td>{s.committed[p]}</td><td>{status}</td><td>{cup}</td></tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("player"), _("points"), _("in the middle"), _("status"), _("peeker")))
    return (SPACED_TABLE + f"<thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def result_html(r, rules: PokerDiceRules, names: list[str]) -> str:
    """The last round: hands shown (or none, when everyone else folded) and the pots."""
    rows = []
    for p, dice in enumerate(r.shown):
        if dice:
            rows.append(f"<tr><td>{html.escape(names[p])}</td>"
                        f"<td>{dice_html(dice, colours=rules.colours)}</td>"
                        f"<td>{html.escape(r.hand(p, rules).words)}</td>"
                        f"<td>{r.payouts[p]}</td></tr>")
    pots = "; ".join(_("pot of {n} to {winners}", n=pot.amount, winners=_(" and ").join(
        f"{html.escape(names[w])} ({x})" for w, x in zip(pot.winners, pot.shares)))
        for pot in r.pots)
    head = ("<b>" + html.escape(_("Last showdown")) + "</b> " +
            _("(common dice {dice}): {pots}.", dice=dice_html(r.common, colours=rules.colours),
              pots=pots) if r.kind == "showdown" else
            "<b>" + html.escape(_("Last round:")) + "</b> " +
            _("everyone else folded, nothing shown: {pots}.", pots=pots))
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("player"), _("peeker"), _("best 5 of 6"), _("won")))
    table = (SPACED_TABLE + f"<thead><tr>{cells}</tr></thead><tbody>{''.join(rows)}</tbody>"
             "</table>") if rows else ""
    return f"<div>{head}</div>{table}"


__all__ = ["PokerDiceTable", "advice_for_display", "players_html", "result_html", "status_html"]
