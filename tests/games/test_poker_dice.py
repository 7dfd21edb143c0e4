"""Poker dice engine: a round as the rulebook tells it, antes, betting, side pots, split pots."""

from __future__ import annotations

import json

import pytest

from bluffkit.core import IllegalAction, InvalidRules, InvalidState, ParseError, random_playthrough
from bluffkit.games import find_game
from bluffkit.games.poker_dice import (
    PokerDiceRules,
    PokerDiceState,
    call_words,
    parse_action,
    parse_dice,
    state_from_json,
)
from bluffkit.games.poker_dice.actions import Ante, Bet, Call, Fold, Pass, Raise, Roll, StartRoll

from .conftest import assert_refused


def play(state: PokerDiceState, *moves: str) -> PokerDiceState:
    """Apply moves written as text (``roll 9,K,K`` for chance), checking each JSON round trip."""
    for m in moves:
        state = state.apply(parse_action(state, m))
        assert state_from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


def dealt(rules: PokerDiceRules, *peekers: str) -> PokerDiceState:
    """A round with the peekers rolled: ``peekers[p]`` is player p's dice."""
    s = PokerDiceState.new(rules)
    while s.phase == "peek":
        s = s.apply(Roll(parse_dice(peekers[s.to_move])))
    return s


# -- rules options --------------------------------------------------------------------------------
def test_rules_defaults_and_errors():
    assert PokerDiceRules().start_stacks() == (48,) * 4
    assert PokerDiceRules(players=2).start_stacks() == (96, 96)
    assert PokerDiceRules(players=3, starting_points=10).start_stacks() == (10, 10, 10)
    with pytest.raises(InvalidRules, match="2-4 players"):
        PokerDiceRules(players=5)
    with pytest.raises(InvalidRules, match="starting_stacks needs one"):
        PokerDiceRules(players=3, starting_stacks=(5, 5))
    with pytest.raises(InvalidRules, match="6 colour names"):
        PokerDiceRules(colours=("red",) * 5)
    with pytest.raises(InvalidRules, match="two different colours"):
        PokerDiceRules(colours=("red",) * 6)
    with pytest.raises(InvalidRules, match="tie_break must be one of faces, categories"):
        PokerDiceRules(tie_break="suits")
    with pytest.raises(InvalidRules, match="leader must be a player 0-1"):
        PokerDiceRules(players=2, leader=2)
    with pytest.raises(InvalidRules, match="leader must be a player 0-1"):
        PokerDiceRules(players=2, leader=1.0)  # was accepted; its states failed to reload
    with pytest.raises(InvalidRules, match="starting_stacks needs one"):
        PokerDiceRules(players=2, starting_stacks=5)  # was a TypeError


# -- the first leader ----------------------------------------------------------------------------
def test_first_leader_by_one_die_each_ties_roll_again():
    s = PokerDiceState.new(PokerDiceRules(players=3))
    assert s.phase == "start" and s.is_chance_node()
    s = s.apply(StartRoll(13)).apply(StartRoll(14)).apply(StartRoll(14))
    assert s.phase == "start" and s.contenders == (1, 2) and s.to_move == 1
    s = s.apply(StartRoll(9)).apply(StartRoll(12))
    assert (s.phase, s.leader, s.round) == ("peek", 2, 1)
    assert s.pending == (0, 1, 2)  # peekers from the leader's left, the leader last


# -- antes ----------------------------------------------------------------------------------------
def test_nobody_antes_next_leader_starts_a_new_round():
    s = dealt(PokerDiceRules(players=3, leader=0), "9,9,9", "K,K,A", "J,Q,10")
    assert s.phase == "ante" and s.to_move == 1  # from the leader's left
    s = play(s, "pass", "pass", "pass")
    assert s.last.kind == "no ante" and (s.leader, s.round, s.phase) == (1, 2, "peek")
    assert s.chips == (64, 64, 64)


