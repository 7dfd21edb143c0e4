"""A game's saved state as JSON and back: the one codec of the five games.

A game lists its state's fields once, each with a :class:`~.kinds.Kind` that writes the value as
JSON and reads it back (a refusal names the field); a :class:`Codec` writes the whole state,
reads it and checks it in the same three steps for every game:

1. every field is read and named if malformed (:mod:`.fields` does the reading);
2. the game's plain invariants, when it has some, name the rule a position breaks;
3. the engine rebuilds the state from what it records (chance's part and the moves, played again
   through ``apply``), and the loaded state must equal the rebuilt one, field for field: the
   first field that differs is named.

What stays with each game is what is its own: the kinds of its fields, its invariants and how
its engine plays a saved game again.

>>> from dataclasses import dataclass
>>> from bluffkit.core.kinds import SEAT, whole
>>> @dataclass(frozen=True)
... class Rules:
...     players: int = 2
...     def to_json(self): return {"players": self.players}
>>> @dataclass(frozen=True)
... class Count:
...     rules: Rules
...     chips: tuple
...     to_move: int = 0
>>> codec = Codec("count", "Count", Count, Rules, (
...     Field("chips", whole(0).per_player), Field("to_move", SEAT, 0)),
...     rebuild=lambda s, log=None: s)
>>> codec.to_json(Count(Rules(), (3, 4)))
{'game': 'count', 'rules': {'players': 2}, 'chips': [3, 4], 'to_move': 0}
>>> codec.from_json({"game": "count", "rules": {}, "chips": [3, 4]})
Count(rules=Rules(players=2), chips=(3, 4), to_move=0)
>>> codec.from_json({"game": "count", "rules": {}, "chips": [3]})
Traceback (most recent call last):
...
bluffkit.core.errors.InvalidState: field 'chips' needs one entry per player (2), got [3]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import Any

from .errors import InvalidState
from .fields import check_json, field, items, readable, rebuilt_or_refused
from .i18n import _
from .kinds import Kind


@dataclass(frozen=True)
class Field:
    """A field of a saved state: its name, its kind, and the value a missing field takes
    (none: a missing field is refused)."""

    name: str
    kind: Kind
    default: Any = ...


def rules_from_json(rules_type: type, v: Any) -> Any:
    """Rules from their ``to_json()``: an object with some of the rules' fields (the others
    take their defaults), lists read as tuples; the rules check their own values."""
    names = {f.name for f in dataclass_fields(rules_type)}
    if not isinstance(v, dict) or not set(v) <= names:
        raise InvalidState(_("field 'rules' must be an object with some of the fields {join}, got "
                             "{readable}", join=', '.join(sorted(names)), readable=readable(v)))
    return rules_type(**{k: tuple(items(x, "rules")) if isinstance(x, list) else x
                         for k, x in v.items()})


@dataclass(frozen=True)
class Codec:
    """A game's saved state: its fields, and how its engine plays a saved game again.

    Attributes:
        game: the ``"game"`` field of the JSON, also the game's registry name (``"bluff-you"``).
        title: the game's name in messages (``"Bluff You"``).
        state_type: the state dataclass, built with ``rules=`` and one keyword per field.
        rules_type: the rules dataclass (read by :func:`rules_from_json`).
        fields: the state's fields after ``rules``, in the order the JSON lists them (the order
            a refusal checks them and names the first that differs).
        rebuild: ``(state, log=None) -> state``: the state the engine reaches from what
            ``state`` records, each step ``(state before, action)`` appended to ``log`` when
            one is given (:func:`apply_logged`); raises ``InvalidState`` (or the engine's
            errors) when it cannot.
        invariants: ``state -> None``: plain checks of a position, raising ``InvalidState``
            naming the rule broken (a position set up for analysis passes them without being
            replayed).
        observation_type: what one seat sees, built with ``rules=`` and one keyword per field
            of ``observation``.
        observation: the fields of ``observation_type``'s ``to_json()``.
    """

    game: str
    title: str
    state_type: type
    rules_type: type
    fields: tuple[Field, ...]
    rebuild: Callable[[Any], Any]
    invariants: Callable[[Any], None] | None = None
    observation_type: type | None = None
    observation: tuple[Field, ...] = ()

    def to_json(self, s) -> dict:
        """The JSON of state ``s`` (``json.dumps`` can write it)."""
        return {"game": self.game, "rules": s.rules.to_json(),
                **{f.name: f.kind.write(getattr(s, f.name)) for f in self.fields}}

    def position_from_json(self, data: Any):
        """A position from its JSON: every field read and the invariants checked, but not
        played again (it need not come from a game played from the start).

        Raises:
            InvalidState: naming the field that is corrupt or the rule broken.
        """
        data = check_json(data, self.game, self.title)
        rules = field(data, "rules", lambda v: rules_from_json(self.rules_type, v))
        s = self.state_type(rules=rules, **_read(data, self.fields, rules))
        if self.invariants is not None:
            self.invariants(s)
        return s

    def from_json(self, data: Any):
        """A state from its JSON, checked as the module docstring says.

        Raises:
            InvalidState: naming the field that is corrupt or impossible.
        """
        s = self.position_from_json(data)
        self.check_reachable(s)
        return s

    def check_reachable(self, s) -> None:
        """Raise ``InvalidState`` unless the engine reaches ``s``: rebuilt from what ``s``
        records, it must equal ``s`` (the first field that differs is named)."""
        rebuilt_or_refused(self.title, s, self.rebuild, self.to_json)

    def replay(self, s) -> list:
        """Every step from the game's start to ``s``: ``(state before, action)``, chance
        included, as the engine plays the game again from what ``s`` keeps (a review reads a
        game's decisions from it). A game still rolling for its first opener or leader has no
        steps yet.

        Raises:
            InvalidState: if the engine cannot reach ``s``.
        """
        log: list = []
        rebuilt_or_refused(self.title, s, lambda x: self.rebuild(x, log), self.to_json)
        return log

    def observation_from_json(self, data: Any, rules):
        """A seat's observation from its ``to_json()`` (what the class server sends that seat),
        read back exactly; ``InvalidState`` naming a malformed field."""
        if not isinstance(data, dict):
            raise InvalidState(_("an observation is a JSON object, got {readable}",
                                 readable=readable(data)))
        return self.observation_type(rules=rules, **_read(data, self.observation, rules))


def apply_logged(state: Any, action: Any, log: list | None = None) -> Any:
    """``state.apply(action)``, appending ``(state, action)`` to ``log`` when one is given: the
    games' rebuilds keep their steps with it (:meth:`Codec.replay`)."""
    if log is not None:
        log.append((state, action))
    return state.apply(action)


def _read(data: dict, fields: tuple[Field, ...], rules) -> dict:
    def reader(f: Field):
        return lambda v: f.kind.read(v, f.name, rules)
    return {f.name: (field(data, f.name, reader(f)) if f.default is ...
                     else field(data, f.name, reader(f), f.default)) for f in fields}


__all__ = ["Codec", "Field", "apply_logged", "rules_from_json"]
