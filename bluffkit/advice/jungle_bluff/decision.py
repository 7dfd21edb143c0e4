"""Advice for Jungle Bluff: which strength card, take which score card or challenge whom.

Two models, stated in every explanation:

- **Two players**: the round is a zero-sum game (payoff: my points this round minus the
  opponent's; later rounds are not counted). Both hands are known exactly in a two-player game
  (the cards played each round are public). The advice follows the exact equilibrium of the round
  (:mod:`.two_player`): in the bidding phase the equilibrium mix of strength cards; in the bluff
  phase the move with the best expected payoff against the opponent's equilibrium strategy, their
  strength card weighted by how often the equilibrium plays it (and, when they took first, by how
  often it makes that take).
- **Three or more players**: the best response against a stated belief about each opponent's
  strength card (default: the posterior over the histories of play consistent with what I saw,
  every player picking each card of their hand with the same chance,
  :func:`bluffkit.odds.jungle_bluff.posterior_belief`): every take and challenge with its expected
  points (:func:`~bluffkit.odds.jungle_bluff.option_values`), optionally discounted by the chance
  that each later player challenges me. In the bidding phase, a rule of thumb (not an optimum):
  play the lowest card that keeps a challenged score card at least half the time.

>>> from bluffkit.games.jungle_bluff import JungleRules, JungleState
>>> s = JungleState.setup(JungleRules(players=2), ["3,8", "5,9"], "4,7", first=0)
>>> a = advise(s.observation(1), opponent_hand="3,8")
>>> str(a.recommended.action), a.recommended.value
('play 9', Fraction(4, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ...core import Action, Distribution, InvalidQuestion, ParseError
from ...core.i18n import _, _l
from ...games.jungle_bluff import (
    Card,
    Challenge,
    JungleObservation,
    Play,
    Take,
    cards_text,
    parse_cards,
    say_move,
)
from ...odds.jungle_bluff.beliefs import (
    option_values,
    possible_cards,
    posterior_belief,
    turn_options,
    win_probability,
)
from .two_player import RoundEquilibrium, RoundGame, solve_round

TWO_PLAYER_MODEL = _l("two-player round as a zero-sum game: payoff = my points this round "
                      "minus my opponent's, later rounds not counted; both hands are known "
                      "exactly; the opponent plays the round's exact equilibrium")
POSTERIOR = _l("each opponent's strength card follows the posterior over the histories of play "
               "consistent with what you saw, if every player picks each card of their hand "
               "with the same chance")
MANY_PLAYER_MODEL = "best response to a belief: " + str(POSTERIOR) + \
    " (unless stated otherwise); {later}"
"""The model of 3+ players in English (``many_player_model`` writes it in the language)."""


def many_player_model(later: str, stated: bool = False) -> str:
    """The model of 3+ players: a best response to the posterior (or to a ``stated`` belief),
    then what later players do (``later``)."""
    belief = _("each opponent's strength card follows the belief stated") if stated else _(
        "{posterior} (unless stated otherwise)", posterior=POSTERIOR)
    return _("best response to a belief: {belief}; {later}", belief=belief, later=later)


@dataclass(frozen=True)
class AdviceOption:
    """One choice with its numbers.

    Attributes:
        action: ``Play``, ``Take`` or ``Challenge``.
        value: expected payoff (two players: my points minus theirs this round; more players:
            my expected points from this move).
        p_win: for a challenge, the probability my card wins it; for a strength card (3+
            players), the probability it keeps a challenged card; else ``None``.
        frequency: the equilibrium probability of this choice (two players), else ``None``.
        reached: ``False`` when the equilibrium never reaches this decision (two players: my
            strength card is one it never plays, or the opponent's take one it never makes);
            its ``frequency`` then means nothing and is ``None``.
    """

    action: Action
    value: Fraction
    p_win: Fraction | None = None
    frequency: Fraction | None = None
    reached: bool = True

    def to_json(self, keys=("p_win", "frequency")) -> dict:
        """The option as JSON; ``keys`` that do not apply are empty strings, and an unreached
        decision's frequency is ``"not reached"``."""
        out = {"action": str(self.action), "value": self.value}
        if "p_win" in keys:
            out["p_win"] = self.p_win if self.p_win is not None else ""
        if "frequency" in keys:
            out["frequency"] = (str(NOT_REACHED) if not self.reached else
                                self.frequency if self.frequency is not None else "")
        return out


NOT_REACHED = _l("not reached")
"""What a decision the equilibrium never reaches shows instead of a frequency."""


@dataclass(frozen=True)
class JungleAdvice:
    """All options, the recommendation, the model and the reasons in plain words."""

    player: int
    phase: str
    options: tuple[AdviceOption, ...]
    recommended: AdviceOption
    model: str
    explanation: str
    equilibrium: RoundEquilibrium | None = None

    def mix(self) -> dict[Action, Fraction]:
        """What to play with which probability: the equilibrium mix when there is one (bidding
        phase with two players), else the recommended action for sure."""
        freq = {o.action: o.frequency for o in self.options if o.frequency}
        if self.phase == "choose" and freq:
            return freq
        return {self.recommended.action: Fraction(1)}

    def columns(self) -> tuple[str, ...]:
        """The optional numbers some option has: ``p_win``, ``frequency`` (equilibrium)."""
        cols = []
        if any(o.p_win is not None for o in self.options):
            cols.append("p_win")
        if any(o.frequency is not None or not o.reached for o in self.options):
            cols.append("frequency")
        return tuple(cols)

    def to_json(self) -> dict:
        return {"player": self.player, "phase": self.phase, "model": self.model,
                "options": [o.to_json(self.columns()) for o in self.options],
                "recommended": str(self.recommended.action), "explanation": self.explanation,
                "equilibrium": self.equilibrium.to_json() if self.equilibrium else None}


def _f(x: Fraction) -> str:
    return str(x) if x.denominator == 1 else _("{x} (about {approx:.2f})", x=x, approx=float(x))


def advise(obs: JungleObservation, beliefs: Mapping[int, Distribution] | None = None,
           later_challenge: Fraction | int = 0, opponent_hand=None) -> JungleAdvice:
    """Advice for ``obs.player``: a strength card to choose (any seated player who has not put
    one down: the choice is simultaneous), or a take or challenge on their turn.

    Args:
        obs: what the player sees.
        beliefs: opponent -> distribution over their strength card (3+ players; with two players
            a stated belief switches to the best-response model too).
        later_challenge: 3+ players: probability that each later player challenges me.
        opponent_hand: two players: the opponent's cards at the start of the round (their
            strength card included), for a position set up without its history; by default
            they are worked out from the history (:func:`round_game`).

    Raises:
        InvalidQuestion: when it is not ``obs.player``'s turn.
    """
    me = obs.player
    choosing = obs.phase == "choose" and obs.my_strength is None and obs.seated[me]
    if not choosing and (obs.phase != "bluff" or obs.to_move != me):
        raise InvalidQuestion(_("it is not player {player}'s turn (the strength cards are "
                                "chosen together; then each player takes or challenges in "
                                "turn)", player=me))
    if obs.rules.players == 2 and not beliefs and all(obs.seated):
        return _two_player(obs, opponent_hand)
    return _many_players(obs, beliefs, Fraction(later_challenge))


# -- two players ----------------------------------------------------------------------------------
def round_game(obs: JungleObservation, opponent_hand=None) -> RoundGame:
    """The two-player round ``obs`` is in, from what the player knows exactly (or with the
    opponent's cards at the round start given as ``opponent_hand``).

    Raises:
        InvalidQuestion: if ``opponent_hand`` cannot be read.
    """
    me, opp = obs.player, 1 - obs.player
    mine = _options_of(obs, me, (obs.my_strength,) if obs.my_strength else ())
    if opponent_hand is not None:
        try:
            theirs = tuple(sorted(set(parse_cards(opponent_hand))))
        except ParseError as e:
            raise InvalidQuestion(_("opponent_hand: {e}", e=e)) from None
    elif obs.final:
        theirs = tuple(sorted(set(obs.piles[opp])))
    else:
        possible = possible_cards(obs)
        theirs = tuple(sorted(set(possible.hand[opp]) | set(possible.strength[opp])))
    options = (mine, theirs) if me == 0 else (theirs, mine)
    start = _round_start_centre(obs)
    return RoundGame(options, start, obs.first, obs.rules.combined, obs.final)


def _options_of(obs, me, strength) -> tuple[Card, ...]:
    source = obs.piles[me] if obs.final else obs.hand
    return tuple(sorted(set(source) | set(strength)))


def _round_start_centre(obs) -> tuple[Card, ...]:
    return obs.score_cards


def _two_player(obs: JungleObservation, opponent_hand) -> JungleAdvice:
    g = round_game(obs, opponent_hand)
    take = Take(obs.held[obs.first]) if obs.moves else None
    return advise_round(g, obs.player, obs.my_strength, take)


def advise_round(g: RoundGame, me: int, mine: Card | None = None,
                 take: Take | None = None) -> JungleAdvice:
    """Two-player advice from the round's facts: with no ``mine`` the strength card to choose;
    with ``mine`` and no ``take``, what the first player should take; with both, the second
    player's answer to the first player's ``take``.

    Raises:
        InvalidQuestion: if ``mine`` is not among my options or the turn order is off.

    >>> g = RoundGame.of("1o,9", "5,10", "4")
    >>> {str(a): p for a, p in advise_round(g, 1).mix().items()}
    {'play 5': Fraction(1, 2), 'play 10': Fraction(1, 2)}
    """
    if me not in (0, 1):
        raise InvalidQuestion(_("me is player 0 or 1, got {value}", value=repr(me)))
    if mine is not None and mine not in g.options[me]:
        raise InvalidQuestion(_("your strength card {card} is not among your cards {cards}",
                                card=mine, cards=cards_text(g.options[me])))
    if mine is not None and take is None and me != g.first:
        raise InvalidQuestion(_("the first player takes first: say what they took"))
    if take is not None and (me == g.first or take not in g.takes()):
        raise InvalidQuestion(_("{take} is not a take the first player can make here",
                                take=say_move(str(take))))
    eq = solve_round(g)
    sign = 1 if me == 0 else -1
    opp = 1 - me
    if mine is None:
        options = []
        for c in g.options[me]:
            options.append(AdviceOption(Play(c), sign * _value_with_card(eq, me, c),
                                        frequency=eq.strength[me][c]))
        best = max(options, key=lambda o: (o.frequency, o.value))
        played = ", ".join(_("{card} with probability {p}", card=o.action.card, p=o.frequency)
                           for o in options if o.frequency)
        words = _("The round is a game of hidden choices, so the best play is mixed: put down "
                  "{played}. Doing so you get {value} points more than your opponent on average "
                  "this round, whatever they do; no other mix guarantees more.", played=played,
                  value=_f(sign * eq.value))
        return JungleAdvice(me, "choose", tuple(options), best, str(TWO_PLAYER_MODEL), words,
                            eq)
    if take is None:  # I am first: choose a take
        belief = {c: p for c, p in eq.strength[opp].items() if p}
        reached = bool(eq.strength[me][mine])
        options = []
        for t in g.takes():
            v = sum(p * sum(q * g.payoff(_pair(me, mine, c), t, a)
                            for a, q in eq.answer[(c, t)].items()) for c, p in belief.items())
            options.append(AdviceOption(t, sign * v, frequency=eq.take[mine][t] if reached
                                        else None, reached=reached))
        best = max(options, key=lambda o: (o.value, o.frequency or 0))
        words = _("You hold {card}. Your opponent's equilibrium strength card is {mix}; they "
                  "see what you take, then take what is left or challenge you. Taking {cards} "
                  "is worth {value} to you (your points minus theirs) against that play.",
                  card=mine, mix=_mix_text(belief), cards=cards_text(best.action.cards, "+"),
                  value=_f(best.value))
        return JungleAdvice(me, "bluff", tuple(options), best, str(TWO_PLAYER_MODEL), words,
                            eq)
    weights = {c: p * eq.take[c].get(take, 0) for c, p in eq.strength[opp].items()}
    reached = bool(eq.strength[me][mine]) and any(weights.values())
    if not any(weights.values()):  # a take the equilibrium never makes: fall back to the mix
        weights = {c: p for c, p in eq.strength[opp].items()}
    if not any(weights.values()):
        weights = {c: Fraction(1) for c in g.options[opp]}
    total = sum(weights.values())
    posterior = {c: w / total for c, w in weights.items() if w}
    options = []
    for a in g.answers(take):
        v = sum(p * g.payoff(_pair(me, mine, c), take, a) for c, p in posterior.items())
        p_win = (win_probability(mine, Distribution.from_probabilities(posterior), True)
                 if isinstance(a, Challenge) else None)
        options.append(AdviceOption(a, sign * v, p_win, eq.answer[(mine, take)].get(a)
                                    if reached else None, reached))
    best = max(options, key=lambda o: (o.value, isinstance(o.action, Take)))
    if reached:
        why = _("Given how often the equilibrium makes that take with each card, their "
                "strength card is {mix}.", mix=_mix_text(posterior))
    else:
        why = _("The equilibrium never reaches this position (it never plays your card, or "
                "never makes that take), so it says nothing about what to do here; these numbers "
                "take the opponent's strength card as {mix}.", mix=_mix_text(posterior))
    words = _("Your opponent took {cards}. {why} With your {card}: {options}. Best: {best}.",
              cards=cards_text(take.cards, "+"), why=why, card=mine,
              options=_options_text(options), best=say_move(str(best.action)))
    return JungleAdvice(me, "bluff", tuple(options), best, str(TWO_PLAYER_MODEL), words, eq)


def _pair(me: int, mine: Card, theirs: Card) -> tuple[Card, Card]:
    return (mine, theirs) if me == 0 else (theirs, mine)


def _value_with_card(eq: RoundEquilibrium, player: int, card: Card) -> Fraction:
    """Payoff to player 0 when ``player`` puts down ``card`` and then follows the equilibrium."""
    from .two_player import strategy_value

    mix = list(eq.strength)
    mix[player] = {card: Fraction(1)}
    return strategy_value(eq.game, mix, eq.take, eq.answer)


def _mix_text(dist: Mapping[Card, Fraction]) -> str:
    return ", ".join(f"{c} ({p})" for c, p in sorted(dist.items()) if p)


def _options_text(options) -> str:
    return _("; ").join(_("{move} is worth {value} (you win the challenge with probability {p})",
                       move=say_move(str(o.action)), value=_f(o.value), p=o.p_win)
                     if o.p_win is not None else
                     _("{move} is worth {value}", move=say_move(str(o.action)),
                       value=_f(o.value)) for o in options)


# -- three or more players ------------------------------------------------------------------------
def _many_players(obs: JungleObservation, beliefs, later_challenge: Fraction) -> JungleAdvice:
    me = obs.player
    model = many_player_model(_later_text(later_challenge))
    beliefs = dict(beliefs or {})
    opponents = [p for p in range(obs.rules.players) if p != me and obs.seated[p]]
    for p in opponents:
        if p not in beliefs:
            beliefs[p] = posterior_belief(obs, p)
    if obs.phase == "choose":
        source = obs.piles[me] if obs.final else obs.hand
        return advise_strength(source, [beliefs[p] for p in opponents], me, model, obs.final)
    values = option_values(obs, beliefs, later_challenge)
    return _turn_advice(me, obs.my_strength, values, model)


def advise_strength(cards, beliefs, me: int = 0, model: str | None = None,
                    final: bool = False) -> JungleAdvice:
    """Rule of thumb for choosing a strength card with 3+ players (not an optimum): the lowest
    card that keeps a challenged score card at least half the time against a random opponent
    card (``beliefs``: one distribution per opponent); the highest card if none does.

    >>> from bluffkit.games.jungle_bluff import parse_cards
    >>> a = advise_strength(parse_cards("2,5,9"), [Distribution.uniform(parse_cards("1,3,6,8"))])
    >>> str(a.recommended.action), a.recommended.p_win
    ('play 5', Fraction(1, 2))
    """
    beliefs = list(beliefs)
    if not beliefs:  # nobody else plays this (final) round: nobody can challenge you
        options = tuple(AdviceOption(Play(c), Fraction(1), Fraction(1)) for c in sorted(set(
            cards)))
        if not options:
            raise InvalidQuestion(_("no card to choose from"))
        words = _("Nobody else plays this round, so nobody can challenge you: put down your "
                  "lowest card (in the final round it leaves your score pile) and take the best "
                  "score card.")
        return JungleAdvice(me, "choose", options, options[0], model or _("no opponent"),
                            words)
    options = []
    for c in sorted(set(cards)):
        keep = sum((win_probability(c, b, challenger=False) for b in beliefs),
                   Fraction(0)) / len(beliefs)
        win = sum((win_probability(c, b, challenger=True) for b in beliefs),
                  Fraction(0)) / len(beliefs)
        options.append(AdviceOption(Play(c), win, keep))
    if not options:
        raise InvalidQuestion(_("no card to choose from"))
    good = [o for o in options if o.p_win >= Fraction(1, 2)]
    if good:
        best = min(good, key=lambda o: o.action.card)
        why = _("{card} is the lowest card that keeps a score card when challenged with "
                "probability {p} (at least 1/2)", card=best.action.card, p=best.p_win)
    else:
        best = max(options, key=lambda o: (o.p_win, o.value))
        why = _("no card keeps a challenged score card half the time; {card} keeps it most "
                "often, with probability {p}", card=best.action.card, p=best.p_win)
    cost = (_("In the final round the card you put down leaves your score pile: a higher card "
              "is safer in a challenge but costs you more points.") if final else
            _("Higher cards are safer this round but are gone for the rounds to come."))
    words = _("A rule of thumb, not an optimum: {why} against a random opponent card (as "
              "challenger it wins with probability {p}). {cost}", why=why, p=best.value,
              cost=cost)
    model = model or many_player_model(_("bidding rule of thumb"))
    return JungleAdvice(me, "choose", tuple(options), best, model, words)


def advise_turn(mine, centre, held, beliefs: Mapping[int, Distribution], later=(),
                later_challenge: Fraction | int = 0, combined: bool = False,
                me: int = 0) -> JungleAdvice:
    """Best response for a take-or-challenge turn given as bare facts (any number of players);
    the arguments are those of :func:`bluffkit.odds.jungle_bluff.turn_options`.

    >>> from bluffkit.games.jungle_bluff import parse_cards
    >>> a = advise_turn(Card(6), parse_cards("3"), [parse_cards("9"), ()],
    ...                 {0: Distribution.uniform(parse_cards("2,8"))}, me=1)
    >>> str(a.recommended.action)
    'challenge 0'
    """
    later_challenge = Fraction(later_challenge)
    values = turn_options(mine, centre, held, beliefs, later, later_challenge, combined, me)
    return _turn_advice(me, mine, values,
                        many_player_model(_later_text(later_challenge), stated=True))


def _later_text(later_challenge: Fraction) -> str:
    return (_("each later player challenges you with probability {p}", p=later_challenge)
            if later_challenge else
            _("what each move gets now (later players may still challenge you)"))


def _turn_advice(me, mine, values, model) -> JungleAdvice:
    if not values:
        raise InvalidQuestion(_("no take or challenge is possible here"))
    options = tuple(AdviceOption(o.action, o.expected, o.p_win if isinstance(
        o.action, Challenge) else None) for o in values)
    best = max(options, key=lambda o: (o.value, isinstance(o.action, Take)))
    parts = []
    for o, v in zip(options, values):
        if isinstance(o.action, Take):
            parts.append(_("take {cards}: {value} point", cards=cards_text(v.cards, "+"),
                           value=_f(o.value)) if o.value == 1 else
                         _("take {cards}: {value} points", cards=cards_text(v.cards, "+"),
                           value=_f(o.value)))
        else:
            parts.append(_("challenge player {n} for {cards}: you win with probability {p}, so "
                           "{value} points on average", n=o.action.target,
                           cards=cards_text(v.cards, "+"), p=o.p_win, value=_f(o.value)))
    words = _("Your strength card is {card}. {options}. Best: {best}.", card=mine,
              options=_("; ").join(parts), best=say_move(str(best.action)))
    return JungleAdvice(me, "bluff", options, best, model, words)


__all__ = ["MANY_PLAYER_MODEL", "NOT_REACHED", "POSTERIOR", "TWO_PLAYER_MODEL", "AdviceOption",
           "JungleAdvice", "advise", "advise_round", "advise_strength", "advise_turn",
           "many_player_model", "round_game"]
