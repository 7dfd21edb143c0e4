"""``BungeeTable``: play a whole game of Bungee against 1-4 bots in a notebook.

You sit at seat 0. You see your hand, the discard pile's top card, the lucky card and how many
cards everybody holds; the bots' hands stay hidden until a round ends (hands are then shown in
calling order). Pick a move (play cards then draw, take the top card then play, call Bungee),
press Play; the bots play until it is your turn again. "Explain" shows the advice of
:func:`bluffkit.advice.bungee.advise` for your position: the exact odds of every action at once,
and when you may call, the call-or-play-on comparison estimated by a seeded simulation that runs
in a background thread (a progress bar shows it; the advice is redrawn when it is done, and a
move made meanwhile simply starts the simulation of the new position). A seed replays the same
game.

>>> t = BungeeTable(opponents=1, seed=3, rounds=1)
>>> t.state.current_player() == 0
True
>>> [v for _, v in t.choice.options] == [str(a) for a in t.state.legal_actions()]
True
"""

from __future__ import annotations

import html
import logging
import threading
import time
from collections.abc import Sequence

import ipywidgets as widgets

from ...advice.bungee.decision import BungeeAdvice, advise, without_simulation
from ...advice.bungee.simulation import draw_card
from ...bots.bungee import GreedyBot
from ...core import BluffkitError, InvalidQuestion, background
from ...core.i18n import _, _l, _n, get_language
from ...games.bungee import (
    BungeeRules,
    BungeeState,
    card_text,
    cards_text,
    hand_value,
    say_move,
    seen_moves,
)
from ..common import ExplainPanel, advice_html, html_area, label
from ..game_table import ME, GameTable, opponents_box, over_html

log = logging.getLogger(__name__)

EXPLAIN_SAMPLES = 60
"""Simulated endings per choice behind "Explain" (in the background; the advice states its
error)."""


START_DELAY = 0.02
"""Seconds the background simulation waits before it starts (the widget's own thread then
sends the panel to the browser without sharing the interpreter)."""


class _Stale(Exception):
    """Raised in the background simulation when the position it answers has gone."""


