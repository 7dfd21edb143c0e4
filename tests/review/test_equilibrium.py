"""Where a solved equilibrium applies (two-player Bluff's solved strategies, two-player Jungle
Bluff's exact round equilibrium, Bluff You's turn), the review shows its frequencies and an action
it plays costs nothing; an action it never plays is judged by its value."""

from __future__ import annotations

from fractions import Fraction

from bluffkit.bots.bluff import EquilibriumBot
from bluffkit.core import RandomBot
from bluffkit.review import review
from bluffkit.review.judge import SUPPORT

from .helpers import played


def test_playing_bluff_s_solved_strategy_costs_nothing():
    decisions = 0
    for seed in (1, 2, 3, 4):
        final, _t = played("bluff", [EquilibriumBot(), EquilibriumBot()], seed)
        for d in review(final, 0).decisions:
            frequencies = {o.action: o.frequency for o in d.options}
            assert frequencies[d.chosen] >= SUPPORT and d.in_support and d.cost == 0
            decisions += 1
    assert decisions >= 8


def test_jungle_bluff_two_players_shows_the_round_equilibrium():
    supported = unsupported = 0
    for seed in (1, 2, 3):
        final, _t = played("jungle-bluff", [RandomBot(), RandomBot()], seed, top_card=5)
        for d in review(final, 0).decisions:
            frequencies = [o.frequency for o in d.options]
            if d.advice.phase == "choose":
                assert sum(frequencies) == 1 and all(isinstance(f, Fraction) for f in frequencies)
            chosen = next(o for o in d.options if o.action == d.chosen)
            if chosen.frequency:
                assert d.in_support and d.cost == 0
                supported += 1
            else:
                assert not d.in_support and d.cost == max(Fraction(0),
                                                          d.best_value - chosen.value)
                unsupported += d.cost > 0
    assert supported >= 3 and unsupported >= 1


def test_bluff_you_s_bluffer_is_judged_against_the_turn_equilibrium():
    seen = 0
    for seed in range(1, 6):
        final, _t = played("bluff-you", [RandomBot()] * 3, seed)
        for d in review(final, 1).decisions:
            if d.observation.phase != "act":
                continue
            chosen = next(o for o in d.options if o.action == d.chosen)
            assert d.in_support == (chosen.frequency > 0)
            assert d.cost == (0 if d.in_support else max(Fraction(0),
                                                         d.best_value - chosen.value))
            seen += 1
    assert seen >= 5
