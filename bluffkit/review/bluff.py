"""The review of a Bluff game: each bid, challenge and show of one seat, and each round's dice.

**Values** (dice lost, lower is better), those ``bluffkit.advice.bluff.advise`` ranks by: when
it reads the round's bids, the look ahead's mean dice lost (a sample mean over its seeded
playouts, the same deals for every choice); otherwise the exact dice I expect to lose if the
next player challenges (a show: after showing and re-rolling). A choice the advice does not list
is valued the same way (its own playouts; its own exact odds). In a two-player round the solved
strategy's frequencies are shown, and an action it plays (at least 0.5% of the time, at a
history it reaches) costs nothing.

**Luck**: a round's result is the dice the seat lost at the challenge. Expected: the dice it
would lose on average over every hand the others could hold, as the advice sees them just
before the cups are lifted (the bids read by Bayes' rule when the advice reads them, else each
unseen die random), the bid and challenge as they were made; exact.
"""

from __future__ import annotations

from fractions import Fraction

from ..advice.bluff import Position, advise, say_action
from ..advice.bluff.ahead import SAMPLES, look_ahead
from ..advice.bluff.position import round_bids
from ..games.bluff import Challenge, Show
from ..odds.bluff.beliefs import DEFAULT_MODEL, odds_after_bids, read_bids
from ..odds.bluff.counts import matches, odds_from_counts, reroll_odds
from .judge import SUPPORT, Settings, judge
from .model import Choice, Decision, RoundLuck

UNIT = "dice"
LOWER_IS_BETTER = True


def decision(move: int, obs, action, settings: Settings) -> Decision:
    """The review of the seat's choice ``action`` at ``obs``: ``advise`` on that
    observation, every option's value, the chosen one's and its cost."""
    pos = Position.from_observation(obs)
    advice = advise(pos, names=settings.names)
    read = advice.reading is not None
    view = equilibrium_of(advice)

    def value(o):
        if read:
            return o.ahead.my_loss if o.ahead is not None else None
        return o.my_loss

    options = [Choice(str(o.action), value(o), _frequency(view, o.action), o.to_json())
               for o in advice.options]
    listed = next((o for o in advice.options if o.action == action), None)
    chosen_value = value(listed) if listed is not None else None
    if chosen_value is None:
        chosen_value = value_of(pos, action, advice)
        if listed is None:
            options.append(Choice(str(action), chosen_value, _frequency(view, action)))
    in_support = view is not None and float(view.frequency(action)) >= SUPPORT
    return judge("bluff", move, obs.round, obs, options, action, chosen_value,
                 advice.recommended.action, value(advice.recommended),
                 lower_is_better=True, in_support=in_support, exact=not read,
                 explanation=advice.explanation, advice=advice)


def equilibrium_of(advice):
    """The equilibrium view whose frequencies apply here (as Explain's table shows them), or
    ``None``: the perfect-recall view where it reaches the history, else the solved strategy
    where it reaches it and plays my own bids."""
    if advice.equilibrium is not None:
        return advice.equilibrium if advice.equilibrium.reached else None
    solved = advice.solved
    if solved is not None and solved.reached and solved.my_reach > 0:
        return solved
    return None


def _frequency(view, action):
    """The equilibrium's frequency of ``action`` (exact for the solved strategy, a float for
    the perfect-recall view, which is approximate); ``None`` where none applies."""
    if view is None:
        return None
    return next((p for a, p in view.frequencies if a == action), 0)


def value_of(pos: Position, action, advice) -> Fraction:
    """The value ``advise`` gives (or would give) ``action``: the look ahead's mean dice lost
    when it read the bids, else the exact dice lost if the next player challenges."""
    held, me = pos.dice_held, pos.me
    nxt = pos.next_player()
    if advice.reading is not None:
        return look_ahead(pos, [action], SAMPLES, 0, advice.reading, DEFAULT_MODEL)[
            action].my_loss
    if isinstance(action, Show):
        if not action.reroll:  # showing dice changes nothing I know
            return next(o.my_loss for o in advice.options if o.action == Show())
        others = sum((e for p, e in enumerate(pos.exposed) if p != me), ())
        return reroll_odds(pos.bid, pos.dice_in_play, pos.my_dice, action.expose, others,
                           pos.exposed[me], bidder_held=held[me],
                           challenger_held=held[nxt]).bidder_loss
    if isinstance(action, Challenge):
        return next(o.my_loss for o in advice.options if o.kind == "challenge")
    known = matches(pos.known_dice, action.face)
    return odds_from_counts(action, pos.dice_in_play, known, pos.unknown, held[me],
                            held[nxt]).bidder_loss


def say(action) -> str:
    """An action in the current language (``challenge``, ``8x3``, a show)."""
    return say_action(action)


# -- luck -----------------------------------------------------------------------------------------
def rounds(steps, seat: int, settings: Settings) -> list[RoundLuck]:
    """Each round the seat held dice in, ended by a challenge: the dice it lost, expected and
    actual."""
    out = []
    for state, action in steps:
        if (state.is_chance_node() or state.phase != "bid" or not isinstance(action, Challenge)
                or not state.dice[seat]):
            continue
        lost = state.apply(action).last.losses[seat]
        out.append(RoundLuck(state.round, expected_loss(state.observation(seat)),
                             Fraction(lost)))
    return out


def expected_loss(obs) -> Fraction:
    """The dice ``obs.player`` expects to lose when ``obs.to_move`` challenges the current bid,
    from what that player sees (module docstring)."""
    me, bid, bidder, challenger = obs.player, obs.bid, obs.bidder, obs.to_move
    held = obs.dice_held
    dice_in_play = sum(held)
    if obs.rules.show_and_reroll or any(obs.exposed):
        known = obs.my_dice + sum(obs.exposed, ())
        odds = odds_from_counts(bid, dice_in_play, matches(known, bid.face),
                                dice_in_play - len(known), held[bidder], held[challenger])
    else:
        reading = read_bids(held, me, round_bids(obs.history), bidder, DEFAULT_MODEL)
        odds = odds_after_bids(bid, dice_in_play, matches(obs.my_dice, bid.face), reading,
                               held[bidder], held[challenger])
    if me == bidder:
        return odds.bidder_loss
    return odds.challenger_loss if me == challenger else odds.other_loss


__all__ = ["LOWER_IS_BETTER", "UNIT", "decision", "equilibrium_of", "expected_loss", "rounds",
           "say", "value_of"]
