"""Bungee advice: the best action against brute force, the call phase and the dealer's choice,
the simulation's identities and reproducibility, random worlds consistent with what a player
sees (callers' hands worth 5 or less), and the greedy rule's behaviour."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.advice.bungee import advise, advise_state, observation_for
from bluffkit.advice.bungee import simulation as sim
from bluffkit.advice.bungee.simulation import (
    Estimate,
    greedy_action,
    low_hands,
    playout,
    sample_world,
    simulate_choices,
)
from bluffkit.core import InvalidQuestion, make_rng
from bluffkit.games.bungee import (
    BUNGEE,
    CARDS,
    DECK,
    BungeeRules,
    BungeeState,
    counts_of,
    hand_value,
    parse_cards,
    parse_pile,
    position_from_json,
)
from bluffkit.games.bungee.actions import Call, LeaveLucky, Play, TakeLucky, TakePlay
from bluffkit.odds.bungee import Knowledge, round_score

PHYSICAL = [(c, i) for c in CARDS for i in range(DECK[c - 1])]


def brute_mean_value(k: Knowledge, action) -> Fraction:
    """E[value after action] by listing every unseen physical card."""
    rest = list(k.hand)
    for _ in range(action.count):
        rest.remove(action.card)
    if isinstance(action, TakePlay):
        return Fraction(hand_value(rest + [k.top], k.lucky))
    left = list(PHYSICAL)
    for c in k.hand + k.discard + (k.lucky,):
        left.remove(next(x for x in left if x[0] == c))
    return Fraction(sum(hand_value(rest + [c], k.lucky) for c, _ in left), len(left))


@st.composite
def positions(draw):
    order = draw(st.permutations([c for c, _ in PHYSICAL]))
    n = draw(st.integers(2, 5))
    discard = tuple(order[n:n + draw(st.integers(1, 15))])
    lucky = order[n + len(discard)]
    return Knowledge(tuple(order[:n]), discard, lucky)


@given(k=positions())
def test_best_action_has_the_lowest_expected_value_by_brute_force(k):
    if k.value <= 5:
        return  # calling is possible: the call comparison is tested below
    a = advise(observation_for(k, players=3))
    brute = {o.action: brute_mean_value(k, o.action) for o in a.options}
    assert a.best.mean_value == min(brute.values()) == brute[a.best.action]
    assert a.recommended == a.best.action and a.comparison is None
    assert "exact, one step ahead" in a.explanation


def test_call_comparison_identities_and_reproducibility():
    k = Knowledge.parse("1,4", discard="4,7", lucky=8)
    obs = observation_for(k, players=4, last_lap=True)
    a = advise(obs, samples=30, seed=5)
    c = a.comparison
    assert c.samples == 30 and c.score_if_losing_call == k.score == 5
    # calling fixes my hand: the expected score is exactly -10 P(win) + 5 (1 - P(win))
    assert c.score_call.mean == round_score(c.p_win_call.mean, 5)
    assert c.difference.mean == c.score_call.mean - c.score_play.mean
    assert a.recommended == (Call() if c.difference.mean < 0 else c.play)
    again = advise(obs, samples=30, seed=5)
    assert again.comparison == c and again.explanation == a.explanation
    assert "standard error" in a.explanation and "last action" in a.explanation
    rows = a.to_json()["options"]
    assert rows[0]["action"] == "bungee" and "P_win_estimated" in rows[0]


def test_estimate_of_values():
    e = Estimate.of([0, 1, 1, 0])
    assert e.mean == Fraction(1, 2) and e.samples == 4
    assert e.se == pytest.approx((1 / 3) ** 0.5 / 2)
    with pytest.raises(InvalidQuestion):
        Estimate.of([])


def test_estimate_says_plainly_when_every_ending_agrees():
    assert Estimate.of([1] * 60).text(percent=True) == "100% (all 60 simulated endings agree)"
    assert Estimate.of([0] * 5).text(percent=True) == "0% (all 5 simulated endings agree)"
    assert Estimate.of([-10] * 3).text() == "-10 (all 3 simulated endings agree)"
    assert Estimate.of([7]).text() == "7 (one simulated ending: no error estimate)"
    assert "± 0.0" not in Estimate.of([1] * 60).text(percent=True)
    assert Estimate.of([1, 0]).text(percent=True) == "50.0% ± 50.0%"


def test_every_row_has_every_column_and_none_is_none():
    """Rows that were not simulated say so (the Explain table printed Python's None)."""
    obs = observation_for(Knowledge.parse("1,4,8", discard="4,7", lucky=8), players=3)
    a = advise(obs, samples=5, seed=1)
    rows = a.rows()
    assert len(rows) > 2 and all(r.keys() == rows[0].keys() for r in rows)
    assert all(v is not None for r in rows for v in r.values())
    simulated = {r["action"] for r in rows if r["P_win_estimated"] != "not simulated"}
    assert simulated == {"bungee", str(a.comparison.play)}


def test_deferred_advice_is_the_exact_part_and_says_the_comparison_is_coming():
    obs = observation_for(Knowledge.parse("1,4,8", discard="4,7", lucky=8), players=3)
    quick = advise(obs, samples=40, seed=2, defer=True)
    full = advise(obs, samples=40, seed=2)
    assert quick.pending == 40 and quick.comparison is None and quick.needs_simulation
    assert quick.options == full.options and quick.recommended == full.best.action
    assert "being estimated by simulation (40 endings" in quick.explanation
    assert {r["P_win_estimated"] for r in quick.rows()} == {"being simulated", "not simulated"}
    assert full.pending == 0 and full.needs_simulation
    cannot = advise(observation_for(Knowledge.parse("7,9", lucky=8), players=3), defer=True)
    assert cannot.pending == 0 and not cannot.needs_simulation


def test_progress_is_reported_and_can_stop_the_simulation():
    obs = observation_for(Knowledge.parse("1,4", discard="4,7", lucky=8), players=3)
    seen = []
    a = advise(obs, samples=7, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 7) for i in range(1, 8)]
    assert a.comparison == advise(obs, samples=7, seed=1).comparison

    class Stop(Exception):
        pass

    def stop(done, total):
        if done == 2:
            raise Stop

    with pytest.raises(Stop):
        advise(obs, samples=50, seed=1, progress=stop)
    with pytest.raises(InvalidQuestion, match="samples must be a whole number >= 0"):
        advise(obs, samples=-1)


