"""``BluffYouTable``: play Bluff You against bots in a notebook, as bluffer and as guesser.

You sit at seat 0. On your turn you see your roll and pick a legal move (a gain, a steal or a
doublet swap); when a bot announces to you, you answer "OK!" or "Bluff you!"; after a steal you
called right against you, you choose the token you give. "Explain" shows the exact advice of
:mod:`bluffkit.advice.bluff_you` (the turn equilibrium, and the stated model for the guesser).
A seed makes the game reproducible.

>>> t = BluffYouTable(players=2, seed=1)
>>> t.state.current_player() == 0
True
>>> t.move_choice.options[0]  # (what you read, the move)
('gain 3 to Bot 1', 'gain 3 to P1')
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ...advice.bluff_you.decision import bluffer_advice, guesser_advice, say_call
from ...bots.bluff_you import BOTS, make_bot
from ...core import InvalidQuestion
from ...core.i18n import _, _l, _n, _p
from ...games.bluff_you import (
    BLUFF_YOU,
    OK,
    BluffYouRules,
    BluffYouState,
    Give,
    action_text,
    dice_text,
    points_text,
    total_points,
)
from ...odds.bluff_you import read_probability, read_tokens
from ..bluff.explorer import dice_html as _star_dice_html
from ..common import html_area, label
from ..game_table import ME, GameTable, over_html, waiting_html
from ..numbers import SPACED_TABLE
from .explorer import tokens_html

BOT_NAMES = {"random": _l("random"), "naive": _l("naive"), "equilibrium": _l("equilibrium"),
             "believer": _l("believer"), "doubter": _l("doubter")}
"""The bots' kinds as the dropdown names them."""


