"""Exact odds of Jungle Bluff: what an opponent may hold, who wins a challenge, take or challenge.

**What I can know.** Every player starts with the same deck and plays one card a round. After each
round the played strength cards become the next score cards: their *set* is public, who played
which is not, except for my own card and the cards of challenges I took part in. The result of
every challenge is public, so it also tells something (the winner's card beat the loser's).
:func:`card_counts` counts every way of handing out the public sets of played cards to the
players consistently with all of that (each player plays each of their cards at most once) and,
for each opponent, how many of those histories leave each card in their hand or make it this
round's strength card; :func:`possible_cards` lists the cards with a positive count. It is exact:
a card is listed if and only if some consistent history gives it to that player (the counting is
in :mod:`.worlds`).

**Beliefs.** A belief over an opponent's strength card is a ``Distribution`` over cards. The
default, :func:`posterior_belief`, weighs each card by the consistent histories that give it:
the exact posterior when every player picks each of their cards with the same chance (each
history of play is then equally likely). The user may state any other belief.

>>> from bluffkit.games.jungle_bluff import Card, parse_cards
>>> belief = Distribution.uniform(parse_cards("3,5,8"))
>>> win_probability(Card(5), belief, challenger=True)
Fraction(2, 3)
>>> win_probability(Card(5), belief, challenger=False)
Fraction(1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...core import Distribution, InvalidQuestion
from ...core.i18n import _
from ...games.jungle_bluff import (
    CHALLENGER,
    DEFENDER,
    NOBODY,
    Card,
    Challenge,
    Duel,
    JungleObservation,
    Take,
    cards_text,
    duel_winner,
    points,
    take_options,
)
from .worlds import Inconsistent, history_counts, pairwise_counts


# -- what an opponent may hold --------------------------------------------------------------------
@dataclass(frozen=True)
class PossibleCards:
    """For each player (mine too, exactly known): the cards they may still hold in hand and the
    cards they may have put down as strength card this round (empty if they have not / sit out).

    ``hand`` and ``strength`` are tuples indexed by player, each a sorted tuple of cards.
    """

    player: int
    hand: tuple[tuple[Card, ...], ...]
    strength: tuple[tuple[Card, ...], ...]

    def to_json(self) -> dict:
        return {"player": self.player, "hand": [cards_text(h) for h in self.hand],
                "strength": [cards_text(s) for s in self.strength]}


def _round_facts(obs: JungleObservation):
    """(played values, known {player: value}, duels [(c, d, result)], seated) per past round."""
    rounds = []
    for r in obs.history:
        if r.number == obs.rules.final_round:
            continue
        known = {p: c.value for p, c in enumerate(r.strength) if c is not None}
        duels = tuple((m.challenger, m.defender, _result(m)) for m in r.moves
                      if isinstance(m, Duel))
        rounds.append((tuple(sorted(c.value for c in r.played)), tuple(sorted(known.items())),
                       duels, r.seated))
    return tuple(rounds)


def _current_facts(obs: JungleObservation):
    """This round's known strength cards {player: card} and public duels."""
    known = {obs.player: obs.my_strength} if obs.my_strength is not None else {}
    duels = []
    for m in obs.moves:
        if isinstance(m, Duel):
            duels.append((m.challenger, m.defender, _result(m)))
            if m.challenger_card is not None:
                known[m.challenger], known[m.defender] = m.challenger_card, m.defender_card
    return known, duels


def _result(m: Duel) -> str:
    if m.winner is None:
        return NOBODY
    return CHALLENGER if m.winner == m.challenger else DEFENDER


@dataclass(frozen=True)
class CardCounts:
    """How many consistent histories (see the module docstring) give each card.

    ``hand[p]`` and ``strength[p]`` map each card to the number of consistent histories in which
    player ``p`` still holds it in hand, or has put it down as this round's strength card;
    ``total`` is the number of consistent histories. Exact integers.
    """

    player: int
    total: int
    hand: tuple[dict[Card, int], ...]
    strength: tuple[dict[Card, int], ...]

    def possible(self) -> PossibleCards:
        return PossibleCards(self.player, *(tuple(tuple(c for c, w in d.items() if w)
                                                   for d in x) for x in (self.hand,
                                                                         self.strength)))


