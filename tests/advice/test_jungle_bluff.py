"""Jungle Bluff advice: the two-player round equilibrium (exact, and against brute-force best
responses, with payoffs checked against the engine), and the best response for more players."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from bluffkit.advice.jungle_bluff import advise, advise_round, round_game
from bluffkit.advice.jungle_bluff.two_player import (
    RoundGame,
    best_response_values,
    normal_form,
    pure_strategies,
    solve_round,
    solve_round_lp,
    strategy_value,
)
from bluffkit.core import Distribution, InvalidQuestion, make_rng
from bluffkit.games.jungle_bluff import (
    Card,
    JungleRules,
    JungleState,
    all_cards,
    parse_cards,
    points,
)
from bluffkit.games.jungle_bluff.actions import Challenge, Play, Take
from tests.conftest import printed_by_python

SPECIAL = JungleRules(players=2, special_cards=("optimistic", "reversed", "nervous", "alpha"))


def engine_payoff(game: RoundGame, strength, take, answer, rules) -> int:
    """The same round played by the engine: player 0's pile minus player 1's."""
    hands = [",".join(str(c) for c in game.options[p]) for p in (0, 1)]
    s = JungleState.setup(rules, hands, game.centre, first=game.first)
    for p in s.order():
        s = s.apply(Play(strength[p]))
    s = s.apply(take).apply(answer)
    return points(s.piles[0]) - points(s.piles[1])


def test_matching_pennies_round_by_hand():
    """Optimistic 1 or 9 against 10 or 5, one score card: the challenger wins with 10 against 9
    and with 5 against 1o, loses the other two pairings; value 0, every card half the time."""
    g = RoundGame.of("1o,9", "5,10", "4", first=0)
    eq = solve_round(g)
    assert eq.value == 0
    assert eq.strength[0] == {Card(1, True): Fraction(1, 2), Card(9): Fraction(1, 2)}
    assert eq.strength[1] == {Card(5): Fraction(1, 2), Card(10): Fraction(1, 2)}


def test_a_dominant_card_gives_a_pure_equilibrium():
    g = RoundGame.of("1,2", "1,2", "3,5", first=0)  # a 2 as challenger always wins
    eq = solve_round(g)
    assert eq.value == -3 and eq.strength[1][Card(2)] == 1
    assert eq.take[Card(1)][Take((Card(3),))] == 1 or eq.strength[0][Card(1)] == 0


def random_games(count, seed):
    """Small rounds with special cards: two hands of 2-4 cards (one size), 1-3 score cards of
    value 1-5 that can exist beside those hands."""
    rng = make_rng(seed)
    deck = SPECIAL.deck()
    for _ in range(count):
        size = int(rng.integers(2, 5))
        hands = [tuple(deck[int(i)] for i in sorted(rng.choice(len(deck), size=size,
                                                               replace=False))) for _ in (0, 1)]
        pool = list(all_cards(SPECIAL))
        for c in hands[0] + hands[1]:
            pool.remove(c)
        pool = [c for c in pool if c.value <= 5]
        picks = rng.choice(len(pool), size=int(rng.integers(1, 4)), replace=False)
        yield RoundGame(tuple(hands), tuple(sorted(pool[int(i)] for i in picks)),
                        int(rng.integers(2)), bool(rng.integers(2)))


@pytest.mark.parametrize("game", list(random_games(12, 4)), ids=lambda g: str(g.to_json()))
def test_round_equilibrium_against_brute_force_best_responses(game):
    eq = solve_round(game)
    assert best_response_values(eq) == (eq.value, eq.value)
    assert sum(eq.strength[0].values()) == 1 == sum(eq.strength[1].values())
    assert strategy_value(game, eq.strength, eq.take, eq.answer) == eq.value


@pytest.mark.parametrize("game", list(random_games(3, 9)), ids=lambda g: str(g.to_json()))
def test_round_payoffs_match_the_engine(game):
    rules = JungleRules(players=2, combined=game.combined, special_cards=SPECIAL.special_cards)
    for c0, c1 in product(*game.options):
        for t in game.takes():
            for a in game.answers(t):
                assert game.payoff((c0, c1), t, a) == engine_payoff(game, (c0, c1), t, a, rules)


def full_hand_games(count, seed):
    """Rounds as big as a real two-player game makes them: two full hands (10 cards), two score
    cards, special cards, the combined variant (three takes when the score cards pair) and the
    final round mixed in."""
    rng = make_rng(seed)
    for i in range(count):
        rules = JungleRules(players=2, special_cards=SPECIAL.special_cards if i % 2 else (),
                            combined=bool(i % 3 == 0))
        deck = rules.deck()
        if rules.combined:  # both played a v last round: the two v can be taken together
            value = int(rng.integers(1, 6))
            centre = (Card(value), Card(value))
            deck = tuple(c for c in deck if c.value != value)
        else:
            pool = list(all_cards(rules))
            for c in deck * 2:
                pool.remove(c)
            centre = tuple(sorted(pool[int(j)] for j in rng.choice(len(pool), 2, replace=False)))
        hands = (deck, deck) if i % 4 else tuple(
            tuple(sorted(deck[int(j)] for j in rng.choice(len(deck), 6, replace=False)))
            for _ in (0, 1))
        yield RoundGame(hands, centre, int(rng.integers(2)), rules.combined, final=i % 5 == 4)


@pytest.mark.parametrize("game", [*random_games(8, 11), *full_hand_games(10, 3)],
                         ids=lambda g: str(g.to_json()))
def test_the_matrix_solution_matches_scipys_lp(game):
    """The round solved without scipy (normal form, exact simplex) has the value of the
    sequence-form LP solved by HiGHS, and its strategies are an equilibrium of the full round
    (brute-force best responses over every pure strategy, dominated answers included)."""
    eq = solve_round.__wrapped__(game)
    assert eq.value == solve_round_lp(game).value
    assert best_response_values(eq) == (eq.value, eq.value)
    assert strategy_value(game, eq.strength, eq.take, eq.answer) == eq.value


def test_the_normal_form_leaves_out_only_the_smaller_takes():
    g = RoundGame.of("1,2", "3,4", "2,6,9", first=1)
    rows, cols, matrix = normal_form(g)
    assert rows == [(c, t) for c in g.options[1] for t in g.takes()]
    assert len(cols) == 2 * 2 ** 3  # 2 cards x (best take or challenge) after each of 3 takes
    answers = {a for _, plan in cols for _, a in plan}
    assert Take((Card(2),)) not in answers  # after 6 or 9 is taken, 9 or 6 is worth more
    for (cf, t), row in zip(rows, matrix):
        for (cs, plan), v in zip(cols, row):
            assert v == -g.payoff((cs, cf), t, dict(plan)[t])  # payoff to the first player


def test_advice_for_jungle_does_not_import_scipy():
    code = ("import sys\n"
            "from bluffkit.advice.jungle_bluff.two_player import RoundGame, solve_round\n"
            "deck = ','.join(str(v) for v in range(1, 11))\n"
            "solve_round(RoundGame.of(deck, deck, '4,7'))\n"
            "print(any(m.split('.')[0] == 'scipy' for m in sys.modules))")
    assert printed_by_python(code).strip() == "False"


def test_pure_strategies_are_all_counted():
    g = RoundGame.of("1,2,3", "4,5", "3,5", first=1)
    assert len(list(pure_strategies(g, 1))) == 2 * 2  # 2 cards x 2 takes
    assert len(list(pure_strategies(g, 0))) == 3 * 2 * 2  # 3 cards x 2 answers to each take


def play(s, *texts):
    for t in texts:
        s = s.apply(s.parse_action(t))
    return s


def test_two_player_advice_follows_the_equilibrium():
    s = JungleState.setup(JungleRules(players=2, special_cards=("optimistic", "alpha")),
                          ["1o,9", "5,10a"], "4", first=0)
    a = advise(s.observation(0), opponent_hand="5,10a")
    assert a.mix() == {Play(Card(1, True)): Fraction(1, 2), Play(Card(9)): Fraction(1, 2)}
    assert a.recommended.value == 0 and "mixed" in a.explanation
    s = play(s, "1o", "10a", "take 4")
    a = advise(s.observation(1), opponent_hand="1o,9")
    # against the equilibrium, player 0 holds 1o or 9 half the time each: 10a wins only vs 9
    values = {str(o.action): o.value for o in a.options}
    assert values == {"challenge 0": 0}
    assert round_game(s.observation(1), "1o,9") == RoundGame.of("1o,9", "5,10a", "4")


def test_two_player_advice_as_second_player_reads_the_take():
    s = JungleState.setup(JungleRules(players=2), ["2,9", "5,8"], "3,7", first=0)
    eq = solve_round(RoundGame.of("2,9", "5,8", "3,7"))
    s = play(s, "9", "8", "take 7")
    a = advise(s.observation(1), opponent_hand="2,9")
    values = {str(o.action): o.value for o in a.options}
    # brute force: expected payoff of each answer against the posterior of player 0's card
    weights = {c: eq.strength[0][c] * eq.take[c][Take((Card(7),))] for c in eq.strength[0]}
    total = sum(weights.values())
    for answer in (Take((Card(3),)), Challenge(0)):
        v = sum(w / total * eq.game.payoff((c, Card(8)), Take((Card(7),)), answer)
                for c, w in weights.items() if w)
        assert values[str(answer)] == -v
    assert a.recommended.value == max(values.values())


def test_many_player_advice_is_the_best_response_to_the_stated_belief():
    s = JungleState.setup(JungleRules(players=3), ["1,6", "2,5", "3,8"], "2,7,9", first=0)
    s = play(s, "1", "5", "8", "take 9")
    beliefs = {0: Distribution.uniform(parse_cards("1,6")),
               2: Distribution.uniform(parse_cards("3,8"))}
    a = advise(s.observation(1), beliefs)
    values = {str(o.action): o.value for o in a.options}
    assert values == {"take 2": 2, "take 7": 7, "challenge 0": Fraction(9, 2)}
    assert str(a.recommended.action) == "take 7" and "Best: take 7" in a.explanation
    a = advise(s.observation(1), {0: Distribution.point(Card(1)), 2: beliefs[2]})
    assert str(a.recommended.action) == "challenge 0"
    risky = advise(s.observation(1), beliefs, later_challenge=1)
    # player 2 challenges for sure: my 5 keeps the card against a 3, not an 8
    assert {str(o.action): o.value for o in risky.options}["take 7"] == Fraction(7, 2)


def test_many_player_bidding_rule_of_thumb():
    s = JungleState.setup(JungleRules(players=3), ["1,5,9", "2,6,7", "3,4,8"], "2,7,9")
    a = advise(s.observation(0))
    assert a.phase == "choose" and isinstance(a.recommended.action, Play)
    assert a.recommended.p_win >= Fraction(1, 2)
    lower = [o for o in a.options if o.action.card < a.recommended.action.card]
    assert all(o.p_win < Fraction(1, 2) for o in lower)


def test_advice_needs_my_turn():
    s = JungleState.setup(JungleRules(players=3), ["1,5,9", "2,6,7", "3,4,8"], "2,7,9")
    assert advise(s.observation(1)).phase == "choose"  # the choice is simultaneous
    s = play(s, "1", "2", "3")
    with pytest.raises(InvalidQuestion, match="not player 1's turn"):
        advise(s.observation(1))


def test_two_player_hands_come_from_the_history():
    rules = JungleRules(players=2, top_card=4)
    s = JungleState.setup(rules, ["1,2,3,4", "1,2,3,4"], "2,3", first=0)
    s = play(s, "1", "4", "take 3", "challenge 0")
    s = play(s, "2", "3")  # round 2: player 1 first
    obs = s.observation(1)
    assert s.history  # a real history: player 0 holds 2,3,4, player 1 holds 1,2,3
    assert round_game(obs) == RoundGame.of("2,3,4", "1,2,3", "1,4", first=1)
    assert str(advise(obs).recommended.action).startswith("take")


def test_final_round_payoff_counts_the_strength_cards_leaving_the_piles():
    rules = JungleRules(players=2)
    g = RoundGame.of("3,9", "2,8", "5", first=0, final=True)
    for c0, c1 in product(*g.options):
        for t in g.takes():
            for a in g.answers(t):
                s = JungleState.setup(rules, ["", ""], "5", piles=["3,9", "2,8"], first=0)
                start = (points(s.piles[0]), points(s.piles[1]))
                s = s.apply(Play(c0)).apply(Play(c1)).apply(t).apply(a)
                change = (points(s.piles[0]) - start[0]) - (points(s.piles[1]) - start[1])
                assert g.payoff((c0, c1), t, a) == change
    eq = solve_round(g)
    assert best_response_values(eq) == (eq.value, eq.value)
    # by hand: player 1 must challenge; payoffs (won - own card + their card), rows 3, 9 and
    # columns 2, 8: [[5-3+2, -5-3+8], [5-9+2, 5-9+8]] = [[4, 0], [-2, 4]]: no saddle point;
    # player 0 plays 3 with p where 6p - 2 = 4 - 4p, p = 3/5, value 8/5
    assert eq.value == Fraction(8, 5)
    assert eq.strength[0] == {Card(3): Fraction(3, 5), Card(9): Fraction(2, 5)}
    assert eq.strength[1] == {Card(2): Fraction(2, 5), Card(8): Fraction(3, 5)}


def test_alone_in_the_final_round_play_the_lowest_card():
    s = JungleState.setup(JungleRules(players=2), ["", ""], "4,7", piles=["3,9", ""], first=1)
    assert s.order() == [0]
    a = advise(s.observation(0))
    assert str(a.recommended.action) == "play 3" and "Nobody else" in a.explanation
    s = s.apply(a.recommended.action)
    assert str(advise(s.observation(0)).recommended.action) == "take 7"


def test_final_round_p_win_is_the_card_comparison_not_a_positive_payoff():
    """Issue 11: my 4 against a 1 or a 2 wins the challenge for sure (higher card keeps the score
    card), though the round payoff is not always positive (strength cards leave the piles)."""
    g = RoundGame.of("1,2", "1,4", "3,5", first=0, final=True)
    a = advise_round(g, 1, Card(4), Take((Card(3),)))
    by = {str(o.action): o for o in a.options}
    assert by["challenge 0"].p_win == 1
    assert by["challenge 0"].value == Fraction(1, 6) and by["take 5"].value == Fraction(-5, 6)
    assert "with probability 1)" in a.explanation
    # the same comparison for any pair, against the rulebook's rule: higher wins, ties to me
    g = RoundGame.of("2,4,6", "4,5", "3,5", first=0, final=True)
    for mine in (Card(4), Card(5)):
        a = advise_round(g, 1, mine, Take((Card(3),)))
        weights = {c: p * a.equilibrium.take[c].get(Take((Card(3),)), 0)
                   for c, p in a.equilibrium.strength[0].items()}
        total = sum(weights.values())
        if total:
            expected = sum(w for c, w in weights.items() if mine.value >= c.value) / total
            assert {str(o.action): o.p_win for o in a.options}["challenge 0"] == expected


def test_a_decision_the_equilibrium_never_reaches_says_so():
    """Issue 11: with 1 or 2 against 1 or 2 the 2 always wins, so the equilibrium never plays
    the 1: advice for a 1 shows "not reached", not an arbitrary 1/2, 1/2."""
    g = RoundGame.of("1,2", "1,2", "3,5", first=0)
    assert solve_round(g).strength[1][Card(1)] == 0
    a = advise_round(g, 1, Card(1), Take((Card(3),)))
    assert all(not o.reached and o.frequency is None for o in a.options)
    assert {o["frequency"] for o in a.to_json()["options"]} == {"not reached"}
    assert "never reaches" in a.explanation
    reached = advise_round(g, 1, Card(2), Take((Card(3),)))
    assert all(o.reached for o in reached.options)
    assert sum(o.frequency for o in reached.options) == 1


def test_many_player_advice_json_has_no_empty_columns_and_no_none():
    s = JungleState.setup(JungleRules(players=3), ["1,6", "2,5", "3,8"], "2,7,9", first=0)
    s = play(s, "1", "5", "8", "take 9")
    data = advise(s.observation(1)).to_json()
    assert all("frequency" not in o for o in data["options"])
    assert all(None not in o.values() for o in data["options"])
    assert {o["p_win"] for o in data["options"] if o["action"].startswith("take")} == {""}


def test_final_round_strength_advice_does_not_speak_of_later_rounds():
    s = JungleState.setup(JungleRules(players=3), ["", "", ""], "1,5,8", first=1,
                          piles=["6,7", "2,9", "3,10"])
    a = advise(s.observation(0))
    assert a.phase == "choose"
    assert "rounds to come" not in a.explanation and "leaves your score pile" in a.explanation


@pytest.mark.parametrize("game", list(random_games(6, 11)), ids=lambda g: str(g.to_json()))
def test_the_direct_sequence_form_is_the_tree_s(game):
    from bluffkit.solvers.lp import sequence_form

    assert game.sequence_form() == sequence_form(game.tree())
