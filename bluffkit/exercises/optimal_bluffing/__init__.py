"""Exercises on optimal bluffing, easiest first: equilibria, exploitability, indifference, best
responses, and reading the exactly solved 1-vs-1 Bluff round.

Every expected answer and likely mistake is computed when the student checks, exactly: by
``bluffkit.solvers.small_games`` and the LP solver ``bluffkit.solvers.lp`` (rock-paper-scissors
variants, the one-card bluffing game, Kuhn poker), and for Bluff's 1-vs-1 round from its exact
solution (``bluffkit.solvers.bluff.exact``: the value, one exact equilibrium, and the range of each
quantity over all equilibria, by linear programming). The round's equilibria are not unique:
a question about the round asks only what every equilibrium shares, or accepts any value that an
exact equilibrium gives (``ranged.InRange``), and never reads what follows a bid that some
equilibrium does not make.

>>> q = BluffingFrequency(seed=3)
>>> q.expected()
Fraction(1, 3)
>>> q.check("1/4").mistake
'bluffs among bets'
"""

from __future__ import annotations

from ...core.i18n import _l
from .small_games import BluffingFrequency, Exploitability, KuhnBestResponse, WeightedRPS
from .solved_bluff import GoingFirst, OpenerTellsTheTruth, ReadTheTable

NOTEBOOK = "06_optimal_bluffing.ipynb"
"""The exercise notebook's file name in ``exercises/``."""

INTRO = _l("""\
# Exercises: optimal bluffing

Probabilities tell you how likely a bid is; **game theory** tells you how to play against an
opponent who thinks too. An **equilibrium** is a pair of strategies where neither player can
gain by changing theirs; in games with hidden information it *mixes*: it bluffs, and calls
bluffs, at precise frequencies. The **exploitability** of a strategy measures how far it is from
an equilibrium: what a perfect opponent would win against it.

These exercises go from rock-paper-scissors to Bluff. Every game here is solved **exactly**
(fractions), the 1-vs-1 round of Bluff too (by linear programming; bluffkit ships the solution).
That round has many equilibria: where they differ, any value that an exact equilibrium gives is
accepted, and the feedback says the range.
""")

OUTRO = _l("""\
## Going further

`notebooks/06_optimal_bluffing.ipynb` shows Kuhn poker's equilibrium, the solved 1-vs-1 Bluff
strategy as tables and plots, exploitability falling with CFR iterations, and the match-win
table. `bluffkit solve bluff --dice 2,1` solves the 2-against-1 round (a few minutes), and the
advice then shows its equilibrium too.
""")

QUESTIONS = [Exploitability, WeightedRPS, BluffingFrequency, ReadTheTable, GoingFirst,
             OpenerTellsTheTruth, KuhnBestResponse]
"""Optimal-bluffing questions, easiest first (``catalogue("optimal-bluffing")``)."""

__all__ = ["INTRO", "NOTEBOOK", "OUTRO", "QUESTIONS",
           *(q.__name__ for q in QUESTIONS)]
