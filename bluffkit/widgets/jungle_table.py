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

from ..advice.jungle_bluff import advise
from ..bots.jungle_bluff import AdviceBot
from ..core import InvalidQuestion
from ..games.jungle_bluff import (
    SPECIALS,
    Duel,
    JungleRules,
    JungleState,
    Taken,
    cards_text,
    points,
)
from .common import SPACED_TABLE
from .game_table import ME, GameTable, opponents_box


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

    history_title = "This game (what you see)"

    def __init__(self, opponents: int = 3, seed: int = 0, combined: bool = False,
                 special_cards: Sequence[str] = (), bots: Sequence | None = None,
                 top_card: int = 10):
        self.opponents = opponents_box(opponents, 5)
        self.combined = widgets.Checkbox(value=combined, description="combined cards",
                                         indent=False)
        self.combined.add_class("bk-combined")
        self.specials = widgets.SelectMultiple(options=list(SPECIALS),
                                               value=tuple(special_cards), rows=4,
                                               description="Special")
        self.specials.add_class("bk-specials")
        self._build(seed, [self.opponents, self.combined], bots)
        self.table_view = widgets.HTML()
        self.table_view.add_class("bk-players")
        self._top_card = top_card
        self._finish([self.new_game_bar, self.specials, self.status, self.table_view,
                      self._move_dropdown("18em"), self.errors, self.explain,
                      self._history_box()], "bk-jungle-table", seed)

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int) -> None:
        """Deal a new game from ``seed`` and let the bots play up to your turn."""
        opponents = self.opponents.value
        if not 1 <= opponents <= 5:
            raise InvalidQuestion(f"play against 1-5 bots, got {opponents}")
        rules = JungleRules(players=opponents + 1, top_card=self._top_card,
                            combined=self.combined.value, special_cards=self.specials.value)
        bots = self._seat_bots(opponents, AdviceBot)
        extras = ", ".join(([" combined cards"] if rules.combined else [])
                           + list(rules.special_cards))
        self._start(JungleState.new(rules), bots, seed,
                    f"New game (seed {seed}): you against {opponents} bot"
                    f"{'s' * (opponents > 1)}{'; ' + extras if extras else ''}.")

    # -- moving ------------------------------------------------------------------------------
    def _log(self, before: JungleState, player: int, action, after: JungleState) -> None:
        """Add to the history what seat 0 sees of the move from ``before``."""
        if before.phase == "deal" or (before.phase == "first" and after.phase == "choose"):
            if after.phase == "choose":
                self.history.add(f"Score cards {cards_text(after.centre)}; "
                                 f"{self.names[after.first]} start"
                                 f"{'' if after.first == self.me else 's'}.")
            return
        if before.phase == "choose":
            if before.to_move == self.me:
                card = after.strength[self.me] or before.strength[self.me]
                self.history.add(f"You put down {card} face down.")
            return
        obs = after.observation(self.me)
        moves = obs.moves if after.round == before.round and not after.is_terminal() else (
            obs.history[-1].moves)
        m = moves[len(before.moves)]
        self.history.add(self._move_text(m))
        if after.round != before.round or after.is_terminal():
            r = obs.history[-1]
            won = ", ".join(f"{self.names[p]} {cards_text(w, '+')}" for p, w in enumerate(r.won)
                            if w) or "nobody"
            which = "the final round" if r.number > after.rules.top_card else f"round {r.number}"
            self.history.add(f"End of {which}: won {won}.", strong=True)
            if after.is_terminal():
                w = after.winners()
                who = " and ".join(self.names[p] for p in w)
                self.history.add(f"Game over: {who} win{'s' if len(w) == 1 and w[0] else ''}"
                                 f" with {max(after.scores())} points.", strong=True)
            else:
                name = "Final round" if after.final else f"Round {after.round}"
                self.history.add(f"{name}: score cards {cards_text(after.centre)};"
                                 f" {self.names[after.first]} start"
                                 f"{'' if after.first == self.me else 's'}.", strong=True)

    def _move_text(self, m) -> str:
        if isinstance(m, Taken):
            return f"{self.names[m.player]} take{'' if m.player == self.me else 's'} " \
                   f"{cards_text(m.cards, '+')}."
        assert isinstance(m, Duel)
        cards = (f" ({m.challenger_card} against {m.defender_card})"
                 if m.challenger_card is not None else "")
        result = ("nobody wins, the card goes back" if m.winner is None
                  else f"{self.names[m.winner]} keep{'' if m.winner == self.me else 's'} it")
        return (f"{self.names[m.challenger]} challenge{'' if m.challenger == self.me else 's'} "
                f"{self.names[m.defender]} for {cards_text(m.stack, '+')}{cards}: {result}.")

    # -- drawing ------------------------------------------------------------------------------
    def _draw(self, s: JungleState) -> None:
        self._show_moves(s)
        self.status.value = status_html(s, self.names, self.me)
        self.table_view.value = table_html(s, self.names, self.me)

    def move_label(self, action) -> str:
        """``challenge Bot 2`` where the engine writes ``challenge 2``."""
        return seat_names(str(action), self.names)

    def _advice_for(self, s: JungleState):
        data = advise(s.observation(self.me)).to_json()
        for option in data["options"]:
            option["action"] = seat_names(option["action"], self.names)
        data["recommended"] = seat_names(data["recommended"], self.names)
        data["explanation"] = seat_names(data["explanation"], self.names)
        return data