class _Explain(ExplainPanel):
    """The "Explain" panel; after each refresh it calls ``after()`` (the table then starts the
    simulation the advice shown announces)."""

    def __init__(self, after, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._after = after

    def refresh(self) -> None:
        super().refresh()
        self._after()


class BungeeTable(GameTable):
    """A game of Bungee against bots, with move controls, history and "Explain".

    ``play`` takes an action or its text (``"play 7,7"``, ``"take, play 9"``, ``"bungee"``).

    Args:
        opponents: number of bots, 1-4.
        seed: the first game's seed ("New game" moves it on by one).
        rounds: rounds per game (6 in the rulebook).
        bots: the bots (one per opponent); default ``GreedyBot`` (calls at 5 or less).
    """

    history_title = _l("This game (what you see)")
    replays_history = True

    def __init__(self, opponents: int = 3, seed: int = 0, rounds: int = 6,
                 bots: Sequence | None = None):
        self.opponents = opponents_box(opponents, 4)
        self._build(seed, [self.opponents], bots)
        self.explain = _Explain(self._start_pending, self._advice, self.errors,
                                idle_text=self.explain.idle_text)
        self.table_view = html_area("bk-players", math=False)
        self.progress = label(widgets.IntProgress(value=0, min=0, max=EXPLAIN_SAMPLES,
                                                  layout=widgets.Layout(display="none")),
                              description=_l("Simulating"))
        self.progress.add_class("bk-sim-progress")
        self._rounds = rounds
        self._lock = threading.Lock()
        self._generation = 0
        self._running: tuple | None = None
        self._pending: tuple | None = None
        self._thread: threading.Thread | None = None
        self._done: dict[tuple, BungeeAdvice] = {}
        self._finish([self.new_game_bar, self.status, self.table_view,
                      self._move_dropdown("20em"), self.errors, self.explain, self.progress,
                      self._history_box()], "bk-bungee-table", seed)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int) -> None:
        """Deal a new game from ``seed`` and let the bots play up to your turn."""
        opponents = self.opponents.value
        if not 1 <= opponents <= 4:
            raise InvalidQuestion(_("play against 1-4 bots (Bungee is for 2-5 players), got "
                                    "{n}", n=opponents))
        bots = self._seat_bots(opponents, GreedyBot)
        rules = BungeeRules(players=opponents + 1, rounds=self._rounds)
        self._start(BungeeState.new(rules), bots, seed, _NewGame(seed, opponents, rules.rounds))

    # -- moving ------------------------------------------------------------------------------
    def _chance(self, state, rng):
        return draw_card(state.pile, rng)

    def _log(self, before: BungeeState, player: int, action, after: BungeeState) -> None:
        """Add to the history what seat 0 sees of the move from ``before``."""
        for p, text in seen_moves(before, action, after, self.me):
            said = say_move(text)
            if p < 0:
                self.history.add(said[0].upper() + said[1:] + ".")
            else:
                self.history.add(_("{name}: {move}.", name=self.names[p], move=said),
                                 strong=text == "bungee")
        if after.last is not before.last:
            self._log_round_end(after)

    def _log_round_end(self, after: BungeeState) -> None:
        r = after.last
        self.history.add(_("End of round {round} (lucky {lucky}): hands shown in calling order.",
                           round=r.round, lucky=card_text(r.lucky)), strong=True)
        order = list(r.callers) + [p for p in range(len(r.hands)) if p not in r.callers]
        for p in order:
            tag = (_("Bungee #{k}", k=r.callers.index(p) + 1) if p in r.callers
                   else _("no call"))
            self.history.add(_("{name}: {hand} worth {value} ({tag}): scores {score}.",
                               name=self.names[p], hand=cards_text(r.hands[p]),
                               value=r.values[p], tag=tag, score=r.scores[p]))
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.names, after.totals))
        self.history.add(_("You win the round. Totals: {totals}", totals=totals)
                         if r.winner == self.me else
                         _("{name} wins the round. Totals: {totals}", name=self.names[r.winner],
                           totals=totals), strong=True)
        if after.is_terminal():
            w = list(after.winners())
            if w == [self.me]:
                text = _("Game over: you win with {total}.", total=min(after.totals))
            else:
                text = _n("Game over: {who} wins with {total}.",
                          "Game over: {who} win with {total}.", len(w),
                          who=_(" and ").join(self.names[p] for p in w),
                          total=min(after.totals))
            self.history.add(text, strong=True)

    # -- drawing ------------------------------------------------------------------------------
    def move_label(self, action) -> str:
        return say_move(str(action))

    def _draw(self, s: BungeeState) -> None:
        self._show_moves(s)
        self.status.value = status_html(s, self.names, self.me)
        self.table_view.value = table_html(s, self.names, self.me)

    def _render(self) -> None:
        with self._lock:  # a new position: a simulation still running answers an old one
            self._generation += 1
            self._running = self._pending = None
            self.progress.layout.display = "none"
        super()._render()

    def _advice_for(self, s: BungeeState):
        """The exact part at once; the call-or-play-on simulation in the background."""
        key = (s, self.seed, get_language())
        with self._lock:
            done = self._done.get(key)
        if done is not None:
            return done
        obs = s.observation(self.me)
        quick = advise(obs, EXPLAIN_SAMPLES, self.seed, defer=True)
        if quick.pending:
            with self._lock:
                self._pending = (key, obs, quick)
        return quick

    def _start_pending(self) -> None:
        """Start the simulation the panel just announced (called once the panel is drawn, so
        that drawing it does not share the interpreter with the simulation)."""
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is not None:
            self._simulate(*pending)

    def _simulate(self, key: tuple, obs, quick: BungeeAdvice) -> None:
        with self._lock:
            if self._running == key:
                return
            self._generation += 1
            generation, self._running = self._generation, key
            self.progress.value = 0
            self.progress.layout.display = None

        def tick(done: int, total: int) -> None:
            if self._generation != generation:
                raise _Stale
            if done % 5 == 0 or done == total:  # a few messages to the browser, not one each
                self.progress.value = done
            time.sleep(0)  # let the widget's own thread in between two simulated endings

        def work() -> None:
            try:
                advice = advise(obs, EXPLAIN_SAMPLES, self.seed, progress=tick)
            except _Stale:
                return
            except BluffkitError as e:  # the exact part stays, saying why the rest is missing
                advice = without_simulation(quick, str(e))
            except Exception as e:  # a bug: logged, and said in one line, never a traceback
                log.exception("Bungee advice simulation failed")
                advice = without_simulation(quick, _(
                    "something went wrong inside bluffkit ({error}); please report it",
                    error=f"{type(e).__name__}: {e}"))
            with self._lock:  # the position may have changed meanwhile: then drop it
                if self._generation != generation:
                    return
                self._done = {key: advice}
                self._running = None
                self.progress.layout.display = "none"
                if self.explain.toggle.value:
                    self.explain.body.value = advice_html(advice)

        # in a thread after the widget's thread has drawn the panel; inline in Pyodide
        self._thread = background.start(work, "bungee-advice", delay=START_DELAY)

    def wait_for_advice(self, timeout: float = 30.0) -> bool:
        """Wait (at most ``timeout`` seconds) for the background simulation; ``True`` when
        none is left running (for tests and scripts: a notebook never needs to wait)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return thread is None or not thread.is_alive()




class _NewGame:
    """The history's first line, written again in a new language (a lazy text)."""

    def __init__(self, seed: int, opponents: int, rounds: int):
        self.seed, self.opponents, self.rounds = seed, opponents, rounds

    def __str__(self) -> str:
        bots = _n("{n} bot", "{n} bots", self.opponents)
        rounds = _n("{n} round", "{n} rounds", self.rounds)
        return _("New game (seed {seed}): you against {bots}, {rounds}.", seed=self.seed,
                 bots=bots, rounds=rounds)


