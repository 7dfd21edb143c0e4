"""Jungle Bluff engine: the rulebook's worked example, every special-card pairing, combined cards,
what each player observes, the end of a round, the final round, scoring, errors and JSON."""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from bluffkit.core import IllegalAction, InvalidRules, InvalidState, ParseError, random_playthrough
from bluffkit.games import find_game
from bluffkit.games.jungle_bluff import (
    Card,
    Challenge,
    Deal,
    Duel,
    FirstPlayer,
    JungleRules,
    JungleState,
    Play,
    Take,
    all_cards,
    cards_text,
    duel_winner,
    parse_card,
    parse_cards,
    state_from_json,
)

from .conftest import assert_refused

CAMILLE, SACHA, LOU, ALIX = range(4)


def play(state, *texts):
    for t in texts:
        state = state.apply(state.parse_action(t))
    return state


def worked_example():
    """Score cards 10, 4, 2, 6; Camille takes 10, Sacha 6, Lou challenges Camille with 8 vs 5,
    Alix challenges Lou with 8 vs 8 and wins (the rulebook's four-player example)."""
    rules = JungleRules(players=4)
    s = JungleState.new(rules).apply(Deal(parse_cards("2,4,6,10"))).apply(FirstPlayer(CAMILLE))
    s = play(s, "play 5", "play 3", "play 8", "play 8")  # Camille, Sacha, Lou, Alix
    return play(s, "take 10", "take 6")


def test_rulebook_worked_example():
    s = worked_example()
    assert s.phase == "bluff" and s.to_move == LOU
    s = s.apply(Challenge(CAMILLE))
    assert s.held[LOU] == (Card(10),) and s.held[CAMILLE] == ()
    assert s.moves[-1] == Duel(LOU, CAMILLE, (Card(10),), LOU, Card(8), Card(5))
    s = s.apply(Challenge(LOU))  # 8 vs 8: ties go to the challenger
    assert s.round == 2 and s.phase == "choose"
    assert [cards_text(p) for p in s.piles] == ["", "6", "", "10"]
    assert s.first == ALIX
    assert s.centre == parse_cards("3,5,8,8")  # the four strength cards are the next score cards
    assert set(parse_cards("2,4")) <= set(s.out)  # leftovers leave the game
    assert s.history[0].won == ((), (Card(6),), (), (Card(10),))


def test_challenge_cards_are_seen_by_the_two_players_only():
    s = worked_example().apply(Challenge(CAMILLE))
    lou, camille, sacha = (s.observation(p).moves[-1] for p in (LOU, CAMILLE, SACHA))
    assert (lou.challenger_card, lou.defender_card) == (Card(8), Card(5))
    assert camille == lou
    assert (sacha.challenger_card, sacha.defender_card) == (None, None)
    assert sacha.winner == LOU  # the result is public
    s = s.apply(Challenge(LOU))
    past = s.observation(SACHA).history[0]
    assert past.strength == (None, Card(3), None, None)
    assert past.played == parse_cards("3,5,8,8")  # the next score cards are public
    assert s.observation(CAMILLE).history[0].strength == (Card(5), None, Card(8), None)
    assert s.observation(ALIX).history[0].strength == (None, None, Card(8), Card(8))


def test_strength_choices_stay_secret():
    s = JungleState.setup(JungleRules(players=3), ["1,2", "3,4", "5,6"], "7,8,9", first=1)
    s = play(s, "play 4")
    assert s.to_move == 2
    seen = s.observation(2)
    assert seen.my_strength is None and seen.placed == (False, True, False)
    assert "4" not in json.dumps(seen.to_json()["placed"])
    assert s.observation(1).my_strength == Card(4)


# Rows: challenger; columns: defender. C challenger wins, D defender wins, - nobody (alpha vs
# alpha). Written from the rulebook's page on special cards, one card at a time.
ORDER = ["1o", "1", "2", "3", "4", "5", "5r", "6", "7", "8", "9", "9n", "10", "10a"]
TABLE = """
1o  C C D D D D C D D D D C C C
1   C C D D D D C D D D D C D D
2   C C C D D D C D D D D C D D
3   C C C C D D C D D D D C D D
4   C C C C C D C D D D D C D D
5   C C C C C C C D D D D C D D
5r  D D D D D C C C C C C D C C
6   C C C C C C D C D D D C D D
7   C C C C C C D C C D D C D D
8   C C C C C C D C C C D C D D
9   C C C C C C D C C C C C D D
9n  C C C C C C D C C C C C D D
10  D C C C C C D C C C C C C C
10a D C C C C C D C C C C C C -
"""
WORD = {"C": "challenger", "D": "defender", "-": "nobody"}
PAIRS = [(row.split()[0], d, WORD[r]) for row in TABLE.strip().splitlines()
         for d, r in zip(ORDER, row.split()[1:])]


