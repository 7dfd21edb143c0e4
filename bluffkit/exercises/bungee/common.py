"""Shared by the Bungee questions: drawing positions from a shuffled deck, the rule sentences
every statement uses, and the action answer kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import BluffkitError
from ...core.i18n import _, _l
from ...core.rng import Rng
from ...games.bungee import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    card_text,
    cards_text,
    parse_action,
    say_move,
)
from ...odds.bungee import Knowledge
from ..answers import MAX_TEXT, AnswerError

FULL_DECK = [c for c, n in zip(CARDS, DECK) for _copy in range(n)]

ZERO_RULE = _l("A hand's **value** counts the cards of the lucky card's value and the Bungee "
               "cards (B) 0, the others their number (a call needs a value of 5 or less).")
"""Said in every statement whose answer counts a hand's value or a card worth 0."""
SCORE_RULE = _l("At the end of a round the winner scores −10; every other player scores their "
                "hand, counting the cards of the lucky card's value 0 and **each Bungee card "
                "10**.")
"""Said in every statement whose answer is a score."""
WIN_RULE = _l("Among the players who called, the lowest hand value wins the round; a tie goes "
              "to the **later** caller.")
"""Said where the answer depends on who wins the round."""


def shuffled(rng: Rng) -> list[int]:
    return [FULL_DECK[int(i)] for i in rng.permutation(len(FULL_DECK))]


def position(rng: Rng, hand=(3, 5), discard=(3, 10), bungee_lucky=False,
             callable_hand: bool | None = None) -> Knowledge:
    """A random position: my hand, a discard pile, a lucky card (a number unless asked)."""
    for _attempt in range(1000):
        order = shuffled(rng)
        n = int(rng.integers(hand[0], hand[1] + 1))
        d = int(rng.integers(discard[0], discard[1] + 1))
        lucky = order[n + d]
        if (lucky == BUNGEE) != bungee_lucky:
            continue
        k = Knowledge(tuple(order[:n]), tuple(order[n:n + d]), lucky)
        if callable_hand is None or (k.value <= CALL_LIMIT) == callable_hand:
            return k
    raise AssertionError("no position found")  # pragma: no cover - rejection is quick


def build(rng: Rng, hand, lucky: int, discard=(3, 10)) -> Knowledge:
    """My ``hand`` and ``lucky`` card as given, a random discard pile from the rest."""
    rest = shuffled(rng)
    for c in (*hand, lucky):
        rest.remove(c)
    d = int(rng.integers(discard[0], discard[1] + 1))
    return Knowledge(tuple(hand), tuple(rest[:d]), lucky)


def small_cards(rng: Rng, total: int, most: int = 2) -> list[int]:
    """1 to ``most`` cards (values 1-5) adding up to ``total`` (1-5)."""
    if total <= 1 or most == 1 or rng.random() < 0.4:
        return [total]
    first = int(rng.integers(1, total))
    return [first, total - first]


def situation(k: Knowledge) -> str:
    return _("Your hand: **{hand}**. The discard pile holds **{discard}** (top card last). The "
             "lucky card is **{lucky}**.", hand=cards_text(k.hand), discard=cards_text(k.discard),
             lucky=card_text(k.lucky))


def zero(k: Knowledge):
    """Cards worth 0 in this position: the lucky value and the Bungee card."""
    return lambda c: c in (k.lucky, BUNGEE)


@dataclass(frozen=True)
class ActionAnswer:
    """An action written as text, e.g. ``"play 9,9"`` or ``"take, play 7"``."""

    def read(self, answer: Any) -> str:
        if not isinstance(answer, str) or len(answer) > MAX_TEXT:
            raise AnswerError(_('write the action as text, e.g. "play 9,9" or "take, play 7"'))
        try:
            return str(parse_action(None, answer))
        except BluffkitError as e:
            raise AnswerError(str(e)) from None

    def same(self, given: str, target: Any) -> bool:
        return given == str(target)

    def form(self) -> str:
        return _('an action such as "play 9,9" or "take, play 7"')

    def rule(self) -> str:
        return _('Name one action, written like "play 9,9" or "take, play 7".')

    def near(self, given: str, target: Any) -> str | None:
        return None

    def show(self, value: Any) -> str:
        return _("“{action}”", action=say_move(str(value)))
