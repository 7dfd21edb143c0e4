"""Bluff's engine against the rules digest (``shared/rules/README.md`` section 1) and the
rulebook's worked examples: the bid ladder, raises, text forms, challenges, elimination, the
start roll and the end of the game. The expansion, JSON and observations are in
``test_bluff_show.py`` and ``test_bluff_serial.py``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.core import CHANCE, TERMINAL, IllegalAction, InvalidRules, ParseError
from bluffkit.games.bluff import (
    DIGITS,
    STAR,
    Bid,
    BluffRules,
    BluffState,
    Challenge,
    Roll,
    StartRoll,
    all_bids,
    count_matching,
    ladder,
    parse_action,
    parse_dice,
    position,
    raises_of,
    why_not_raise,
)


def board(max_star: int) -> list[str]:
    """The board's boxes written out independently: digit 2s-1, star s, digit 2s, in turn."""
    return [name for s in range(1, max_star + 1) for name in (str(2 * s - 1), f"*{s}", str(2 * s))]


def deal(hands, **options) -> BluffState:
    """A round in its bidding phase with the given dice under the cups."""
    s = position(hands, **options)
    assert s.phase == "bid" and s.current_player() == s.opener
    return s


def bids(state: BluffState, *texts: str) -> BluffState:
    for text in texts:
        state = state.apply(parse_action(state, text))
    return state


# -- the ladder -----------------------------------------------------------------------------------
def test_the_board_has_thirty_boxes_from_1_to_20():
    boxes = ladder(20)
    assert len(boxes) == 30
    assert boxes[:8] == ["1", "*1", "2", "3", "*2", "4", "5", "*3"]
    assert boxes[-3:] == ["19", "*10", "20"]
    assert boxes == board(10)


def test_the_ladder_goes_on_past_20_the_same_way():
    assert ladder(24)[30:] == ["21", "*11", "22", "23", "*12", "24"]
    assert ladder(40) == board(20)


@pytest.mark.parametrize("s", range(1, 21))
def test_star_box_s_sits_between_digit_boxes_2s_minus_1_and_2s(s):
    for d in DIGITS:
        assert Bid(2 * s - 1, d).box + 1 == Bid(s, STAR).box == Bid(2 * s, d).box - 1


def test_bids_sort_in_ladder_order_digits_within_a_box():
    names = []
    for b in all_bids(12):
        if b.box > Bid(12, 1).box:
            continue
        name = f"*{b.count}" if b.is_star else str(b.count)
        if not names or names[-1] != name:
            names.append(name)
    assert names == board(6)
    assert [str(b) for b in all_bids(2)[:8]] == [
        "1x1", "1x2", "1x3", "1x4", "1x5", "1x*", "2x1", "2x2"]


def _rulebook_raises(bid: Bid, previous: Bid) -> bool:
    """The raise rule read off the board: a later box, or the same digit box and a higher digit."""
    names = board(20)
    here = names.index(f"*{previous.count}" if previous.is_star else str(previous.count))
    there = names.index(f"*{bid.count}" if bid.is_star else str(bid.count))
    return there > here or (there == here and not bid.is_star and bid.face > previous.face)


def test_raise_legality_matches_the_board_for_every_pair_of_bids():
    every = all_bids(14)
    for bid, previous in itertools.product(every, every):
        assert bid.raises(previous) == _rulebook_raises(bid, previous), (bid, previous)
        assert (why_not_raise(bid, previous) is None) == bid.raises(previous)
    assert all(b.raises(None) for b in every)  # any bid opens a round


def test_8x4_to_5_stars_is_the_smallest_star_raise():
    star_raises = [b for b in raises_of(Bid(8, 4), 30) if b.is_star]
    assert star_raises[0] == Bid(5, STAR) == Bid.parse("5x*")
    assert not Bid(4, STAR).raises(Bid(8, 4))


