"""Bungee simulation for the advice: the greedy rule, random worlds, seeded playouts, estimates.

**The greedy rule** (the model of how everybody plays beyond the next step): on a turn, play the
action with the lowest expected hand value after it (ties: lower expected score, then more cards
played), taking from the discard pile only when that strictly lowers the hand (otherwise two
greedy players can pass the same cards back and forth for ever); call Bungee as soon as the hand
is worth ``call_at`` or less (5 by default); in the last lap call without acting when no action
is expected to lower the hand, and always call after acting when allowed (it can only help).
As dealer, take a Bungee card turned as lucky card and discard the highest card. Expected values
are compared as integers over a common denominator, so the rule is exact and quick.

**A random world**: opponents' hands and the draw pile dealt at random from the cards I cannot
see, respecting every hand size and the draw pile's size, and knowing that a player who called
Bungee holds a hand worth 5 or less (a caller's hand no longer changes, and it had to be worth 5
or less to call); everything else (discard pile, lucky card, callers, who is to act) is public
and copied. Every world consistent with that is equally likely: callers' hands are drawn from
their exact conditional distribution (all low hands listed with their numbers of ways, several
callers by sequential draws corrected by an exact acceptance step), the rest shuffled.

>>> from bluffkit.games.bungee import BungeeRules, BungeeState
>>> from bluffkit.core import make_rng
>>> s = BungeeState.new(BungeeRules(players=3, rounds=1))
>>> r = playout(s, make_rng(1), call_at=(5, 5, 5))
>>> r.round, len(r.scores), r.winner in r.callers
(1, 3, True)
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...core import Action, InvalidQuestion, make_rng
from ...core.checks import is_whole
from ...core.i18n import _, num
from ...core.rng import Rng, as_list
from ...games.bungee import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    BungeeObservation,
    BungeeState,
    Call,
    Draw,
    LeaveLucky,
    Play,
    RoundResult,
    TakeLucky,
    TakePlay,
    card_score,
    card_value,
    hand_score,
    hand_value,
)
from .playout import outcomes

CALL = Call()


def unseen_counts(hand, discard, lucky) -> list[int]:
    """Counts of the cards a player cannot see (index ``c - 1``)."""
    u = list(DECK)
    for c in hand:
        u[c - 1] -= 1
    for c in discard:
        u[c - 1] -= 1
    if lucky is not None:
        u[lucky - 1] -= 1
    return u


@lru_cache(maxsize=16)
def _worths(lucky: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card's value and score with this lucky card (index ``c - 1``)."""
    return (tuple(card_value(c, lucky) for c in CARDS),
            tuple(card_score(c, lucky) for c in CARDS))


def greedy_action(obs: BungeeObservation, legal: Sequence[Action],
                  call_at: int = CALL_LIMIT) -> Action:
    """The greedy rule's choice for a player's observation (see the module docstring).

    >>> from bluffkit.games.bungee import BungeeState, BungeeRules, counts_of, parse_cards
    >>> s = BungeeState(BungeeRules(players=2), "turn", 0, (parse_cards("2,9,9,10"),
    ...     parse_cards("1,1")), tuple(d - k for d, k in zip(DECK, counts_of(
    ...     parse_cards("2,9,9,10,1,1,8")))), lucky=8, opened=True, totals=(0, 0))
    >>> str(greedy_action(s.observation(0), s.legal_actions()))
    'play 9,9'
    """
    phase = obs.phase
    if phase == "call":
        return CALL
    hand, lucky = obs.hand, obs.lucky
    if phase == "dealer":
        numbers = [c for c in hand if c != BUNGEE]
        return TakeLucky(max(numbers)) if numbers else LeaveLucky()
    u = unseen_counts(hand, obs.discard, lucky)
    total = sum(u) or 1
    values, scores = _worths(lucky)
    draw_value = sum(n * v for n, v in zip(u, values))
    draw_score = sum(n * v for n, v in zip(u, scores))
    value, score = hand_value(hand, lucky), hand_score(hand, lucky)
    best, best_key = None, None
    top = obs.discard[-1] if obs.discard else None
    for a in legal:
        if isinstance(a, Play):
            key = ((value - a.count * card_value(a.card, lucky)) * total + draw_value,
                   (score - a.count * card_score(a.card, lucky)) * total + draw_score, -a.count)
        elif isinstance(a, TakePlay):
            after = value + card_value(top, lucky) - a.count * card_value(a.card, lucky)
            if after >= value:  # no progress: such takes could go round in circles
                continue
            key = (after * total, (score + card_score(top, lucky)
                                   - a.count * card_score(a.card, lucky)) * total, -a.count)
        else:
            continue
        if best_key is None or key < best_key:
            best, best_key = a, key
    if legal and legal[0] == CALL:
        if not obs.callers and value <= call_at:
            return CALL
        if obs.callers and (best_key is None or value * total <= best_key[0]):
            return CALL
    return best


