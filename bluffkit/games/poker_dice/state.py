"""Poker dice with peekers: the rules engine (immutable states).

Rules (``shared/rules/README.md`` section 3, ``poker-dice.fr.txt``). Seats are numbered
clockwise; the player on ``p``'s left is the next seat still in the game. 2-4 players each roll 3
dice under a peeker and see only their own. Each round:

1. everyone rolls their peeker (one chance node per player);
2. from the leader's left, each player antes 1 point or passes (sits the round out). If nobody
   antes, the next leader starts a new round; if one player antes, they take the ante back and the
   round ends (**decision**);
3. the leader rolls the 3 common dice (chance); a hand is the best 5 of the 6 dice;
4. betting from the leader's left: before the first bet a player folds or bets any amount >= 1;
   after it each folds, calls, or calls and raises by any amount >= 1. Betting ends when every
   remaining player has called or folded in turn since the last bet or raise. A player short of
   points calls all-in; side pots follow (``pots.py``). Nobody may bet or raise when no other
   player in the hand has points left to answer (such a player just calls, or has nothing to do).
   If everyone else folds, the last player in takes every pot without showing;
5. showdown: the best hand wins each pot it may win; ties split it and the odd points go to the
   tied players nearest the leader's left (**decision**). The player on the leader's left becomes
   leader. A player with no points is out; the game ends when one player has all the points.

The first leader is chosen by one die each (highest; tied highest roll again), unless the rules
fix ``leader``.

>>> s = PokerDiceState.new(PokerDiceRules(players=2, leader=0))
>>> s = s.apply(Roll((13, 13, 14))).apply(Roll((9, 10, 11)))  # P1, then P0 (leader last)
>>> s = s.apply(Ante()).apply(Ante()).apply(Roll((9, 12, 13)))  # the common dice 9,Q,K
>>> str(s.hand(0)), str(s.hand(1))
('large straight K,Q,J,10,9', 'three of a kind K,K,K,A,Q')
>>> s = s.apply(Bet(5)).apply(Call())
>>> s.last.kind, s.last.payouts, s.chips
('showdown', (12, 0), (102, 90))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...core import CHANCE, TERMINAL, Action, GameState, IllegalAction, InvalidState
from ...core.i18n import _
from .actions import (
    DICE_PER_PEEKER,
    Ante,
    Bet,
    Call,
    Fold,
    Pass,
    PokerDiceRules,
    Raise,
    Roll,  # noqa: F401 (the module doctest rolls dice)
    StartRoll,
    say_move,
)
from .hand import FACES, Hand, best_hand, dice_text
from .pots import PotResult, seats_from_left, settle
from .rolls import roll_outcomes

PHASES = ("start", "peek", "ante", "common", "bet", "over")
STATUSES = ("waiting", "in", "passed", "folded", "out")
"""A player's status in the round: deciding the ante, in the hand, sat out, folded, eliminated."""


@dataclass(frozen=True)
class RoundResult:
    """How the last round ended, as everyone saw it.

    ``kind`` is ``"showdown"``, ``"default"`` (everyone else folded: nothing shown),
    ``"no ante"`` or ``"one ante"`` (the ante is taken back). ``shown`` holds the peeker dice
    turned up at a showdown (empty for everyone else).
    """

    kind: str
    leader: int
    common: tuple[int, ...] = ()
    shown: tuple[tuple[int, ...], ...] = ()
    committed: tuple[int, ...] = ()
    payouts: tuple[int, ...] = ()
    pots: tuple[PotResult, ...] = ()

    def hand(self, player: int, rules: PokerDiceRules) -> Hand | None:
        """A shown player's best hand, or ``None`` if their dice were not shown."""
        if not self.shown or not self.shown[player]:
            return None
        return best_hand(self.shown[player] + self.common, rules.colours, rules.tie_break)

    def to_json(self) -> dict:
        return {"kind": self.kind, "leader": self.leader, "common": dice_text(self.common),
                "shown": [dice_text(d) for d in self.shown], "committed": list(self.committed),
                "payouts": list(self.payouts), "pots": [p.to_json() for p in self.pots]}


@dataclass(frozen=True)
class PlayedRound:
    """A round as it was played: its leader, every peeker rolled and its ``history`` (antes,
    passes, the common roll, bets). The state keeps one for each round played, so a saved game
    can be played again (``serial.py``)."""

    leader: int
    peekers: tuple[tuple[int, ...], ...]
    history: tuple[tuple[int, str], ...]

    def to_json(self) -> dict:
        return {"leader": self.leader, "peekers": [dice_text(d) for d in self.peekers],
                "history": [list(h) for h in self.history]}


