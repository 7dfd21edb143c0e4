"""Advice for Bungee: which action lowers my hand best, and should I call Bungee now?

**Exact, one step ahead** (``bluffkit.odds.bungee``): for each legal action, the distribution of
my hand's value after it, P(worth 5 or less), its expected value and the expected score I would
write down if somebody else won. The model: opponents' hands are unknown random, so the card I
draw is equally likely to be any card I cannot see.

**Estimated, beyond that** (``simulation``): when I may call, the rest of the round is simulated
from random worlds (opponents' hands and the draw pile dealt at random from the unseen cards)
where everybody plays the greedy rule: lower the expected hand value, call at 5 or less. For
"call now" and for "play on" (the best action now, then the same rule for me) the simulation
estimates P(I win the round) and my expected round score, each with its standard error; the same
worlds serve both choices, so their difference is measured more precisely. If I call now my hand
no longer changes, so my score when I lose is exact and
E[round score] = -10 P(win) + (my score) (1 - P(win)).

**Decision rule.** On a turn: if I may call, the choice with the lower estimated expected round
score (the game is won on the lowest total); otherwise the action with the lowest expected hand
value (ties: lower expected score, then more cards played), except for a last-lap action that
cannot reach 5 or less: no call and no win are then possible, so the lowest expected score (what
I will write down, Bungee cards 10) is exactly best. After a last-lap action with a hand
worth 5 or less: always call (not calling cannot win and scores the same). As dealer with a
Bungee lucky card: the choice with the lowest expected hand value (ties: lower expected score),
a second Bungee card turned bringing the same choice again (exact); the text says plainly that
this ranking leaves out the 10 a Bungee card costs if somebody else wins.

>>> from bluffkit.odds.bungee import Knowledge
>>> obs = observation_for(Knowledge.parse("2,9,9,10", discard="4,7", lucky=8), players=3)
>>> a = advise(obs)
>>> str(a.recommended), a.best.mean_value, a.comparison is None
('play 9,9', Fraction(116, 7), True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from ...core import Action, InvalidQuestion
from ...core.checks import is_whole
from ...core.i18n import _, _l, num
from ...games.bungee import (
    BUNGEE,
    CALL_LIMIT,
    BungeeObservation,
    BungeeRules,
    BungeeState,
    Call,
    LeaveLucky,
    say_move,
)
from ...odds.bungee import (
    ActionOdds,
    Knowledge,
    best_lucky_choice,
    lucky_choices,
    turn_odds,
)
from .calling import CallComparison
from .simulation import Estimate, check_seed_and_call_at, simulate_choices
from .text import call_phase_text, choice_sentence, model_text, number_text, pending_text, turn_text

COLUMNS = {"action": _l("choice"), "expected_value": _l("expected value"),
           "P_worth_5_or_less": _l("P(worth 5 or less)"),
           "expected_score_if_not_winning": _l("expected score if not winning"),
           "cards": _l("cards"), "P_win_estimated": _l("P(win), estimated"),
           "round_score_estimated": _l("round score, estimated")}
"""The advice table's column titles (the JSON keeps the keys)."""

DEFAULT_SAMPLES = 100
"""Simulated endings of the round for each choice (about 10-20 ms in all; more for a smaller
error: the widget runs larger counts in the background with a progress bar, the command line
shows one from ``cli.bungee.PROGRESS_FROM``)."""


