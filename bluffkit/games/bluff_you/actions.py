"""Bluff You's actions and chance outcome, each with a text form and a parser.

>>> [str(a) for a in (Gain(1, 11), Steal(2, 5), Doublet((8, 13), 4), Call(True), Call(False),
...                   Give(7), Roll((2, 2, 5)))]
['gain 11 to P1', 'steal 5 from P2', 'doublet 8,13 for 4', 'ok', 'bluff you', 'give 7', \
'roll 2,2,5']
>>> parse_action_text("doublet 8,13 for 4") == Doublet((8, 13), 4)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import Action, IllegalAction, ParseError, action
from ...core.checks import is_whole
from ...core.i18n import _, _p
from ...core.text import short_text
from .tokens import dice_text, parse_dice, parse_tokens, tokens_text


def _whole(v, what: str) -> None:
    """Action fields are whole numbers (``True`` or ``9.0`` made states that did not reload)."""
    if not is_whole(v):
        raise IllegalAction(_("{what} must be a whole number, got {value}", what=what,
                              value=repr(v)))


@action(0)
class Roll(Action):
    """Chance: the three dice under the cup, sorted."""

    dice: tuple[int, int, int]

    def __post_init__(self):
        if isinstance(self.dice, str) or not hasattr(self.dice, "__iter__"):
            raise IllegalAction(_("a roll is three dice, got {value}; from text use "
                                  "parse_dice('2,2,5')", value=repr(self.dice)))
        object.__setattr__(self, "dice", tuple(self.dice))
        for d in self.dice:
            _whole(d, _("a die"))

    @property
    def total(self) -> int:
        return sum(self.dice)

    def __str__(self) -> str:
        return f"roll {dice_text(self.dice)}"


@action(1)
class Gain(Action):
    """Try to gain a token: announce ``number`` (a centre token) to the ``guesser``."""

    guesser: int
    number: int

    def __post_init__(self):
        _whole(self.guesser, _("the guesser (a player number)"))
        _whole(self.number, _("the announced number"))

    def __str__(self) -> str:
        return f"gain {self.number} to P{self.guesser}"


@action(2)
class Steal(Action):
    """Try to steal: announce ``number``, one of the ``target``'s tokens; the target guesses."""

    target: int
    number: int

    def __post_init__(self):
        _whole(self.target, _("the target (a player number)"))
        _whole(self.number, _("the announced number"))

    @property
    def guesser(self) -> int:
        return self.target

    def __str__(self) -> str:
        return f"steal {self.number} from P{self.target}"


@dataclass(frozen=True)
class Doublet(Action):
    """Show a doublet and swap the ``give`` tokens (two or more) for the centre token ``take``."""

    give: tuple[int, ...]
    take: int

    def __post_init__(self):
        if isinstance(self.give, str) or not hasattr(self.give, "__iter__"):
            raise IllegalAction(_("a doublet gives a list of tokens, got {value}; from text "
                                  "use parse_tokens('8,13')", value=repr(self.give)))
        for t in self.give:
            _whole(t, _("a token given"))
        object.__setattr__(self, "give", tuple(sorted(self.give)))
        _whole(self.take, _("the token taken"))

    def sort_key(self) -> tuple:
        return (3, self.take, self.give)

    def __str__(self) -> str:
        return f"doublet {tokens_text(self.give)} for {self.take}"


@dataclass(frozen=True)
class Call(Action):
    """The guesser's answer: ``believe=True`` is "OK!", ``False`` is "Bluff you!"."""

    believe: bool

    def __post_init__(self):
        if not isinstance(self.believe, bool):
            raise IllegalAction(_("a call believes (True, 'ok') or not (False, 'bluff you'), "
                                  "got {value}", value=repr(self.believe)))

    def sort_key(self) -> tuple:
        return (4, not self.believe)

    def __str__(self) -> str:
        return "ok" if self.believe else "bluff you"


@action(5)
class Give(Action):
    """After a failed steal: the bluffer gives ``token``, one of their own, to the guesser."""

    token: int

    def __post_init__(self):
        _whole(self.token, _("the token given"))

    def __str__(self) -> str:
        return f"give {self.token}"


OK = Call(True)
BLUFF_YOU = Call(False)