def test_one_ante_is_taken_back_and_the_round_ends():
    s = dealt(PokerDiceRules(players=3, leader=0), "9,9,9", "K,K,A", "J,Q,10")
    s = play(s, "pass", "ante")
    assert s.chips == (64, 64, 63) and s.committed == (0, 0, 1)
    s = play(s, "pass")
    assert s.last.kind == "one ante" and s.chips == (64, 64, 64) and s.leader == 1


# -- a round as the rulebook tells it --------------------------------------------------------------
def test_bet_call_raise_and_showdown():
    rules = PokerDiceRules(players=3, leader=0)
    s = dealt(rules, "9,10,J", "K,K,A", "A,A,Q")
    s = play(s, "ante", "ante", "ante", "roll 9,Q,K")
    assert s.phase == "bet" and s.to_move == 1 and s.pot == 3
    assert s.legal_actions()[:3] == [Fold(), Bet(1), Bet(2)]
    s = play(s, "bet 4")          # P1 puts 4 in: the bet to match is 5
    assert s.legal_actions()[:3] == [Fold(), Call(), Raise(1)] and s.to_move == 2
    s = play(s, "raise 3")        # P2 calls 4 and raises by 3: 8 to match
    s = play(s, "call")           # P0 calls 7 more
    assert s.to_move == 1 and s.to_call(1) == 3
    s = play(s, "call")
    result = s.last
    assert result.kind == "showdown" and result.committed == (8, 8, 8)
    assert str(result.hand(0, rules)) == "large straight K,Q,J,10,9"
    assert result.payouts == (24, 0, 0) and s.chips == (64 - 8 + 24, 56, 56)
    assert s.leader == 1 and s.round == 2


def test_betting_ends_when_all_call_or_fold_in_a_row():
    s = dealt(PokerDiceRules(players=3, leader=0), "9,10,J", "K,K,A", "A,A,Q")
    s = play(s, "ante", "ante", "ante", "roll 9,Q,K", "fold", "bet 2", "call")
    assert s.last.kind == "showdown" and s.last.committed == (3, 1, 3)
    assert s.last.shown[1] == ()  # the folded player shows nothing
    assert s.last.payouts == (7, 0, 0)


def test_last_bettor_wins_without_showing():
    s = dealt(PokerDiceRules(players=3, leader=0), "9,10,J", "K,K,A", "A,A,Q")
    s = play(s, "ante", "ante", "ante", "roll 9,Q,K", "bet 2", "raise 5", "fold", "fold")
    assert s.last.kind == "default" and s.last.shown == ((), (), ())
    assert s.last.payouts == (0, 0, 12) and s.chips == (63, 61, 68)


def test_everyone_folds_before_a_bet_the_last_one_takes_the_antes():
    s = dealt(PokerDiceRules(players=3, leader=0), "9,10,J", "K,K,A", "A,A,Q")
    s = play(s, "ante", "ante", "ante", "roll 9,Q,K", "fold", "fold")
    assert s.last.kind == "default" and s.last.payouts == (3, 0, 0)


# -- illegal moves name the rule -------------------------------------------------------------------
def test_errors_name_the_rule():
    s = dealt(PokerDiceRules(players=2, leader=0, starting_points=10), "9,10,J", "K,K,A")
    with pytest.raises(IllegalAction, match="ante 1 point or pass"):
        s.apply(Bet(2))
    s = play(s, "ante", "ante", "roll 9,Q,K")
    with pytest.raises(IllegalAction, match="nothing to call yet"):
        s.apply(Call())
    with pytest.raises(IllegalAction, match="has only 9 points"):
        s.apply(Bet(10))
    with pytest.raises(IllegalAction, match="at least 1 point"):
        s.apply(Bet(0))
    s = play(s, "bet 3")
    with pytest.raises(IllegalAction, match="4 in all this round"):
        s.apply(Raise(0))
    with pytest.raises(IllegalAction, match="put in 4 points in all this round"):
        parse_action(s, "raise to 3")
    assert parse_action(s, "raise to 6") == Raise(2)
    with pytest.raises(IllegalAction, match="the first bet is made"):
        s.apply(Bet(2))
    with pytest.raises(IllegalAction, match="largest raise is 6"):
        s.apply(Raise(7))
    with pytest.raises(IllegalAction, match="must fold, call or raise"):
        s.apply(Roll((9, 9, 9)))
    with pytest.raises(ParseError, match="'raise N'"):
        parse_action(s, "check")
    assert s.legal_actions()[-1] == Raise(6)