class BluffYouTable(GameTable):
    """A game of Bluff You against bots, with move/call/give controls, history and "Explain".

    ``play`` takes an action or its text (``"gain 11 to P1"``, ``"ok"``).

    Args:
        players: 2-6 (you and ``players - 1`` bots).
        seed: the first game's seed (the "New game" button moves it on by one).
        bots: the bots' kind: ``equilibrium``, ``naive``, ``random``, ``believer``, ``doubter``.
        tokens: the tokens in play (default all 16; fewer for a short game).
        q: the model the guesser's advice states (P(truthful when possible)).

    Raises:
        InvalidRules: for an impossible number of players or tokens.
    """

    replays_history = True

    def __init__(self, players: int = 2, seed: int = 0, bots: str = "equilibrium",
                 tokens: Sequence[int] | str | None = None, q="1/2"):
        style = {"description_width": "initial"}
        self.players = label(widgets.BoundedIntText(value=players, min=2, max=6, style=style,
                                                    layout=widgets.Layout(width="9em")),
                             description=_l("Players"))
        self.players.add_class("bk-players-count")
        self.bot_kind = label(widgets.Dropdown(options=sorted(BOTS), value=bots, style=style,
                                               layout=widgets.Layout(width="13em")),
                              description=_l("Bots"),
                              options=[(BOT_NAMES.get(k, k), k) for k in sorted(BOTS)])
        self.bot_kind.add_class("bk-bot-kind")
        self._build(seed, [self.players, self.bot_kind])
        self.board = html_area("bk-board", math=False)
        self.move_choice = label(widgets.Dropdown(options=[], layout=widgets.Layout(width="22em")),
                                 description=_l("Your move"))
        self.move_choice.add_class("bk-move-choice")
        self.move_button = label(widgets.Button(button_style="success"),
                                 description=_l("Play"))
        self.move_button.add_class("bk-play")
        self.ok_button = label(widgets.Button(button_style="success"), description=_l("OK!"))
        self.ok_button.add_class("bk-ok")
        self.bluff_button = label(widgets.Button(button_style="danger"),
                                  description=_l("Bluff you!"))
        self.bluff_button.add_class("bk-bluff-you")
        self.give_choice = label(widgets.Dropdown(options=[], layout=widgets.Layout(width="14em")),
                                 description=_l("Give"))
        self.give_choice.add_class("bk-give-choice")
        self.give_button = label(widgets.Button(button_style="warning"), description=_l("Give"))
        self.give_button.add_class("bk-give")
        self.move_row = widgets.HBox([self.move_choice, self.move_button])
        self.call_row = widgets.HBox([self.ok_button, self.bluff_button])
        self.give_row = widgets.HBox([self.give_choice, self.give_button])
        self.q = read_probability(q, "q")
        self._tokens = read_tokens(tokens, "tokens") if tokens is not None else None
        self.move_button.on_click(self.errors.guard(lambda _b: self.play(self.move_choice.value)))
        self.ok_button.on_click(self.errors.guard(lambda _b: self.play(OK)))
        self.bluff_button.on_click(self.errors.guard(lambda _b: self.play(BLUFF_YOU)))
        self.give_button.on_click(self.errors.guard(
            lambda _b: self.play(Give(int(self.give_choice.value)))))
        self._finish([self.new_game_bar, self.status, self.board, self.move_row, self.call_row,
                      self.give_row, self.errors, self.explain, self._history_box()],
                     "bk-bluff-you-table", seed, players, bots)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int, players: int | None = None, bots: str | None = None) -> None:
        """Start a new game from ``seed`` (reproducible); the bots play up to your turn."""
        players = self.players.value if players is None else players
        kind = self.bot_kind.value if bots is None else bots
        if kind not in BOTS:
            raise InvalidQuestion(_("no Bluff You bot called {kind}; choose from {choices}",
                                    kind=repr(kind), choices=", ".join(BOTS)))
        rules = (BluffYouRules(players=players, tokens=self._tokens) if self._tokens
                 else BluffYouRules(players=players))
        self._start(BluffYouState.new(rules), [make_bot(kind) for _seat in range(1, players)], seed,
                    _NewGame(seed, players - 1, kind, rules.tokens))

    # -- moving ------------------------------------------------------------------------------
    def _log(self, before: BluffYouState, player: int, action, after: BluffYouState) -> None:
        if player == -1:
            if before.bluffer == self.me:
                self.history.add(_("Turn {turn}: you roll {dice} (sum {total}).",
                                   turn=before.turn + 1, dice=dice_text(action.dice),
                                   total=action.total), strong=True)
            else:
                self.history.add(_("Turn {turn}: {player} rolls under the cup.",
                                   turn=before.turn + 1, player=self.names[before.bluffer]),
                                 strong=True)
            return
        who = self.names[player]
        if before.phase == "act" and after.phase == "call":
            move = action_text(action, self.names)
            self.history.add(_("You announce: {move}.", move=move) if player == self.me else
                             _("{player} announces: {move}.", player=who, move=move))
        elif before.phase == "call":
            call = action_text(action)
            self.history.add(_("You say {call}.", call=call) if player == self.me else
                             _("{player} says {call}.", player=who, call=call))
        if after.turn > before.turn:
            self.history.add(after.last.describe(self.names))
        if after.is_terminal():
            points = ", ".join(f"{n} {points_text(p)}" for n, p in zip(self.names,
                                                                        after.points()))
            w = after.winners()
            winners = _(" and ").join(self.names[p] for p in w)
            text = (_("Game over: {who} win ({points}).", who=winners, points=points)
                    if self.me in w or len(w) > 1 else
                    _("Game over: {who} wins ({points}).", who=winners, points=points))
            self.history.add(text, strong=True)

    # -- drawing ------------------------------------------------------------------------------
    def _draw(self, s: BluffYouState) -> None:
        mine = not s.is_terminal() and s.current_player() == self.me
        acting, calling, giving = (mine and s.phase == p for p in ("act", "call", "give"))
        moves = [(action_text(a, self.names), str(a)) for a in s.legal_actions()] if acting else []
        self.move_choice.options = moves
        self.move_choice.value = moves[0][1] if moves else None
        self.move_row.layout.display = None if acting else "none"
        self.call_row.layout.display = None if calling else "none"
        gives = [str(a.token) for a in s.legal_actions()] if giving else []
        self.give_choice.options = gives
        self.give_choice.value = gives[0] if gives else None
        self.give_row.layout.display = None if giving else "none"
        self.board.value = board_html(s, self.names)
        self.status.value = status_html(s, self.names, self.me)

    def _advice_for(self, s: BluffYouState):
        if s.phase == "act":
            a = bluffer_advice(s, self.names)
            return {"options": [{_("option"): o.label, _("value with your roll"): o.value,
                                 _("equilibrium P (kind of move)"): o.probability}
                                for o in a.options],
                    "recommended": action_text(a.move, self.names),
                    "highlight": a.options.index(a.best), "explanation": a.explanation}
        if s.phase == "call":
            g = guesser_advice(s.observation(self.me), q=self.q, names=self.names)
            never = _("never announced at equilibrium")  # no call's value: nothing to compare
            rows = [{_p("column", "call"): action_text(c),
                     _("vs model q={q}", q=self.q): getattr(g.vs_model, k),
                     _("vs equilibrium"): v if (v := getattr(g.vs_equilibrium, k)) is not None
                     else never}
                    for c, k in ((OK, "ok"), (BLUFF_YOU, "bluff_you"))]
            return {"options": rows, "recommended": say_call(g.vs_model.best),
                    "explanation": g.explanation}
        cheapest = min(s.held[self.me], key=lambda t: (total_points([t]), t))
        return {"recommended": action_text(Give(cheapest)),
                "explanation": _("Give your cheapest token: it costs you the fewest points.")}


