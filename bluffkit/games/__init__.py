"""The games' rules engines and their registry.

>>> find_game("Bluff").name
'bluff'
>>> sorted(GAMES)[:1]
['bluff']
"""

from __future__ import annotations

from ..core import GameInfo, InvalidRules
from ..core.i18n import _


class _Registry(dict):
    """The games by name, filled the first time it is read: importing one game's engine (as
    ``bluffkit odds bluff`` does) does not import the other four."""

    filled = False

    def _filled(self):
        if not self.filled:
            self.filled = True
            _register_all()
        return self


def _once_filled(name: str):
    """``dict``'s method ``name``, run on the registry once it is filled."""
    method = getattr(dict, name)
    return lambda self, *args: method(self._filled(), *args)


for _name in ("__getitem__", "__iter__", "__len__", "__contains__", "__repr__", "keys", "values",
              "items", "get"):
    setattr(_Registry, _name, _once_filled(_name))

GAMES: dict[str, GameInfo] = _Registry()


def register(info: GameInfo) -> GameInfo:
    dict.__setitem__(GAMES, info.name, info)
    return info


def find_game(name: str) -> GameInfo:
    """The registered game called ``name`` (case, ``_`` and ``-`` do not matter)."""
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    if key not in GAMES:
        raise InvalidRules(_("no game called {name}; the games are: {join}",
                             name=repr(name), join=', '.join(sorted(GAMES))))
    return GAMES[key]


def _register_all() -> None:
    from . import bluff, bluff_you, bungee, jungle_bluff, poker_dice

    for game in (bluff, bluff_you, jungle_bluff, poker_dice, bungee):
        register(game.GAME)


__all__ = ["GAMES", "find_game", "register"]