@pytest.mark.parametrize("previous, bid", [
    ("3x3", "3x4"), ("3x2", "3x5"),      # same box, red die turned to a higher digit
    ("5x5", "6x2"),                      # rulebook: 5 dice at 5 points -> 6 dice at 2 points
    ("5x5", "6x1"), ("3x5", "2x*"),      # forward to any later box
    ("2x*", "4x1"), ("2x*", "3x*"),      # from a star box forward
    ("19x5", "10x*"), ("10x*", "20x1"), ("20x5", "21x1"),
    ("21x3", "11x*"), ("11x*", "22x1"), ("23x5", "12x*"),
])
def test_legal_raises(previous, bid):
    assert Bid.parse(bid).raises(Bid.parse(previous))


@pytest.mark.parametrize("previous, bid, rule", [
    ("5x3", "4x2", "4x2 does not raise 5x3: box 4 comes before box 5 on the ladder"),
    ("3x4", "3x2", "same box the red die must turn to a higher digit"),
    ("3x4", "3x4", "same box the red die must turn to a higher digit"),
    ("8x4", "4x*", "box *4 comes before box 8"),
    ("2x*", "2x*", "star box *2, which holds only star bids"),
    ("2x*", "3x5", "box 3 comes before box *2"),
])
def test_illegal_raises_are_rejected_with_the_rule_named(previous, bid, rule):
    s = bids(deal(["1,2,3,4,5", "1,2,3,4,5", "*,*,*,*,*"]), previous)
    before = s.to_json()
    with pytest.raises(IllegalAction, match=rule.replace("*", r"\*")) as e:
        s.apply(Bid.parse(bid))
    assert "a raise" in str(e.value)  # and the fix: what a raise may be
    assert s.to_json() == before
    assert Bid.parse(bid) not in s.legal_actions()


def test_the_same_box_message_lists_the_higher_digits():
    assert "(5x4 or 5x5)" in why_not_raise(Bid(4, 2), Bid(5, 3))
    assert "higher digit" not in why_not_raise(Bid(4, 2), Bid(5, 5)).split(";")[1]


def test_a_bid_may_not_claim_more_dice_than_are_in_play():
    s = deal(["1,2", "3,4"])
    with pytest.raises(IllegalAction, match="only 4 are in play") as e:
        s.apply(Bid(5, 1))
    assert "decision: a bid can claim at most the dice in play" in str(e.value)
    assert max(b.count for b in s.legal_actions()) == 4
    assert s.legal_actions() == raises_of(None, 4)


def test_legal_actions_are_every_raise_then_challenge():
    s = bids(deal(["1,2,3", "4,5,*"]), "5x4")
    # star bids may go past digit box 6: 4, 5 or 6 stars among 6 dice can happen
    assert [str(a) for a in s.legal_actions()] == [
        "5x5", "3x*", "6x1", "6x2", "6x3", "6x4", "6x5", "4x*", "5x*", "6x*", "challenge"]
    assert Challenge() not in deal(["1", "2"]).legal_actions()  # the opener must bid
    with pytest.raises(IllegalAction, match="must bid"):
        deal(["1", "2"]).apply(Challenge())


# -- text -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, bid", [
    ("7x3", Bid(7, 3)), ("5x*", Bid(5, STAR)), ("5x★", Bid(5, STAR)), (" 5 X * ", Bid(5, STAR)),
    ("12×1", Bid(12, 1)), ("3x6", Bid(3, STAR)),
])
def test_bids_parse(text, bid):
    assert Bid.parse(text) == bid


def test_every_bid_reads_back_from_its_text():
    for b in all_bids(30):
        assert Bid.parse(str(b)) == b
    assert str(Bid(7, 3)) == "7x3" and str(Bid(5, STAR)) == "5x*"


@pytest.mark.parametrize("text", ["", "7", "x3", "7x", "7x7", "7x0", "0x3", "-1x3", "7y3",
                                  "sevenx3", "7x3x", "7x3 4x2", "1.5x3"])