@pytest.mark.parametrize("challenger,defender,winner", PAIRS)
def test_every_pairing_in_a_challenge(challenger, defender, winner):
    assert duel_winner(parse_card(challenger), parse_card(defender)) == winner


ALL_SPECIAL = JungleRules(players=2, special_cards=("optimistic", "reversed", "nervous", "alpha"))
DECK = [str(c) for c in ALL_SPECIAL.deck()]


@pytest.mark.parametrize("challenger", DECK)
@pytest.mark.parametrize("defender", DECK)
def test_every_pairing_through_the_engine(challenger, defender):
    """Player 0 takes the 4 with ``defender`` down; player 1 challenges with ``challenger``."""
    s = JungleState.setup(ALL_SPECIAL, [defender, challenger], "4,7", first=0)
    s = play(s, f"play {defender}", f"play {challenger}", "take 4", "challenge 0")
    winner = dict(((c, d), w) for c, d, w in PAIRS)[(challenger, defender)]
    expected = {"challenger": ["", "4"], "defender": ["4", ""], "nobody": ["", ""]}[winner]
    assert [cards_text(p) for p in s.piles] == expected
    if winner == "nobody":  # the score card went back to the centre, then left the game
        assert Card(4) in s.out


def test_standard_and_special_cards_of_one_value_meet_in_the_final_round():
    """Score piles can hold the spare deck's standard 10 and a player's alpha 10."""
    rules = JungleRules(players=2, special_cards=("alpha",))
    s = JungleState.setup(rules, ["", ""], "3,10a", piles=["10a", "10"], first=0)
    assert s.final
    s = play(s, "play 10a", "play 10", "take 3", "challenge 0")
    assert s.phase == "over" and s.piles == ((), (Card(3),))  # 10 vs alpha 10: a tie
    assert s.returns() == (Fraction(0), Fraction(1))


def test_alpha_against_alpha_sends_the_card_back_for_the_others():
    rules = JungleRules(players=3, special_cards=("alpha",))
    s = JungleState.setup(rules, ["10a,2", "10a,3", "4,5"], "6,7,8", first=0)
    s = play(s, "10a", "10a", "4", "take 8", "challenge 0")
    assert s.held == ((), (), ()) and s.centre == parse_cards("6,7,8")
    assert s.moves[-1].winner is None
    s = play(s, "take 8")
    assert s.piles == ((), (), (Card(8),)) and s.first == 2


def test_combined_cards_move_as_one_stack():
    rules = JungleRules(players=3, combined=True)
    s = JungleState.setup(rules, ["1,2", "3,4", "5,6"], "3,3,3", first=0)
    s = play(s, "1", "3", "6")
    assert [str(a) for a in s.legal_actions()] == ["take 3", "take 3+3", "take 3+3+3"]
    s = play(s, "take 3+3+3")
    assert s.centre == () and [str(a) for a in s.legal_actions()] == ["challenge 0"]
    s = play(s, "challenge 0", "challenge 1")
    assert s.piles == ((), (), parse_cards("3,3,3"))
    with pytest.raises(IllegalAction, match="combined-cards variant"):
        JungleState.setup(JungleRules(players=3), ["1,2", "3,4", "5,6"], "3,3,3").apply(
            Play(Card(1))).apply(Play(Card(3))).apply(Play(Card(5))).apply(Take(parse_cards(
                "3,3")))


def test_combined_cards_may_not_exceed_ten():
    rules = JungleRules(players=3, combined=True)
    s = play(JungleState.setup(rules, ["1", "2", "3"], "6,6,2", first=0), "1", "2", "3")
    assert "take 6+6" not in [str(a) for a in s.legal_actions()]
    with pytest.raises(IllegalAction, match="more than 10"):
        s.apply(Take(parse_cards("6,6")))


def test_a_player_can_be_challenged_several_times_and_the_first_must_take():
    s = JungleState.setup(JungleRules(players=4), ["9", "2", "3", "4"], "5,6,7,8", first=0)
    s = play(s, "9", "2", "3", "4")
    assert all(isinstance(a, Take) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="holds no score card"):
        s.apply(Challenge(1))
    s = play(s, "take 8", "challenge 0", "challenge 0", "challenge 0")
    assert s.piles[0] == (Card(8),) and s.final and s.first == 0