def test_chance_actions_that_are_not_dice_are_named():
    """``Roll((1, 2, 3))`` reached ``apply`` and crashed with a KeyError while writing the
    error message; ``Roll("9,9,9")`` rolled the characters of the text."""
    s = PokerDiceState.new(PokerDiceRules(players=2))
    with pytest.raises(IllegalAction, match="not a poker-dice face"):
        s.apply(StartRoll(99))
    s = PokerDiceState.new(PokerDiceRules(players=2, leader=0))
    for dice in ((1, 2, 3), "9,9,9", 9, (9, True, 9)):
        with pytest.raises(IllegalAction, match="a roll"):
            s.apply(Roll(dice))
    assert Roll([13, 9, 13]).dice == (9, 13, 13)


# -- all-in and side pots ------------------------------------------------------------------------
def _three_all_in(peekers: tuple[str, str, str]) -> PokerDiceState:
    """Three players with 5, 12 and 30 points; P0 and P1 go all-in at different amounts."""
    s = dealt(PokerDiceRules(players=3, leader=2, starting_stacks=(5, 12, 30)), *peekers)
    s = play(s, "ante", "ante", "ante", "roll 9,Q,K", "bet 4")  # P0 all-in for 5 in all
    s = play(s, "raise 7")                                       # P1 all-in for 12 in all
    assert s.to_move == 2 and s.legal_actions() == [Fold(), Call()]  # nobody could answer a raise
    return play(s, "call")


def test_side_pot_short_stack_best():
    s = _three_all_in(("9,10,J", "K,K,A", "A,A,Q"))  # P0 straight, P1 three K, P2 pair of A
    pots = [(p.amount, p.eligible, p.winners) for p in s.last.pots]
    assert pots == [(15, (0, 1, 2), (0,)), (14, (1, 2), (1,))]
    assert s.chips == (15, 14, 18) and s.last.payouts == (15, 14, 0)


def test_side_pot_big_stack_best_eliminates_both():
    s = _three_all_in(("9,9,A", "A,A,Q", "K,K,K"))  # P2 four K beats P1's three A and P0's pair
    assert s.chips == (0, 0, 47) and s.is_terminal() and s.returns() == (0, 0, 1)


def test_side_pot_middle_stack_best():
    s = _three_all_in(("A,A,Q", "9,10,J", "K,K,K"))  # P1's straight beats P2's four K (printed
    # ranking) and P0's two pairs: P1 takes both pots it was in
    assert [p.winners for p in s.last.pots] == [(1,), (1,)]
    assert s.chips == (0, 29, 18) and s.status[0] == "out"
    assert s.leader == 1  # the leader's left (player 0) is out, so player 1 leads


def test_all_in_on_the_ante_goes_straight_to_showdown():
    s = dealt(PokerDiceRules(players=2, leader=0, starting_stacks=(1, 9)), "9,9,A", "J,Q,10")
    s = play(s, "ante", "ante", "roll A,K,Q")  # P1 cannot bet: P0 could not answer
    assert s.last.kind == "showdown" and s.is_terminal() and s.winner() == 1
    assert s.chips == (0, 10) and s.last.payouts == (0, 2)