@dataclass(frozen=True)
class BungeeAdvice:
    """Every listed choice with its numbers, the recommended one and why.

    ``needs_simulation`` says whether a call-or-play-on comparison belongs to this position
    (it does when calling is possible on a turn).
    """

    knowledge: Knowledge
    phase: str
    options: tuple[ActionOdds, ...]
    best: ActionOdds | None
    comparison: CallComparison | None
    recommended: Action
    explanation: str
    pending: int = 0
    """Simulated endings per choice still to come (``advise(..., defer=True)``): the call
    comparison is left to a later ``advise`` call, e.g. in the background."""

    def rows(self) -> list[dict]:
        """One dict a choice: exact columns, and the estimated ones where simulated (every
        row has the same columns; a choice not simulated says so)."""
        rows = []
        c = self.comparison
        k = self.knowledge
        compared = c is not None or self.pending > 0
        if self.phase in ("turn", "call") and (compared or self.phase == "call"):
            rows.append({"action": "bungee", "expected_value": k.value,
                         "P_worth_5_or_less": Fraction(1), "expected_score_if_not_winning":
                         k.score, "cards": len(k.hand)})
        rows += [o.to_json() for o in self.options]
        if not compared:
            return rows
        play = c.play if c is not None else self.best.action
        for row in rows:
            if c is not None and row["action"] == "bungee":
                win, score = c.p_win_call.text(percent=True), c.score_call.text()
            elif c is not None and row["action"] == str(play):
                win, score = c.p_win_play.text(percent=True), c.score_play.text()
            elif row["action"] in ("bungee", str(play)):
                win = score = _("being simulated")
            else:
                win = score = _("not simulated")
            row.update(P_win_estimated=win, round_score_estimated=score)
        return rows

    @property
    def needs_simulation(self) -> bool:
        return self.comparison is not None or self.pending > 0

    def to_json(self) -> dict:
        return {"knowledge": self.knowledge.to_json(), "phase": self.phase,
                "options": self.rows(), "recommended": str(self.recommended),
                "comparison": self.comparison.to_json() if self.comparison else None,
                "explanation": self.explanation}

    def _repr_markdown_(self) -> str:
        rows = self.rows()
        keys = list(dict.fromkeys(k for r in rows for k in r))
        lines = ["| " + " | ".join(str(COLUMNS.get(k, k.replace("_", " "))) for k in keys)
                 + " |", "|" + "---|" * len(keys)]
        for r in rows:
            lines.append("| " + " | ".join(
                _md(say_move(r[k]) if k == "action" else r.get(k, "")) for k in keys) + " |")
        return "\n".join(lines) + "\n\n" + self.explanation.replace("\n", "\n\n")

    def __str__(self) -> str:
        return self.explanation

    @staticmethod
    def say_action(text: str) -> str:
        """An action's text (``"play 7,7"``) in the current language, for views."""
        return say_move(text)


def _md(v) -> str:
    if isinstance(v, Fraction) and v.denominator != 1:
        return f"{v.numerator}/{v.denominator} ≈ {num(float(v), '.3f')}"
    return str(v)


def _key(o: ActionOdds) -> tuple:
    return (o.mean_value, o.mean_score, -getattr(o.action, "count", 0))


# -- building a position --------------------------------------------------------------------------
def observation_for(k: Knowledge, players: int = 4, sizes=None, last_lap: bool = False,
                    dealer: bool = False) -> BungeeObservation:
    """A position to ask about without a game: I am player 0 and it is my turn.

    Args:
        k: what I know (hand, discard pile, lucky card).
        players: 2-5.
        sizes: the other players' hand sizes in playing order (default 5 each).
        last_lap: somebody (the player before me) has called Bungee: this is my last action.
        dealer: I deal and a Bungee card was turned as lucky card: take it or leave it.

    Raises:
        InvalidQuestion: if the sizes do not leave at least one card in the draw pile, or the
            round's first turn (``k.opened`` false) is asked about in the last lap.
    """
    if not is_whole(players, 2, 5):
        raise InvalidQuestion(_("Bungee is for 2-5 players, got players={players}",
                                players=repr(players)))
    rules = BungeeRules(players=players, rounds=1)
    if dealer and (k.lucky != BUNGEE or last_lap):
        raise InvalidQuestion(_("the dealer's choice needs a Bungee lucky card, before play"))
    if last_lap and not k.opened:
        raise InvalidQuestion(_("the round's first turn (player 0 plays, then draws) comes before "
                                "anyone may call, so it is never in the last lap"))
    try:
        sizes = tuple(sizes) if sizes is not None else (5,) * (players - 1)
    except TypeError:
        sizes = (sizes,)
    if len(sizes) != players - 1 or not all(isinstance(x, int) and 1 <= x <= 5 for x in sizes):
        raise InvalidQuestion(_("sizes needs a hand size 1-5 for each of the {value} other "
                                "players, got {list}", value=players - 1, list=list(sizes)))
    pile = k.unseen_count - sum(sizes)
    if pile < 1:
        raise InvalidQuestion(_("the {unseen_count} unseen cards cannot fill the other hands "
                                "({sum} cards) and leave a draw pile",
                                unseen_count=k.unseen_count, sum=sum(sizes)))
    callers, to_act = ((players - 1,), tuple(range(players - 1))) if last_lap else ((), ())
    return BungeeObservation(0, k.hand, (len(k.hand),) + sizes, k.discard, k.lucky, pile,
                             "dealer" if dealer else "turn", 0, 1, k.opened and not dealer,
                             callers, to_act, 0, (0,) * players, (), None, rules)


