"""Bungee widgets driven headless (ipywidgets' testing style): the pure figures, DrawExplorer,
and BungeeTable played by clicks to the end of a game."""

from __future__ import annotations

import re
from fractions import Fraction

from bluffkit.advice.bungee import advise
from bluffkit.bots.bungee import compare_thresholds
from bluffkit.core import InvalidQuestion
from bluffkit.games.bungee import DECK, BungeeRules, BungeeState, counts_of, parse_cards
from bluffkit.odds.bungee import Knowledge, action_odds, turn_odds
from bluffkit.widgets.bungee import (
    DrawExplorer,
    figure_for_action,
    figure_for_actions,
    figure_for_thresholds,
    figure_for_unseen,
)
from bluffkit.widgets.bungee import table as bungee_table
from bluffkit.widgets.bungee.table import EXPLAIN_SAMPLES, BungeeTable, table_html
from bluffkit.widgets.common import advice_html
from tests.widgets.conftest import assert_move_refused, click_to_the_end

ME = 0


def test_unseen_figure_splits_the_deck():
    k = Knowledge.parse("1,2,8,B", discard="5,5", lucky=8)
    fig = figure_for_unseen(k)
    seen, unseen = fig.data
    assert [a + b for a, b in zip(seen.y, unseen.y)] == list(DECK)
    assert sum(unseen.y) == k.unseen_count == 49 and "49 unseen" in fig.layout.title.text


def test_action_figure_is_the_exact_distribution():
    o = action_odds(Knowledge.parse("1,2,9", lucky=8), "play 9")
    fig = figure_for_action(o)
    bar = fig.data[0]
    assert [Fraction(t) for t in bar.text] == list(o.value.pmf().values())
    green = {c for v, c in zip(bar.x, bar.marker.color) if v <= 5}
    assert len(green) == 1 and green.isdisjoint(c for v, c in zip(bar.x, bar.marker.color)
                                                if v > 5)
    assert "15/52" in fig.layout.title.text


def test_actions_figure_marks_the_lowest_expected_value():
    options = turn_odds(Knowledge.parse("2,9,9,10", discard="4,7", lucky=8))
    bar = figure_for_actions(options).data[0]
    best = min(range(len(options)), key=lambda i: options[i].mean_value)
    assert bar.x[best] == "play 9,9"
    assert len({c for i, c in enumerate(bar.marker.color) if i != best}) == 1
    assert bar.marker.color[best] != bar.marker.color[best - 1]


def test_thresholds_figure():
    r = compare_thresholds([5, 3], games=2, seed=1, rounds=1)
    fig = figure_for_thresholds(r)
    assert list(fig.data[0].x) == ["calls at 5", "calls at 3"]
    assert list(fig.data[0].y) == [float(t) for t in r.mean_totals]


def test_draw_explorer_updates_and_explains_bad_input():
    e = DrawExplorer(hand="1,2,9", discard="4", lucky="8", action="play 9")
    assert e.odds.p_bungee == Fraction(15, 51) and "frac{5}{17}" in e.summary.value
    assert e.action.options[0] == ("play 1", "play 1") and "bk-advice-options" in e.table.value
    e.action.value = "take, play 9"
    assert e.odds.value.pmf() == {7: 1} and "certain" in e.summary.value
    before = e.summary.value
    e.hand.value = "1,2,x"
    assert "not a Bungee card" in e.errors.message and e.summary.value == before
    e.hand.value = "1,2,9,9"
    assert e.errors.message == "" and e.action.value == "take, play 9"
    e.lucky.value = "9"
    assert e.knowledge().value == 3 and e.odds.value.pmf() == {7: 1}  # 1,2,4,9 with 9 lucky


def test_table_offers_the_legal_moves_and_hides_the_bots_cards():
    t = BungeeTable(opponents=2, seed=5, rounds=1)
    s = t.state
    assert s.current_player() == ME and s.phase == "turn" and not s.opened
    assert [v for _, v in t.choice.options] == [str(a) for a in s.legal_actions()]
    for p in (1, 2):
        row = re.search(rf"Bot {p}</b>.*?</tr>", t.table_view.value).group(0)
        assert f"{len(s.hands[p])} cards" in row and ">?</td>" in row
    t.choice.value = t.choice.options[-1][1]
    t.button.click()
    assert t.errors.message == "" and any(line.startswith("You: draw") for line in
                                          t.history.lines)


def test_illegal_moves_are_explained_and_change_nothing():
    assert_move_refused(BungeeTable(opponents=1, seed=2, rounds=1), "bungee",
                        "first player must play", "play 6,6,6,6,6")


def test_explain_shows_the_advice_and_a_game_plays_to_the_end():
    t = BungeeTable(opponents=1, seed=4, rounds=2)
    t.explain.toggle.value = True
    assert "bk-advice-options" in t.explain.body.value and "exact" in t.explain.body.value
    click_to_the_end(t, lambda t: t.button, 399)
    assert "bk-status-over" in t.status.value
    assert sum("End of round" in line for line in t.history.lines) == 2
    assert "Advice appears here" in t.explain.body.value


def test_same_seed_same_game():
    a, b = BungeeTable(opponents=3, seed=9, rounds=1), BungeeTable(opponents=3, seed=9, rounds=1)
    assert a.state == b.state and a.history.lines == b.history.lines
    a.new_game_bar.button.click()
    assert a.new_game_bar.seed.value == 10 == a.seed


