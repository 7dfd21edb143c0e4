"""A room's rules from the options a teacher sends over the wire, checked as strictly as the
command line checks them: the rules type's own checks (players, dice, tokens, cards ...), then
the limits that keep every view and every bot move small (:data:`LIMITS`).

A view is computed on the server's event loop after every move, for every seat, and lists the
legal moves of the seat to move: with ``starting_points`` of 10**30 poker dice would list every
bet (memory without end), and 10**6 points took 10 s a view, stopping every table. With the
limits, the worst view of any game takes milliseconds (``benchmarks/classroom_views.py``).

>>> from bluffkit.games import find_game
>>> make_rules(find_game("poker-dice"), {"players": 2, "starting_points": 40}).starting_points
40
>>> make_rules(find_game("poker-dice"), {"players": 2, "starting_points": 10**30})
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bluffkit.classroom.protocol.ProtocolError: starting_points: a class table holds at most 2,000 ...
"""

from __future__ import annotations

import json
from dataclasses import fields

from ..core import BluffkitError
from ..core.i18n import _, num
from ..core.text import shorten
from .protocol import ProtocolError

MAX_POINTS = 2_000
"""Poker dice: the most points a class table may hold in all, ten times the box's 192. A view
lists a bet for each point the player to move holds, so this bounds every view (a few
milliseconds at worst); the command line allows 10,000 a player for a game in a terminal,
which nobody else waits for."""


def _points(rules) -> None:
    stacks = rules.start_stacks()
    if sum(stacks) > MAX_POINTS:
        name = "starting_stacks" if rules.starting_stacks is not None else "starting_points"
        got = (" + ".join(str(s) for s in stacks) if rules.starting_stacks is not None else
               f"{len(stacks)} × {stacks[0]}")
        raise ProtocolError("bad_rules", _(
            "{name}: a class table holds at most {most} points in all (the box holds 192), got "
            "{got}", name=name, most=num(MAX_POINTS, ","), got=shorten(got, 60)))


LIMITS = {"poker-dice": _points}
"""Per game, the check of the limits beyond the rules type's own (the other games' rules
types already bound every option: 2-6 players, 1-5 dice, 16 tokens, decks up to 10, up to 100
Bungee rounds)."""


def make_rules(info, options: dict):
    """The game's rules from JSON options (lists become tuples), checked by the rules type
    and by :data:`LIMITS`.

    Raises:
        ProtocolError: ``bad_rules``, naming the option and what it may be.
    """
    defaults = {f.name: f.default for f in fields(info.rules_type)}
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        raise ProtocolError("bad_rules", _("{title} has no rules option {unknown}; its options "
                                           "are: {join}",
                                           title=info.title, unknown=repr(unknown[0]),
                                           join=', '.join(sorted(defaults))))
    empty = sorted(k for k, v in options.items() if v is None and defaults[k] is not None)
    if empty:
        raise ProtocolError("bad_rules", _("the rules option {empty} needs a value (leave it out "
                                           "for the standard game)", empty=repr(empty[0])))

    def tup(v):
        return tuple(tup(x) for x in v) if isinstance(v, list) else v

    try:
        rules = info.rules_type(**{k: tup(v) for k, v in options.items()})
    except BluffkitError as e:
        raise ProtocolError("bad_rules", str(e)) from None
    except (TypeError, ValueError, AttributeError):
        raise ProtocolError("bad_rules", _("the rules options {shorten_json} are not valid for "
                                           "{title}",
                                           shorten_json=shorten_json(options),
                                           title=info.title)) from None
    check = LIMITS.get(info.name)
    if check is not None:
        check(rules)
    return rules


def shorten_json(v) -> str:
    t = json.dumps(v)
    return t if len(t) <= 80 else t[:77] + "..."


__all__ = ["LIMITS", "MAX_POINTS", "make_rules"]
