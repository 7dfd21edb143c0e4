"""Poker dice rules options, actions and chance outcomes.

Actions read as the rulebook speaks: ``ante``, ``pass``, ``fold``, ``bet 3`` (the first bet: put
3 points in), ``call`` ("je suis"), ``raise 2`` ("je suis et je relance de 2": call, then add 2
more). Chance outcomes: ``start K`` (a die rolled for the first leader) and ``roll 9,K,K``
(a peeker's three dice, or the three common dice).

>>> str(Raise(2)), Bet(3) < Raise(1), PokerDiceRules(players=3).start_stacks()
('raise 2', True, (64, 64, 64))
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ...core import Action, IllegalAction, InvalidRules, action
from ...core.checks import is_whole
from ...core.i18n import _, _l
from .hand import DEFAULT_COLOURS, FACES, TIE_BREAKS, dice_text, face_text

TOTAL_POINTS = 192
"""The box's 72 chips: 24 x 1 + 24 x 2 + 24 x 5 points."""
DICE_PER_PEEKER = 3
COMMON_DICE = 3


@dataclass(frozen=True)
class PokerDiceRules:
    """Rules options of poker dice with peekers (defaults: the standard game for 4 players).

    Args:
        players: 2-4 (the box has 4 peekers).
        starting_points: points each player starts with; ``None`` shares the box's 192 points
            equally (**decision**: 96, 64 or 48 points).
        starting_stacks: per-player starting points, overriding ``starting_points`` (handicaps
            and analysis, e.g. ``(5, 12, 20)``).
        colours: colours of 9, 10, J, Q, K, A for the large flush (**decision**: black, red,
            blue, green, red, black).
        tie_break: ``"faces"`` compares the faces of the combination, then the other dice,
            highest first; ``"categories"`` lets equal categories tie (**decision**: a rules
            option, ``"faces"`` by default).
        leader: the first leader; ``None`` plays the rulebook's roll of one die each.
    """

    players: int = 4
    starting_points: int | None = None
    starting_stacks: tuple[int, ...] | None = None
    colours: tuple[str, ...] = DEFAULT_COLOURS
    tie_break: str = "faces"
    leader: int | None = None

    def __post_init__(self):
        if not is_whole(self.players, 2, 4):
            raise InvalidRules(_("poker dice is for 2-4 players (4 peekers), got players={players}",
                                 players=repr(self.players)))
        if self.starting_points is not None and not is_whole(self.starting_points, 1):
            raise InvalidRules(_("starting_points must be a whole number >= 1 (or left out for "
                                 "192 / players), got {starting_points}",
                                 starting_points=repr(self.starting_points)))
        if self.starting_stacks is not None:
            if isinstance(self.starting_stacks, str) or not hasattr(self.starting_stacks,
                                                                    "__iter__"):
                raise InvalidRules(_("starting_stacks needs one whole number >= 1 per player "
                                     "({players} players), got {starting_stacks}",
                                     players=self.players,
                                     starting_stacks=repr(self.starting_stacks)))
            object.__setattr__(self, "starting_stacks", tuple(self.starting_stacks))
            if len(self.starting_stacks) != self.players or not all(
                    is_whole(s, 1) for s in self.starting_stacks):
                raise InvalidRules(
                    _("starting_stacks needs one whole number >= 1 per player ({players} players),"
                      " got {starting_stacks}",
                      players=self.players, starting_stacks=repr(self.starting_stacks)))
        colours = self.colours
        if isinstance(colours, str) or not hasattr(colours, "__len__"):
            raise InvalidRules(_("colours needs 6 colour names (for 9, 10, J, Q, K, A), got "
                                 "{colours}", colours=repr(colours)))
        object.__setattr__(self, "colours", tuple(colours))
        if len(self.colours) != len(FACES) or not all(
                isinstance(c, str) and c.strip() for c in self.colours):
            raise InvalidRules(_("colours needs 6 colour names (for 9, 10, J, Q, K, A), got "
                                 "{colours}", colours=repr(self.colours)))
        if len(set(self.colours)) < 2:
            raise InvalidRules(_("colours needs at least two different colours, or every hand "
                                 "would be a large flush; got {colours}",
                                 colours=repr(self.colours)))
        if self.tie_break not in TIE_BREAKS:
            raise InvalidRules(_("tie_break must be one of {join}, got {tie_break}",
                                 join=', '.join(TIE_BREAKS), tie_break=repr(self.tie_break)))
        if self.leader is not None and (isinstance(self.leader, bool)
                                        or not isinstance(self.leader, int)
                                        or self.leader not in range(self.players)):
            raise InvalidRules(_("leader must be a player 0-{value} (or left out for the roll of "
                                 "one die each), got {leader}",
                                 value=self.players - 1, leader=repr(self.leader)))

    def start_stacks(self) -> tuple[int, ...]:
        """Each player's points at the start."""
        if self.starting_stacks is not None:
            return self.starting_stacks
        return (self.starting_points or TOTAL_POINTS // self.players,) * self.players

    def to_json(self) -> dict:
        d = asdict(self)
        d["starting_stacks"] = list(self.starting_stacks) if self.starting_stacks else None
        d["colours"] = list(self.colours)
        return d

    @classmethod
    def from_json(cls, d: dict) -> PokerDiceRules:
        d = dict(d)
        if d.get("starting_stacks") is not None:
            d["starting_stacks"] = tuple(d["starting_stacks"])
        if "colours" in d:
            d["colours"] = tuple(d["colours"])
        return cls(**d)


A_BET, A_RAISE, A_ROLL, THE_START_ROLL = (_l("a bet"), _l("a raise"), _l("a roll"),
                                          _l("the start roll"))
"""What a bad amount or face belongs to, translated only when it is said: a legal-move list
builds an action per amount (a stack of 10,000 points, 10,000 bets), and translating each
one's name in advance took 30 microseconds an action."""


def _amount(x, what) -> None:
    if not is_whole(x):
        raise IllegalAction(_("{what} must be a whole number of points, got {x}", what=str(what),
                              x=repr(x)))


def _face(x, what) -> None:
    if isinstance(x, bool) or x not in FACES:
        raise IllegalAction(_("{what}: {x} is not a poker-dice face (9-14, i.e. 9, 10, J, Q, "
                              "K, A)", what=str(what), x=repr(x)))


# -- decisions ----------------------------------------------------------------------------------
@action(0)
class Fold(Action):
    """Se coucher: leave the round; points already put in are lost."""

    def __str__(self) -> str:
        return "fold"


@action(1)
class Call(Action):
    """Suivre: match the current bet (all-in for less when short of points)."""

    def __str__(self) -> str:
        return "call"


@action(2)
class Bet(Action):
    """The round's first bet: put ``amount`` points in (at least 1)."""

    amount: int

    def __post_init__(self):
        _amount(self.amount, A_BET)

    def __str__(self) -> str:
        return f"bet {self.amount}"


@action(3)
class Raise(Action):
    """Suivre et relancer: call the current bet, then add ``by`` points more (at least 1)."""

    by: int

    def __post_init__(self):
        _amount(self.by, A_RAISE)

    def __str__(self) -> str:
        return f"raise {self.by}"


@action(4)
class Ante(Action):
    """Put one point in to play this round."""

    def __str__(self) -> str:
        return "ante"


@action(5)
class Pass(Action):
    """Sit this round out (no point put in)."""

    def __str__(self) -> str:
        return "pass"


# -- chance ---------------------------------------------------------------------------------------
@action(6)
class Roll(Action):
    """Chance: three dice, kept sorted (a peeker's dice, or the common dice)."""

    dice: tuple[int, ...]

    def __post_init__(self):
        dice = self.dice
        if isinstance(dice, str) or not hasattr(dice, "__iter__"):
            raise IllegalAction(_("a roll needs a list of dice (faces 9-14), got {dice}; from text"
                                  " use parse_dice('9,K,K')", dice=repr(dice)))
        dice = tuple(dice)
        for face in dice:
            _face(face, A_ROLL)
        object.__setattr__(self, "dice", tuple(sorted(dice)))

    def __str__(self) -> str:
        return f"roll {dice_text(self.dice)}"


@action(7)
class StartRoll(Action):
    """Chance: the die a player rolls to choose the first leader."""

    face: int

    def __post_init__(self):
        _face(self.face, THE_START_ROLL)

    def __str__(self) -> str:
        return f"start {face_text(self.face)}"


def say_move(text: str) -> str:
    """A move as the engine writes it (``ante``, ``bet 3``, ``raise 2``), in the current
    language (the history keeps the engine's text).

    >>> say_move("raise 2"), say_move("fold")
    ('raise 2', 'fold')
    """
    word, _space, n = text.partition(" ")
    if word == "bet" and n:
        return _("bet {n}", n=n)
    if word == "raise" and n:
        return _("raise {n}", n=n)
    words = {"fold": _("fold"), "call": _("call"), "ante": _("ante"), "pass": _("pass")}
    return words.get(text, text)


__all__ = ["say_move", "Ante", "Bet", "COMMON_DICE", "Call", "DICE_PER_PEEKER", "Fold", "Pass",
           "PokerDiceRules", "Raise", "Roll", "StartRoll", "TOTAL_POINTS"]
