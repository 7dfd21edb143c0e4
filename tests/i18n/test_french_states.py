"""A saved game that cannot be loaded is refused in the reader's language: seeded hostile
mutations of states of every game (those of ``tests/fuzz``) are loaded in French, and every
refusal is a French sentence. The refusal quotes the JSON it read and the field names, which
stay as written; the rest must hold no English word."""

from __future__ import annotations

import re

import numpy as np
import pytest

from bluffkit.core import InvalidState
from bluffkit.games import GAMES
from bluffkit.i18n import language
from tests.fuzz.test_states import mutate, states_of
from tests.test_notebooks import english_words


def _prose(message: str) -> str:
    """``message`` without what it quotes: JSON values, field names and rule options."""
    message = re.sub(r"\[[^\]]*\]|\{[^}]*\}|(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"", " ", message)
    message = re.sub(r"\b\w+(, \w+){2,}|champs \w+(, \w+)*( et \w+)?", " ",
                     message)  # a list of fields or phases
    return re.sub(r"\b\w*_\w*\b|\b\w+(?= doit)", " ", message)  # rules: "rounds doit ..."


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_corrupt_saved_game_is_refused_in_french(name):
    info, rng = GAMES[name], np.random.default_rng(18)
    refusals = set()
    for s in states_of(info, rng, 20):
        data = s.to_json()
        for _ in range(6):
            with language("fr"):
                try:
                    info.state_from_json(mutate(data, rng))
                except InvalidState as e:
                    refusals.add(str(e))
    assert len(refusals) >= 10, refusals
    english = [(m, english_words(_prose(m))) for m in refusals if english_words(_prose(m))]
    assert not english, english[:5]
    # the English side is unchanged
    with language("en"), pytest.raises(InvalidState, match="not a .* state"):
        info.state_from_json(mutate(data, np.random.default_rng(1)) | {"game": "chess"})
