"""The review of a finished game at its table: the Review button, the plot of cost per decision
and, for the decision clicked (or chosen in the list), that moment's position and Explain.

A thin view over :mod:`bluffkit.review`: :func:`figure_for_review` is a pure figure, one bar per
decision of the seat (its cost in the game's unit, coloured by grade); :class:`ReviewPanel`
shows it with the summary (accuracy, grades, the luck line) and the detail of one decision.
:class:`SeatRecord` is mixed into a classroom table: the server sends a seat its own views only,
so the table keeps what it saw at each of its turns and the move it sent; its review judges
those decisions exactly as a review of the whole game does, and the luck of each round once the
teacher reveals the game (the hidden dice and cards are then known).

>>> from bluffkit.core import play_game, RandomBot
>>> from bluffkit.games.bluff import BluffRules, BluffState
>>> from bluffkit.review import review
>>> final, _moves = play_game(BluffState.new(BluffRules(players=2, dice_per_player=2)),
...                           [RandomBot(), RandomBot()], seed=4)
>>> panel = ReviewPanel(review(final, 0))
>>> panel.figure.data[0].y[:2], panel.choice.value
((0.0, 0.65625), 1)
>>> "Explain" in panel.detail.value
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core import BluffkitError
from ..core.i18n import _, _l, num
from ..games import find_game
from ..review import NOT_JUDGED, Review, luck_line, review, summary
from ..review.position import position_text
from ..review.review import read_action, review_seat, reviewer
from ..review.sources import replay_log
from ..review.text import decision_line, grade_count, grade_word
from .common import html_area, label
from .figure import LiveFigure, localised
from .numbers import html_table

GRADE_COLOURS = {"best": "#2e7d32", "good": "#8bc34a", "inaccuracy": "#fbc02d",
                 "mistake": "#f57c00", "blunder": "#c62828", NOT_JUDGED: "#9e9e9e"}
"""A bar's colour by the decision's grade."""


def unit_words(r: Review) -> str:
    return _("dice") if r.unit == "dice" else _("points")


@localised
def figure_for_review(r: Review, template: str = "plotly_white") -> go.Figure:
    """One bar per decision of the seat: its cost in the game's unit, coloured by grade, with a
    dot on top (a decision that cost nothing, or was not judged, is a dot on the axis, grey when
    not judged); hovering names the choice and the advice's. Both traces carry each decision's
    index (``customdata``): a click on either shows it."""
    n = len(r.decisions)
    xs = list(range(1, n + 1))
    costs = [float(d.cost) if d.cost is not None else 0.0 for d in r.decisions]
    colours = [GRADE_COLOURS[d.grade] for d in r.decisions]
    hover = [html.escape(decision_line(r, d)) for d in r.decisions]
    fig = go.Figure([
        go.Bar(x=xs, y=costs, customdata=list(range(n)), marker={"color": colours},
               hovertext=hover, hoverinfo="text", name=_("cost"), width=0.5),
        go.Scatter(x=xs, y=costs, customdata=list(range(n)), mode="markers",
                   marker={"color": colours, "size": 13, "line": {"color": "#333", "width": 1}},
                   hovertext=hover, hoverinfo="text", name=_("decision"))])
    fig.update_layout(
        template=template, height=260, margin={"l": 50, "r": 10, "t": 40, "b": 40},
        title={"text": _("Cost of each decision (click a bar to see it)"), "font": {"size": 14}},
        xaxis={"title": {"text": _("decision")}, "dtick": 1 if n <= 20 else None},
        yaxis={"title": {"text": _("cost ({unit})", unit=unit_words(r))}, "rangemode": "tozero"},
        clickmode="event", showlegend=False, hovermode="closest")
    return fig


def summary_html(r: Review, luck_hidden: bool = False) -> str:
    """The review's head: accuracy, how many of each grade, the luck line (or why the luck is
    not known yet)."""
    lines = []
    if r.accuracy is not None:
        lines.append(_("Accuracy: {accuracy} of the judged decisions were best or good.",
                       accuracy=num(float(r.accuracy), ".0%")))
    counts = r.grades()
    lines.append(", ".join(grade_count(g, counts[g]) for g in counts if counts[g])
                 or _("No decision to review: you had no choice to make."))
    if luck_hidden:
        lines.append(_("The luck of each round is shown once your teacher reveals the game "
                       "(it needs the other players' hidden dice or cards)."))
    else:
        lines.append(luck_line(r))
    return "<div>" + "<br>".join(html.escape(t) for t in lines) + "</div>"


def detail_html(r: Review, k: int) -> str:
    """Decision ``k`` (counted from 0): the position, the choice and its cost, every option
    with its value, and Explain's words at that moment."""
    d = r.decisions[k]
    say = reviewer(r.game).say
    rows = []
    highlight = None
    for i, o in enumerate(d.options):
        value = "" if o.value is None else num(float(o.value), ".2f")
        freq = "" if o.frequency is None else num(float(o.frequency), ".0%")
        marks = [w for w, yes in ((_("your choice"), o.action == d.chosen),
                                  (_("the advice"), o.action == d.best)) if yes]
        rows.append([_say(r, d, say, o.action), value, freq, ", ".join(marks)])
        if o.action == d.chosen:
            highlight = i
    table = html_table([_("option"), _("value ({unit})", unit=unit_words(r)),
                        _("equilibrium"), ""], rows, css="bk-review-options",
                       highlight=highlight)
    position = position_text(r.game, d.observation, r.names)
    explain = "<br>".join(html.escape(line) for line in d.explanation.splitlines())
    note = f"<div><i>{html.escape(d.note)}</i></div>" if d.note else ""
    explain_word = html.escape(_("Explain"))
    return (f'<div class="bk-review-position"><b>{html.escape(position)}</b></div>'
            f"<div>{html.escape(decision_line(r, d))}</div>{note}{table}"
            f'<div class="bk-review-explain"><b>{explain_word}</b>: '
            f"{explain}</div>")


