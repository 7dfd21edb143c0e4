"""Bluff advice: legal options, numbers equal to the odds, optimal under its stated rule."""

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffkit.advice.bluff import Position, advise, smallest_raise
from bluffkit.core import InvalidQuestion, make_rng, sample
from bluffkit.games.bluff import STAR, Bid, BluffRules, BluffState, Challenge, Show
from bluffkit.odds.bluff import bid_odds, reroll_odds


def reach(seed, players=3, expansion=False, want="bid"):
    """A random state of a seeded game in phase ``want`` (random play until then)."""
    rng = make_rng(seed)
    s = BluffState.new(BluffRules(players=players, opener=0, show_and_reroll=expansion))
    steps = int(rng.integers(4, 40))
    last = None
    for _ in range(400):
        if s.is_terminal():
            break
        if s.phase == want:
            last = s
            steps -= 1
            if steps <= 0:
                return s
        if s.is_chance_node():
            s = s.apply(sample(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            # mostly small raises, so rounds last a while
            weights = [Fraction(1, (i + 1) ** 2) for i in range(len(legal))]
            total = sum(weights)
            s = s.apply(sample([(a, w / total) for a, w in zip(legal, weights)], rng))
    return last


def losses_of_every_legal_choice(state, pos):
    """My expected loss for every legal action, computed from the public odds functions."""
    me, held = pos.me, pos.dice_held
    known_exposed = sum(pos.exposed, ())
    out = {}
    for a in state.legal_actions():
        if isinstance(a, Challenge):
            out[a] = bid_odds(pos.bid, pos.dice_in_play, pos.my_dice, known_exposed,
                              challenger_held=held[me]).challenger_loss
        elif isinstance(a, Bid):
            out[a] = bid_odds(a, pos.dice_in_play, pos.my_dice, known_exposed,
                              bidder_held=held[me]).bidder_loss
        elif a.reroll:
            others = sum((e for p, e in enumerate(pos.exposed) if p != me), ())
            out[a] = reroll_odds(pos.bid, pos.dice_in_play, pos.my_dice, a.expose, others,
                                 pos.exposed[me], bidder_held=held[me]).bidder_loss
        else:
            out[a] = bid_odds(pos.bid, pos.dice_in_play, pos.my_dice, known_exposed,
                              bidder_held=held[me]).bidder_loss
    return out


@given(st.integers(0, 10**6), st.integers(2, 6), st.booleans())
def test_options_are_legal_and_the_recommendation_is_best_of_all_legal_choices(seed, n, exp):
    s = reach(seed, n, exp)
    if s is None:
        return
    pos = Position.from_state(s, s.to_move)
    read = advise(pos, samples=8)  # reading the bids: more options, all legal
    a = advise(pos, read_bids=False)
    legal = set(s.legal_actions())
    assert all(o.action in legal for o in a.options)
    assert {o.action for o in a.options} <= {o.action for o in read.options} <= legal
    assert read.recommended.action in legal
    assert (Challenge() in {o.action for o in a.options}) == (s.bid is not None)
    assert len({o.action for o in a.options}) == len(a.options)
    losses = losses_of_every_legal_choice(s, pos)
    assert a.recommended.my_loss == min(losses.values())
    for o in a.options:
        assert o.my_loss == losses[o.action]
    # tie-break: among raises as good as the best, the highest on the ladder
    if a.recommended.kind == "raise":
        best = [b for b, v in losses.items() if v == a.recommended.my_loss and isinstance(b, Bid)]
        assert a.recommended.action == max(best)


@given(st.integers(0, 10**6), st.integers(2, 4))
def test_show_advice_is_best_of_every_legal_show(seed, n):
    s = reach(seed, n, True, want="show")
    if s is None:
        return
    pos = Position.from_state(s, s.to_move)
    assert pos.phase == "show"
    a = advise(pos)
    legal = set(s.legal_actions())
    assert all(isinstance(o.action, Show) and o.action in legal for o in a.options)
    losses = losses_of_every_legal_choice(s, pos)
    assert a.recommended.my_loss == min(losses.values())


def test_numbers_agree_with_the_odds():
    pos = Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3")
    a = advise(pos)
    ch = next(o for o in a.options if o.kind == "challenge")
    o = bid_odds("7x3", 20, "3,3,*,1,2", challenger_held=5, bidder_held=5)
    assert (ch.p_stands, ch.p_exact, ch.my_loss) == (o.p_true, o.p_exact, o.challenger_loss)
    # the bidder (player 3) loses B - A; players 1 and 2 lose a die on an exact count
    assert ch.others_loss == o.bidder_loss + 2 * o.p_exact
    r = next(o for o in a.options if o.action == Bid(8, 3))
    o8 = bid_odds("8x3", 20, "3,3,*,1,2", bidder_held=5, challenger_held=5)
    assert (r.p_stands, r.p_exact, r.my_loss) == (o8.p_true, o8.p_exact, o8.bidder_loss)
    assert r.others_loss == o8.challenger_loss + 2 * o8.p_exact
    assert str(a.recommended.action) == "8x3"


def test_challenges_an_impossible_bid():
    # 10 dice in play, 5 unknown, I hold no 3 and no star: 9x3 cannot be true
    a = advise(Position("1,1,2,4,5", (5, 5), bid="9x3"))
    assert a.recommended.action == Challenge()
    assert a.recommended.p_stands == 0 and a.recommended.my_loss == 0


def test_never_challenges_a_bid_my_dice_already_make_true():
    for bid in ["3x3", "2x*", "1x5"]:
        a = advise(Position("3,3,*,*,5", (5, 5, 5), bid=bid))
        assert a.recommended.kind == "raise", bid


def test_caps_at_the_dice_held():
    # with one die left I can never lose more than one die
    a = advise(Position("2", (1, 5, 5), bid="11x4"))
    assert all(o.my_loss <= 1 for o in a.options)


def test_explanation_shows_the_fractions_and_the_model():
    a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"))
    e = a.explanation
    for words in ["15 dice you cannot see", "probability 1/3", "11346539/14348907",
                  "20/3", "3 + 15/3 = 8", "pessimistic assumption", "not read as information",
                  "Recommendation: bid 8x3"]:
        assert words in e, words
    assert "8x3" in a._repr_markdown_() and "(recommended)" in a._repr_markdown_()
    j = a.to_json()
    assert j["recommended"] == "8x3"
    assert all("/" in o["p_stands"] or o["p_stands"] in ("0", "1") for o in j["options"])


def test_show_recommends_rerolling_the_misses():
    rules = BluffRules(players=4, show_and_reroll=True)
    a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), me=3, bid="7x3", rules=rules, phase="show"))
    assert a.recommended.action == Show((3, 3, STAR), True)
    keep = a.options[0]
    assert keep.action == Show() and a.recommended.my_loss < keep.my_loss
    assert "reroll" in a.explanation