def test_next_first_player_tie_goes_to_who_took_their_highest_card_first():
    s = JungleState.setup(JungleRules(players=3), ["9,1", "9,2", "9,3"], "10,10,10", first=0)
    s = play(s, "1", "2", "9", "take 10", "take 10", "challenge 0")
    # player 2 won their 10 after player 1 took theirs
    assert s.first == 1
    s = JungleState.setup(JungleRules(players=3), ["9,1", "9,2", "9,3"], "10,4,10", first=1)
    s = play(s, "2", "3", "1", "take 4", "take 10", "take 10")
    assert s.first == 2


def test_final_round_uses_score_piles_and_empty_piles_sit_out():
    rules = JungleRules(players=3)
    s = JungleState.setup(rules, ["", "", ""], "2,5,9", piles=["", "3,8", "7"], first=0)
    assert s.final and s.order() == [1, 2]
    assert [str(a) for a in s.legal_actions()] == ["play 3", "play 8"]
    s = play(s, "8", "7", "take 9", "challenge 1")
    assert s.phase == "over"
    assert s.piles == ((), (Card(3), Card(9)), ())  # strength cards 8 and 7 left the game
    assert s.scores() == (0, 12, 0) and s.returns() == (0, 1, 0)
    assert s.conserved() == 4 * 10


def test_shared_wins():
    s = JungleState.setup(JungleRules(players=3), ["", "", ""], "4,6,9", piles=["", "5", "9"],
                          first=2)
    s = play(s, "9", "5", "take 4", "take 6")
    assert s.scores() == (0, 6, 4)
    s = JungleState.setup(JungleRules(players=2), ["", ""], "2,6", piles=["3", "4"], first=0)
    s = play(s, "3", "4", "take 6", "take 2")
    assert s.scores() == (6, 2)
    s = JungleState.setup(JungleRules(players=2), ["", ""], "2,6", piles=["3,2", "4,7"], first=0)
    s = play(s, "3", "7", "take 6", "take 2")
    assert s.scores() == (8, 6)
    s = JungleState.setup(JungleRules(players=2), ["", ""], "4,6", piles=["3,6", "4,7"], first=0)
    s = play(s, "3", "7", "take 4", "take 6")
    assert s.scores() == (10, 10) and s.returns() == (Fraction(1, 2), Fraction(1, 2))


def test_a_random_game_has_ten_rounds_and_a_final_round_and_keeps_every_card():
    rules = JungleRules(players=5)
    state, trajectory = random_playthrough(JungleState.new(rules), seed=7)
    assert [r.number for r in state.history] == list(range(1, 12))
    assert state.conserved() == 6 * 10 and len(all_cards(rules)) == 60
    assert sum(state.returns()) == 1
    assert sum(1 for p, _ in trajectory if p == -1) == 2  # the deal and the first player


def test_chance_nodes():
    s = JungleState.new(JungleRules(players=3))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 120 and sum(p for _, p in outcomes) == 1
    s = s.apply(Deal(parse_cards("1,5,9")))
    assert s.chance_outcomes() == [(FirstPlayer(p), Fraction(1, 3)) for p in range(3)]
    assert JungleState.new(JungleRules(players=3, first_player=2)).apply(
        Deal(parse_cards("1,5,9"))).to_move == 2


def test_errors_name_the_rule():
    s = JungleState.setup(JungleRules(players=2), ["3,8", "5,9"], "4,7", first=0)
    with pytest.raises(IllegalAction, match="no 4 in their hand"):
        s.apply(Play(Card(4)))
    with pytest.raises(IllegalAction, match="must choose one now"):
        s.apply(Take((Card(4),)))
    with pytest.raises(ParseError, match="not a Jungle Bluff action"):
        s.parse_action("fold")
    with pytest.raises(InvalidRules, match="2-6 players"):
        JungleRules(players=7)
    with pytest.raises(InvalidRules, match="unknown special card"):
        JungleRules(special_cards=("lucky",))
    with pytest.raises(InvalidState, match="cannot all be in one game"):
        JungleState.setup(JungleRules(players=2), ["3,8", "5,9"], "9,9,9")
    s2 = play(s, "3", "5", "take 7")
    with pytest.raises(IllegalAction, match="already down"):
        s2.apply(Play(Card(8)))
    s3 = play(s2, "take 4")
    assert s3.phase == "choose" and s3.round == 10


