"""Jungle Bluff odds: possible cards against brute force over every hidden history, challenge
probabilities against counting, option values on hand-checked positions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffkit.core import Distribution, IllegalAction, InvalidQuestion, choice, make_rng, sample
from bluffkit.games.jungle_bluff import Card, JungleRules, JungleState, cards_text, parse_cards
from bluffkit.games.jungle_bluff.actions import Challenge, Play, Take
from bluffkit.odds.jungle_bluff import (
    card_counts,
    option_values,
    possible_cards,
    posterior_belief,
    win_probability,
)


@pytest.fixture(autouse=True, params=["numpy", "without numpy"])
def counting(request, monkeypatch):
    """Every test twice: the counting in numpy arrays, and in dictionaries (``worlds_plain``,
    what runs where numpy cannot be imported), each against the same brute force."""
    if request.param == "without numpy":
        from bluffkit.odds.jungle_bluff import worlds

        monkeypatch.setattr(worlds, "numpy_or_none", lambda: None)
        for cached in (worlds._past, worlds._past_plain):
            cached.cache_clear()
    return request.param


def random_trajectory(rules, seed, stop):
    """A random game's trajectory up to the first state where ``stop(state)`` holds."""
    rng = make_rng(seed)
    s = JungleState.new(rules)
    trajectory = []
    while not s.is_terminal() and not stop(s):
        a = sample(s.chance_outcomes(), rng) if s.is_chance_node() else choice(
            s.legal_actions(), rng)
        trajectory.append((s.current_player(), a))
        s = s.apply(a)
    return s, trajectory


def brute_force(rules, trajectory, me):
    """Replay the public actions with every other choice of the opponents' strength cards; keep
    the replays whose observation for ``me`` equals the true one at every step; collect what each
    opponent may hold and may have put down (final round included: there the choices come from
    the score piles)."""
    hand, strength, true, _ = brute_force_weights(rules, trajectory, me)
    return ([cards_text(sorted(h)) for h in hand], [cards_text(sorted(x)) for x in strength],
            true)


def brute_force_weights(rules, trajectory, me):
    """As :func:`brute_force`, and the posterior of each player's strength card when every
    player picks each strength card uniformly among their legal choices: each consistent replay
    weighs the product of ``1 / (number of choices)`` along it."""
    n = rules.players
    states = [JungleState.new(rules)]
    for _, a in trajectory:
        states.append(states[-1].apply(a))
    targets = [s.observation(me) for s in states]
    hand = [set() for _ in range(n)]
    strength = [set() for _ in range(n)]
    posterior = [dict() for _ in range(n)]

    def walk(s, i, weight):
        if s.observation(me) != targets[i]:
            return
        if i == len(trajectory):
            for p in range(n):
                hand[p] |= set(s.hands[p])
                if s.strength[p] is not None:
                    strength[p].add(s.strength[p])
                    posterior[p][s.strength[p]] = posterior[p].get(s.strength[p], 0) + weight
            return
        p, a = trajectory[i]
        if isinstance(a, Play) and p != me:
            plays = [b for b in s.legal_actions() if isinstance(b, Play)]
            for b in plays:
                walk(s.apply(b), i + 1, weight / len(plays))
            return
        try:
            walk(s.apply(a), i + 1, weight)
        except IllegalAction:
            return

    walk(states[0], 0, Fraction(1))
    for p in range(n):
        total = sum(posterior[p].values())
        posterior[p] = {c: w / total for c, w in posterior[p].items()}
    return hand, strength, states[-1], posterior


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rules", [
    JungleRules(players=3, top_card=4),
    JungleRules(players=3, top_card=5, special_cards=("reversed",)),
    JungleRules(players=2, top_card=4),
])
def test_possible_cards_match_brute_force_over_hidden_histories(rules, seed):
    rng = make_rng(seed)
    stop_round = 2 + int(rng.integers(2 if rules.top_card > 4 else 3))
    compare_with_brute_force(rules, seed, lambda s: s.round >= stop_round and s.phase == "bluff"
                             and len(s.moves) >= 1)


def compare_with_brute_force(rules, seed, stop, hands: bool = True) -> None:
    """Play a random game up to ``stop``; the possible cards seen by the player to move must be
    those of the brute force over every hidden history (hands too if ``hands``)."""
    s, trajectory = random_trajectory(rules, seed, stop)
    if s.is_terminal():
        pytest.skip("the game ended before the stop point")  # pragma: no cover
    me = s.to_move
    hand, strength, true = brute_force(rules, trajectory, me)
    got = possible_cards(true.observation(me))
    if hands:
        assert [cards_text(h) for h in got.hand] == hand
    assert [cards_text(x) for x in got.strength] == strength


