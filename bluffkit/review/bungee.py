"""The review of a Bungee game: each play, take, call and dealer's choice of one seat, and each
round's score.

**Values** (score points, lower is better), those ``bluffkit.advice.bungee.advise`` ranks by: on
a turn where calling is not possible, each action's expected hand value one step ahead (exact;
in the last lap when no action can reach 5 or less, the expected score); where calling is
possible, calling now and playing on are compared by the expected round score of the advice's
simulation (seeded, the same worlds for every choice; an estimate), and a chosen action the
simulation did not play is simulated on the same worlds; a call too close to call (within two
standard errors) costs nothing either way. In the last lap after acting, calling is compared with
not calling the same way (not calling scores the hand, calling may also win). The dealer's
choice with a Bungee lucky card: the expected hand value (exact).

**Luck**: a round's result is the seat's score. A seat that did not call cannot win: what it
scores is its hand, known to it. A caller wins when its hand is the lowest among the callers
(ties to the later caller); expected = -10 P(win) + its score (1 - P(win)), with P(win) over
every hand the other callers could hold, as the advice's model has the cards the seat cannot
see (each as likely as any other), given their sizes and that a caller's hand is worth 5 or
less; exact.
"""

from __future__ import annotations

from fractions import Fraction

from ..advice.bungee import DEFAULT_SAMPLES, advise
from ..advice.bungee.simulation import low_hands, simulate_choices, unseen_counts
from ..core.i18n import _
from ..games.bungee import CALL_LIMIT, Call, Stand, TakePlay, hand_score, hand_value, say_move
from .judge import Settings, judge, round_ends
from .model import Choice, Decision, RoundLuck

UNIT = "points"
LOWER_IS_BETTER = True
WIN_SCORE = -10


def decision(move: int, obs, action, settings: Settings) -> Decision:
    """The review of the seat's ``action`` at ``obs``: ``advise`` on that observation."""
    samples = DEFAULT_SAMPLES if settings.samples is None else settings.samples
    advice = advise(obs, samples, settings.seed)
    rows = {row["action"]: row for row in advice.rows()}
    if obs.phase == "call":
        return _call_phase(move, obs, action, advice, samples, settings.seed)
    c = advice.comparison
    if c is None:
        last_lap = (advice.phase == "turn" and obs.callers and advice.knowledge.value > CALL_LIMIT
                    and all(o.p_bungee == 0 for o in advice.options))
        key = (lambda o: o.mean_score) if last_lap else (lambda o: o.mean_value)
        options = [Choice(str(o.action), key(o), None, rows.get(str(o.action), {}))
                   for o in advice.options]
        values = {o.action: key(o) for o in advice.options}
        return judge("bungee", move, obs.round, obs, options, action, values.get(action),
                     advice.recommended, values.get(advice.recommended), lower_is_better=True,
                     explanation=advice.explanation, advice=advice)
    scores = {Call(): c.score_call.mean, c.play: c.score_play.mean}
    if action not in scores:
        scores[action] = _simulated(obs, action, samples, settings.seed)
    options = [Choice("bungee", scores[Call()], None, rows.get("bungee", {}))]
    options += [Choice(str(o.action), scores.get(o.action), None, rows.get(str(o.action), {}))
                for o in advice.options]
    close = action in (Call(), c.play) and not c.clear
    note = (_("calling and playing on are too close to call (within two standard errors): "
              "either choice is reasonable") if close else "")
    best = scores[action] if close else scores[advice.recommended]
    return judge("bungee", move, obs.round, obs, options, action, scores[action],
                 advice.recommended, best, lower_is_better=True, exact=False,
                 explanation=advice.explanation, advice=advice, note=note)


def _simulated(obs, action, samples: int, seed: int) -> Fraction:
    """The mean round score of ``action`` over the advice's simulated worlds."""
    (_wins, scores), = simulate_choices(obs, [action], samples, seed)
    return Fraction(sum(scores), len(scores))


def _call_phase(move, obs, action, advice, samples: int, seed: int) -> Decision:
    """After a last-lap action: calling against not calling (which scores the hand)."""
    stand = Fraction(hand_score(obs.hand, obs.lucky))
    call = _simulated(obs, Call(), samples, seed)
    options = [Choice(str(Call()), call), Choice(str(Stand()), stand)]
    return judge("bungee", move, obs.round, obs, options, action,
                 call if action == Call() else stand, Call(), call, lower_is_better=True,
                 exact=False, explanation=advice.explanation, advice=advice)


def say(action) -> str:
    """An action in the current language (``play 7,7``, ``bungee``)."""
    return say_move(str(action))


# -- luck -----------------------------------------------------------------------------------------
def rounds(steps, seat: int, settings: Settings) -> list[RoundLuck]:
    """Each round: the seat's score, expected and actual."""
    out = []
    for before, action, after in round_ends(steps):
        r = after.last
        actual = Fraction(r.scores[seat])
        expected = actual
        if seat in r.callers and len(r.callers) > 1:
            p = win_probability(before.observation(seat), action, r, seat)
            expected = WIN_SCORE * p + hand_score(r.hands[seat], r.lucky) * (1 - p)
        out.append(RoundLuck(r.round, expected, actual))
    return out


def win_probability(obs, action, r, seat: int) -> Fraction:
    """P(``seat`` wins among the callers ``r.callers``) over the other callers' hands, from
    what the seat sees once ``action`` (the round's last move) is made."""
    counts = unseen_counts(obs.hand, obs.discard, obs.lucky)
    if isinstance(action, TakePlay):  # the top card went to a hand, the cards played are seen
        counts[obs.discard[-1] - 1] += 1
        counts[action.card - 1] -= action.count
    mine = hand_value(obs.hand, obs.lucky)
    order = list(r.callers)
    others = [c for c in order if c != seat]

    def beats(c: int, value: int) -> bool:  # the seat beats caller c holding ``value``
        return mine < value or (mine == value and order.index(seat) > order.index(c))

    def weigh(i: int, pool: tuple[int, ...]) -> tuple[int, int]:
        if i == len(others):
            return 1, 1
        hands, cumulative = low_hands(pool, obs.lucky, len(r.hands[others[i]]))
        won = total = 0
        previous = 0
        for hand, cum in zip(hands, cumulative):
            ways, previous = cum - previous, cum
            left = list(pool)
            for card in hand:
                left[card - 1] -= 1
            w, t = weigh(i + 1, tuple(left))
            total += ways * t
            if beats(others[i], hand_value(hand, obs.lucky)):
                won += ways * w
        return won, total

    won, total = weigh(0, tuple(counts))
    return Fraction(won, total)


__all__ = ["LOWER_IS_BETTER", "UNIT", "WIN_SCORE", "decision", "rounds", "say",
           "win_probability"]