# -- the advice -----------------------------------------------------------------------------------
def advise(obs: BungeeObservation, samples: int = DEFAULT_SAMPLES, seed: int = 0,
           call_at: int = CALL_LIMIT, *, defer: bool = False,
           progress: Callable[[int, int], object] | None = None) -> BungeeAdvice:
    """What the observing player should do now, with exact and estimated numbers.

    The exact part takes about a millisecond; the call-or-play-on simulation (only when calling
    is possible on a turn) about a millisecond per sample. A widget asks with ``defer=True``
    first (the exact part, saying the comparison is coming), then runs the full call in the
    background with ``progress``.

    Args:
        obs: the player's observation (their turn, a last-lap call, or the dealer's choice).
        samples: simulated endings of the round per choice (only when calling is possible);
            0 gives the exact part alone (no call comparison).
        seed: the simulation's seed.
        call_at: after playing on, I call at this value or less (for the simulation).
        defer: leave the simulation out; the advice says it is being simulated
            (``pending``) and recommends the best action for playing on until then.
        progress: called as ``progress(done, samples)`` after each simulated world.

    Raises:
        InvalidQuestion: if it is not this player's decision, or ``seed`` is not a whole number
            >= 0, ``samples`` not one >= 0, or ``call_at`` not 0-5.
    """
    check_seed_and_call_at(seed, call_at)
    if not is_whole(samples, 0):
        raise InvalidQuestion(_("samples must be a whole number >= 0 (0: exact part only), got "
                                "{samples}", samples=repr(samples)))
    if obs.phase not in ("turn", "call", "dealer") or obs.to_move != obs.player:
        raise InvalidQuestion(_("nothing for player {p} to decide now (phase {phase}, player "
                                "{q} to move)", p=obs.player, phase=obs.phase, q=obs.to_move))
    if obs.lucky is None:
        raise InvalidQuestion(_("lucky: the advice needs the lucky card (it is turned before "
                                "the first turn; e.g. Knowledge.parse(..., lucky=8))"))
    k = Knowledge.from_observation(obs)
    if obs.phase == "dealer":
        return _dealer_advice(k)
    if obs.phase == "call":
        return BungeeAdvice(k, "call", (), None, None, Call(), call_phase_text(k))
    options = tuple(turn_odds(k))
    best = min(options, key=_key)
    if obs.callers and k.value > CALL_LIMIT and all(o.p_bungee == 0 for o in options):
        # my last action cannot reach 5 or less: no call, no win; my score is what I keep
        best = min(options, key=lambda o: (o.mean_score, o.mean_value))
    may_call = obs.opened and k.value <= CALL_LIMIT
    if not may_call or samples == 0 or defer:
        pending = samples if may_call and defer else 0
        return BungeeAdvice(k, "turn", options, best, None, best.action,
                            turn_text(k, best, None, obs, options, pending), pending)
    (wc, sc), (wp, sp) = simulate_choices(obs, [Call(), best.action], samples, seed, call_at,
                                          progress)
    comparison = CallComparison(
        best.action, samples, seed, Estimate.of(wc), Estimate.of(wp), Estimate.of(sc),
        Estimate.of(sp), Estimate.of([a - b for a, b in zip(sc, sp)]), k.score)
    recommended = Call() if comparison.call_better else best.action
    return BungeeAdvice(k, "turn", options, best, comparison, recommended,
                        turn_text(k, best, comparison, obs, options))


