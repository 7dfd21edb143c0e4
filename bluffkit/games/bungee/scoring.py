"""The end of a Bungee round: who wins, what each player scores, and the round as played."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import InvalidState
from ...core.checks import is_whole
from ...core.i18n import _
from .cards import (
    WIN_SCORE,
    card_text,
    cards_text,
    hand_score,
    hand_value,
)


def score_round(hands, lucky: int | None, callers) -> tuple[int, tuple[int, ...]]:
    """The round's winner and everybody's score.

    Among the callers the lowest hand value wins (lucky and Bungee cards 0), ties going to the
    later caller; the winner scores -10, everybody else their hand score (lucky 0, Bungee 10).

    Raises:
        InvalidState: when nobody called (a round only ends after a call), or a caller is not
            one of the players, or calls twice.

    >>> score_round([(1, 2, 8, 11), (1, 8, 11, 11), (2, 3, 6), (1, 8, 8), (2, 3, 4, 9)],
    ...             lucky=8, callers=(0, 1, 3))
    (3, (13, 21, 11, -10, 18))
    """
    if not callers:
        raise InvalidState(_("a round ends only after somebody called Bungee"))
    n = len(hands)
    bad = [p for p in callers if not is_whole(p)
           or not 0 <= p < n]
    if bad:
        raise InvalidState(_("callers must be players 0-{last} (one hand each), got {bad}",
                             last=n - 1, bad=repr(bad[0])))
    if len(set(callers)) != len(callers):
        raise InvalidState(_("a player calls Bungee at most once a round, got callers "
                             "{callers}", callers=list(callers)))
    order = {p: i for i, p in enumerate(callers)}
    winner = min(callers, key=lambda p: (hand_value(hands[p], lucky), -order[p]))
    scores = tuple(WIN_SCORE if p == winner else hand_score(h, lucky) for p, h in enumerate(hands))
    return winner, scores


@dataclass(frozen=True)
class RoundResult:
    """What everyone sees at the end of a round: the hands shown in calling order and scores."""

    round: int
    lucky: int | None
    hands: tuple[tuple[int, ...], ...]
    callers: tuple[int, ...]
    winner: int
    scores: tuple[int, ...]

    @property
    def values(self) -> tuple[int, ...]:
        """Each hand's value (lucky and Bungee cards 0)."""
        return tuple(hand_value(h, self.lucky) for h in self.hands)

    def to_json(self) -> dict:
        return {"round": self.round, "lucky": card_text(self.lucky) if self.lucky else None,
                "hands": [cards_text(h) for h in self.hands], "callers": list(self.callers),
                "winner": self.winner, "scores": list(self.scores)}


@dataclass(frozen=True)
class PlayedRound:
    """A round as it was played: every card taken from the draw pile (``dealt``: the deal, the
    lucky cards and the draws, in order: chance's choices) and the round's ``history``. The
    state keeps one for each round played, so a saved game can be played again."""

    dealt: tuple[int, ...]
    history: tuple[tuple[int, str], ...]

    def to_json(self) -> dict:
        return {"dealt": cards_text(self.dealt), "history": [list(h) for h in self.history]}


__all__ = ["PlayedRound", "RoundResult", "score_round"]
