"""Jungle Bluff's rules options, actions (with their text), the records of what happened, and
what one player observes.

Actions read and print as text: ``play 9n``, ``take 10``, ``take 3+3``, ``challenge 2``; chance
outcomes ``deal 2,4,6,10`` and ``first player 1``. A ``Duel`` records a challenge; in the view of
a player who was not in it, its two strength cards are ``None``.

>>> str(Take.parse("3+3")), str(Play.parse("9n")), str(Challenge(2))
('take 3+3', 'play 9n', 'challenge 2')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core import Action, InvalidRules, action
from ...core.checks import is_whole
from ...core.i18n import _
from .cards import SPECIALS, Card, cards_text, deck, parse_card, parse_cards

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
        if not is_whole(self.players, 2, 6):
            raise InvalidRules(_("Jungle Bluff is for 2-6 players, got players={players}",
                                 players=repr(self.players)))
        if not is_whole(self.top_card, self.players, 10):
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
        if self.first_player is not None and not is_whole(self.first_player, 0,
                                                          self.players - 1):
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


# -- actions and chance outcomes ------------------------------------------------------------------
@action(0)
class Deal(Action):
    """Chance: the score cards the spare deck deals for round 1 (sorted)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"deal {cards_text(self.cards)}"


@action(1)
class FirstPlayer(Action):
    """Chance: who starts the game."""

    player: int

    def __str__(self) -> str:
        return f"first player {self.player}"


@action(2)
class Play(Action):
    """Put ``card`` face down as this round's strength card."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"

    @classmethod
    def parse(cls, text: str) -> Play:
        return cls(parse_card(text))


@action(3)
class Take(Action):
    """Take centre score card(s): one card, or with ``combined`` several of one value."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"take {cards_text(self.cards, '+')}"

    @classmethod
    def parse(cls, text: str) -> Take:
        return cls(parse_cards(text))


@action(4)
class Challenge(Action):
    """Challenge player ``target``, who holds a score card."""

    target: int

    def __str__(self) -> str:
        return f"challenge {self.target}"


# -- records of what happened ---------------------------------------------------------------------
@dataclass(frozen=True)
class Taken:
    """A take: ``player`` took ``cards`` from the centre."""

    player: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict:
        return {"take": self.player, "cards": cards_text(self.cards)}

    def __str__(self) -> str:
        return f"player {self.player} takes {cards_text(self.cards, '+')}"


@dataclass(frozen=True)
class Duel:
    """A challenge and its result. ``winner`` is ``None`` when nobody won (alpha vs alpha: the
    stack went back to the centre). The two strength cards are ``None`` in the view of a player
    who was not in the challenge."""

    challenger: int
    defender: int
    stack: tuple[Card, ...]
    winner: int | None
    challenger_card: Card | None = None
    defender_card: Card | None = None

    def seen_by(self, player: int) -> Duel:
        if player in (self.challenger, self.defender):
            return self
        return replace(self, challenger_card=None, defender_card=None)

    def to_json(self) -> dict:
        return {"challenger": self.challenger, "defender": self.defender,
                "stack": cards_text(self.stack), "winner": self.winner,
                "challenger_card": str(self.challenger_card) if self.challenger_card else None,
                "defender_card": str(self.defender_card) if self.defender_card else None}

    def __str__(self) -> str:
        cards = (f" ({self.challenger_card} vs {self.defender_card})"
                 if self.challenger_card else "")
        result = (f"player {self.winner} holds it" if self.winner is not None
                  else "nobody wins: the stack goes back to the centre")
        return (f"player {self.challenger} challenges player {self.defender} for "
                f"{cards_text(self.stack, '+')}{cards}: {result}")


@dataclass(frozen=True)
class RoundRecord:
    """A finished round. In a player's view, ``strength`` shows only the cards that player saw
    (their own and those of challenges they took part in); ``played`` (the next score cards) is
    public except after the final round."""

    number: int
    first: int
    score_cards: tuple[Card, ...]
    seated: tuple[bool, ...]
    strength: tuple[Card | None, ...]
    played: tuple[Card, ...]
    moves: tuple[Taken | Duel, ...]
    won: tuple[tuple[Card, ...], ...]

    def seen_by(self, player: int, final: bool) -> RoundRecord:
        seen = {player}
        for m in self.moves:
            if isinstance(m, Duel) and player in (m.challenger, m.defender):
                seen |= {m.challenger, m.defender}
        return replace(self, strength=tuple(c if p in seen else None
                                            for p, c in enumerate(self.strength)),
                       played=() if final else self.played,
                       moves=tuple(m.seen_by(player) if isinstance(m, Duel) else m
                                   for m in self.moves))

    def to_json(self) -> dict:
        return {"number": self.number, "first": self.first,
                "score_cards": cards_text(self.score_cards), "seated": list(self.seated),
                "strength": [str(c) if c else None for c in self.strength],
                "played": cards_text(self.played), "moves": [m.to_json() for m in self.moves],
                "won": [cards_text(w) for w in self.won]}


@dataclass(frozen=True)
class JungleObservation:
    """What one player may see: own hand and strength card, everything public, and the strength
    cards of the challenges they took part in.

    ``piles`` are the public score piles; during the final round another player's pile is shown
    as it was at the start of the round (the card they took out of it as strength card stays
    hidden), the player's own pile as it is now. ``history`` holds each finished round as this
    player saw it (``RoundRecord.seen_by``).
    """

    player: int
    rules: JungleRules
    phase: str
    round: int
    first: int
    to_move: int
    hand: tuple[Card, ...]
    my_strength: Card | None
    placed: tuple[bool, ...]
    seated: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    piles: tuple[tuple[Card, ...], ...]
    score_cards: tuple[Card, ...]
    centre: tuple[Card, ...]
    held: tuple[tuple[Card, ...], ...]
    moves: tuple[Taken | Duel, ...]
    history: tuple[RoundRecord, ...]

    @property
    def final(self) -> bool:
        return self.round == self.rules.final_round

    def to_json(self) -> dict:
        return {"player": self.player, "phase": self.phase, "round": self.round,
                "first": self.first, "to_move": self.to_move, "hand": cards_text(self.hand),
                "my_strength": str(self.my_strength) if self.my_strength else None,
                "placed": list(self.placed), "seated": list(self.seated),
                "hand_sizes": list(self.hand_sizes), "piles": [cards_text(p) for p in self.piles],
                "score_cards": cards_text(self.score_cards), "centre": cards_text(self.centre),
                "held": [cards_text(h) for h in self.held],
                "moves": [m.to_json() for m in self.moves],
                "history": [r.to_json() for r in self.history]}


__all__ = ["COMBINED_LIMIT", "Challenge", "Deal", "Duel", "FirstPlayer", "JungleObservation",
           "JungleRules", "Play", "RoundRecord", "Take", "Taken"]