def status_html(s: BungeeState, names: list[str], me: int = ME) -> str:
    """Whose turn it is and what you may do, in one line."""
    if s.is_terminal():
        return over_html(s.winners(), names, me)
    obs = s.observation(me)
    value = hand_value(obs.hand, obs.lucky)
    head = _("Round {round} of {rounds}", round=obs.round, rounds=s.rules.rounds)
    if obs.phase == "dealer":
        return ("<div><b>" + _("{head}: a Bungee card was turned as lucky card and you deal.",
                               head=head) + "</b> "
                + _("Take it into your hand (discarding a card) or leave it.") + "</div>")
    if obs.phase == "call":
        return ("<div><b>" + _("{head}: your hand is worth {value}.", head=head, value=value)
                + "</b> " + _("Call Bungee now, or pass.") + "</div>")
    extra = []
    if not obs.opened:
        extra.append(_("You open the round: play, then draw."))
    if obs.opened and value <= 5:
        extra.append(_("You may call Bungee."))
    lap = (" <b>" + _("Last lap") + "</b>: " + _("this is your last action.")
           if obs.callers else "")
    return ("<div><b>" + _("{head}: your turn.", head=head) + "</b> "
            + " ".join([_("Your hand is worth {value}.", value=value), *extra]) + lap + "</div>")


PAD = ' style="padding:2px 10px;text-align:left"'
"""Every cell of the players' table is padded (neighbouring cells must not read as one)."""


def table_html(s: BungeeState, names: list[str], me: int = ME) -> str:
    """The lucky card and the discard pile's top, then one row per player."""
    obs = s.observation(me)
    rows = []
    for p, name in enumerate(names):
        if p == me:
            hand = html.escape(cards_text(obs.hand)) or "-"
            worth = str(hand_value(obs.hand, obs.lucky))
        else:
            hand = _n("{n} card", "{n} cards", obs.hand_sizes[p])
            worth = "?"
        called = _("Bungee #{k}", k=obs.callers.index(p) + 1) if p in obs.callers else ""
        turn = " ◀" if not s.is_terminal() and s.current_player() == p else ""
        cells = [f"<b>{html.escape(name)}</b>{turn}", hand, worth, called, obs.totals[p]]
        rows.append("<tr>" + "".join(f"<td{PAD}>{c}</td>" for c in cells) + "</tr>")
    lucky = card_text(obs.lucky) if obs.lucky is not None else "-"
    top = card_text(obs.top) if obs.top is not None else _("empty")
    headers = (_("player"), _("hand"), _("worth"), _("called"), _("total"))
    return ("<div>" + _("Lucky card: {lucky} (counts 0)", lucky=f"<b>{lucky}</b>")
            + " &nbsp; " + _("Discard pile: top {top} ({cards})", top=f"<b>{top}</b>",
                             cards=_n("{n} card", "{n} cards", len(obs.discard)))
            + " &nbsp; " + _("Draw pile: {cards}",
                             cards=_n("{n} card", "{n} cards", obs.pile_size))
            + '</div><table style="border-collapse:collapse"><thead><tr>'
            + "".join(f"<th{PAD}>{html.escape(h)}</th>" for h in headers)
            + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")


__all__ = ["BungeeTable", "status_html", "table_html"]
