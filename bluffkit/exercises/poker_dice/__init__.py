"""Exercises on poker dice with peekers, easiest first: counting hands, conditional probability
with the common dice, equity and pot odds.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.poker_dice`` when
the student checks. The model is the calculators' one: the dice you cannot see are unknown and
random; opponents' bets are not read as information; a tie among ``t + 1`` players splits the
pot equally.

>>> StraightCount(seed=3).expected()
240
>>> StraightCount(seed=3).check(120).mistake
'one straight'
"""

from __future__ import annotations

from ...core.i18n import _l
from .common import COLOURS, NO_COLOURS, SPLIT, TIES, hand_rules, p_category, ranking
from .counting import BestOfSix, FiveDiceCategory, FiveOfAKind, NeverNothing, StraightCount
from .positions import CallOrFold, GivenMyDice, PotOdds, Simulation, SplitTies, WinOneOpponent

NOTEBOOK = "03_poker_dice.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: poker dice, counting hands and pot odds

In **poker dice with peekers** each player rolls 3 dice under a peeker cup and sees only their
own; then 3 common dice are rolled for everyone. A hand is the best 5 of your 6 dice, ranked as
printed in the rulebook: nothing, pair, two pairs, three of a kind, full house, four of a kind,
large straight (9-K or 10-A), large flush (five dice of one colour), five of a kind. Players
ante, then fold, bet, call or raise; the best hand takes the pot, ties split it.

These exercises go from counting rolls of five dice to deciding a call. Faces are written 9, 10,
J, Q, K, A. The model is bluffkit's: the dice you cannot see are unknown and random; other
players' bets are not read as information.
""")

OUTRO = _l("""\
## Going further

`notebooks/03_poker_dice.ipynb` shows the same ideas with widgets: the printed ranking against
the probabilities, the hand-odds explorer, and a game against bots with explanations.
""")

QUESTIONS = [FiveOfAKind, StraightCount, FiveDiceCategory, BestOfSix, NeverNothing, GivenMyDice,
             WinOneOpponent, SplitTies, PotOdds, CallOrFold, Simulation]
"""Poker dice questions, easiest first (``bluffkit.exercises.catalogue("poker-dice")``)."""

__all__ = ["COLOURS", "INTRO", "NOTEBOOK", "NO_COLOURS", "OUTRO", "QUESTIONS", "SPLIT", "TIES",
           "hand_rules", "p_category", "ranking", *[q.__name__ for q in QUESTIONS]]