_CHALLENGE = re.compile(r"\bchallenge (?:player )?(\d+)\b")


def seat_names(text: str, names: list[str]) -> str:
    """The advice's and the engine's challenges (``challenge 2``, ``challenge player 2``) with
    the table's names for the seats.

    >>> seat_names("challenge player 2 for 4. Best: challenge 2.", ["You", "Bot 1", "Bot 2"])
    'challenge Bot 2 for 4. Best: challenge Bot 2.'
    """
    return _CHALLENGE.sub(lambda m: f"challenge {names[int(m[1])]}", text)


def status_html(s: JungleState, names: list[str], me: int = ME) -> str:
    """Whose turn it is and what you may do, in one line."""
    if s.is_terminal():
        w = s.winners()
        text = ("You win the game!" if w == (me,) else
                f"Game over: {' and '.join(names[p] for p in w)} win{'s' * (len(w) == 1)}.")
        return f'<div class="bk-status-over"><b>{html.escape(text)}</b> Press New game.</div>'
    obs = s.observation(me)
    name = "Final round" if obs.final else f"Round {obs.round}"
    if obs.phase == "choose":
        source = "score pile" if obs.final else "hand"
        return (f"<div><b>{name}: choose your strength card</b> from your {source}, face down "
                "(everybody chooses at the same time).</div>")
    return (f"<div><b>{name}: your turn.</b> Your strength card is {obs.my_strength}. Take a "
            "score card, or challenge a player who holds one (ties go to the challenger).</div>")


def table_html(s: JungleState, names: list[str], me: int = ME) -> str:
    """The centre, then one row per player: cards in hand, strength card, holding, pile."""
    obs = s.observation(me)
    rows = []
    for p, name in enumerate(names):
        if p == me:
            hand = cards_text(obs.hand) or "-"
            strength = str(obs.my_strength) if obs.my_strength else "-"
        else:
            hand = f"{obs.hand_sizes[p]} cards"
            strength = "face down" if obs.placed[p] else "-"
        turn = " ◀" if not s.is_terminal() and s.current_player() == p else ""
        rows.append(f"<tr><td><b>{html.escape(name)}</b>{turn}</td><td>{hand}</td>"
                    f"<td>{strength}</td><td>{cards_text(obs.held[p], '+') or '-'}</td>"
                    f"<td>{cards_text(obs.piles[p]) or '-'}</td>"
                    f"<td>{points(obs.piles[p])}</td></tr>")
    centre = cards_text(obs.centre) or "empty"
    return (f"<div>Centre: <b>{centre}</b></div>" + SPACED_TABLE +
            '<thead><tr><th>player</th><th>hand</th>'
            "<th>strength card</th><th>holds</th><th>score pile</th><th>points</th></tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")


__all__ = ["JungleTable", "status_html", "table_html"]
