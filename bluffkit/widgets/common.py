"""Building blocks shared by every game's widgets (STYLE.md example 11: thin views).

``bluffkit.widgets`` is the only package that imports ipywidgets and plotly. A game's widgets
are views over its ``odds``/``advice`` functions; they compute nothing themselves.

The pattern (copy it for a new game; ``bluffkit/widgets/bluff/explorer.py`` is the worked example):

1. **A pure figure builder** ``figure_for_xxx(...) -> go.Figure`` takes plain values (a
   ``Distribution``, a bid ...) and returns a new figure. It is tested without a kernel.
2. **A widget class** subclasses ``ipywidgets.VBox``. Its constructor builds the controls
   (:mod:`bluffkit.widgets.controls`: ``text_box``, ``control``), an :class:`ErrorArea`, and
   ONE ``LiveFigure(figure_for_xxx(...))`` (a ``go.FigureWidget`` drawn however busy the
   browser is, :mod:`bluffkit.widgets.figure`); it observes the controls with
   ``on_change(self.errors.guard(self._update), *controls)``.
3. **Every callback goes through** :meth:`ErrorArea.guard`: bad input (a ``BluffkitError``:
   ``ParseError``, ``InvalidQuestion``, ``IllegalAction`` ...) shows the error's message in the
   widget, the figure and text keep their last good values, and the next good input clears the
   message. A traceback never reaches the student.
4. **The update** calls the ``odds``/``advice`` function, then
   :func:`~bluffkit.widgets.figure.update_figure_in_place` sends the ``FigureWidget`` only what
   changed from the new pure figure (one message; plotly paths such as ``shapes[0].x0``, so the
   browser restyles instead of redrawing), and sets the text widgets. Pass the figure builder
   ``template=None`` for updates: the widget keeps the template it was built with (validating
   one costs ~10 ms). Exact numbers are shown as math with :mod:`bluffkit.widgets.numbers`
   (``probability_tex``, ``math_html``) in an ``ipywidgets.HTMLMath``
   (``$\\frac{7}{27} \\approx 0.259$``).
5. **Games** use :class:`NewGameBar` (a seed box showing the game on the table, "New game"
   and "Replay": the same seed replays the same deal), :class:`HistoryLog`
   for what happened, :class:`ExplainPanel`, an "Explain" toggle that renders an
   ``Advice`` (options with their numbers, the recommendation, the reasons in plain words), and
   :func:`apply_my_move` / :func:`play_until_turn` to play the human's move and then let chance
   and the bots move up to the human's next turn.
6. **Stable CSS classes** ``bk-<widget>`` on the container and ``bk-<role>`` on controls
   (``widget.add_class``), so the browser test and notebook styling can find them.
7. **Widgets are returned, not displayed**: a notebook cell ends with the widget.
8. **Words through the catalogue** (:mod:`bluffkit.i18n`): a label set with
   :func:`label` (``label(button, description=_l("Play"))``) is translated again by
   :func:`relabel` when the language changes; texts drawn by a render method use ``_()`` and
   are redrawn. Game tables get an English/Français switch for free
   (:class:`~bluffkit.widgets.game_table.GameTable`).

>>> area = ErrorArea()
>>> @area.guard
... def update(text):
...     raise InvalidQuestion(f"{text} is not a die")
>>> update("7")
>>> area.message
'7 is not a die'
"""

from __future__ import annotations

import functools
import html
import logging
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..core import BluffkitError, IllegalAction, InvalidQuestion, sample
from ..core.i18n import LANGUAGES, _, _l, get_language, num, set_language
from .numbers import Detail, html_table, math_html

log = logging.getLogger(__name__)

COLORS = {
    "stands": "#2a9d8f",   # outcomes where a bid stands / the good region
    "falls": "#c9ced6",    # the other outcomes
    "exact": "#e9c46a",    # the exact-count outcome (everyone else loses a die)
    "accent": "#e76f51",   # lines and markers
    "neutral": "#8d99ae",  # bars that keep one colour (the highlight is a band over them)
}