def test_show_keeps_when_the_hidden_dice_all_match():
    rules = BluffRules(players=2, show_and_reroll=True)
    a = advise(Position("3,*", (2, 5), me=0, bid="3x3", rules=rules, phase="show"))
    assert a.recommended.action == Show()


def test_advice_depends_only_on_what_the_player_sees():
    s = reach(7, 3)
    me = s.to_move
    other = (me + 1) % 3
    changed = replace(s, hidden=tuple(
        tuple(sorted(STAR if i == 0 else d for i, d in enumerate(h))) if p == other else h
        for p, h in enumerate(s.hidden)))
    assert changed.hidden != s.hidden
    assert advise(Position.from_state(s, me)) == advise(Position.from_state(changed, me))


def test_smallest_raise_follows_the_ladder():
    assert smallest_raise(Bid(8, 4), STAR, 30) == Bid(5, STAR)
    assert smallest_raise(Bid(7, 3), 4, 30) == Bid(7, 4)
    assert smallest_raise(Bid(7, 3), 2, 30) == Bid(8, 2)
    assert smallest_raise(Bid(2, STAR), 1, 30) == Bid(4, 1)
    assert smallest_raise(None, 5, 30) == Bid(1, 5)
    assert smallest_raise(Bid(10, 5), 5, 10) is None


@pytest.mark.parametrize("kwargs,words", [
    (dict(my_dice="1,2", dice_held=(5, 5)), "must make the 5 dice"),
    (dict(my_dice="1,2", dice_held=(2, 5, 5, 5, 5, 5, 5)), "2-6 players"),
    (dict(my_dice="1,2", dice_held=(2, 0)), "at least two players"),
    (dict(my_dice="1,2", dice_held=(2, 5), me=2), "me must be a seat"),
    (dict(my_dice="1,2", dice_held=(2, 5), bid="11x3"), "only 7 are in play"),
    (dict(my_dice="1,2", dice_held=(2, 5), bid="2x3", bidder=0), "next player decides"),
    (dict(my_dice="1,2", dice_held=(2, 5), exposed=[(), (3,)],
          rules=BluffRules(players=2)), "need the expansion"),
    (dict(my_dice="1,2", dice_held=(2, 2), exposed=[(), (3, 3)]), "stays under the cup"),
    (dict(my_dice="1,2", dice_held=(2, 5), bid="2x3", phase="show", bidder=1), "belongs"),
    (dict(my_dice="1,9", dice_held=(2, 5)), "my_dice"),
    (dict(my_dice="1,2", dice_held=(2, 5), phase="roll"), "phase"),
    (dict(my_dice="1,2", dice_held=(2, 5), bid="3y"), "bid"),
])
def test_position_rejects_impossible_positions(kwargs, words):
    with pytest.raises(InvalidQuestion, match=words):
        Position(**kwargs)