def test_bad_bid_text_is_a_parse_error(text):
    with pytest.raises(ParseError, match="bid|count|face"):
        Bid.parse(text)


def test_parse_action_reads_every_kind_of_move():
    s = deal(["1", "2"])
    assert parse_action(s, "challenge") == parse_action(s, "C") == Challenge()
    assert parse_action(s, "7x3") == Bid(7, 3)
    with pytest.raises(ParseError, match="not an action"):
        parse_action(s, "pass")


def test_dice_text():
    assert parse_dice("3,3,*") == parse_dice("*, 3 3") == (3, 3, STAR)
    with pytest.raises(ParseError, match="not a Bluff die face"):
        parse_dice("3,7")


def test_bids_reject_impossible_values():
    with pytest.raises(IllegalAction, match="count"):
        Bid(0, 3)
    for face in (7, True, 3.0, "3"):
        with pytest.raises(IllegalAction, match="face"):
            Bid(3, face)


# -- challenges -----------------------------------------------------------------------------------
def test_stars_are_wild_for_digits_but_not_for_stars():
    assert count_matching((2, 2, STAR, 3), 2) == 3
    assert count_matching((2, 2, STAR, 3), STAR) == 1
    assert count_matching((2, 2, STAR, 3), 5) == 1


def test_rulebook_10x2_with_12_matching_costs_the_doubter_2_dice():
    # 8 twos and 4 stars: 12 dice count as 2 (the digest corrects the rulebook's "12 x 2")
    s = deal(["2,2,2,2,*", "2,2,2,*,1", "2,*,*,3,3"])
    s = bids(s, "10x2", "challenge")
    assert s.last.count == 12
    assert s.last.losses == (0, 2, 0)
    assert s.dice == (5, 3, 5) and s.lost == (0, 2, 0)
    assert s.last.winner == 0 and s.opener == 0  # the bidder won and opens the next round
    assert "challenger loses" in s.last.outcome


def test_rulebook_8_stars_exactly_costs_everyone_but_the_bidder_one_die():
    s = deal(["*,*,*,1,2", "*,*,*,3,4", "*,*,5,5,1", "1,2,3,4,5"], opener=1)
    s = bids(s, "8x*", "challenge")  # player 1 bids, player 2 challenges
    assert s.last.count == 8
    assert s.last.losses == (1, 0, 1, 1)
    assert s.dice == (4, 5, 4, 4)
    assert s.opener == 1
    assert "exactly right" in s.last.outcome


def test_a_bid_above_the_count_costs_the_bidder_the_difference():
    s = deal(["3,3,1", "3,*,2", "4,4,4"])
    s = bids(s, "7x3", "challenge")  # 4 dice count as 3
    assert s.last.count == 4 and s.last.losses == (3, 0, 0)
    assert s.dice == (0, 3, 3)
    assert s.last.winner == 1 and s.opener == 1  # the challenger won and opens
    assert "bidder loses" in s.last.outcome


def test_losses_are_capped_at_the_dice_held():
    s = deal(["1,1", "2,2,2,2,2"], starting_dice=(2, 5))
    s = bids(s, "7x1", "challenge")  # 2 ones against 7: the bidder owes 5 but holds 2
    assert s.last.losses == (2, 0)
    assert s.is_terminal() and s.winner() == 1 and s.returns() == (0, 1)
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply(Bid(1, 1))