def test_json_round_trip_and_corrupt_states():
    state, _ = random_playthrough(JungleState.new(JungleRules(players=3, combined=True)), seed=3)
    assert state_from_json(json.loads(json.dumps(state.to_json()))) == state
    s = worked_example()
    data = s.to_json()
    assert find_game("jungle-bluff").state_from_json(data) == s
    data["hands"][0] = "1,2,3"
    with pytest.raises(InvalidState, match="do not add up"):
        state_from_json(data)
    with pytest.raises(InvalidState, match="not a Jungle Bluff state"):
        state_from_json({"game": "bluff"})


def test_a_state_whose_cards_do_not_add_up_says_which_in_french_too():
    """The cards missing and extra are named, and "none" is said in the reader's language."""
    from bluffkit.i18n import language

    data = JungleState.setup(JungleRules(players=2), ["3,8", "5,9"], "4,7").to_json()
    lost = data | {"out": data["out"].rsplit(",", 1)[0]}  # one 10 gone
    extra = data | {"centre": "4,7,7"}
    said = {}
    for lang in ("en", "fr"):
        for name, bad in (("lost", lost), ("extra", extra)):
            with language(lang), pytest.raises(InvalidState) as refused:
                state_from_json(bad)
            said[lang, name] = str(refused.value)
    assert said["en", "lost"].endswith("(missing 10, extra none)")
    assert said["en", "extra"].endswith("(missing none, extra 7)")
    assert said["fr", "lost"].endswith("(il manque 10, en trop aucune)")
    assert said["fr", "extra"].endswith("(il manque aucune, en trop 7)")


def test_the_final_round_choice_stays_hidden_in_the_pile():
    s = JungleState.setup(JungleRules(players=2), ["", ""], "2,6", piles=["3,9", "4,7"], first=0)
    s = play(s, "9")
    assert s.piles[0] == (Card(3),)
    assert s.observation(1).piles[0] == parse_cards("3,9")  # still looks whole to player 1
    assert s.observation(0).piles[0] == (Card(3),)
    s = play(s, "4", "take 6", "take 2")
    assert s.observation(1).piles[0] == parse_cards("3,6")  # after the game: the real piles


# -- every field in every phase (issue 12 item 6) --------------------------------------------------
def _phases() -> dict[str, JungleState]:
    rules = JungleRules(players=2, top_card=4)
    deal = JungleState.new(rules)
    first = deal.apply(Deal(parse_cards("1,3")))
    choose = first.apply(FirstPlayer(1))
    bluff = play(choose, "play 2", "play 4")
    later = play(bluff, "take 3", "challenge 1")
    over, _ = random_playthrough(JungleState.new(rules), seed=5)
    return {"deal": deal, "first": first, "choose": choose, "bluff": bluff, "later": later,
            "over": over}


@pytest.mark.parametrize("phase, changes, problem", [
    ("deal", {"round": 3}, "spare deck is full and no round"),
    ("deal", {"first": 1}, "'first' is 1 but the game gives 0"),
    ("deal", {"moves": [{"take": 0, "cards": "1"}]}, "'moves'"),
    ("first", {"first": 1}, "'first' is 1 but the game gives 0"),
    ("first", {"score_cards": "2,4"}, "'score_cards'|'centre'|add up"),
    ("choose", {"first": 2}, "'first' must hold whole numbers 0-1"),
    ("choose", {"moves": [{"take": 1, "cards": "3"}]}, "'moves'|nobody takes|player 1"),
    ("bluff", {"strength": ["1", "2"]}, "do not add up"),
    ("bluff", {"strength": [None, "2"], "hands": ["1,2,3,4", "1,3,4"]}, "'phase'|'strength'"),
    ("later", {"history": []}, "round 2 comes after 1 finished rounds, but the history holds"),
    ("later", {"first": 1}, "'first' is 1 but the game gives 0"),
    ("over", {"round": 2}, "'round'|history round"),
    ("over", {"history": [[0]]}, "field 'history' must be an object with the fields"),
    ("over", {"moves": {"take": 0}}, "field 'moves' must be a list"),
    ("bluff", {"round": float("nan")}, "field 'round' holds nan"),
])
def test_every_field_is_checked_in_every_phase(phase, changes, problem):
    assert_refused(_phases()[phase], changes, problem)


def test_each_finished_round_must_follow_from_its_cards_and_moves():
    data = _phases()["over"].to_json()
    for key, value in [("first", 1 - data["history"][0]["first"]), ("won", ["", ""]),
                       ("played", "1,2"), ("number", 2), ("seated", [True, False])]:
        bad = copy.deepcopy(data)
        bad["history"][0][key] = value
        with pytest.raises(InvalidState):
            state_from_json(bad)
