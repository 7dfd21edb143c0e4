"""Bluff's rules engine: rules options, actions, immutable states and JSON.

Rules (``shared/rules/README.md`` section 1): 2-6 players with 5 dice each; the highest total on a
first roll starts (**decision**: stars count 6 in that total and tied leaders roll again); everybody
rolls under a cup; bids climb the board's ladder; each player in turn raises or challenges;
at a challenge with A the true count and B the bid's count, B < A costs the challenger A - B dice,
B = A costs every other player one die, B > A costs the bidder B - A dice (never more dice than
a player holds). The challenge's winner opens the next round; the last player with dice wins.

**Decisions** of this engine: a bid may not claim more dice than are in play (it could never
stand, and the ladder needs an end); the rulebook's sentence about the "very last round" is
left out. Option ``show_and_reroll`` is the "Montre-moi ton jeu" expansion: right after bidding,
the bidder may expose hidden dice (keeping at least one hidden) and then, if at least one of
their dice is exposed, re-roll all their hidden dice.

>>> from bluffkit.games.bluff import STAR, Challenge, Roll
>>> s = BluffState.new(BluffRules(players=2, opener=0))
>>> s = s.apply(Roll((1, 3, 3, 5, STAR))).apply(Roll((2, 2, 4, STAR, STAR)))
>>> s = s.apply(Bid.parse("4x3")).apply(Challenge())
>>> s.last.count, s.last.losses
(5, (0, 1))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction

from ...core import TERMINAL, Action, GameState, IllegalAction, InvalidRules, InvalidState
from ...core.checks import is_whole
from ...core.i18n import _
from .actions import (
    Challenge,
    Show,
    StartRoll,
    count_matching,
    roll_outcomes,
    start_total_distribution,
)
from .bids import (
    Bid,
    dice_text,
    raises_of,
    why_not_raise,
)

MAX_DICE = 5


@dataclass(frozen=True)
class BluffRules:
    """Rules options of Bluff (defaults: the standard game for 4 players).

    Args:
        players: 2-6.
        dice_per_player: dice each player starts with (5 in the box; fewer for analysis).
        show_and_reroll: the "Montre-moi ton jeu" expansion.
        starting_dice: per-player starting dice, overriding ``dice_per_player`` (handicaps and
            analysis, e.g. ``(2, 1)``).
        opener: who makes the first bid; ``None`` plays the rulebook's start roll.
    """

    players: int = 4
    dice_per_player: int = MAX_DICE
    show_and_reroll: bool = False
    starting_dice: tuple[int, ...] | None = None
    opener: int | None = None
    resolution: str = "board"
    """``"board"``: the rulebook's three outcomes and |A - B| dice lost. ``"openspiel"``:
    OpenSpiel's ``liars_dice`` (2 players, one die each, the six wild, player 0 opens): a
    challenged bid stands when at least its count match, the loser is out, returns are +1/-1.
    With two dice in play OpenSpiel's bid order (1-1 ... 1-6, 2-1 ... 2-6) is the board's ladder
    (1x1 ... 1x*, 2x1 ... 2x*), so both programs solve the same game."""

    @classmethod
    def openspiel_liars_dice(cls) -> BluffRules:
        """The rules of OpenSpiel's ``liars_dice`` with its default parameters."""
        return cls(players=2, dice_per_player=1, opener=0, resolution="openspiel")

    def __post_init__(self):
        if not is_whole(self.players, 2, 6):
            raise InvalidRules(_("Bluff is for 2-6 players, got players={value}",
                                 value=repr(self.players)))
        if not is_whole(self.dice_per_player, 1, MAX_DICE):
            raise InvalidRules(_("dice_per_player must be 1-{most} (the box has 5 dice a "
                                 "player), got {value}", most=MAX_DICE,
                                 value=repr(self.dice_per_player)))
        if not isinstance(self.show_and_reroll, bool):
            raise InvalidRules(_("show_and_reroll must be True or False, got {value}",
                                 value=repr(self.show_and_reroll)))
        if self.starting_dice is not None:
            if isinstance(self.starting_dice, list | tuple):
                object.__setattr__(self, "starting_dice", tuple(self.starting_dice))
            if not isinstance(self.starting_dice, tuple) or len(
                    self.starting_dice) != self.players or not all(
                    is_whole(d, 1, MAX_DICE) for d in self.starting_dice):
                raise InvalidRules(_("starting_dice needs one count of 1-{most} per player "
                                     "({players} players), got {value}", most=MAX_DICE,
                                     players=self.players, value=repr(self.starting_dice)))
        if self.opener is not None and not is_whole(self.opener, 0, self.players - 1):
            raise InvalidRules(_("opener must be a player 0-{last}, got {value}",
                                 last=self.players - 1, value=repr(self.opener)))
        if self.resolution not in ("board", "openspiel"):
            raise InvalidRules(_("resolution must be 'board' or 'openspiel', got {value}",
                                 value=repr(self.resolution)))
        if self.resolution == "openspiel" and (
                self.players != 2 or self.start_dice() != (1, 1) or self.show_and_reroll):
            raise InvalidRules(_("resolution='openspiel' is OpenSpiel's liars_dice: 2 players "
                                 "with one die each and no expansion (use "
                                 "BluffRules.openspiel_liars_dice())"))

    def start_dice(self) -> tuple[int, ...]:
        return self.starting_dice or (self.dice_per_player,) * self.players

    def to_json(self) -> dict:
        d = asdict(self)
        d["starting_dice"] = list(self.starting_dice) if self.starting_dice else None
        return d