def test_two_players_know_each_other_exactly():
    rules = JungleRules(players=2)
    s, _ = random_trajectory(rules, 5, lambda s: s.round == 6 and s.phase == "bluff")
    got = possible_cards(s.observation(0))
    assert got.hand[1] == s.hands[1] + (s.strength[1],) or set(got.hand[1]) == set(
        s.hands[1]) | {s.strength[1]}
    assert set(got.strength[1]) == set(s.hands[1]) | {s.strength[1]}


def test_a_challenge_reveals_the_card_to_both_players():
    s = JungleState.setup(JungleRules(players=3), ["1,5,9", "2,6,7", "3,4,8"], "4,7,9", first=0)
    for a in ("play 5", "play 7", "play 8", "take 9", "challenge 0"):
        s = s.apply(s.parse_action(a))
    assert possible_cards(s.observation(0)).strength[1] == (Card(7),)
    # player 2 only knows that player 1's card beat or tied player 0's
    assert posterior_belief(s.observation(2), 1).outcomes() != [Card(7)]


def test_win_probability_against_counting():
    belief = Distribution.uniform(JungleRules(special_cards=("nervous", "reversed")).deck())
    # 8 as challenger beats 1-4, 6-8 (ties to me) and the nervous 9 (1 when challenged);
    # the reversed 5 and the 10 beat it
    assert win_probability(Card(8), belief, challenger=True) == Fraction(8, 10)
    # the reversed 5 as defender: beats challengers 6, 7, 8, 9n, 10; loses to 1-5
    assert win_probability(Card(5, True), belief, challenger=False) == Fraction(5, 10)
    weighted = Distribution({Card(3): 1, Card(9): 3})
    assert win_probability(Card(6), weighted, challenger=True) == Fraction(1, 4)


def test_option_values_take_versus_challenge():
    s = JungleState.setup(JungleRules(players=3), ["1,6", "2,5,", "3,4"], "2,7,9", first=0)
    for a in ("play 1", "play 5", "play 3", "take 9"):
        s = s.apply(s.parse_action(a))
    obs = s.observation(1)
    beliefs = {0: Distribution.uniform(parse_cards("1,6"))}
    values = {str(o.action): o for o in option_values(obs, beliefs)}
    assert values["take 7"].expected == 7
    assert values["challenge 0"].p_win == Fraction(1, 2)
    assert values["challenge 0"].expected == Fraction(9, 2)
    risky = {str(o.action): o for o in option_values(obs, beliefs, later_challenge=1)}
    # a set-up position has no history: player 2 may hold any card 1-10; my 5 keeps the card
    # against a challenger's 1-4 only
    assert risky["take 7"].p_keep == Fraction(4, 10)
    with pytest.raises(InvalidQuestion, match="not player 0's turn"):
        option_values(s.observation(0))
    with pytest.raises(InvalidQuestion, match="probability"):
        option_values(obs, later_challenge=2)


def test_option_values_with_later_challengers_at_risk():
    s = JungleState.setup(JungleRules(players=3), ["1,6", "2,5", "3,8"], "2,7,9", first=0)
    for a in ("play 1", "play 5", "play 8", "take 9"):
        s = s.apply(s.parse_action(a))
    obs = s.observation(1)
    belief2 = posterior_belief(obs, 2)
    assert belief2 == Distribution.uniform(JungleRules().deck())  # no history: anything
    risky = {str(o.action): o for o in option_values(obs, later_challenge=Fraction(1, 2))}
    lose = 1 - win_probability(Card(5), belief2, challenger=False)
    assert risky["take 7"].p_keep == 1 - Fraction(1, 2) * lose
    assert risky["take 7"].expected == 7 * risky["take 7"].p_keep
    assert isinstance(s.legal_actions()[0], Take) and Challenge(0) in s.legal_actions()


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("rules", [
    JungleRules(players=3, top_card=4),
    JungleRules(players=4, top_card=4),
    JungleRules(players=3, top_card=5, special_cards=("optimistic", "reversed")),
    JungleRules(players=4, top_card=5, combined=True, special_cards=("reversed",)),
])
def test_posterior_matches_brute_force_over_hidden_histories(rules, seed):
    """Issue 11: the belief about each opponent's strength card is the posterior over the
    consistent histories (every player picking uniformly), in every round, the final included."""
    rng = make_rng(seed + 50)
    stop_round = 2 + int(rng.integers(rules.top_card))
    s, trajectory = random_trajectory(
        rules, seed + 50, lambda s: s.round >= stop_round and s.phase == "bluff"
        and len(s.moves) >= 1 + seed % 3)
    if s.is_terminal():
        pytest.skip("the game ended before the stop point")  # pragma: no cover
    me = s.to_move
    hand, strength, true, posterior = brute_force_weights(rules, trajectory, me)
    obs = true.observation(me)
    got = possible_cards(obs)
    assert [cards_text(x) for x in got.strength] == [cards_text(sorted(x)) for x in strength]
    if not s.final:
        assert [cards_text(x) for x in got.hand] == [cards_text(sorted(x)) for x in hand]
    for p in range(rules.players):
        if p != me and obs.placed[p]:
            assert posterior_belief(obs, p).pmf() == dict(sorted(posterior[p].items()))


