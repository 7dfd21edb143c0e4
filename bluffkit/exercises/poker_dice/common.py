"""Shared by the poker dice questions: dice in Markdown, drawing rolls, the rule sentences
(colours, ranking, ties) and category probabilities."""

from __future__ import annotations

from fractions import Fraction

from ...core.i18n import _, _l
from ...core.rng import Rng
from ...games.poker_dice import FACES, Category, PokerDiceRules, dice_text, multisets
from ...odds.poker_dice import category_counts

NO_COLOURS = PokerDiceRules(colours=("c9", "c10", "cJ", "cQ", "cK", "cA"))
"""Every face its own colour: no large flush (the counts of the usual poker-dice tables)."""
COLOURS = _l("The colours: 9 and A are black, 10 and K red, J blue, Q green; a **large flush** "
             "is five dice of one colour (it ranks above four of a kind).")
TIES = _l("Ties within a category compare the faces, then the other dice, highest first.")
"""The tie rule within a category (a rules option): said wherever hands are compared."""
SPLIT = _l("A tie among the best hands splits the pot equally.")


def ranking() -> str:
    """The categories from lowest to highest, in the current language."""
    return " < ".join(c.words for c in Category)


def hand_rules() -> str:
    """Every rule a comparison of two hands depends on: colours, ranking, ties."""
    return _("{colours} The ranking: {ranking}. {ties}", colours=COLOURS, ranking=ranking(),
             ties=TIES)


def dice(faces) -> str:
    """``"9, K, K"``."""
    return dice_text(sorted(faces)).replace(",", ", ")


def roll(rng: Rng, k: int = 3) -> tuple[int, ...]:
    return tuple(sorted(int(FACES[i]) for i in rng.integers(0, 6, size=k)))




def p_category(dice_count: int, category: Category, rules=None) -> Fraction:
    counts = category_counts(dice=dice_count, rules=rules)
    return Fraction(counts[category], sum(counts.values()))


def multiset_share(category: Category) -> Fraction:
    """The wrong answer that treats the 252 sorted results of five dice as equally likely."""
    from ...games.poker_dice import hand_category

    ms = multisets(5)
    return Fraction(sum(1 for d, _n in ms if hand_category(d) == category), len(ms))
