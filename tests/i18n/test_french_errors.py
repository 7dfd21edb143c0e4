"""What a student reads when a position or a question is set up wrongly, in French: the
calculators' and advisors' parameter errors name the parameter and say what to give, with no
English word (the parameter names are Python's and stay as written)."""

from __future__ import annotations

import re

import pytest

from bluffkit.advice.bluff import Position
from bluffkit.core import BluffkitError
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
}


@pytest.mark.parametrize("name", MISTAKES)
def test_a_parameter_error_in_french(name):
    with language("fr"), pytest.raises(BluffkitError) as caught:
        MISTAKES[name]()
    text = re.sub(r"\b[a-z_]+(\[\d+\])?(?==| :|\b)", lambda m: m.group(0) if "_" not in
                  m.group(0) else " ", str(caught.value))  # dice_held, show_and_reroll: names
    assert not english_words(text), (name, str(caught.value))
