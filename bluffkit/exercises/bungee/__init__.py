"""Exercises on Bungee, easiest first: counting the unseen cards, what a hand is worth, the next
card (one hypergeometric draw), several draws without replacement, the exact distribution and
expected value after an action, the best action, scoring a round, and the expected score of a
call.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.bungee`` and the
Bungee engine when the student checks; positions are drawn from a shuffled 56-card deck.

>>> q = CountUnseen(seed=3)
>>> q.expected(), q.check(45).mistake
(44, 'lucky card forgotten')
"""

from __future__ import annotations

from ...core.i18n import _l
from .cards import CountUnseen, HandScore, HandWorth, NextCardWorthZero, ZeroInThreeDraws
from .common import SCORE_RULE, WIN_RULE, ZERO_RULE, ActionAnswer, build, position, situation
from .turns import BestAction, CallScore, ExpectedAfterPlay, ReachBungee, ScoreTheRound

NOTEBOOK = "05_bungee.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: Bungee, drawing from what is left and when to call

In **Bungee** you lower your hand to 5 points or less by playing cards and drawing new ones,
then call "Bungee". Cards of the **lucky** value and **Bungee** cards count 0 when you call (a
Bungee card costs 10 if somebody else wins). These exercises practise counting the cards you
cannot see, drawing from them (one card, then several: the hypergeometric distribution), the
exact distribution and expected value of your hand after an action, scoring a round, and the
expected score of a call.
""")

OUTRO = _l("""\
## Going further

`notebooks/05_bungee.ipynb` shows the same ideas with widgets: the unseen cards, a draw explorer,
the expected value of every action, when to call (exact one step ahead, simulated beyond), a
simulation comparing calling thresholds, and a table to play against bots with "Explain".
""")

QUESTIONS = [CountUnseen, HandWorth, HandScore, NextCardWorthZero, ZeroInThreeDraws,
             ReachBungee, ExpectedAfterPlay, BestAction, ScoreTheRound, CallScore]
"""Bungee questions, easiest first (``bluffkit.exercises.catalogue("bungee")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", "SCORE_RULE", "WIN_RULE", "ZERO_RULE",
           "ActionAnswer", "build", "position", "situation", *[q.__name__ for q in QUESTIONS]]
