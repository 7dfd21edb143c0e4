"""Seeded randomness and playing games with bots: reproducible from a seed, exact in law."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from bluffkit.core import InvalidQuestion, RandomBot, choice, make_rng, play_game, sample
from bluffkit.core.rng import _uniform_below
from bluffkit.games.bluff import BluffRules, BluffState


def test_a_seed_gives_the_same_stream():
    assert make_rng(7).integers(10**9, size=5).tolist() == make_rng(7).integers(10**9,
                                                                                size=5).tolist()
    assert make_rng(7).integers(10**9) != make_rng(8).integers(10**9)
    rng = np.random.default_rng(1)
    assert make_rng(rng) is rng
    assert isinstance(make_rng(None), np.random.Generator)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_bad_seeds_are_rejected(seed):
    with pytest.raises(InvalidQuestion, match="seed"):
        make_rng(seed)


class Sweep:
    """A stand-in generator whose ``integers(n)`` returns 0, 1, ..., n-1 in turn."""

    def __init__(self):
        self.next = 0

    def integers(self, n):
        r, self.next = self.next % n, self.next + 1
        return r


def test_sample_gives_each_outcome_exactly_its_share_of_the_draws():
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 4)), ("c", Fraction(7, 12))]
    rng = Sweep()
    counts = Counter(sample(outcomes, rng) for _ in range(12))
    assert counts == {"a": 2, "b": 3, "c": 7}


def test_sample_is_reproducible_and_roughly_right():
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(2, 3))]
    draws = [sample(outcomes, make_rng(5)) for _ in range(3)]
    assert len(set(draws)) == 1
    rng = make_rng(11)
    again = make_rng(11)
    first = [sample(outcomes, rng) for _ in range(200)]
    assert first == [sample(outcomes, again) for _ in range(200)]
    rng = make_rng(3)
    n = 6000
    a = sum(sample(outcomes, rng) == "a" for _ in range(n))
    assert abs(a - n / 3) < 4 * (n * 2 / 9) ** 0.5  # within 4 standard deviations


def test_sample_with_huge_denominators_stays_exact():
    tiny = Fraction(1, 3 * 2**80)
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(2, 3) - tiny), ("c", tiny)]
    rng = make_rng(2)
    counts = Counter(sample(outcomes, rng) for _ in range(3000))
    assert counts["c"] == 0 and abs(counts["a"] - 1000) < 4 * (3000 * 2 / 9) ** 0.5


class Bytes:
    """A stand-in generator serving fixed random bytes."""

    def __init__(self, *chunks: bytes):
        self.chunks = list(chunks)

    def bytes(self, n):
        chunk = self.chunks.pop(0)
        assert len(chunk) == n
        return chunk


def test_uniform_below_uses_just_enough_bits_and_rejects_the_rest():
    n = 2**70 + 5  # 71 bits: 9 bytes, the top bit of the 72 dropped
    assert _uniform_below(n, Bytes(b"\xff" * 9, b"\x00" * 8 + b"\x02")) == 1
    assert _uniform_below(n, Bytes(b"\x80" + b"\x00" * 7 + b"\x08")) == 2**70 + 4
    at_n = b"\x80" + b"\x00" * 7 + b"\x0a"  # exactly n: rejected
    assert _uniform_below(n, Bytes(at_n, b"\x00" * 9)) == 0


@pytest.mark.parametrize("outcomes, message", [
    ([], "nothing to sample"),
    ([("a", Fraction(1, 2))], "sum to exactly 1"),
    ([("a", Fraction(3, 2)), ("b", Fraction(-1, 2))], ">= 0"),
])
def test_sample_rejects_what_is_not_a_distribution(outcomes, message):
    with pytest.raises(InvalidQuestion, match=message):
        sample(outcomes, make_rng(0))


def test_choice():
    assert choice(["x"], make_rng(0)) == "x"
    with pytest.raises(InvalidQuestion, match="empty"):
        choice([], make_rng(0))


# -- play_game -------------------------------------------------------------------------------
class Recorder(RandomBot):
    """A random bot that checks it only ever sees its own seat."""

    def __init__(self, seat):
        self.seat = seat
        self.turns = 0

    def choose(self, observation, legal, rng):
        assert observation.player == self.seat == observation.to_move
        self.turns += 1
        return super().choose(observation, legal, rng)


def test_a_seeded_game_replays_exactly():
    rules = BluffRules(players=3, dice_per_player=3)
    end, trajectory = play_game(BluffState.new(rules), [RandomBot()] * 3, seed=42)
    again, same = play_game(BluffState.new(rules), [RandomBot()] * 3, seed=42)
    assert end == again and trajectory == same
    assert end.is_terminal() and sum(end.returns()) == 1
    other = [play_game(BluffState.new(rules), [RandomBot()] * 3, seed=s)[1] for s in range(5)]
    assert len({tuple(t) for t in other}) > 1
    replay = BluffState.new(rules)
    for player, action in trajectory:
        assert player == replay.current_player()
        replay = replay.apply(action)
    assert replay == end


def test_bots_see_only_their_own_seat():
    bots = [Recorder(0), Recorder(1)]
    end, trajectory = play_game(BluffState.new(BluffRules(players=2, dice_per_player=2)), bots, 1)
    assert all(b.turns for b in bots)
    assert sum(b.turns for b in bots) == sum(1 for p, _ in trajectory if p >= 0)


def test_play_game_errors():
    with pytest.raises(InvalidQuestion, match="no bot for player"):
        play_game(BluffState.new(BluffRules(players=3, opener=2)), [RandomBot()] * 2, seed=0)
    with pytest.raises(InvalidQuestion, match="did not end within 5 steps"):
        play_game(BluffState.new(BluffRules(players=3)), [RandomBot()] * 3, seed=0, max_steps=5)