def player_name(p: int, names=None, subject: bool = True) -> str:
    """``names[p]`` (``"P1"`` without names); ``"You"`` becomes ``"you"`` after a verb.

    >>> names = ["You", "Bot 1"]
    >>> player_name(0, names, subject=False), player_name(1), player_name(1, names)
    ('you', 'P1', 'Bot 1')
    """
    name = names[p] if names is not None else f"P{p}"
    return _p("object", "you") if name == _("You") and not subject else name


def action_text(action: Action, names=None) -> str:
    """``str(action)`` with the players named as at the table (``gain 3 to Bot 1``).

    >>> action_text(Gain(0, 11), ["You", "Bot 1"]), action_text(Steal(1, 5), ["You", "Bot 1"])
    ('gain 11 to you', 'steal 5 from Bot 1')
    """
    if isinstance(action, Gain):
        return _("gain {number} to {player}", number=action.number,
                 player=player_name(action.guesser, names, False))
    if isinstance(action, Steal):
        return _("steal {number} from {player}", number=action.number,
                 player=player_name(action.target, names, False))
    if isinstance(action, Doublet):
        return _("doublet {tokens} for {token}", tokens=tokens_text(action.give),
                 token=action.take)
    if isinstance(action, Give):
        return _("give {token}", token=action.token)
    if isinstance(action, Call):
        return _("ok") if action.believe else _("bluff you")
    if isinstance(action, Roll):
        return _("roll {dice}", dice=dice_text(action.dice))
    return str(action)


_FRENCH_WORDS = {"gagne": "gain", "gagner": "gain", "annonce": "announce", "vole": "steal",
                 "voler": "steal", "à": "to", "a": "to", "de": "from", "du": "from",
                 "pour": "for", "contre": "for", "donne": "give", "donner": "give",
                 "lance": "roll", "oui": "yes", "non": "no", "crois": "believe"}
"""Moves may be typed in French too (``gagne 11 à P1``, ``vole 5 de P2``, ``doublet 8,13
contre 4``, ``donne 7``): the words are read as their English twins."""

_PLAYER = r"(?:to|from|vs)?\s*(?:p|player)?\s*(\d+)"


def parse_action_text(text: str) -> Action:
    """Read an action typed by a person (no legality check; ``state.apply`` does that).

    Accepted: ``gain 11 to P1``, ``steal 5 from P2``, ``doublet 8,13 for 4``, ``ok`` (``o``,
    ``believe``), ``bluff you`` (``b``, ``bluff``), ``give 7``, ``roll 2,2,5``.

    Raises:
        ParseError: with the forms that are accepted.
    """
    t = " ".join(short_text(text, _("a move"), "gain 11 to P1").lower().replace("!", "").split())
    t = " ".join(_FRENCH_WORDS.get(w, w) for w in t.split())
    if t in {"ok", "o", "believe", "yes"}:
        return OK
    if t in {"bluff you", "bluff", "b", "bluffyou", "no"}:
        return BLUFF_YOU
    m = re.fullmatch(r"(gain|announce|steal)\s+(\d+)\s*,?\s*" + _PLAYER, t)
    if m:
        kind, number, player = m.group(1), int(m.group(2)), int(m.group(3))
        return Steal(player, number) if kind == "steal" else Gain(player, number)
    m = re.fullmatch(r"doublet\s+(.+?)\s+(?:for|->)\s*(\d+)", t)
    if m:
        return Doublet(parse_tokens(m.group(1), "doublet"), int(m.group(2)))
    m = re.fullmatch(r"give\s+(\d+)", t)
    if m:
        return Give(int(m.group(1)))
    m = re.fullmatch(r"roll\s+(.+)", t)
    if m:
        return Roll(parse_dice(m.group(1)))
    raise ParseError(_(
        "{text} is not a Bluff You action: type 'gain 11 to P1', 'steal 5 from P2', "
        "'doublet 8,13 for 4', 'ok', 'bluff you' or 'give 7'", text=repr(text)))


__all__ = ["BLUFF_YOU", "OK", "Call", "Doublet", "Gain", "Give", "Roll", "Steal", "action_text",
           "parse_action_text", "player_name"]