# -- the error area --------------------------------------------------------------------------------
class ErrorArea(widgets.HTML):
    """Where bad input is explained; hidden while there is nothing to say."""

    def __init__(self, **kwargs):
        super().__init__(value="", **kwargs)
        self.add_class("bk-error")
        self.message = ""
        self.layout.display = "none"

    def show(self, message: str) -> None:
        self.message = str(message)
        self.value = (f'<div style="color:#9b2226;background:#fdecea;border-left:4px solid '
                      f'#9b2226;padding:4px 8px">{html.escape(self.message)}</div>')
        self.layout.display = None

    def clear(self) -> None:
        self.message = ""
        self.value = ""
        self.layout.display = "none"

    def guard(self, fn: Callable) -> Callable:
        """Wrap a callback: its errors become a message here, success clears the message.

        A ``BluffkitError`` shows its own message (it names the rule or parameter). Anything
        else is a bug in bluffkit: it is logged with its traceback and the widget says so in
        one line, so it keeps working.
        """

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                result = fn(*args, **kwargs)
            except BluffkitError as e:
                self.show(str(e))
                return None
            except Exception as e:  # a bug: keep the widget alive, say so, log the traceback
                log.exception("widget callback failed")
                self.show(_("Something went wrong inside bluffkit ({error}). The widget still "
                            "works; please report this.", error=f"{type(e).__name__}: {e}"))
                return None
            self.clear()
            return result

        return wrapper


# -- history, explain, new game --------------------------------------------------------------------
class HistoryLog(widgets.HTMLMath):
    """A running log of what happened, newest last; lines may hold fractions (shown as math).

    The lines sit in a scroll box anchored at its bottom (``flex-direction: column-reverse``):
    the browser shows the newest line, and the game's end, without scrolling; scroll up for
    the start.
    """

    BOX_STYLE = ("max-height:16em;overflow-y:auto;display:flex;flex-direction:column-reverse")

    def __init__(self, max_lines: int = 200, **kwargs):
        super().__init__(value="", **kwargs)
        self.add_class("bk-history")
        self.lines: list[str] = []
        self.max_lines = max_lines

    def add(self, text: str, strong: bool = False) -> None:
        line = math_html(text)
        self.lines.append(f"<b>{line}</b>" if strong else line)
        del self.lines[:-self.max_lines]
        self._render()

    def clear(self) -> None:
        self.lines = []
        self._render()

    def _render(self) -> None:
        items = "".join(f"<li>{line}</li>" for line in self.lines)
        self.value = (f'<div class="bk-history-box" style="{self.BOX_STYLE}"><ol style="margin:0;'
                      f'padding-left:1.8em">{items}</ol></div>' if items else "")


HEADERS = {"action": _l("choice"), "p_stands": _l("P(bid stands)"),
           "p_exact": _l("P(exact count)"), "my_loss": _l("my expected loss"),
           "others_loss": _l("others' expected loss"), "note": _l("why listed"),
           "p_read": _l("P(bid stands), bids read"),
           "loss_read": _l("my expected loss, bids read"),
           "ahead": _l("dice I lose, looking ahead"), "expected_value": _l("expected value"),
           "P_worth_5_or_less": _l("P(worth 5 or less)"),
           "expected_score_if_not_winning": _l("expected score if not winning"),
           "cards": _l("cards"), "P_win_estimated": _l("P(win), estimated"),
           "round_score_estimated": _l("round score, estimated"), "value": _l("value"),
           "p_win": _l("P(win)"), "frequency": _l("equilibrium frequency"),
           "average_gain": _l("average gain"), "assuming": _l("assuming")}
"""Column titles of the advice table for the usual ``Option.to_json()`` keys."""
HEADER_TIPS = {
    "p_stands": _l("the chance that the bid in question stands (the current bid if you "
                   "challenge, your bid if you raise), every die you cannot see random"),
    "p_exact": _l("the chance that the count is exactly that bid: then everybody but the "
                  "bidder loses a die"),
    "my_loss": _l("the dice you lose on average if you challenge now, or if the next player "
                  "challenges your bid, every die you cannot see random"),
    "others_loss": _l("the dice the other players lose on average in the same challenge"),
    "p_read": _l("the same chance after reading the round's bids (Bayes' rule under the model "
                 "said below)"),
    "loss_read": _l("the dice you lose on average in the same challenge, after reading the "
                    "round's bids"),
    "ahead": _l("the dice you lose on average when the round is played on from this choice "
                "(the look ahead said below); point at a number for the others' loss"),
    "cards": _l("the cards in your hand after this choice"),
}
"""What a column means, shown when the reader points at its title."""
HIDDEN = {"kind"}
"""Keys not shown: ``kind`` (raise, challenge, show) is what the choice already says."""


