"""The shared widget helpers: in-place figure updates, the error area, math text, advice
rendering, history, Explain and the new-game bar."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from bluffkit.core import InvalidQuestion
from bluffkit.widgets.common import ErrorArea, ExplainPanel, HistoryLog, NewGameBar, advice_html
from bluffkit.widgets.figure import update_figure_in_place
from bluffkit.widgets.numbers import math_html, probability_tex


def shown(fw: go.FigureWidget) -> dict:
    """What a FigureWidget holds, without its template and trace ids."""
    data = fw.to_plotly_json()
    data["layout"].pop("template", None)
    for trace in data["data"]:
        trace.pop("uid", None)
    return data


def spec(y, shapes, title="t", color="red"):
    return {"data": [{"type": "bar", "x": [0, 1, 2], "y": y, "marker": {"color": color}}],
            "layout": {"title": {"text": title}, "shapes": shapes}}


def line(x):
    return {"type": "line", "x0": x, "x1": x, "y0": 0, "y1": 1}


@pytest.fixture
def messages(monkeypatch):
    sent = []

    def spy(self, restyle_data, relayout_data, trace_indexes=None, source_view_id=None):
        sent.append((restyle_data, relayout_data))

    monkeypatch.setattr(go.FigureWidget, "_send_update_msg", spy)
    return sent


def test_update_sends_only_what_changed(messages):
    fw = go.FigureWidget(spec([1, 2, 3], [line(1), line(2)]))
    update_figure_in_place(fw, spec([1, 2, 3], [line(1), line(2.5)], title="u"))
    assert messages == [({}, {"title.text": "u", "shapes.1.x0": 2.5, "shapes.1.x1": 2.5})]
    assert shown(fw) == shown(go.FigureWidget(spec([1, 2, 3], [line(1), line(2.5)], "u")))
    messages.clear()
    update_figure_in_place(fw, spec([1, 2, 4], [line(1), line(2.5)], title="u"))
    assert messages == [({"y": [[1, 2, 4]]}, {})]


def test_update_clears_what_the_new_figure_lacks():
    fw = go.FigureWidget(go.Figure(go.Bar(x=[1, 2], y=[3, 4], customdata=["a", "b"]),
                                   {"annotations": [{"text": "hi", "x": 1, "y": 1}]}))
    update_figure_in_place(fw, go.Figure(go.Bar(x=[1, 2], y=[3, 4])))
    assert fw.data[0].customdata is None and fw.layout.annotations == ()


def test_update_handles_new_shapes_and_new_traces():
    fw = go.FigureWidget(spec([1, 2, 3], [line(1)]))
    target = {"data": [{"type": "scatter", "x": [0, 1], "y": [1, 0]},
                       {"type": "bar", "x": [0], "y": [2]}],
              "layout": {"title": {"text": "v"}, "shapes": [line(1), line(2), line(3)]}}
    update_figure_in_place(fw, target)
    assert [t.type for t in fw.data] == ["scatter", "bar"]
    assert len(fw.layout.shapes) == 3 and fw.layout.title.text == "v"
    assert shown(fw) == shown(go.FigureWidget(target))


def test_update_keeps_the_template():
    fw = go.FigureWidget(go.Figure(go.Bar(y=[1]), {"template": "plotly_white"}))
    update_figure_in_place(fw, go.Figure(go.Bar(y=[2])))
    assert fw.layout.template.layout.plot_bgcolor == "white" and fw.data[0].y == (2,)


def test_error_area_shows_bluffkit_errors_and_clears_on_success():
    area = ErrorArea()

    @area.guard
    def act(ok):
        if not ok:
            raise InvalidQuestion("dice_in_play must be 1-300 <got 0>")
        return "done"

    assert area.layout.display == "none"
    assert act(False) is None
    assert area.message == "dice_in_play must be 1-300 <got 0>"
    assert "&lt;got 0&gt;" in area.value and area.layout.display is None
    assert act(True) == "done" and area.message == "" and area.layout.display == "none"


def test_error_area_turns_a_bug_into_one_line(caplog):
    area = ErrorArea()
    with caplog.at_level(logging.ERROR):
        area.guard(lambda: 1 / 0)()
    assert area.message.startswith("Something went wrong inside bluffkit (ZeroDivisionError")
    assert "Traceback" not in area.value
    assert "widget callback failed" in caplog.text


def test_math_text():
    assert math_html("P = 7/27 <b>") == "P = $\\frac{7}{27}$ &lt;b&gt;"
    assert math_html("already $x^2$ and 1/2") == "already $x^2$ and $\\frac{1}{2}$"
    assert math_html("3/4/5 stays") == "3/4/5 stays"
    assert probability_tex(Fraction(2, 3)) == "\\frac{2}{3} \\approx 0.667"
    assert probability_tex(Fraction(0)) == "0"


@dataclass
class FakeAdvice:
    options: list
    recommended: str
    explanation: str

    def to_json(self):
        return {"options": self.options, "recommended": self.recommended,
                "explanation": self.explanation}


def test_advice_html_shows_options_recommendation_and_reasons():
    advice = FakeAdvice(
        [{"action": "challenge", "p_stands": "1/3", "my_loss": "2/3"},
         {"action": "5x3", "p_stands": "7/27", "my_loss": "1/9"}],
        "5x3", "Each unknown die matches with probability 1/3.\nRecommendation: bid 5x3.")
    out = advice_html(advice)
    assert "<th" in out and "P(bid stands)" in out and "my expected loss" in out
    assert "$\\frac{7}{27}$" in out and "≈&nbsp;0.259" in out
    assert '<tr style="font-weight:bold' in out.split("5x3")[0].rsplit("<tr", 1)[0] + \
        "<tr" + out.split("5x3")[0].rsplit("<tr", 1)[1]
    assert "<b>Recommended:</b> 5x3" in out
    assert out.count("<p>") == 3 and "probability $\\frac{1}{3}$" in out


def test_explain_panel_follows_its_source():
    errors = ErrorArea()
    state = {"advice": None}

    def source():
        if state["advice"] == "bad":
            raise InvalidQuestion("nothing to decide in phase 'roll'")
        return state["advice"]

    panel = ExplainPanel(source, errors, idle_text="wait for your turn")
    assert panel.body.layout.display == "none"
    panel.toggle.value = True
    assert "wait for your turn" in panel.body.value
    state["advice"] = FakeAdvice([], "challenge", "Because.")
    panel.refresh()
    assert "<b>Recommended:</b> challenge" in panel.body.value
    state["advice"] = "bad"
    panel.refresh()
    assert errors.message == "nothing to decide in phase 'roll'"
    panel.toggle.value = False
    assert panel.body.layout.display == "none"


def test_history_log_keeps_the_last_lines():
    log = HistoryLog(max_lines=3)
    for i in range(5):
        log.add(f"line {i}: 1/{i + 2}", strong=i == 4)
    assert len(log.lines) == 3 and log.lines[0].startswith("line 2")
    assert log.lines[-1] == "<b>line 4: $\\frac{1}{6}$</b>" and "<ol" in log.value
    log.clear()
    assert log.value == ""


def test_new_game_bar_shows_the_seed_being_played():
    errors, seeds = ErrorArea(), []

    def start(seed):
        if seed == 13:
            raise InvalidQuestion("unlucky seed")
        seeds.append(seed)

    bar = NewGameBar(start, errors, seed=11)
    bar.button.click()  # nothing dealt yet: the seed in the box
    bar.button.click()  # the box shows the game on the table: the next seed
    assert seeds == [11, 12] and bar.seed.value == 12 and bar.playing == 12
    bar.button.click()
    assert errors.message == "unlucky seed" and bar.seed.value == 12 and bar.playing == 12
    bar.seed.value = 5  # typed: dealt as it is
    bar.button.click()
    bar.replay.click()
    assert seeds[-2:] == [5, 5] and bar.seed.value == 5 and errors.message == ""
    assert "bk-new-game" in bar.button._dom_classes and "bk-replay" in bar.replay._dom_classes


def test_play_until_turn_and_apply_my_move():
    from bluffkit.core import IllegalAction, RandomBot, make_rng
    from bluffkit.games.bluff import BluffRules, BluffState, Challenge
    from bluffkit.widgets.common import apply_my_move, play_until_turn

    moves = []
    start = BluffState.new(BluffRules(players=3, opener=1))
    s = play_until_turn(start, 0, [None, RandomBot(), RandomBot()], make_rng(1),
                        lambda before, p, a, after: moves.append((p, str(a))))
    assert s.is_terminal() or s.current_player() == 0
    assert [p for p, _ in moves[:3]] == [-1, -1, -1] and moves[3][0] == 1  # rolls, then P1
    with pytest.raises(IllegalAction, match="not your turn"):
        apply_my_move(s, 1, Challenge())
    with pytest.raises(InvalidQuestion, match="did not reach your turn"):
        play_until_turn(start, 0, [None, RandomBot(), RandomBot()], make_rng(1), max_steps=2)
