"""BluffTable driven by clicks (ipywidgets' testing style): legal moves only, hidden cups,
history and reveal, Explain, bad moves answered with a message, whole games to the end."""

from __future__ import annotations

import re

import pytest

from bluffkit.advice.bluff import Position, advise
from bluffkit.core import IllegalAction, InvalidQuestion, RandomBot
from bluffkit.games.bluff import Bid
from bluffkit.widgets.bluff import BluffTable
from tests.widgets.conftest import click_to_the_end

from .conftest import facing_a_bid

ME = 0


def play_to_the_end(t: BluffTable) -> int:
    """Challenge when possible, else bid the preselected (smallest) raise; expose nothing."""
    return click_to_the_end(t, lambda t: (
        t.show_button if t.show_row.layout.display is None else
        t.challenge_button if not t.challenge_button.disabled else t.bid_button), 500)


def test_the_table_shows_my_dice_and_hides_the_others():
    t = BluffTable(opponents=3, seed=11)
    s = t.state
    assert s.current_player() == ME and s.phase == "bid"
    view = t.players_view.value
    assert view.count("bk-die-hidden") == sum(s.dice[1:])
    shown = re.findall(r'class="bk-die" [^>]*>([^<]*)<', view)
    assert shown == ["★" if d == 6 else str(d) for d in s.hidden[ME]]
    assert "bk-bluff-table" in t._dom_classes


def test_bid_controls_offer_exactly_the_legal_raises():
    t = BluffTable(opponents=2, seed=4)
    s = t.state
    legal_bids = [str(a) for a in s.legal_actions() if isinstance(a, Bid)]
    assert [value for _, value in t.bid_choice.options] == legal_bids
    assert t.challenge_button.disabled == (s.bid is None)
    assert t.show_row.layout.display == "none"


def test_a_bid_moves_the_game_and_goes_to_the_history():
    t = BluffTable(opponents=2, seed=4)
    before = t.state
    lines = len(t.history.lines)
    t.bid_choice.value = t.bid_choice.options[1][1]
    chosen = t.bid_choice.value
    t.bid_button.click()
    assert t.errors.message == ""
    assert t.state is not before
    assert any(f"You bid {chosen}." in line for line in t.history.lines[lines:])
    assert t.state.is_terminal() or t.state.current_player() == ME


def test_a_challenge_shows_the_reveal_with_dice_lost():
    t = BluffTable(opponents=1, seed=2)
    while t.challenge_button.disabled:
        t.bid_button.click()
    total = sum(t.state.dice)
    t.challenge_button.click()
    r = t.state.last
    assert r is not None and r.challenger == ME
    assert f"{r.count} " in t.reveal_view.value and "bk-reveal" in t.reveal_view._dom_classes
    assert sum(t.state.dice) == total - sum(r.losses)
    assert any(line.startswith("<b>Reveal") for line in t.history.lines)


def test_an_illegal_click_shows_a_message_and_changes_nothing():
    t = BluffTable(opponents=2, seed=7)
    # open a round ourselves, so that there is no bid to challenge
    while t.state.bid is not None:
        t.challenge_button.click()
        if t.state.is_terminal():
            t.new_game_bar.button.click()
    before = t.state
    t.challenge_button.click()  # disabled in the browser; a click still reaches the handler
    assert t.errors.message == "nothing to challenge: the round's first player must bid"
    assert t.state is before
    t.bid_button.click()
    assert t.errors.message == "" and t.state is not before


def test_play_rejects_text_that_breaks_the_rules():
    t = BluffTable(opponents=1, seed=5)
    before = t.state
    with pytest.raises(IllegalAction):
        t.play("1x1") if before.bid else t.play("challenge")
    assert t.state is before


def test_explain_shows_the_advice_for_my_position():
    t = BluffTable(opponents=3, seed=9)
    assert t.explain.body.layout.display == "none"
    t.explain.toggle.value = True
    body = t.explain.body.value
    best = advise(Position.from_state(t.state, ME)).recommended
    assert f"<b>Recommended:</b> {best.action}" in body
    assert "\\frac{1}{3}" in body and "bk-advice-options" in body
    assert "Model:" in body
    t.bid_button.click()           # the panel follows the position
    if not t.state.is_terminal():
        again = advise(Position.from_state(t.state, ME)).recommended
        assert f"<b>Recommended:</b> {again.action}" in t.explain.body.value
    t.explain.toggle.value = False
    assert t.explain.body.layout.display == "none"


def test_a_whole_game_is_played_to_the_end_by_clicking():
    t = BluffTable(opponents=3, seed=21)
    play_to_the_end(t)
    s = t.state
    assert s.is_terminal() and sum(1 for d in s.dice if d) == 1
    assert "bk-status-over" in t.status.value
    assert t.bid_row.layout.display == "none" and t.challenge_button.disabled
    assert t.history.lines[-1].startswith("<b>Game over")
    with pytest.raises(IllegalAction, match="game is over"):
        t.play("challenge")


