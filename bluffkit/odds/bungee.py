"""Exact odds of Bungee draws: what I know, the unseen cards, my hand after each action.

**What a player knows**: their own hand, the discard pile (every card on it was played face up),
and the lucky card. Every other card of the 56 is **unseen**: it lies in an opponent's hand or in
the draw pile.

**The model.** Opponents' hands are unknown random: a random subset of the unseen cards (what
they did is not read as information, not even a card they took from the discard pile). Then the
draw pile is a random shuffle of the rest, and the card I draw is **uniform over the unseen
cards**: each unseen card is equally likely to be the one on top of the draw pile. So

    P(I draw a card c) = (unseen cards c) / (all unseen cards),

a hypergeometric draw of size one (several draws: ``draws_distribution``). This is exact under the
model and is what the engine does once opponents' hands are dealt at random (a test checks it by
enumerating every arrangement of the unseen cards). When the draw pile runs out it is refilled
from the discard pile at once (the engine's decision), so a draw always comes from unseen cards.
**What the model leaves out after a refill**: you saw which cards went back into the draw pile
(the discard pile but its top card), so the cards drawn afterwards come from those; ``Knowledge``
does not record them and treats every unseen card alike, as if you had not seen them go in (the
advice says so when the draw pile was refilled this round).
In the last lap a caller's hand is known to be worth 5 or less, which this one-step model leaves
out; the advice's simulation (``bluffkit.advice.bungee.simulation``) takes it into account.

Every probability is an exact ``Fraction``; a hand's **value** counts lucky and Bungee cards 0
(calling and winning), its **score** counts lucky cards 0 and Bungee cards 10 (what I write down
if somebody else wins the round).

>>> k = Knowledge.parse(hand="2,9,9,10", discard="4,7", lucky=8)
>>> k.unseen_count
49
>>> best = min(turn_odds(k), key=lambda o: o.mean_value)
>>> str(best.action), best.mean_value, best.p_bungee
('play 9,9', Fraction(116, 7), Fraction(0, 1))
>>> o = action_odds(Knowledge.parse("1,2,9", lucky=8), "play 9")
>>> o.p_bungee, o.value.probability(3)
(Fraction(15, 52), Fraction(7, 52))
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from ..core import Action, BluffkitError, Distribution, InvalidQuestion
from ..core.checks import is_whole
from ..core.i18n import _
from ..games.bungee import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    HAND_SIZE,
    Play,
    TakePlay,
    card_score,
    card_text,
    card_value,
    cards_text,
    counts_of,
    hand_score,
    hand_value,
    parse_action,
    parse_card,
    parse_cards,
    parse_pile,
)
from ..games.bungee.cards import WIN_SCORE, remove_cards


# -- what a player knows --------------------------------------------------------------------------
@dataclass(frozen=True)
class Knowledge:
    """What one player knows: own hand, the discard pile (bottom first) and the lucky card.

    Args:
        hand: my cards (1-5 of them).
        discard: the discard pile, bottom first, top card last.
        lucky: the lucky card's value (``None`` before it is turned).
        opened: ``False`` on the round's very first turn (player 0 must play, then draw: no take).

    Raises:
        InvalidQuestion: when the cards named are more than the deck holds, or a hand has no card
            or more than 5.

    >>> Knowledge.parse("1,2,8,B", discard="5", lucky=8).unseen_count
    50
    """

    hand: tuple[int, ...]
    discard: tuple[int, ...] = ()
    lucky: int | None = None
    opened: bool = True

    def __post_init__(self):
        for name in ("hand", "discard"):
            try:
                object.__setattr__(self, name, tuple(getattr(self, name)))
            except TypeError:
                raise InvalidQuestion(_("{name} must be a collection of cards such as (1, 2, 11) "
                                        "(Knowledge.parse reads text), got {getattr}",
                                        name=name, getattr=repr(getattr(self, name)))) from None
        bad = [c for c in self.hand + self.discard if not _is_card(c)]
        bad += [] if self.lucky is None or _is_card(self.lucky) else [self.lucky]
        if bad:
            raise InvalidQuestion(_("{bad} is not a Bungee card: cards are 1-10 and B (11)",
                                    bad=repr(bad[0])))
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        if not 1 <= len(self.hand) <= HAND_SIZE:
            raise InvalidQuestion(_("a hand holds 1-{hand_size} cards, got {hand} ({value})",
                                    hand_size=HAND_SIZE, hand=len(self.hand),
                                    value=cards_text(self.hand) or _("none")))
        for c, k in zip(CARDS, self.unseen):
            if k < 0:
                raise InvalidQuestion(
                    _("too many cards {card_text}: hand, discard pile and lucky card name {value} "
                      "but the deck holds {deck}",
                      card_text=card_text(c), value=DECK[c - 1] - k, deck=DECK[c - 1]))

    @classmethod
    def parse(cls, hand: Any, discard: Any = "", lucky: Any = None,
              opened: bool = True) -> Knowledge:
        """From text such as ``hand="1,2,8,B"``, ``discard="10,5"`` (top last), ``lucky="8"``.

        Raises:
            InvalidQuestion: naming the parameter that cannot be read.
        """
        try:
            h = parse_cards(hand)
        except BluffkitError as e:
            raise InvalidQuestion(_("hand: {e}", e=e)) from None
        try:
            d = parse_pile(discard)
        except BluffkitError as e:
            raise InvalidQuestion(_("discard: {e}", e=e)) from None
        try:
            luck = None if lucky in (None, "") else parse_card(str(lucky))
        except BluffkitError as e:
            raise InvalidQuestion(_("lucky: {e}", e=e)) from None
        return cls(h, d, luck, opened)

    @classmethod
    def from_observation(cls, obs) -> Knowledge:
        """What the player of a ``BungeeObservation`` knows."""
        return cls(obs.hand, obs.discard, obs.lucky, obs.opened)

    @property
    def top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    @property
    def unseen(self) -> tuple[int, ...]:
        """Counts of the unseen cards, index ``c - 1`` for card ``c``."""
        seen = counts_of(self.hand + self.discard + (() if self.lucky is None else (self.lucky,)))
        return tuple(d - s for d, s in zip(DECK, seen))

    @property
    def unseen_count(self) -> int:
        return sum(self.unseen)

    @property
    def value(self) -> int:
        """My hand's value now (lucky and Bungee cards 0)."""
        return hand_value(self.hand, self.lucky)

    @property
    def score(self) -> int:
        """What my hand costs me now if somebody else wins (lucky 0, Bungee 10)."""
        return hand_score(self.hand, self.lucky)

    def to_json(self) -> dict:
        return {"hand": cards_text(self.hand), "discard": cards_text(self.discard),
                "lucky": card_text(self.lucky) if self.lucky is not None else None,
                "opened": self.opened}