def test_from_state_needs_a_decision():
    s = BluffState.new(BluffRules(players=2, opener=0))
    with pytest.raises(InvalidQuestion, match="nothing to decide"):
        Position.from_state(s, 0)


def test_openspiel_resolution_losses_are_the_probabilities_of_losing():
    # resolution='openspiel' (one die each, the loser of a challenge is out): with the caps at
    # one die, the expected dice lost are exactly the probabilities of losing the challenge
    rules = BluffRules.openspiel_liars_dice()
    a = advise(Position("3", (1, 1), me=1, bid="1x4", bidder=0, rules=rules))
    ch = next(o for o in a.options if o.kind == "challenge")
    assert ch.my_loss == ch.p_stands == Fraction(1, 3)
    for o in a.options:
        if o.kind == "raise":
            assert o.my_loss == 1 - o.p_stands


def small_positions():
    """Every small position: 2 or 3 players with 1-3 dice, some dice exposed, every roll of
    mine, every current bid (and none)."""
    from itertools import combinations_with_replacement as multisets

    from bluffkit.games.bluff import FACES
    from bluffkit.games.bluff.bids import raises_of

    for held, exposed in [((1, 1), None), ((2, 1), None), ((1, 3), None), ((3, 2), None),
                          ((1, 3), [(), (1, 2)]), ((2, 3), [(), (STAR,)]),
                          ((1, 2, 1), None), ((2, 1, 3), [(), (), (4, 4)])]:
        for roll in multisets(FACES, held[0]):
            for bid in [None, *raises_of(None, sum(held))]:
                yield Position(roll, held, exposed=exposed, bid=bid,
                               history=None if bid else ())


def test_no_unlisted_raise_is_better_on_every_small_position():
    """The explanation's claim, checked by brute force: over ALL legal choices, none costs less
    than the recommendation, and the tie-break (a raise over a challenge, then the higher bid)
    never prefers a choice that is not listed."""
    from bluffkit.games.bluff.bids import raises_of

    checked = 0
    for pos in small_positions():
        a = advise(pos, equilibrium=False, read_bids=False)
        me, nxt, held = pos.me, pos.next_player(), pos.dice_held
        seen = sum(pos.exposed, ())
        every = []
        if pos.bid is not None:
            o = bid_odds(pos.bid, pos.dice_in_play, pos.my_dice, seen,
                         bidder_held=held[pos.bidder], challenger_held=held[me])
            every.append(((o.challenger_loss, 1, 0, 0), Challenge()))
        for b in raises_of(pos.bid, pos.dice_in_play):
            o = bid_odds(b, pos.dice_in_play, pos.my_dice, seen, bidder_held=held[me],
                         challenger_held=held[nxt])
            every.append(((o.bidder_loss, 0, -b.box, -b.face), b))
        assert min(every, key=lambda kv: kv[0])[1] == a.recommended.action, pos
        checked += 1
    assert checked > 2000


def test_the_text_says_which_choices_are_listed_and_why():
    e = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3")).explanation
    assert "the worst case" not in e and "not a worst case" in e
    assert "pessimistic assumption" in e and "surely true" in e
    assert "smallest legal raise" in e and "never costs you less" in e
    rules = BluffRules(players=4, show_and_reroll=True)
    s = advise(Position("3,3,*,1,2", (5, 5, 5, 5), me=3, bid="7x3", rules=rules,
                        phase="show")).explanation
    assert "Listed:" in s and "can only lower" in s


def test_the_text_uses_the_seat_names_of_the_table():
    names = ["You", "Bot 1", "Bot 2", "Bot 3"]
    a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"), names=names)
    assert "Bot 1" in a.explanation and "Bot 3" in a.explanation
    assert "player 1" not in a.explanation and "player 3" not in a.explanation
    assert "Bot 3" in a.options[0].note
    plain = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"))
    assert "player 1" in plain.explanation
    with pytest.raises(InvalidQuestion, match="names"):
        advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"), names=["You", "Bot 1"])


def test_the_bluff_table_explains_with_its_own_seat_names():
    from bluffkit.widgets.bluff import BluffTable

    t = BluffTable(opponents=3, seed=9)
    t.explain.toggle.value = True
    body = t.explain.body.value
    assert "Bot 1" in body and "player 1" not in body


def test_rule_of_thumb_of_one_die_is_singular():
    # 3 dice in play: the rulebook's n/3 expects 1 die showing 4 or a star
    e = advise(Position("3,4", (2, 1), bid="1x4")).explanation
    assert "3/3 = 1 die showing 4 or a star expected" in e
    assert "1 dice" not in e  # nor "would cost you 1 dice on average"