def test_after_a_refill_the_advice_says_what_the_model_leaves_out():
    hands = (parse_cards("1,2,3,4,9"), parse_cards("5,5,6,7,7"))
    pile = _pile("1,2,3,4,9,5,5,6,7,7,8")
    discard = tuple(c for c, n in zip(CARDS, pile) for _ in range(n))
    s = BungeeState(BungeeRules(players=2), "turn", 0, hands, counts_of(discard[:1]),
                    discard[1:], 8, opened=True, totals=(0, 0))
    assert "refilled" not in advise_state(s, samples=0).explanation
    s = s.apply(Play(9))
    s = s.apply(s.chance_outcomes()[0][0])         # the last card: the pile is refilled
    assert s.to_move == 1 and s.discard == (9,) and sum(s.pile) == len(discard) - 1
    text = advise_state(s, samples=0).explanation
    assert "The draw pile was refilled this round" in text
    assert "the model does not use that" in text


def test_after_a_last_lap_action_calling_is_always_advised():
    s = BungeeState(BungeeRules(players=3), "call", 1, (parse_cards("1,2"), parse_cards("3"),
                    parse_cards("9,9")), _pile("1,2,3,9,9,8"), (), 8, opened=True,
                    callers=(0,), to_act=(2,), totals=(0, 0, 0))
    a = advise_state(s)
    assert a.recommended == Call() and "can only help" in a.explanation