def test_draw_explorer_refuses_a_blank_lucky_card_and_eleven():
    e = DrawExplorer(hand="1,2,9", discard="4", lucky="8", action="play 9")
    before = e.summary.value
    e.lucky.value = ""
    assert "Lucky card: type the card" in e.errors.message and "None" not in e.summary.value
    assert e.summary.value == before
    e.lucky.value = "B"
    assert e.errors.message == "" and "lucky B" in e.summary.value
    e.hand.value = "1,2,11"
    assert "1 to 10; write B for a Bungee card" in e.errors.message
    assert "None" not in e.summary.value + e.table.value


def test_players_table_cells_are_padded():
    """"Bungee #1" and a total of 60 must not read "Bungee #160"."""
    t = BungeeTable(opponents=2, seed=5, rounds=1)
    s = t.state._with(callers=(1,), totals=(3, 60, -10))
    html = table_html(s, t.names)
    cells = re.findall(r"<t[dh](\b[^>]*)>", html)
    assert len(cells) == 5 * 4 and all("padding" in c for c in cells)
    assert re.search(r"Bungee #1</td><td[^>]*padding[^>]*>60</td>", html)


def position(hands, discard, lucky=8, **fields):
    """Seat 0 to move in the middle of a round (the draw pile holds the cards not shown)."""
    hands = tuple(parse_cards(h) for h in hands)
    discard = parse_cards(discard)
    seen = counts_of([c for h in hands for c in h] + list(discard) + [lucky])
    pile = tuple(d - k for d, k in zip(DECK, seen))
    rules = BungeeRules(players=len(hands), rounds=1)
    return BungeeState(rules, "turn", 0, hands, pile, discard, lucky, opened=True,
                       totals=(0,) * len(hands), **fields)


def test_explain_shows_the_exact_part_at_once_and_the_simulation_when_done():
    t = BungeeTable(opponents=2, seed=3, rounds=1)
    t.state = position(["1,4,8", "2,3,9,10,10", "5,6,7,7"], "4,7")
    t._render()
    t.explain.toggle.value = True          # returns at once: the simulation runs in a thread
    body = t.explain.body.value
    assert "being simulated" in body and "being estimated by simulation" in body
    assert "None" not in body
    assert t.wait_for_advice(timeout=60)   # a bounded wait
    want = advise(t.state.observation(0), EXPLAIN_SAMPLES, t.seed)
    assert want.comparison is not None
    assert t.explain.body.value == advice_html(want) and "None" not in t.explain.body.value
    assert t.progress.layout.display == "none" and t.progress.value == EXPLAIN_SAMPLES
    assert t.errors.message == ""
    t.explain.toggle.value = False
    t.explain.toggle.value = True          # the finished advice is kept for this position
    assert t.explain.body.value == advice_html(want)


def test_explain_runs_inline_with_progress_where_threads_cannot_start(monkeypatch):
    """Pyodide: ``Thread.start()`` raises; the simulation runs at once, the bar still moves."""
    import threading

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    t = BungeeTable(opponents=2, seed=3, rounds=1)
    t.state = position(["1,4,8", "2,3,9,10,10", "5,6,7,7"], "4,7")
    t._render()
    seen = []
    t.progress.observe(lambda change: seen.append(change["new"]), "value")
    t.explain.toggle.value = True          # returns when the simulation is done
    assert t._thread is None and t.wait_for_advice(timeout=0)
    want = advise(t.state.observation(0), EXPLAIN_SAMPLES, t.seed)
    assert t.explain.body.value == advice_html(want) and "being simulated" not in want.explanation
    assert seen == list(range(5, EXPLAIN_SAMPLES + 1, 5))
    assert t.progress.layout.display == "none" and t.errors.message == ""


def test_a_move_during_the_simulation_drops_its_stale_result():
    t = BungeeTable(opponents=1, seed=3, rounds=1)
    t.state = position(["1,2,8", "2,3,9,10,10"], "4,7")
    t._render()
    t.explain.toggle.value = True
    old = t._thread
    t.play("play 8")                        # a new position before the simulation ends
    assert old.join(60) is None and not old.is_alive()
    assert t.wait_for_advice(timeout=60)
    if not t.state.is_terminal() and t.state.current_player() == 0:
        want = advise(t.state.observation(0), EXPLAIN_SAMPLES, t.seed, defer=True)
        shown = t.explain.body.value
        assert "Recommended" in shown and want.explanation.split("\n")[1][:30] in shown
    assert "1,2,8 is worth" not in t.explain.body.value


def test_a_simulation_that_fails_leaves_the_exact_part_and_says_why(monkeypatch):
    real = bungee_table.advise

    def failing(obs, *args, progress=None, **kwargs):
        if progress is not None:   # the background call
            raise InvalidQuestion("could not deal the callers' hands worth 5 or less")
        return real(obs, *args, **kwargs)

    monkeypatch.setattr(bungee_table, "advise", failing)
    t = BungeeTable(opponents=1, seed=3, rounds=1)
    t.state = position(["1,4,8", "2,3,9,10,10"], "4,7")
    t._render()
    t.explain.toggle.value = True
    assert t.wait_for_advice(timeout=60)
    body = t.explain.body.value
    assert "being simulated" not in body and "being estimated" not in body
    assert ("could not be compared with playing on: could not deal the callers' hands worth 5 "
            "or less.") in body
    assert "Recommended" in body and t.progress.layout.display == "none"


def test_draw_explorer_in_french():
    from bluffkit.core.i18n import language

    with language("fr"):
        e = DrawExplorer(hand="1,2,9", discard="4", lucky="8", action="play 9")
        assert e.action.options[0] == ("joue 1", "play 1") and e.action.value == "play 9"
        assert e.hand.description == "Ma main" and "Main <b>1,2,9</b> qui vaut" in e.summary.value
        assert "0{,}" in e.summary.value  # decimals in the math with a comma
