"""Bluff You's engine: the four cases of a call, steals, doublets, the end, JSON and errors.

Pinned to the rulebook (``bluff-you.fr.txt``) and its worked example: the doublet swap of the
8 and the 13 (2 + 2 points) for the 4 (4 points).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from bluffkit.core import CHANCE, IllegalAction, InvalidRules, InvalidState, ParseError
from bluffkit.core.play import RandomBot, play_game
from bluffkit.games import find_game
from bluffkit.games.bluff_you import (
    BLUFF_YOU,
    OK,
    POINTS,
    BluffYouRules,
    BluffYouState,
    conserved,
    parse_action_text,
    parse_dice,
    parse_tokens,
    state_from_json,
)
from bluffkit.games.bluff_you.actions import Call, Doublet, Gain, Give, Roll, Steal

from .conftest import assert_refused


def at(held, bluffer=0, players=None, roll=(2, 4, 5)):
    """A state in the act phase: the bluffer has rolled ``roll``; centre = tokens not held."""
    players = players or len(held)
    held = tuple(tuple(sorted(h)) for h in held)
    taken = {t for h in held for t in h}
    centre = tuple(t for t in range(3, 19) if t not in taken)
    return BluffYouState(BluffYouRules(players=players), centre, held, bluffer, "act", roll)


def test_points_follow_the_rulebook_table():
    assert [POINTS[t] for t in range(3, 19)] == [5, 4, 3, 3, 2, 2, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5]
    assert sum(POINTS.values()) == 42


def test_roll_is_a_chance_node_matching_216_ordered_rolls():
    s = BluffYouState.new(BluffYouRules(players=2))
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 56 and sum(p for _, p in outcomes) == 1
    counts = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=3))
    assert {r.dice: p for r, p in outcomes} == {d: Fraction(c, 216) for d, c in counts.items()}


@pytest.mark.parametrize("roll,call,winner", [
    ((2, 4, 5), OK, 1),          # true, believed: the guesser is right
    ((2, 4, 5), BLUFF_YOU, 0),   # true, doubted: the bluffer gets it
    ((1, 4, 5), OK, 0),          # false, believed: the bluffer gets it
    ((1, 4, 5), BLUFF_YOU, 1),   # false, doubted: the guesser is right
])
def test_gain_four_cases(roll, call, winner):
    s = at(((), (), ()), roll=roll).apply(Gain(1, 11))
    assert s.current_player() == 1 and s.legal_actions() == [OK, BLUFF_YOU]
    s = s.apply(call)
    assert s.held[winner] == (11,) and 11 not in s.centre
    assert s.last.guesser_right == (winner == 1)
    assert s.phase == "roll" and s.bluffer == 1


@pytest.mark.parametrize("roll,call,right", [
    ((2, 4, 5), OK, True), ((2, 4, 5), BLUFF_YOU, False),
    ((1, 4, 5), OK, False), ((1, 4, 5), BLUFF_YOU, True),
])
def test_steal_four_cases(roll, call, right):
    s = at(((7, 3), (11, 18)), roll=roll).apply(Steal(1, 11)).apply(call)
    if not right:  # the bluffer takes the announced token
        assert s.held == ((3, 7, 11), (18,)) and s.phase == "roll"
    else:  # the bluffer gives one of their own tokens, of their choice
        assert s.phase == "give" and s.current_player() == 0
        assert s.legal_actions() == [Give(3), Give(7)]
        assert s.observation(1).roll == roll  # the dice have been shown
        s = s.apply(Give(7))
        assert s.held == ((3,), (7, 11, 18)) and s.last.guesser_right


def test_failed_steal_with_one_token_gives_it_at_once():
    s = at(((7,), (11,))).apply(Steal(1, 11)).apply(OK)
    assert s.held == ((), (7, 11)) and s.phase == "roll"


def test_steal_needs_a_token_on_each_side():
    s = at(((), (11,)))
    assert not any(isinstance(a, Steal) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="bluffer to hold a token"):
        s.apply(Steal(1, 11))
    with pytest.raises(IllegalAction, match="one of P1's tokens"):
        at(((5,), (11,))).apply(Steal(1, 12))


def test_rulebook_doublet_swap_8_and_13_for_the_4():
    s = at(((8, 13), ()), roll=(2, 2, 5))
    assert Doublet((8, 13), 4) in s.legal_actions()
    t = s.apply(Doublet((8, 13), 4))
    assert t.held[0] == (4,) and {8, 13} <= set(t.centre) and 4 not in t.centre
    assert t.points()[0] == s.points()[0] == 4
    assert t.last.moves == ((8, 0, None), (13, 0, None), (4, None, 0))
    assert conserved(t) == 16


def test_doublet_conditions_name_the_rule():
    with pytest.raises(IllegalAction, match="two equal dice"):
        at(((8, 13), ()), roll=(1, 2, 5)).apply(Doublet((8, 13), 4))
    with pytest.raises(IllegalAction, match="same total of points"):
        at(((8, 13), ()), roll=(2, 2, 5)).apply(Doublet((8, 13), 3))
    with pytest.raises(IllegalAction, match="two or more"):
        at(((8, 13), ()), roll=(6, 6, 6)).apply(Doublet((8,), 7))
    assert not any(isinstance(a, Doublet) for a in at(((8,), ()), roll=(2, 2, 5)).legal_actions())
    # a triple is a doublet too; swaps of three tokens
    s = at(((9, 10, 11), ()), roll=(4, 4, 4))
    assert Doublet((9, 10, 11), 5) in s.legal_actions()


def test_gain_rules_name_the_rule():
    s = at(((11,), ()))
    with pytest.raises(IllegalAction, match="only a token still in the centre"):
        s.apply(Gain(1, 11))
    with pytest.raises(IllegalAction, match="another player"):
        s.apply(Gain(0, 12))
    with pytest.raises(IllegalAction, match="must answer"):
        s.apply(Gain(1, 12)).apply(Give(11))


def test_game_ends_when_the_last_centre_token_is_taken():
    rules = BluffYouRules(players=2, tokens=(3, 10))
    s = BluffYouState(rules, (10,), ((3,), ()), 1, "act", (1, 1, 1))
    s = s.apply(Gain(0, 10)).apply(BLUFF_YOU)  # false announcement doubted: P0 is right
    assert s.is_terminal() and s.held == ((3, 10), ())
    assert s.winners() == (0,) and s.returns() == (1, 0)
    with pytest.raises(IllegalAction, match="over"):
        s.apply(OK)


def test_doublet_swap_taking_the_last_centre_token_does_not_end_the_game():
    """Digest section 2 (decision): the swapped tokens go back, so the centre is not empty; the
    game ends only when the centre is empty at the end of a turn."""
    held = ((8, 13), tuple(t for t in range(3, 19) if t not in (4, 8, 13)))
    s = BluffYouState(BluffYouRules(players=2), (4,), held, 0, "act", (2, 2, 5))
    t = s.apply(Doublet((8, 13), 4))
    assert not t.is_terminal() and t.phase == "roll"
    assert t.centre == (8, 13) and t.held[0] == (4,) and t.bluffer == 1
    assert conserved(t) == 16
    # the game goes on: a gain of the 8 and then of the 13 empty the centre, which ends the game
    u = t.apply(Roll((2, 2, 4))).apply(Gain(0, 8)).apply(OK)
    assert not u.is_terminal() and u.centre == (13,)
    v = u.apply(Roll((1, 2, 3))).apply(Gain(1, 13)).apply(BLUFF_YOU)
    assert v.is_terminal() and v.centre == ()


def test_winner_by_points_then_fewer_tokens():
    rules = BluffYouRules(players=3)
    base = BluffYouState(rules, (), ((3,), (9, 10, 11, 12, 13), (4, 14)), 0, "over")
    assert base.points() == (5, 6, 6)
    assert base.winners() == (2,)  # 6 points with two tokens beats 6 points with five
    tie = replace(base, held=((3,), (4, 14), (17, 7)) + (), centre=())
    tie = replace(tie, held=tuple(tuple(sorted(h)) for h in tie.held))
    assert tie.winners() == (1, 2) and tie.returns() == (0, Fraction(1, 2), Fraction(1, 2))


def test_only_the_bluffer_sees_the_roll():
    s = at(((), (), ()), roll=(3, 3, 6))
    assert s.observation(0).roll == (3, 3, 6)
    assert s.observation(1).roll is None and s.observation(2).roll is None
    s = s.apply(Gain(2, 12))
    assert s.observation(2).roll is None and s.observation(2).pending == Gain(2, 12)


def test_bluffer_rotates_from_player_zero():
    s = BluffYouState.new(BluffYouRules(players=3))
    bluffers = []
    for _ in range(4):
        bluffers.append(s.bluffer)
        s = s.apply(Roll((1, 2, 3))).apply(Gain((s.bluffer + 1) % 3, s.centre[0])).apply(OK)
    assert bluffers == [0, 1, 2, 0]


def test_rules_are_validated():
    with pytest.raises(InvalidRules, match="2-6 players"):
        BluffYouRules(players=7)
    with pytest.raises(InvalidRules, match="distinct"):
        BluffYouRules(tokens=(3, 3))
    with pytest.raises(InvalidRules, match="3-18"):
        BluffYouRules(tokens=(2, 3))
    with pytest.raises(InvalidRules, match="whole"):  # was read as the tokens 3 and 4
        BluffYouRules(tokens=(3.5, 4))


@pytest.mark.parametrize("make", [
    lambda: Gain(1, 9.0), lambda: Gain(True, 9), lambda: Steal(1, "5"), lambda: Give(7.0),
    lambda: Doublet((8, 13.0), 4), lambda: Doublet("8,13", 4), lambda: Roll((1.0, 2, 3)),
    lambda: Roll(("1", "2", "3")), lambda: Call("no"), lambda: Call(0),
])
def test_malformed_actions_are_illegal_not_corrupt_states(make):
    """Such actions were applied (9.0 moved into a hand; Call('no') counted as a belief) and left
    states that did not reload, or crashed with a TypeError."""
    with pytest.raises(IllegalAction, match="got"):
        make()


def test_malformed_token_and_dice_lists_are_parse_errors():
    with pytest.raises(ParseError, match="3.7"):  # was read as the token 3
        parse_tokens([3.7])
    with pytest.raises(ParseError, match="three dice"):  # was a TypeError
        parse_dice(5)
    with pytest.raises(InvalidState, match="no player"):  # True was player 1
        at(((), ())).observation(True)
    assert Doublet([13, 8], 4) == Doublet((8, 13), 4) and parse_tokens([8, 13]) == (8, 13)


def reached(*texts: str, players: int = 2) -> BluffYouState:
    """The state after ``texts`` (rolls and actions) from a new game: a state a game reaches."""
    s = BluffYouState.new(BluffYouRules(players=players))
    for t in texts:
        s = s.apply(parse_action_text(t))
    return s


def test_json_round_trip_and_corrupt_states():
    # P0 bluffs 8 and is disbelieved; P1 tells the truth (5) and is disbelieved; P0 steals
    s = reached("roll 2,2,4", "gain 8 to P1", "bluff you", "roll 1,2,2", "gain 5 to P0",
                "bluff you", "roll 2,2,5", "steal 5 from P1")
    assert s.held == ((8,), (5,)) and s.phase == "call"
    assert state_from_json(s.to_json()) == s
    data = s.to_json()
    data["held"][1] = [5, 8]
    with pytest.raises(InvalidState, match="exactly once"):
        state_from_json(data)
    data = s.to_json()
    data["roll"] = None
    with pytest.raises(InvalidState, match="roll"):
        state_from_json(data)
    with pytest.raises(InvalidState, match="bluff-you"):
        state_from_json({"game": "bluff"})
    data = s.to_json()
    data["pending"] = "steal 9 from P1"
    with pytest.raises(InvalidState, match="the pending steal 9 from P1 is not a legal steal"):
        state_from_json(data)


def test_parse_actions_and_errors():
    info = find_game("bluff-you")
    s = at(((), ()))
    assert info.parse_action(s, "announce 11 to player 1") == Gain(1, 11)
    assert parse_action_text("Bluff you!") == BLUFF_YOU and parse_action_text("OK!") == OK
    with pytest.raises(ParseError, match="gain 11 to P1"):
        parse_action_text("raise 3")


def test_seeded_random_games_end_with_tokens_conserved():
    for players, seed in [(2, 1), (4, 2), (6, 3)]:
        s, traj = play_game(BluffYouState.new(BluffYouRules(players=players)),
                            [RandomBot()] * players, seed=seed)
        assert s.is_terminal() and not s.centre and conserved(s) == 16
        assert sum(s.returns()) == 1
        again, traj2 = play_game(BluffYouState.new(BluffYouRules(players=players)),
                                 [RandomBot()] * players, seed=seed)
        assert again == s and traj2 == traj


def test_loading_rejects_a_negative_turn_and_an_impossible_last_turn():
    """Both loaded: turn -1, and a last turn moving token 3 from player 'x' to player 7."""
    s = reached("roll 2,4,5", "gain 11 to P1", "ok")
    assert state_from_json(s.to_json()) == s
    data = s.to_json()
    data["turn"] = -1
    with pytest.raises(InvalidState, match="turn"):
        state_from_json(data)
    data = s.to_json()
    data["last"]["moves"] = [[3, "x", 7]]
    with pytest.raises(InvalidState, match="'last'"):
        state_from_json(data)


# -- every field in every phase (issue 12 item 6) --------------------------------------------------
def _phases() -> dict[str, BluffYouState]:
    give = reached("roll 2,2,4", "gain 8 to P1", "bluff you", "roll 1,2,2", "gain 5 to P0",
                   "bluff you", "roll 3,5,5", "gain 13 to P1", "bluff you", "roll 1,1,1",
                   "gain 3 to P0", "bluff you", "roll 2,2,5", "steal 5 from P1", "bluff you")
    rules = BluffYouRules(players=2, tokens=(3, 4))
    over = BluffYouState.new(rules)
    for t in ("roll 1,1,1", "gain 3 to P1", "ok", "roll 1,1,2", "gain 4 to P0", "ok"):
        over = over.apply(parse_action_text(t))
    return {"roll": BluffYouState.new(), "act": reached("roll 2,4,5"),
            "call": reached("roll 2,4,5", "gain 11 to P1"), "give": give, "over": over}


@pytest.mark.parametrize("phase, changes, problem", [
    ("roll", {"bluffer": 3}, "'bluffer' is 3 but the game gives 0"),
    ("roll", {"turn": 5}, "'turn' is 5 but the state keeps 0 turns played"),
    ("roll", {"roll": "1,1,1"}, "a roll is known in phases act, call and give only"),
    ("roll", {"call": True}, "the guesser's call is kept during the give phase only"),
    ("act", {"pending": "gain 11 to P1"}, "an announcement awaits an answer in phases call"),
    ("act", {"bluffer": 1}, "'bluffer'"),
    ("call", {"roll": None}, "a roll is known in phases act, call and give only"),
    ("call", {"pending": "gain 11 to P0"}, "the pending gain 11 to P0 is not a legal gain"),
    ("call", {"pending": "ok"}, "field 'pending' must be a gain or a steal"),
    ("give", {"call": True}, "the give phase follows a steal the guesser called right"),
    ("give", {"turn": 5}, "'turn' is 5 but the state keeps 4 turns played"),
    ("give", {"held": [[3, 5, 8, 13], []]}, "the pending steal 5 from P1 is not a legal steal"),
    ("give", {"held": [[3, 8, 13], [5]]}, "'held' is .* but the game gives .*8, 13.*3, 5"),
    ("over", {"bluffer": 0}, "'bluffer' is 0 but the game gives 1"),
    ("over", {"turn": 3}, "'turn' is 3 but the state keeps 2 turns played"),
    ("over", {"last": None}, "earlier turns \\('past'\\) are kept with the last turn's"),
    ("over", {"centre": [4], "held": [[], [3]]}, "over exactly when the centre is empty"),
    ("over", {"held": [[3], [4]]}, "'held' is \\[\\[3\\], \\[4\\]\\] but the game gives"),
    ("act", {"last": [[0]]}, "field 'last' must be an object"),
    ("act", {"turn": float("-inf")}, "field 'turn' holds -inf"),
])
def test_every_field_is_checked_in_every_phase(phase, changes, problem):
    assert_refused(_phases()[phase], changes, problem)


def test_the_last_turn_must_follow_from_its_roll_and_call():
    data = _phases()["give"].to_json()
    data["phase"], data["call"], data["roll"], data["pending"] = "roll", None, None, None
    for key, value in [("roll", "2,2,4"), ("call", "ok"), ("guesser_right", True),
                       ("truthful", False), ("action", "steal 5 from P0"), ("bluffer", 0)]:
        with pytest.raises(InvalidState):
            state_from_json({**data, "last": {**data["last"], key: value}})


def test_tokens_out_of_the_centre_need_as_many_turns():
    s = reached("roll 2,4,5", "gain 11 to P1", "ok")
    data = s.to_json()
    data["centre"].remove(3)
    data["held"][0] = [3]
    with pytest.raises(InvalidState, match="'centre' is .* but the game gives"):
        state_from_json(data)


def test_turn_text_with_the_table_names_and_right_grammar():
    """Issue 11: the table read "You said ok and was right" and "gain 3 to P1" where the board
    says "Bot 1"."""
    from bluffkit.games.bluff_you import TurnResult, action_text

    names = ["You", "Bot 1", "Bot 2"]
    r = TurnResult(1, "gain 11 to P0", (2, 4, 5), "ok", True, 0, True, ((11, None, 0),))
    text = r.describe(names)
    assert text.startswith("Bot 1 played gain 11 to you with 2,4,5")
    assert "You said ok and were right. 11: centre -> you" in text
    r = TurnResult(0, "steal 5 from P2", (1, 1, 1), "bluff you", False, 2, True, ((7, 0, 2),))
    assert "You played steal 5 from Bot 2" in r.describe(names)
    assert "Bot 2 said bluff you and was right. 7: you -> Bot 2" in r.describe(names)
    assert r.describe().startswith("P0 played steal 5 from P2")  # no names: seat numbers
    assert action_text(Gain(1, 3), names) == "gain 3 to Bot 1"
    assert action_text(Steal(0, 9), names) == "steal 9 from you"
    assert action_text(Doublet((8, 13), 4), names) == "doublet 8,13 for 4"


def test_describe_says_one_point_in_the_singular():
    s = BluffYouState(BluffYouRules(players=2), tuple(t for t in range(3, 19) if t != 9),
                      ((9,), ()), 0, "roll")
    text = str(s)
    assert "P0: 9 (1 point)" in text and "(1 points)" not in text and "P1: - (0 points)" in text


def test_every_earlier_turn_is_played_again():
    """Issue 12: a state of turn 2 whose tokens before the last turn were all in the centre
    was loaded (the spread was only bounded by the turn number), yet turn 1 always takes a
    token out (the first bluffer holds nothing to steal or swap). The state keeps every turn,
    and loading plays them all again: a changed earlier turn is refused too."""
    s = reached("roll 2,4,5", "gain 11 to P1", "ok", "roll 1,1,2", "gain 4 to P0", "ok")
    assert s.turn == 2 and s.held == ((4,), (11,))
    assert state_from_json(s.to_json()) == s
    impossible = {**s.to_json(), "centre": [t for t in range(3, 19) if t != 4],
                  "held": [[4], []], "past": []}
    with pytest.raises(InvalidState):
        state_from_json(impossible)
    data = s.to_json()
    assert [r["action"] for r in data["past"]] == ["gain 11 to P1"]
    for key, value in [("roll", "1,1,1"), ("call", "bluff you"), ("bluffer", 1),
                       ("action", "gain 12 to P1"), ("moves", [[11, None, 0]])]:
        with pytest.raises(InvalidState):
            state_from_json({**data, "past": [{**data["past"][0], key: value}]})
    with pytest.raises(InvalidState):
        state_from_json({**data, "past": data["past"] * 2})
