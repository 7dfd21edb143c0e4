"""The review is the advice replayed (issue 29 items 1 and 2), for every game it covers:

- at every decision each option's value is the advice's number on that observation, exactly,
  asked again here independently of the review;
- a bot playing the advice's recommendation costs 0 at every decision; a seeded random bot's
  average cost is positive and its blunders are graded as such;
- a decision's review never depends on what the seat could not see: changing the other seats'
  hidden dice or cards in the log leaves every decision whose observation is unchanged exactly
  the same (only the luck of the round they decide can change).
"""

from __future__ import annotations

import pytest

from bluffkit.core import RandomBot, make_rng
from bluffkit.games import find_game
from bluffkit.review import THRESHOLDS, review
from bluffkit.review.review import reviewer
from bluffkit.review.sources import replay_log

from .helpers import RULES, AdviceBot, advice_values, log_of, mixed_bots, played

GAMES = sorted(RULES)
PLAYERS = 3


@pytest.mark.parametrize("game", GAMES)
def test_every_option_value_is_the_advice_number(game):
    checked = 0
    for seed in (1, 2, 3):
        final, trajectory = played(game, [RandomBot()] * 3, seed)
        r = review(final, seat=1)
        state = find_game(game).new_game(final.rules)
        mine = []
        for p, action in trajectory:
            if p == 1 and len(state.legal_actions()) > 1:
                mine.append((state.observation(1), action))
            state = state.apply(action)
        assert len(mine) == len(r.decisions)
        for (obs, action), d in zip(mine, r.decisions):
            values, best, _action = advice_values(game, obs)
            listed = [(o.action, o.value) for o in d.options[:len(values)]]
            assert [a for a, _v in listed] == [a for a, _v in values]
            for (a, mine_value), (_a, value) in zip(listed, values):  # the review may value
                assert mine_value == value or (value is None and a == d.chosen)  # the choice
            assert d.chosen == str(action)
            assert d.best == (best or d.chosen)
            by_action = dict(values)
            if by_action.get(str(action)) is not None:
                assert d.chosen_value == by_action[str(action)]
            checked += 1
    assert checked >= 10


def test_an_unlisted_choice_is_valued_as_the_advice_values_its_own():
    """Bluff values a choice it does not list by its own method: the same method gives every
    listed option its listed value."""
    from bluffkit.advice.bluff import Position, advise
    from bluffkit.review.bluff import value_of

    compared = 0
    for seed in (1, 2):
        final, trajectory = played("bluff", [RandomBot()] * 3, seed)
        state = find_game("bluff").new_game(final.rules)
        for p, action in trajectory:
            if p >= 0 and state.phase == "bid":
                pos = Position.from_observation(state.observation(p))
                a = advise(pos)
                for o in a.options:
                    want = (o.ahead.my_loss if o.ahead else None) if a.reading else o.my_loss
                    if want is not None:
                        assert value_of(pos, o.action, a) == want
                        compared += 1
            state = state.apply(action)
    assert compared >= 20


@pytest.mark.parametrize("game", GAMES)
def test_playing_the_advice_costs_nothing(game):
    decisions = 0
    for seed in (1, 2):
        final, _t = played(game, mixed_bots(game, 3, 0, AdviceBot(game)), seed)
        r = review(final, seat=0)
        assert all(d.chosen == d.best for d in r.decisions)
        assert all(d.cost == 0 and d.grade == "best" for d in r.judged), [
            (d.chosen, d.best, d.cost) for d in r.judged if d.cost]
        decisions += len(r.judged)
    assert decisions >= 5


@pytest.mark.parametrize("game", GAMES)
def test_a_random_player_costs_and_its_blunders_are_flagged(game):
    costs, blunders = [], 0
    mistake_limit = THRESHOLDS[game][2]
    for seed in range(1, 7):
        final, _t = played(game, mixed_bots(game, 3, 1, RandomBot()), seed)
        r = review(final, seat=1)
        costs += [d.cost for d in r.judged]
        for d in r.judged:
            assert (d.grade == "blunder") == (d.cost > mistake_limit)
            blunders += d.grade == "blunder"
    assert sum(costs) / len(costs) > 0
    assert blunders >= 1


