"""The games of the lesson on decision quality versus outcome (``notebooks/10_decisions_and_luck
.ipynb``): seeded games of Bluff whose reviews are exact, and matches long enough for skill to
show through luck.

A lesson game is three-player Bluff with two dice each and the "Montre-moi ton jeu" expansion
(:data:`LESSON_RULES`): with the expansion the advice takes every unseen die as random, so each
option's value, each cost and each round's expected result is an exact fraction. Seat 0 is
played by :class:`~bluffkit.bots.bluff.HonestBot` (it bids its best face truthfully, never
reads bids), seats 1 and 2 by :class:`~bluffkit.bots.bluff.AdviceBot` (the advice's own
choice). A match is two-player Bluff (two dice each) between the advice and the honest bot.

>>> final, r = lesson_game(6)
>>> [str(d.cost) for d in r.decisions][:3], r.luck
(['0', '16/243', '0'], Fraction(2, 81))
"""

from __future__ import annotations

import functools

from ..bots.bluff import AdviceBot, HonestBot
from ..core import play_game
from ..games.bluff import BluffRules, BluffState
from .model import Review
from .review import review

LESSON_RULES = BluffRules(players=3, dice_per_player=2, show_and_reroll=True)
"""The rules of a lesson game."""
MATCH_RULES = BluffRules(players=2, dice_per_player=2)
"""The rules of each game of a match."""


@functools.lru_cache(maxsize=256)
def lesson_state(seed: int) -> BluffState:
    """The finished lesson game of ``seed``."""
    final, _moves = play_game(BluffState.new(LESSON_RULES),
                              [HonestBot(), AdviceBot(), AdviceBot()], seed=seed)
    return final


def lesson_game(seed: int, seat: int = 0) -> tuple[BluffState, Review]:
    """The finished lesson game of ``seed`` and the review of ``seat`` (0: the honest bot;
    1 or 2: an advice bot), in the current language."""
    final = lesson_state(seed)
    return final, review(final, seat)


def match(games: int, seed: int = 0) -> list[bool]:
    """Whether the advice (seat 0) won each game of a match against the honest bot (seat 1);
    game ``k`` is dealt from seed ``seed + k``."""
    won = []
    for k in range(games):
        final, _moves = play_game(BluffState.new(MATCH_RULES), [AdviceBot(), HonestBot()],
                                  seed=seed + k)
        won.append(final.winner() == 0)
    return won


__all__ = ["LESSON_RULES", "MATCH_RULES", "lesson_game", "lesson_state", "match"]
