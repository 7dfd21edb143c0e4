"""Exact odds of Bluff: ``counts`` (matching dice and bid odds), ``model`` (a stated model of how
players bid) and ``beliefs`` (Bayes' rule over the round's bids).

The names users import (``bluffkit.odds.bluff.BidOdds``, ...) are re-exported here from ``counts``.
"""

from .counts import (
    MAX_DICE_IN_PLAY,
    BidOdds,
    bid_odds,
    check_dice_in_play,
    count_distribution,
    count_from_counts,
    loss_weights,
    match_probability,
    matches,
    odds_from_counts,
    odds_from_weights,
    p_at_least,
    read_bid,
    read_dice,
    read_face,
    reroll_odds,
)

__all__ = ["BidOdds", "MAX_DICE_IN_PLAY", "bid_odds", "check_dice_in_play", "count_distribution",
           "count_from_counts", "loss_weights", "match_probability", "matches", "odds_from_counts",
           "odds_from_weights", "p_at_least", "read_bid", "read_dice", "read_face", "reroll_odds"]