# -- split pots ---------------------------------------------------------------------------------
@pytest.mark.parametrize("leader,odd_point_to", [(0, 1), (1, 2), (2, 1)])
def test_split_pot_odd_point_nearest_leaders_left(leader, odd_point_to):
    rules = PokerDiceRules(players=3, leader=leader)
    s = dealt(rules, "9,9,J", "K,K,9", "K,K,10")  # P1 and P2 both full house A,A,A,K,K
    s = play(s, "ante", "ante", "ante", "roll A,A,A")
    first = s.to_move
    moves = {0: ["fold", "bet 2", "call"], 1: ["bet 2", "call", "fold"],
             2: ["bet 2", "fold", "call"]}[first]
    s = play(s, *moves)
    assert s.last.committed[0] == 1 and s.last.pots[0].amount == 7
    assert s.last.pots[0].winners == tuple(sorted((1, 2), key=lambda p: (p - leader - 1) % 3))
    assert s.last.payouts[odd_point_to] == 4 and sum(s.last.payouts) == 7


def test_categories_tie_break_splits_more_often():
    peekers = ("9,9,J", "K,K,9", "Q,Q,10")  # full houses A-K and A-Q
    faces = dealt(PokerDiceRules(players=3, leader=0), *peekers)
    cats = dealt(PokerDiceRules(players=3, leader=0, tie_break="categories"), *peekers)
    moves = ("ante", "ante", "ante", "roll A,A,A", "bet 1", "call", "fold")
    assert play(faces, *moves).last.payouts == (0, 5, 0)
    assert play(cats, *moves).last.payouts == (0, 3, 2)


# -- what each player sees -------------------------------------------------------------------------
def test_observation_hides_other_peekers():
    s = dealt(PokerDiceRules(players=2, leader=0), "9,10,J", "K,K,A")
    obs = s.observation(1)
    assert obs.my_dice == (13, 13, 14) and "9,10,J" not in json.dumps(obs.to_json())
    s = play(s, "ante", "ante", "roll 9,Q,K")
    obs = s.observation(0)
    assert obs.common == (9, 12, 13) and obs.opponents_in == 1 and obs.pot == 2
    with pytest.raises(InvalidState, match="no player 2"):
        s.observation(2)


# -- JSON and the game's end ---------------------------------------------------------------------
def test_json_rejects_impossible_states():
    s = dealt(PokerDiceRules(players=2, leader=0), "9,10,J", "K,K,A")
    data = s.to_json()
    with pytest.raises(InvalidState, match="the game has 192"):
        state_from_json({**data, "chips": [96, 97]})
    with pytest.raises(InvalidState, match="field 'status' must be one of"):
        state_from_json({**data, "status": ["waiting", "sleeping"]})
    with pytest.raises(InvalidState, match="not a poker dice state"):
        state_from_json({**data, "game": "bluff"})
    with pytest.raises(InvalidState, match="not a poker-dice face"):
        state_from_json({**data, "peekers": ["9,10,8", "K,K,A"]})
    with pytest.raises(InvalidState, match="2-4 players"):
        state_from_json({**data, "rules": {**data["rules"], "players": 7}})


def test_json_rejects_pending_players_who_cannot_act():
    """A corrupt ``pending`` list was loaded: an anted player asked again lost a point (chips
    no longer conserved), and an unknown seat crashed with an IndexError."""
    s = dealt(PokerDiceRules(players=3, leader=0), "9,10,J", "K,K,A", "A,A,Q")
    s = play(s, "ante")  # P1 anted; P2, then P0, still to choose
    data = s.to_json()
    for pending in ([1, 2, 0], [2, 2, 0]):
        with pytest.raises(InvalidState, match="pending"):
            state_from_json({**data, "pending": pending, "to_move": pending[0]})
    data = play(s, "ante", "ante", "roll 9,Q,K").to_json()
    for pending in ([1, 2, 0, 3], [1, 1, 2, 0]):
        with pytest.raises(InvalidState, match="pending"):
            state_from_json({**data, "pending": pending})
    data = play(s, "ante", "ante", "roll 9,Q,K", "bet 2").to_json()
    with pytest.raises(InvalidState, match=r"'pending' is \[2\] but the game gives \[2, 0\]"):
        # P0 would never answer it
        state_from_json({**data, "pending": [2]})
    data = PokerDiceState.new(PokerDiceRules(players=3)).to_json()
    for contenders in ([7], [0, 0]):
        with pytest.raises(InvalidState,
                           match="the roll for the first leader needs|'to_move' must hold"):
            state_from_json({**data, "contenders": contenders, "to_move": contenders[0]})


