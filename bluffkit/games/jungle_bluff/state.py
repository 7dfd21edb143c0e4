"""Jungle Bluff's rules engine: rules options, actions, immutable states.

Rules (``shared/rules/README.md`` section 4, ``jungle-bluff.fr.txt``): 2-6 players, each with a
deck 1-10. A shuffled spare deck deals as many face-up **score cards** as players (chance; the
rest of the spare deck goes back to the box); a random player starts (chance). 10 standard rounds
and a final round. Each round:

1. **Bidding**: everybody secretly picks a strength card from hand. The choice is simultaneous; the
   engine asks the seated players one after another from the first player, and nobody's
   observation shows another player's card until a challenge reveals it.
2. **Bluff phase**: from the first player, clockwise, each seated player once either TAKES a centre
   score card or CHALLENGES an opponent who holds one (:func:`~.cards.duel_winner` decides; ties
   go to the challenger; a player may be challenged several times; the winner holds the stack).
   A player must take when nobody else holds a card, so the first player always takes. Only the
   two players of a challenge see its strength cards; everybody sees who won.
3. **End**: leftover centre cards leave the game; held score cards go to their holders' score
   piles (public); the played strength cards become the next round's score cards (the rulebook
   shuffles them face up: only the set matters, so there is no chance node and who played which
   stays hidden). The next first player is whoever won the highest single score card this round;
   on a tie, whoever came into possession of theirs first (by taking it or winning it in a
   challenge).

**Final round**: hands are empty; each player picks a strength card from their own score pile
(it leaves the pile); a player with an empty pile sits out. Its strength cards leave the game
unseen. The score is the sum of the score pile; the highest score wins and ties share the win.

**Decisions** of this engine: ``returns()`` gives each winner ``1/k`` when ``k`` players tie for
the highest score, 0 to the others (``scores()`` gives the points); if nobody holds a score card at
the end of a round (alpha 10 against alpha 10 can cause it) the first player stays the same; if
the first player sits out the final round, the next seated player clockwise starts; the final
round is skipped if every pile is empty. With ``combined=True`` (variant "cartes combinées") a take
may be several centre cards of one value whose sum is at most 10; they move as one stack when
challenged. ``special_cards`` is any subset of ``optimistic``, ``reversed``, ``nervous``,
``alpha``; they replace their value in the players' decks only (the spare deck is standard).

>>> s = JungleState.setup(JungleRules(players=2), hands=["3,8", "5,9"], centre="4,7", first=0)
>>> s = s.apply(Play.parse("3")).apply(Play.parse("9"))
>>> s = s.apply(Take.parse("7")).apply(Challenge(0))
>>> [cards_text(p) for p in s.piles], s.first, s.round
(['', '7'], 1, 10)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from ...core import (
    CHANCE,
    TERMINAL,
    Action,
    GameState,
    IllegalAction,
    InvalidState,
)
from ...core.fields import impossible
from ...core.i18n import _, _p
from .actions import (
    COMBINED_LIMIT,
    Challenge,
    Deal,
    Duel,
    FirstPlayer,
    JungleObservation,
    JungleRules,
    Play,
    RoundRecord,
    Take,
    Taken,
)
from .cards import (
    CHALLENGER,
    NOBODY,
    Card,
    cards_text,
    deck,
    duel_winner,
    parse_cards,
    points,
)
from .text import why_illegal

PHASES = ("deal", "first", "choose", "bluff", "over")


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def _minus(cards: tuple[Card, ...], taken) -> tuple[Card, ...] | None:
    """``cards`` without ``taken`` (a multiset difference), or ``None`` if not all are there."""
    left = list(cards)
    for c in taken:
        if c not in left:
            return None
        left.remove(c)
    return tuple(left)


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


@dataclass(frozen=True)
class JungleState(GameState):
    """A moment of a game of Jungle Bluff. Build with ``JungleState.new(rules)`` or
    ``JungleState.setup(...)``; never mutate. Cards are sorted tuples in every place."""

    rules: JungleRules
    phase: str
    round: int
    first: int
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    strength: tuple[Card | None, ...]
    centre: tuple[Card, ...]
    held: tuple[tuple[Card, ...], ...]
    score_cards: tuple[Card, ...] = ()
    moves: tuple[Taken | Duel, ...] = ()
    out: tuple[Card, ...] = ()
    spare: tuple[Card, ...] = ()
    history: tuple[RoundRecord, ...] = ()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: JungleRules | None = None) -> JungleState:
        """The game before the spare deck deals the first score cards."""
        rules = rules or JungleRules()
        n = rules.players
        empty = ((),) * n
        return cls(rules, "deal", 0, 0, (rules.deck(),) * n, empty, (None,) * n, (), empty,
                   spare=deck(rules.top_card))

    @classmethod
    def setup(cls, rules: JungleRules, hands, centre, first: int = 0, piles=None,
              round: int | None = None) -> JungleState:
        """A round about to start (bidding phase), for analysis and examples.

        Args:
            rules: the rules (``rules.players`` players).
            hands: each player's hand (text like ``"3,8"`` or cards); all the same size.
            centre: the score cards.
            first: the first player.
            piles: each player's score pile (default: empty).
            round: the round number (default: from the hand size; empty hands mean the final
                round, where players choose from their piles).

        Raises:
            InvalidState: if the cards cannot all exist in this game (``check``).
        """
        n = rules.players
        own = {c.value: c for c in rules.deck()}  # "9" in a hand is the player's own 9 (or 9n)
        hands = tuple(_sorted(own.get(c.value, c) if not c.special else c for c in parse_cards(h))
                      for h in hands)
        piles = tuple(parse_cards(p) for p in piles) if piles is not None else ((),) * n
        centre = parse_cards(centre)
        size = len(hands[0]) if hands else 0
        if round is None:
            round = rules.final_round if size == 0 else rules.top_card + 1 - size
        located = [c for h in hands + piles for c in h] + list(centre)
        out = _minus(all_cards(rules), located)
        if out is None:
            raise InvalidState(_("these cards cannot all be in one game: each player has one deck "
                                 "{cards_text} and the spare deck is standard",
                                 cards_text=cards_text(rules.deck())))
        s = cls(rules, "choose", round, first, hands, piles, (None,) * n, centre, ((),) * n,
                score_cards=centre, out=out)
        check(s)
        return s

    # -- queries -----------------------------------------------------------------------------
    @property
    def final(self) -> bool:
        return self.round == self.rules.final_round

    CHANCE_PHASES = ("deal", "first")
    # current_player(), is_chance_node(), is_terminal(): GameState's, from the phase

    def seated(self) -> tuple[bool, ...]:
        """Who plays this round (everybody, except empty piles in the final round)."""
        if self.phase in ("choose", "bluff"):
            source = self.piles if self.final else self.hands
            return tuple(self.strength[p] is not None or (self.phase == "choose" and bool(
                source[p])) for p in range(self.rules.players))
        return (self.phase != "over",) * self.rules.players

    def order(self) -> list[int]:
        """Seated players clockwise from the first player."""
        n, seated = self.rules.players, self.seated()
        return [(self.first + k) % n for k in range(n) if seated[(self.first + k) % n]]

    @property
    def to_move(self) -> int:
        if self.phase == "choose":
            return next(p for p in self.order() if self.strength[p] is None)
        if self.phase == "bluff":
            return self.order()[len(self.moves)]
        return CHANCE if self.is_chance_node() else TERMINAL

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == "deal":
            p = Fraction(1, math.comb(len(self.spare), self.rules.players))
            return [(Deal(c), p) for c in combinations(self.spare, self.rules.players)]
        if self.phase == "first":
            return [(FirstPlayer(q), Fraction(1, self.rules.players))
                    for q in range(self.rules.players)]
        return []

    def strength_options(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` may choose from: the hand, or the score pile in the final round."""
        return self.piles[player] if self.final else self.hands[player]

    def legal_actions(self) -> list[Action]:
        if self.is_chance_node():
            return [o for o, _p in self.chance_outcomes()]
        if self.phase == "choose":
            return [Play(c) for c in sorted(set(self.strength_options(self.to_move)))]
        if self.phase == "bluff":
            me = self.to_move
            return sorted(set(take_options(self.centre, self.rules.combined))) + [
                Challenge(p) for p in range(self.rules.players) if p != me and self.held[p]]
        return []

    def scores(self) -> tuple[int, ...]:
        """Points so far: the sum of each score pile."""
        return tuple(points(p) for p in self.piles)

    def winners(self) -> tuple[int, ...]:
        """Players sharing the highest score (at the end of the game)."""
        s = self.scores()
        return tuple(p for p, x in enumerate(s) if x == max(s))

    def returns(self) -> tuple[Fraction, ...]:
        """``1/k`` to each of the ``k`` players sharing the highest score; all 0 before the end."""
        n = self.rules.players
        if self.phase != "over":
            return (Fraction(0),) * n
        w = self.winners()
        return tuple(Fraction(1, len(w)) if p in w else Fraction(0) for p in range(n))

    def observation(self, player: int) -> JungleObservation:
        if player not in range(self.rules.players):
            raise InvalidState(_("no player {player} in a {players}-player game",
                                 player=player, players=self.rules.players))
        final_round = self.rules.final_round
        return JungleObservation(
            player=player, rules=self.rules, phase=self.phase, round=self.round,
            first=self.first, to_move=self.current_player(), hand=self.hands[player],
            my_strength=self.strength[player],
            placed=tuple(c is not None for c in self.strength), seated=self.seated(),
            hand_sizes=tuple(len(h) for h in self.hands), piles=self._piles_seen_by(player),
            score_cards=self.score_cards, centre=self.centre, held=self.held,
            moves=tuple(m.seen_by(player) if isinstance(m, Duel) else m for m in self.moves),
            history=tuple(r.seen_by(player, r.number == final_round) for r in self.history))

    def _piles_seen_by(self, player: int) -> tuple[tuple[Card, ...], ...]:
        """Score piles are public, but in the final round the card a player takes out of their
        pile as strength card stays hidden: others still see it in the pile until the end."""
        if not self.final or self.phase not in ("choose", "bluff"):
            return self.piles
        return tuple(pile if q == player or self.strength[q] is None
                     else _sorted(pile + (self.strength[q],)) for q, pile in enumerate(self.piles))

    def conserved(self) -> int:
        """Cards in every place (hands, piles, strength, centre, held, out, spare deck)."""
        return (sum(map(len, self.hands)) + sum(map(len, self.piles)) + sum(map(len, self.held))
                + sum(c is not None for c in self.strength) + len(self.centre) + len(self.out)
                + len(self.spare))

    # -- moving ------------------------------------------------------------------------------
    def apply(self, action: Action) -> JungleState:
        """The state after ``action``; raises ``IllegalAction`` naming the rule if illegal."""
        if action not in self.legal_actions():
            raise IllegalAction(why_illegal(self, action))
        if isinstance(action, Deal):
            out = _minus(self.spare, action.cards)
            s = replace(self, centre=action.cards, score_cards=action.cards, spare=(),
                        out=_sorted(self.out + out), round=1)
            if self.rules.first_player is None:
                return replace(s, phase="first")
            return replace(s, phase="choose", first=self.rules.first_player)
        if isinstance(action, FirstPlayer):
            return replace(self, phase="choose", first=action.player)
        p = self.to_move
        if isinstance(action, Play):
            if self.final:
                s = replace(self, piles=_set(self.piles, p, _minus(self.piles[p], [action.card])))
            else:
                s = replace(self, hands=_set(self.hands, p, _minus(self.hands[p], [action.card])))
            s = replace(s, strength=_set(self.strength, p, action.card))
            return s if any(s.strength[q] is None for q in s.order()) else replace(
                s, phase="bluff")
        if isinstance(action, Take):
            s = replace(self, centre=_minus(self.centre, action.cards),
                        held=_set(self.held, p, action.cards),
                        moves=self.moves + (Taken(p, action.cards),))
        else:
            s = self._duel(p, action.target)
        return s._end_round() if len(s.moves) == len(s.order()) else s

    def _duel(self, p: int, target: int) -> JungleState:
        stack = self.held[target]
        result = duel_winner(self.strength[p], self.strength[target])
        held, centre, winner = self.held, self.centre, target
        if result == CHALLENGER:
            held, winner = _set(_set(held, target, ()), p, stack), p
        elif result == NOBODY:
            held, centre, winner = _set(held, target, ()), _sorted(centre + stack), None
        duel = Duel(p, target, stack, winner, self.strength[p], self.strength[target])
        return replace(self, held=held, centre=centre, moves=self.moves + (duel,))

    def _end_round(self) -> JungleState:
        n = self.rules.players
        played = _sorted(c for c in self.strength if c is not None)
        record = RoundRecord(self.round, self.first, self.score_cards, self.seated(),
                             self.strength, played, self.moves, self.held)
        piles = tuple(_sorted(self.piles[p] + self.held[p]) for p in range(n))
        out = self.out + self.centre + (played if self.final else ())
        s = replace(self, piles=piles, held=((),) * n, strength=(None,) * n,
                    out=_sorted(out), moves=(), history=self.history + (record,),
                    first=next_first_player(self.moves, self.held, self.first))
        if self.final:
            return replace(s, phase="over", centre=(), score_cards=())
        s = replace(s, round=self.round + 1, centre=played, score_cards=played, phase="choose")
        if not s.order():  # final round with every pile empty
            return replace(s, phase="over", centre=(), score_cards=(),
                           out=_sorted(s.out + played))
        return s