# -- actions and chance outcomes ------------------------------------------------------------------
# -- the state ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reveal:
    """What everyone sees when the cups are lifted."""

    bid: Bid
    bidder: int
    challenger: int
    dice: tuple[tuple[int, ...], ...]
    count: int
    losses: tuple[int, ...]
    winner: int

    @property
    def outcome(self) -> str:
        if self.bid.count < self.count:
            return _("bid below the count: the challenger loses")
        if self.bid.count == self.count:
            return _("bid exactly right: everyone but the bidder loses a die")
        return _("bid above the count: the bidder loses")

    def to_json(self) -> dict:
        return {"bid": str(self.bid), "bidder": self.bidder, "challenger": self.challenger,
                "dice": [dice_text(d) for d in self.dice], "count": self.count,
                "losses": list(self.losses), "winner": self.winner}


@dataclass(frozen=True)
class BluffObservation:
    """What one player may see: own hidden dice, all exposed dice and everything public."""

    player: int
    my_dice: tuple[int, ...]
    dice_held: tuple[int, ...]
    exposed: tuple[tuple[int, ...], ...]
    bid: Bid | None
    bidder: int | None
    history: tuple[tuple[int, str], ...]
    to_move: int
    phase: str
    round: int
    last: Reveal | None
    rules: BluffRules
    previous: tuple[tuple[int, str], ...] = ()
    """The public history of the round played last (``last``'s bids and challenge), whole:
    a table drawn from views that skip some (a slow connection) still writes every bid."""

    def to_json(self) -> dict:
        return {"player": self.player, "my_dice": dice_text(self.my_dice),
                "dice_held": list(self.dice_held), "exposed": [dice_text(e) for e in self.exposed],
                "bid": str(self.bid) if self.bid else None, "bidder": self.bidder,
                "history": [list(h) for h in self.history], "to_move": self.to_move,
                "phase": self.phase, "round": self.round,
                "last": self.last.to_json() if self.last else None,
                "previous": [list(h) for h in self.previous]}


PHASES = ("start", "roll", "bid", "show", "reroll", "over")


@dataclass(frozen=True)
class PlayedRound:
    """A round as it was played: its opener, every roll (each player's, then the re-rolls, in
    order) and its ``history``. The state keeps one for each round played, so a saved game can
    be played again (``serial.py``)."""

    opener: int
    rolls: tuple[tuple[int, ...], ...]
    history: tuple[tuple[int, str], ...]

    def to_json(self) -> dict:
        return {"opener": self.opener, "rolls": [dice_text(d) for d in self.rolls],
                "history": [list(h) for h in self.history]}