def test_an_eliminated_player_no_longer_rolls_nor_bids():
    s = deal(["1", "2,2", "2,*"])
    s = bids(s, "1x1", "2x2", "3x2", "challenge")  # P0 challenges 3x2 with 4 matching
    assert s.last.challenger == 0 and s.last.losses == (1, 0, 0)
    assert s.dice == (0, 2, 2) and s.active_players() == [1, 2]
    assert s.opener == 2  # the bidder won
    assert s.current_player() == CHANCE and s.to_move == 1  # player 0 does not roll
    s = s.apply(Roll((1, 1))).apply(Roll((4, 5)))
    assert s.current_player() == 2
    s = bids(s, "1x3")
    assert s.current_player() == 1  # player 0 is skipped
    s = bids(s, "1x4")
    assert s.current_player() == 2
    s = bids(s, "2x1", "challenge")  # exactly 2 ones: only player 1 pays, player 0 is out
    assert s.last.losses == (0, 1, 0) and s.dice == (0, 1, 2)


def test_the_game_ends_when_one_player_has_dice():
    s = deal(["*", "1,2,3"], starting_dice=(1, 3))
    s = bids(s, "1x*", "2x1", "challenge")  # P1 bids 2x1 with 2 matching; P0 challenges
    assert s.last.count == 2 and s.last.losses == (1, 0)
    assert s.is_terminal() and s.winner() == 1 and s.returns() == (0, 1)
    assert s.dice == (0, 3) and s.lost == (1, 0)


@given(hands=st.lists(st.lists(st.sampled_from([1, 2, 3, 4, 5, STAR]), min_size=1, max_size=5),
                      min_size=2, max_size=4),
       face=st.sampled_from([1, 2, 3, 4, 5, STAR]), data=st.data())
def test_challenges_cost_exactly_the_rulebook_dice(hands, face, data):
    s = deal([",".join(map(str, h)) for h in hands], starting_dice=tuple(map(len, hands)))
    count = data.draw(st.integers(1, sum(map(len, hands))))
    before = s.dice
    s = bids(s, f"{count}x{face}", "challenge")
    a = sum(count_matching(h, face) for h in hands)
    expected = [0] * len(hands)
    if count < a:
        expected[1] = a - count
    elif count == a:
        expected = [0] + [1] * (len(hands) - 1)
    else:
        expected[0] = count - a
    expected = tuple(min(e, d) for e, d in zip(expected, before))
    assert s.last.count == a and s.last.losses == expected
    assert tuple(d - lost for d, lost in zip(before, expected)) == s.dice


# -- start roll -----------------------------------------------------------------------------------
def test_the_highest_start_total_opens():
    s = BluffState.new(BluffRules(players=3))
    assert s.is_chance_node() and s.phase == "start"
    s = s.apply(StartRoll(12)).apply(StartRoll(20)).apply(StartRoll(9))
    assert s.phase == "roll" and s.opener == 1 and s.round == 1


def test_tied_leaders_roll_again_alone():
    s = BluffState.new(BluffRules(players=3))
    s = s.apply(StartRoll(20)).apply(StartRoll(9)).apply(StartRoll(20))
    assert s.phase == "start" and s.contenders == (0, 2)
    s = s.apply(StartRoll(11)).apply(StartRoll(14))
    assert s.phase == "roll" and s.opener == 2


def test_start_totals_are_the_sum_of_five_dice_stars_counting_six():
    outcomes = dict(BluffState.new().chance_outcomes())
    assert min(o.total for o in outcomes) == 5 and max(o.total for o in outcomes) == 30
    assert outcomes[StartRoll(30)] == Fraction(1, 6**5)
    assert outcomes[StartRoll(6)] == Fraction(5, 6**5)


def _start_probabilities(root: BluffState) -> dict[int, Fraction]:
    """P(each player opens), solved exactly from the chance tree: a tie among all the contenders
    comes back to ``root``, a loop of probability ``loop`` summed as a geometric series."""
    opens: dict[int, Fraction] = {}
    loop = Fraction(0)
    frontier = [(root, Fraction(1))]
    while frontier:
        s, p = frontier.pop()
        for outcome, q in s.chance_outcomes():
            child = s.apply(outcome)
            if child == root:
                loop += p * q
            elif child.phase != "start":
                opens[child.opener] = opens.get(child.opener, 0) + p * q
            elif not child.start_totals:  # fewer contenders roll again: a smaller tree
                for player, r in _start_probabilities(child).items():
                    opens[player] = opens.get(player, 0) + p * q * r
            else:
                frontier.append((child, p * q))
    return {player: r / (1 - loop) for player, r in sorted(opens.items())}


