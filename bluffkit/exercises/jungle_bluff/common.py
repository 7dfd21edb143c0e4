"""Shared by the Jungle Bluff questions: the decks, the rule sentences (ties, special cards),
cards in Markdown and why a challenge ends as it does."""

from __future__ import annotations

from fractions import Fraction

from ...core import Distribution
from ...core.i18n import _, _l
from ...core.rng import Rng
from ...games.jungle_bluff import Card, deck

STANDARD = deck(10)
ALL_SPECIAL = deck(10, ("optimistic", "reversed", "nervous", "alpha"))
TIES = _l("The higher strength card wins a challenge; a tie goes to the challenger.")
"""The tie rule: said in every statement whose answer depends on who wins a challenge."""
SPECIAL_WORDS = _l("Special cards: the **optimistic 1** (1o) beats any 10; the **reversed 5** "
                   "(5r) beats any card of 6 or more and loses to any card of 4 or less; the "
                   "**nervous 9** (9n) counts 1 when it is challenged (9 when it challenges); two "
                   "**alpha 10s** (10a) in one challenge: nobody wins, and the score card goes "
                   "back to the centre. Otherwise:")


def special_rules() -> str:
    """The special cards' rules, then the usual one (said in the statements that use them)."""
    return f"{SPECIAL_WORDS} {TIES}"


def cards(cs) -> str:
    return ", ".join(str(c) for c in sorted(cs))


def subset(rng: Rng, pool, k: int) -> tuple[Card, ...]:
    idx = rng.choice(len(pool), size=k, replace=False)
    return tuple(sorted(pool[int(i)] for i in idx))


def duel_parts(challenger: Card, defender: Card, short: bool = False) -> tuple[list[str], str]:
    """Why a challenge ends as it does: (notes on the special cards, the deciding rule; with
    ``short``, a plain comparison is only "6 against 4").

    >>> duel_parts(Card(5, True), Card(9, True))[1]
    'the reversed 5 loses to any card of 4 or less'
    """
    kinds = {challenger.kind, defender.kind}
    if challenger.kind == "alpha" and defender.kind == "alpha":
        return [], _("two alpha 10s cancel out")
    if challenger.kind == "optimistic" and defender.value == 10:
        return [], _("the optimistic 1 beats any 10")
    if defender.kind == "optimistic" and challenger.value == 10:
        return [], _("the optimistic 1 beats any 10, also when it defends")
    notes = []
    if defender.kind == "nervous":
        notes.append(_("the nervous 9 is challenged, so it counts 1"))
    if challenger.kind == "nervous":
        notes.append(_("the nervous 9 challenges, so it counts 9"))
    if "optimistic" in kinds:
        notes.append(_("the optimistic 1 is special only against a 10"))
    if "alpha" in kinds:
        notes.append(_("an alpha 10 is special only against the other alpha 10"))
    c = challenger.value
    d = 1 if defender.kind == "nervous" else defender.value
    beats, loses = (_("the reversed 5 beats any card of 6 or more"),
                    _("the reversed 5 loses to any card of 4 or less"))
    if challenger.kind == "reversed" and d != 5:
        return notes, beats if d >= 6 else loses
    if defender.kind == "reversed" and c != 5:
        return notes, beats if c >= 6 else loses
    if "reversed" in kinds:
        notes.append(_("a reversed 5 against a 5 is an ordinary 5"))
    if short:
        return notes, _("{c} against {d}", c=c, d=d)
    return notes, _("{c} against {d}: the higher card wins, a tie goes to the challenger",
                    c=c, d=d)


def duel_reason(challenger: Card, defender: Card) -> str:
    """Why a challenge ends as it does, in words (the rules in ``duel_winner``'s order).

    >>> duel_reason(Card(6), Card(4))
    '6 against 4: the higher card wins, a tie goes to the challenger'
    >>> duel_reason(Card(5, True), Card(9, True))
    'The nervous 9 is challenged, so it counts 1; the reversed 5 loses to any card of 4 or less'
    """
    notes, main = duel_parts(challenger, defender)
    text = _("; ").join([*notes, main])
    return text[:1].upper() + text[1:]


def strict_probability(mine: Card, belief: Distribution) -> Fraction:
    """The slip "ties go to the defender" (face values only)."""
    return belief.prob(lambda c: mine.value > c.value)