def _is_card(c) -> bool:
    return isinstance(c, numbers.Integral) and not isinstance(c, bool) and c in CARDS


def next_card(k: Knowledge) -> Distribution:
    """The card I draw next: uniform over the unseen cards (weights are the unseen counts).

    >>> next_card(Knowledge.parse("1,2,3,4,5", lucky=8)).probability(10)
    Fraction(4, 25)
    """
    if not k.unseen_count:
        raise InvalidQuestion(_("no card is unseen: there is nothing left to draw"))
    return Distribution({c: n for c, n in zip(CARDS, k.unseen) if n})


def draws_distribution(k: Knowledge, draws: int, good: Callable[[int], bool]) -> Distribution:
    """How many of the next ``draws`` cards drawn are ``good`` (hypergeometric over the unseen).

    P(X = x) = C(G, x) C(U - G, n - x) / C(U, n) with U unseen cards of which G are good.

    >>> k = Knowledge.parse("1,2,3,4,5", lucky=8)
    >>> draws_distribution(k, 2, lambda c: c == 10).probability(2)
    Fraction(4, 175)
    """
    u = k.unseen_count
    if not is_whole(draws, 0, u):
        raise InvalidQuestion(_("draws must be a whole number 0-{u} (the unseen cards), got "
                                "{draws}", u=u, draws=repr(draws)))
    g = sum(n for c, n in zip(CARDS, k.unseen) if good(c))
    return Distribution({x: math.comb(g, x) * math.comb(u - g, draws - x)
                         for x in range(max(0, draws - (u - g)), min(g, draws) + 1)})


# -- the odds of each action ----------------------------------------------------------------------
@dataclass(frozen=True)
class ActionOdds:
    """My hand after one action, exactly.

    Attributes:
        action: a ``Play`` (then draw) or ``TakePlay`` (no draw).
        hand_before_draw: my cards once the cards are played (and the top card taken).
        value: distribution of my hand's value after the action (lucky and Bungee 0).
        score: distribution of my hand's score after it (lucky 0, Bungee 10).
        cards: how many cards I hold after it.
    """

    action: Action
    hand_before_draw: tuple[int, ...]
    value: Distribution
    score: Distribution
    cards: int

    @property
    def draws(self) -> bool:
        return isinstance(self.action, Play)

    @cached_property
    def p_bungee(self) -> Fraction:
        """P(my hand is worth 5 or less after the action), so I may call next time."""
        return self.value.at_most(CALL_LIMIT)

    @cached_property
    def mean_value(self) -> Fraction:
        return self.value.mean()

    @cached_property
    def mean_score(self) -> Fraction:
        return self.score.mean()

    def to_json(self) -> dict:
        """Keys read as column titles (``_`` for spaces): exact numbers as ``Fraction``."""
        return {"action": str(self.action), "expected_value": self.mean_value,
                "P_worth_5_or_less": self.p_bungee, "expected_score_if_not_winning":
                self.mean_score, "cards": self.cards}