@dataclass(frozen=True)
class BluffState(GameState):
    """A moment of a game of Bluff. Build with ``BluffState.new(rules)``; never mutate.

    Fields are public for reading; ``apply`` is the only way forward. ``rolls`` are this
    round's rolls in order (never shown to a player) and ``past`` the rounds played before
    (``PlayedRound``): kept so that a saved game can be played again.
    """

    rules: BluffRules
    dice: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    exposed: tuple[tuple[int, ...], ...]
    phase: str
    to_move: int
    opener: int
    bid: Bid | None = None
    bidder: int | None = None
    history: tuple[tuple[int, str], ...] = ()
    round: int = 0
    contenders: tuple[int, ...] = ()
    start_totals: tuple[int, ...] = ()
    last: Reveal | None = field(default=None)
    lost: tuple[int, ...] = ()
    """Dice each player has put on the board (out of play)."""
    rolls: tuple[tuple[int, ...], ...] = ()
    past: tuple[PlayedRound, ...] = ()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: BluffRules | None = None) -> BluffState:
        """The game before any die is rolled."""
        rules = rules or BluffRules()
        n = rules.players
        empty = ((),) * n
        base = cls(rules, rules.start_dice(), empty, empty, "start", 0, 0, lost=(0,) * n)
        if rules.opener is not None:
            return base._new_round(rules.opener, 1)
        return replace(base, contenders=tuple(range(n)))

    def _new_round(self, opener: int, number: int) -> BluffState:
        empty = ((),) * self.rules.players
        s = replace(self, hidden=empty, exposed=empty, phase="roll", opener=opener, bid=None,
                    bidder=None, history=(), round=number, contenders=(), start_totals=(),
                    rolls=())
        return replace(s, to_move=s._next_to_roll())

    # -- queries -----------------------------------------------------------------------------
    CHANCE_PHASES = ("start", "roll", "reroll")
    # current_player(), is_chance_node(), is_terminal(): GameState's, from the phase

    def active_players(self) -> list[int]:
        return [p for p, d in enumerate(self.dice) if d > 0]

    def dice_in_play(self) -> int:
        return sum(self.dice)

    def all_dice(self, player: int) -> tuple[int, ...]:
        return tuple(sorted(self.hidden[player] + self.exposed[player]))

    def winner(self) -> int | None:
        return self.active_players()[0] if self.phase == "over" else None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == "start":
            d = start_total_distribution(self.dice[self.contenders[len(self.start_totals)]])
            return [(StartRoll(t), p) for t, p in d.pmf().items()]
        if self.phase == "roll":
            return list(roll_outcomes(self.dice[self.to_move]))
        if self.phase == "reroll":
            return list(roll_outcomes(len(self.hidden[self.to_move])))
        return []

    def legal_actions(self) -> list[Action]:
        if self.is_chance_node():
            return [o for o, _p in self.chance_outcomes()]
        if self.phase == "bid":
            raises: list[Action] = list(raises_of(self.bid, self.dice_in_play()))
            return raises + ([Challenge()] if self.bid else [])
        if self.phase == "show":
            return sorted(self._show_options())
        return []

    def _show_options(self) -> set[Show]:
        from itertools import combinations

        hidden = self.hidden[self.to_move]
        already = len(self.exposed[self.to_move])
        options = {Show()}
        for k in range(len(hidden)):  # keep at least one die hidden
            for expose in set(combinations(hidden, k)):
                options.add(Show(expose, False))
                if already + k >= 1:
                    options.add(Show(expose, True))
        return options

    def returns(self) -> tuple[int, ...]:
        """1 for the winner, 0 for everyone else (-1 for the loser with the ``openspiel``
        resolution); all 0 before the end."""
        w = self.winner()
        if w is None:
            return (0,) * self.rules.players
        lose = -1 if self.rules.resolution == "openspiel" else 0
        return tuple(1 if p == w else lose for p in range(self.rules.players))

    def observation(self, player: int) -> BluffObservation:
        if player not in range(self.rules.players):
            raise InvalidState(_("no player {player} in a {n}-player game", player=player,
                                 n=self.rules.players))
        return BluffObservation(player, self.hidden[player], self.dice, self.exposed, self.bid,
                                self.bidder, self.history, self.to_move, self.phase, self.round,
                                self.last, self.rules,
                                self.past[-1].history if self.past else ())

    # -- moving ------------------------------------------------------------------------------
    def apply(self, action: Action) -> BluffState:
        """The state after ``action``; raises ``IllegalAction`` naming the rule if illegal."""
        if self.phase == "over":
            raise IllegalAction(_("the game is over: player {player} won",
                                  player=self.winner()))
        if self.is_chance_node():
            return self._apply_chance(action)
        if self.phase == "show":
            return self._apply_show(action)
        if isinstance(action, Challenge):
            if self.bid is None:
                raise IllegalAction(_("nothing to challenge: the round's first player must "
                                      "bid"))
            return self._resolve()
        if not isinstance(action, Bid):
            raise IllegalAction(_("player {player} must bid or challenge, not {action}",
                                  player=self.to_move, action=repr(action)))
        reason = why_not_raise(action, self.bid)
        if reason:
            raise IllegalAction(reason)
        if action.count > self.dice_in_play():
            raise IllegalAction(_("{bid} claims {count} dice but only {n} are in play "
                                  "(decision: a bid can claim at most the dice in play)",
                                  bid=action, count=action.count, n=self.dice_in_play()))
        s = replace(self, bid=action, bidder=self.to_move,
                    history=self.history + ((self.to_move, str(action)),))
        if self.rules.show_and_reroll and len(s._show_options()) > 1:
            return replace(s, phase="show")
        return replace(s, to_move=s._next_player(self.to_move))

    def _apply_chance(self, action: Action) -> BluffState:
        if action not in self.legal_actions():
            raise IllegalAction(_("{action} is not a possible chance outcome in phase {phase}",
                                  action=action, phase=self.phase))
        if self.phase == "start":
            totals = self.start_totals + (action.total,)
            if len(totals) < len(self.contenders):
                return replace(self, start_totals=totals)
            best = max(totals)
            leaders = tuple(p for p, t in zip(self.contenders, totals) if t == best)
            if len(leaders) > 1:  # decision: tied leaders roll again
                return replace(self, contenders=leaders, start_totals=())
            return self._new_round(leaders[0], 1)
        p = self.to_move
        s = replace(self, hidden=_set(self.hidden, p, action.dice),
                    rolls=self.rolls + (action.dice,))
        if self.phase == "reroll":
            return replace(s, phase="bid", to_move=s._next_player(p))
        nxt = s._next_to_roll()
        return replace(s, to_move=nxt) if nxt is not None else replace(s, phase="bid",
                                                                       to_move=s.opener)

    def _apply_show(self, action: Action) -> BluffState:
        if not isinstance(action, Show):
            raise IllegalAction(_("after bidding, player {player} may only expose dice and "
                                  "re-roll (or keep), not {action}", player=self.to_move,
                                  action=action))
        p = self.to_move
        left = Counter(self.hidden[p])
        left.subtract(Counter(action.expose))
        if any(v < 0 for v in left.values()):
            raise IllegalAction(_("cannot expose {dice}: the hidden dice are {hidden}",
                                  dice=dice_text(action.expose),
                                  hidden=dice_text(self.hidden[p])))
        hidden = tuple(sorted(left.elements()))
        if self.hidden[p] and not hidden:
            raise IllegalAction(_("Montre-moi ton jeu: at least one die must stay under the "
                                  "cup"))
        exposed = tuple(sorted(self.exposed[p] + tuple(action.expose)))
        if action.reroll and not exposed:
            raise IllegalAction(_("Montre-moi ton jeu: re-rolling needs at least one exposed "
                                  "die"))
        s = replace(self, hidden=_set(self.hidden, p, hidden),
                    exposed=_set(self.exposed, p, exposed),
                    history=self.history + (((p, str(action)),) if action != Show() else ()))
        if action.reroll:
            return replace(s, phase="reroll")
        return replace(s, phase="bid", to_move=s._next_player(p))

    def _resolve(self) -> BluffState:
        bid, bidder, challenger = self.bid, self.bidder, self.to_move
        dice = tuple(self.all_dice(p) for p in range(self.rules.players))
        a = sum(count_matching(d, bid.face) for d in dice)
        b = bid.count
        losses = [0] * self.rules.players
        if self.rules.resolution == "openspiel":
            losses[challenger if a >= b else bidder] = 1
        elif b < a:
            losses[challenger] = a - b
        elif b == a:
            for p in self.active_players():
                if p != bidder:
                    losses[p] = 1
        else:
            losses[bidder] = b - a
        losses = [min(lost, held) for lost, held in zip(losses, self.dice)]
        winner = challenger if losses[bidder] else bidder
        reveal = Reveal(bid, bidder, challenger, dice, a, tuple(losses), winner)
        left = tuple(d - lost for d, lost in zip(self.dice, losses))
        s = replace(self, dice=left, last=reveal,
                    lost=tuple(a + b for a, b in zip(self.lost, losses)),
                    history=self.history + ((challenger, "challenge"),))
        if sum(1 for d in left if d) <= 1:
            empty = ((),) * self.rules.players
            return replace(s, phase="over", to_move=TERMINAL, hidden=empty, exposed=empty,
                           bid=None, bidder=None)
        played = PlayedRound(self.opener, self.rolls, s.history)
        return replace(s, past=self.past + (played,))._new_round(winner, self.round + 1)

    def _next_player(self, p: int) -> int:
        n = self.rules.players
        for k in range(1, n + 1):
            q = (p + k) % n
            if self.dice[q]:
                return q
        raise InvalidState(_("no player has dice left"))

    def _next_to_roll(self) -> int | None:
        for p in range(self.rules.players):
            if self.dice[p] and not self.hidden[p] and not self.exposed[p]:
                return p
        return None


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


__all__ = ["MAX_DICE", "PHASES", "BluffObservation", "BluffRules", "BluffState", "PlayedRound",
           "Reveal"]
