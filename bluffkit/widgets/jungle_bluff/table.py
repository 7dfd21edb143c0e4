"""``JungleTable``: play a whole game of Jungle Bluff against 1-5 bots in a notebook.

You sit at seat 0. You see your hand, the score cards, every score pile and who holds what; the
bots' strength cards stay face down, except in a challenge you take part in (the two cards are
shown to you, as at the table). Choose a strength card, then take a score card or challenge a
holder; the bots play until it is your turn again. "Explain" shows the advice of
:func:`bluffkit.advice.jungle_bluff.advise` for your position (the exact round equilibrium with
one bot, a best response to uniform beliefs with more). A seed replays the same game.

>>> t = JungleTable(opponents=1, seed=3)
>>> t.state.current_player() == 0
True
>>> [v for _, v in t.choice.options] == [str(a) for a in t.state.legal_actions()]
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import ipywidgets as widgets

from ...advice.jungle_bluff.decision import advise
from ...bots.jungle_bluff import AdviceBot
from ...core import InvalidQuestion
from ...core.i18n import _, _l, _n
from ...games.jungle_bluff import (
    SPECIALS,
    JungleRules,
    JungleState,
    cards_text,
    move_words,
    points,
    say_move,
)
from ...games.jungle_bluff.cards import SPECIAL_NAMES
from ..common import html_area, label
from ..game_table import ME, GameTable, opponents_box, over_html
from ..numbers import SPACED_TABLE


class JungleTable(GameTable):
    """A game of Jungle Bluff against bots, with move controls, history and "Explain".

    ``play`` takes an action or its text (``"play 7"``, ``"take 10"``, ``"challenge 2"``).

    Args:
        opponents: number of bots, 1-5.
        seed: the first game's seed (the seed box shows it; "New game" deals the next).
        combined: the combined-cards variant.
        special_cards: special cards to play with (names from ``SPECIALS``).
        bots: the bots (one per opponent); default ``AdviceBot``.
        top_card: decks run ``1..top_card`` (10 in the box; fewer for a short game).
    """

    history_title = _l("This game (what you see)")
    replays_history = True

    def __init__(self, opponents: int = 3, seed: int = 0, combined: bool = False,
                 special_cards: Sequence[str] = (), bots: Sequence | None = None,
                 top_card: int = 10):
        self.opponents = opponents_box(opponents, 5)
        self.combined = label(widgets.Checkbox(value=combined, indent=False),
                              description=_l("combined cards"))
        self.combined.add_class("bk-combined")
        self.specials = widgets.SelectMultiple(options=list(SPECIALS),
                                               value=tuple(special_cards), rows=4)
        label(self.specials, description=_l("Special"),
              options=[(SPECIAL_NAMES[k], k) for k in SPECIALS])
        self.specials.add_class("bk-specials")
        self._build(seed, [self.opponents, self.combined], bots)
        self.table_view = html_area("bk-players", math=False)
        self._top_card = top_card
        self._finish([self.new_game_bar, self.specials, self.status, self.table_view,
                      self._move_dropdown("18em"), self.errors, self.explain,
                      self._history_box()], "bk-jungle-table", seed)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int) -> None:
        """Deal a new game from ``seed`` and let the bots play up to your turn."""
        opponents = self.opponents.value
        if not 1 <= opponents <= 5:
            raise InvalidQuestion(_("play against 1-5 bots, got {n}", n=opponents))
        rules = JungleRules(players=opponents + 1, top_card=self._top_card,
                            combined=self.combined.value, special_cards=self.specials.value)
        bots = self._seat_bots(opponents, AdviceBot)
        self._start(JungleState.new(rules), bots, seed,
                    _NewGame(seed, opponents, rules.combined, tuple(rules.special_cards)))

    # -- moving ------------------------------------------------------------------------------
    def _log(self, before: JungleState, player: int, action, after: JungleState) -> None:
        """Add to the history what seat 0 sees of the move from ``before``."""
        if before.phase == "deal" or (before.phase == "first" and after.phase == "choose"):
            if after.phase == "choose":
                self.history.add(self._starts(_("Score cards {cards}", cards=cards_text(
                    after.centre)), after.first))
            return
        if before.phase == "choose":
            if before.to_move == self.me:
                card = after.strength[self.me] or before.strength[self.me]
                self.history.add(_("You put down {card} face down.", card=card))
            return
        obs = after.observation(self.me)
        moves = obs.moves if after.round == before.round and not after.is_terminal() else (
            obs.history[-1].moves)
        m = moves[len(before.moves)]
        self.history.add(self._move_text(m))
        if after.round != before.round or after.is_terminal():
            r = obs.history[-1]
            won = ", ".join(f"{self.names[p]} {cards_text(w, '+')}" for p, w in enumerate(r.won)
                            if w) or _("nobody")
            self.history.add(_("End of the final round: won {won}.", won=won)
                             if r.number > after.rules.top_card else
                             _("End of round {n}: won {won}.", n=r.number, won=won), strong=True)
            if after.is_terminal():
                w = after.winners()
                who = _(" and ").join(self.names[p] for p in w)
                best = max(after.scores())
                self.history.add(_("Game over: {who} wins with {points} points.", who=who,
                                   points=best) if len(w) == 1 and w[0] else
                                 _("Game over: {who} win with {points} points.", who=who,
                                   points=best), strong=True)
            else:
                cards = cards_text(after.centre)
                head = (_("Final round: score cards {cards}", cards=cards) if after.final else
                        _("Round {n}: score cards {cards}", n=after.round, cards=cards))
                self.history.add(self._starts(head, after.first), strong=True)

    def _starts(self, head: str, first: int) -> str:
        """``head; Bot 1 starts.`` (``you start`` for seat 0)."""
        return (_("{head}; you start.", head=head) if first == self.me else
                _("{head}; {player} starts.", head=head, player=self.names[first]))

    def _move_text(self, m) -> str:
        return move_words(m, self.names, self.me)

    # -- drawing ------------------------------------------------------------------------------
    def _draw(self, s: JungleState) -> None:
        self._show_moves(s)
        self.status.value = status_html(s, self.names, self.me)
        self.table_view.value = table_html(s, self.names, self.me)

    def move_label(self, action) -> str:
        """``challenge Bot 2`` where the engine writes ``challenge 2``."""
        return say_move(str(action), self.names)

    def _advice_for(self, s: JungleState):
        data = advise(s.observation(self.me)).to_json()
        for option in data["options"]:
            option["action"] = say_move(option["action"], self.names)
        data["recommended"] = say_move(data["recommended"], self.names)
        data["explanation"] = seat_names(data["explanation"], self.names)
        return data


_CHALLENGE = re.compile(r"\b(challenge|défier) (?:player |joueur )?(\d+)\b")


def seat_names(text: str, names: list[str]) -> str:
    """The advice's and the engine's challenges (``challenge 2``, ``challenge player 2``) with
    the table's names for the seats.

    >>> seat_names("challenge player 2 for 4. Best: challenge 2.", ["You", "Bot 1", "Bot 2"])
    'challenge Bot 2 for 4. Best: challenge Bot 2.'
    """
    return _CHALLENGE.sub(lambda m: f"{m[1]} {names[int(m[2])]}", text)


def status_html(s: JungleState, names: list[str], me: int = ME) -> str:
    """Whose turn it is and what you may do, in one line."""
    if s.is_terminal():
        return over_html(s.winners(), names, me)
    obs = s.observation(me)
    name = _("Final round") if obs.final else _("Round {n}", n=obs.round)
    if obs.phase == "choose":
        return ("<div><b>" + html.escape(_("{round}: choose your strength card", round=name))
                + "</b> " + html.escape(
                    _("from your score pile, face down (everybody chooses at the same time).")
                    if obs.final else
                    _("from your hand, face down (everybody chooses at the same time).")) +
                "</div>")
    return ("<div><b>" + html.escape(_("{round}: your turn.", round=name)) + "</b> " +
            html.escape(_("Your strength card is {card}. Take a score card, or challenge a "
                          "player who holds one (ties go to the challenger).",
                          card=obs.my_strength)) + "</div>")


def table_html(s: JungleState, names: list[str], me: int = ME) -> str:
    """The centre, then one row per player: cards in hand, strength card, holding, pile."""
    obs = s.observation(me)
    rows = []
    for p, name in enumerate(names):
        if p == me:
            hand = cards_text(obs.hand) or "-"
            strength = str(obs.my_strength) if obs.my_strength else "-"
        else:
            hand = _n("{n} card", "{n} cards", obs.hand_sizes[p])
            strength = _("face down") if obs.placed[p] else "-"
        turn = " ◀" if not s.is_terminal() and s.current_player() == p else ""
        rows.append(f"<tr><td><b>{html.escape(name)}</b>{turn}</td><td>{hand}</td>"
                    f"<td>{strength}</td><td>{cards_text(obs.held[p], '+') or '-'}</td>"
                    f"<td>{cards_text(obs.piles[p]) or '-'}</td>"
                    f"<td>{points(obs.piles[p])}</td></tr>")
    centre = html.escape(cards_text(obs.centre) or _("empty"))
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("player"), _("hand"), _("strength card"), _("holds"), _("score pile"), _("points")))
    return ("<div>" + _("Centre: {cards}", cards=f"<b>{centre}</b>") + "</div>" +
            SPACED_TABLE + f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


class _NewGame:
    """The history's first line, written again in a new language (a lazy text)."""

    def __init__(self, seed: int, opponents: int, combined: bool, specials: tuple):
        self.seed, self.opponents, self.combined, self.specials = (seed, opponents, combined,
                                                                   specials)

    def __str__(self) -> str:
        extras = ", ".join(([_("combined cards")] if self.combined else [])
                           + [str(SPECIAL_NAMES[k]) for k in self.specials])
        bots = _n("{n} bot", "{n} bots", self.opponents)
        if extras:
            return _("New game (seed {seed}): you against {bots}; {extras}.", seed=self.seed,
                     bots=bots, extras=extras)
        return _("New game (seed {seed}): you against {bots}.", seed=self.seed, bots=bots)


__all__ = ["JungleTable", "status_html", "table_html"]