@pytest.mark.parametrize("seed", range(5))
def test_random_games_end_with_one_player_holding_every_point(seed):
    rules = PokerDiceRules(players=4, starting_points=12)
    s, trajectory = random_playthrough(PokerDiceState.new(rules), seed=seed)
    assert s.is_terminal() and sum(s.returns()) == 1
    assert s.chips[s.winner()] == 48 and find_game("poker dice").conserved(s) == 48
    assert any(isinstance(a, Ante | Pass) for _, a in trajectory)


def test_after_a_bet_the_words_say_what_is_paid_now_and_the_total():
    """Issue 11: "bet to match: 4" after "bet 3" (the ante included) and "raise to 6" needed
    plain words: what is paid now and what the total becomes."""
    s = dealt(PokerDiceRules(players=2, leader=0, starting_points=10), "9,10,J", "K,K,A")
    s = play(s, "ante", "ante", "roll 9,Q,K")
    assert call_words(s, s.to_move).startswith("Nothing to call yet")
    s = play(s, "bet 3")
    assert call_words(s, 0) == ("P1 bet 3: to call, put in 3 more points now (4 in all this "
                                "round, the ante of 1 included).")
    text = str(s)  # describe(s)
    assert "bet to match" not in text
    assert "4 points in all this round (the ante of 1 included)" in text
    with pytest.raises(IllegalAction) as e:
        parse_action(s, "raise to 3")
    assert "4 points in all this round (the ante of 1 included)" in str(e.value)
    assert "put in 3 more now" in str(e.value) and "raise to 5" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        s.apply(Raise(0))
    assert "put in 3 more now" in str(e.value) and "4 in all" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        s.apply(Bet(2))
    assert "bet to match" not in str(e.value) and "4 points in all" in str(e.value)
    with pytest.raises(ParseError) as e:
        parse_action(s, "hello")
    assert "'raise to N' (your total this round becomes N points, the ante included)" in str(
        e.value)


# -- every field in every phase (issue 12 item 6) --------------------------------------------------
def _phases() -> dict[str, PokerDiceState]:
    start = PokerDiceState.new(PokerDiceRules(players=3))
    s = dealt(PokerDiceRules(players=3, leader=0), "9,10,J", "K,K,A", "A,A,Q")
    common = play(s, "ante", "ante", "ante")
    bet = play(common, "roll 9,Q,K")
    return {"start": start, "peek": PokerDiceState.new(PokerDiceRules(players=3, leader=0)),
            "ante": s, "common": common, "bet": bet, "next": play(bet, "bet 2", "fold", "fold"),
            "over": _a_finished_game()}


def _a_finished_game() -> PokerDiceState:
    s = dealt(PokerDiceRules(players=2, leader=0, starting_points=3), "9,10,J", "K,K,A")
    return play(s, "ante", "ante", "roll 9,Q,K", "bet 2", "call")