def advice_html(advice) -> str:
    """An ``Advice`` as HTML: the options table, the recommendation, the reasons.

    Reads ``advice.to_json()`` (``options`` as a list of dicts, ``recommended``,
    ``explanation``; ``highlight``, the index of the recommended option's row where the
    recommendation is not a row's label) so every game's advice renders the same way; exact
    numbers in the options must be ``Fraction`` (or ``"n/d"`` strings), and are shown as math
    (a long one as a rounded value, the fraction in its tooltip). An advice with a
    ``say_action(text)`` method has its actions (the ``action`` column and the recommendation)
    written by it in the current language (the JSON keeps the actions' own text). Columns are
    titled in words (:data:`HEADERS`, explained by :data:`HEADER_TIPS`); a nested value (Bluff's
    look ahead) shows its main number, the rest in its tooltip.
    """
    data = advice.to_json() if hasattr(advice, "to_json") else dict(advice)
    say = getattr(advice, "say_action", None) or str
    options = data.get("options") or []
    recommended = data.get("recommended")
    parts = []
    if options:
        keys = [k for k in options[0] if k not in HIDDEN]
        for opt in options[1:]:
            keys += [k for k in opt if k not in keys and k not in HIDDEN]
        rows = [[_shown(k, opt.get(k), say) for k in keys] for opt in options]
        best = data.get("highlight", next((i for i, opt in enumerate(options)
                                           if recommended is not None
                                           and recommended in opt.values()), None))
        parts.append(html_table([(str(HEADERS.get(k, k.replace("_", " "))), HEADER_TIPS.get(k))
                                 for k in keys], rows, "bk-advice-options", highlight=best))
    if recommended is not None:
        title = html.escape(_("Recommended:"))
        parts.append(f"<p><b>{title}</b> {math_html(say(str(recommended)))}</p>")
    explanation = data.get("explanation") or ""
    if isinstance(explanation, (list, tuple)):
        explanation = "\n".join(map(str, explanation))
    paragraphs = [p for p in str(explanation).split("\n") if p.strip()]
    parts += [f"<p>{math_html(sentence_case(p))}</p>" for p in paragraphs]
    return "".join(parts)


def _shown(key: str, value: Any, say: Callable[[str], str]) -> Any:
    """An options table's cell: an action in words, a nested value as its main number with
    the rest in the tooltip, anything else as :func:`value_tex` shows it."""
    if key == "action" and value is not None:
        return say(str(value))
    if isinstance(value, dict) and key == "ahead":
        return Detail(_cell(value["my_loss"]), _(
            "the others lose {others}; the next player challenged in {share} of the {n} "
            "playouts", others=value["others_loss"], n=value["samples"],
            share=num(float(_cell(value["challenged_next"])), ".0%")))
    if isinstance(value, dict):
        return "; ".join(f"{HEADERS.get(k, k.replace('_', ' '))}: {_cell(v)}"
                         for k, v in value.items())
    return _cell(value)


_SENTENCE_START = re.compile(r"(^|(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)[.!?] )([a-z])")


def sentence_case(text: str) -> str:
    """A capital letter at the start and after each full stop (``e.g.`` and ``vs.`` aside).

    >>> sentence_case("your card is 4. take 2: 2 points, e.g. a 3. ok!")
    'Your card is 4. Take 2: 2 points, e.g. a 3. Ok!'
    """
    return _SENTENCE_START.sub(lambda m: m[1] + m[2].upper(), text)


