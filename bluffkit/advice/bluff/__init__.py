"""Advice for Bluff, one module per view: ``decision`` (the position, its options with their
probabilities, ``advise``), ``text`` (the plain-words explanation), ``reading`` (the bids read
by Bayes' rule) and ``ahead`` (its look ahead), ``equilibrium``, ``solved``, ``strategy`` and
``rounds`` (the solved two-player rounds, with the shipped ``data/``).

The names users import (``bluffkit.advice.bluff.Advice``, ...) are re-exported here from
``decision``.
"""

from .decision import (
    FACES_ORDER,
    Advice,
    Option,
    Position,
    advise,
    bid_options,
    can_read,
    explain,
    say_action,
    show_options,
    smallest_raise,
)

__all__ = ["Advice", "FACES_ORDER", "Option", "Position", "advise", "bid_options", "can_read",
           "explain", "say_action", "show_options", "smallest_raise"]