def turn_actions(k: Knowledge) -> list[Action]:
    """The turn's playing actions for my hand (calling aside), sorted like the engine's."""
    groups = [(c, k.hand.count(c)) for c in sorted(set(k.hand))]
    actions: list[Action] = [Play(c, n) for c, m in groups for n in range(1, m + 1)]
    if k.opened and k.discard:
        actions += [TakePlay(c, n) for c, m in groups for n in range(1, m + 1)]
    return actions


def read_action(k: Knowledge, action: Any) -> Play | TakePlay:
    """A ``Play``/``TakePlay`` from an action or text (``"play 9,9"``, ``"take, play 7"``),
    checked against my hand.

    Raises:
        InvalidQuestion: if the text is not a playing action or my hand cannot make it.
    """
    if isinstance(action, str):
        try:
            action = parse_action(None, action)
        except BluffkitError as e:
            raise InvalidQuestion(_("action: {e}", e=e)) from None
    if not isinstance(action, Play | TakePlay):
        raise InvalidQuestion(_("action must be 'play ...' or 'take, play ...', got {action}",
                                action=action))
    if action not in turn_actions(k):
        played = cards_text((action.card,) * action.count)
        why = (_("the discard pile is empty or this is the round's first turn")
               if isinstance(action, TakePlay) and (not k.discard or not k.opened)
               else _("my hand {hand} cannot play {played}", hand=cards_text(k.hand),
                      played=played))
        raise InvalidQuestion(_("{action} is not possible: {why}", action=action, why=why))
    return action


def action_odds(k: Knowledge, action: Any) -> ActionOdds:
    """The exact distribution of my hand's value and score after ``action``.

    Turn (a) ``play``: the played cards leave, then one unseen card comes (``next_card``).
    Turn (b) ``take, play``: the discard pile's top card comes in and the played cards leave; no
    chance at all.

    >>> o = action_odds(Knowledge.parse("3,3,9", discard="1", lucky=8), "take, play 9")
    >>> o.value, o.cards
    (Distribution({7: 1})  # total 1, 3)
    """
    a = read_action(k, action)
    rest = remove_cards(k.hand, a.card, a.count)
    if isinstance(a, TakePlay):
        after = tuple(sorted(rest + (k.top,)))
        return ActionOdds(a, after, Distribution.point(hand_value(after, k.lucky)),
                          Distribution.point(hand_score(after, k.lucky)), len(after))
    draw = next_card(k)
    v, s = hand_value(rest, k.lucky), hand_score(rest, k.lucky)
    return ActionOdds(a, rest, draw.map(lambda c: v + card_value(c, k.lucky)),
                      draw.map(lambda c: s + card_score(c, k.lucky)), len(rest) + 1)


def turn_odds(k: Knowledge) -> list[ActionOdds]:
    """``action_odds`` for every playing action of the turn, in the engine's order."""
    return [action_odds(k, a) for a in turn_actions(k)]


def best_chance_of_bungee(k: Knowledge) -> Fraction:
    """P(reaching 5 or less this turn) with the action that makes it likeliest.

    >>> best_chance_of_bungee(Knowledge.parse("1,2,9", lucky=8))
    Fraction(15, 52)
    """
    return max(o.p_bungee for o in turn_odds(k))


