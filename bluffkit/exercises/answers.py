"""Answer kinds: how each question reads an answer, compares it with the value bluffkit
computed, and states its rule (reading answers safely: ``reading``; when a decimal is right:
``rounding``).

- ``Number``: exact forms exactly right, rounded forms the exact answer rounded to the digits
  written, with at least 3 significant digits unless the question says otherwise;
- ``Estimate``: a simulated estimate, within the tolerance the question states;
- ``Count``: a whole number, such as the most likely number of matching dice;
- ``DistributionAnswer``: one probability per count, each by the ``Number`` rule;
- ``Choice``: one of a few words.

>>> Number().same(read_number("0.2593"), Fraction(7, 27))
True
>>> Number().same(read_number("0.26"), Fraction(7, 27)), Number().same(read_number("26/100"),
...                                                                    Fraction(7, 27))
(False, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import Distribution
from ..core.i18n import _, num
from .bounds import MAX_ENTRIES, AnswerError, dict_form
from .reading import (
    MAX_TEXT,
    Reading,
    comma_pair,
    decimal_reading,
    fraction_text,
    read_count,
    read_distribution,
    read_number,
    read_text_number,
)
from .rounding import (
    DEFAULT_DIGITS,
    accepted_note,
    approx,
    decimal_example,
    rounding_note,
    rounds_to,
    wrong_sign,
)


# -- answer kinds ---------------------------------------------------------------------------------
def _tolerance_text(tol: Fraction) -> str:
    return num(float(tol), "g")


def close_enough(given: Reading, target: Fraction, tolerance: Fraction) -> bool:
    """Exact forms must equal ``target``; rounded forms may miss it by ``tolerance`` (a
    simulated estimate), but never have the wrong sign or be 0 for a non-zero ``target``.

    >>> close_enough(read_number("0.26"), Fraction(7, 27), Fraction(1, 100))
    True
    >>> close_enough(read_number("26/100"), Fraction(7, 27), Fraction(1, 100))
    False
    >>> close_enough(read_number("0.0"), Fraction(1, 7776), Fraction(1, 100))
    False
    """
    if given.exact or given.value == target:
        return given.value == target
    return not wrong_sign(given, target) and abs(given.value - target) <= tolerance


@dataclass(frozen=True)
class Number:
    """A number answer: exact forms must be exactly right, rounded ones the exact answer
    rounded to the digits given (``rounding``).

    Args:
        digits: the fewest significant digits a rounded answer may have (default 3).
    """

    digits: int = DEFAULT_DIGITS

    def read(self, answer: Any) -> Reading:
        return read_number(answer)

    def form(self) -> str:
        """What to write, for a placeholder comment."""
        return _('a fraction like "7/27", Fraction(7, 27), or a decimal like {decimal} (rounded, '
                 "at least {digits} significant digits)", decimal=decimal_example(),
                 digits=self.digits)

    def same(self, given: Reading, target: Any) -> bool:
        return rounds_to(given, Fraction(target), self.digits)

    def rule(self) -> str:
        return _("Exact answers (like 7/27) must be exactly right; a decimal or a percentage "
                 "must be the exact answer rounded to the digits you give, with at least "
                 "{digits} significant digits (for 7/27: {a} or {b}, not {c}).",
                 digits=self.digits, a=decimal_example("0.259"), b=decimal_example("0.2593"),
                 c=decimal_example("0.2592"))

    def near(self, given: Reading, target: Any) -> str | None:
        """A kind note when the answer is close but not accepted, else None."""
        target = Fraction(target)
        gap = abs(given.value - target)
        if gap == 0:
            return None
        if given.exact:
            if gap > max(abs(target) / 20, Fraction(1, 1000)):
                return None
            return _("{given} is close to the answer but not exactly it. An exact fraction "
                     "must be exactly right; if you meant a rounded value, write it as a "
                     "decimal.", given=given.text)
        return rounding_note(given, target, self.digits)

    def note(self, given: Reading, target: Any) -> str:
        """Why a rounded answer was accepted (the "Correct!" feedback says it)."""
        return accepted_note(given, Fraction(target))

    def show(self, value: Any) -> str:
        value = Fraction(value)
        if value.denominator == 1:
            return str(value.numerator)
        return f"{fraction_text(value)} ≈ {approx(value)}"


@dataclass(frozen=True)
class Estimate(Number):
    """A simulated estimate: right within ``tolerance`` of the exact value (a simulation's
    error, not a rounding), never of the wrong sign or 0 for a non-zero value.

    >>> Estimate().form()
    'your simulated estimate, a decimal like 0.2593'
    """

    tolerance: Fraction = Fraction(15, 1000)

    def form(self) -> str:
        return _("your simulated estimate, a decimal like {decimal}", decimal=decimal_example())

    def same(self, given: Reading, target: Any) -> bool:
        return close_enough(given, Fraction(target), self.tolerance)

    def rule(self) -> str:
        return _("A simulated estimate is accepted within {tolerance} of the exact value.",
                 tolerance=_tolerance_text(self.tolerance))

    def near(self, given: Reading, target: Any) -> str | None:
        gap = abs(given.value - Fraction(target))
        if given.exact or not self.tolerance < gap <= 3 * self.tolerance:
            return None
        return _("{given} is close, but more than {tolerance} away: simulate more rounds, or "
                 "check what you count.", given=given.text,
                 tolerance=_tolerance_text(self.tolerance))


def standard_error(p: Fraction, rounds: int) -> float:
    """How far a frequency over ``rounds`` independent rounds of chance ``p`` typically lands
    from ``p`` (the standard error an ``Estimate``'s tolerance is measured against).

    >>> standard_error(Fraction(1, 2), 10_000)
    0.005
    """
    return (float(p) * (1 - float(p)) / rounds) ** 0.5


@dataclass(frozen=True)
class Count:
    """A whole-number answer, such as the most likely number of matching dice."""

    def read(self, answer: Any) -> int:
        return read_count(answer)

    def form(self) -> str:
        return _("a whole number")

    def same(self, given: int, target: Any) -> bool:
        return given == int(target)

    def rule(self) -> str:
        return _("The answer is a whole number.")

    def near(self, given: int, target: Any) -> str | None:
        return None

    def show(self, value: Any) -> str:
        return str(int(value))


@dataclass(frozen=True)
class DistributionAnswer:
    """A distribution over counts; each probability follows the ``Number`` rule.

    A count left out counts as probability 0.
    """

    digits: int = DEFAULT_DIGITS

    def read(self, answer: Any) -> dict[int, Reading]:
        return read_distribution(answer)

    def form(self) -> str:
        return _("a list {example} of fractions, or a dict {dict}", example='["P(0)", "P(1)", ...]',
                 dict=dict_form())

    def _pmf(self, target: Any) -> dict:
        return target.pmf() if isinstance(target, Distribution) else dict(target)

    def _wrong(self, given: dict[int, Reading], target: Any) -> list[int]:
        pmf = self._pmf(target)
        zero = Reading(Fraction(0), True, "0")
        return sorted(k for k in set(pmf) | set(given)
                      if not rounds_to(given.get(k, zero), Fraction(pmf.get(k, 0)), self.digits))

    def same(self, given: dict[int, Reading], target: Any) -> bool:
        return not self._wrong(given, target)

    def rule(self) -> str:
        return _("Give one probability per count; exact values must be exactly right, decimals "
                 "the exact value rounded, with at least {digits} significant digits.",
                 digits=self.digits)

    def near(self, given: dict[int, Reading], target: Any) -> str | None:
        total = sum(r.value for r in given.values())
        if abs(total - 1) > Fraction(1, 1000) * len(given):
            return _("Your probabilities add up to {total:.4f}, not 1: a distribution lists "
                     "every possible count once.", total=float(total))
        wrong = self._wrong(given, target)
        if wrong:
            return _("Look again at the probability of {counts}.",
                     counts=", ".join(map(str, wrong)))
        return None

    def show(self, value: Any) -> str:
        pmf = self._pmf(value)
        return ", ".join(f"P({k}) = {fraction_text(Fraction(p))}" for k, p in sorted(pmf.items()))


@dataclass(frozen=True)
class Choice:
    """One of a few words, e.g. ``Choice({"challenge": ("doubt",), "raise": ("bid",)})``.

    Args:
        options: canonical answer -> other words accepted for it (case and spaces ignored).
        labels: canonical answer -> the word shown for it in the student's language (a lazy
            text such as ``_l("doubt")``, or a function such as ``lambda: _p("answer", "call")``:
            « suivre » in French); the shown word is accepted too. Without a label the canonical
            word is shown.
    """

    options: Mapping[str, tuple[str, ...]]
    labels: Mapping[str, Any] | None = None

    def word(self, canonical: str) -> str:
        """The word shown for ``canonical`` in the current language."""
        label = (self.labels or {}).get(canonical, canonical)
        return label() if callable(label) else str(label)

    def read(self, answer: Any) -> str:
        if isinstance(answer, str) and len(answer) <= MAX_TEXT:
            word = " ".join(answer.lower().split()).strip(" .!\"'")
            for canonical, others in self.options.items():
                if word in (canonical, self.word(canonical).lower()) or word in others:
                    return canonical
        raise AnswerError(_("answer with one of: {words}", words=self._words()))

    def _words(self) -> str:
        return ", ".join(repr(self.word(o)) for o in self.options)

    def same(self, given: str, target: Any) -> bool:
        return given == target

    def form(self) -> str:
        return _("one of {words}", words=self._words())

    def rule(self) -> str:
        return _("Answer with one of: {words}.", words=self._words())

    def near(self, given: str, target: Any) -> str | None:
        return None

    def show(self, value: Any) -> str:
        return repr(self.word(value))


__all__ = ["DEFAULT_DIGITS", "MAX_ENTRIES", "MAX_TEXT", "AnswerError", "Choice", "Count",
           "DistributionAnswer", "Estimate", "Number", "Reading", "close_enough", "comma_pair",
           "decimal_reading", "read_count", "read_distribution", "read_number",
           "read_text_number"]
