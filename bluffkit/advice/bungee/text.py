"""The plain-words explanation of Bungee advice: the model, the numbers of the best action, and
calling now against playing on."""

from __future__ import annotations

from fractions import Fraction

from ...core.i18n import _, num
from ...games.bungee import (
    CALL_LIMIT,
    BungeeObservation,
    LeaveLucky,
    card_text,
    cards_text,
    say_move,
)
from ...odds.bungee import (
    ActionOdds,
    Knowledge,
)
from .calling import CallComparison

PENDING = "You may call Bungee now."
"""How the line of a deferred advice about the coming simulation starts (in English; in
another language, its translation)."""
REFILL = "the discard pile but its top card is shuffled"
"""How the engine's history (chance, player -1) starts the line of a refill of the draw pile."""


def number_text(v: Fraction) -> str:
    """A whole number, or a fraction with its decimal: ``116/7 ≈ 16.57``."""
    return str(v.numerator) if v.denominator == 1 else (
        f"{v.numerator}/{v.denominator} ≈ {num(float(v), '.2f')}")


def choice_sentence(o: ActionOdds) -> str:
    if isinstance(o.action, LeaveLucky):
        return _("Recommended: leave it; no take lowers your expected hand value.")
    return _("Best: {action}: your hand {hand} is then worth {value} on average, and you would "
             "score {score} on average if somebody else wins.", action=say_move(str(o.action)),
             hand=cards_text(o.hand_before_draw), value=number_text(o.mean_value),
             score=number_text(o.mean_score))


def model_text(k: Knowledge) -> str:
    return _("Model: the {n} cards you cannot see (opponents' hands and the draw pile) are in "
             "random places, so the card you draw is equally likely to be any of them; what "
             "opponents did is not read as information.", n=k.unseen_count)


def call_phase_text(k: Knowledge) -> str:
    return "\n".join([
        _("You have had your last action and your hand {hand} is worth {value}, 5 or less: "
          "call Bungee.", hand=cards_text(k.hand), value=k.value),
        _("Calling can only help: a player who does not call cannot win the round, and a "
          "caller who loses scores their hand ({score}), exactly what not calling would score. "
          "This is exact, no simulation needed.", score=k.score),
    ])


def pending_text() -> str:
    return _("You may call Bungee now.")


def turn_text(k: Knowledge, best: ActionOdds, c: CallComparison | None,
               obs: BungeeObservation, options: tuple[ActionOdds, ...], pending: int = 0) -> str:
    lucky = card_text(k.lucky) if k.lucky is not None else "-"
    action = say_move(str(best.action))
    lines = [model_text(k)]
    if any(p < 0 and text.startswith(REFILL) for p, text in obs.history):
        lines.append(_("The draw pile was refilled this round: you saw which cards went back "
                       "into it (the discard pile but its top card), but the model does not use "
                       "that; it treats every card you cannot see alike, so the numbers are "
                       "exact for the model, not for everything you know."))
    lines.append(_("Your hand {hand} is worth {value} (lucky {lucky} and Bungee cards count 0); "
                   "if somebody else wins you would score {score} (Bungee 10).",
                   hand=cards_text(k.hand), value=k.value, lucky=lucky, score=k.score))
    draw = _("then draw a card") if best.draws else _("no draw")
    if obs.callers and k.value > CALL_LIMIT and all(o.p_bungee == 0 for o in options):
        lines.append(_("Somebody has called Bungee: this is your last action, and no action can "
                       "bring your hand to {limit} or less, so you cannot call and cannot win "
                       "this round. What counts is the score you will write down (Bungee cards "
                       "10): {action} ({draw}) gives the lowest, {score} on average (exact).",
                       limit=CALL_LIMIT, action=action, draw=draw,
                       score=number_text(best.mean_score)))
        return "\n".join(lines)
    lines.append(_("The action that best lowers your hand: {action} ({draw}): worth {value} on "
                   "average, 5 or less with probability {p} (exact, one step ahead).",
                   action=action, draw=draw, value=number_text(best.mean_value),
                   p=number_text(best.p_bungee)))
    if obs.callers:
        lines.append(_("Somebody has called Bungee: this is your last action. (The exact "
                       "one-step numbers treat every unseen card alike: they leave out that a "
                       "caller's hand is worth 5 or less; the call-or-play-on simulation takes "
                       "it into account.)"))
    if c is None:
        if not obs.opened:
            lines.append(_("The round's first player must play, then draw: no call, no take."))
        elif k.value > CALL_LIMIT and obs.callers:
            lines.append(_("You cannot call before acting (a call needs a hand worth {limit} or "
                           "less); if your action brings it to {limit} or less, you may call "
                           "right after it.", limit=CALL_LIMIT))
        elif k.value > CALL_LIMIT:
            lines.append(_("You cannot call Bungee yet: that needs a hand worth {limit} or "
                           "less.", limit=CALL_LIMIT))
        elif pending:
            lines.append(pending_text() + " " + _(
                "Whether calling beats playing on is being estimated by simulation ({n} endings "
                "for each choice); the numbers appear here when it is done. Until then the "
                "marked row is the best action if you play on.", n=pending))
        else:
            lines.append(_("You may call Bungee now; ask with samples > 0 to compare calling "
                           "with playing on."))
        return "\n".join(lines)
    values = {"win": c.p_win_call.text(True), "lose": c.score_if_losing_call,
              "score": c.score_call.text()}
    if obs.callers:
        lines.append(_("Call Bungee without acting (this is your last action): P(win the round) "
                       "≈ {win}, estimated from the simulated endings; if you lose you score "
                       "exactly {lose}, so E[round score] = -10 P(win) + {lose} (1 - P(win)) "
                       "≈ {score}.", **values))
        lines.append(_("Play on ({action}, and call after it if your hand is then worth 5 or "
                       "less): P(win) ≈ {win}, E[round score] ≈ {score}.",
                       action=say_move(str(c.play)), win=c.p_win_play.text(True),
                       score=c.score_play.text()))
    else:
        lines.append(_("Call Bungee now: P(win the round) ≈ {win}, estimated from the simulated "
                       "endings; if you lose you score exactly {lose}, so E[round score] = -10 "
                       "P(win) + {lose} (1 - P(win)) ≈ {score}.", **values))
        lines.append(_("Play on ({action}, and call later at {limit} or less): P(win) ≈ {win}, "
                       "E[round score] ≈ {score}.", action=say_move(str(c.play)),
                       limit=CALL_LIMIT, win=c.p_win_play.text(True),
                       score=c.score_play.text()))
    verdict = _("call now") if c.call_better else _("play on")
    if c.clear:
        lines.append(_("Difference (call - play on) over the same worlds: {difference}: "
                       "{verdict}.", difference=c.difference.text(), verdict=verdict))
    else:
        lines.append(_("Difference (call - play on) over the same worlds: {difference}: "
                       "{verdict} (too close to call: the difference is within two standard "
                       "errors, either choice is reasonable).", difference=c.difference.text(),
                       verdict=verdict))
    lines.append(_("Estimated numbers: {n} simulated endings for each choice (seed {seed}); "
                   "everybody follows the greedy rule (lower the expected hand value, call at 5 "
                   "or less); ± is one standard error. Exact numbers: your hand now and after "
                   "your next card.", n=c.samples, seed=c.seed))
    return "\n".join(lines)
