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

    def __getitem__(self, key):
        return dict.__getitem__(self._filled(), key)

    def __iter__(self):
        return dict.__iter__(self._filled())

    def __len__(self):
        return dict.__len__(self._filled())

    def __contains__(self, key):
        return dict.__contains__(self._filled(), key)

    def __repr__(self):
        return dict.__repr__(self._filled())

    def keys(self):
        return dict.keys(self._filled())

    def values(self):
        return dict.values(self._filled())

    def items(self):
        return dict.items(self._filled())

    def get(self, key, default=None):
        return dict.get(self._filled(), key, default)


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