@dataclass(frozen=True)
class PokerDiceObservation:
    """What one player may see: own peeker dice, the common dice, points and bets.

    Others' dice appear only in ``last.shown`` after a showdown.
    """

    player: int
    my_dice: tuple[int, ...]
    common: tuple[int, ...]
    chips: tuple[int, ...]
    committed: tuple[int, ...]
    status: tuple[str, ...]
    leader: int
    to_move: int
    phase: str
    opened: bool
    round: int
    history: tuple[tuple[int, str], ...]
    last: RoundResult | None
    rules: PokerDiceRules
    previous: tuple[tuple[int, str], ...] = ()
    """The public history of the round played last (``last``'s moves), whole."""

    @property
    def pot(self) -> int:
        """Points in the middle this round (all pots together)."""
        return sum(self.committed)

    @property
    def to_call(self) -> int:
        """Points this player must add to match the highest bet (capped by their points)."""
        return min(max(self.committed) - self.committed[self.player], self.chips[self.player])

    @property
    def opponents_in(self) -> int:
        """Other players still in the hand (anted, not folded)."""
        return sum(1 for p, s in enumerate(self.status) if s == "in" and p != self.player)

    @property
    def undecided(self) -> int:
        """Other players who have not yet chosen to ante or pass."""
        return sum(1 for p, s in enumerate(self.status) if s == "waiting" and p != self.player)

    def to_json(self) -> dict:
        return {"player": self.player, "my_dice": dice_text(self.my_dice),
                "common": dice_text(self.common), "chips": list(self.chips),
                "committed": list(self.committed), "status": list(self.status),
                "leader": self.leader, "to_move": self.to_move, "phase": self.phase,
                "opened": self.opened, "round": self.round,
                "history": [list(h) for h in self.history],
                "last": self.last.to_json() if self.last else None,
                "previous": [list(h) for h in self.previous]}