HIDDEN = {
    "bluff": lambda s, seat: s.is_chance_node() and s.phase in ("roll", "reroll")
    and s.to_move != seat,
    "poker-dice": lambda s, seat: s.is_chance_node() and s.phase == "peek" and s.to_move != seat,
    "bluff-you": lambda s, seat: s.is_chance_node() and s.phase == "roll" and s.bluffer != seat,
    "jungle-bluff": lambda s, seat: not s.is_chance_node() and s.phase == "choose"
    and s.current_player() != seat,
    "bungee": lambda s, seat: s.is_chance_node() and s.to_move != seat,
}
"""Which moves give another seat hidden dice or cards: their rolls, their strength card (Jungle
Bluff), the cards they draw (Bungee)."""


def _mutated(game: str, steps, index: int, rng):
    """Another outcome for the chance move ``index`` (another seat's hidden dice or cards)."""
    state, action = steps[index]
    outcomes = [a for a in state.legal_actions() if a != action]
    return outcomes[int(rng.integers(len(outcomes)))]


@pytest.mark.parametrize("game", GAMES)
def test_the_review_of_a_decision_never_sees_the_others_hidden_dice(game):
    info = find_game(game)
    rng = make_rng(7)
    same = changed_luck = changed_hidden = 0
    for seed in (1, 2, 3):
        final, trajectory = played(game, [AdviceBot(game), RandomBot(), AdviceBot(game)], seed)
        log = log_of(trajectory)
        base = replay_log(info, final.rules, log)
        seat = 0
        hidden = [i for i, (s, _a) in enumerate(base.steps) if HIDDEN[game](s, seat)
                  and len(s.legal_actions()) > 1]
        for index in sorted(int(i) for i in rng.choice(hidden, size=min(8, len(hidden)),
                                                        replace=False)):
            other = list(log)
            other[index] = (log[index][0], str(_mutated(game, base.steps, index, rng)))
            cut = _playable(info, final.rules, other)
            a = review(replay_log(info, final.rules, log[:cut]), seat)
            b = review(replay_log(info, final.rules, other[:cut]), seat)
            for da, db in zip(a.decisions, b.decisions):
                if da.observation == db.observation:
                    assert da == db
                    same += da.move > index
            for ra, rb in zip(a.rounds, b.rounds):
                assert ra.expected == rb.expected or ra.round > _round_of(base.steps[index][0])
                changed_luck += ra.actual != rb.actual
            changed_hidden += cut > index
    assert same >= 5, "no decision after a change to compare"
    assert changed_hidden >= 3, "the changed hidden cards were cut off"
    if game != "bungee":  # a changed draw soon makes the drawer's moves impossible: cut there
        assert changed_luck >= 1, "no change of hidden dice changed a result"


def _round_of(state) -> int:
    """The round (Bluff You: the turn) a state is in, counted from 1."""
    return state.round if hasattr(state, "round") else state.turn + 1


def _playable(info, rules, moves) -> int:
    """How many of ``moves`` the engine plays (the moves after a changed deal can become
    impossible: the game stops there)."""
    state = info.new_game(rules)
    for i, (seat, text) in enumerate(moves):
        if seat != state.current_player():
            return i
        try:
            if state.is_chance_node():
                action = next(a for a in state.legal_actions() if str(a) == text)
            else:
                action = info.parse_action(state, text)
            state = state.apply(action)
        except Exception:
            return i
        if state.is_terminal():
            return i + 1
    return len(moves)


def test_every_game_module_states_its_unit():
    for game in GAMES:
        module = reviewer(game)
        assert module.UNIT in ("dice", "points")
        assert isinstance(module.LOWER_IS_BETTER, bool)
