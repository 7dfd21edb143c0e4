"""How one value of a saved state is written as JSON and read back: the kinds of the fields
that :mod:`.codec` reads and writes.

A :class:`Kind` pairs a reader, which names the field in every refusal, with a writer. Kinds
combine: ``DICE.per_player`` is one text of dice per player, ``SEAT.optional`` a seat or
``None``, ``CARDS.listed`` a list of any length, ``saved(Reveal, ...)`` a record read field by
field.

>>> from types import SimpleNamespace
>>> rules = SimpleNamespace(players=3)
>>> SEAT.optional.per_player.read([0, None, 2], "bidders", rules)
(0, None, 2)
>>> SEAT.read(3, "bidder", rules)
Traceback (most recent call last):
...
bluffkit.core.errors.InvalidState: field 'bidder' must hold whole numbers 0-2, got 3
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .fields import items, one_of, pairs, per_player, record, text, true_or_false, whole_number


def _same(v: Any) -> Any:
    return v


@dataclass(frozen=True)
class Kind:
    """How one value is written in a saved state and read back.

    Attributes:
        read: ``(json, name, rules) -> value``; raises ``InvalidState`` naming field ``name``
            (a nested value is named by the top-level field it is in).
        write: ``value -> json``.
    """

    read: Callable[[Any, str, Any], Any]
    write: Callable[[Any], Any] = _same

    @property
    def optional(self) -> Kind:
        """This kind or ``None`` (JSON ``null``)."""
        return Kind(lambda v, name, rules: None if v is None else self.read(v, name, rules),
                    lambda v: None if v is None else self.write(v))

    @property
    def per_player(self) -> Kind:
        """A list of one of this kind per player."""
        return Kind(lambda v, name, rules: per_player(name, rules.players,
                                                      lambda x: self.read(x, name, rules))(v),
                    self._write_each)

    @property
    def listed(self) -> Kind:
        """A list of any length of this kind."""
        return Kind(lambda v, name, rules: tuple(self.read(x, name, rules)
                                                 for x in items(v, name)), self._write_each)

    def _write_each(self, values) -> list:
        return [self.write(v) for v in values]


Bound = int | Callable[[Any], int] | None
"""A bound of a whole number: fixed, or computed from the rules (``last_seat``)."""


def last_seat(rules) -> int:
    """The highest seat number of a game played under ``rules``."""
    return rules.players - 1


def _bound(b: Bound, rules) -> int | None:
    return b(rules) if callable(b) else b


def whole(low: Bound = None, high: Bound = None) -> Kind:
    """A whole number within ``low..high`` (each optional; either may depend on the rules)."""
    return Kind(lambda v, name, rules: whole_number(v, name, _bound(low, rules),
                                                    _bound(high, rules)))


SEAT = whole(0, last_seat)
"""A player's seat."""
TO_MOVE = whole(-2, last_seat)
"""The player to move: a seat, -1 for chance, -2 once the game is over."""
FLAG = Kind(lambda v, name, rules: true_or_false(v, name))
"""True or false."""
TEXT = Kind(lambda v, name, rules: text(v, name))
"""A text kept as written."""
HISTORY = Kind(lambda v, name, rules: pairs(v, name), lambda h: [[p, a] for p, a in h])
"""A history: ``[player, action text]`` pairs."""
RAW = Kind(lambda v, name, rules: v)
"""A value kept as it comes (an observation's fields that the engine already checked)."""


def choice(allowed) -> Kind:
    """One of the texts ``allowed`` (a phase, a status)."""
    return Kind(lambda v, name, rules: one_of(v, name, allowed))


def textual(parse: Callable[[str], Any], write: Callable[[Any], str] = str) -> Kind:
    """A value written as text (dice ``"1,3,*"``, a bid ``"7x3"``, cards), read by ``parse``."""
    return Kind(lambda v, name, rules: parse(text(v, name)), write)


def saved(cls: type, **kinds: Kind) -> Kind:
    """A record (a past round, a result) written by its own ``to_json`` as an object with
    exactly the fields ``kinds``, read back into ``cls`` field by field."""
    def read(v, name, rules):
        d = record(v, name, kinds)
        return cls(**{k: kind.read(d[k], name, rules) for k, kind in kinds.items()})
    return Kind(read, lambda v: v.to_json())


__all__ = ["FLAG", "HISTORY", "RAW", "SEAT", "TEXT", "TO_MOVE", "Kind", "choice",
           "last_seat", "saved", "textual", "whole"]
