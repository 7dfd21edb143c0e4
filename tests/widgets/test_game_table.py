"""``GameTable``, the skeleton the five game tables share: tested on a tiny Bluff table."""

from __future__ import annotations

import re

import pytest

from bluffkit.core import IllegalAction, InvalidQuestion, RandomBot, make_rng, sample
from bluffkit.games.bluff import BluffRules, BluffState
from bluffkit.widgets.common import play_until_turn
from bluffkit.widgets.game_table import ME, GameTable, opponents_box


class TinyTable(GameTable):
    """One die each against one or two bots; logs every move it is told about."""

    def __init__(self, seed=0, opponents=1, bots=None):
        self.opponents = opponents_box(opponents, 2)
        self._build(seed, [self.opponents], bots)
        self.moves = []
        self._finish([self.new_game_bar, self.status, self._move_dropdown("10em"), self.errors,
                      self.explain, self._history_box()], "bk-tiny-table", seed)

    def new_game(self, seed):
        n = self.opponents.value
        bots = self._seat_bots(n, RandomBot)
        self._start(BluffState.new(BluffRules(players=n + 1, dice_per_player=1)), bots, seed,
                    f"New game (seed {seed})")

    def _log(self, before, player, action, after):
        self.moves.append((player, str(action)))

    def _draw(self, state):
        self._show_moves(state)
        self.status.value = "over" if state.is_terminal() else "your turn"

    def _advice_for(self, state):
        return {"recommended": str(state.legal_actions()[0]), "explanation": "the first move"}


def test_a_new_game_deals_from_the_seed_and_stops_at_my_turn():
    a, b = TinyTable(seed=7), TinyTable(seed=7)
    assert a.state == b.state and a.moves == b.moves
    assert a.state.current_player() == ME and a.status.value == "your turn"
    assert a.names == ["You", "Bot 1"] and a.bots[0] is None
    assert a.new_game_bar.seed.value == 7 and "bk-tiny-table" in a._dom_classes
    assert [v for _, v in a.choice.options] == [str(x) for x in a.state.legal_actions()]
    assert a.history.lines[0] == "<b>New game (seed 7)</b>"


def test_the_new_game_button_deals_a_typed_seed_and_the_box_shows_it():
    t = TinyTable(seed=3)
    t.new_game_bar.seed.value = 7
    t.new_game_bar.button.click()
    assert t.state == TinyTable(seed=7).state and t.new_game_bar.seed.value == 7 == t.seed


def test_play_checks_the_turn_the_choice_and_the_rules():
    t = TinyTable(seed=0)
    before = t.state
    assert before.bid is None  # seed 0: I open the round, so there is nothing to challenge
    with pytest.raises(IllegalAction, match="choose a move first"):
        t.play(None)
    with pytest.raises(IllegalAction):
        t.play("challenge")
    assert t.state is before
    t.errors.guard(t.play)("not a move")
    assert t.errors.message and t.state is before
    while not t.state.is_terminal():
        t.button.click()
        assert t.errors.message == ""
    assert t.status.value == "over" and t.move_row.layout.display == "none"
    with pytest.raises(IllegalAction, match="game is over"):
        t.play(None)


def test_explain_asks_only_on_my_turn():
    t = TinyTable(seed=2)
    t.explain.toggle.value = True
    assert "The first move" in t.explain.body.value  # a capital: a sentence starts
    while not t.state.is_terminal():
        t.button.click()
    assert "Advice appears here" in t.explain.body.value


def test_too_few_bots_given_is_a_clear_error():
    with pytest.raises(InvalidQuestion, match="2 opponents need 2 bots, got 1"):
        TinyTable(opponents=2, bots=[RandomBot()])


def test_play_until_turn_takes_chance_from_the_hook():
    calls = []

    def chance(state, rng):
        calls.append(state.phase)
        return sample(state.chance_outcomes(), rng)

    s = BluffState.new(BluffRules(players=2, dice_per_player=1))
    end = play_until_turn(s, ME, [None, RandomBot()], make_rng(1), chance=chance)
    assert calls[0] == "start" and (end.is_terminal() or end.current_player() == ME)
    again = play_until_turn(s, ME, [None, RandomBot()], make_rng(1))
    assert again == end  # the hook drew what exact sampling draws


# -- the language switch ---------------------------------------------------------------------------
ENGLISH_MARKERS = re.compile(r"\b(the|your|you|round|hand|worth|draw|discard|play|take|"
                             r"lucky|game|turn|cards?|bot|seed|new|replay|explain)\b",
                             re.IGNORECASE)
"""English words a French table must not show (French has none of them as words; card names
like B and numbers are left out)."""


def _visible(widget) -> str:
    """Every text a student reads in ``widget`` and its children (HTML tags removed)."""
    parts = []
    shown = ("description", "tooltip") if hasattr(widget, "options") else (
        "value", "description", "tooltip")  # a dropdown's value is its hidden key
    for name in shown:
        v = getattr(widget, name, None)
        if isinstance(v, str):
            parts.append(v)
    for label, _value in getattr(widget, "options", ()) or ():
        parts.append(str(label))
    for child in getattr(widget, "children", ()):
        parts.append(_visible(child))
    return re.sub(r"<[^>]+>|&nbsp;|\$[^$]*\$", " ", " ".join(parts))


def test_the_language_switch_translates_a_whole_bungee_table_and_back():
    from bluffkit.widgets.bungee.table import BungeeTable

    t = BungeeTable(opponents=2, seed=5, rounds=2)
    english = _visible(t)
    values = [v for _label, v in t.choice.options]
    t.play(values[-1])
    t.explain.toggle.value = True
    assert t.wait_for_advice()
    t.language_switch.value = "fr"
    assert t.wait_for_advice()
    french = _visible(t)
    assert "Jouer" in french and "Nouvelle partie" in french and "Manche" in french
    assert "Nouvelle partie (graine 5)\xa0: toi contre 2 robots, 2 manches." in french
    assert [v for _label, v in t.choice.options] == [str(a) for a in t.state.legal_actions()]
    assert not ENGLISH_MARKERS.findall(french.replace("Bungee", "")), \
        sorted(set(ENGLISH_MARKERS.findall(french)))
    t.language_switch.value = "en"
    assert _visible(t).startswith(english[:40]) and "Play" in _visible(t)


def test_the_marker_check_sees_an_english_sentence():
    assert ENGLISH_MARKERS.findall("Ta main vaut 5. Your hand is worth 5.")
