"""The games' rules engines and their registry.

>>> find_game("Bluff").name
'bluff'
>>> sorted(GAMES)[:1]
['bluff']
"""

from __future__ import annotations

from ..core import GameInfo, InvalidRules
from ..core.i18n import _, _l


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
    from . import bluff as _bluff
    from . import bluff_you as _bluff_you
    from . import bungee as _bungee
    from . import jungle_bluff as _jungle
    from . import poker_dice as _poker_dice

    register(GameInfo(
        name="bluff",
        title=_l("Bluff (liar's dice with stars)"),
        rules_type=_bluff.BluffRules,
        new_game=_bluff.BluffState.new,
        state_from_json=_bluff.state_from_json,
        observation_from_json=_bluff.serial.observation_from_json,
        parse_action=_bluff.parse_action,
        conserved=lambda s: sum(s.dice) + sum(s.lost),
        summary=_l("Bid on all dice under the cups; stars are wild; challenge the bid you doubt."),
        variants=(_bluff.BluffRules(players=2, dice_per_player=2),
                  _bluff.BluffRules(players=3, dice_per_player=3, show_and_reroll=True),
                  _bluff.BluffRules(players=6, starting_dice=(1, 2, 1, 2, 1, 1), opener=5)),
    ))

    register(GameInfo(
        name="bluff-you",
        title=_l("Bluff You"),
        rules_type=_bluff_you.BluffYouRules,
        new_game=_bluff_you.BluffYouState.new,
        state_from_json=_bluff_you.state_from_json,
        observation_from_json=_bluff_you.serial.observation_from_json,
        parse_action=_bluff_you.parse_action,
        conserved=_bluff_you.conserved,
        summary=_l("Roll three dice in secret, announce a sum; believe it or shout 'Bluff you!'."),
        variants=(_bluff_you.BluffYouRules(players=2),
                  _bluff_you.BluffYouRules(players=3, tokens=(3, 4, 8, 10, 13, 17)),
                  _bluff_you.BluffYouRules(players=6)),
    ))

    register(GameInfo(
        name="jungle-bluff",
        title=_l("Jungle Bluff"),
        rules_type=_jungle.JungleRules,
        new_game=_jungle.JungleState.new,
        state_from_json=_jungle.state_from_json,
        observation_from_json=_jungle.serial.observation_from_json,
        parse_action=_jungle.parse_action,
        conserved=lambda s: s.conserved(),
        summary=_l("Play a strength card face down, take a score card or challenge whoever "
                   "holds one."),
        variants=(_jungle.JungleRules(players=2, top_card=4),
                  _jungle.JungleRules(players=3, combined=True, special_cards=(
                      "optimistic", "reversed", "nervous", "alpha")),
                  _jungle.JungleRules(players=6, first_player=5, special_cards=("alpha",))),
    ))

    register(GameInfo(
        name="poker-dice",
        title=_l("Poker dice with peekers"),
        rules_type=_poker_dice.PokerDiceRules,
        new_game=_poker_dice.PokerDiceState.new,
        state_from_json=_poker_dice.state_from_json,
        observation_from_json=_poker_dice.serial.observation_from_json,
        parse_action=_poker_dice.parse_action,
        conserved=lambda s: sum(s.chips) + sum(s.committed),
        summary=_l("Three dice under your peeker, three common dice: ante, bet, call or raise."),
        variants=(_poker_dice.PokerDiceRules(players=2, starting_points=6),
                  _poker_dice.PokerDiceRules(players=3, starting_stacks=(2, 5, 9),
                                             tie_break="categories"),
                  _poker_dice.PokerDiceRules(players=4, starting_points=8, leader=3)),
    ))

    register(GameInfo(
        name="bungee",
        title=_l("Bungee"),
        rules_type=_bungee.BungeeRules,
        new_game=_bungee.BungeeState.new,
        state_from_json=_bungee.state_from_json,
        observation_from_json=_bungee.serial.observation_from_json,
        parse_action=_bungee.parse_action,
        conserved=lambda s: s.card_count(),
        summary=_l("Lower your hand to 5 or less by playing and drawing cards, then call Bungee."),
        variants=(_bungee.BungeeRules(players=2, rounds=1),
                  _bungee.BungeeRules(players=3, rounds=1),
                  _bungee.BungeeRules(players=5, rounds=2, six_extra_lap=False)),
    ))


__all__ = ["GAMES", "find_game", "register"]