def advise_state(state: BungeeState, samples: int = DEFAULT_SAMPLES,
                 seed: int = 0) -> BungeeAdvice:
    """``advise`` for the player to move in ``state`` (seeing only what that player sees)."""
    return advise(state.observation(state.to_move), samples, seed)


def _dealer_advice(k: Knowledge) -> BungeeAdvice:
    options = lucky_choices(k)
    best = best_lucky_choice(k)
    leave = options[-1]
    again = k.unseen[BUNGEE - 1]
    if isinstance(best.action, LeaveLucky):
        ranking = _("The choices are ranked by expected hand value (it decides whether you may "
                    "call and who wins among the callers), ties by expected score. That ranking "
                    "does not weigh the score you write down if somebody else wins the round, "
                    "where each Bungee card in your hand costs 10: compare the expected scores "
                    "in the table.")
    else:
        ranking = _("The choices are ranked by expected hand value (it decides whether you may "
                    "call and who wins among the callers), ties by expected score. That ranking "
                    "does not weigh the score you write down if somebody else wins the round, "
                    "where each Bungee card in your hand costs 10: compare the expected scores "
                    "in the table ({best} after {action}, {leave} if you leave it).",
                    best=number_text(best.mean_score), action=say_move(str(best.action)),
                    leave=number_text(leave.mean_score))
    if again:
        exact = _("All numbers are exact: the new lucky card is equally likely to be any of the "
                  "{n} cards you then cannot see; if it is a Bungee card too ({again} of them "
                  "are unseen), you choose again (take it or leave it, by the same ranking) and "
                  "the numbers count that choice.", n=k.unseen_count, again=again)
    else:
        exact = _("All numbers are exact: the new lucky card is equally likely to be any of the "
                  "{n} cards you then cannot see; no Bungee card is left unseen, so the new "
                  "lucky card is a number.", n=k.unseen_count)
    lines = [model_text(k),
             _("A Bungee card was turned as lucky card and you deal: take it (it counts 0 when "
               "you call or win, 10 if somebody else wins) and discard a card, after which a "
               "new lucky card is turned; or leave it (Bungee cards then count 0 for everybody, "
               "in the scores too)."),
             _("Leaving it keeps your hand worth {value}; you would score {score} if somebody "
               "else wins.", value=k.value, score=k.score) + " " + choice_sentence(best),
             ranking, exact]
    return BungeeAdvice(k, "dealer", options, best, None, best.action, "\n".join(lines))


def without_simulation(advice: BungeeAdvice, reason: str) -> BungeeAdvice:
    """A deferred advice (``advise(..., defer=True)``) whose simulation could not be run: the
    exact part, saying why the comparison is missing.

    >>> from bluffkit.odds.bungee import Knowledge
    >>> quick = advise(observation_for(Knowledge.parse("1,4", lucky=8)), defer=True)
    >>> a = without_simulation(quick, "no time")
    >>> a.pending, a.explanation.splitlines()[-1]
    (0, 'You may call Bungee now, but calling could not be compared with playing on: no time.')
    """
    lines = [line for line in advice.explanation.split("\n")
             if not line.startswith(pending_text())]
    lines.append(_("You may call Bungee now, but calling could not be compared with playing on: "
                   "{reason}.", reason=reason.rstrip(".")))
    return replace(advice, pending=0, explanation="\n".join(lines))


__all__ = ["BungeeAdvice", "CallComparison", "DEFAULT_SAMPLES", "Estimate",
           "advise", "advise_state", "observation_for",
           "without_simulation"]