def lucky_choice_odds(k: Knowledge, discard: int | None) -> ActionOdds:
    """The dealer's choice when a Bungee card is turned as lucky card.

    ``discard=None`` leaves it (Bungee cards count 0 this round, also in the score); a card
    takes the Bungee card into hand, discards that card, and turns a new lucky card: uniform over
    the unseen cards, and cards of its value in my hand then count 0. If the new lucky card is a
    Bungee card too, the dealer chooses again (``best_lucky_choice``: take it or leave it), and
    the numbers follow that choice.

    >>> o = lucky_choice_odds(Knowledge.parse("1,2,9,10,10", lucky="B"), 10)
    >>> o.hand_before_draw, o.value.mean()
    ((1, 2, 9, 10, 11), Fraction(95027, 4900))
    """
    if k.lucky != BUNGEE:
        raise InvalidQuestion(_("the dealer's choice only arises when the lucky card is a Bungee "
                                "card"))
    if discard is not None and discard not in k.hand + (BUNGEE,):
        raise InvalidQuestion(_("cannot discard {card_text}: with the lucky card the dealer holds "
                                "{cards_text}",
                                card_text=card_text(discard),
                                cards_text=cards_text(sorted(k.hand + (BUNGEE,)))))
    return _lucky_choice(k, discard)


def lucky_choices(k: Knowledge) -> tuple[ActionOdds, ...]:
    """Every choice of the dealer with a Bungee lucky card: each take (by the card discarded),
    then leaving it."""
    return tuple(lucky_choice_odds(k, c) for c in sorted(set(k.hand + (BUNGEE,)))) + (
        lucky_choice_odds(k, None),)


def best_lucky_choice(k: Knowledge) -> ActionOdds:
    """The dealer's choice with the lowest expected hand value (ties: the lower expected score,
    then the lowest card discarded, a Bungee card last, then leaving it: two discards can tie
    with different spreads of values, so the order is part of the answer).

    >>> str(best_lucky_choice(Knowledge.parse("1,2,9,10,10", lucky="B")).action)
    'take lucky, discard 10'
    """
    return min(lucky_choices(k), key=lambda o: (o.mean_value, o.mean_score))


@lru_cache(maxsize=256)
def _lucky_choice(k: Knowledge, discard: int | None) -> ActionOdds:
    from ..games.bungee import LeaveLucky, TakeLucky

    if discard is None:
        return ActionOdds(LeaveLucky(), k.hand, Distribution.point(k.value),
                          Distribution.point(k.score), len(k.hand))
    hand = tuple(sorted(remove_cards(k.hand + (BUNGEE,), discard, 1)))
    after = Knowledge(hand, k.discard + (discard,), None, False)
    values: dict[int, Fraction] = {}
    scores: dict[int, Fraction] = {}
    for lucky, p in next_card(after).pmf().items():
        if lucky == BUNGEE:  # another Bungee card: the dealer chooses again
            again = best_lucky_choice(Knowledge(hand, after.discard, BUNGEE, False))
            pairs = [(values, v, p * q) for v, q in again.value.pmf().items()]
            pairs += [(scores, v, p * q) for v, q in again.score.pmf().items()]
        else:
            pairs = [(values, hand_value(hand, lucky), p), (scores, hand_score(hand, lucky), p)]
        for pmf, v, q in pairs:
            pmf[v] = pmf.get(v, 0) + q
    return ActionOdds(TakeLucky(discard), hand, Distribution.from_probabilities(values),
                      Distribution.from_probabilities(scores), len(hand))


def round_score(p_win: Fraction, expected_score: Fraction) -> Fraction:
    """Expected round score when I win with probability ``p_win`` (scoring -10) and otherwise
    score my hand (``expected_score`` on average, independent of winning here).

    >>> round_score(Fraction(1, 2), 13)
    Fraction(3, 2)
    """
    p, e = _number(p_win, "p_win"), _number(expected_score, "expected_score")
    if not 0 <= p <= 1:
        raise InvalidQuestion(_("p_win must be a probability in [0, 1], got {p}", p=p))
    return p * WIN_SCORE + (1 - p) * e


def _number(x: Any, name: str) -> Fraction:
    try:
        return Fraction(x)
    except (TypeError, ValueError):
        raise InvalidQuestion(_("{name} must be a number (a Fraction, int or float), got {x}",
                                name=name, x=repr(x))) from None


def unseen_table(k: Knowledge) -> list[tuple[str, int, int, int]]:
    """Rows (card, in the deck, seen by me, unseen) for counting the deck."""
    return [(card_text(c), d, d - u, u) for c, d, u in zip(CARDS, DECK, k.unseen)]


def counts_text(counts: Iterable[int]) -> str:
    """``"1:5 2:4 ... B:3"`` for a tuple of 11 counts."""
    return " ".join(f"{card_text(c)}:{n}" for c, n in zip(CARDS, counts))


__all__ = [
    "ActionOdds", "Knowledge", "action_odds", "best_chance_of_bungee", "best_lucky_choice",
    "counts_text", "draws_distribution", "lucky_choice_odds", "lucky_choices", "next_card",
    "read_action", "round_score", "turn_actions", "turn_odds", "unseen_table",
]
