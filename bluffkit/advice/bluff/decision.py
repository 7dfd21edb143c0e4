"""Advice for Bluff: "challenge or raise, and to what?", with the numbers and the reasons.

When the round's bids are known (``Position.history``) and the expansion is off, ``advise``
reads them: Bayes' rule under a stated model of how players bid, then a look ahead
(``bluffkit.advice.bluff.reading``). ``advise(..., read_bids=False)``, or a position without
its history, gives the dice-random advice described here, which is also the model's own rule.

The options, their numbers and the rule that picks one are ``options``'s; the words are
``text``'s (or ``reading``'s when the bids are read).

>>> a = advise(Position("3,3,*,1,2", (5, 5, 5, 5), bid="7x3"))
>>> str(a.recommended.action), a.recommended.my_loss
('8x3', Fraction(10250240, 14348907))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core import InvalidQuestion
from ...core.i18n import _, num
from ...core.text import exact_text
from ...games.bluff import face_text
from .equilibrium import EquilibriumView, describe, equilibrium_view
from .options import (
    FACES_ORDER,
    Option,
    bid_options,
    recommended,
    show_options,
    smallest_raise,
)
from .position import Position
from .rounds import two_player_round
from .text import explain
from .words import check_names, say_action, short_fraction, with_decimal

if TYPE_CHECKING:  # reading bids needs numpy: imported when the bids are read
    from ...odds.bluff.beliefs import RoundReading
    from ...odds.bluff.model import BidModel
    from .solved import SolvedView


@dataclass(frozen=True)
class Advice:
    """Every listed legal choice with its numbers, the recommended one and why.

    ``equilibrium`` is the equilibrium view (``bluffkit.advice.bluff.equilibrium``) where a
    solved equilibrium applies (two players, small dice counts), else ``None``. ``reading`` is
    the round's bids read under the bid model (``bluffkit.odds.bluff.beliefs``) when the advice
    read them, else ``None``. ``solved`` is the solved view (``bluffkit.advice.bluff.solved``:
    the equilibrium's frequencies for my dice and what the opponent's bids reveal, exactly) for
    every position where two players hold 1-5 dice each and the round's bids are known.
    """

    position: Position
    options: tuple[Option, ...]
    recommended: Option
    explanation: str
    equilibrium: EquilibriumView | None = None
    reading: RoundReading | None = field(default=None, compare=False, repr=False)
    solved: SolvedView | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict:
        out = {"position": self.position.to_json(),
               "options": [o.to_json() for o in self.options],
               "recommended": str(self.recommended.action), "explanation": self.explanation,
               "equilibrium": self.equilibrium.to_json() if self.equilibrium else None,
               "bids_read": self.reading is not None,
               "solved": self.solved.to_json() if self.solved else None}
        if self.reading is not None:
            from .reading import beliefs_summary

            out["beliefs"] = [
                {"seat": b["seat"], "dice": b["dice"], "bids_read": b["bids_read"],
                 "matches": {face_text(f): [exact_text(p) for p in pmf.values()]
                             for f, pmf in b["faces"].items()}}
                for b in beliefs_summary(self.reading)]
        return out

    def say_action(self, text: str) -> str:
        """A choice as ``to_json`` writes it (``"challenge"``, ``"8x3"``, a show) in the
        current language (what a view shows; the JSON keeps the engine's text).

        >>> advise(Position("1,1,2,4,5", (5, 5), bid="9x3")).say_action("challenge")
        'challenge'
        """
        for o in self.options:
            if str(o.action) == text:
                return say_action(o.action)
        return text

    def _repr_markdown_(self) -> str:
        eq = self.equilibrium if self.equilibrium and self.equilibrium.reached else None
        eq = eq if eq is not None or self.equilibrium else self.solved
        extra = (" " + _("equilibrium frequency") + " |", "---|") if eq else ("", "")
        if self.reading is not None:
            rows = ["| " + " | ".join((
                _("choice"), _("P(true), dice random"), _("P(true) after reading the bids"),
                _("loss if challenged, dice random"), _("loss if challenged, bids read"),
                _("dice lost, look ahead"), _("note"))) + " |" + extra[0],
                    "|---|---|---|---|---|---|---|" + extra[1]]
        else:
            rows = ["| " + " | ".join((
                _("choice"), _("P(bid stands)"), _("P(exact)"), _("my expected loss"),
                _("others' expected loss"), _("note"))) + " |" + extra[0],
                    "|---|---|---|---|---|---|" + extra[1]]
        for o in self.options:
            star = " **(" + _("recommended") + ")**" if o is self.recommended else ""
            said = say_action(o.action)
            freq = f" {num(eq.frequency(o.action), '.1%')} |" if eq else ""
            if self.reading is not None:
                ahead = (with_decimal(o.ahead.my_loss) if o.ahead is not None
                         else _("not played out"))
                cells = (with_decimal(o.p_stands), short_fraction(o.p_read),
                         with_decimal(o.my_loss), short_fraction(o.loss_read), ahead, o.note)
            else:
                cells = (with_decimal(o.p_stands), with_decimal(o.p_exact),
                         with_decimal(o.my_loss), with_decimal(o.others_loss), o.note)
            rows.append(f"| `{said}`{star} | " + " | ".join(cells) + " |" + freq)
        return "\n".join(rows) + "\n\n" + self.explanation.replace("\n", "\n\n")

    def __str__(self) -> str:
        return self.explanation

# -- the advice -----------------------------------------------------------------------------------
def can_read(pos: Position) -> str | None:
    """``None`` when the round's bids can be read, else why not (plain words)."""
    if pos.phase != "bid":
        return _("after your own bid (the expansion's show) nothing new is bid")
    if pos.rules.show_and_reroll or any(pos.exposed):
        return _("with the expansion, shown and re-rolled dice change what a bid says about a "
                 "hand, and the model does not cover it")
    if pos.history is None:
        return _("the round's earlier bids were not given")
    return None


def advise(position: Position, equilibrium: bool = True,
           names: Sequence[str] | None = None, read_bids: bool = True,
           model: BidModel | None = None, samples: int | None = None,
           seed: int = 0) -> Advice:
    """Every listed legal choice with its numbers, the recommendation and its explanation.

    Args:
        position: what I know (see ``Position``).
        equilibrium: add the equilibrium view where a solved equilibrium applies: two players
            holding 1-5 dice each with the round's bids known (``Advice.solved``: the shipped
            strategies, or the perfect-recall round where one is shipped or saved, which also
            fills ``Advice.equilibrium``). The recommendation stays the probability view's.
        names: what to call each seat in the words (e.g. a table's ``["You", "Bot 1", ...]``);
            ``None``: "player 1" and so on.
        read_bids: read the round's bids (``bluffkit.advice.bluff.reading``: Bayes' rule under
            ``model``, then a look ahead of ``samples`` playouts from ``seed``) when the
            position allows it (bid phase, no expansion, ``position.history`` given). ``False``
            gives the dice-random advice alone, to compare the two.
        model, samples, seed: the bid model (``None``: ``BidModel()``, ε = 1/20) and the look
            ahead's playouts per choice (``None``: ``ahead.SAMPLES``) and seed.

    Returns:
        An ``Advice``.

    >>> a = advise(Position("1,1,2,4,5", (5, 5), bid="9x3"))
    >>> str(a.recommended.action), a.recommended.my_loss
    ('challenge', Fraction(0, 1))
    """
    names = check_names(names, len(position.dice_held))
    if not isinstance(read_bids, bool):
        raise InvalidQuestion(_("read_bids must be True or False, got {value}",
                                value=repr(read_bids)))
    reading = None
    if position.phase == "show":
        options = show_options(position)
        best = recommended(options, "show")
    else:
        options = bid_options(position, names)
        best = recommended(options, "bid")
    why_not = can_read(position) if read_bids else None
    if read_bids and why_not is None:
        from ...odds.bluff.beliefs import DEFAULT_MODEL
        from .ahead import SAMPLES
        from .reading import explain_reading, read_options

        model = DEFAULT_MODEL if model is None else model
        samples = SAMPLES if samples is None else samples
        old_best = best
        options, best, reading = read_options(position, options, model, samples, seed)
        text = explain_reading(position, options, best, reading, old_best, names)
    else:
        text = explain(position, options, best, names)
        if read_bids and position.phase == "bid":
            text = text.replace(_("Other players' bids are not read as information."),
                                _("Other players' bids are not read as information: {why}.",
                                  why=why_not))
    view = equilibrium_view(position) if equilibrium else None
    solved = None
    if equilibrium and two_player_round(position) is not None:  # else solved_view is None
        from .solved import describe_solved, reveal_text, solved_view

        solved = solved_view(position)
    if view is not None:
        text += "\n" + describe(view, position)
        if solved is not None and view.reached:
            text += "\n" + reveal_text(solved, position, names)
    elif solved is not None:
        text += "\n" + describe_solved(solved, position, names)
    return Advice(position, tuple(options), best, text, view, reading, solved)


__all__ = ["FACES_ORDER", "Advice", "Option", "Position", "advise", "bid_options", "can_read",
           "explain", "say_action", "show_options", "smallest_raise"]