@lru_cache(maxsize=64)
def card_counts(obs: JungleObservation) -> CardCounts:
    """Count the histories consistent with what ``obs.player`` has seen, and for each player and
    card how many of them leave the card in their hand or make it their strength card.

    Model: every player picks each strength card uniformly among their choices (the hand, or in
    the final round the distinct cards of the score pile); then every consistent history has
    the same probability, so these counts give the posterior (:func:`posterior_belief`).
    Cached (an advice asks for every opponent): do not mutate the result.

    Raises:
        InvalidQuestion: if no history is consistent with the observation (a corrupt position).
    """
    rules, me, n = obs.rules, obs.player, obs.rules.players
    cur_known, cur_duels = _current_facts(obs)
    if obs.final:
        total, counts = final_round_counts(obs, cur_known, cur_duels)
        return CardCounts(me, total, ({},) * n,
                          tuple(counts.get(p, {}) for p in range(n)))
    deck = rules.deck()
    total, hand, strength = history_counts(
        n, rules.top_card, _round_facts(obs), me, _mask(c.value for c in obs.hand),
        obs.my_strength.value if obs.my_strength else 0,
        tuple(sorted((p, c.value) for p, c in cur_known.items())), tuple(cur_duels),
        obs.placed, tuple(c.special for c in deck))
    return CardCounts(me, total, *(tuple({c: row[c.value - 1] for c in deck} for row in x)
                                   for x in (hand, strength)))


def possible_cards(obs: JungleObservation) -> PossibleCards:
    """Exactly which cards each player may hold and may have put down, given what ``obs.player``
    has seen (see the module docstring): the cards some consistent history gives them.

    In the final round strength cards come from the public score piles, so the possible strength
    cards are the pile cards consistent with this round's challenges (seen or not).

    Raises:
        InvalidQuestion: if no history is consistent with the observation (a corrupt position).

    >>> from bluffkit.games.jungle_bluff import JungleRules, JungleState
    >>> s = JungleState.setup(JungleRules(players=2, top_card=3), ["1,2,3", "1,2,3"], "2,3")
    >>> for a in ("play 1", "play 3", "take 3"):
    ...     s = s.apply(s.parse_action(a))
    >>> s = s.apply(s.parse_action("take 2"))
    >>> [cards_text(h) for h in possible_cards(s.observation(0)).hand]
    ['2,3', '1,2']
    """
    return card_counts(obs).possible()


def final_round_counts(obs: JungleObservation, known=None, duels=None):
    """Final round: the strength cards come out of the public score piles (each player picks
    one of the distinct cards of their pile). Returns the number of joint choices of the placed
    players consistent with this round's public challenge results and the cards ``obs.player``
    saw, and for each placed player how many of them give each card.

    Raises:
        InvalidQuestion: if no choice is consistent (a corrupt position).
    """
    if known is None:
        known, duels = _current_facts(obs)
    domains = {p: (known[p],) if p in known else tuple(sorted(set(obs.piles[p])))
               for p in range(obs.rules.players) if obs.placed[p]}
    constraints = [(ch, de, lambda a, b, r=result: duel_winner(a, b) == r)
                   for ch, de, result in duels]
    total, counts = pairwise_counts(domains, constraints)
    if not total:
        raise Inconsistent(_("no choice of strength cards fits this round's challenges"))
    return total, counts


def _mask(values: Iterable[int]) -> int:
    m = 0
    for v in values:
        m |= 1 << (v - 1)
    return m


# -- beliefs and challenges -----------------------------------------------------------------------
def posterior_belief(obs: JungleObservation, opponent: int) -> Distribution:
    """The distribution of ``opponent``'s strength card given what ``obs.player`` has seen:
    each card weighted by the consistent histories that give it (:func:`card_counts`). If they
    have not chosen yet, the card they will put down: each card of their hand equally likely,
    so weighted by the histories that leave it in their hand.

    Raises:
        InvalidQuestion: if ``opponent`` plays no card this round.

    >>> from bluffkit.games.jungle_bluff import JungleRules, JungleState
    >>> s = JungleState.setup(JungleRules(players=3), ["", "", ""], "1,5,8", first=1,
    ...                       piles=["6,7", "2,9", "3,10"])
    >>> for a in ("play 9", "play 3", "play 6", "take 8", "challenge 1"):
    ...     s = s.apply(s.parse_action(a))
    >>> posterior_belief(s.observation(0), 2).pmf()
    {Card(value=3, special=False): Fraction(1, 1)}
    """
    if opponent not in range(obs.rules.players) or not obs.seated[opponent]:
        raise InvalidQuestion(_("player {opponent} has no strength card this round",
                                opponent=opponent))
    if obs.final and not obs.placed[opponent]:
        return Distribution.uniform(set(obs.piles[opponent]))
    counts = card_counts(obs)
    weights = counts.strength[opponent] if obs.placed[opponent] else counts.hand[opponent]
    if not any(weights.values()):
        raise InvalidQuestion(_("player {opponent} has no strength card this round",
                                opponent=opponent))
    return Distribution(weights)


def win_probability(mine: Card, belief: Distribution, challenger: bool) -> Fraction:
    """P(my card ``mine`` wins a challenge) when the other card follows ``belief``; I am the
    challenger if ``challenger`` (ties then go to me), else the defender.

    Alpha 10 against alpha 10 is won by nobody: it counts as not winning.

    >>> from bluffkit.games.jungle_bluff import parse_cards
    >>> win_probability(Card(8), Distribution.uniform(parse_cards("5,8,9")), challenger=True)
    Fraction(2, 3)
    """
    side = CHALLENGER if challenger else DEFENDER
    if challenger:
        return belief.prob(lambda c: duel_winner(mine, c) == side)
    return belief.prob(lambda c: duel_winner(c, mine) == side)


