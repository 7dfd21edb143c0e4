"""Exercises on Jungle Bluff, easiest first: sampling without replacement, updating what you
know as cards are revealed, expected value of take against challenge, the special cards as
changes to a "beats" relation, and the two-player round as a game with a mixed equilibrium.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.jungle_bluff``
and ``bluffkit.advice.jungle_bluff.two_player`` when the student checks (positions from the real
engine).

>>> Deduction(seed=3).expected()
1
>>> [m.name for m in Deduction(seed=3).likely_mistakes()]
['removed your own cards', 'nothing removed']
"""

from __future__ import annotations

from ...core.i18n import _l
from .challenges import (
    BeatOne,
    ChallengeValue,
    Deduction,
    ResultTellsSomething,
    TakeOrChallenge,
    WithoutReplacement,
)
from .common import (
    ALL_SPECIAL,
    SPECIAL_WORDS,
    STANDARD,
    TIES,
    cards,
    duel_parts,
    duel_reason,
    special_rules,
)
from .specials import RoundValue, SpecialOdds, SpecialPairing, mixes

NOTEBOOK = "04_jungle_bluff.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: Jungle Bluff, cards without replacement and a game of hidden choices

In **Jungle Bluff** everybody puts down a strength card face down, then in turn takes a score
card from the centre or challenges a player who holds one: the higher strength card keeps it,
ties go to the challenger. These exercises practise sampling without replacement, updating what
you know when cards are revealed, expected points of take against challenge, the special cards
as changes to a "beats" relation, and the two-player round as a game with a mixed equilibrium.
""")

OUTRO = _l("""\
## Going further

`notebooks/04_jungle_bluff.ipynb` shows the same ideas with widgets: the "beats" relation of the
special cards, a challenge explorer, the exact equilibrium of a round, and a table to play
against bots with "Explain".
""")

QUESTIONS = [BeatOne, WithoutReplacement, Deduction, ChallengeValue, TakeOrChallenge,
             ResultTellsSomething, SpecialPairing, SpecialOdds, RoundValue]
"""Jungle Bluff questions, easiest first (``bluffkit.exercises.catalogue("jungle-bluff")``)."""

__all__ = ["ALL_SPECIAL", "INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", "SPECIAL_WORDS", "STANDARD",
           "TIES", "cards", "duel_parts", "duel_reason", "mixes", "special_rules",
           *[q.__name__ for q in QUESTIONS]]