@lru_cache(maxsize=4096)  # the exact dealing of callers' hands asks for many cards left
def low_hands(unseen: tuple[int, ...], lucky: int | None,
              size: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every hand of ``size`` unseen cards worth 5 or less, with cumulative numbers of ways.

    A hand with ``k_c`` cards ``c`` can be made in prod C(unseen_c, k_c) ways.

    >>> hands, cum = low_hands(tuple(DECK), 8, 1)
    >>> sorted(hands), cum[-1]
    ([(1,), (2,), (3,), (4,), (5,), (8,), (11,)], 33)
    """
    hands: list[tuple[int, ...]] = []
    cumulative: list[int] = []

    def extend(i: int, left: int, value: int, cards: tuple[int, ...], ways: int) -> None:
        if left == 0:
            hands.append(cards)
            cumulative.append((cumulative[-1] if cumulative else 0) + ways)
            return
        if i == len(CARDS):
            return
        v = card_value(CARDS[i], lucky)
        for k in range(min(left, unseen[i]) + 1):
            if value + k * v > CALL_LIMIT:
                break
            extend(i + 1, left - k, value + k * v, cards + (CARDS[i],) * k,
                   ways * math.comb(unseen[i], k))

    extend(0, size, 0, (), 1)
    return tuple(hands), tuple(cumulative)


REJECTION_TRIES = 300
"""Tries of the quick way to deal the callers' hands before the exact enumeration takes over."""
JOINT_LIMIT = 200_000
"""The most sub-problems the exact enumeration of callers' hands may visit."""


def _callers_hands(obs: BungeeObservation, counts: list[int],
                   rng: Rng) -> dict[int, tuple[int, ...]]:
    """Callers' hands drawn from their exact joint distribution given that each is worth 5 or
    less. Each hand is drawn from every hand worth 5 or less of the unseen cards, weighted by its
    ways (listed once), and the deal is accepted with probability, for each later caller,
    (ways of their hand from the cards left) / (its ways from all the unseen cards): the accepted
    deals are then weighted by their ways of dealing the physical cards, exactly (removing cards
    never adds ways). When low cards are scarce (several callers, few unseen cards) acceptance
    is rare: after ``REJECTION_TRIES`` the hands are drawn one after the other with exact
    weights, each hand weighted by its ways times the number of ways to deal the later callers
    from the cards it leaves."""
    callers = [p for p in obs.callers if p != obs.player]
    full = {p: low_hands(tuple(counts), obs.lucky, obs.hand_sizes[p]) for p in callers}
    for p in callers:
        if not full[p][0]:
            raise InvalidQuestion(_("player {p} called Bungee with {hand_sizes} cards, but no such"
                                    " hand of unseen cards is worth 5 or less",
                                    p=p, hand_sizes=obs.hand_sizes[p]))
    sizes = tuple(obs.hand_sizes[p] for p in callers)
    memo = _joint_memo(tuple(counts), obs.lucky, sizes)
    if memo:  # the quick way already failed for these cards: straight to the exact one
        return _callers_hands_exact(callers, sizes, counts, obs.lucky, rng, memo)
    for _try in range(REJECTION_TRIES):
        left, chosen = list(counts), {}
        for j, p in enumerate(callers):
            hands, cum = full[p]
            hand = hands[bisect.bisect_right(cum, int(rng.integers(cum[-1])))]
            if j:
                now = _ways(hand, left)
                if not now or int(rng.integers(_ways(hand, counts))) >= now:
                    break
            for c in hand:
                left[c - 1] -= 1
            chosen[p] = hand
        else:
            return chosen
    return _callers_hands_exact(callers, sizes, counts, obs.lucky, rng, memo)


@lru_cache(maxsize=8)
def _joint_memo(counts: tuple[int, ...], lucky: int | None, sizes: tuple[int, ...]) -> dict:
    """The exact enumeration's numbers of ways for these cards, kept for the next worlds."""
    return {}


def _callers_hands_exact(callers, sizes, counts, lucky, rng,
                         memo: dict) -> dict[int, tuple[int, ...]]:
    def ways(left: tuple[int, ...], j: int) -> int:
        """Ways to deal callers ``j`` onwards hands worth 5 or less from ``left``."""
        if j == len(sizes):
            return 1
        key = (left, j)
        if key not in memo:
            if len(memo) >= JOINT_LIMIT:
                raise InvalidQuestion(_("the callers' hands worth 5 or less are too many to list "
                                        "exactly here; the simulation cannot deal them"))
            hands, cum = low_hands(left, lucky, sizes[j])
            memo[key] = sum(w * ways(_minus(left, h), j + 1)
                            for h, w in zip(hands, _steps(cum)))
        return memo[key]

    left = tuple(counts)
    if ways(left, 0) == 0:
        raise InvalidQuestion(_("no deal of the unseen cards gives every caller a hand worth 5 or "
                                "less: the position is impossible"))
    chosen = {}
    for j, p in enumerate(callers):
        hands, cum = low_hands(left, lucky, sizes[j])
        weights = [w * ways(_minus(left, h), j + 1) for h, w in zip(hands, _steps(cum))]
        total = sum(weights)
        r = int.from_bytes(rng.bytes(8 + (total.bit_length() + 7) // 8), "big") % total
        i = 0
        while r >= weights[i]:
            r -= weights[i]
            i += 1
        chosen[p] = hands[i]
        left = _minus(left, hands[i])
    return chosen


def _ways(hand: tuple[int, ...], counts: Sequence[int]) -> int:
    """Ways to make ``hand`` from the cards ``counts``: prod C(count of c, cards c in hand)."""
    ways = 1
    for c in set(hand):
        ways *= math.comb(counts[c - 1], hand.count(c))
    return ways


def _steps(cumulative: Sequence[int]) -> list[int]:
    return [b - a for a, b in zip((0, *cumulative), cumulative)]


def _minus(counts: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    out = list(counts)
    for c in hand:
        out[c - 1] -= 1
    return tuple(out)


def sample_world(obs: BungeeObservation, rng: Rng) -> BungeeState:
    """A full state consistent with ``obs`` (see "a random world" above).

    Raises:
        InvalidQuestion: if the observation's sizes do not add up to the unseen cards.
    """
    counts = unseen_counts(obs.hand, obs.discard, obs.lucky)
    others = sum(n for p, n in enumerate(obs.hand_sizes) if p != obs.player)
    if min(counts) < 0 or others + obs.pile_size != sum(counts):
        raise InvalidQuestion(
            _("the {sum} unseen cards must make the opponents' hands ({others} cards) and the draw"
              " pile ({pile_size}): the observation does not add up",
              sum=sum(counts), others=others, pile_size=obs.pile_size))
    fixed = _callers_hands(obs, counts, rng) if obs.callers else {}
    for hand in fixed.values():
        for c in hand:
            counts[c - 1] -= 1
    unseen = [c for c, n in zip(CARDS, counts) for _i in range(n)]
    order = as_list(rng.permutation(len(unseen)))
    hands, i = [], 0
    pile = counts
    for p, size in enumerate(obs.hand_sizes):
        if p == obs.player or p in fixed:
            hands.append(tuple(obs.hand) if p == obs.player else fixed[p])
            continue
        hand = tuple(sorted(unseen[j] for j in order[i:i + size]))
        for c in hand:
            pile[c - 1] -= 1
        hands.append(hand)
        i += size
    pile = tuple(pile)
    return BungeeState(obs.rules, obs.phase, obs.to_move, tuple(hands), pile, obs.discard,
                       obs.lucky, obs.round, obs.opened, obs.callers, obs.to_act, obs.skip,
                       obs.totals)


_DRAWS = tuple(Draw(c) for c in CARDS)


def draw_card(pile, rng: Rng) -> Draw:
    """The next card of the pile, drawn with an integer (each card equally likely)."""
    r = int(rng.integers(sum(pile)))
    for d, n in zip(_DRAWS, pile):
        r -= n
        if r < 0:
            return d
    raise InvalidQuestion(_("the draw pile is empty"))  # pragma: no cover - the engine refills


def playout(state: BungeeState, rng: Rng, call_at: Sequence[int],
            max_steps: int = 20_000) -> RoundResult:
    """Play the current round to its end, every player by the greedy rule (player ``p`` calls
    at ``call_at[p]`` or less), chance drawn from the pile; returns the round's result.

    Raises:
        InvalidQuestion: if the round lasts more than ``max_steps`` moves.
    """
    number = state.round
    for _step in range(max_steps):
        if state.phase == "over" or state.round != number:
            return state.last
        if state.phase in ("deal", "lucky", "draw"):
            state = state.apply(draw_card(state.pile, rng))
        else:
            p = state.to_move
            state = state.apply(greedy_action(state.observation(p), state.legal_actions(),
                                              call_at[p]))
    raise InvalidQuestion(_("the round did not end within {max_steps} moves (does anybody call?)",
                            max_steps=max_steps))


@dataclass(frozen=True)
class Estimate:
    """A number estimated by simulation.

    Attributes:
        mean: the exact mean of the simulated values (a ``Fraction``).
        se: its standard error, sd / sqrt(n) (a float: an estimate of the error).
        samples: how many simulated values.
    """

    mean: Fraction
    se: float
    samples: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Estimate:
        n = len(values)
        if n == 0:
            raise InvalidQuestion(_("an estimate needs at least one simulated value"))
        total = sum(values)
        # the sum of squared deviations, sum (v - mean)^2 = (n sum v^2 - total^2) / n, in integers
        spread = n * sum(v * v for v in values) - total * total
        var = Fraction(spread, n * (n - 1)) if n > 1 else Fraction(0)
        return cls(Fraction(total, n), math.sqrt(var / n), n)

    def text(self, percent: bool = False) -> str:
        """``"0.41 ± 0.04"`` (or ``"41.2% ± 3.5%"``); when every simulated value is the same
        there is no spread to estimate an error from, and the text says so.

        >>> Estimate.of([1, 0, 1, 1]).text(percent=True)
        '75.0% ± 25.0%'
        >>> Estimate.of([1] * 60).text(percent=True), Estimate.of([-10] * 60).text()
        ('100% (all 60 simulated endings agree)', '-10 (all 60 simulated endings agree)')
        """
        if self.se == 0:
            if percent:
                number = (num(float(self.mean), ".1%") if (100 * self.mean).denominator != 1
                          else num(float(self.mean), ".0%"))
            else:
                number = (num(float(self.mean), ".1f") if self.mean.denominator != 1
                          else str(self.mean.numerator))
            if self.samples == 1:
                return _("{number} (one simulated ending: no error estimate)", number=number)
            return _("{number} (all {n} simulated endings agree)", number=number,
                     n=self.samples)
        if percent:
            return f"{num(float(self.mean), '.1%')} ± {num(self.se, '.1%')}"
        return f"{num(float(self.mean), '.2f')} ± {num(self.se, '.2f')}"

    def to_json(self) -> dict:
        return {"mean": self.mean, "se": round(self.se, 6), "samples": self.samples}


DRAW_BLOCK = 16
"""Random numbers drawn at once for one world's playouts (more come from a generator seeded by
them when a long round needs them)."""


def _draws(block: list[int]):
    """A playout's draws: ``below(n)``, a uniform whole number below ``n``, read from ``block``
    (numbers uniform below 2**64; the few at or above the largest multiple of ``n`` are skipped,
    so the result is exactly uniform), then from ``random.Random(block[0])``. Every choice gets
    its own ``below`` over the same block: the same cards drawn (common random numbers)."""
    numbers = iter(block)
    more: list = []

    def below(n: int) -> int:
        top = 2**64 - 2**64 % n
        for x in numbers:
            if x < top:
                return x % n
        if not more:
            more.append(random.Random(block[0]))
        return more[0].randrange(n)

    return below


def check_seed_and_call_at(seed, call_at) -> None:
    """Raise ``InvalidQuestion`` unless ``seed`` is a whole number >= 0 and ``call_at`` 0-5."""
    if not is_whole(seed, 0):
        raise InvalidQuestion(_("seed must be a whole number >= 0, got {seed}", seed=repr(seed)))
    if not is_whole(call_at, 0, CALL_LIMIT):
        raise InvalidQuestion(_("call_at must be a whole number 0-{call_limit} (a call needs a "
                                "hand worth {call_limit} or less), got {call_at}",
                                call_limit=CALL_LIMIT, call_at=repr(call_at)))


def simulate_choices(obs: BungeeObservation, choices: Sequence[Action], samples: int,
                     seed: int, call_at: int = CALL_LIMIT,
                     progress: Callable[[int, int], object] | None = None
                     ) -> list[tuple[list[int], list[int]]]:
    """For each choice of ``obs``'s player: (wins, scores) over ``samples`` random worlds.

    The same worlds and the same random draws serve every choice (common random numbers), so
    the differences between choices are estimated with less noise: the worlds come one after the
    other from one generator seeded with ``seed``, and each world's playouts draw their cards
    from a block of random numbers of its own, read again from the start for each choice. The
    round is played on by ``playout`` (the engine's rules and the greedy rule on plain
    counts; the same results as ``playout``, five to ten times faster) and ends with the round
    the choice is made in. ``progress(done, samples)`` is called after each world (an exception
    it raises stops the simulation).
    """
    if not is_whole(samples, 1):
        raise InvalidQuestion(_("samples must be a whole number >= 1, got {samples}",
                                samples=repr(samples)))
    check_seed_and_call_at(seed, call_at)
    me = obs.player
    call_ats = [CALL_LIMIT] * obs.rules.players
    call_ats[me] = call_at
    out = [([], []) for _i in choices]
    worlds = make_rng(seed)
    for i in range(samples):
        world = sample_world(obs, worlds)
        block = as_list(worlds.bit_generator.random_raw(DRAW_BLOCK))  # the same for every choice
        ends = outcomes(world, choices, functools.partial(_draws, block), call_ats, me)
        for (wins, scores), (won, score) in zip(out, ends):
            wins.append(int(won))
            scores.append(score)
        if progress is not None:
            progress(i + 1, samples)
    return out


__all__ = ["Estimate", "check_seed_and_call_at", "draw_card", "greedy_action", "low_hands",
           "playout", "sample_world", "simulate_choices", "unseen_counts"]
