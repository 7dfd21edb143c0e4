"""A review in words, in the user's language: the luck line, each round, the summary with the
costliest decisions explained as Explain said them."""

from __future__ import annotations

from fractions import Fraction

from ..core.i18n import _, _l, _n, _p, get_language, num
from .model import GRADES, NOT_JUDGED, Decision, Review


def grade_word(grade: str) -> str:
    """A grade in words, in the current language."""
    return {"best": lambda: _p("grade", "best"), "good": lambda: _p("grade", "good"),
            "inaccuracy": lambda: _p("grade", "inaccuracy"),
            "mistake": lambda: _p("grade", "mistake"), "blunder": lambda: _p("grade", "blunder"),
            NOT_JUDGED: lambda: _p("grade", "not judged")}[grade]()


def grade_count(grade: str, n: int) -> str:
    """``3 blunders``, ``1 inaccuracy``: how many decisions got ``grade``."""
    return {"best": lambda: _n("{n} best", "{n} best", n),
            "good": lambda: _n("{n} good", "{n} good", n),
            "inaccuracy": lambda: _n("{n} inaccuracy", "{n} inaccuracies", n),
            "mistake": lambda: _n("{n} mistake", "{n} mistakes", n),
            "blunder": lambda: _n("{n} blunder", "{n} blunders", n),
            NOT_JUDGED: lambda: _n("{n} not judged", "{n} not judged", n)}[grade]()

LUCK_SOURCE = {"bluff": _l("the dice"), "bluff-you": _l("the dice"), "poker-dice": _l("the dice"),
               "jungle-bluff": _l("the hidden cards"), "bungee": _l("the cards")}
"""What luck is made of in each game, for the luck line."""


def amount(unit: str, x: Fraction | float) -> str:
    """``x`` in the game's unit, to two decimals: ``0.30 dice``, ``1.00 die``, ``2.50 points``
    (French writes the singular below 2: ``0,30 dé``).

    >>> amount("dice", Fraction(3, 10)), amount("points", 1)
    ('0.30 dice', '1.00 point')
    """
    value = num(float(x), ".2f")
    one = abs(float(x)) == 1 or (get_language() == "fr" and abs(float(x)) < 2)
    if unit == "dice":
        return _("{value} die", value=value) if one else _("{value} dice", value=value)
    return _("{value} point", value=value) if one else _("{value} points", value=value)


def luck_words(review: Review, luck: Fraction) -> str:
    """What luck did, in a clause: "the dice cost you 1.20 dice more", "the dice gave you ..."."""
    source = str(LUCK_SOURCE[review.game])
    bad = luck > 0 if review.lower_is_better else luck < 0
    if abs(luck) < Fraction(1, 200):  # 0.00 once written
        return _("{source} neither helped nor hurt you", source=source)
    size = amount(review.unit, abs(luck))
    if bad:
        return _("{source} cost you {amount} more", source=source, amount=size)
    if review.lower_is_better:
        return _("{source} saved you {amount}", source=source, amount=size)
    return _("{source} gave you {amount} more", source=source, amount=size)


def luck_line(review: Review) -> str:
    """The decisions' average cost and the luck over the game, in one sentence.

    E.g. "Your decisions cost 0.30 dice on average; the dice cost you 1.20 dice more."
    """
    mean = review.mean_cost
    decisions = (_("You made no decision the advice could judge") if mean is None else
                 _("Your decisions cost {amount} on average",
                   amount=amount(review.unit, mean)))
    if not review.rounds:
        return _("{decisions}; no round has been decided yet.", decisions=decisions)
    return _("{decisions}; {luck}.", decisions=decisions, luck=luck_words(review, review.luck))


def result_word(review: Review) -> str:
    """What a round's result counts, in words."""
    return _("dice lost") if review.game == "bluff" else (
        _("score") if review.game == "bungee" else _("points"))


def round_line(review: Review, r) -> str:
    """One round: expected, happened, and the luck in words."""
    return _("Round {round}: expected {expected} ({what}), happened {actual}: {luck}.",
             round=r.round, expected=num(float(r.expected), ".2f"), what=result_word(review),
             actual=num(float(r.actual), ".2f"), luck=luck_words(review, r.luck))


def decision_line(review: Review, d: Decision) -> str:
    """One decision: its number among the seat's, what was chosen, the advice's choice, the
    cost and grade."""
    from .review import reviewer

    say = reviewer(review.game).say
    number = review.decisions.index(d) + 1
    if d.cost is None:
        return _("Decision {k} (round {round}): you chose {chosen}, the advice {best}; not "
                 "judged: {why}.", k=number, round=d.round, chosen=say(d.chosen_action),
                 best=say(d.best_action), why=d.note)
    return _("Decision {k} (round {round}): you chose {chosen}, the advice {best}; it cost "
             "{cost} ({grade}).", k=number, round=d.round, chosen=say(d.chosen_action),
             best=say(d.best_action), cost=amount(review.unit, d.cost),
             grade=grade_word(d.grade))


def summary(review: Review) -> str:
    """The review in words: accuracy, grades, the luck line, the rounds, and the three
    costliest decisions each with the advice's explanation at that moment."""
    name = review.names[review.seat]
    acc = review.accuracy
    lines = [_n("{name} (seat {seat}): {n} decision reviewed.",
                "{name} (seat {seat}): {n} decisions reviewed.", len(review.decisions),
                name=name, seat=review.seat)]
    if acc is not None:
        lines.append(_("Accuracy: {accuracy} of the judged decisions were best or good.",
                       accuracy=num(float(acc), ".0%")))
    counts = review.grades()
    lines.append(", ".join(grade_count(g, counts[g]) for g in (*GRADES, NOT_JUDGED)
                           if counts[g]))
    lines.append(luck_line(review))
    lines += [round_line(review, r) for r in review.rounds]
    costly = review.costliest()
    if costly:
        lines.append(_n("The costliest decision:", "The {n} costliest decisions:", len(costly)))
    for d in costly:
        lines.append(decision_line(review, d))
        lines.append(d.explanation)
    return "\n".join(lines)


__all__ = ["LUCK_SOURCE", "amount", "decision_line", "grade_count", "grade_word", "luck_line",
           "luck_words", "round_line", "summary"]