def test_the_posterior_is_not_uniform_over_the_possible_cards():
    """A card that more histories give is more likely (here 4 against 2 and 3: 1/2, 1/4, 1/4),
    where a uniform belief over the possible cards would say 1/3 each."""
    rules = JungleRules(players=3, top_card=4)
    s, trajectory = random_trajectory(rules, 0, lambda s: s.round >= 3 and s.phase == "bluff"
                                      and len(s.moves) >= 1)
    me = s.to_move
    _, _, true, posterior = brute_force_weights(rules, trajectory, me)
    obs = true.observation(me)
    found = [p for p in range(3) if p != me and len(set(posterior[p].values())) > 1]
    assert found, "this position should have a non-uniform posterior"
    for p in found:
        belief = posterior_belief(obs, p)
        assert belief.pmf() == dict(sorted(posterior[p].items()))
        assert belief.pmf() != Distribution.uniform(belief.outcomes()).pmf()


@pytest.mark.parametrize("seed", range(3))
def test_six_players_with_every_special_card_keep_the_truth_possible(seed):
    rules = JungleRules(players=6, special_cards=("optimistic", "reversed", "nervous", "alpha"),
                        combined=bool(seed % 2))
    s, _ = random_trajectory(rules, seed, lambda s: s.round >= 5 + seed and s.phase == "bluff"
                             and len(s.moves) >= 3)
    counts = card_counts(s.observation(s.to_move))
    for p in range(6):  # the truth is always among the possibilities
        assert all(counts.hand[p][c] for c in s.hands[p])
        assert counts.strength[p][s.strength[p]] > 0
        if p != s.to_move:
            assert sum(counts.strength[p].values()) == counts.total


@pytest.mark.parametrize("seed", range(4))
def test_possible_cards_while_strength_cards_are_being_chosen(seed):
    rules = JungleRules(players=3, top_card=4)
    s, trajectory = random_trajectory(rules, seed, lambda s: s.round >= 2 and s.phase == "choose"
                                      and sum(c is not None for c in s.strength) == 1)
    me = s.to_move
    hand, strength, true = brute_force(rules, trajectory, me)
    got = possible_cards(true.observation(me))
    assert [cards_text(h) for h in got.hand] == hand
    assert [cards_text(x) for x in got.strength] == strength


def final_round_example():
    """Issue 11: piles P0 6,7 · P1 2,9 · P2 3,10; P1 first; P2 challenges P1 and loses."""
    s = JungleState.setup(JungleRules(players=3), ["", "", ""], "1,5,8", first=1,
                          piles=["6,7", "2,9", "3,10"])
    for a in ("play 9", "play 3", "play 6", "take 8", "challenge 1"):
        s = s.apply(s.parse_action(a))
    return s


def test_final_round_uses_challenges_the_observer_did_not_see():
    obs = final_round_example().observation(0)
    got = possible_cards(obs)
    # a 2 for P1 or a 10 for P2 would have made the challenger win
    assert [cards_text(x) for x in got.strength] == ["6", "9", "3"]
    assert win_probability(Card(6), posterior_belief(obs, 1), challenger=True) == 0


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rules", [
    JungleRules(players=3, top_card=4),
    JungleRules(players=4, top_card=5, special_cards=("optimistic", "reversed")),
])
def test_possible_cards_in_the_final_round_match_brute_force(rules, seed):
    compare_with_brute_force(rules, seed + 100, lambda s: s.final and s.phase == "bluff"
                             and len(s.moves) >= 2, hands=False)