def test_last_lap_without_a_way_to_five_minimises_the_score_written_down():
    # no action can reach 5 or less, so no call and no win: the score (Bungee 10) is what counts
    k = Knowledge.parse("9,10,B,B", discard="4,7", lucky=8)
    a = advise(observation_for(k, players=3, last_lap=True), samples=0)
    assert all(o.p_bungee == 0 for o in a.options)
    by_score = min(a.options, key=lambda o: o.mean_score)
    assert by_score.action == Play(BUNGEE, 2) and a.recommended == by_score.action
    assert by_score.mean_score == 19 + Fraction(sum(
        n * (0 if c == 8 else 10 if c == BUNGEE else c) for c, n in zip(CARDS, k.unseen)),
        k.unseen_count)
    assert min(a.options, key=lambda o: o.mean_value).action != by_score.action
    assert "cannot win this round" in a.explanation and "yet" not in a.explanation
    reach = advise(observation_for(Knowledge.parse("1,2,9", discard="4,7", lucky=8), players=3,
                                   last_lap=True), samples=0)
    assert reach.recommended == Play(9) and "call right after it" in reach.explanation
    assert "leave out that a caller's hand is worth 5 or less" in reach.explanation


def _pile(seen: str):
    return tuple(d - k for d, k in zip(DECK, counts_of(parse_cards(seen))))


def test_dealer_choice_with_a_bungee_lucky_card():
    s = BungeeState(BungeeRules(players=2), "dealer", 1, (parse_cards("1,2,3,4,5"),
                    parse_cards("9,9,10,10,10")), _pile("1,2,3,4,5,9,9,10,10,10,B"), (),
                    BUNGEE, totals=(0, 0))
    a = advise_state(s)
    assert [o.action for o in a.options] == [TakeLucky(9), TakeLucky(10), TakeLucky(BUNGEE),
                                             LeaveLucky()]
    assert a.recommended == TakeLucky(10)
    take = a.options[1]
    # brute force: the new lucky card is any of the 50 unseen cards; a Bungee card (2 of them)
    # brings the choice again, where taking it and discarding the other 10 is best
    unseen = [c for c, n in zip(CARDS, _pile("9,9,10,10,10,B")) for _ in range(n)]
    hand = parse_cards("9,9,10,10,B")
    assert len(unseen) == 50
    # then, each time a Bungee card is turned, taking it and discarding a 10 is best
    unseen2 = list(unseen)
    unseen2.remove(BUNGEE)                      # the 2nd Bungee card turned: 49 unseen
    unseen3 = list(unseen2)
    unseen3.remove(BUNGEE)                      # the 3rd: 48 unseen, no Bungee card left
    mean3 = Fraction(sum(hand_value(parse_cards("9,9,B,B,B"), c) for c in unseen3), 48)
    second = parse_cards("9,9,10,B,B")
    mean2 = (sum(hand_value(second, c) for c in unseen2 if c != BUNGEE) + mean3) / 49
    assert take.mean_value == (sum(hand_value(hand, c) for c in unseen if c != BUNGEE)
                               + 2 * mean2) / 50
    assert a.options[-1].mean_value == 48
    assert "Bungee card too (2 of them are unseen), you choose again" in a.explanation
    assert "each Bungee card in your hand costs 10" in a.explanation


def test_dealer_text_states_what_the_ranking_leaves_out():
    """Taking the Bungee card lowers the hand's value but raises the score if somebody else
    wins: the advice says so with both numbers."""
    obs = observation_for(Knowledge.parse("1,1,2,2,3", lucky="B"), players=2, dealer=True)
    a = advise(obs)
    take = next(o for o in a.options if o.action == a.recommended)
    leave = a.options[-1]
    assert take.mean_value < leave.mean_value and take.mean_score > leave.mean_score
    assert "does not weigh the score you write down" in a.explanation
    assert f"{take.mean_score.numerator}/{take.mean_score.denominator}" in a.explanation
    assert f"{leave.mean_score} if you leave it" in a.explanation


def test_advise_needs_the_players_own_decision():
    s = BungeeState.new(BungeeRules(players=2))
    with pytest.raises(InvalidQuestion, match="nothing for player 0 to decide"):
        advise(s.observation(0))
    with pytest.raises(InvalidQuestion, match="sizes"):
        observation_for(Knowledge.parse("1,2"), players=3, sizes=(5,))
    with pytest.raises(InvalidQuestion, match="samples"):
        simulate_choices(observation_for(Knowledge.parse("1,2"), players=2), [Call()], 0, 1)


