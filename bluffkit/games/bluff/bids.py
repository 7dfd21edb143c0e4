"""Bluff's dice, bids and the board's bid ladder.

Die faces are 1-5 and a star, stored as 6 and written ``*``. A digit bid ``7x3`` claims at least
seven dice show 3, stars counting as 3; a star bid ``5x*`` claims at least five stars.

The ladder is the board's track: ``1, *1, 2, 3, *2, 4, 5, *3, ...`` (a digit box, then one star
box and two digit boxes in turn), going on the same way past 20, so star box ``s`` sits between
digit boxes ``2s-1`` and ``2s``.

>>> Bid.parse("7x3"), str(Bid(5, STAR))
(Bid(count=7, face=3), '5x*')
>>> [str(b) for b in ladder(4)]
['1', '*1', '2', '3', '*2', '4']
>>> Bid.parse("5x*").raises(Bid.parse("8x4"))
True
>>> why_not_raise(Bid.parse("4x2"), Bid.parse("5x3")).split(";")[0]
'4x2 does not raise 5x3: box 4 comes before box 5 on the ladder'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ...core import Action, IllegalAction, ParseError
from ...core.checks import is_whole
from ...core.i18n import _

STAR = 6
FACES = (1, 2, 3, 4, 5, STAR)
DIGITS = (1, 2, 3, 4, 5)


def face_text(face: int) -> str:
    """``"3"`` for a digit, ``"*"`` for the star."""
    return "*" if face == STAR else str(face)


def parse_face(text: str) -> int:
    """Read a die face: ``1``-``5``, or ``*``, ``★``, ``6``, ``s``, ``star`` for the star.

    >>> parse_face("*"), parse_face("4")
    (6, 4)
    """
    t = text.strip().lower()
    if t in {"*", "★", "6", "s", "star"}:
        return STAR
    if t in {"1", "2", "3", "4", "5"}:
        return int(t)
    raise ParseError(_("{text} is not a Bluff die face: use 1-5 or * for the star",
                       text=repr(text)))


def parse_dice(text: str | Iterable) -> tuple[int, ...]:
    """Read dice like ``"3,3,*"`` (or an iterable of faces) into a sorted tuple.

    >>> parse_dice("3, *, 1")
    (1, 3, 6)
    >>> parse_dice("")
    ()
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    else:
        parts = [str(p) for p in text]
    return tuple(sorted(parse_face(p) for p in parts))


def dice_text(dice: Iterable[int]) -> str:
    return ",".join(face_text(f) for f in dice)


def box_index(count: int, face: int) -> int:
    """Position of a bid's box on the ladder (0 is the first box, digit box 1)."""
    if face == STAR:
        return 3 * count - 2
    return count - 1 + count // 2


def box_name(count: int, face: int) -> str:
    return f"*{count}" if face == STAR else str(count)