@pytest.mark.parametrize("phase, changes, problem", [
    ("start", {"to_move": 2}, "'to_move' is 2 but the game gives 0"),
    ("start", {"leader": 2}, "'leader' is 2 but the game gives 0"),
    ("start", {"round": -3}, "'round' must hold whole numbers 0 or more"),
    ("start", {"round": 3}, "'round' is 3 but the game gives 0"),
    ("start", {"history": [[0, "ante"]]}, "'history'"),
    ("start", {"peekers": ["9,9,9", "", ""]}, "'peekers'"),
    ("peek", {"peekers": ["9,9,9,9", "", ""]}, "holds 3 dice or none"),
    ("common", {"common": "9,9,9,9"}, "holds 3 dice or none"),
    ("common", {"common": "9,9,9"}, "'common' is '9,9,9' but the game gives ''"),
    ("common", {"round": 2}, "'round' is 2 but the game gives 1"),
    ("common", {"opened": True}, "'opened' is True but the game gives False"),
    ("common", {"history": [[1, "ante"], [2, "ante"], [0, "pass"]]}, "'status'|'chips'"),
    ("common", {"history": [[2, "ante"], [1, "ante"], [0, "ante"]]}, "history entry 1 is "
                                                                     "player 2's"),
    ("bet", {"history": [[1, "ante"], [2, "ante"], [0, "ante"], [-1, "common 9,Q,A"]]},
     "'common' is '9,Q,K' but the game gives '9,Q,A'"),
    ("next", {"leader": 2}, "player 1 leads round 2, not player 2"),
    ("next", {"round": 3}, "'round' is 3 but the game gives 2"),
    ("over", {"to_move": 0}, "'to_move'"),
    ("over", {"round": 2}, "'round' is 2 but the game gives 1"),
    ("over", {"leader": 1}, "'leader'"),
    ("over", {"history": [[0, "ante"]]}, "'history'"),
    ("over", {"last": None}, "'last' is None but the game gives"),
    ("over", {"status": ["in", "in"]}, "'status'"),
    ("bet", {"history": [[0]]}, "field 'history' must list \\[player, action\\] pairs"),
    ("bet", {"pending": float("inf")}, "field 'pending' holds inf"),
])
def test_every_field_is_checked_in_every_phase(phase, changes, problem):
    assert_refused(_phases()[phase], changes, problem)


def test_the_last_round_must_follow_from_its_pots():
    data = _phases()["over"].to_json()
    for key, value in [("payouts", [3, 3]), ("kind", "default"), ("shown", ["9,9,10", "K,K,A"]),
                       ("leader", 1), ("common", "9,Q,A"), ("committed", [3, 2])]:
        with pytest.raises(InvalidState):
            state_from_json({**data, "last": {**data["last"], key: value}})
    assert state_from_json(data) == _phases()["over"]


def test_every_earlier_round_is_played_again():
    """Issue 12: earlier rounds were gone from the state, so only the last one was settled
    again. The state keeps each round played (leader, peekers, history) and loading plays the
    whole game again: a changed earlier round is refused."""
    s = dealt(PokerDiceRules(players=2, leader=0, starting_points=10), "9,10,J", "K,K,A")
    s = play(s, "ante", "ante", "roll 9,Q,K", "bet 2", "call",          # round 1: P0 wins 3
             "roll 9,9,9", "roll 10,J,Q", "pass", "ante",                # round 2: one ante
             "roll 9,9,10", "roll J,J,Q", "ante", "ante")                # round 3 under way
    assert s.round == 3 and s.chips == (12, 6) and s.phase == "common"
    data = s.to_json()
    assert [r["leader"] for r in data["past"]] == [0, 1]
    first = data["past"][0]
    for key, value in [("peekers", ["K,K,A", "9,10,J"]), ("leader", 1),
                       ("history", first["history"][:-1]),
                       ("history", [[0, "ante"], [1, "ante"]] + first["history"][2:])]:
        with pytest.raises(InvalidState):
            state_from_json({**data, "past": [{**first, key: value}, data["past"][1]]})
    for past in ([], data["past"][:1], data["past"][::-1], data["past"] + data["past"][1:]):
        with pytest.raises(InvalidState):
            state_from_json({**data, "past": past})
    assert state_from_json(data) == s