@dataclass(frozen=True)
class Option:
    """One move in the bluff phase with its exact numbers.

    Attributes:
        action: the ``Take`` or ``Challenge``.
        cards: the score cards it is about.
        p_win: probability of holding them right after this move (1 for a take).
        p_keep: probability of still holding them at the end of the round, if each later player
            challenges you with probability ``later_challenge`` (1 when that is 0).
        expected: expected points this move brings at the end of the round.
    """

    action: Take | Challenge
    cards: tuple[Card, ...]
    p_win: Fraction
    p_keep: Fraction
    expected: Fraction

    def to_json(self) -> dict:
        return {"action": str(self.action), "cards": cards_text(self.cards), "p_win": self.p_win,
                "p_keep": self.p_keep, "expected": self.expected}


def option_values(obs: JungleObservation, beliefs: Mapping[int, Distribution] | None = None,
                  later_challenge: Fraction | int = 0) -> list[Option]:
    """Expected points of every take and challenge open to ``obs.player`` now.

    Model: opponents' strength cards follow ``beliefs`` (default: :func:`posterior_belief`); a
    take gives its cards; a challenge gives the stack with the probability that my strength card
    wins; then each player still to move challenges me, independently, with probability
    ``later_challenge`` (default 0: only what the move gets now).

    Raises:
        InvalidQuestion: when it is not ``obs.player``'s turn to take or challenge.
    """
    me = obs.player
    if obs.phase != "bluff" or obs.to_move != me:
        raise InvalidQuestion(_("it is not player {me}'s turn to take or challenge", me=me))
    beliefs = dict(beliefs or {})
    order = [p for k in range(obs.rules.players)
             if obs.seated[p := (obs.first + k) % obs.rules.players]]
    later = order[order.index(me) + 1:]
    for p in later + [p for p in range(obs.rules.players) if p != me and obs.held[p]]:
        if p not in beliefs:
            beliefs[p] = posterior_belief(obs, p)
    return turn_options(obs.my_strength, obs.centre, obs.held, beliefs, later, later_challenge,
                        obs.rules.combined, me)


def turn_options(mine: Card, centre: Iterable[Card], held: Sequence[Iterable[Card]],
                 beliefs: Mapping[int, Distribution], later: Iterable[int] = (),
                 later_challenge: Fraction | int = 0, combined: bool = False,
                 me: int | None = None) -> list[Option]:
    """The numbers of :func:`option_values` from the bare facts of a turn.

    Args:
        mine: my strength card.
        centre: the score cards in the centre.
        held: per player, the score cards they hold (mine empty).
        beliefs: player -> distribution of their strength card, for every holder and every
            player in ``later``.
        later: the players still to move after me.
        later_challenge: probability that each of them challenges me.
        combined: the combined-cards variant.
        me: my seat (never challenged by myself).

    Raises:
        InvalidQuestion: for a probability outside [0, 1] or a missing belief.

    >>> from bluffkit.games.jungle_bluff import parse_cards
    >>> opts = turn_options(Card(6), parse_cards("3"), [parse_cards("9"), ()],
    ...                     {0: Distribution.uniform(parse_cards("2,8"))}, me=1)
    >>> [(str(o.action), o.expected) for o in opts]
    [('take 3', Fraction(3, 1)), ('challenge 0', Fraction(9, 2))]
    """
    later_challenge = Fraction(later_challenge)
    if not 0 <= later_challenge <= 1:
        raise InvalidQuestion(_("later_challenge is a probability, got {later_challenge}",
                                later_challenge=later_challenge))
    held = [tuple(h) for h in held]
    needed = set(later) | {p for p, h in enumerate(held) if h and p != me}
    missing = sorted(p for p in needed if p not in beliefs)
    if missing:
        raise InvalidQuestion(_("no belief about the strength card of player(s) {missing}",
                                missing=missing))
    keep = Fraction(1)
    if later_challenge:
        for p in later:
            keep *= 1 - later_challenge * (1 - win_probability(mine, beliefs[p], False))
    options = []
    for t in take_options(tuple(sorted(centre)), combined):
        options.append(Option(t, t.cards, Fraction(1), keep, points(t.cards) * keep))
    for p, stack in enumerate(held):
        if p != me and stack:
            win = win_probability(mine, beliefs[p], True)
            options.append(Option(Challenge(p), stack, win, keep, win * keep * points(stack)))
    return options


__all__ = ["CardCounts", "Option", "PossibleCards", "card_counts", "final_round_counts",
           "option_values", "posterior_belief", "possible_cards", "turn_options",
           "win_probability"]