@dataclass(frozen=True)
class Bid(Action):
    """A claim about all dice in play: at least ``count`` dice show ``face``.

    Args:
        count: number of dice claimed, at least 1.
        face: 1-5 for a digit bid (stars are wild), ``STAR`` (6) for a star bid.
    """

    count: int
    face: int

    def __post_init__(self):
        if not is_whole(self.count, 1):
            raise IllegalAction(_("a bid's count must be a whole number >= 1, got {value}",
                                  value=repr(self.count)))
        if not is_whole(self.face) or self.face not in FACES:
            raise IllegalAction(_("a bid's face must be 1-5 or the star, got {value}",
                                  value=repr(self.face)))

    @property
    def is_star(self) -> bool:
        return self.face == STAR

    @property
    def box(self) -> int:
        return box_index(self.count, self.face)

    def sort_key(self) -> tuple:
        return (0, self.box, self.face)

    def raises(self, previous: Bid | None) -> bool:
        """True when this bid is a legal raise of ``previous`` (any bid opens a round): a later
        box, or on the same digit box a higher digit (:func:`why_not_raise` says why not; a
        legal-move list asks this of every bid, so the reasons are not written here)."""
        return previous is None or self.box > previous.box or (
            self.box == previous.box and not previous.is_star and self.face > previous.face)

    def __str__(self) -> str:
        return f"{self.count}x{face_text(self.face)}"

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read ``"7x3"``, ``"7 x 3"``, ``"5x*"`` or ``"5x★"``."""
        m = re.fullmatch(r"\s*(\d+)\s*[x×X]\s*(\S+)\s*", str(text))
        if not m:
            raise ParseError(_("{text} is not a bid: write COUNTxFACE, e.g. 7x3 or 5x* for "
                               "stars", text=repr(text)))
        try:
            return cls(int(m.group(1)), parse_face(m.group(2)))
        except IllegalAction as e:
            raise ParseError(_("{text}: {reason}", text=repr(text), reason=e)) from None


def why_not_raise(bid: Bid, previous: Bid | None) -> str | None:
    """None if ``bid`` raises ``previous``, else the rule it breaks in plain words."""
    if previous is None:
        return None
    if bid.box > previous.box:
        return None
    here = box_name(previous.count, previous.face)
    after = _later_boxes(previous)
    if bid.box == previous.box:
        if previous.is_star:
            return _("{bid} does not raise {previous}: {previous} is on star box {box}, which "
                     "holds only star bids; a raise moves forward to a later box ({later})",
                     bid=bid, previous=previous, box=here, later=after)
        if bid.face > previous.face:
            return None
        return _("{bid} does not raise {previous}: on the same box the red die must turn to a "
                 "higher digit; {raise_}", bid=bid, previous=previous,
                 raise_=_a_raise(previous, here, after))
    return _("{bid} does not raise {previous}: box {box} comes before box {here} on the "
             "ladder; {raise_}", bid=bid, previous=previous, box=box_name(bid.count, bid.face),
             here=here, raise_=_a_raise(previous, here, after))


def _a_raise(previous: Bid, here: str, after: str) -> str:
    """What a raise of ``previous`` may be, in words."""
    higher = [f"{previous.count}x{d}" for d in DIGITS if d > previous.face]
    if higher and not previous.is_star:
        return _("a raise keeps box {box} with a higher digit ({digits}) or moves forward to a "
                 "later box ({later})", box=here, digits=_(" or ").join(higher), later=after)
    return _("a raise moves forward to a later box ({later})", later=after)


def _later_boxes(previous: Bid, n: int = 3) -> str:
    boxes = []
    i = previous.box + 1
    while len(boxes) < n:
        boxes.append(_box_at(i))
        i += 1
    return ", ".join(boxes) + ", ..."


def _box_at(index: int) -> str:
    """Name of the box at ladder position ``index``."""
    group, r = divmod(index, 3)
    # positions 3g, 3g+1, 3g+2 hold digit 2g+1, star g+1, digit 2g+2
    return [str(2 * group + 1), f"*{group + 1}", str(2 * group + 2)][r]


def ladder(max_count: int) -> list[str]:
    """The ladder's boxes in order, up to digit box ``max_count`` (names only, as on the board)."""
    boxes: list[str] = []
    while not (boxes and boxes[-1] == str(max_count)):
        boxes.append(_box_at(len(boxes)))
    return boxes


def all_bids(max_count: int) -> list[Bid]:
    """Every bid with count 1..max_count, in ladder order."""
    bids = [Bid(n, f) for n in range(1, max_count + 1) for f in DIGITS]
    bids += [Bid(n, STAR) for n in range(1, max_count + 1)]
    return sorted(bids)


def raises_of(previous: Bid | None, max_count: int) -> list[Bid]:
    """Every legal raise of ``previous`` with count up to ``max_count``, in ladder order."""
    return [b for b in all_bids(max_count) if b.raises(previous)]


__all__ = ["DIGITS", "FACES", "STAR", "Bid", "all_bids", "box_index", "dice_text", "face_text",
           "ladder", "parse_dice", "parse_face", "raises_of", "why_not_raise"]
