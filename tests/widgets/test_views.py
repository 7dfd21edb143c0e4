"""What a student reads on every table and explorer: labels that fit, no Python ``None``, the
table's own seat names, singular and plural, capitals after a full stop, a history that shows
the latest move. Each table is played with Explain open and every text is scanned."""

from __future__ import annotations

import html
import random
import re

import ipywidgets as widgets
import pytest

from bluffkit.widgets.bluff import CountExplorer
from bluffkit.widgets.bluff.table import BluffTable
from bluffkit.widgets.bluff_you import SumExplorer
from bluffkit.widgets.bluff_you.table import BluffYouTable
from bluffkit.widgets.bungee.explorer import DrawExplorer
from bluffkit.widgets.bungee.table import BungeeTable
from bluffkit.widgets.jungle_bluff import ChallengeExplorer
from bluffkit.widgets.jungle_bluff.table import JungleTable
from bluffkit.widgets.poker_dice import HandOddsExplorer
from bluffkit.widgets.poker_dice.table import PokerDiceTable

TABLES = {
    "bluff": lambda seed: BluffTable(opponents=2, seed=seed, dice_per_player=2),
    "bluff expansion": lambda seed: BluffTable(opponents=2, seed=seed, dice_per_player=2,
                                               show_and_reroll=True),
    "bluff you": lambda seed: BluffYouTable(players=3, seed=seed, tokens=(3, 8, 11, 12, 17)),
    "poker dice": lambda seed: PokerDiceTable(opponents=2, seed=seed, points=4),
    "jungle bluff": lambda seed: JungleTable(opponents=2, seed=seed, top_card=4),
    "bungee": lambda seed: BungeeTable(opponents=2, seed=seed, rounds=1),
}
EXPLORERS = [CountExplorer, SumExplorer, HandOddsExplorer, ChallengeExplorer, DrawExplorer]

WRONG = {
    "Python's None": r"\bNone\b",
    "a singular count with a plural noun": r"(?<![\d/.,])\b1 (matching |unknown )?dice\b",
    "lowercase after a full stop": r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)[\w)]\. [a-z]",
    "an engine seat name (the board says Bot 1)": r"\bP\d\b|\bchallenge \d+\b(?!x)|\b[Pp]layer \d",
    "'you ... was'": r"(?<![Bb]luff )\b[Yy]ou (said \S+( you!?)? )?and was\b|\b[Yy]ou was\b",
    "reStructuredText markup": r"``",
    "'Only You' in mid-sentence": r"\bOnly You\b",
}

ELSEWHERE: list[str] = []
"""Texts written by other modules that the widgets show as they are (none left)."""


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def shown_text(widget) -> list[str]:
    """Every text the browser shows: HTML values (tags dropped), labels, option labels."""
    out = []
    for w in walk(widget):
        if not isinstance(w.layout, widgets.Layout) or w.layout.display == "none":
            continue  # a plotly figure (its texts are the figure's), or hidden
        if isinstance(w, widgets.HTML | widgets.HTMLMath | widgets.Label):
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", w.value)))
        for attr in ("description", "tooltip", "placeholder"):
            text = getattr(w, attr, None)
            if isinstance(text, str):
                out.append(text)
        if isinstance(w, widgets.Dropdown | widgets.SelectMultiple | widgets.ToggleButtons):
            out += [str(label) for label in w._options_labels]
    return out


def wrong_words(widget) -> set[tuple[str, str]]:
    found = set()
    for text in shown_text(widget):
        text = re.sub(r"\$[^$]*\$", "x", text)  # math
        for known in ELSEWHERE:
            text = re.sub(known, "", text)
        for what, pattern in WRONG.items():
            for m in re.finditer(pattern, text):
                found.add((what, text[max(0, m.start() - 50):m.end() + 30]))
    return found


