"""The review of a Jungle Bluff game: each strength card, take and challenge of one seat, and
each round's points.

**Values** (points, higher is better), those ``bluffkit.advice.jungle_bluff.advise`` gives: with
two players, each option's expected payoff (my points minus the opponent's this round) in the
round's exact equilibrium, whose frequencies are shown (an action it plays, at a decision it
reaches, costs nothing); with three or more players, each take and challenge's expected points
against the posterior belief about the others' strength cards. The strength card with three or
more players is chosen by a rule of thumb, not by a value in points: it is not judged.

**Luck**: a round's result is the points the seat's score gained in it. What hidden cards
decided is each challenge the seat took part in: for each, the stack's points times the chance
to win it that the seat could see just before (its strength card against the posterior belief
about the other player's, each card of their hand as likely as the history allows) is what it
expected, and winning or losing it is what happened. Expected = the round's result minus the sum
of (what happened - what was expected) over those challenges; exact.
"""

from __future__ import annotations

from fractions import Fraction

from ..advice.jungle_bluff import advise
from ..core.i18n import _
from ..games.jungle_bluff import Challenge, Play, duel_winner, parse_action, points, say_move
from ..odds.jungle_bluff.beliefs import posterior_belief, win_probability
from .judge import Settings, judge, transitions
from .model import Choice, Decision, RoundLuck

UNIT = "points"
LOWER_IS_BETTER = False


def decision(move: int, obs, action, settings: Settings) -> Decision:
    """The review of the seat's ``action`` at ``obs``: ``advise`` on that observation."""
    advice = advise(obs)
    two = advice.equilibrium is not None
    rule_of_thumb = advice.phase == "choose" and not two
    options = [Choice(str(o.action), None if rule_of_thumb else o.value,
                      o.frequency if o.reached else None, o.to_json(advice.columns()))
               for o in advice.options]
    chosen = next((o for o in advice.options if o.action == action), None)
    note = (_("with three or more players the advice picks a strength card by a rule of thumb, "
              "not by a value in points") if rule_of_thumb else "")
    value = None if chosen is None or rule_of_thumb else chosen.value
    return judge("jungle-bluff", move, obs.round, obs, options, action, value,
                 advice.recommended.action,
                 None if rule_of_thumb else advice.recommended.value, lower_is_better=False,
                 in_support=bool(two and chosen is not None and chosen.reached
                                 and chosen.frequency),
                 explanation=advice.explanation, advice=advice, note=note)


def read_action(obs, text: str):
    """The action ``text`` names at ``obs`` (a classroom seat's own record): a strength card
    is read from the cards the seat chooses from (its hand, its score pile in the final round),
    the rest as the engine reads it."""
    cards = obs.piles[obs.player] if obs.final else obs.hand
    played = [Play(c) for c in cards if str(Play(c)) == text]
    return played[0] if played else parse_action(obs, text)


def say(action) -> str:
    """An action in the current language (``take 7``, ``challenge 2``)."""
    return say_move(str(action))


# -- luck -----------------------------------------------------------------------------------------
def rounds(steps, seat: int, settings: Settings) -> list[RoundLuck]:
    """Each round the seat played: its score's gain, expected and actual."""
    out, start, luck = [], None, Fraction(0)
    for before, action, after in transitions(steps):
        if before.is_chance_node():
            continue
        if start is None:
            start = before.scores()[seat]
        if isinstance(action, Challenge) and seat in (before.to_move, action.target):
            luck += _duel_luck(before, action, seat)
        if after.round != before.round or after.is_terminal():
            if before.seated()[seat]:
                actual = Fraction(after.scores()[seat] - start)
                out.append(RoundLuck(before.round, actual - luck, actual))
            start, luck = None, Fraction(0)
    return out


def _duel_luck(before, action, seat: int) -> Fraction:
    """What winning or losing this challenge gave the seat, minus what it expected."""
    challenger, defender = before.to_move, action.target
    obs = before.observation(seat)  # what the seat sees: its own card, not the other's
    other = defender if seat == challenger else challenger
    p = win_probability(obs.my_strength, posterior_belief(obs, other), seat == challenger)
    stake = points(before.held[defender])
    side = duel_winner(before.strength[challenger], before.strength[defender])
    if seat == challenger:
        return (stake if side == "challenger" else 0) - p * stake
    return -(0 if side == "defender" else stake) + (1 - p) * stake


__all__ = ["LOWER_IS_BETTER", "UNIT", "decision", "rounds", "say"]
