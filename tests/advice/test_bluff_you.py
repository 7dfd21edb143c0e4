"""Bluff You advice: the turn equilibrium verified exactly by independent brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice, position
from bluffkit.advice.bluff_you.turn import TurnGame, solve_turn
from bluffkit.core import InvalidQuestion
from bluffkit.games.bluff_you import POINTS, TOKENS, Doublet, Gain, Steal
from bluffkit.solvers.lp import solve_matrix

ROLLS = list(itertools.product(range(1, 7), repeat=3))


def payoff(game, total, move, believe):
    """Bluffer minus guesser points, written from the rules (not from the module)."""
    if move == ("doublet",):
        return 0
    a = move[-1]
    right = believe == (total == a)
    if move[0] == "gain":
        return -POINTS[a] if right else POINTS[a]
    return -2 * game.give_points if right else 2 * POINTS[a]


def options(game, roll):
    moves = [("gain", a) for a in game.centre] + [("steal", p, a) for p, ts in game.targets
                                                  for a in ts]
    return moves + ([("doublet",)] if game.doublet and len(set(roll)) < 3 else [])


def check_equilibrium(game, eq):
    """Both best responses, computed here over all 216 ordered rolls, give exactly the value."""
    b = eq.believe
    bluffer_best = Fraction(0)
    guesser = {}  # (move, call) -> payoff against the bluffer's mix
    for roll in ROLLS:
        mix = eq.mix(roll)
        assert sum(mix.values()) == 1 and set(mix) <= set(options(game, roll))
        s = sum(roll)
        bluffer_best += Fraction(1, 216) * max(
            0 if m == ("doublet",) else
            b[m] * payoff(game, s, m, True) + (1 - b[m]) * payoff(game, s, m, False)
            for m in options(game, roll))
        for m, p in mix.items():
            for c in (True, False):
                guesser[m, c] = guesser.get((m, c), 0) + Fraction(1, 216) * p * payoff(
                    game, s, m, c)
    moves = {m for m, _ in guesser}
    guesser_best = sum(min(guesser[m, True], guesser[m, False]) for m in moves)
    assert bluffer_best == guesser_best == eq.value


def normal_form_value(game):
    """The value from the full normal form (pure strategies enumerated): tiny games only."""
    announce = {m[-1] for m in options(game, (1, 2, 3))}
    types = {}
    for roll in ROLLS:
        key = (sum(roll) if sum(roll) in announce else 0,
               game.doublet and len(set(roll)) < 3)
        types[key] = types.get(key, 0) + Fraction(1, 216)
    keys = sorted(types)
    moves = options(game, (1, 2, 3))
    per_type = [moves + ([("doublet",)] if k[1] else []) for k in keys]
    A = []
    for s0 in itertools.product(*per_type):
        row = []
        for s1 in itertools.product((True, False), repeat=len(moves)):
            row.append(sum(types[k] * payoff(game, k[0], s0[i],
                                             s1[moves.index(s0[i])] if s0[i] in moves else True)
                           for i, k in enumerate(keys)))
        A.append(row)
    return solve_matrix(A).value


def test_full_centre_gain_is_a_fair_coin():
    """With all 16 tokens the bluffer can make every announcement true half the time, and the
    guesser can answer OK half the time: the value is 0 and the equilibrium call is 1/2."""
    eq = solve_turn(TurnGame(centre=TOKENS))
    check_equilibrium(eq.game, eq)
    assert eq.value == 0 and set(eq.believe.values()) == {Fraction(1, 2)}
    assert all(eq.posterior(m) in (None, Fraction(1, 2)) for m in eq.believe)


def test_single_token_centre_by_hand():
    eq = solve_turn(TurnGame(centre=(3,)))
    assert eq.value == Fraction(5 * 1 - 5 * 215, 216)  # always "3": doubted, right unless S = 3
    assert eq.believe[("gain", 3)] == 0
    check_equilibrium(eq.game, eq)


@pytest.mark.parametrize("game", [
    TurnGame(centre=(3, 18)), TurnGame(centre=(10, 11)), TurnGame(centre=(5, 12)),
    TurnGame(targets=((1, (3, 10)),), give_points=1), TurnGame(targets=((1, (9,)),), give_points=5),
    TurnGame(centre=(4,), targets=((1, (11,)),), give_points=2),
    TurnGame(centre=(7, 11), doublet=True),
])
def test_turn_equilibria_against_the_normal_form(game):
    eq = solve_turn(game)
    check_equilibrium(game, eq)
    assert eq.value == normal_form_value(game)


@settings(max_examples=10)
@given(st.lists(st.sampled_from(TOKENS), min_size=2, max_size=10, unique=True),
       st.integers(0, 10), st.integers(0, 10), st.integers(1, 5), st.booleans())
def test_random_turn_equilibria_are_exact(tokens, k_centre, k_target, give, doublet):
    centre = tuple(tokens[:k_centre])
    target = tuple(tokens[k_centre:k_centre + k_target])
    if not centre and not target:
        centre = tuple(tokens[:1])
    game = TurnGame(centre, ((1, target),) if target else (), give if target else None, doublet)
    check_equilibrium(game, solve_turn(game))


def test_rulebook_doublet_swap_is_offered_and_worth_zero():
    s = position(held={0: (8, 13)}, players=2, roll=(2, 2, 5))
    a = bluffer_advice(s)
    swap = next(o for o in a.options if o.action == Doublet((8, 13), 4))
    assert swap.value == 0 and "keeps your points" in a.explanation
    after = s.apply(Doublet((8, 13), 4))
    assert after.points()[0] == s.points()[0] == POINTS[4] == POINTS[8] + POINTS[13]


def test_bluffer_advice_values_are_equilibrium_best_responses():
    s = position(held={0: (9, 14), 1: (3, 17), 2: (10,)}, players=3, roll=(1, 3, 6))
    a = bluffer_advice(s)
    kinds = {o.label for o in a.options}
    assert kinds == {"gain to P1", "gain to P2", "steal from P1", "steal from P2"}
    assert a.best.value == max(o.value for o in a.options) == a.equilibrium.value_given((1, 3, 6))
    assert a.equilibrium.game == TurnGame(tuple(s.centre), ((1, (3, 17)), (2, (10,))), 1, True)
    check_equilibrium(a.equilibrium.game, a.equilibrium)
    for o in a.options:
        assert o.value == max(o.by_number.values())
        if o.announce:  # every number the equilibrium uses is a best reply
            assert all(o.by_number[n] == o.value for n, p in o.announce.items() if p)
    assert sum(o.probability for o in a.options if o.label != "gain to P2") == 1
    assert "Equilibrium play with 10" in a.explanation


def test_guesser_advice_against_models_and_equilibrium():
    s = position(players=2, roll=(6, 6, 6))
    naive = guesser_advice(s.apply(Gain(1, 18)), q=1)  # a truthful bluffer
    assert naive.vs_model.best == "ok" and naive.vs_model.p_true == 1  # every sum is a token
    assert naive.vs_equilibrium.best == "either" and naive.p_ok_equilibrium == Fraction(1, 2)
    liar = guesser_advice(s.apply(Gain(1, 18)), q=0)
    assert liar.vs_model.p_true == 0 and liar.vs_model.best == "bluff you"
    assert "Bayes: P(true | announced 18)" in liar.explanation
    s = position(held={0: (10,), 1: (3,)}, players=2, roll=(1, 1, 1))
    steal = guesser_advice(s.apply(Steal(1, 3)), q=1)
    # the model forces "3" on every roll: true only when S = 3, so doubt it
    assert steal.vs_model.p_true == Fraction(1, 216) and steal.vs_model.best == "bluff you"
    # the equilibrium bluffer chooses when to steal: it balances truth and lies
    assert steal.vs_equilibrium.p_true == Fraction(1, 2) and steal.vs_equilibrium.best == "either"


def test_advice_rejects_impossible_questions():
    with pytest.raises(InvalidQuestion, match="roll"):
        position(players=2)
    with pytest.raises(InvalidQuestion, match="exactly once"):
        position(centre=(3, 4), held={0: (3,)}, players=2, roll="1,2,3")
    with pytest.raises(InvalidQuestion, match="held maps players"):  # was an AttributeError
        position(held=[(3,)], players=2, roll="1,2,3")
    with pytest.raises(InvalidQuestion, match="bluffer"):  # True was accepted as player 1
        position(players=2, bluffer=True, roll="1,2,3")
    s = position(players=2, roll="1,2,3")
    with pytest.raises(InvalidQuestion, match="awaiting a call"):
        guesser_advice(s)
    with pytest.raises(InvalidQuestion, match="phase act"):
        bluffer_advice(s.apply(Gain(1, 6)))


@pytest.mark.parametrize("kwargs, match", [
    ({"centre": (3, 4), "targets": ((1, (3,)),), "give_points": 2}, "one place only"),
    ({"centre": (3,), "targets": ((1, (5,)), (2, (5,))), "give_points": 2}, "one place only"),
    ({"centre": (3,), "targets": ((1, (5,)), (1, (6,))), "give_points": 2}, "at most once"),
    ({"centre": (3,), "targets": (("x", (5,)),), "give_points": 2}, "whole number"),
    ({"centre": (3.5,)}, "3.5"),
    ({"centre": (3,), "targets": ((1, (5,)),), "give_points": True}, "give_points"),
    ({"centre": (3,), "doublet": "no"}, "doublet"),
])
def test_turn_game_rejects_impossible_turns(kwargs, match):
    """A token in the centre and in a hand was solved as if a sum of 3 made both announcements
    true; 3.5 was read as 3; a player named twice lost one hand; 'x' crashed with a ValueError."""
    with pytest.raises(InvalidQuestion, match=match):
        TurnGame(**kwargs)


def test_an_announcement_the_equilibrium_never_makes_has_no_call_values():
    """'steal 12 from P1' is never made at this turn's equilibrium: the advice said OK is worth 2
    and Bluff you 0 against the equilibrium bluffer (2/3 x 4 + 1/3 x (-2), no call's value)."""
    s = position(held={0: (13,), 1: (3, 8, 9, 11, 12, 14, 17, 18)}, players=2, roll="1,2,4")
    g = guesser_advice(s.apply(Steal(1, 12)))
    assert solve_turn(TurnGame(s.centre, ((1, s.held[1]),), 2)).posterior(("steal", 1, 12)) is None
    assert g.p_ok_equilibrium == Fraction(2, 3)
    assert (g.vs_equilibrium.p_true, g.vs_equilibrium.ok, g.vs_equilibrium.bluff_you) == (
        None, None, None)
    assert g.vs_equilibrium.best == "either" and "never plays steal 12" in g.explanation


def real_turns(n: int, seed: int):
    """Turn games of states reached by random play (2-6 players), as the advice meets them."""
    from bluffkit.advice.bluff_you import turn_game
    from bluffkit.core import RandomBot, make_rng, sample
    from bluffkit.games.bluff_you import BluffYouRules, BluffYouState

    rng, bot, out = make_rng(seed), RandomBot(), []
    while len(out) < n:
        s = BluffYouState.new(BluffYouRules(players=int(rng.integers(2, 7))))
        stop, turns = int(rng.integers(0, 40)), 0
        while not s.is_terminal() and len(out) < n:
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                if turns >= stop:
                    out.append(turn_game(s))
                    break
                turns += 1
            else:
                s = s.apply(bot.choose(s.observation(s.current_player()), s.legal_actions(), rng))
    return out


def test_real_turns_are_solved_without_the_lp(monkeypatch):
    """Issue 13: the LP (20-70 ms a turn) was solved for every new turn. The turns of real games
    are now built from the turn's structure and verified exactly (about a millisecond), and
    each answer passes the independent brute-force check."""
    from bluffkit.advice.bluff_you import turn as bluff_you_turn

    def no_lp(*_a, **_k):
        raise AssertionError("the LP was called")

    solve_turn.cache_clear()
    monkeypatch.setattr(bluff_you_turn, "solve_sequence_form", no_lp)
    for game in real_turns(15, 11):
        check_equilibrium(game, solve_turn(game))


def test_the_fast_construction_agrees_with_the_lp_value():
    from bluffkit.advice.bluff_you.fast_turn import fast_equilibrium
    from bluffkit.advice.bluff_you.turn import solve_turn_lp

    for game in real_turns(12, 5):
        value, _, _ = fast_equilibrium(game)
        assert value == solve_turn_lp(game).value


def test_the_equilibrium_depends_only_on_the_key():
    """Who holds the tokens that may be stolen does not change the turn: two turns with the
    same key (centre, stealable tokens, cheapest token's points, swap) have the same
    equilibrium, the steals relabelled; each is checked by brute force on its own game."""
    a = TurnGame((4, 11), ((1, (5, 9)), (2, (12,))), 2)
    b = TurnGame((4, 11), ((1, (12,)), (3, (5, 9))), 2)
    assert a.key() == b.key() and a != b
    ea, eb = solve_turn(a), solve_turn(b)
    check_equilibrium(a, ea)
    check_equilibrium(b, eb)
    where = {5: 3, 9: 3, 12: 1}

    def moved(m):
        return ("steal", where[m[2]], m[2]) if m[0] == "steal" else m

    assert eb.value == ea.value
    assert eb.believe == {moved(m): x for m, x in ea.believe.items()}
    assert eb.strategy == {t: {moved(m): x for m, x in mix.items()}
                           for t, mix in ea.strategy.items()}
    # the cheapest token's points are part of the key: they change the turn
    c = TurnGame((4, 11), ((1, (5, 9)), (2, (12,))), 3)
    assert c.key() != a.key() and solve_turn(c).value != ea.value
