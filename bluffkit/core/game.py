"""The state API every game follows (after OpenSpiel's ``State``), plus action ordering.

A state is an immutable value. At a chance node ``chance_outcomes()`` lists
``(outcome, Fraction)`` pairs summing to exactly 1 and ``legal_actions()`` lists the outcomes;
at a decision node ``current_player()`` is the player to move. ``apply(action)`` checks legality
and returns a new state; the input is never changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import total_ordering
from typing import Any, Protocol, runtime_checkable

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -2
"""``current_player()`` once the game is over."""


@total_ordering
class Action:
    """Base of every action and chance outcome: readable text and a total order.

    Subclasses are frozen dataclasses that define ``sort_key()``; actions of different
    classes in one game compare through it, so ``legal_actions()`` can always be sorted.
    """

    def sort_key(self) -> tuple:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def to_json(self) -> str:
        """Actions serialize as their text form."""
        return str(self)


@runtime_checkable
class State(Protocol):
    """What every game state offers (STYLE.md example 2)."""

    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list: ...
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]: ...
    def apply(self, action) -> State: ...
    def returns(self) -> tuple: ...
    def observation(self, player: int) -> Any: ...
    def to_json(self) -> dict: ...


@dataclass(frozen=True)
class GameInfo:
    """A registered game: how to build, load and read it.

    Attributes:
        name: command-line name, e.g. ``"bluff-you"``.
        title: display title.
        rules_type: the game's frozen rules dataclass (its defaults are the standard game).
        new_game: ``rules -> initial state`` (a chance node or the first decision).
        state_from_json: ``dict -> state``, rejecting corrupt states.
        parse_action: ``(state, text) -> action`` for text such as ``"7x3"``.
        conserved: ``state -> int`` a quantity no action may change (dice, cards, chips);
            ``None`` when the game has none.
        variants: a few rules instances besides the defaults (small games, options switched
            on) that the conformance test also plays.
        observation_from_json: ``(dict, rules) -> observation``, the inverse of
            ``Observation.to_json()`` (a classroom client reads its seat's views with it).
    """

    name: str
    title: str
    rules_type: type
    new_game: Any
    state_from_json: Any
    parse_action: Any
    conserved: Any = None
    summary: str = ""
    variants: tuple = ()
    observation_from_json: Any = None

    def legal_text(self, state: State) -> Sequence[str]:
        return [str(a) for a in state.legal_actions()]