def play_randomly(table, rng: random.Random, moves: int):
    """Random legal moves with Explain open; yields the table before each move and at the end."""
    table.explain.toggle.value = True
    for _ in range(moves):
        yield table
        if table.state.is_terminal():
            return
        table.play(rng.choice(table.state.legal_actions()))
        assert table.errors.message == ""
    yield table


@pytest.mark.parametrize("name", TABLES)
def test_tables_say_nothing_a_student_should_not_read(name):
    found = set()
    for seed in (0, 1):
        for t in play_randomly(TABLES[name](seed), random.Random(seed), 60):
            found |= wrong_words(t)
    assert not found, sorted(found)


@pytest.mark.parametrize("explorer", EXPLORERS, ids=lambda e: e.__name__)
def test_explorers_say_nothing_a_student_should_not_read(explorer):
    """Each explorer in its first position and in a few others (one bad input among them)."""
    w = explorer()
    found = wrong_words(w)
    settings = {
        CountExplorer: [("mine", "3"), ("count", 1), ("dice_in_play", 2), ("mine", "")],
        SumExplorer: [("centre", "3,18"), ("announced", 18), ("centre", "x")],
        HandOddsExplorer: [("common", "A,K,10"), ("opponents", 1), ("common", "A")],
        ChallengeExplorer: [("theirs", "5"), ("role", False), ("mine", "x")],
        DrawExplorer: [("hand", "1,2"), ("lucky", "B"), ("hand", "x")],
    }[explorer]
    for control, value in settings:
        getattr(w, control).value = value
        found |= wrong_words(w)
    assert not found, sorted(found)


def test_a_table_cell_that_does_not_apply_is_a_dash():
    from bluffkit.widgets.common import advice_html

    text = advice_html({"options": [{"action": "take 2", "p_win": None}], "explanation": ""})
    assert "None" not in text and "<td" in text and "–" in text


# -- labels and boxes that fit -----------------------------------------------------------------
CHAR_EM = 0.6
"""A generous width of one character of a label, in em (13 px sans serif)."""
DEFAULT_LABEL_EM = 80 / 13
"""ipywidgets' default label width: 80 px."""
MIN_BOX_EM = {widgets.BoundedIntText: 4, widgets.Text: 8, widgets.Dropdown: 6,
              widgets.IntSlider: 8, widgets.SelectionSlider: 8}
"""The least room the control itself needs beside its label, in em."""


def label_em(w) -> float:
    width = w.style.description_width
    if width == "initial":
        return CHAR_EM * len(w.description) + 0.5
    if not width:
        return DEFAULT_LABEL_EM
    assert width.endswith("em"), f"{w.description}: label width {width} not in em"
    return float(width[:-2])


WIDGETS = {**{e.__name__: e for e in EXPLORERS}, **{n: lambda m=m: m(0) for n, m in TABLES.items()}}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", WIDGETS)
def test_labels_and_boxes_fit(name, lang):
    """No label cut short ("Common dice (0 …", "They may…", « Porte-bonheur »), no box too
    narrow to read (the Bots box was 27 px wide), in either language (the browser measures
    the same in tests/browser/test_fit.py)."""
    from bluffkit.i18n import language

    with language(lang):
        widget = WIDGETS[name]()
    for w in walk(widget):
        if not getattr(w, "description", "") or isinstance(
                w, widgets.Button | widgets.ToggleButton | widgets.Checkbox):
            continue
        room = label_em(w)
        assert CHAR_EM * len(w.description) <= room, f"{name}: {w.description!r} is cut short"
        minimum = MIN_BOX_EM.get(type(w))
        if minimum and w.layout.width:
            assert w.layout.width.endswith("em"), (name, w.description, w.layout.width)
            box = float(w.layout.width[:-2]) - room
            assert box >= minimum, f"{name}: the {w.description!r} box is {box:.1f} em wide"