def _say(r: Review, d, say, text: str) -> str:
    """An option (known by its text) in the current language."""
    try:
        return say(read_action(r.game, d.observation, text))
    except BluffkitError:
        return text


class ReviewPanel(widgets.VBox):
    """A review shown: ``summary``, the plot (``figure``, class ``bk-review-plot``), the list of
    decisions (``choice``) and the decision's ``detail``. A click on a bar, or a choice in the
    list, shows that decision; the costliest decision is shown first."""

    def __init__(self, r: Review, luck_hidden: bool = False):
        self.review = r
        self.summary = html_area("bk-review-summary", math=False)
        self.summary.value = summary_html(r, luck_hidden)
        self.figure = LiveFigure(figure_for_review(r))
        self.figure.add_class("bk-review-plot")
        options = [(_("Decision {k} (round {round}): {grade}", k=k + 1, round=d.round,
                      grade=grade_word(d.grade)), k) for k, d in enumerate(r.decisions)]
        self.choice = widgets.Dropdown(options=options, description=_("Decision"),
                                       layout=widgets.Layout(width="24em"))
        self.choice.add_class("bk-review-choice")
        self.detail = html_area("bk-review-detail", math=False)
        self.choice.observe(lambda _c: self._draw(), names="value")
        for trace in self.figure.data:
            trace.on_click(self._clicked)
        costly = r.costliest(1)
        if r.decisions:
            self.choice.value = r.decisions.index(costly[0]) if costly else 0
        self._draw()
        super().__init__([self.summary, self.figure, self.choice, self.detail])
        self.add_class("bk-review-panel")

    def _clicked(self, _trace, points, _state) -> None:
        if points.point_inds:
            self.select(points.point_inds[0])

    def select(self, k: int) -> None:
        """Show decision ``k`` (counted from 0), as a click on its bar does."""
        self.choice.value = k

    def _draw(self) -> None:
        k = self.choice.value
        self.detail.value = "" if k is None else detail_html(self.review, k)

    def text(self) -> str:
        """The review in words (:func:`bluffkit.review.summary`)."""
        return summary(self.review)


class ReviewButton(widgets.VBox):
    """The Review button of a table (class ``bk-review``) and, once pressed, the review under
    it (``panel``). ``source()`` returns ``(review, luck_hidden)``; the button shows only when
    ``show(True)`` says the game is over."""

    def __init__(self, source, errors):
        self.source = source
        self.button = label(widgets.Button(icon="search", button_style="info"),
                            description=_l("Review"),
                            tooltip=_l("each of your decisions judged by the advice, and the "
                                       "luck of each round"))
        self.button.add_class("bk-review")
        self.panel: ReviewPanel | None = None
        self.box = widgets.VBox([])
        self.button.on_click(errors.guard(lambda _b: self.press()))
        super().__init__([self.button, self.box])
        self.add_class("bk-review-area")
        self.show(False)

    def show(self, over: bool) -> None:
        """Show the button when the game is over; a new game takes the old review away."""
        self.layout.display = None if over else "none"
        if not over and self.panel is not None:
            self.panel, self.box.children = None, []

    def press(self) -> ReviewPanel:
        """Review the game (what the button does); returns the panel shown."""
        r, hidden = self.source()
        self.panel = ReviewPanel(r, hidden)
        self.box.children = [self.panel]
        return self.panel

    def redraw(self) -> None:
        """Say the review again in the current language (if one is shown)."""
        if self.panel is not None:
            self.press()


class SeatRecord:
    """Mixed into a classroom table: what the seat saw at each of its turns and the move it sent
    (module docstring). The table calls ``_note_view(obs, view)`` for every view, sends its moves
    with ``_send_move``, ``_note_reveal(log)`` when the teacher reveals."""

    def _note_view(self, obs, view: dict) -> None:
        if not hasattr(self, "_decisions"):
            self._decisions, self._revealed = [], None
        mine = len(view["legal"]) > 1 and view["to_move"] == self.seat  # one move: no choice
        self._turn = (view["moves"], obs) if mine else None

    def _send_move(self, text: str) -> None:
        """Send a move to the server and keep it with what the seat saw when it chose it (its
        place in the log from the server's acknowledgement)."""
        turn = getattr(self, "_turn", None)  # read first: the next view may come before the ack
        ack = self.link.move(text)
        if turn is not None:
            move = ack.get("move", turn[0]) if isinstance(ack, dict) else turn[0]
            self._decisions.append((move, turn[1], text))

    def _note_reveal(self, log: Sequence) -> None:
        self._revealed = [(m[0], m[1]) for m in log]

    def _review_names(self) -> list[str]:
        return list(getattr(self, "seat_names", None) or self.names)

    def _review(self) -> tuple[Review, bool]:
        names = self._review_names()
        if getattr(self, "_revealed", None):
            record = replay_log(find_game(self.joined["game"]), self.rules, self._revealed)
            return review(record, self.seat, names=names), False
        return review_seat(self.joined["game"], self.seat, self.rules.players,
                           getattr(self, "_decisions", []), names=names), True


__all__ = ["GRADE_COLOURS", "ReviewButton", "ReviewPanel", "SeatRecord", "detail_html",
           "figure_for_review", "summary_html"]
