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
    (corrupt("bid", lost=KeyError), "missing or malformed field.*lost"),
    (corrupt("bid", rules=KeyError), "missing or malformed field.*rules"),
    (corrupt("bid", dice=["3", "3", "2"]), "'dice' must hold whole numbers"),
    (corrupt("bid", dice=[3, 3, True]), "'dice' must hold whole numbers"),
    (corrupt("bid", dice=[4, 3, 2], lost=[-1, 0, 0]), "player 0 holds 4 dice and lost -1 but "
                                                      "started with 3"),
    (corrupt("bid", dice=[2, 3, 2]), "player 0 holds 2 dice and lost 0 but started with 3"),
    (corrupt("bid", dice=[3, 3]), "one entry per player"),
    (corrupt("bid", hidden=["1,2,3", "4,5,7", "2,2"]), "'7' is not a Bluff die face"),
    (corrupt("bid", hidden=["1,2", "4,5,*", "2,2"]), "player 0 holds 3 dice but 2 are under"),
    (corrupt("bid", hidden=3), "malformed"),
    (corrupt("bid", bid="16x3"), "claims more dice than the 8 in play"),
    (corrupt("bid", bid="2y3"), "is not a bid"),
    (corrupt("bid", bidder=None), "a bid needs a bidder"),
    (corrupt("bid", bidder="0"), "'bidder' must hold whole numbers"),
    (corrupt("bid", to_move=2), "player 1 is to bid or challenge, not player 2"),
    (corrupt("bid", to_move=7), "player to move 7 has no dice"),
    (corrupt("bid", phase="bidding"), "phase must be one of"),
    (corrupt("bid", exposed=["1", "", ""], hidden=["2,3", "4,5,*", "2,2"]),
     "exposed dice need the show_and_reroll rules option"),
    (corrupt("bid", rules={"players": 7}), "2-6 players"),
    (corrupt("bid", rules={"players": 3, "colour": "red"}), "malformed"),
    (corrupt("bid", round=0), "rounds count from 1"),
    (corrupt("show", exposed=["1,3,3", ""], hidden=["", "2,4,5"]), "exposed every die"),
    (corrupt("show", to_move=1), "only the bidder may expose"),
    (corrupt("reroll", exposed=["", ""], hidden=["1,3,3", "2,4,5"]), "no die exposed"),
    (corrupt("roll", hidden=["", "1,2"]), "holds all of its dice, hidden, or none yet"),
    (corrupt("roll", to_move=0), "player 1 rolls next, not player 0"),
    (corrupt("roll", bid="1x1", bidder=0), "no bid before every cup is rolled"),
    (corrupt("start", contenders=[0, 7]), "contenders must be two or more players with dice"),
    (corrupt("start", contenders=[1, 1]), "contenders"),
    (corrupt("start", contenders=[0, 1, 2], start_totals=[31]), "cannot total 31 with 5 dice"),
    (corrupt("start", start_totals=[10, 10, 10]), "no contender left to roll"),
    (corrupt("start", hidden=["1,1,1,1,1", "", ""]), "before the start roll is over"),
    (corrupt("over", dice=[1, 1], lost=[0, 1]), "exactly one player with dice"),
    (corrupt("over", hidden=["", "2"]), "cups are empty"),
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
    with pytest.raises(InvalidState, match="the last reveal says"):
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
