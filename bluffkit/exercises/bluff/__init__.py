"""Exercises on Bluff, easiest first: the binomial distribution through liar's dice with stars.

Every expected answer and every likely mistake is computed by ``bluffkit.odds.bluff`` (and, for
the last decision, ``bluffkit.advice.bluff``) when the student checks. The model is the
calculators' one: the dice you cannot see are unknown and random, each counting for a digit
with probability 1/3 (the digit or a star) and for the star with probability 1/6.

>>> q = OneDie(seed=3)
>>> q.expected()
Fraction(1, 6)
>>> q.check("1/3").mistake
'stars'
"""

from ...core.i18n import _l
from .counting import AtLeast, CountDistribution, ExpectedMatches, MostLikelyCount, OneDie
from .positions import (
    BidWithMyDice,
    ChallengeOrRaise,
    ChallengerLoss,
    Reroll,
    RuleOfThumb,
    Simulation,
    StarBid,
)

NOTEBOOK = "01_bluff.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: Bluff, the binomial distribution with dice

In **Bluff** every player hides dice under a cup; the faces are 1 to 5 and a star ★ (the 6).
A **digit bid** such as 7 × 3 claims that at least 7 of all the dice in play show a 3, the
stars counting as 3s (they are wild). A **star bid** such as 4 × ★ claims at least 4 stars:
nothing is wild for it. The next player raises or challenges ("Haut les gobelets !"); the
rulebook's rule of thumb is to expect n/3 matches for a digit and n/6 for stars among n dice.

These twelve exercises go from one die to whole decisions. The model is bluffkit's: the dice you
cannot see are unknown and random (each matches a digit with probability 1/3, the star with
probability 1/6); other players' bids are not read as information.
""")

OUTRO = _l("""\
## Going further

`notebooks/01_bluff.ipynb` shows the same ideas with widgets: the count explorer, the advice
for a position, and a game against bots with explanations.
""")

QUESTIONS = [OneDie, ExpectedMatches, CountDistribution, MostLikelyCount, AtLeast, BidWithMyDice,
             StarBid, RuleOfThumb, ChallengerLoss, ChallengeOrRaise, Reroll, Simulation]
"""Bluff's questions, easiest first (``bluffkit.exercises.catalogue("bluff")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS", *(q.__name__ for q in QUESTIONS)]