@pytest.mark.parametrize("sizes", [5, "5,5", (5, 5.0)])
def test_observation_for_rejects_sizes_of_the_wrong_kind(sizes):
    with pytest.raises(InvalidQuestion, match="sizes"):
        observation_for(Knowledge.parse("1,2", lucky=8), players=3, sizes=sizes)


def test_the_rounds_first_turn_is_not_in_the_last_lap():
    with pytest.raises(InvalidQuestion, match="first turn"):
        observation_for(Knowledge.parse("1,2", lucky=8, opened=False), last_lap=True)


def test_advise_needs_the_lucky_card():
    with pytest.raises(InvalidQuestion, match="lucky card"):
        advise(observation_for(Knowledge.parse("1,2"), players=3), samples=2)


@pytest.mark.parametrize("seed, call_at, message", [
    (-1, 5, "seed"), ("a", 5, "seed"), (1.5, 5, "seed"), (True, 5, "seed"),
    (0, 6, "call_at"), (0, -1, "call_at"), (0, "5", "call_at"),
])
def test_advise_rejects_a_bad_seed_or_call_at(seed, call_at, message):
    obs = observation_for(Knowledge.parse("1,2", lucky=8), players=3)
    with pytest.raises(InvalidQuestion, match=message):
        advise(obs, samples=2, seed=seed, call_at=call_at)


# -- random worlds ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [1, 2, 3])
def test_low_hands_match_combinations_of_physical_cards(size):
    unseen = _pile("1,1,2,3,8,B,B,10")
    physical = [(c, i) for c, n in zip(CARDS, unseen) for i in range(n)]
    brute = Counter(tuple(sorted(c for c, _ in combo))
                    for combo in itertools.combinations(physical, size)
                    if hand_value([c for c, _ in combo], 8) <= 5)
    hands, cum = low_hands(unseen, 8, size)
    ways = [b - a for a, b in zip((0,) + cum, cum)]
    assert dict(zip(hands, ways)) == dict(brute)


@given(seed=st.integers(0, 2**32 - 1))
def test_random_worlds_agree_with_the_observation(seed):
    s = BungeeState(BungeeRules(players=4), "turn", 2, (parse_cards("1,2"),
                    parse_cards("1,4"), parse_cards("2,6,7,9"), parse_cards("5,5,9,10")),
                    _pile("1,2,1,4,2,6,7,9,5,5,9,10,4,7,8"), (4, 7), 8, opened=True,
                    callers=(0, 1), to_act=(2, 3), totals=(0, 0, 0, 0))
    obs = s.observation(2)
    world = sample_world(obs, make_rng(seed))
    assert position_from_json(world.to_json()) == world
    assert world.hands[2] == s.hands[2] and [len(h) for h in world.hands] == [2, 2, 4, 4]
    assert sum(world.pile) == sum(s.pile) and world.discard == s.discard
    assert hand_value(world.hands[0], 8) <= 5 and hand_value(world.hands[1], 8) <= 5
    assert world.observation(2) == obs


def test_greedy_rounds_end_for_every_table_size():
    for players in range(2, 6):
        for seed in range(15):
            s = BungeeState.new(BungeeRules(players=players, rounds=1))
            r = playout(s, make_rng(seed), [5] * players)
            assert r.winner in r.callers and len(r.scores) == players


def test_greedy_rule():
    s = BungeeState(BungeeRules(players=2), "turn", 0, (parse_cards("2,9,9,10"),
                    parse_cards("1,1")), _pile("2,9,9,10,1,1,8,3,5"), (3, 5), 8, opened=True,
                    totals=(0, 0))
    assert greedy_action(s.observation(0), s.legal_actions()) == Play(9, 2)
    low = s._with(hands=(parse_cards("1,2,8"), parse_cards("1,1")),
                  pile=_pile("1,2,8,1,1,8,3,5"))
    assert greedy_action(low.observation(0), low.legal_actions(), 5) == Call()
    assert greedy_action(low.observation(0), low.legal_actions(), 2) != Call()
    # a take that does not lower the hand is never chosen (it could go round in circles)
    same = s._with(hands=(parse_cards("3,5,B"), parse_cards("1,1")), discard=(4, 5),
                   pile=_pile("3,5,B,1,1,8,4,5"), lucky=2)
    assert not isinstance(greedy_action(same.observation(0), same.legal_actions()), TakePlay)