_bad = impossible("Jungle Bluff")


def check(s: JungleState) -> None:
    """Raise ``InvalidState`` unless ``s`` holds the cards, sizes and phase a round needs.

    ``JungleState.setup`` checks its positions with this; loading also replays the game
    (:func:`check_reachable`).

    >>> from .state import JungleRules
    >>> check(JungleState.new(JungleRules(players=2)))
    """
    rules, n = s.rules, s.rules.players
    if s.phase not in PHASES:
        _bad(_("phase must be one of {join}, got {phase}",
               join=', '.join(PHASES), phase=repr(s.phase)))
    for name in ("hands", "piles", "strength", "held"):
        if len(getattr(s, name)) != n:
            _bad(_("{name} needs one entry per player ({count})", name=name, count=n))
    if s.first not in range(n):
        _bad(_("first player must be 0-{value}, got {first}", value=n - 1, first=s.first))
    located = ([c for h in s.hands + s.piles + s.held for c in h] + list(s.centre)
               + [c for c in s.strength if c is not None] + list(s.out) + list(s.spare))
    if Counter(located) != Counter(all_cards(rules)):
        missing = Counter(all_cards(rules)) - Counter(located)
        extra = Counter(located) - Counter(all_cards(rules))
        _bad(_("the cards do not add up to {count} decks and a spare deck (missing {value}, extra "
               "{value2})",
               count=n, value=cards_text(sorted(missing.elements())) or _p("cards", "none"),
               value2=cards_text(sorted(extra.elements())) or _p("cards", "none")))
    deck = set(rules.deck())
    for p, h in enumerate(s.hands):
        if len({c.value for c in h}) != len(h) or not set(h) <= deck:
            _bad(_("player {p}'s hand {cards_text} is not part of one deck {cards_text2}",
                   p=p, cards_text=cards_text(h), cards_text2=cards_text(rules.deck())))
    if s.phase == "deal":
        if s.round != 0 or len(s.spare) != rules.top_card or s.history:
            _bad(_("before the deal the spare deck is full and no round has been played"))
        return
    if s.spare:
        _bad(_("the spare deck is dealt before round 1"))
    if s.phase == "first":
        if s.round != 1 or len(s.centre) != n or s.history:
            _bad(_("the first player is drawn right after the deal"))
        return
    if s.phase == "over":
        if any(s.strength) or any(s.held) or s.centre:
            _bad(_("a finished game has no strength card, held card or centre card"))
        return
    if not 1 <= s.round <= rules.final_round:
        _bad(_("round must be 1-{final_round}, got {round}",
               final_round=rules.final_round, round=s.round))
    if s.history and len(s.history) != s.round - 1:  # no history: a position set up
        _bad(_("round {round} comes after {value} finished rounds, got {history}",
               round=s.round, value=s.round - 1, history=len(s.history)))
    left = rules.top_card + 1 - s.round
    for p in range(n):
        expected = left - (s.strength[p] is not None and not s.final)
        if len(s.hands[p]) != expected:
            _bad(_("player {p} should hold {expected} cards in round {round}, holds {hands}",
                   p=p, expected=expected, round=s.round, hands=len(s.hands[p])))
    order = s.order()
    if not order:
        _bad(_("nobody is seated this round"))
    chosen = [p for p in order if s.strength[p] is not None]
    if any(s.strength[p] is not None for p in range(n) if p not in order):
        _bad(_("a player who sits out has a strength card"))
    if s.phase == "choose":
        if chosen != order[:len(chosen)] or len(chosen) == len(order):
            _bad(_("strength cards are chosen in turn from the first player"))
        if s.moves or any(s.held):
            _bad(_("nobody takes or challenges before every strength card is down"))
        return
    if len(chosen) != len(order):
        _bad(_("the bluff phase starts once every seated player has a strength card"))
    if len(s.moves) >= len(order):
        _bad(_("every seated player has moved: the round should be over"))
    movers = set(order[:len(s.moves)])
    if any(s.held[p] for p in range(n) if p not in movers):
        _bad(_("only a player who has moved can hold a score card"))



