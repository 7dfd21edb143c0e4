"""The exercises of the lesson on decision quality versus outcome
(``notebooks/10_decisions_and_luck.ipynb``): read a review. Each student (seed) gets a lesson game
of their own (:func:`bluffkit.review.lesson.lesson_game`: three-player Bluff, two dice each, the
expansion on; you are the honest bot at seat 0), shown as its decisions with the advice's values
and its rounds with their expected and actual dice lost. The answers are the review's; the tests
confirm them by asking the advice again on each decision and counting every roll of the unseen
dice.

These questions are the lesson notebook's own, not a worksheet of the catalogue (``load``).

>>> q = CostliestDecision(seed=3)
>>> q.check(q.expected()).correct, HowMuchItCost(seed=3).expected() > 0
(True, True)
"""

from __future__ import annotations

import functools
from fractions import Fraction

from ..core.i18n import _, _l, get_language
from ..review.lesson import lesson_game
from ..review.position import position_text
from ..review.review import reviewer
from .answers import Count
from .core import Mistake, Question, tex


@functools.lru_cache(maxsize=64)
def _lesson(game: int, lang: str):
    """The finished lesson game ``game`` and its review in ``lang`` (the current language),
    reviewed once for the seed search and a student's three questions."""
    return lesson_game(game)


@functools.lru_cache(maxsize=64)
def _game_seed(seed: int) -> int:
    """The lesson game of a student's seed: the first game (from the seed's stream) with at
    least two decisions, one costlier than every other, and a round decided."""
    from ..core import make_rng

    rng = make_rng(seed)
    while True:
        game = int(rng.integers(1, 10**6))
        _final, r = _lesson(game, get_language())
        costs = sorted((d.cost for d in r.judged), reverse=True)
        if len(costs) >= 2 and costs[0] > costs[1] and r.rounds:
            return game


class ReviewQuestion(Question):
    """A question on the student's lesson game (its review: ``self.review``)."""

    def setup(self, rng) -> None:
        self.game = _game_seed(self.seed)
        _final, self.review = _lesson(self.game, get_language())

    def decisions_table(self) -> str:
        say = reviewer("bluff").say
        head = _("| decision | what you saw | your choice (value) | the advice's choice (value) |")
        rows = [head, "|---|---|---|---|"]
        for k, d in enumerate(self.review.decisions, 1):
            rows.append(f"| {k} | {position_text('bluff', d.observation, self.review.names)} | "
                        f"{say(d.chosen_action)} (${tex(d.chosen_value)}$) | "
                        f"{say(d.best_action)} (${tex(d.best_value)}$) |")
        return "\n".join(rows)

    def costliest(self):
        return self.review.costliest(1)[0]


class CostliestDecision(ReviewQuestion):
    title = _l("The costliest decision")
    kind = Count()

    def statement(self) -> str:
        return _("Your game (seed {game}): each of your decisions, with the advice's value of "
                 "your choice and of its own, in dice you expect to lose (lower is better). A "
                 "decision costs how much more your choice's value is than the advice's (never "
                 "less than 0).\n\n{table}\n\nWhich decision cost the most? Give its number.",
                 game=self.game, table=self.decisions_table())

    def expected(self) -> int:
        return self.review.decisions.index(self.costliest()) + 1

    def mistakes(self) -> list[Mistake]:
        worst = max(self.review.decisions, key=lambda d: d.chosen_value)
        return [Mistake("the worst value", self.review.decisions.index(worst) + 1,
                        _("That decision's choice has the largest value, but the advice's own "
                          "option there was bad too: the cost is the difference between the "
                          "two values."))]

    def hints(self) -> list[str]:
        return [_("For each decision, subtract the advice's value from your choice's value.")]

    def explain(self) -> str:
        d = self.costliest()
        return _("Decision {k}: ${chosen} - {best} = {cost}$ dice, more than any other.",
                 k=self.expected(), chosen=tex(d.chosen_value), best=tex(d.best_value),
                 cost=tex(d.cost))


class HowMuchItCost(ReviewQuestion):
    title = _l("What it cost")

    def statement(self) -> str:
        return _("Your game (seed {game}) again:\n\n{table}\n\nHow many dice did your costliest "
                 "decision cost? (An exact fraction, or a decimal.)", game=self.game,
                 table=self.decisions_table())

    def expected(self) -> Fraction:
        return self.costliest().cost

    def mistakes(self) -> list[Mistake]:
        d = self.costliest()
        return [Mistake("the value, not the cost", d.chosen_value,
                        _("That is your choice's value, the dice you expected to lose with it; "
                          "the cost is how much more it is than the advice's value."))]

    def hints(self) -> list[str]:
        return [_("Find the costliest decision first; its cost is your choice's value minus "
                  "the advice's.")]

    def explain(self) -> str:
        d = self.costliest()
        return _("${chosen} - {best} = {cost}$ dice.", chosen=tex(d.chosen_value),
                 best=tex(d.best_value), cost=tex(d.cost))


class LuckOfTheGame(ReviewQuestion):
    title = _l("How much was luck")

    def rounds_table(self) -> str:
        rows = [_("| round | dice you expected to lose | dice you lost |"), "|---|---|---|"]
        rows += [f"| {r.round} | ${tex(r.expected)}$ | {r.actual} |" for r in self.review.rounds]
        return "\n".join(rows)

    def statement(self) -> str:
        return _("Your game (seed {game}), round by round: the dice you were expected to lose "
                 "(over every roll of the dice you could not see, your moves as you made them) "
                 "and the dice you lost.\n\n{table}\n\nLuck is what happened minus what was "
                 "expected. Over the game, how many dice did luck cost you? (Negative if it "
                 "saved you dice.)", game=self.game, table=self.rounds_table())

    def expected(self) -> Fraction:
        return self.review.luck

    def mistakes(self) -> list[Mistake]:
        r = self.review
        return [Mistake("the wrong way round", -r.luck,
                        _("That is expected minus happened: luck is what happened minus what "
                          "was expected.")),
                Mistake("dice lost only", r.actual,
                        _("That is the dice you lost; take away the dice you expected to "
                          "lose."))]

    def hints(self) -> list[str]:
        return [_("For each round, subtract the expected dice from the dice lost; add up.")]

    def explain(self) -> str:
        r = self.review
        return _("${actual} - {expected} = {luck}$ dice.", actual=tex(r.actual),
                 expected=tex(r.expected), luck=tex(r.luck))


QUESTIONS = [CostliestDecision, HowMuchItCost, LuckOfTheGame]
"""The lesson's questions, in order."""


def questions(seed: int) -> list[Question]:
    """The lesson's questions for one student, numbered (``q1``, ``q2``, ``q3``)."""
    return [q(seed, number=k) for k, q in enumerate(QUESTIONS, 1)]


__all__ = ["QUESTIONS", "CostliestDecision", "HowMuchItCost", "LuckOfTheGame", "questions"]