@pytest.mark.parametrize("players, dice", [(2, 1), (3, 1), (2, 2)])
def test_every_player_is_equally_likely_to_open(players, dice):
    probs = _start_probabilities(BluffState.new(BluffRules(players=players, dice_per_player=dice)))
    assert probs == {p: Fraction(1, players) for p in range(players)}


def test_a_player_with_more_dice_opens_more_often():
    probs = _start_probabilities(BluffState.new(BluffRules(players=2, starting_dice=(2, 1))))
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    wins = sum(1 for x in two for y in range(1, 7) if x > y)
    losses = sum(1 for x in two for y in range(1, 7) if x < y)
    assert probs == {0: Fraction(wins, wins + losses), 1: Fraction(losses, wins + losses)}


def test_opener_rule_skips_the_start_roll():
    s = BluffState.new(BluffRules(players=2, opener=1))
    assert s.phase == "roll" and s.opener == 1 and s.to_move == 0


def test_a_round_rolls_every_players_dice_then_the_opener_bids():
    s = BluffState.new(BluffRules(players=2, dice_per_player=2, opener=1))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21  # multisets of 2 dice among 6 faces
    assert dict(outcomes)[Roll((3, 3))] == Fraction(1, 36)
    assert dict(outcomes)[Roll((1, STAR))] == Fraction(2, 36)
    s = s.apply(Roll((1, 2))).apply(Roll((3, 3)))
    assert s.current_player() == 1 and s.hidden == ((1, 2), (3, 3))
    with pytest.raises(IllegalAction, match="not a possible chance outcome"):
        BluffState.new(BluffRules(players=2, dice_per_player=2, opener=1)).apply(Roll((1, 2, 3)))


# -- rules options --------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, named", [
    ({"players": 1}, "players"), ({"players": 7}, "players"), ({"players": "4"}, "players"),
    ({"dice_per_player": 0}, "dice_per_player"), ({"dice_per_player": 6}, "dice_per_player"),
    ({"starting_dice": (5, 5)}, "starting_dice"),
    ({"starting_dice": (5, 0, 5, 5)}, "starting_dice"),
    ({"opener": 4}, "opener"), ({"opener": -1}, "opener"),
    # types: JSON "false" must not switch the expansion on, nor true count as one die
    ({"show_and_reroll": "false"}, "show_and_reroll"), ({"show_and_reroll": 1}, "show_and_reroll"),
    ({"dice_per_player": True}, "dice_per_player"), ({"opener": True}, "opener"),
    ({"players": 2, "starting_dice": (True, 2)}, "starting_dice"),
    ({"starting_dice": 5}, "starting_dice"),
])
def test_impossible_rules_are_rejected_naming_the_parameter(kwargs, named):
    with pytest.raises(InvalidRules, match=named):
        BluffRules(**kwargs)


def test_position_builds_a_round_from_text():
    s = position(["2,2,*", "1,4,5", "3"], ["3x2", "4x2"], opener=1)
    assert s.rules.starting_dice == (3, 3, 1) and s.hidden == ((2, 2, STAR), (1, 4, 5), (3,))
    assert s.bid == Bid(4, 2) and s.bidder == 2 and s.current_player() == 0
    assert position(["1,2"] * 3).rules == BluffRules(players=3, dice_per_player=2, opener=0)
    with pytest.raises(ParseError, match="not a Bluff die face"):
        position(["1,7", "2,2"])
    with pytest.raises(IllegalAction, match="does not raise"):
        position(["1,2", "2,2"], ["2x2", "1x5"])