class _NewGame:
    """The history's first line, written again in a new language (a lazy text)."""

    def __init__(self, seed: int, opponents: int, kind: str, tokens: Sequence[int]):
        self.seed, self.opponents, self.kind, self.tokens = seed, opponents, kind, tokens

    def __str__(self) -> str:
        return _n("New game (seed {seed}): you against {n} {kind} bot; tokens {tokens} in the "
                  "centre.", "New game (seed {seed}): you against {n} {kind} bots; tokens "
                  "{tokens} in the centre.", self.opponents, seed=self.seed,
                  kind=BOT_NAMES.get(self.kind, self.kind),
                  tokens=", ".join(map(str, self.tokens)))


def dice_html(dice: Sequence[int]) -> str:
    """Bluff You's dice: ordinary six-sided dice, faces 1-6 (Bluff's dice show a star for 6).

    >>> "★" in dice_html((6, 6, 1)), dice_html((6,)).count(">6<")
    (False, 1)
    """
    return _star_dice_html(dice, star=False)


def status_html(s: BluffYouState, names: list[str], me: int = ME) -> str:
    """Whose turn it is and what you may do, in one line."""
    if s.is_terminal():
        return over_html(s.winners(), names, me)
    p = s.current_player()
    if p != me:
        return waiting_html(p, names)
    if s.phase == "act":
        return ("<div><b>" + html.escape(_("You are the bluffer.")) + "</b> " + _(
            "Your dice: {dice} (sum {total}). Announce a centre token to gain it, a player's "
            "token to steal it, or swap with a doublet.", dice=dice_html(s.roll),
            total=sum(s.roll)) + "</div>")
    if s.phase == "call":
        return ("<div><b>" + html.escape(_("{player} announces:", player=names[s.bluffer]))
                + "</b> " + html.escape(_("{move}. Believe it (OK!) or not (Bluff you!)?",
                                          move=action_text(s.pending, names))) + "</div>")
    return ("<div><b>" + html.escape(_("You were caught")) + "</b> " + _(
        "(dice {dice}): give one of your tokens to {player}.", dice=dice_html(s.roll),
        player=html.escape(names[s.pending.guesser])) + "</div>")


def board_html(s: BluffYouState, names: list[str]) -> str:
    """The centre and each player's tokens with points (a token's points as a subscript)."""
    announced = {s.pending.number} if s.pending is not None else set()
    centre = html.escape(_("Centre"))
    rows = [f"<tr><td><b>{centre}</b></td><td>{tokens_html(s.centre, announced)}</td>"
            f"<td>{total_points(s.centre)}</td></tr>"]
    for p, name in enumerate(names):
        turn = " ◀" if not s.is_terminal() and s.current_player() == p else ""
        rows.append(f"<tr><td><b>{html.escape(name)}</b>{turn}</td>"
                    f"<td>{tokens_html(s.held[p], announced)}</td>"
                    f"<td>{total_points(s.held[p])}</td></tr>")
    head = (html.escape(_("tokens (points below each number)")), html.escape(_("points")))
    return (SPACED_TABLE + f"<thead><tr><th></th><th>{head[0]}</th><th>{head[1]}</th></tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")


__all__ = ["BluffYouTable", "board_html", "status_html"]