# -- the history follows the play -----------------------------------------------------------------
@pytest.mark.parametrize("name", TABLES)
def test_the_history_shows_the_latest_move(name):
    """The history box is a scroll box anchored at its bottom: the newest line (the end of the
    game) is what the browser shows without scrolling."""
    t = TABLES[name](2)
    for _ in play_randomly(t, random.Random(2), 400):
        pass
    assert t.state.is_terminal()
    value = t.history.value
    assert t.history.lines[-1] in value and "Game over" in t.history.lines[-1]
    box = re.match(r'<div class="bk-history-box" style="([^"]*)">', value)
    assert box, value[:200]
    style = dict(p.split(":", 1) for p in box[1].split(";") if p)
    assert style["overflow-y"] == "auto" and style["flex-direction"] == "column-reverse"
    assert value.rstrip().endswith(f"<li>{t.history.lines[-1]}</li></ol></div>")
    assert t.history.layout.max_height is None  # only the inner box scrolls


@pytest.mark.parametrize("name", [n for n in TABLES if n != "bungee"])  # Bungee's: its own
def test_table_columns_stay_apart(name):
    """Every HTML table a game table draws keeps its columns apart (spacing or cell padding):
    "points" and "in the middle" never read "pointsin the middle"."""
    tables = []
    for t in play_randomly(TABLES[name](3), random.Random(3), 400):
        for w in walk(t):
            if isinstance(w, widgets.HTML | widgets.HTMLMath):
                tables += w.value.split("<table")[1:]
    assert tables
    for table in tables:
        tag = table.split(">", 1)[0]
        spacing = re.search(r"border-spacing:\s*(\d+)px", tag)
        cells = re.findall(r"<t[dh]( [^>]*)?>", table)
        padded = all(c and "padding" in c for c in cells)
        assert (spacing and int(spacing[1]) >= 6) or padded, tag


# -- Explain: words and short numbers ----------------------------------------------------------
EXPLAINED = {
    "bluff, 6 players": lambda: BluffTable(opponents=5, seed=1),
    "bluff, 2 players": lambda: BluffTable(opponents=1, seed=2, dice_per_player=2),
    "poker dice, 3 opponents": lambda: PokerDiceTable(opponents=3, seed=1, points=6),
    "bluff you, 4 players": lambda: BluffYouTable(players=4, seed=1),
    "jungle bluff": lambda: JungleTable(opponents=3, seed=1, special_cards=("nervous",)),
}
NUMBER = re.compile(r"\\frac\{-?(\d+)\}\{(\d+)\}|(?<![\w./])-?(\d+)/(\d+)(?![\w/])")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", EXPLAINED)
def test_explain_shows_words_and_short_numbers(name, lang):
    """Issue 26: Explain showed a raw Python dict (Bluff's "ahead" column), headers that were
    the advice's JSON keys ("p read", "loss read", "ahead", "kind") and 26-digit fractions.
    Every column has a title in words, a nested value shows one number, and no fraction of
    more than LONG_DIGITS digits is shown (it is in the tooltip, with its rounded value)."""
    from bluffkit.i18n import language
    from bluffkit.widgets.common import HEADERS, HIDDEN
    from bluffkit.widgets.numbers import LONG_DIGITS

    with language(lang):
        t = EXPLAINED[name]()
        for table in play_randomly(t, random.Random(3), 10):
            advice = table._advice()
            shown = re.sub(r'title="[^"]*"', "", table.explain.body.value)
            assert not re.search(r"\{'|'\}|': ", shown), shown  # no repr of a dict or list
            for m in NUMBER.finditer(shown):
                digits = max(len(x) for x in m.groups() if x)
                assert digits <= LONG_DIGITS, (name, m[0])
            if hasattr(advice, "to_json"):  # the advice's own keys: each has its title
                keys = {k for o in advice.to_json().get("options") or [] for k in o}
                assert keys <= set(HEADERS) | HIDDEN, keys - set(HEADERS) - HIDDEN
                heads = re.findall(r"<th[^>]*>([^<]*)</th>", table.explain.body.value)
                assert not {h for h in heads if "_" in h or h in {"kind", "ahead"}}, heads
