"""Bungee engine: the rulebook's worked example, the deal and lucky card, both kinds of turn, the
6 skip, calling and the last lap (2nd/3rd calls, skipped players, the 6 onto the first caller),
the refill, scoring, the game's end, errors, JSON, and conservation over random play."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import (
    IllegalAction,
    InvalidRules,
    InvalidState,
    ParseError,
    make_rng,
    random_playthrough,
    sample,
)
from bluffkit.games.bungee import (
    BungeeRules,
    BungeeState,
    parse_action,
    position_from_json,
    score_round,
    state_from_json,
)
from bluffkit.games.bungee.actions import Call, Draw, LeaveLucky, Play, Stand, TakeLucky, TakePlay
from bluffkit.games.bungee.cards import (
    BUNGEE,
    CARDS,
    DECK,
    counts_of,
    hand_score,
    hand_value,
    parse_cards,
    parse_pile,
)

from .conftest import assert_refused

ADAM, BEATE, CORINNA, DIETER, ERIK = range(5)


def table(hands, discard="", lucky=8, players=None, **fields) -> BungeeState:
    """A state in the middle of a round: the draw pile holds every card not on the table."""
    hands = tuple(parse_cards(h) for h in hands)
    discard = parse_pile(discard)
    on_table = counts_of([c for h in hands for c in h] + list(discard) + [lucky])
    pile = tuple(d - k for d, k in zip(DECK, on_table))
    assert min(pile) >= 0
    rules = BungeeRules(players=players or len(hands), rounds=fields.pop("rounds", 1),
                        six_extra_lap=fields.pop("six_extra_lap", True))
    base = dict(phase="turn", to_move=0, opened=True, totals=(0,) * rules.players)
    base.update(fields)
    s = BungeeState(rules, hands=hands, pile=pile, discard=discard, lucky=lucky, **base)
    assert position_from_json(s.to_json()) == s
    return s


def play(state, *texts):
    for t in texts:
        state = state.apply(state.parse_action(t))
    return state


# -- the rulebook's worked example ----------------------------------------------------------------
def worked_example():
    """Lucky 8, discard top 5, Adam to play (the hands before the last lap, read back from the
    hands the rulebook shows at the end)."""
    return table(["1,2,8,B", "1,10,B,B", "2,3,4", "7,7,8,8", "2,3,4,5"], discard="3,5")


def test_rulebook_worked_example():
    s = worked_example()
    s = play(s, "bungee")                          # Adam calls the 1st Bungee, worth 3
    assert s.callers == (ADAM,) and s.to_act == (BEATE, CORINNA, DIETER, ERIK)
    s = play(s, "play 10", "draw 8")               # Beate: 1,8,B,B is worth 1
    assert s.phase == "call" and s.to_move == BEATE
    s = play(s, "bungee", "play 4", "draw 6")      # 2nd Bungee; Corinna: 2,3,6 worth 11
    assert s.to_move == DIETER and s.phase == "turn"
    s = play(s, "play 7,7", "draw 1", "bungee")    # Dieter: 1,8,8 worth 1, 3rd Bungee
    s = play(s, "play 5", "draw 9")                # Erik: 2,3,4,9 worth 18
    assert s.is_terminal()
    r = s.last
    assert r.callers == (ADAM, BEATE, DIETER)
    assert r.values == (3, 1, 11, 1, 18)
    assert r.winner == DIETER                      # tied with Beate at 1: the later caller wins
    assert r.scores == (13, 21, 11, -10, 18)
    assert s.totals == (13, 21, 11, -10, 18) and s.winners() == [DIETER]
    assert s.returns() == (0, 0, 0, 1, 0)


def test_score_round_ties_go_to_the_later_caller():
    hands = [parse_cards("2,3"), parse_cards("5"), parse_cards("1,4")]
    assert score_round(hands, 9, (0, 1, 2))[0] == 2
    assert score_round(hands, 9, (2, 1, 0))[0] == 0
    assert score_round(hands, 9, (1,)) == (1, (5, -10, 5))
    with pytest.raises(InvalidState):
        score_round(hands, 9, ())


def test_score_round_refuses_callers_who_are_not_players():
    hands = [(1, 2), (3, 4)]
    with pytest.raises(InvalidState, match="callers must be players 0-1"):
        score_round(hands, 8, callers=(5,))
    with pytest.raises(InvalidState, match="callers must be players 0-1"):
        score_round(hands, 8, callers=(0, -1))
    with pytest.raises(InvalidState, match="at most once"):
        score_round(hands, 8, callers=(1, 1))
    assert score_round(hands, 8, callers=(1, 0)) == (0, (-10, 7))


def test_eleven_is_not_a_card_and_the_message_says_how_to_write_a_bungee_card():
    for text in ("11", " 11 ", "011"):
        with pytest.raises(ParseError, match="1 to 10; write B for a Bungee card"):
            parse_cards(f"1,{text}")
    with pytest.raises(ParseError, match="write B"):
        parse_pile("11")
    assert parse_cards("1,b,Bungee") == (1, BUNGEE, BUNGEE)
    with pytest.raises(ParseError, match="not a Bungee card"):
        parse_cards("9" * 5000)


def test_hand_value_and_score():
    assert hand_value(parse_cards("1,8,B,B"), 8) == 1
    assert hand_score(parse_cards("1,8,B,B"), 8) == 21
    assert hand_score(parse_cards("1,B"), BUNGEE) == 1  # a Bungee lucky card: Bungee counts 0


# -- deal, lucky card, first turn -----------------------------------------------------------------
def test_new_game_deals_one_card_at_a_time_with_exact_probabilities():
    s = BungeeState.new(BungeeRules(players=3))
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Draw(10)] == Fraction(8, 56) and outcomes[Draw(BUNGEE)] == Fraction(3, 56)
    assert sum(outcomes.values()) == 1
    s = s.apply(Draw(10))
    assert dict(s.chance_outcomes())[Draw(10)] == Fraction(7, 55)
    for i in range(14):
        s = s.apply(Draw(1 + i % 9))
    assert s.phase == "lucky" and [len(h) for h in s.hands] == [5, 5, 5]
    s = s.apply(Draw(7))
    assert s.phase == "turn" and s.to_move == 0 and s.lucky == 7 and s.card_count() == 56


def dealt(lucky=BUNGEE, players=2):
    s = BungeeState.new(BungeeRules(players=players, rounds=1))
    for c in (1, 2, 3, 4, 5, 9, 9, 9, 10, 10)[:5 * players]:
        s = s.apply(Draw(c))
    return s.apply(Draw(lucky))


def test_first_player_must_play_then_draw():
    s = dealt(lucky=9)
    assert s.to_move == 0 and hand_value(s.hands[0], 9) == 15
    assert all(isinstance(a, Play) for a in s.legal_actions())
    low = table(["1,1,2,B,B", "9,9,9,10,10"], opened=False)
    assert Call() not in low.legal_actions()
    with pytest.raises(IllegalAction, match="first player must play"):
        low.apply(Call())


def test_bungee_as_lucky_card_dealer_takes_it_and_turns_a_new_one():
    s = dealt(lucky=BUNGEE)
    assert s.phase == "dealer" and s.to_move == 1  # the dealer is the last player
    assert s.legal_actions() == [TakeLucky(9), TakeLucky(10), TakeLucky(BUNGEE), LeaveLucky()]
    with pytest.raises(IllegalAction, match="cannot discard 4"):
        s.apply(TakeLucky(4))
    with pytest.raises(IllegalAction, match="dealer"):
        s.apply(Play(9))
    t = s.apply(TakeLucky(10))
    assert t.hands[1] == parse_cards("9,9,9,10,B") and t.discard == (10,)
    assert t.phase == "lucky" and t.lucky is None and t.card_count() == 56
    t = t.apply(Draw(BUNGEE))                       # another Bungee card: the choice again
    assert t.phase == "dealer"
    t = t.apply(LeaveLucky())
    assert t.phase == "turn" and t.to_move == 0 and t.lucky == BUNGEE


# -- the two kinds of turn and the 6 ------------------------------------------------------------
def test_play_then_draw_and_take_then_play():
    s = table(["2,7,7,9,10", "3,3,4,5,6"], discard="4,9", lucky=1)
    assert TakePlay(7, 2) in s.legal_actions() and Play(7, 2) in s.legal_actions()
    t = s.apply(Play(7, 2))
    assert t.phase == "draw" and t.hands[0] == (2, 9, 10) and t.discard == (4, 9, 7, 7)
    t = t.apply(Draw(1))
    assert t.hands[0] == (1, 2, 9, 10) and t.to_move == 1 and t.phase == "turn"
    u = s.apply(TakePlay(7, 2))                     # take the 9, play 7,7: no draw
    assert u.hands[0] == (2, 9, 9, 10) and u.discard == (4, 7, 7) and u.to_move == 1


def test_the_card_just_taken_cannot_be_played():
    s = table(["2,7,9,10,10", "3,3,4,5,6"], discard="4,9", lucky=1)
    assert TakePlay(9, 1) in s.legal_actions() and TakePlay(9, 2) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="card just taken cannot be played"):
        s.apply(TakePlay(9, 2))
    with pytest.raises(IllegalAction, match="holds 0"):
        s.apply(Play(3))


@pytest.mark.parametrize("players, sixes, next_player", [
    (4, 1, 2), (4, 2, 3), (4, 3, 0),  # three sixes skip 1, 2, 3: player 0 again
    (2, 1, 0),                        # one six in a two-player game skips the other: play again
    (2, 2, 1),                        # two sixes skip the other and oneself
])
def test_k_sixes_skip_k_players(players, sixes, next_player):
    hands = ["6,6,6,9,9"] + ["2,3,4,5,7"] * (players - 1)
    s = table(hands).apply(Play(6, sixes)).apply(Draw(2))
    assert s.to_move == next_player
    assert [p for p, a in s.history if a == "skipped"] == [(i + 1) % players
                                                          for i in range(sixes)]


# -- calling and the last lap ---------------------------------------------------------------------
def test_calling_needs_a_hand_worth_five_or_less():
    s = table(["1,2,4", "3,3,4,5,7"], lucky=4)
    assert Call() in s.legal_actions()
    t = table(["1,2,5", "3,3,4,5,7"], lucky=4)
    assert Call() not in t.legal_actions()
    with pytest.raises(IllegalAction, match="worth 8 .*5 or less"):
        t.apply(Call())


def test_last_lap_call_without_acting_and_after_acting():
    s = table(["1,2", "1,1,3", "2,9,9", "4,4,10"], lucky=8)
    s = play(s, "bungee")
    assert s.to_act == (1, 2, 3)
    s = play(s, "bungee")                           # already worth 5: calls without acting
    assert s.callers == (0, 1) and s.to_move == 2
    s = play(s, "play 9,9", "draw 1")               # 1,2 worth 3: may call at once
    assert s.legal_actions() == [Call(), Stand()]
    with pytest.raises(IllegalAction, match="only call Bungee"):
        s.apply(Play(1))
    s = play(s, "pass")                             # calling is never compulsory
    assert s.to_move == 3 and s.callers == (0, 1)
    s = play(s, "play 10", "draw 2")                # 2,4,4 worth 10: no call possible
    assert s.is_terminal() and s.last.winner == 0 and s.last.scores == (-10, 5, 3, 10)


def test_a_skipped_player_loses_the_last_action_and_cannot_call():
    s = table(["1,2", "6,9,9", "1,1", "4,4,10"], lucky=8)
    s = play(s, "bungee", "play 6", "draw 7")      # player 1 skips player 2 (worth 2)
    assert s.to_move == 3 and s.to_act == (3,)
    s = play(s, "play 10", "draw 2")
    assert s.is_terminal() and s.last.callers == (0,) and s.last.winner == 0


@pytest.mark.parametrize("extra_lap", [True, False])
def test_a_six_skipping_onto_the_first_caller(extra_lap):
    s = table(["1,2", "9,9,10", "7,7,8", "4,6,10"], lucky=8, six_extra_lap=extra_lap)
    s = play(s, "bungee", "play 9,9", "draw 10", "play 7,7", "draw 9")
    assert s.to_move == 3 and s.to_act == (3,)
    s = play(s, "play 6", "draw 5")                # player 3's 6 skips onto the first caller
    if not extra_lap:
        assert s.is_terminal()
        return
    assert s.to_act == (1, 2, 3) and s.to_move == 1  # everybody but the first caller again
    s = play(s, "play 10", "draw 1", "play 9", "draw 2")
    assert s.phase == "call" and s.to_move == 2     # 2,3 worth 5: the 2nd Bungee
    s = play(s, "bungee", "play 10", "draw 9")
    assert s.is_terminal() and s.last.callers == (0, 2)


def test_the_extra_lap_after_a_six_is_for_the_players_who_have_not_called():
    """Digest section 5 (decision): a player who already called has laid their cards down and
    takes no extra action when a 6 skips onto the first caller."""
    s = table(["1,2", "1,1,3", "7,7,8", "9,9,10", "4,6,10"], lucky=8)
    s = play(s, "bungee", "bungee", "play 7,7", "draw 10", "play 9,9", "draw 9")
    assert s.to_move == 4 and s.to_act == (4,) and s.callers == (0, 1)
    hands = s.hands
    s = play(s, "play 6", "draw 5")                 # player 4's 6 skips onto the first caller
    assert s.callers == (0, 1)
    assert s.to_act == (2, 3, 4) and s.to_move == 2  # player 1 called: no extra action
    assert any("skipped onto the first caller" in text for _, text in s.history)
    s = play(s, "play 10", "draw 10", "play 10", "draw 10", "play 10", "draw 10")
    assert s.is_terminal()
    assert s.last.hands[1] == hands[1] and s.last.callers == (0, 1)   # laid down, unchanged
    assert 1 not in [p for p, text in s.history[-8:] if text.startswith(("play", "take"))]


def test_a_player_who_calls_right_after_their_six_gets_no_extra_action():
    s = table(["1,2", "9,9,10", "1,3,6"], lucky=8)
    s = play(s, "bungee", "play 9,9", "draw 10", "play 6", "draw 1")  # 1,1,3: worth 5
    assert s.phase == "call" and s.to_move == 2
    s = play(s, "bungee")                           # the 6 skipped onto the first caller
    assert s.callers == (0, 2) and s.to_act == (1,) and s.to_move == 1
    s = play(s, "play 10", "draw 10")
    assert s.is_terminal() and s.last.callers == (0, 2)


def test_caller_plays_no_more():
    s = play(table(["1,2", "9,9,10", "7,7,8"], lucky=8), "bungee")
    s = play(s, "play 9,9", "draw 10", "play 7,7", "draw 9")
    assert s.is_terminal()  # the first caller never moved again


# -- refill, rounds, the end ------------------------------------------------------------------
def test_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top_card():
    s = table(["1,2,3,4,9", "5,5,6,7,7"], discard="", lucky=8)
    pile, discard = s.pile, []
    for c, k in zip(CARDS, pile):
        discard += [c] * k
    last = discard.pop(0)                          # one card stays in the draw pile
    s = s._with(pile=counts_of([last]), discard=tuple(discard))
    assert position_from_json(s.to_json()) == s
    s = s.apply(Play(9))
    assert s.chance_outcomes() == [(Draw(last), Fraction(1))]
    s = s.apply(Draw(last))
    assert s.discard == (9,) and sum(s.pile) == len(discard) and s.card_count() == 56


def test_rounds_add_up_and_the_lowest_total_wins():
    s = table(["1,2", "9,9,10"], lucky=8, rounds=2)
    s = play(s, "bungee", "play 10", "draw 10")
    assert s.round == 2 and s.phase == "deal" and s.totals == (-10, 28)
    assert s.last.scores == (-10, 28) and s.card_count() == 56 and not any(s.hands)
    end, _ = random_playthrough(s, seed=3)
    assert end.is_terminal() and end.totals == tuple(
        a + b for a, b in zip(s.totals, end.last.scores))
    assert sum(end.returns()) == len(end.winners()) >= 1
    with pytest.raises(IllegalAction, match="game is over"):
        end.apply(Call())


def test_observation_shows_own_hand_and_public_facts_only():
    s = worked_example()
    o = s.observation(BEATE)
    assert o.hand == parse_cards("1,10,B,B") and o.hand_sizes == (4, 4, 3, 4, 4)
    assert o.discard == (3, 5) and o.top == 5 and o.lucky == 8 and o.pile_size == sum(s.pile)
    assert "7,7" not in json.dumps(o.to_json())


# -- errors, text and JSON ------------------------------------------------------------------------
def test_rules_are_validated():
    with pytest.raises(InvalidRules, match="2-5 players"):
        BungeeRules(players=6)
    with pytest.raises(InvalidRules, match="rounds"):
        BungeeRules(rounds=0)


def test_text_round_trip_and_parse_errors():
    s = worked_example()
    for a in s.legal_actions():
        assert parse_action(s, str(a)) == a
    assert parse_action(s, "take 10") == TakePlay(10)
    assert parse_action(s, "discard B") == TakeLucky(BUNGEE)
    with pytest.raises(ParseError, match="ONE value"):
        parse_action(s, "play 7,8")
    with pytest.raises(ParseError, match="not a Bungee action"):
        parse_action(s, "fold")
    for blank in ("", "   ", "!"):
        with pytest.raises(ParseError, match="no action typed"):
            parse_action(s, blank)
    with pytest.raises(IllegalAction, match="chance outcome"):
        s.apply(Draw(3))
    with pytest.raises(IllegalAction, match="pass"):
        s.apply(Stand())


def test_json_rejects_impossible_states():
    data = worked_example().to_json()
    assert position_from_json(json.loads(json.dumps(data))) == worked_example()
    bad = dict(data, hands=["1,2,8,B", "1,10,B,B", "2,3,4", "7,7,8,8", "2,3,4,5,9"])
    with pytest.raises(InvalidState, match="holds 6 cards 9"):
        position_from_json(bad)
    six = dict(data, hands=["1,2,8,9,9,B", "1,10,B,B", "2,3,4", "7,7,8,8", "2,3,4,5"],
               pile={**data["pile"], "9": data["pile"]["9"] - 2})
    with pytest.raises(InvalidState, match="holds 6 cards; a hand never holds more than 5"):
        position_from_json(six)
    with pytest.raises(InvalidState, match="game"):
        position_from_json({"game": "bluff"})
    with pytest.raises(InvalidState, match="field 'rules' is missing"):
        position_from_json({"game": "bungee"})
    with pytest.raises(InvalidState, match="called Bungee and plays no more"):
        position_from_json(dict(data, callers=[0], to_act=[1, 2, 3, 4]))
    with pytest.raises(InvalidState, match="first still to act"):
        position_from_json(dict(data, to_move=1, callers=[0], to_act=[2, 3, 4]))
    with pytest.raises(InvalidState, match="worth more than 5"):
        position_from_json(dict(data, callers=[1], to_act=[2, 3, 4, 0]))


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_random_play_conserves_each_card_and_hands_never_exceed_five(seed, players):
    s = BungeeState.new(BungeeRules(players=players, rounds=2))
    rng = make_rng(seed)
    while not s.is_terminal():
        held = counts_of([c for h in s.hands for c in h] + list(s.discard)
                         + ([s.lucky] if s.lucky else []))
        assert tuple(a + b for a, b in zip(held, s.pile)) == DECK
        assert all(len(h) <= 5 for h in s.hands)
        legal = s.legal_actions()
        s = s.apply(sample(s.chance_outcomes(), rng) if s.is_chance_node()
                    else legal[int(rng.integers(len(legal)))])
    assert len(s.totals) == players


def test_json_rejects_states_whose_next_move_breaks_the_rules():
    full = table(["1,2,3,4,9", "5,5,6,7,7"]).to_json()
    with pytest.raises(InvalidState, match="about to draw"):
        position_from_json(dict(full, phase="draw"))        # the draw would make 6 cards
    with pytest.raises(InvalidState, match="about to draw"):
        position_from_json(dict(full, phase="draw", opened=False))
    deal = BungeeState.new(BungeeRules(players=3)).to_json()
    for field, value in (("to_act", [1]), ("skip", 2)):
        with pytest.raises(InvalidState, match="while dealing"):
            position_from_json(dict(deal, **{field: value}))
    empty = table(["7,7,7,7,7", "1,2,3,4"]).apply(Play(7, 5)).to_json()
    assert empty["hands"][0] == "" and position_from_json(empty)
    with pytest.raises(InvalidState, match="every hand holds a card"):
        position_from_json(dict(empty, to_move=1))          # player 0 would never draw
    later = play(table(["1,2", "9,9,10"], lucky=8, rounds=2), "bungee", "play 10", "draw 10")
    later = later.to_json()
    assert later["round"] == 2 and position_from_json(later)
    with pytest.raises(InvalidState, match="field 'last' must hold whole numbers 0-1, got 7"):
        position_from_json(dict(later, last=dict(later["last"], callers=[7])))
    with pytest.raises(InvalidState, match="totals are that round's scores"):
        position_from_json(dict(later, totals=[0, 0]))
    with pytest.raises(InvalidState, match="keeps the last round's result"):
        position_from_json(dict(later, last=None))
    with pytest.raises(InvalidState, match="every total is 0"):
        position_from_json(dict(full, totals=[3, 0]))
    first = dealt(lucky=9).to_json()
    with pytest.raises(InvalidState, match="player 0 opens the round"):
        position_from_json(dict(first, to_move=1))          # the dealer cannot open the round


# -- every field in every phase (issue 12 item 6) --------------------------------------------------
def _reached(rounds: int, seed: int, stop=lambda s: s.is_terminal()) -> BungeeState:
    """A state of a seeded random game of two players (the first where ``stop`` holds)."""
    s, rng = BungeeState.new(BungeeRules(players=2, rounds=rounds)), make_rng(seed)
    while not stop(s):
        legal = s.legal_actions()
        s = s.apply(sample(s.chance_outcomes(), rng) if s.is_chance_node()
                    else legal[int(rng.integers(len(legal)))])
    return s


def _phases() -> dict[str, BungeeState]:
    return {"deal": BungeeState.new(BungeeRules(players=2)),
            "turn": _reached(2, 1, lambda s: s.phase == "turn" and len(s.history) > 6),
            "round 2": _reached(2, 2, lambda s: s.round == 2 and s.phase == "turn"),
            "over": _reached(2, 3)}


@pytest.mark.parametrize("phase, changes, problem", [
    ("over", {"skip": 6}, "field 'skip' must hold whole numbers 0-5, got 6"),
    ("over", {"skip": 2}, "finished game shows the last round's hands"),
    ("over", {"to_act": [0]}, "finished game shows the last round's hands"),
    ("over", {"callers": [0, 0]}, "callers|finished game"),
    ("over", {"opened": False}, "finished game shows"),
    ("over", {"round": 1}, "belongs to the round before|a finished game"),
    ("deal", {"history": [[-1, "lucky card 3"]]}, "nothing has happened in the round"),
    ("turn", {"history": [[-1, "lucky card 3"]]}, "'lucky'|'discard'|'hands'"),
    ("turn", {"callers": [1], "to_act": [0]}, "'callers'|called|caller"),
    ("turn", {"history": [[0]]}, "field 'history' must list \\[player, action\\] pairs"),
    ("turn", {"history": [[5, "pass"]]}, "field 'history' names players 0-1"),
    ("turn", {"skip": float("inf")}, "field 'skip' holds inf"),
    ("round 2", {"totals": [-20, 0]}, "totals are that round's scores|cannot come from"),
])
def test_every_field_is_checked_in_every_phase(phase, changes, problem):
    assert_refused(_phases()[phase], changes, problem)


def test_the_history_must_show_the_discard_pile_and_hands_of_the_state():
    data = _phases()["turn"].to_json()
    history = data["history"]
    played = next(i for i, (p, a) in enumerate(history) if a.startswith("play"))
    for i, entry in [(played, [history[played][0], "play 10,10,10,10,10"]),
                     (played + 1, [history[played][0], "bungee"]), (0, [-1, "lucky card B"]),
                     (played, [history[played][0], "dance"])]:
        bad = {**data, "history": history[:i] + [entry] + history[i + 1:]}
        with pytest.raises(InvalidState, match="history|'discard'|'hands'|'callers'|'lucky'"):
            state_from_json(bad)


def test_totals_reachable_in_the_rounds_played():
    from bluffkit.games.bungee.serial import totals_reachable

    assert totals_reachable((-10, 50), 1) and not totals_reachable((-10, 51), 1)
    assert totals_reachable((-20, 0, 3), 2) and not totals_reachable((-20, -10, 3), 2)
    assert not totals_reachable((-5, 5), 1) and totals_reachable((0, 0), 0)


def test_the_history_must_keep_the_turn_order():
    data = _phases()["turn"].to_json()
    history = data["history"]
    i = next(i for i, (p, a) in enumerate(history)
             if a.startswith("play") and "," not in a and history[i + 1] == [p, "draws a card"])
    other = 1 - history[i][0]
    bad = history[:i] + [[other, history[i][1]], [other, "draws a card"]] + history[i + 2:]
    with pytest.raises(InvalidState, match="out of turn"):
        state_from_json({**data, "history": bad})


def test_a_skipped_player_is_told_why():
    from bluffkit.games.bungee.text import seen_moves

    s = table(["6,9,9,9,9", "2,3,4,5,7", "2,3,4,5,7"]).apply(Play(6, 1))
    after = s.apply(Draw(2))
    seen = seen_moves(s, Draw(2), after, viewer=1)
    assert (1, "skipped: each 6 played skips the next player") in seen


def test_a_saved_game_is_played_again_from_the_start():
    """Issue 12: a history without its lucky-card entry first was taken for a position set up
    for analysis, and only the form of its entries was checked, so deleting the first entry of
    a real state skipped the replay. A game's state keeps the cards taken from the draw pile
    (``dealt``) and the rounds played (``past``); loading plays the whole game again through
    the engine. Positions set up for analysis load with ``position_from_json``."""
    s = _reached(3, 5, lambda s: s.round == 2 and s.phase == "turn" and len(s.history) > 8)
    data = s.to_json()
    assert state_from_json(data) == s
    for changed in ({"history": data["history"][1:]}, {"history": data["history"][:-1]},
                    {"dealt": data["dealt"][2:]}, {"past": []},
                    {"past": [{**data["past"][0], "history": data["past"][0]["history"][1:]}]},
                    {"past": [{**data["past"][0], "dealt": data["past"][0]["dealt"][::-1]}]}):
        with pytest.raises(InvalidState):
            state_from_json({**data, **changed})
    from bluffkit.games.bungee import position_from_json

    pile = tuple(k - n for k, n in zip(DECK, counts_of((1, 2, 9, 9, 10, 8))))
    table = BungeeState(BungeeRules(players=2), "turn", 0, (parse_cards("1,2"),
                        parse_cards("9,9,10")), pile, lucky=8, opened=True, totals=(0, 0))
    assert position_from_json(table.to_json()) == table
    with pytest.raises(InvalidState, match="set up for analysis|'hands'|dealt"):
        state_from_json(table.to_json())