@dataclass(frozen=True)
class PokerDiceState(GameState):
    """A moment of a game of poker dice. Build with ``PokerDiceState.new(rules)``; never mutate.

    ``chips`` are the points in front of each player; ``committed`` the points each put in the
    middle this round; ``pending`` the players still to act in this phase, in order; ``past``
    every round played before this one, so a saved game can be played again (``serial.py``).
    """

    rules: PokerDiceRules
    chips: tuple[int, ...]
    phase: str
    leader: int
    to_move: int
    status: tuple[str, ...]
    peekers: tuple[tuple[int, ...], ...]
    committed: tuple[int, ...]
    common: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    opened: bool = False
    round: int = 0
    history: tuple[tuple[int, str], ...] = ()
    contenders: tuple[int, ...] = ()
    start_faces: tuple[int, ...] = ()
    last: RoundResult | None = None
    past: tuple[PlayedRound, ...] = ()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: PokerDiceRules | None = None) -> PokerDiceState:
        """The game before any die is rolled."""
        rules = rules or PokerDiceRules()
        n = rules.players
        base = cls(rules, rules.start_stacks(), "start", 0, 0, ("waiting",) * n, ((),) * n,
                   (0,) * n, contenders=tuple(range(n)))
        if rules.leader is not None:
            return base._new_round(rules.leader, 1)
        return base

    def _new_round(self, leader: int, number: int) -> PokerDiceState:
        n = self.rules.players
        status = tuple("waiting" if c else "out" for c in self.chips)
        order = tuple(p for p in seats_from_left(leader, n) if self.chips[p])
        return replace(self, phase="peek", leader=leader, to_move=order[0], status=status,
                       peekers=((),) * n, committed=(0,) * n, common=(), pending=order,
                       opened=False, round=number, history=(), contenders=(), start_faces=())

    # -- queries -----------------------------------------------------------------------------
    CHANCE_PHASES = ("start", "peek", "common")
    # current_player(), is_chance_node(), is_terminal(): GameState's, from the phase

    def alive(self) -> list[int]:
        """Players still in the game (with points)."""
        return [p for p, s in enumerate(self.status) if s != "out"]

    def in_hand(self) -> list[int]:
        """Players who anted and have not folded."""
        return [p for p, s in enumerate(self.status) if s == "in"]

    def winner(self) -> int | None:
        return self.alive()[0] if self.phase == "over" else None

    @property
    def pot(self) -> int:
        return sum(self.committed)

    @property
    def level(self) -> int:
        """The highest total any player has put in this round (the bet to match)."""
        return max(self.committed)

    def to_call(self, player: int) -> int:
        """Points ``player`` must add to call (capped by their points: all-in)."""
        return min(self.level - self.committed[player], self.chips[player])

    def hand(self, player: int) -> Hand | None:
        """``player``'s best 5 of 6 dice once the common dice are rolled."""
        if not self.peekers[player] or not self.common:
            return None
        return best_hand(self.peekers[player] + self.common, self.rules.colours,
                         self.rules.tie_break)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == "start":
            return [(StartRoll(f), Fraction(1, 6)) for f in FACES]
        if self.phase in ("peek", "common"):
            return list(roll_outcomes(DICE_PER_PEEKER))
        return []

    def legal_actions(self) -> list[Action]:
        if self.is_chance_node():
            return [o for o, _p in self.chance_outcomes()]
        if self.phase == "ante":
            return [Ante(), Pass()]
        if self.phase != "bet":
            return []
        p = self.to_move
        chips, owed = self.chips[p], self.to_call(p)
        actions: list[Action] = [Fold()]
        if self.opened:
            actions.append(Call())
            if chips > owed and self._someone_can_answer(p):
                actions += [Raise(b) for b in range(1, chips - owed + 1)]
        else:
            actions += [Bet(a) for a in range(1, chips + 1)]
        return actions

    def returns(self) -> tuple[int, ...]:
        """1 for the winner (who holds every point), 0 for everyone else; all 0 before the end."""
        w = self.winner()
        return tuple(int(p == w) for p in range(self.rules.players))

    def observation(self, player: int) -> PokerDiceObservation:
        if isinstance(player, bool) or player not in range(self.rules.players):
            raise InvalidState(_("no player {player} in a {n}-player game", player=repr(player),
                                 n=self.rules.players))
        return PokerDiceObservation(player, self.peekers[player], self.common, self.chips,
                                    self.committed, self.status, self.leader, self.to_move,
                                    self.phase, self.opened, self.round, self.history,
                                    self.last, self.rules,
                                    self.past[-1].history if self.past else ())

    # -- moving ------------------------------------------------------------------------------
    def apply(self, action: Action) -> PokerDiceState:
        """The state after ``action``; raises ``IllegalAction`` naming the rule if illegal."""
        if self.phase == "over":
            raise IllegalAction(_("the game is over: player {player} holds every point",
                                  player=self.winner()))
        if self.is_chance_node():
            return self._apply_chance(action)
        p = self.to_move
        if self.phase == "ante":
            if not isinstance(action, Ante | Pass):
                raise IllegalAction(_("player {player} must ante 1 point or pass (step 2: antes "
                                      "before the common roll), not {action}", player=p,
                                      action=say_move(str(action))))
            return self._apply_ante(p, isinstance(action, Ante))
        reason = self._why_illegal_bet(p, action)
        if reason:
            raise IllegalAction(reason)
        s = replace(self, history=self.history + ((p, str(action)),))
        if isinstance(action, Fold):
            s = replace(s, status=_set(s.status, p, "folded"), pending=s.pending[1:])
        else:
            put = {Bet: lambda a: a.amount, Call: lambda a: self.to_call(p),
                   Raise: lambda a: self.to_call(p) + a.by}[type(action)](action)
            s = replace(s, chips=_set(s.chips, p, s.chips[p] - put),
                        committed=_set(s.committed, p, s.committed[p] + put))
            if isinstance(action, Call):
                s = replace(s, pending=s.pending[1:])
            else:  # a bet or a raise: everyone else with points must answer it
                order = seats_from_left(p, self.rules.players)[:-1]
                s = replace(s, opened=True, pending=tuple(
                    q for q in order if s.status[q] == "in" and s.chips[q]))
        return s._next_in_betting()

    def _why_illegal_bet(self, p: int, action: Action) -> str | None:
        if not isinstance(action, Fold | Call | Bet | Raise):
            move = say_move(str(action))
            return (_("player {player} must fold, call or raise (step 4: betting), not {action}",
                      player=p, action=move) if self.opened else
                    _("player {player} must fold or bet (step 4: betting), not {action}",
                      player=p, action=move))
        chips, owed = self.chips[p], self.to_call(p)
        if isinstance(action, Call) and not self.opened:
            return _("nothing to call yet: the first player who does not fold bets at least 1 "
                     "point")
        if isinstance(action, Bet):
            if self.opened:
                return _("the first bet is made (each player still in must have put in "
                         "{level} points in all this round, the ante of 1 included): call, "
                         "raise or fold", level=self.level)
            if action.amount < 1:
                return _("bet {n}: a bet is at least 1 point", n=action.amount)
            if action.amount > chips:
                return _("bet {n}: player {player} has only {chips} points", n=action.amount,
                         player=p, chips=chips)
        if isinstance(action, Raise):
            if not self.opened:
                return _("nothing to raise yet: the first player who does not fold bets "
                         "instead")
            if action.by < 1:
                return _("raise {n}: a raise calls (put in {owed} more now, for {total} in all "
                         "this round, the ante included) and adds at least 1 point; or call, or "
                         "fold", n=action.by, owed=owed, total=self.committed[p] + owed)
            if owed + action.by > chips:
                return _("raise {n}: calling costs {owed} and player {player} has only {chips} "
                         "points, so the largest raise is {most}", n=action.by, owed=owed,
                         player=p, chips=chips, most=chips - owed)
            if not self._someone_can_answer(p):
                return _("no raise: every other player in the hand is all-in, so nobody could "
                         "answer it; call or fold")
        return None

    def _someone_can_answer(self, p: int) -> bool:
        return any(s == "in" and q != p and self.chips[q] for q, s in enumerate(self.status))

    def _apply_chance(self, action: Action) -> PokerDiceState:
        if action not in self.legal_actions():
            raise IllegalAction(_("{action} is not a possible chance outcome in phase {phase}",
                                  action=action, phase=self.phase))
        if self.phase == "start":
            faces = self.start_faces + (action.face,)
            if len(faces) < len(self.contenders):
                return replace(self, start_faces=faces, to_move=self.contenders[len(faces)])
            best = max(faces)
            tied = tuple(p for p, f in zip(self.contenders, faces) if f == best)
            if len(tied) > 1:  # tied highest roll again
                return replace(self, contenders=tied, start_faces=(), to_move=tied[0])
            return self._new_round(tied[0], 1)
        if self.phase == "common":
            s = replace(self, common=action.dice, phase="bet",
                        history=self.history + ((CHANCE, f"common {dice_text(action.dice)}"),),
                        pending=tuple(q for q in seats_from_left(self.leader, self.rules.players)
                                      if self.status[q] == "in" and self.chips[q]))
            return s._next_in_betting()
        p = self.to_move
        s = replace(self, peekers=_set(self.peekers, p, action.dice), pending=self.pending[1:])
        if s.pending:
            return replace(s, to_move=s.pending[0])
        order = tuple(q for q in seats_from_left(self.leader, self.rules.players)
                      if s.status[q] == "waiting")
        return replace(s, phase="ante", pending=order, to_move=order[0])

    def _apply_ante(self, p: int, ante: bool) -> PokerDiceState:
        s = replace(self, status=_set(self.status, p, "in" if ante else "passed"),
                    pending=self.pending[1:],
                    history=self.history + ((p, "ante" if ante else "pass"),))
        if ante:
            s = replace(s, chips=_set(s.chips, p, s.chips[p] - 1),
                        committed=_set(s.committed, p, 1))
        if s.pending:
            return replace(s, to_move=s.pending[0])
        players = s.in_hand()
        if len(players) >= 2:
            return replace(s, phase="common", to_move=s.leader)
        # decision: with one ante, it is taken back and the round ends
        kind = "no ante" if not players else "one ante"
        back = replace(s, chips=tuple(c + k for c, k in zip(s.chips, s.committed)),
                       committed=(0,) * self.rules.players)
        return back._end_round(RoundResult(kind, s.leader, committed=s.committed,
                                           payouts=s.committed))

    def _next_in_betting(self) -> PokerDiceState:
        """Skip players with nothing to do, then settle when betting is over."""
        s = self
        if len(s.in_hand()) == 1:
            return s._settle()
        pending = list(s.pending)
        while pending and not s.opened and not s._someone_can_answer(pending[0]):
            pending.pop(0)  # nobody could answer a bet and there is nothing to call
        if not pending:
            return replace(s, pending=())._settle()
        return replace(s, pending=tuple(pending), to_move=pending[0])

    def _settle(self) -> PokerDiceState:
        players = self.in_hand()
        n = self.rules.players
        showdown = len(players) > 1
        payouts, pots = settle(self.committed, players, lambda p: self.hand(p).key, self.leader,
                               n)
        shown = tuple(self.peekers[p] if showdown and p in players else () for p in range(n))
        result = RoundResult("showdown" if showdown else "default", self.leader, self.common,
                             shown, self.committed, payouts, pots)
        s = replace(self, chips=tuple(c + w for c, w in zip(self.chips, payouts)),
                    committed=(0,) * n)
        return s._end_round(result)

    def _end_round(self, result: RoundResult) -> PokerDiceState:
        n = self.rules.players
        status = tuple("out" if not c else ("waiting" if st == "out" else st)
                       for c, st in zip(self.chips, self.status))
        s = replace(self, last=result, status=status, pending=(), past=self.past + (
            PlayedRound(self.leader, self.peekers, self.history),))
        alive = [p for p in range(n) if s.chips[p]]
        if len(alive) == 1:
            return replace(s, phase="over", to_move=TERMINAL, peekers=((),) * n, common=(),
                           status=tuple("in" if p in alive else "out" for p in range(n)),
                           opened=False, history=())
        nxt = next(q for q in seats_from_left(self.leader, n) if s.chips[q])
        return s._new_round(nxt, self.round + 1)


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


__all__ = ["PHASES", "STATUSES", "PlayedRound", "PokerDiceObservation", "PokerDiceState",
           "RoundResult"]