def _cell(value):
    if isinstance(value, str) and re.fullmatch(r"-?\d+(/\d+)?", value):
        return Fraction(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return value


NOTHING_TO_EXPLAIN = _l("Nothing to explain right now.")


class ExplainPanel(widgets.VBox):
    """An "Explain" toggle; when on, shows the advice that ``source()`` returns.

    Args:
        source: called with no argument; returns an ``Advice`` (anything :func:`advice_html`
            reads) or ``None`` when there is nothing to explain right now.
        errors: the widget's :class:`ErrorArea` (advice errors are shown there).
        idle_text: what to show when ``source()`` returns ``None``.
    """

    def __init__(self, source: Callable[[], Any], errors: ErrorArea,
                 idle_text: Any = NOTHING_TO_EXPLAIN, **kwargs):
        self.toggle = label(widgets.ToggleButton(value=False, icon="question-circle"),
                            description=_l("Explain"),
                            tooltip=_l("Show the advice for your position"))
        self.toggle.add_class("bk-explain")
        self.body = widgets.HTMLMath(value="")
        self.body.add_class("bk-explain-body")
        self.body.layout.display = "none"
        super().__init__([self.toggle, self.body], **kwargs)
        self.source = source
        self.errors = errors
        self.idle_text = idle_text
        self.toggle.observe(lambda _change: self.refresh(), names="value")

    def refresh(self) -> None:
        """Re-read the advice if the panel is open (call after every change of position)."""
        if not self.toggle.value:
            self.body.layout.display = "none"
            return
        self.body.layout.display = None
        self.errors.guard(self._render)()

    def _render(self) -> None:
        advice = self.source()
        self.body.value = (f"<i>{html.escape(str(self.idle_text))}</i>" if advice is None
                           else advice_html(advice))


class NewGameBar(widgets.HBox):
    """A seed box, a "New game" button and a "Replay" button.

    The box shows the seed of the game on the table. "New game" deals the seed typed in the box,
    or the next seed when the box still shows the game on the table; "Replay" deals the seed in
    the box again (the same seed deals the same game). ``on_new_game(seed)`` deals; when it
    raises, the box and the game on the table stay as they were.
    """

    def __init__(self, on_new_game: Callable[[int], None], errors: ErrorArea, seed: int = 0,
                 extra: Iterable[widgets.Widget] = (), **kwargs):
        self.seed = label(widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                                 style={"description_width": "initial"},
                                                 layout=widgets.Layout(width="12em")),
                          description=_l("Seed"),
                          tooltip=_l("the seed of the game on the table"))
        self.seed.add_class("bk-seed")
        self.button = label(widgets.Button(icon="refresh", button_style="primary"),
                            description=_l("New game"),
                            tooltip=_l("deal the next seed, or the seed you typed"))
        self.button.add_class("bk-new-game")
        self.replay = label(widgets.Button(icon="undo"), description=_l("Replay"),
                            tooltip=_l("deal the seed in the box again"))
        self.replay.add_class("bk-replay")
        fit_buttons(self.button, self.replay)
        super().__init__([*extra, self.seed, self.button, self.replay], **kwargs)
        self.layout.flex_flow = "row wrap"  # a narrow page wraps the bar, never cuts a button
        self._on_new_game = on_new_game
        self.playing: int | None = None
        """The seed of the game on the table (``None`` before the first deal)."""
        self.button.on_click(errors.guard(self._clicked))
        self.replay.on_click(errors.guard(lambda _b: self.deal(int(self.seed.value))))

    def _clicked(self, _button=None) -> None:
        seed = int(self.seed.value)
        self.deal(seed + 1 if seed == self.playing else seed)

    def deal(self, seed: int) -> None:
        """Deal the game of ``seed`` and show its seed in the box."""
        self._on_new_game(seed)
        self.dealt(seed)

    def dealt(self, seed: int) -> None:
        """Record that the game of ``seed`` is on the table (the box shows it)."""
        self.playing = seed
        self.seed.value = seed


def fit_buttons(*buttons: widgets.Widget) -> None:
    """Make each button as wide as its words, and never squeezed by its row: ipywidgets'
    fixed button width cut « Nouvelle partie » and « Exporter en JSON » (issue 26)."""
    for b in buttons:
        b.layout.width, b.layout.flex = "auto", "0 0 auto"


# -- words in the chosen language ------------------------------------------------------------------
def html_area(css: str, math: bool = True) -> widgets.HTML:
    """An output area (``HTMLMath``, or ``HTML`` when ``math`` is false) that the page's style
    and the tests find by its class ``css``."""
    area = widgets.HTMLMath() if math else widgets.HTML()
    area.add_class(css)
    return area