def test_simulated_choice_starts_from_the_same_worlds():
    obs = observation_for(Knowledge.parse("1,2,8", discard="4", lucky=8), players=2)
    (wc, sc), (wp, sp) = simulate_choices(obs, [Call(), Play(1)], 12, seed=2)
    assert len(wc) == len(sp) == 12
    assert all(s == (-10 if w else 3) for w, s in zip(wc, sc))
    assert simulate_choices(obs, [Call(), Play(1)], 12, seed=2) == [(wc, sc), (wp, sp)]



@pytest.mark.parametrize("tries", [sim.REJECTION_TRIES, 0])
def test_callers_hands_follow_their_exact_joint_distribution(tries, monkeypatch):
    """Two callers with two cards each and eight unseen cards: hands sampled by the advice's
    worlds against the exact joint distribution from every way of dealing the unseen physical
    cards (both callers' hands worth 5 or less, every such deal equally likely). Drawing the
    callers' hands one after the other without the acceptance step would miss this by up to
    23 standard errors here (the second caller's choices depend on the first one's hand).
    With ``tries`` 0 the exact enumeration deals every world."""
    monkeypatch.setattr(sim, "REJECTION_TRIES", tries)
    sim._joint_memo.cache_clear()
    unseen = parse_cards("1,2,3,4,4,B,9,10")
    rest = [c for c, n in zip(CARDS, _pile("1,2,3,4,4,B,9,10,5,8")) for _ in range(n)]
    s = BungeeState(BungeeRules(players=3), "turn", 2, (parse_cards("1,4"), parse_cards("2,3"),
                    parse_cards("5")), counts_of(parse_cards("4,B,9,10")), tuple(rest), 8,
                    opened=True, callers=(0, 1), to_act=(2,), totals=(0, 0, 0))
    assert position_from_json(s.to_json()) == s
    exact: Counter = Counter()
    for first in itertools.combinations(range(8), 2):
        left = [i for i in range(8) if i not in first]
        for second in itertools.combinations(left, 2):
            a = tuple(sorted(unseen[i] for i in first))
            b = tuple(sorted(unseen[i] for i in second))
            if hand_value(a, 8) <= 5 and hand_value(b, 8) <= 5:
                exact[a, b] += 1
    total = sum(exact.values())
    n = 3000
    rng = make_rng(11)
    seen = Counter()
    for _ in range(n):
        world = sample_world(s.observation(2), rng)
        seen[world.hands[0], world.hands[1]] += 1
    assert set(seen) <= set(exact)
    for pair, ways in exact.items():
        p = ways / total
        assert abs(seen[pair] / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5, (pair, p)


def test_four_callers_with_few_low_cards_left_are_still_dealt():
    """Found by the benchmark: four callers, 22 unseen cards, few of them low; the quick way of
    dealing callers' hands failed 10,000 times in a row ("could not deal the callers' hands")."""
    hands = tuple(parse_cards(h) for h in ("4,6", "1,1,2,B,B", "1,1,3,6", "3,B", "1,4,6,6"))
    discard = parse_pile("9,8,7,9,10,7,2,10,7,8,10,5,7,5,2,10,4,10,5,10,3,3,8,2,2,4,10,5,8,9,9")
    pile = (0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0)
    s = BungeeState(BungeeRules(players=5), "turn", 0, hands, pile, discard, 6, opened=True,
                    callers=(1, 2, 3, 4), to_act=(0,), totals=(0,) * 5)
    assert s.card_count() == 56 and s.observation(0).pile_size == 7
    assert position_from_json(s.to_json()) == s
    sim._joint_memo.cache_clear()
    rng = make_rng(3)
    for _ in range(20):
        world = sample_world(s.observation(0), rng)
        assert all(hand_value(world.hands[p], 6) <= 5 for p in (1, 2, 3, 4))
        assert [len(h) for h in world.hands] == [2, 5, 4, 2, 4]
        assert world.card_count() == 56
    a = advise(s.observation(0), samples=5, seed=1)
    assert a.comparison.samples == 5
