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
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from ...core import CHANCE, TERMINAL, Action, IllegalAction, InvalidRules, InvalidState
from ...core.i18n import _
from .actions import (
    Challenge,
    Deal,
    Duel,
    FirstPlayer,
    JungleObservation,
    Play,
    RoundRecord,
    Take,
    Taken,
)
from .cards import (
    CHALLENGER,
    NOBODY,
    SPECIALS,
    Card,
    cards_text,
    deck,
    duel_winner,
    parse_cards,
    points,
)

COMBINED_LIMIT = 10
"""Combined cards: the taken cards' sum may not exceed this."""


@dataclass(frozen=True)
class JungleRules:
    """Rules options of Jungle Bluff (defaults: the standard game for 4 players).

    Args:
        players: 2-6 (decision: 2 is allowed for analysis).
        top_card: decks hold ``1..top_card`` (10 in the box, so 10 standard rounds; fewer for
            analysis); at least ``players`` (the spare deck deals one score card a player).
        combined: the "combined cards" variant.
        special_cards: any subset of ``optimistic``, ``reversed``, ``nervous``, ``alpha``.
        first_player: who starts; ``None`` draws the first player at random (chance).
    """

    players: int = 4
    top_card: int = 10
    combined: bool = False
    special_cards: tuple[str, ...] = ()
    first_player: int | None = None

    def __post_init__(self):
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not (
                2 <= self.players <= 6):
            raise InvalidRules(_("Jungle Bluff is for 2-6 players, got players={players}",
                                 players=repr(self.players)))
        if isinstance(self.top_card, bool) or not isinstance(self.top_card, int) or not (
                self.players <= self.top_card <= 10):
            raise InvalidRules(
                _("top_card must be {players}-10 (decks run 1..top_card and the spare deck deals "
                  "one score card a player), got {top_card}",
                  players=self.players, top_card=repr(self.top_card)))
        if isinstance(self.special_cards, str):
            raise InvalidRules(_("special_cards is a list of names, e.g. ['nervous', 'alpha']"))
        names = tuple(sorted(set(self.special_cards), key=lambda k: SPECIALS.get(k, 0)))
        for k in names:
            if k not in SPECIALS:
                raise InvalidRules(_("unknown special card {k}: choose among {join}",
                                     k=repr(k), join=', '.join(SPECIALS)))
            if SPECIALS[k] > self.top_card:
                raise InvalidRules(_("the {k} card replaces a {specials} but decks stop at "
                                     "top_card={top_card}",
                                     k=k, specials=SPECIALS[k], top_card=self.top_card))
        object.__setattr__(self, "special_cards", names)
        if not isinstance(self.combined, bool):
            raise InvalidRules(_("combined is true or false, got {combined}",
                                 combined=repr(self.combined)))
        if self.first_player is not None and self.first_player not in range(self.players):
            raise InvalidRules(_("first_player must be a player 0-{value}, got {first_player}",
                                 value=self.players - 1, first_player=repr(self.first_player)))

    @property
    def final_round(self) -> int:
        """Number of the final round (``top_card + 1``)."""
        return self.top_card + 1

    def deck(self) -> tuple[Card, ...]:
        """A player's starting hand."""
        return deck(self.top_card, self.special_cards)

    def to_json(self) -> dict:
        return {"players": self.players, "top_card": self.top_card, "combined": self.combined,
                "special_cards": list(self.special_cards), "first_player": self.first_player}


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
class JungleState:
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
        from .serial import check

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

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.is_chance_node():
            return CHANCE
        return self.to_move

    def is_chance_node(self) -> bool:
        return self.phase in ("deal", "first")

    def is_terminal(self) -> bool:
        return self.phase == "over"

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
            from .text import why_illegal

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

    # -- text and JSON -----------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Read ``play 7``, ``take 10``, ``take 3+3``, ``challenge 2`` (see ``text.py``)."""
        from .text import parse_action

        return parse_action(self, text)

    def to_json(self) -> dict:
        from .serial import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict) -> JungleState:
        from .serial import state_from_json

        return state_from_json(data)

    def __str__(self) -> str:
        from .text import describe

        return describe(self)


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


__all__ = ["COMBINED_LIMIT", "Challenge", "Deal", "Duel", "FirstPlayer", "JungleObservation",
           "JungleRules", "JungleState", "PHASES", "Play", "RoundRecord", "Take", "Taken",
           "all_cards", "next_first_player", "take_options"]
