"""Exact odds of Jungle Bluff: ``beliefs`` (what an opponent may hold, who wins a challenge, take
or challenge) and ``worlds`` (the counting of hidden histories behind it).

The names users import (``bluffkit.odds.jungle_bluff.CardCounts``, ...) are re-exported here from
``beliefs``.
"""

from .beliefs import (
    CardCounts,
    Option,
    PossibleCards,
    card_counts,
    final_round_counts,
    option_values,
    possible_cards,
    posterior_belief,
    turn_options,
    win_probability,
)

__all__ = ["CardCounts", "Option", "PossibleCards", "card_counts", "final_round_counts",
           "option_values", "possible_cards", "posterior_belief", "turn_options",
           "win_probability"]