def take_options(centre: tuple[Card, ...], combined: bool) -> list[Take]:
    """Every take from ``centre``: one card, or with ``combined`` several cards of one value
    whose sum is at most 10 (as a sorted sub-multiset).

    >>> [str(t) for t in take_options(parse_cards("3,3,3,4"), True)]
    ['take 3', 'take 3+3', 'take 3+3+3', 'take 4']
    """
    options = {Take((c,)) for c in centre}
    if combined:
        for value in {c.value for c in centre}:
            same = [c for c in centre if c.value == value]
            for k in range(2, len(same) + 1):
                if k * value <= COMBINED_LIMIT:
                    options |= {Take(tuple(sorted(x))) for x in combinations(same, k)}
    return sorted(options)


def next_first_player(moves, held, first: int) -> int:
    """Who won the highest single score card this round; on a tie, who came into possession of
    theirs first (take, or challenge won); nobody holding a card keeps ``first``.

    >>> m = (Taken(0, (Card(10),)), Taken(1, (Card(10),)))
    >>> next_first_player(m, ((Card(10),), (Card(10),), ()), 2)
    0
    """
    since: dict[int, int] = {}
    for i, m in enumerate(moves):
        if isinstance(m, Taken):
            since[m.player] = i
        elif m.winner is not None and m.winner == m.challenger:
            since[m.challenger] = i
    holders = [p for p, h in enumerate(held) if h]
    if not holders:
        return first
    return min(holders, key=lambda p: (-max(c.value for c in held[p]), since.get(p, -1)))


def all_cards(rules: JungleRules) -> tuple[Card, ...]:
    """Every card of a game: one deck a player and the standard spare deck."""
    return _sorted(rules.deck() * rules.players + deck(rules.top_card))


__all__ = ["COMBINED_LIMIT", "PHASES", "Challenge", "Deal", "Duel", "FirstPlayer",
           "JungleObservation", "JungleRules", "JungleState", "Play", "RoundRecord", "Take",
           "Taken", "all_cards", "check", "next_first_player", "take_options"]
