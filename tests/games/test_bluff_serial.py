"""Bluff states to JSON and back, the rejection of corrupt or impossible states, and what each
player may observe."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import InvalidState, random_playthrough
from bluffkit.games.bluff import (
    FACES,
    STAR,
    BluffRules,
    BluffState,
    Roll,
    StartRoll,
    check,
    parse_action,
    position,
    state_from_json,
)


def deal(hands, *, show=False) -> BluffState:
    return position(hands, show_and_reroll=show)


def play(state: BluffState, *texts: str) -> BluffState:
    for text in texts:
        state = state.apply(parse_action(state, text))
    return state


def examples() -> dict[str, BluffState]:
    """A state of every phase."""
    start = BluffState.new(BluffRules(players=3))
    bid = play(deal(["1,2,3", "4,5,*", "2,2"]), "2x3")
    show = play(deal(["3,3,1", "2,4,5"], show=True), "2x3")
    return {
        "start": start,
        "start after a tie": start.apply(StartRoll(20)).apply(StartRoll(20)).apply(StartRoll(9)),
        "roll": BluffState.new(BluffRules(players=2, opener=1)).apply(Roll((1, 2, 3, 4, 5))),
        "bid": bid,
        "next round": play(bid, "challenge"),
        "show": show,
        "reroll": play(show, "show 3,3 reroll"),
        "after a show": play(show, "show 3"),
        "over": play(deal(["1", "2,2"]), "3x2", "challenge"),
    }


@pytest.mark.parametrize("name", list(examples()))
def test_json_round_trip(name):
    s = examples()[name]
    data = s.to_json()
    assert data["game"] == "bluff"
    assert state_from_json(data) == s == BluffState.from_json(data)
    assert state_from_json(json.loads(json.dumps(data))) == s
    check(s)


def test_round_trip_through_random_games():
    for seed in range(5):
        rules = BluffRules(players=3, dice_per_player=2, show_and_reroll=True)
        _, trajectory = random_playthrough(BluffState.new(rules), seed)
        s = BluffState.new(rules)
        for _, action in trajectory:
            s = s.apply(action)
            assert state_from_json(json.loads(json.dumps(s.to_json()))) == s


def corrupt(name: str, **changes) -> dict:
    data = copy.deepcopy(examples()[name].to_json())
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("data, problem", [
    ("not a dict", "not a Bluff state"),
    (corrupt("bid", game="poker-dice"), "not a Bluff state"),
    (corrupt("bid", lost=KeyError), "field 'lost' is missing"),
    (corrupt("bid", rules=KeyError), "field 'rules' is missing"),
    (corrupt("bid", dice=["3", "3", "2"]), "'dice' must hold whole numbers"),
    (corrupt("bid", dice=[3, 3, True]), "'dice' must hold whole numbers"),
    (corrupt("bid", dice=[4, 3, 2], lost=[-1, 0, 0]),
     "field 'lost' must hold whole numbers 0-5, got -1"),
    (corrupt("bid", dice=[2, 3, 2]), "player 0 holds 2 dice and lost 0 but started with 3"),
    (corrupt("bid", dice=[3, 3]), "one entry per player"),
    (corrupt("bid", hidden=["1,2,3", "4,5,7", "2,2"]), "'7' is not a Bluff die face"),
    (corrupt("bid", hidden=["1,2", "4,5,*", "2,2"]), "player 0 holds 3 dice but 2 are under"),
    (corrupt("bid", hidden=3), "field 'hidden' must be a list, got 3"),
    (corrupt("bid", bid="16x3"), "claims more dice than the 8 in play"),
    (corrupt("bid", bid="2y3"), "is not a bid"),
    (corrupt("bid", bidder=None), "a bid needs a bidder"),
    (corrupt("bid", bidder="0"), "'bidder' must hold whole numbers"),
    (corrupt("bid", to_move=2), "field 'to_move' is 2 but the game gives 1"),
    (corrupt("bid", to_move=7), "field 'to_move' must hold whole numbers -2-2, got 7"),
    (corrupt("bid", phase="bidding"), "field 'phase' must be one of"),
    (corrupt("bid", exposed=["1", "", ""], hidden=["2,3", "4,5,*", "2,2"]),
     "exposed dice need the show_and_reroll rules option"),
    (corrupt("bid", rules={"players": 7}), "2-6 players"),
    (corrupt("bid", rules={"players": 3, "colour": "red"}),
     "field 'rules' must be an object with some of the fields"),
    (corrupt("bid", round=0), "rounds count from 1"),
    (corrupt("show", exposed=["1,3,3", ""], hidden=["", "2,4,5"]), "exposed every die"),
    (corrupt("show", to_move=1), "field 'to_move' is 1 but the game gives 0"),
    (corrupt("reroll", exposed=["", ""], hidden=["1,3,3", "2,4,5"]),
     "field 'hidden' is .* but the game gives"),
    (corrupt("roll", hidden=["", "1,2"]), "field 'hidden' is \\['', '1,2'\\] but the game gives"),
    (corrupt("roll", to_move=0), "field 'to_move' is 0 but the game gives 1"),
    (corrupt("roll", bid="1x1", bidder=0), "field 'bid' is '1x1' but the game gives None"),
    (corrupt("start", contenders=[0, 7]), "field 'contenders' must hold whole numbers 0-2, got 7"),
    (corrupt("start", contenders=[1, 1]), "contenders"),
    (corrupt("start", contenders=[0, 1, 2], start_totals=[31]),
     "field 'start_totals' must hold whole numbers 1-30, got 31"),
    (corrupt("start", start_totals=[10, 10, 10]), "no contender left to roll"),
    (corrupt("start", hidden=["1,1,1,1,1", "", ""]),
     "field 'hidden' is .* but the game gives \\['', '', ''\\]"),
    (corrupt("over", dice=[1, 1], lost=[0, 1]), "exactly one player with dice"),
    (corrupt("over", hidden=["", "2"]), "field 'hidden' is \\['', '2'\\] but the game gives"),
])
def test_corrupt_or_impossible_states_are_rejected_naming_the_problem(data, problem):
    with pytest.raises(InvalidState, match=problem):
        state_from_json(data)


def test_a_corrupt_last_reveal_is_rejected():
    data = examples()["next round"].to_json()
    bad = copy.deepcopy(data)
    bad["last"]["bidder"] = "abc"
    with pytest.raises(InvalidState, match="'last' must hold whole numbers"):
        state_from_json(bad)
    bad = copy.deepcopy(data)
    bad["last"]["count"] += 1
    with pytest.raises(InvalidState, match="field 'last' is .* but the game gives"):
        state_from_json(bad)


# -- observations ----------------------------------------------------------------------------------
hands = st.lists(st.sampled_from(FACES), min_size=3, max_size=3).map(tuple)


@given(mine=hands, theirs=hands, others=hands, player=st.integers(0, 2))
def test_an_observation_does_not_depend_on_other_players_hidden_dice(mine, theirs, others,
                                                                     player):
    table = [mine, theirs, (1, 1, 1)]
    other_table = [mine, others, (STAR, STAR, 5)]
    table[0], table[player] = table[player], table[0]
    other_table[0], other_table[player] = other_table[player], other_table[0]

    def position(dice):
        return play(deal([",".join(map(str, d)) for d in dice]), "2x3", "3x3")

    seen = position(table).observation(player)
    assert seen == position(other_table).observation(player)
    assert seen.to_json() == position(other_table).observation(player).to_json()
    assert seen.my_dice == tuple(sorted(mine))
    assert json.loads(json.dumps(seen.to_json()))["my_dice"] == ",".join(
        "*" if f == STAR else str(f) for f in sorted(mine))


def test_an_observation_shows_only_my_hidden_dice():
    s = play(deal(["1,1,1", "2,2,2", "3,3,3"]), "2x4")
    for player, face in enumerate("123"):
        text = json.dumps(s.observation(player).to_json())
        for other in "123":
            assert (f"{other},{other},{other}" in text) == (other == face)


def test_the_last_reveal_is_public():
    s = play(deal(["1,1,1", "2,2,2"]), "2x4", "challenge")
    assert s.observation(1).last.dice == ((1, 1, 1), (2, 2, 2))


def test_observing_a_player_not_in_the_game_is_an_error():
    with pytest.raises(InvalidState, match="no player 3"):
        examples()["bid"].observation(3)


# -- every field in every phase (issue 12 item 6) --------------------------------------------------
def _deep(levels: int):
    v: list = []
    for _ in range(levels):
        v = [v]
    return v


@pytest.mark.parametrize("data, problem", [
    (corrupt("start", to_move=99), "'to_move'"),
    (corrupt("start", to_move=1), "'to_move' is 1 but the game gives 0"),
    (corrupt("start", opener=-5), "'opener'"),
    (corrupt("start", opener=2), "'opener' is 2 but the game gives 0"),
    (corrupt("start", round=-3), "'round'"),
    (corrupt("start", round=4), "'round' is 4 but the game gives 0"),
    (corrupt("start", history=[[0, "1x2"]]), "'history'"),
    (corrupt("start", last={"bid": "1x2"}), "'last'"),
    (corrupt("over", to_move=1), "'to_move' is 1 but the game gives -2"),
    (corrupt("over", opener=1), "the rules make player 0 open the first round"),
    (corrupt("over", round=9), "round 9 comes after 8 rounds"),
    (corrupt("over", history=[[1, "3x2"]]), "history"),
    (corrupt("over", last=None), "field 'last' is None but the game gives"),
    (corrupt("bid", history=[[0, "3x3"]]), "'bid' is '2x3' but the game gives '3x3'"),
    (corrupt("bid", history=[[1, "2x3"]]), "history entry 1 is player 1's, but player 0"),
    (corrupt("bid", history=[[0, "2x3"], [1, "2x3"]]), "does not raise"),
    (corrupt("bid", history=[[0, "2xx"]]), "history entry 1 .* is not an action"),
    (corrupt("next round", opener=1), "opens round 2"),
    (corrupt("next round", round=3), "round 3 comes after 2 rounds"),
    (corrupt("bid", round=2), "round 2 comes after 1 rounds, but the state keeps 0"),
    (corrupt("bid", opener=1, to_move=1), "the rules make player 0 open the first round"),
    (corrupt("bid", history=[[0]]), "field 'history' must list \\[player, action\\] pairs"),
    (corrupt("bid", history=_deep(5000)), "field 'history' is nested more than 16 levels"),
    (corrupt("bid", round=float("inf")), "field 'round' holds inf"),
    (corrupt("bid", round=float("nan")), "field 'round' holds nan"),
    (corrupt("bid", round=10**5000), "field 'round' holds a number of about 5001 digits"),
    (corrupt("bid", contenders=[0, 0]), "'contenders'"),
    (corrupt("bid", dice="3,3,2"), "'dice' must be a list"),
])
def test_every_field_is_checked_in_every_phase(data, problem):
    with pytest.raises(InvalidState, match=problem):
        state_from_json(data)


def test_the_last_reveal_must_follow_from_the_previous_round():
    data = examples()["next round"].to_json()
    for key, value in [("winner", 1 - data["last"]["winner"]), ("challenger", 0),
                       ("losses", [0, 0, 0]), ("dice", ["1,2,3", "4,5,*", "2,2"][::-1]),
                       ("bid", "3x3")]:
        bad = copy.deepcopy(data)
        bad["last"][key] = value
        with pytest.raises(InvalidState):
            state_from_json(bad)


def test_a_round_with_exposed_and_rerolled_dice_reloads():
    s = play(deal(["3,3,1", "2,4,5"], show=True), "2x3", "show 3 reroll").apply(Roll((1, 1)))
    s = play(s, "3x3", "show 4 reroll").apply(Roll((2, 5)))
    assert state_from_json(json.loads(json.dumps(s.to_json()))) == s
    bad = s.to_json()
    bad["exposed"] = ["3", "5"]
    with pytest.raises(InvalidState):
        state_from_json(bad)


def test_every_earlier_round_is_played_again():
    """Issue 12 (found by the fuzz's property, read by hand): earlier rounds were gone, so a
    round-3 state was loaded when only its last reveal was possible: here the dice before round
    2 say that round 1 cost player 0 one die and player 1 two, yet a round costs one player or
    every player but the bidder one die each. The state keeps every round played (opener,
    rolls, history) and loading plays the whole game again: a changed earlier round is
    refused."""
    rules = BluffRules(players=3, opener=0)
    empty = ((),) * 3
    impossible = BluffState(rules, (4, 3, 5), empty, empty, "roll", 0, 0,
                            lost=(1, 2, 0))._new_round(1, 2)
    while impossible.phase == "roll":
        impossible = impossible.apply(Roll((4,) * impossible.dice[impossible.to_move]))
    impossible = play(impossible, "1x3", "challenge")
    assert impossible.round == 3 and impossible.dice == (4, 2, 5)
    with pytest.raises(InvalidState):
        state_from_json(impossible.to_json())
    s = BluffState.new(rules)
    for hands, moves in [(("1,1,2,2,4", "1,1,2,2,4", "1,1,2,2,4"), ("2x3", "challenge")),
                         (("4,4,4", "1,2,3,4,5", "1,2,3,4,5"), ("1x3", "2x3", "challenge"))]:
        for h in hands:
            s = s.apply(Roll(tuple(int(x) for x in h.split(","))))
        s = play(s, *moves)
    assert s.round == 3 and s.dice == (2, 4, 5) and state_from_json(s.to_json()) == s
    data = s.to_json()
    first = data["past"][0]
    for key, value in [("opener", 1), ("rolls", ["1,1,2,2,3"] + first["rolls"][1:]),
                       ("history", first["history"][1:]), ("rolls", first["rolls"][:2])]:
        with pytest.raises(InvalidState):
            state_from_json({**data, "past": [{**first, key: value}, data["past"][1]]})
    for past in ([], data["past"][:1], data["past"][::-1]):
        with pytest.raises(InvalidState):
            state_from_json({**data, "past": past})