def test_the_seed_box_shows_the_game_on_the_table():
    t = BluffTable(opponents=2, seed=30)
    assert t.seed == 30 and t.new_game_bar.seed.value == 30
    first = list(t.history.lines)
    t.new_game_bar.button.click()  # the next deal
    assert t.seed == 31 and t.new_game_bar.seed.value == 31 and t.history.lines != first
    t.new_game_bar.seed.value = 30  # a typed seed is dealt
    t.new_game_bar.button.click()
    assert t.history.lines == first and t.new_game_bar.seed.value == 30
    t.bid_button.click()
    t.new_game_bar.replay.click()  # the same game again
    assert t.history.lines == first and t.seed == 30 and t.new_game_bar.seed.value == 30


def test_same_seed_same_clicks_same_game():
    a, b = BluffTable(opponents=2, seed=8), BluffTable(opponents=2, seed=8)
    play_to_the_end(a)
    play_to_the_end(b)
    assert a.history.lines == b.history.lines and a.state == b.state


@pytest.mark.parametrize("opponents", [1, 5])
def test_one_to_five_bots(opponents):
    t = BluffTable(opponents=1, seed=3)
    t.opponents.value = opponents
    t.new_game_bar.button.click()
    assert t.state.rules.players == opponents + 1
    assert t.players_view.value.count("<tr><td>") == opponents + 1
    play_to_the_end(t)


def test_the_expansion_offers_expose_and_reroll():
    t = BluffTable(opponents=2, seed=12, show_and_reroll=True)
    for _ in range(50):
        if t.state.phase == "show":
            break
        t.bid_button.click()
    assert t.state.phase == "show" and t.show_row.layout.display is None
    hidden = t.state.hidden[ME]
    toggles = t.expose_dice.children
    assert [b.description for b in toggles] == ["★" if d == 6 else str(d) for d in hidden]
    assert all("bk-expose" in b._dom_classes for b in toggles)
    before = t.state
    for b in toggles:  # exposing every die is refused, the state is unchanged
        b.value = True
    t.show_button.click()
    assert "keep at least one die hidden" in t.errors.message and t.state is before
    t.choose_show((), reroll=True)  # re-rolling needs an exposed die
    t.show_button.click()
    assert "expose at least one die" in t.errors.message and t.state is before
    toggles[0].value = True
    t.show_button.click()
    assert t.errors.message == ""
    shown = "*" if hidden[0] == 6 else str(hidden[0])
    assert any(f"You: show {shown} reroll." in line for line in t.history.lines)
    assert any("re-rolled (your new dice" in line for line in t.history.lines)
    play_to_the_end(t)


def test_every_legal_show_can_be_chosen_with_the_toggles():
    """Five dice make up to 60 shows: each one is a few toggles away, none more."""
    t = BluffTable(opponents=1, seed=12, show_and_reroll=True)
    while t.state.phase != "show":
        t.bid_button.click()
    legal = set(t.state.legal_actions())
    assert len(legal) > 20
    for show in legal:
        t.choose_show(show.expose, show.reroll)
        assert t._chosen_show() == show


def test_bots_can_be_chosen_and_must_suffice():
    t = BluffTable(opponents=2, seed=1, bots=[RandomBot(), RandomBot()])
    assert all(isinstance(b, RandomBot) for b in t.bots[1:])
    with pytest.raises(InvalidQuestion, match="3 opponents need 3 bots"):
        t.new_game(1, opponents=3)


def test_explain_shows_each_opponents_posterior_after_a_bid():
    from bluffkit.widgets.bluff.beliefs import figure_for_beliefs

    t = facing_a_bid(2)
    assert t.beliefs_box.layout.display == "none"  # Explain is off
    t.explain.toggle.value = True
    assert t.beliefs_box.layout.display is None
    assert "after reading the bids" in t.explain.body.value
    reading = t._last_advice.reading
    expected = figure_for_beliefs(reading, t.state.bid.face, t.names)
    assert [tr.y for tr in t.beliefs.data] == [tr.y for tr in expected.data]
    assert len(t.beliefs.data) == 4  # two opponents, dice random and after the bids
    t.explain.toggle.value = False
    assert t.beliefs_box.layout.display == "none"


def test_a_new_table_sends_no_figure_until_explain_draws_one():
    """Issue 26: the first table of notebook 01 took seconds to appear; its two hidden Explain
    charts each carried plotly's 5 MB module in their state. They are made when first shown."""
    import json

    from bluffkit.widgets.figure import LiveFigure

    def sent(widget) -> int:  # bytes of JSON of every widget's state inside ``widget``
        out = len(json.dumps(widget.get_state(), default=str))
        return out + sum(sent(c) for c in getattr(widget, "children", ()))

    t = BluffTable(opponents=1, seed=4)
    assert sent(t) < 200_000 and t.beliefs is None and t.solved_chart is None
    t.explain.toggle.value = True
    for _ in range(6):
        if isinstance(t.solved_chart, LiveFigure) or t.state.is_terminal():
            break
        t.bid_button.click()
    assert isinstance(t.solved_chart, LiveFigure) and t.solved_box.children == (t.solved_chart,)
