"""Bungee's rules engine: rules options, the round's result, immutable states.

Rules (``shared/rules/README.md`` section 5, rulebook ``bungee.fr.txt``): 2-5 players, 56 cards
(1-9 five times, 10 eight times, 3 Bungee cards). Each round: deal 5 cards each; turn the lucky
card (cards of its value count 0 this round); player 0 starts and must play; on a turn a player
either (a) plays one or more cards of one value then draws one card, or (b) takes the discard
pile's top card then plays one or more cards of one value (not the card just taken) without
drawing. ``k`` sixes played skip the next ``k`` players (possibly oneself). At the start of one's
turn a hand worth 5 or less (lucky and Bungee cards 0) may call Bungee instead of playing; then
every other player gets exactly one more action (the last lap): one who reaches 5 or less after
acting may call at once, one already at 5 or less may call without acting; a skipped player loses
that action and cannot call. Among the callers the lowest hand wins, ties to the later caller;
the winner scores -10, everybody else their hand (lucky cards 0, each Bungee card 10). After
``rounds`` rounds (6) the lowest total wins.

How chance is modelled: the draw pile is kept as counts of each card, and every card dealt,
drawn or turned is one chance node whose outcomes are the kinds of card still in the pile, each
with probability (cards of that kind) / (cards in the pile). That is exactly a shuffled pile,
with at most 11 outcomes a node.

**Decisions and readings** of this engine:

- the dealer is the last player (``players - 1``), the player before the starter; player 0 starts
  every round, and the round's first turn must be turn (a) (play, then draw): no call, no take;
- a Bungee card turned as lucky card: the dealer may take it into hand and discard any card of
  the six (``TakeLucky``), then a new lucky card is turned (and the choice comes again if that is
  a Bungee card too); or leave it (``LeaveLucky``): Bungee cards then count 0 this round;
- the draw pile is refilled as soon as it is empty (right after the draw that emptied it) by
  shuffling in the discard pile but its top card (**decision** of the digest);
- option ``six_extra_lap`` (**decision**, default on): if, in the last lap, sixes skip onto the
  first caller, the players who have not called get one more action (a new last lap going round
  from the first caller; players skipped beyond the first caller by the same sixes lose that new
  action). A player who has already called Bungee, before the 6 or right after playing it, has
  laid their cards down (« il pose alors ses cartes devant lui ») and takes no extra action
  (**decision** of the digest). Switched off, skipping onto the first caller does nothing more.

>>> s = BungeeState.new(BungeeRules(players=2, rounds=1))
>>> s.phase, s.is_chance_node(), len(s.chance_outcomes())
('deal', True, 11)
>>> s.chance_outcomes()[-1]
(Draw(card=11), Fraction(3, 56))
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import lru_cache

from ...core import TERMINAL, Action, GameState, IllegalAction, InvalidRules, InvalidState
from ...core.checks import is_whole
from ...core.i18n import _
from .actions import Call, Draw, LeaveLucky, Play, Stand, TakeLucky, TakePlay, say_move
from .cards import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    HAND_SIZE,
    Counts,
    card_text,
    cards_text,
    counts_of,
    hand_value,
    remove_cards,
)
from .scoring import PlayedRound, RoundResult, score_round

PHASES = ("deal", "lucky", "dealer", "turn", "draw", "call", "over")


@dataclass(frozen=True)
class BungeeRules:
    """Rules options of Bungee (defaults: the standard game for 4 players).

    Args:
        players: 2-5.
        rounds: rounds in a game (6 in the rulebook; fewer for analysis).
        six_extra_lap: the digest's decision on a 6 skipping onto the first caller in the last
            lap (every player who has not called gets one more action).
    """

    players: int = 4
    rounds: int = 6
    six_extra_lap: bool = True

    def __post_init__(self):
        if not is_whole(self.players, 2, 5):
            raise InvalidRules(_("Bungee is for 2-5 players, got players={players}",
                                 players=repr(self.players)))
        if not is_whole(self.rounds, 1, 100):
            raise InvalidRules(_("rounds must be 1-100 (the rulebook plays 6), got {rounds}",
                                 rounds=repr(self.rounds)))
        if not isinstance(self.six_extra_lap, bool):
            raise InvalidRules(_("six_extra_lap must be True or False, got {value}",
                                 value=repr(self.six_extra_lap)))

    @property
    def dealer(self) -> int:
        """Who deals (and may take a Bungee card turned as lucky card): the last player."""
        return self.players - 1

    def to_json(self) -> dict:
        return asdict(self)


# -- the end of a round ---------------------------------------------------------------------------
@dataclass(frozen=True)
class BungeeObservation:
    """What one player may see: own hand and everything public (never others' hands or the
    order of the draw pile)."""

    player: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[int, ...]
    lucky: int | None
    pile_size: int
    phase: str
    to_move: int
    round: int
    opened: bool
    callers: tuple[int, ...]
    to_act: tuple[int, ...]
    skip: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    last: RoundResult | None
    rules: BungeeRules
    previous: tuple[tuple[int, str], ...] = ()
    """The public history of the round before this one, whole."""

    @property
    def top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def to_json(self) -> dict:
        return {"player": self.player, "hand": cards_text(self.hand),
                "hand_sizes": list(self.hand_sizes), "discard": cards_text(self.discard),
                "lucky": card_text(self.lucky) if self.lucky else None,
                "pile_size": self.pile_size, "phase": self.phase, "to_move": self.to_move,
                "round": self.round, "opened": self.opened, "callers": list(self.callers),
                "to_act": list(self.to_act), "skip": self.skip, "totals": list(self.totals),
                "history": [list(h) for h in self.history],
                "last": self.last.to_json() if self.last else None,
                "previous": [list(h) for h in self.previous]}


@lru_cache(maxsize=4096)
def draw_outcomes(pile: Counts) -> tuple[tuple[Draw, Fraction], ...]:
    """The next card of a shuffled pile: each kind with probability count / size."""
    size = sum(pile)
    return tuple((Draw(c), Fraction(k, size)) for c, k in zip(CARDS, pile) if k)


# -- the state ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BungeeState(GameState):
    """A moment of a game of Bungee. Build with ``BungeeState.new(rules)``; never mutate.

    ``pile`` holds the counts of each card in the draw pile (its order is chance's secret);
    ``discard`` lists the discard pile bottom first; ``callers`` in calling order; ``to_act``
    the players still owed their last-lap action, in playing order; ``skip`` the sixes played on
    the current turn (applied when it ends); ``dealt`` every card taken from the draw pile this
    round, in order, and ``past`` the rounds played before (``PlayedRound``): chance's part of
    the game, kept so that a saved game can be played again (never shown to a player).
    """

    rules: BungeeRules
    phase: str
    to_move: int
    hands: tuple[tuple[int, ...], ...]
    pile: Counts
    discard: tuple[int, ...] = ()
    lucky: int | None = None
    round: int = 1
    opened: bool = False
    callers: tuple[int, ...] = ()
    to_act: tuple[int, ...] = ()
    skip: int = 0
    totals: tuple[int, ...] = ()
    history: tuple[tuple[int, str], ...] = ()
    last: RoundResult | None = None
    dealt: tuple[int, ...] = ()
    past: tuple[PlayedRound, ...] = ()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: BungeeRules | None = None) -> BungeeState:
        """The game before the first card is dealt."""
        rules = rules or BungeeRules()
        return cls._deal(rules, 1, (0,) * rules.players, None)

    @classmethod
    def _deal(cls, rules, number, totals, last, past=()) -> BungeeState:
        return cls(rules, "deal", 0, ((),) * rules.players, DECK, round=number, totals=totals,
                   last=last, past=past)

    # -- queries -----------------------------------------------------------------------------
    CHANCE_PHASES = ("deal", "lucky", "draw")
    # current_player(), is_chance_node(), is_terminal(): GameState's, from the phase

    @property
    def top(self) -> int | None:
        """The discard pile's top card (the one a player may take)."""
        return self.discard[-1] if self.discard else None

    @property
    def last_lap(self) -> bool:
        return bool(self.callers)

    def value(self, player: int) -> int:
        """The value of a player's hand (lucky and Bungee cards 0)."""
        return hand_value(self.hands[player], self.lucky)

    def card_count(self) -> int:
        """Cards in hands, draw pile, discard pile and the lucky card: always 56."""
        return (sum(map(len, self.hands)) + sum(self.pile) + len(self.discard)
                + (self.lucky is not None))

    def winners(self) -> list[int]:
        """Players with the lowest total once the game is over (empty before)."""
        if self.phase != "over":
            return []
        best = min(self.totals)
        return [p for p, t in enumerate(self.totals) if t == best]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return list(draw_outcomes(self.pile)) if self.phase in self.CHANCE_PHASES else []

    def legal_actions(self) -> list[Action]:
        if self.phase in self.CHANCE_PHASES:
            return [o for o, _w in draw_outcomes(self.pile)]
        if self.phase == "dealer":
            hand = self.hands[self.to_move] + (BUNGEE,)
            return [TakeLucky(c) for c in sorted(set(hand))] + [LeaveLucky()]
        if self.phase == "call":
            return [Call(), Stand()]
        if self.phase != "turn":
            return []
        hand = self.hands[self.to_move]
        actions: list[Action] = [Call()] if self._why_not_call() is None else []
        groups = [(c, hand.count(c)) for c in sorted(set(hand))]
        actions += [Play(c, k) for c, n in groups for k in range(1, n + 1)]
        if self.opened and self.discard:
            actions += [TakePlay(c, k) for c, n in groups for k in range(1, n + 1)]
        return actions

    def returns(self) -> tuple[int, ...]:
        """1 for each player with the lowest total at the end, 0 for the others (all 0
        before the end); the totals themselves are ``totals``."""
        won = set(self.winners())
        return tuple(int(p in won) for p in range(self.rules.players))

    def observation(self, player: int) -> BungeeObservation:
        if player not in range(self.rules.players):
            raise InvalidState(_("no player {p} in a {n}-player game", p=player,
                                 n=self.rules.players))
        return BungeeObservation(
            player, self.hands[player], tuple(map(len, self.hands)), self.discard, self.lucky,
            sum(self.pile), self.phase, self.to_move, self.round, self.opened, self.callers,
            self.to_act, self.skip, self.totals, self.history, self.last, self.rules,
            self.past[-1].history if self.past else ())

    # -- moving ------------------------------------------------------------------------------
    def apply(self, action: Action) -> BungeeState:
        """The state after ``action``; raises ``IllegalAction`` naming the rule if illegal."""
        if self.phase == "over":
            raise IllegalAction(_("the game is over: lowest total {total} wins",
                                  total=min(self.totals)))
        if self.phase in self.CHANCE_PHASES:
            return self._apply_chance(action)
        if isinstance(action, Draw):
            raise IllegalAction(_("{action} is a chance outcome; player {p} must decide",
                                  action=say_move(str(action)), p=self.to_move))
        if self.phase == "dealer":
            return self._apply_dealer(action)
        p = self.to_move
        if self.phase == "call":
            if isinstance(action, Call):
                return self._with(callers=self.callers + (p,),
                               history=self.history + ((p, "bungee"),))._finish_turn(p)
            if isinstance(action, Stand):
                return self._with(history=self.history + ((p, "pass"),))._finish_turn(p)
            raise IllegalAction(_(
                "player {p} has had their last-lap action; they may only call Bungee ('bungee') "
                "or not ('pass'), not {action}", p=p, action=say_move(str(action))))
        if isinstance(action, Call):
            reason = self._why_not_call()
            if reason:
                raise IllegalAction(reason)
            s = self._with(callers=self.callers + (p,), history=self.history + ((p, "bungee"),))
            if self.callers:
                s = s._with(to_act=tuple(q for q in self.to_act if q != p))
            else:
                n = self.rules.players
                s = s._with(to_act=tuple((p + i) % n for i in range(1, n)))
            return s._finish_turn(p)
        if isinstance(action, Play | TakePlay):
            return self._apply_play(action)
        if isinstance(action, Stand):
            raise IllegalAction(_("'pass' only declines a call after a last-lap action; on a "
                                  "turn one plays (or calls Bungee with a hand worth 5 or less)"))
        raise IllegalAction(_("player {p} must play cards (or call Bungee), not {action}", p=p,
                              action=say_move(str(action))))

    def _why_not_call(self) -> str | None:
        p = self.to_move
        if not self.opened:
            return _("the round's first player must play (then draw) before anyone may call "
                     "Bungee")
        v = self.value(p)
        if v > CALL_LIMIT:
            return _("cannot call Bungee: player {p}'s hand {hand} is worth {value} (lucky {lucky} "
                     "and Bungee cards count 0); a call needs {limit} or less", p=p,
                     hand=cards_text(self.hands[p]), value=v, lucky=card_text(self.lucky),
                     limit=CALL_LIMIT)
        return None

    def _apply_chance(self, action: Action) -> BungeeState:
        if not isinstance(action, Draw) or not self.pile[action.card - 1]:
            raise IllegalAction(_("{action} is not a possible chance outcome in phase {phase}: "
                                  "the draw pile holds no such card", action=say_move(str(action)),
                                  phase=self.phase))
        c = action.card
        pile = self.pile[:c - 1] + (self.pile[c - 1] - 1,) + self.pile[c:]
        s = self._with(pile=pile, dealt=self.dealt + (c,))
        p = self.to_move
        if self.phase == "deal":
            hands = _set(self.hands, p, tuple(sorted(self.hands[p] + (c,))))
            s = s._with(hands=hands)
            if len(hands[p]) < HAND_SIZE:
                return s
            if p + 1 < self.rules.players:
                return s._with(to_move=p + 1)
            return s._with(phase="lucky", to_move=0)
        if self.phase == "lucky":
            s = s._with(lucky=c, history=self.history + ((-1, f"lucky card {card_text(c)}"),))
            if c == BUNGEE:
                return s._with(phase="dealer", to_move=self.rules.dealer)
            return s._with(phase="turn", to_move=0)
        s = s._with(hands=_set(self.hands, p, tuple(sorted(self.hands[p] + (c,)))),
                    history=self.history + ((p, "draws a card"),))
        if not sum(pile):  # decision: refill at once from the discard pile but its top card
            s = s._with(pile=counts_of(s.discard[:-1]), discard=s.discard[-1:],
                        history=s.history + ((-1, "the discard pile but its top card is "
                                                  "shuffled into a new draw pile"),))
        return s._end_action(p)

    def _apply_dealer(self, action: Action) -> BungeeState:
        p = self.to_move
        if isinstance(action, LeaveLucky):
            return self._with(phase="turn", to_move=0,
                           history=self.history + ((p, "leave lucky B"),))
        if not isinstance(action, TakeLucky):
            raise IllegalAction(_("the dealer (player {p}) must first take the lucky Bungee card "
                                  "and discard a card, or leave it; not {action}", p=p,
                                  action=say_move(str(action))))
        six = self.hands[p] + (BUNGEE,)
        if action.discard not in six:
            raise IllegalAction(_("cannot discard {card}: with the lucky card the dealer holds "
                                  "{hand}", card=card_text(action.discard),
                                  hand=cards_text(sorted(six))))
        hand = tuple(sorted(remove_cards(six, action.discard, 1)))
        return self._with(hands=_set(self.hands, p, hand), lucky=None, phase="lucky",
                       discard=self.discard + (action.discard,),
                       history=self.history + ((p, str(action)),))

    def _apply_play(self, action: Play | TakePlay) -> BungeeState:
        p = self.to_move
        hand = self.hands[p]
        if isinstance(action, TakePlay) and not self.opened:
            raise IllegalAction(_("the round's first player must play then draw; taking from "
                                  "the discard pile comes later"))
        if isinstance(action, TakePlay) and not self.discard:
            raise IllegalAction(_("cannot take: the discard pile is empty"))
        held = hand.count(action.card)
        if action.count > held:
            values = {"cards": cards_text((action.card,) * action.count), "p": p,
                      "hand": cards_text(hand), "held": held}
            if isinstance(action, TakePlay) and action.card == self.top:
                raise IllegalAction(_("cannot play {cards}: player {p}'s hand {hand} holds {held} "
                                      "of them (the card just taken cannot be played in the same "
                                      "turn)", **values))
            raise IllegalAction(_("cannot play {cards}: player {p}'s hand {hand} holds {held} of "
                                  "them", **values))
        played = (action.card,) * action.count
        skip = action.count if action.card == 6 else 0
        if isinstance(action, Play):
            return self._with(hands=_set(self.hands, p, remove_cards(hand, action.card,
                                                                        action.count)),
                           discard=self.discard + played, phase="draw", opened=True, skip=skip,
                           history=self.history + ((p, str(action)),))
        top = self.top
        hand = tuple(sorted(remove_cards(hand, action.card, action.count) + (top,)))
        s = self._with(hands=_set(self.hands, p, hand), discard=self.discard[:-1] + played,
                    skip=skip, history=self.history + ((p, f"take {card_text(top)}, play "
                                                           f"{cards_text(played)}"),))
        return s._end_action(p)

    def _end_action(self, p: int) -> BungeeState:
        """After player ``p`` acted: in the last lap they may call at once."""
        if not self.callers:
            return self._finish_turn(p)
        s = self._with(to_act=tuple(q for q in self.to_act if q != p))
        if self.value(p) <= CALL_LIMIT:
            return s._with(phase="call", to_move=p)
        return s._finish_turn(p)

    def _finish_turn(self, p: int) -> BungeeState:
        """Apply the sixes just played and hand the turn on (or end the round)."""
        n = self.rules.players
        skipped = [(p + i) % n for i in range(1, self.skip + 1)]
        s = self._with(skip=0, history=self.history + tuple((q, "skipped") for q in skipped))
        if not self.callers:
            return s._with(phase="turn", to_move=(p + len(skipped) + 1) % n)
        first = self.callers[0]
        if self.rules.six_extra_lap and first in skipped:
            beyond = skipped[skipped.index(first) + 1:]
            order = [(first + i) % n for i in range(1, n)]
            to_act = tuple(q for q in order if q not in self.callers and q not in beyond)
            s = s._with(history=s.history + ((-1, "a 6 skipped onto the first caller: "
                                                     "everybody else acts once more"),))
        else:
            to_act = tuple(q for q in self.to_act if q not in skipped)
        if not to_act:
            return s._with(to_act=())._end_round()
        return s._with(to_act=to_act, phase="turn", to_move=to_act[0])

    def _end_round(self) -> BungeeState:
        winner, scores = score_round(self.hands, self.lucky, self.callers)
        result = RoundResult(self.round, self.lucky, self.hands, self.callers, winner, scores)
        totals = tuple(t + x for t, x in zip(self.totals, scores))
        if self.round >= self.rules.rounds:
            return self._with(phase="over", to_move=TERMINAL, totals=totals, last=result)
        return self._deal(self.rules, self.round + 1, totals, result,
                          self.past + (PlayedRound(self.dealt, self.history),))

    def _with(self, **changes) -> BungeeState:
        """A copy with some fields changed (``dataclasses.replace`` without re-running
        ``__init__``: this engine sits inside every simulation, so speed counts)."""
        new = object.__new__(BungeeState)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


__all__ = ["BungeeObservation", "BungeeRules", "BungeeState", "draw_outcomes"]
