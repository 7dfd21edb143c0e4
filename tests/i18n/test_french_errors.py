"""What a student reads when a position or a question is set up wrongly, in French: the
calculators' and advisors' parameter errors name the parameter and say what to give, with no
English word (the parameter names are Python's and stay as written)."""

from __future__ import annotations

import re

import pytest

from bluffkit.advice.bluff import Position
from bluffkit.advice.bluff_you.turn import TurnGame
from bluffkit.advice.bungee import observation_for
from bluffkit.core import BluffkitError
from bluffkit.core.dist import Distribution
from bluffkit.exercises.answers import read_distribution
from bluffkit.games.jungle_bluff import JungleRules, parse_card
from bluffkit.i18n import language
from bluffkit.odds.bluff import bid_odds
from bluffkit.odds.bungee import Knowledge
from bluffkit.odds.poker_dice import equity
from tests.test_notebooks import english_words

MISTAKES = {
    "a bid that claims too many dice": lambda: bid_odds("9x3", 6),
    "dice that are not dice": lambda: bid_odds("2x3", 6, mine="3,7"),
    "one player left": lambda: Position("3,3", (2, 0), bid="2x3"),
    "a history that does not climb": lambda: Position("3", (1, 1), me=1, bid="1x2",
                                                      history=["1x4", "1x2"]),
    "too many poker opponents": lambda: equity((9, 13, 13), (14, 13, 10), 7),
    "a Bungee card that does not exist": lambda: Knowledge((1, 12), (), 8),
    "a Jungle Bluff card that does not exist": lambda: parse_card("7x"),
    "too many Jungle Bluff players": lambda: JungleRules(players=9),
    "a probability above 1": lambda: Distribution.binomial(3, 2),
    "probabilities that do not sum to 1": lambda: Distribution.from_probabilities({0: 1, 1: 1}),
    "a distribution answer with a key that is not a count": lambda: read_distribution({"x": 1}),
    "an empty distribution answer": lambda: read_distribution([]),
    "a Bluff You turn with nothing to do": lambda: TurnGame(),
    "a Bluff You token in two places": lambda: TurnGame(centre=(5,), targets=((1, (5,)),),
                                                        give_points=1),
    "hand sizes that leave no draw pile": lambda: observation_for(Knowledge((1, 2), (), 8),
                                                                  5, sizes=(5, 5, 5, 5) * 9),
}


@pytest.mark.parametrize("name", MISTAKES)
def test_a_parameter_error_in_french(name):
    with language("fr"), pytest.raises(BluffkitError) as caught:
        MISTAKES[name]()
    text = re.sub(r"\b[a-z_]+(\[\d+\])?(?==| :|\b)", lambda m: m.group(0) if "_" not in
                  m.group(0) else " ", str(caught.value))  # dice_held, show_and_reroll: names
    assert not english_words(text), (name, str(caught.value))


# -- the explorers: a typed box is named as the page names it -------------------------------------
def explorer_boxes():
    import ipywidgets as widgets

    from bluffkit.widgets.bluff import CountExplorer
    from bluffkit.widgets.bluff_you import SumExplorer
    from bluffkit.widgets.bungee import DrawExplorer
    from bluffkit.widgets.jungle_bluff import ChallengeExplorer
    from bluffkit.widgets.poker_dice import HandOddsExplorer

    for cls in (CountExplorer, SumExplorer, HandOddsExplorer, ChallengeExplorer, DrawExplorer):
        explorer = cls()
        boxes = [w for w in explorer.children if isinstance(w, widgets.Text)]
        for box in explorer.children:
            boxes += [w for w in getattr(box, "children", ()) if isinstance(w, widgets.Text)]
        for box in boxes:
            yield cls.__name__, explorer, box


PYTHON_WORDS = re.compile(r"^(mine|exposed|common|my dice|hand|discard|lucky)\W|\b(none|or)\b")
"""The calculators' parameter names, and English words of their messages (« 0 or 3 »)."""


def test_an_explorer_names_the_box_a_student_typed_in():
    """Issue 26: French explorers said « mine : '9' n'est pas ... », « exposed : ... »,
    « my dice attend 3 dés », « common attend 0 or 3 dés », « reçu 0 (none) ». Each wrong
    entry's message names the box by its label (or says what it is in French words)."""
    seen = 0
    with language("fr"):
        for name, explorer, box in explorer_boxes():
            good = box.value
            for bad in ("zz", "9,9,9,9,9,9,9", ",,,"):
                box.value = bad
                message = explorer.errors.message
                assert not english_words(message), (name, box.description, message)
                assert not PYTHON_WORDS.search(message), (name, message)
                seen += bool(message)
            box.value = good
            assert explorer.errors.message == "", (name, explorer.errors.message)
    assert seen >= 15