def label(widget: widgets.Widget, **texts: Any) -> widgets.Widget:
    """Set text traits (``description``, ``tooltip``, ``placeholder`` ...) from lazy texts
    (``_l``) and remember them, so :func:`relabel` translates them again; returns ``widget``."""
    known = getattr(widget, "_bk_texts", None)
    if known is None:
        known = {}
        widget._bk_texts = known
    known.update(texts)
    _show_texts(widget, texts)
    return widget


def _show_texts(widget: widgets.Widget, texts: dict) -> None:
    for name, text in texts.items():
        if name == "options":  # (label, value) pairs: new labels, the same value chosen
            value = widget.value
            widget.options = [(str(shown), v) for shown, v in text]
            widget.value = value
        else:
            setattr(widget, name, str(text))


def relabel(widget: widgets.Widget) -> None:
    """Translate again every text set with :func:`label` in ``widget`` and its children
    (and the options of a dropdown whose labels were given with ``_l``:
    ``label(dropdown, options=[(_l("random"), "random"), ...])``)."""
    _show_texts(widget, getattr(widget, "_bk_texts", {}))
    for child in getattr(widget, "children", ()):
        relabel(child)


class LanguageSwitch(widgets.ToggleButtons):
    """English | Français: ``set_language`` for the whole kernel, then ``on_change()`` (the
    widget redraws itself; other widgets follow when next drawn). Class ``bk-language``."""

    def __init__(self, on_change: Callable[[], None], errors: ErrorArea):
        super().__init__(options=[(name.capitalize(), code) for code, name in LANGUAGES.items()],
                         value=get_language(), style={"button_width": "6.5em"})
        self.add_class("bk-language")
        label(self, tooltip=_l("the language of the texts (for the whole notebook)"))
        self._on_change = on_change
        self.observe(errors.guard(self._changed), names="value")

    def _changed(self, change) -> None:
        set_language(change["new"])
        self._on_change()


# -- playing against bots --------------------------------------------------------------------------
def check_my_turn(state, me: int) -> None:
    """``IllegalAction`` when the game is over or it is not seat ``me``'s turn."""
    if state.is_terminal():
        raise IllegalAction(_("the game is over: press New game to play again"))
    if state.current_player() != me:
        raise IllegalAction(_("it is not your turn"))


def apply_my_move(state, me: int, action):
    """``state.apply(action)`` for the human at seat ``me``; ``IllegalAction`` (the state is
    unchanged) when the game is over, it is not their turn, or the rules forbid the move."""
    check_my_turn(state, me)
    return state.apply(action)


def play_until_turn(state, me: int, bots, rng, on_move: Callable | None = None,
                    max_steps: int = 100_000, chance: Callable | None = None):
    """Let chance (exact sampling) and the bots move until seat ``me`` must decide or the game
    ends; returns that state. ``bots[p]`` plays seat ``p`` from its observation only.

    Args:
        on_move: called as ``on_move(before, player, action, after)`` after each move
            (``player`` is -1 for chance), e.g. to write the history.
        chance: ``chance(state, rng)`` gives chance's move (default: exact sampling of
            ``state.chance_outcomes()``).

    Raises:
        InvalidQuestion: if the game does not reach your turn or its end in ``max_steps``.
    """
    for _step in range(max_steps):
        if state.is_terminal() or state.current_player() == me:
            return state
        if state.is_chance_node():
            player = -1
            action = (sample(state.chance_outcomes(), rng) if chance is None
                      else chance(state, rng))
        else:
            player = state.current_player()
            action = bots[player].choose(state.observation(player), state.legal_actions(), rng)
        before, state = state, state.apply(action)
        if on_move is not None:
            on_move(before, player, action, state)
    raise InvalidQuestion(_("the bots did not reach your turn within {n} moves", n=max_steps))


def require(condition: bool, message: str) -> None:
    """Raise ``InvalidQuestion(message)`` unless ``condition`` (input checks in widgets)."""
    if not condition:
        raise InvalidQuestion(message)


__all__ = ["COLORS", "ErrorArea", "ExplainPanel", "HistoryLog", "LanguageSwitch", "NewGameBar",
           "advice_html", "apply_my_move", "check_my_turn", "fit_buttons", "html_area",
           "label", "play_until_turn", "relabel", "require"]
